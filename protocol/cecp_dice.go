package protocol

// The die of russian in CECP (docs/protocol.md): XBoard's dice feature (`dice 6`
// answered by `pips k/6`), the arbiter's `roll F`, or our own die announced
// with `telluser roll F`.

import (
	"strconv"
	"strings"

	"varchess/variants"
)

// pipsFaces maps pips 1..6 to faces: 1 = P ... 6 = K.
const pipsFaces = "PNBRQK"

// needsRoll reports whether pos is a die game whose side to move has not
// rolled yet.
func needsRoll(pos variants.Position) bool {
	r, ok := pos.(variants.Roller)
	return ok && r.Roll() == 0
}

// rollOwnDie rolls for the side to move and tells the user the face.
func (s *cecpSession) rollOwnDie() {
	r := s.pos.(variants.Roller)
	face := rollDie(s.rng)
	if err := r.SetRoll(face); err != nil {
		s.out.printf("Error (roll %c refused - %s): go", face, cecpReason(err.Error()))
		return
	}
	s.out.printf("telluser roll %c", face)
}

// setRoll handles `roll F`: the face the side to move has rolled.
func (s *cecpSession) setRoll(arg, line string) {
	if s.search != nil && !s.search.analyze {
		s.out.printf("Error (command not legal now): %s", line)
		return
	}
	face, err := parseFace(strings.TrimSpace(arg))
	if err != nil {
		s.out.printf("Error (bad roll - %s): %s", cecpReason(err.Error()), line)
		return
	}
	s.applyRoll(face, line)
}

// gotPips handles `pips k/6`, XBoard's answer to `dice 6`.
func (s *cecpSession) gotPips(arg, line string) {
	if s.search != nil && !s.search.analyze {
		s.out.printf("Error (command not legal now): %s", line)
		return
	}
	k, n, ok := strings.Cut(strings.TrimSpace(arg), "/")
	pips, err1 := strconv.Atoi(k)
	sides, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || sides != 6 || pips < 1 || pips > 6 {
		s.out.printf("Error (bad pips, want k/6): %s", line)
		return
	}
	s.applyRoll(pipsFaces[pips-1], line)
}

// applyRoll sets the face of the side to move and, if the engine was
// waiting for its roll, starts thinking.
func (s *cecpSession) applyRoll(face byte, line string) {
	if s.pos == nil {
		s.out.printf("Error (no game): %s", line)
		return
	}
	r, ok := s.pos.(variants.Roller)
	if !ok {
		s.out.printf("Error (no die in %s): %s", s.pos.Variant(), line)
		return
	}
	if err := r.SetRoll(face); err != nil {
		s.out.printf("Error (%s): %s", cecpReason(err.Error()), line)
		return
	}
	switch {
	case s.awaitPips:
		s.awaitPips = false
		s.startSearch(false)
	case s.analyzing:
		s.stopSearch()
		s.startSearch(true)
	}
}
