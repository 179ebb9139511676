package monochrome

import (
	"fmt"
	"strings"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// maxMoves bounds the plies of any position (32 own squares times 27 queen
// targets is already less); it sizes stack buffers only, appends still grow.
const maxMoves = 1024

// Position is a monochrome game state: colourless pieces, the side to move,
// the no-immediate-undo restriction, counters, scores and the history needed
// by Unmake and by the repetition rule.
type Position struct {
	board  [64]Piece
	pieces [7]bb.Bitboard // squares of each piece type (index NoPiece unused)
	occ    bb.Bitboard    // every occupied square

	side variants.Color // White = South (ranks 1-4), Black = North (ranks 5-8)
	// The piece on undoFrom may not go to undoTo (docs/rules.md M8); both are
	// NoSquare when there is no restriction.
	undoFrom, undoTo bb.Square
	clock            int    // plies since the last capture
	fullmove         int    // incremented after North's ply
	score            [2]int // points scored by South (White) and North (Black)

	key  uint64       // Zobrist key of board, side and undo (scores added by Hash)
	hist []undoRecord // one record per Make, for Unmake and repetition
}

// undoRecord is what Unmake needs to restore the state before a ply.
type undoRecord struct {
	move             Move
	captured         Piece
	undoFrom, undoTo bb.Square
	clock            int
	key              uint64
}

// home is the half of the board owned by side c: South for White, North for
// Black.
func home(c variants.Color) bb.Bitboard {
	if c == variants.White {
		return bb.South
	}
	return bb.North
}

// Owner returns the side owning a piece on s (by the half s lies on).
func Owner(s bb.Square) variants.Color {
	if bb.South.Has(s) {
		return variants.White
	}
	return variants.Black
}

// crosses reports whether a move from a to b crosses the centre line.
func crosses(a, b bb.Square) bool { return (a < 32) != (b < 32) }

func (p *Position) put(s bb.Square, pc Piece) {
	p.board[s] = pc
	p.pieces[pc] |= s.Bit()
	p.occ |= s.Bit()
	p.key ^= zobPiece[pc][s]
}

func (p *Position) remove(s bb.Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	p.pieces[pc] &^= s.Bit()
	p.occ &^= s.Bit()
	p.key ^= zobPiece[pc][s]
}

// setUndo replaces the undo restriction, keeping the key in step.
func (p *Position) setUndo(from, to bb.Square) {
	if p.undoFrom != bb.NoSquare {
		p.key ^= zobUndoFrom[p.undoFrom] ^ zobUndoTo[p.undoTo]
	}
	p.undoFrom, p.undoTo = from, to
	if from != bb.NoSquare {
		p.key ^= zobUndoFrom[from] ^ zobUndoTo[to]
	}
}

// ended reports docs/rules.md M10 a): some player has no piece on its own half.
// Such a position has no legal plies.
func (p *Position) ended() bool {
	return p.occ&bb.South == 0 || p.occ&bb.North == 0
}

// Variant is "monochrome".
func (p *Position) Variant() string { return "monochrome" }

// SideToMove is White (South) or Black (North).
func (p *Position) SideToMove() variants.Color { return p.side }

// Hash covers the board, the side to move, the undo restriction and both
// scores; the clocks are left out.
func (p *Position) Hash() uint64 { return p.key ^ scoreKey(p.score[0], p.score[1]) }

// InCheck is always false: monochrome has no check.
func (p *Position) InCheck() bool { return false }

// IsCapture reports whether m takes a piece.
func (p *Position) IsCapture(m variants.Move) bool { return DecodeMove(m).IsCapture() }

// Clone returns an independent copy, history included.
func (p *Position) Clone() variants.Position { return p.clone() }

func (p *Position) clone() *Position {
	q := *p
	q.hist = make([]undoRecord, len(p.hist), max(cap(p.hist), 64))
	copy(q.hist, p.hist)
	return &q
}

// Read accessors for evaluation and search.

// PieceAt returns the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s bb.Square) Piece { return p.board[s] }

// Pieces returns the squares holding pieces of type pc (both halves).
func (p *Position) Pieces(pc Piece) bb.Bitboard {
	if pc == NoPiece || pc > King {
		return 0
	}
	return p.pieces[pc]
}

// Occupied returns every occupied square.
func (p *Position) Occupied() bb.Bitboard { return p.occ }

// Owned returns the occupied squares of side c's half (the pieces c owns).
func (p *Position) Owned(c variants.Color) bb.Bitboard { return p.occ & home(c) }

// Score returns the points side c has scored so far.
func (p *Position) Score(c variants.Color) int { return p.score[c] }

// Undo returns the forbidden reply of docs/rules.md M8: the piece on from may not
// move to to. ok is false when no restriction is in force.
func (p *Position) Undo() (from, to bb.Square, ok bool) {
	return p.undoFrom, p.undoTo, p.undoFrom != bb.NoSquare
}

// Clock returns the plies since the last capture.
func (p *Position) Clock() int { return p.clock }

// Ply returns the number of plies made since the position was parsed.
func (p *Position) Ply() int { return len(p.hist) }

// String draws the board, rank 8 on top, with the centre line marked.
func (p *Position) String() string {
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		fmt.Fprintf(&sb, " %d ", r+1)
		for f := 0; f < 8; f++ {
			sb.WriteByte(' ')
			sb.WriteByte(p.board[bb.Sq(f, r)].Letter())
		}
		switch r {
		case 7:
			sb.WriteString("   North (black)")
		case 0:
			sb.WriteString("   South (white)")
		}
		sb.WriteByte('\n')
		if r == 4 {
			sb.WriteString("   ----------------- centre line\n")
		}
	}
	sb.WriteString("    a b c d e f g h\n")
	side := "South"
	if p.side == variants.Black {
		side = "North"
	}
	fmt.Fprintf(&sb, "%s to move, score %d-%d", side, p.score[0], p.score[1])
	if p.undoFrom != bb.NoSquare {
		fmt.Fprintf(&sb, ", %s%s forbidden (no immediate undo)", p.undoFrom, p.undoTo)
	}
	fmt.Fprintf(&sb, "\nFEN: %s\nKey: %016X\n", p.FEN(), p.Hash())
	return sb.String()
}
