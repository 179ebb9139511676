package protocol

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"varchess/variants"
	"varchess/variants/all"
)

// dieGame is a stand-in for a game with a die: only what prepareRoll uses.
type dieGame struct {
	variants.Position // nil: calling anything else panics
	face              byte
}

func (d *dieGame) Variant() string { return "dietest" }
func (d *dieGame) Roll() byte      { return d.face }
func (d *dieGame) SetRoll(f byte) error {
	if !strings.ContainsRune(variants.DieFaces, rune(f)) {
		return errBadFace
	}
	d.face = f
	return nil
}

var errBadFace = errors.New("bad face")

func TestPrepareRoll(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// A given face wins and is not announced.
	d := &dieGame{face: 'K'}
	if rolled, err := prepareRoll(d, 'P', rng); err != nil || rolled != 0 || d.face != 'P' {
		t.Errorf("given face: rolled %q err %v face %q", rolled, err, d.face)
	}
	// The position's own roll is kept.
	d = &dieGame{face: 'N'}
	if rolled, err := prepareRoll(d, 0, rng); err != nil || rolled != 0 || d.face != 'N' {
		t.Errorf("FEN roll: rolled %q err %v face %q", rolled, err, d.face)
	}
	// No roll: the engine rolls, says so, and every face comes up.
	seen := map[byte]bool{}
	for i := 0; i < 200; i++ {
		d = &dieGame{}
		rolled, err := prepareRoll(d, 0, rng)
		if err != nil || rolled == 0 || rolled != d.face {
			t.Fatalf("own roll: rolled %q err %v face %q", rolled, err, d.face)
		}
		seen[rolled] = true
	}
	if len(seen) != 6 {
		t.Errorf("faces rolled: %v, want all six", seen)
	}
	// A face for a game without a die is an error.
	g, err := all.Get("chess")
	if err != nil {
		t.Skip("chess not registered")
	}
	if _, err := prepareRoll(g.New(), 'Q', rng); err == nil {
		t.Error("roll in chess: no error")
	}
	if _, err := parseFace("x"); err == nil {
		t.Error("parseFace(x): no error")
	}
}

func TestGameStateIsAtomic(t *testing.T) {
	gs := newGameState("chess")
	if gs.pos == nil {
		t.Skip("chess not registered")
	}
	if err := gs.setPosition("startpos", []string{"e2e4", "e7e5"}); err != nil {
		t.Fatal(err)
	}
	before := gs.pos.FEN()
	if err := gs.setPosition("startpos", []string{"d2d4", "d7d5", "d4d5"}); err == nil {
		t.Fatal("illegal third move accepted")
	}
	if err := gs.setPosition("not a fen", nil); err == nil {
		t.Fatal("bad FEN accepted")
	}
	if err := gs.setVariant("nosuchgame"); err == nil {
		t.Fatal("unknown variant accepted")
	}
	if gs.pos.FEN() != before || gs.name != "chess" {
		t.Errorf("state changed by failed commands: %s %s", gs.name, gs.pos.FEN())
	}
	unplayable := newGameState("nosuchgame")
	if err := unplayable.setPosition("startpos", nil); err == nil {
		t.Error("position accepted without a playable game")
	}
}

// TestRussianHistoryWithPasses: a UCI move list of the die game carries no
// rolls; passes in it are accepted when some face forces them.
func TestRussianHistoryWithPasses(t *testing.T) {
	gs := newGameState("russian")
	if gs.pos == nil {
		t.Skip("russian not registered")
	}
	if err := gs.setPosition("startpos", []string{"0000", "a5a4", "0000"}); err != nil {
		t.Fatalf("passes in the history: %v", err)
	}
	if got := gs.pos.SideToMove(); got != variants.Black {
		t.Errorf("after three plies %v is to move", got)
	}
	if r := gs.pos.(variants.Roller).Roll(); r != 0 {
		t.Errorf("roll %q left set after the history", r)
	}
	before := gs.pos.FEN()
	if err := gs.setPosition("startpos", []string{"0000", "0000", "0000", "a2a3"}); err == nil {
		t.Error("white move on black's turn accepted")
	}
	if gs.pos.FEN() != before {
		t.Errorf("failed command changed the position to %s", gs.pos.FEN())
	}
}
