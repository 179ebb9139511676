package bitboard

import (
	"errors"
	"strings"
	"testing"
)

func TestPlacementRoundTrip(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
		"8/8/8/8/8/8/8/8",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
	} {
		var board [64]byte
		err := ParsePlacement(fen, func(sq Square, c byte) error {
			board[sq] = c
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		var sb strings.Builder
		WritePlacement(&sb, func(sq Square) byte { return board[sq] })
		if sb.String() != fen {
			t.Errorf("round trip %q -> %q", fen, sb.String())
		}
	}
}

func TestPlacementErrors(t *testing.T) {
	refuse := errors.New("no such piece")
	put := func(sq Square, c byte) error {
		if !strings.ContainsRune("pnbrqkPNBRQK", rune(c)) {
			return refuse
		}
		return nil
	}
	for _, bad := range []string{
		"", "8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8/8", "9/8/8/8/8/8/8/8", "8p/8/8/8/8/8/8/8",
		"44p/8/8/8/8/8/8/8", "7/8/8/8/8/8/8/8", "ppppppppp/8/8/8/8/8/8/8", "x7/8/8/8/8/8/8/8",
	} {
		if err := ParsePlacement(bad, put); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := ParsePlacement("x7/8/8/8/8/8/8/8", put); !errors.Is(err, refuse) {
		t.Errorf("put's error is not wrapped: %v", err)
	}
}
