package chess

import (
	"testing"

	"varchess/variants"
)

// TestVariantsAdapter drives the package only through variants.Position,
// as the protocols and the match arbiter do.
func TestVariantsAdapter(t *testing.T) {
	var pos variants.Position = Game.New()
	if pos.Variant() != "chess" || pos.FEN() != StartFEN || pos.SideToMove() != variants.White {
		t.Fatalf("start: %s %s", pos.Variant(), pos.FEN())
	}
	if n := len(pos.Moves(nil)); n != 20 {
		t.Fatalf("start has %d moves", n)
	}
	if _, err := Game.Load("8/8/8/8/8/8/8/8 w - - 0 1"); err == nil {
		t.Fatal("Load accepted a board without kings")
	}
	randomPositions(t, 5, 2000, func(p *Position) {
		var v variants.Position = p
		before, hash := v.FEN(), v.Hash()
		for _, m := range v.Moves(nil) {
			s := v.MoveString(m)
			back, err := v.ParseMove(s)
			if err != nil || back != m {
				t.Fatalf("%s: %s parses back as %v, %v", before, s, back, err)
			}
			if v.IsCapture(m) != FromVariant(m).IsCapture() {
				t.Fatalf("%s: IsCapture(%s)", before, s)
			}
		}
		// A clone is independent of the original, history included.
		c := v.Clone()
		if ms := c.Moves(nil); len(ms) > 0 {
			c.Make(ms[0])
			if v.FEN() != before || v.Hash() != hash {
				t.Fatalf("%s: moving the clone changed the original", before)
			}
			c.Unmake()
		}
		if c.FEN() != before || c.Hash() != hash || c.Status() != v.Status() {
			t.Fatalf("%s: clone differs: %s", before, c.FEN())
		}
	})
}

func TestUnmakeNullThroughInterface(t *testing.T) {
	p := NewStart()
	play(t, p, "e2e4")
	p.MakeNull()
	var v variants.Position = p
	v.Unmake() // takes back the null move
	v.Unmake() // and then e2e4
	if p.FEN() != StartFEN || p.Ply() != 0 {
		t.Fatalf("after unmaking: %s (ply %d)", p.FEN(), p.Ply())
	}
}
