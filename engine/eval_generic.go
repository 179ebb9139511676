package engine

import (
	"strconv"
	"strings"

	"varchess/variants"
)

// genericEvaluator is the fallback for games without their own evaluator:
// material read from the FEN board field (upper case White, lower case
// Black; for a stack "(...)" only its top counts, reserves "[...]" count in
// full). It is slow and crude, but it lets every registered game be played
// from the first day. It also ends games through Status, so every rule the
// game implements (monochrome's score, russian king captures) is honoured.
type genericEvaluator struct {
	pos variants.Position
}

func newGenericEvaluator(pos variants.Position) Evaluator { return &genericEvaluator{pos: pos} }

// genericValue is the material value of a piece letter (upper case).
func genericValue(c byte) int {
	switch c {
	case 'P':
		return 100
	case 'N':
		return 300
	case 'B':
		return 320
	case 'R':
		return 500
	case 'Q':
		return 900
	}
	return 0
}

// fenMaterial returns White's material minus Black's as read from a FEN.
// Games whose pieces have no colour (monochrome: all upper case) count no
// material; a score field "<white>-<black>" (monochrome's points) counts
// 100 per point instead.
func fenMaterial(fen string) int {
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		return 0
	}
	board := fields[0]
	if strings.IndexFunc(board, func(r rune) bool { return r >= 'a' && r <= 'z' }) < 0 {
		return 100 * fenPoints(fields[len(fields)-1])
	}
	score := 0
	inStack := false
	var top byte
	for i := 0; i < len(board); i++ {
		c := board[i]
		switch {
		case c == '(':
			inStack, top = true, 0
		case c == ')':
			score += letterScore(top)
			inStack = false
		case inStack:
			top = c
		default:
			score += letterScore(c)
		}
	}
	return score
}

// fenPoints reads a "<white>-<black>" score field as white minus black, 0 if
// the field is not one.
func fenPoints(f string) int {
	a, b, ok := strings.Cut(f, "-")
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return 0
	}
	return x - y
}

func letterScore(c byte) int {
	switch {
	case c >= 'A' && c <= 'Z':
		return genericValue(c)
	case c >= 'a' && c <= 'z':
		return -genericValue(c - 'a' + 'A')
	}
	return 0
}

func (g *genericEvaluator) Evaluate() int {
	s := fenMaterial(g.pos.FEN())
	if g.pos.SideToMove() == variants.Black {
		s = -s
	}
	return s
}

func (g *genericEvaluator) Terminal(ply int) (int, bool) {
	st := g.pos.Status()
	switch st.Outcome {
	case variants.Ongoing:
		return 0, false
	case variants.Draw:
		return 0, true
	}
	us := g.pos.SideToMove()
	if (st.Outcome == variants.WhiteWins) == (us == variants.White) {
		return MateScore(ply), true
	}
	return MatedScore(ply), true
}

func (g *genericEvaluator) Classify(m variants.Move) (bool, int) {
	return g.pos.IsCapture(m), 0
}
