package russian

import (
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// stack is one square's tower, c[0] at the bottom, c[h-1] on top.
type stack struct {
	h uint8
	c [maxCheckers]Checker
}

func (s *stack) top() Checker {
	if s.h == 0 {
		return 0
	}
	return s.c[s.h-1]
}

// Position is a russian game state. The stacks are the truth; the
// bitboards (by top owner and top type), the type counts and the king
// locations are kept in step with them by every make and unmake. The tall
// bitboard lets move counting treat single checkers, by far the most common
// stacks, in bulk.
type Position struct {
	stacks [64]stack

	occ     bb.Bitboard    // non-empty squares
	colorBB [2]bb.Bitboard // squares whose top checker is White's / Black's
	typeBB  [7]bb.Bitboard // squares whose top checker has this type
	tall    bb.Bitboard    // squares holding two or more checkers
	count   [7]int         // checkers of each type on the board, any colour or height

	// kingSq and kingIdx locate each king: its square and its height in
	// that square's stack (0 = bottom). Kings never leave the board.
	kingSq  [2]bb.Square
	kingIdx [2]uint8

	side     variants.Color
	roll     Type // the face rolled by the side to move, NoType if none yet
	clock    int  // plies since the last capture or pawn move
	fullmove int

	key uint64 // Zobrist key of the stacks and the side (the roll is added by Hash)

	undo    []undoRecord
	history []uint64 // key before each ply made, for repetition
}

var _ variants.Position = (*Position)(nil)
var _ variants.Roller = (*Position)(nil)

// Variant returns "russian".
func (p *Position) Variant() string { return "russian" }

// SideToMove returns the player to move.
func (p *Position) SideToMove() variants.Color { return p.side }

// Hash covers every checker at every height, the side to move and the roll.
func (p *Position) Hash() uint64 { return p.key ^ zRoll[p.roll] }

// BoardKey is the Hash without the roll: what repetition compares.
func (p *Position) BoardKey() uint64 { return p.key }

// Clone returns an independent deep copy, history included.
func (p *Position) Clone() variants.Position { return p.Copy() }

// Copy is Clone with the concrete type.
func (p *Position) Copy() *Position {
	q := *p
	q.undo = append([]undoRecord(nil), p.undo...)
	q.history = append([]uint64(nil), p.history...)
	return &q
}

// Roll returns the face rolled by the side to move ('K'..'P'), or 0.
func (p *Position) Roll() byte {
	if p.roll == NoType {
		return 0
	}
	return p.roll.Letter()
}

// SetRoll sets the face of the side to move: one of "KQRBNP" (either case),
// or 0 or '-' for "not rolled yet".
func (p *Position) SetRoll(face byte) error {
	if face == 0 || face == '-' {
		p.roll = NoType
		return nil
	}
	t, ok := FaceType(face)
	if !ok {
		return fmt.Errorf("russian: bad die face %q (want one of KQRBNP)", face)
	}
	p.roll = t
	return nil
}

// RollType is the rolled face as a Type (NoType if not rolled yet).
func (p *Position) RollType() Type { return p.roll }

// TakesPart reports whether at least one checker of type t is on the board
// (R2): only such faces are playable, any other roll is a pass.
func (p *Position) TakesPart(t Type) bool { return t >= Pawn && t <= King && p.count[t] > 0 }

// TypeCount returns how many checkers of type t (both colours, any height)
// are on the board.
func (p *Position) TypeCount(t Type) int {
	if t < Pawn || t > King {
		return 0
	}
	return p.count[t]
}

// Height returns the number of checkers on s (0 off the board).
func (p *Position) Height(s bb.Square) int {
	if !OnBoard(s) {
		return 0
	}
	return int(p.stacks[s].h)
}

// Checker returns the checker at height i of s (0 = bottom), or 0.
func (p *Position) Checker(s bb.Square, i int) Checker {
	if !OnBoard(s) || i < 0 || i >= int(p.stacks[s].h) {
		return 0
	}
	return p.stacks[s].c[i]
}

// Stack appends the checkers of s, bottom to top, to buf.
func (p *Position) Stack(s bb.Square, buf []Checker) []Checker {
	if !OnBoard(s) {
		return buf
	}
	st := &p.stacks[s]
	return append(buf, st.c[:st.h]...)
}

// Top returns the top checker of s; ok is false for an empty square.
func (p *Position) Top(s bb.Square) (c Checker, ok bool) {
	if !OnBoard(s) || p.stacks[s].h == 0 {
		return 0, false
	}
	return p.stacks[s].top(), true
}

// Occupied, ColorTops and TypeTops expose the bitboards of non-empty
// squares, of squares topped by colour c, and of squares topped by type t.
func (p *Position) Occupied() bb.Bitboard                  { return p.occ }
func (p *Position) ColorTops(c variants.Color) bb.Bitboard { return p.colorBB[c] }
func (p *Position) TypeTops(t Type) bb.Bitboard {
	if t > King {
		return 0
	}
	return p.typeBB[t]
}

// Tall returns the squares holding two or more checkers.
func (p *Position) Tall() bb.Bitboard { return p.tall }

// KingSquare returns the square of c's king (whatever lies above it).
func (p *Position) KingSquare(c variants.Color) bb.Square { return p.kingSq[c] }

// KingCaptured reports whether c's king is covered by an enemy checker
// (R8a: c has lost).
func (p *Position) KingCaptured(c variants.Color) bool {
	st := &p.stacks[p.kingSq[c]]
	for i := int(p.kingIdx[c]) + 1; i < int(st.h); i++ {
		if st.c[i].Color() != c {
			return true
		}
	}
	return false
}

// Clock is the number of plies since the last capture or pawn move.
func (p *Position) Clock() int { return p.clock }

// InCheck reports whether the side to move's king square is attacked.
func (p *Position) InCheck() bool {
	return p.attackersTo(p.kingSq[p.side], p.side.Other(), p.occ) != 0
}

// Ended reports whether the game is over by R8 a)-c): a king has been
// captured, or the side to move has no legal move under any face. Perft
// gives such positions no children.
func (p *Position) Ended() bool {
	if p.KingCaptured(variants.White) || p.KingCaptured(variants.Black) {
		return true
	}
	var buf [256]variants.Move
	return len(p.legalMoves(King, buf[:0])) == 0
}

// Status applies R8, including the draws by the 100-ply counter and by
// threefold repetition of (board, side to move).
func (p *Position) Status() variants.Status {
	win := func(c variants.Color) variants.Outcome {
		if c == variants.White {
			return variants.WhiteWins
		}
		return variants.BlackWins
	}
	for _, c := range []variants.Color{p.side, p.side.Other()} {
		if p.KingCaptured(c) {
			return variants.Status{Outcome: win(c.Other()), Reason: c.Other().String() + " captured the king"}
		}
	}
	var buf [256]variants.Move
	if len(p.legalMoves(King, buf[:0])) == 0 {
		if p.InCheck() {
			return variants.Status{Outcome: win(p.side.Other()), Reason: "checkmate"}
		}
		return variants.Status{Outcome: variants.Draw, Reason: "stalemate"}
	}
	if p.clock >= 100 {
		return variants.Status{Outcome: variants.Draw, Reason: "100 plies without capture or pawn move"}
	}
	// Captures and pawn moves are not irreversible here (a unit can step
	// back off a prisoner, a pawn can be carried back), so the whole
	// history is searched.
	seen := 1
	for _, k := range p.history {
		if k == p.key {
			seen++
		}
	}
	if seen >= 3 {
		return variants.Status{Outcome: variants.Draw, Reason: "threefold repetition"}
	}
	return variants.Status{}
}
