package protocol

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"varchess/variants/all"
)

// UCI_Chess960: chess positions follow Chess960 castling, which is
// written king takes own rook; turning it off goes back to chess.
func TestUCIChess960(t *testing.T) {
	p := uciOpen(t, func(t testing.TB) *cecpPeer { return startInProcess(t) })
	p.send("uci")
	_, lines := p.waitFor(`^uciok$`, 5*time.Second)
	if !containsLine(lines, "option name UCI_Chess960 type check default false") {
		t.Fatalf("no UCI_Chess960 option: %q", lines)
	}
	p.send("setoption name UCI_Chess960 value true",
		"position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", "go perft 1")
	if l, before := p.waitFor(`^Nodes searched: `, 10*time.Second); l != "Nodes searched: 24" || !containsLine(before, "b1a1: 1") {
		t.Errorf("perft 1: %q after %q", l, before)
	}
	// A Chess960 FEN in Shredder notation, a castling by king takes rook.
	p.send("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "go perft 3")
	if l, _ := p.waitFor(`^Nodes searched: `, 10*time.Second); l != "Nodes searched: 12189" {
		t.Errorf("Chess960 position 1 perft 3: %q", l)
	}
	p.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1h1", "d")
	if l, _ := p.waitFor(`^Fen: `, 5*time.Second); l != "Fen: r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4" {
		t.Errorf("after e1h1: %q", l)
	}
	p.send("position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1 moves b1a1", "go depth 3")
	l, _ := p.waitFor(`^bestmove `, 10*time.Second)
	if !strings.HasPrefix(l, "bestmove ") {
		t.Errorf("search: %q", l)
	}
	p.send("setoption name UCI_Chess960 value false", "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1", "d")
	if l, _ := p.waitFor(`^Fen: `, 5*time.Second); l != "Fen: r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4" {
		t.Errorf("chess after e1g1: %q", l)
	}
	uciReady(p)
	p.send("position fen rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1")
	p.expectOnly(uciReady(p), `^info string error: .*Chess960`)
	p.send("setoption name UCI_Variant value chess960", "position startpos", "go perft 1")
	if l, _ := p.waitFor(`^Nodes searched: `, 10*time.Second); l != "Nodes searched: 20" {
		t.Errorf("UCI_Variant chess960 perft 1: %q", l)
	}
}

// CECP `variant fischerandom`: FENs with Chess960 castling, castling read
// as O-O, O-O-O or king takes rook and written O-O / O-O-O.
func TestCECPFischerandom(t *testing.T) {
	var buf bytes.Buffer
	s := newCECPSession(&buf, firstMoveSearcher{}, all.Get)
	run := func(lines ...string) string {
		buf.Reset()
		for _, l := range lines {
			if err := s.handle(l); err != nil {
				t.Fatal(err)
			}
			if s.search != nil {
				<-s.search.done
				s.searchDone()
			}
		}
		return buf.String()
	}
	if out := run("xboard", "protover 2"); !strings.Contains(out, "fischerandom") {
		t.Fatalf("fischerandom not announced: %q", out)
	}
	out := run("variant fischerandom", "force", "setboard rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
		"usermove O-O-O", "usermove b8a8", "usermove O-O")
	if !strings.HasPrefix(out, "Illegal move") || !strings.Contains(out, "O-O") || strings.Count(out, "\n") != 1 {
		t.Errorf("castlings: %q", out)
	}
	if fen := s.pos.FEN(); fen != "2krr3/pppppppp/8/8/8/8/PPPPPPPP/2KRR3 w - - 2 2" {
		t.Errorf("after O-O-O and b8a8: %s", fen)
	}
	// The king on g1 has no step (f1 is attacked, the rest is its own):
	// its first legal move, which the stand-in engine plays, is castling
	// with the h1 rook, and XBoard gets it as O-O.
	out = run("setboard 4k3/8/b7/8/8/8/5PPP/6KR w H - 0 1", "go")
	if !strings.Contains(out, "move O-O\n") {
		t.Errorf("engine's castling: %q", out)
	}
}
