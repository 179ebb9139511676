package kingchess

import (
	"errors"
	"fmt"

	"varchess/variants"
	bb "varchess/variants/bitboard"
)

// BuildDropAction turns (piece, square) pairs, in any order, into a drop
// action of the side to move and checks that it is legal (rules K1-K5,
// K10). The error says what is wrong.
func (p *Position) BuildDropAction(ps []Placement) (variants.Move, error) {
	if len(ps) == 0 {
		return variants.NoMove, errors.New("empty drop action")
	}
	var targets bb.Bitboard
	var types [64]PieceType
	for _, pl := range ps {
		if pl.Sq < 0 || pl.Sq > 63 {
			return variants.NoMove, fmt.Errorf("bad square %d", pl.Sq)
		}
		if pl.Type >= NumTypes {
			return variants.NoMove, fmt.Errorf("bad piece type %d", pl.Type)
		}
		if targets.Has(pl.Sq) {
			return variants.NoMove, fmt.Errorf("two pieces dropped on %s", pl.Sq)
		}
		targets |= pl.Sq.Bit()
		types[pl.Sq] = pl.Type
	}
	m := dropMove(targets, &types)
	if err := p.checkDropAction(m); err != nil {
		return variants.NoMove, err
	}
	return m, nil
}

// LegalDropAction reports whether m is a legal drop action here.
func (p *Position) LegalDropAction(m variants.Move) bool { return p.checkDropAction(m) == nil }

// checkDropAction validates an encoded drop action against every drop rule.
func (p *Position) checkDropAction(m variants.Move) error {
	if !isDrop(m) {
		return errors.New("not a drop action")
	}
	us, them := p.side, p.side^1
	targets := bb.Bitboard(m.Lo)
	n := targets.Count()
	if n == 0 {
		return errors.New("empty drop action")
	}
	// The encoding must be canonical: nothing above the last type.
	if m.Hi&^(kindDrop<<kindShift)>>(3*uint(n)) != 0 {
		return errors.New("malformed drop action")
	}
	ps := DropPlacements(m)
	if err := p.partialDropError(ps); err != nil {
		return err
	}
	kingSq := bb.NoSquare
	for _, pl := range ps {
		if pl.Type == King {
			kingSq = pl.Sq
		}
	}
	if p.hand[us][King] > 0 {
		if kingSq == bb.NoSquare {
			return errors.New("the King must be dropped first (it is in the reserve)")
		}
		if p.single && n != 1 {
			return errors.New("the King must be dropped alone")
		}
	} else if k := p.pieces[us][King]; k != 0 {
		kingSq = k.First()
	}
	if kingSq != bb.NoSquare && p.attackersTo(kingSq, p.all()|targets, them) != 0 {
		return errors.New("the King would be in check")
	}
	return nil
}

// partialDropError checks the rules a drop action obeys piece by piece
// (K1-K3, and kingchess1's single piece), leaving out those that only the
// whole action can satisfy (the King included and out of check).
func (p *Position) partialDropError(ps []Placement) error {
	us := p.side
	var used [NumTypes]uint8
	var seen bb.Bitboard
	var light, dark int
	if p.single && len(ps) > 1 {
		return errors.New("kingchess1 drops one piece at a time")
	}
	for _, pl := range ps {
		s, t := pl.Sq, pl.Type
		switch {
		case t >= NumTypes:
			return fmt.Errorf("bad piece type %d", t)
		case seen.Has(s):
			return fmt.Errorf("two pieces dropped on %s", s)
		case !halfOf(us).Has(s):
			return fmt.Errorf("%s is not on the mover's half of the board", s)
		case p.all().Has(s):
			return fmt.Errorf("%s is not empty", s)
		case t == Pawn && firstRank(us).Has(s):
			return fmt.Errorf("a pawn may not be dropped on %s (first rank)", s)
		case t == Bishop && !p.BishopDropSquares(us).Has(s):
			return fmt.Errorf("a bishop may not go on %s (rule K3: the other colour)", s)
		}
		seen |= s.Bit()
		used[t]++
		if used[t] > p.hand[us][t] {
			return fmt.Errorf("no %c left in the reserve", t.Letter())
		}
		if t == Bishop {
			if s.IsLight() {
				light++
			} else {
				dark++
			}
		}
	}
	if light > 1 || dark > 1 {
		return errors.New("two bishops dropped together must stand on different colours")
	}
	return nil
}

// ForEachDropAction calls fn with every legal drop action of the side to
// move (single drops included), in no particular order. Their number can be
// astronomical: use DropActionCount first, or only with small reserves.
func (p *Position) ForEachDropAction(fn func(m variants.Move)) {
	p.forEachDropAction(func(m variants.Move) bool { fn(m); return true })
}

// forEachDropAction is ForEachDropAction that stops once fn returns false.
func (p *Position) forEachDropAction(fn func(m variants.Move) bool) {
	e := dropEnum{p: p, fn: fn}
	e.us = p.side
	e.zone = halfOf(p.side) &^ p.all()
	e.kingInHand = p.hand[p.side][King] > 0
	if k := p.pieces[p.side][King]; k != 0 {
		e.ksq = k.First()
		e.mustCheck = p.checkers() != 0
		if _, blockable := p.CheckLines(); e.mustCheck && !blockable {
			return // no drop resolves this check: do not try them all
		}
	} else {
		e.ksq = bb.NoSquare
		e.mustCheck = true
	}
	e.pick(King, e.zone)
}

type dropEnum struct {
	p          *Position
	fn         func(variants.Move) bool
	stopped    bool // fn returned false
	us         variants.Color
	zone       bb.Bitboard
	kingInHand bool
	mustCheck  bool // legality must be tested (in check or King dropped)
	ksq        bb.Square
	placed     bb.Bitboard
	types      [64]PieceType
}

// pick chooses a subset of squares for the pieces of type t (identical
// pieces are chosen as ascending combinations), then moves to type t+1.
func (e *dropEnum) pick(t PieceType, avail bb.Bitboard) {
	p := e.p
	if e.stopped {
		return
	}
	if t == NumTypes {
		e.leaf()
		return
	}
	n := int(p.hand[e.us][t])
	if n == 0 {
		e.pick(t+1, avail)
		return
	}
	cand := avail
	switch t {
	case Pawn:
		cand &^= firstRank(e.us)
	case Bishop:
		cand &= p.BishopDropSquares(e.us)
	case King:
		// The King must be part of the action while it is in hand. A
		// square that no drop can shield is skipped at once.
		for c := cand; c != 0; {
			s := c.PopFirst()
			if !p.kingDropShieldable(s, avail&^s.Bit()) {
				continue
			}
			e.place(t, s)
			e.ksq = s
			e.pick(t+1, avail&^s.Bit())
			e.placed &^= s.Bit()
		}
		return
	}
	if p.single && e.placed != 0 {
		e.pick(NumTypes, avail)
		return
	}
	e.choose(t, cand, avail, n)
}

// choose places 0..left more pieces of type t on squares of cand above the
// last one chosen.
func (e *dropEnum) choose(t PieceType, cand, avail bb.Bitboard, left int) {
	e.pick(t+1, avail)
	if left == 0 || e.stopped || (e.p.single && e.placed != 0) {
		return
	}
	for c := cand; c != 0; {
		s := c.PopFirst()
		e.place(t, s)
		if t == Bishop {
			// Two bishops of one action stand on different colours.
			e.choose(t, c&^sameColour(s), avail&^s.Bit(), left-1)
		} else {
			e.choose(t, c, avail&^s.Bit(), left-1)
		}
		e.placed &^= s.Bit()
	}
}

// kingDropShieldable reports whether a King dropped on s could be kept out
// of check by pieces dropped on free: no leaper attacks s, and every
// slider's line to s has a free square.
func (p *Position) kingDropShieldable(s bb.Square, free bb.Bitboard) bool {
	them := p.side ^ 1
	if p.leaperAttackersTo(s, them) != 0 {
		return false
	}
	for a := p.sliderAttackersTo(s, p.all(), them); a != 0; {
		if bb.Between[s][a.PopFirst()]&free == 0 {
			return false
		}
	}
	return true
}

func sameColour(s bb.Square) bb.Bitboard {
	if s.IsLight() {
		return bb.Light
	}
	return bb.Dark
}

func (e *dropEnum) place(t PieceType, s bb.Square) {
	e.placed |= s.Bit()
	e.types[s] = t
}

func (e *dropEnum) leaf() {
	if e.placed == 0 {
		return
	}
	p := e.p
	if e.mustCheck && p.attackersTo(e.ksq, p.all()|e.placed, e.us^1) != 0 {
		return
	}
	e.stopped = !e.fn(dropMove(e.placed, &e.types))
}

// CheckEvasionDrops returns every legal drop action that resolves the check
// on the side to move's King (the King is on the board and attacked), as
// long as there are at most limit of them; ok is false when there are more
// (use DropActionCount and BlocksCheck then) or when not in check.
func (p *Position) CheckEvasionDrops(limit int) (actions []variants.Move, ok bool) {
	if p.checkers() == 0 {
		return nil, false
	}
	n := p.DropActionCount()
	if n > uint64(limit) {
		return nil, false
	}
	actions = make([]variants.Move, 0, n)
	p.ForEachDropAction(func(m variants.Move) { actions = append(actions, m) })
	return actions, true
}

// CheckLines returns, while the side to move is in check, the empty squares
// of its half between its King and each checking slider: a drop action
// resolves the check exactly when it puts a piece on every non-empty line
// and no knight, pawn or king gives check (blockable is false then, or when
// a line has no droppable square).
func (p *Position) CheckLines() (lines []bb.Bitboard, blockable bool) {
	ch := p.checkers()
	if ch == 0 {
		return nil, false
	}
	ksq := p.pieces[p.side][King].First()
	if ch&p.leaperAttackersTo(ksq, p.side^1) != 0 {
		return nil, false
	}
	zone := halfOf(p.side) &^ p.all()
	blockable = true
	for c := ch; c != 0; {
		l := bb.Between[ksq][c.PopFirst()] & zone
		if l == 0 {
			blockable = false
		}
		lines = append(lines, l)
	}
	return lines, blockable
}

// BlocksCheck is the predicate behind CheckLines: whether dropping pieces
// on targets (whatever their types) covers every checking line.
func (p *Position) BlocksCheck(targets bb.Bitboard) bool {
	k := p.pieces[p.side][King]
	if k == 0 {
		return true
	}
	return p.attackersTo(k.First(), p.all()|targets, p.side^1) == 0
}
