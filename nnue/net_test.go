package nnue

import (
	"math/rand/v2"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	n := RandomNet(8, rand.New(rand.NewPCG(1, 2)))
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := m.MarshalBinary()
	if string(again) != string(data) {
		t.Fatal("network changed in a round trip")
	}
	data[20] ^= 1
	if _, err := Parse(data); err == nil {
		t.Fatal("a damaged file was accepted")
	}
	if _, err := Parse([]byte("nonsense")); err == nil {
		t.Fatal("a short file was accepted")
	}
}

// The side to move's view of a position equals the other side's view of
// the mirrored position (colours swapped): the network is symmetric.
func TestMirrorSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := RandomNet(16, r)
	for range 50 {
		var pcs, mir []Piece
		for sq := range 64 {
			if r.IntN(3) == 0 {
				pc := Piece{Colour: r.IntN(2), Type: 1 + r.IntN(6), Square: sq}
				pcs = append(pcs, pc)
				mir = append(mir, Piece{Colour: pc.Colour ^ 1, Type: pc.Type, Square: sq ^ 56})
			}
		}
		for stm := range 2 {
			if a, b := n.Evaluate(pcs, stm), n.Evaluate(mir, stm^1); a != b {
				t.Fatalf("stm %d: %d, mirrored %d", stm, a, b)
			}
		}
	}
}
