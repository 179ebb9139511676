package protocol

import (
	"strings"
	"testing"
	"time"
)

// `go perft` goes through the perft driver: counts are the same with the
// Threads option, kingchess counts pass 2^64 exactly, and what cannot
// finish is refused at once with an estimate (it used to grow to 23 GB).
func TestUCIPerftDriver(t *testing.T) {
	p := uciOpen(t, func(t testing.TB) *cecpPeer { return startInProcess(t) })
	p.send("setoption name Threads value 2", "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "go perft 3")
	if l, before := p.waitFor(`^Nodes searched: `, 30*time.Second); l != "Nodes searched: 97862" || !containsLine(before, "e1g1: 2059") {
		t.Errorf("kiwipete perft 3 on 2 threads: %q after %q", l, before)
	}
	p.send("setoption name UCI_Variant value kingchess", "position startpos", "go perft 2")
	l, before := p.waitFor(`^Nodes searched: `, 30*time.Second)
	if l != "Nodes searched: 20931141008933099102892737203276" || !containsLine(before, "(drop actions of 2+ pieces): 20931141008932932749261151499056") {
		t.Errorf("kingchess perft 2: %q after %q", l, before)
	}
	p.send("go perft 3")
	l, _ = p.waitFor(`^info string perft 3 `, 30*time.Second)
	if !strings.Contains(l, "refused: depth 3 makes 2.09e+31 positions") {
		t.Errorf("kingchess perft 3: %q", l)
	}
	p.expectSilent(uciReady(p))
}
