package russian

import bb "varchess/variants/bitboard"

// The 6x6 board lives in the a1-f6 corner of the shared 8x8 geometry, so
// the bitboard package's leaper tables and magic sliding attacks work
// unchanged: squares outside the 6x6 area are never occupied, and every
// attack set is masked with boardMask before use.

// Size is the number of files and of ranks.
const Size = 6

// NumSquares is the number of board squares.
const NumSquares = Size * Size

// maxCheckers bounds the checkers on the board (the start array has 24).
// Checkers never leave the board, so it also bounds every stack's height.
const maxCheckers = 32

var (
	// boardMask holds the 36 squares of the board.
	boardMask bb.Bitboard
	// lastRank[c] is the promotion rank of colour c (rank 6 White, 1 Black).
	lastRank [2]bb.Bitboard
	// index36 numbers the board squares 0..35 (a1=0, f1=5, a2=6, ...).
	index36 [64]int8
	// Squares lists the 36 board squares, a1..f6, rank by rank.
	Squares [NumSquares]bb.Square
)

func init() {
	for i := range index36 {
		index36[i] = -1
	}
	for r := 0; r < Size; r++ {
		for f := 0; f < Size; f++ {
			s := bb.Sq(f, r)
			boardMask |= s.Bit()
			index36[s] = int8(r*Size + f)
			Squares[r*Size+f] = s
		}
	}
	lastRank[0] = bb.Rank6 & boardMask
	lastRank[1] = bb.Rank1 & boardMask
}

// Board holds the 36 squares of the board.
func Board() bb.Bitboard { return boardMask }

// OnBoard reports whether s is one of the 36 squares.
func OnBoard(s bb.Square) bool { return s >= 0 && s < 64 && boardMask.Has(s) }

// Index36 numbers a board square 0..35 (a1=0, b1=1, ..., f6=35), handy for
// evaluation tables; it returns -1 off the board.
func Index36(s bb.Square) int {
	if s < 0 || s >= 64 {
		return -1
	}
	return int(index36[s])
}

// parseSquare reads a square name of the 6x6 board ("a1".."f6").
func parseSquare(s string) (bb.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] >= 'a'+Size || s[1] < '1' || s[1] >= '1'+Size {
		return bb.NoSquare, false
	}
	return bb.Sq(int(s[0]-'a'), int(s[1]-'1')), true
}
