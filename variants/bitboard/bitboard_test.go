package bitboard

import (
	"math/rand/v2"
	"testing"
)

func TestMagicsMatchRaySlides(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		s := Square(rng.IntN(64))
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		if got, want := RookAttacks(s, occ), SlowRookAttacks(s, occ); got != want {
			t.Fatalf("rook %v occ %x: got\n%v want\n%v", s, uint64(occ), got, want)
		}
		if got, want := BishopAttacks(s, occ), SlowBishopAttacks(s, occ); got != want {
			t.Fatalf("bishop %v occ %x: got\n%v want\n%v", s, uint64(occ), got, want)
		}
	}
}

func TestLeapersAndLines(t *testing.T) {
	sq := func(s string) Square { q, _ := ParseSquare(s); return q }
	if n := KnightAttacks[sq("a1")].Count(); n != 2 {
		t.Errorf("knight a1 attacks %d squares", n)
	}
	if n := KingAttacks[sq("e4")].Count(); n != 8 {
		t.Errorf("king e4 attacks %d squares", n)
	}
	if PawnAttacks[0][sq("e4")] != sq("d5").Bit()|sq("f5").Bit() {
		t.Error("white pawn e4 captures")
	}
	if PawnAttacks[1][sq("a5")] != sq("b4").Bit() {
		t.Error("black pawn a5 captures")
	}
	if Between[sq("a1")][sq("d4")] != sq("b2").Bit()|sq("c3").Bit() {
		t.Error("between a1 d4")
	}
	if Between[sq("a1")][sq("b3")] != 0 || Line[sq("a1")][sq("b3")] != 0 {
		t.Error("a1 and b3 share no line")
	}
	if Line[sq("b2")][sq("c3")] != SlowBishopAttacks(sq("a1"), 0)|sq("a1").Bit() {
		t.Error("line b2 c3 is the long diagonal")
	}
	if !sq("h1").IsLight() || sq("a1").IsLight() {
		t.Error("square colours")
	}
	if s, ok := ParseSquare("h8"); !ok || s != 63 || s.String() != "h8" {
		t.Error("parse h8")
	}
	for _, bad := range []string{"", "i1", "a9", "a", "a10"} {
		if _, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}
