package monochrome

// Piece is a colourless piece type. Who may move a piece depends only on the
// half of the board it stands on, so the board stores types alone.
type Piece uint8

// The piece types. NoPiece marks an empty square.
const (
	NoPiece Piece = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters maps a Piece to its FEN letter (written upper case).
const pieceLetters = ".PNBRQK"

// pieceValues are the points a capture of each type scores (docs/rules.md M9).
var pieceValues = [7]int{0, 1, 3, 4, 5, 8, 10}

// Value is the number of points scored by capturing p (K 10, Q 8, R 5, B 4,
// N 3, P 1; 0 for NoPiece).
func (p Piece) Value() int {
	if p > King {
		return 0
	}
	return pieceValues[p]
}

// Letter is the upper-case FEN letter of p, '.' for NoPiece.
func (p Piece) Letter() byte {
	if p > King {
		return '?'
	}
	return pieceLetters[p]
}

func (p Piece) String() string { return string(p.Letter()) }

// pieceFromLetter reads a FEN letter case-insensitively.
func pieceFromLetter(c byte) (Piece, bool) {
	switch c | 0x20 { // ASCII lower case
	case 'p':
		return Pawn, true
	case 'n':
		return Knight, true
	case 'b':
		return Bishop, true
	case 'r':
		return Rook, true
	case 'q':
		return Queen, true
	case 'k':
		return King, true
	}
	return NoPiece, false
}
