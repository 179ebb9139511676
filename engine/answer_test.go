package engine

import (
	"context"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// TestPonderhitEndsEverySearch: after ponderhit a pondering search is a
// normal timed one and must answer by itself, in every game, even when the
// ponderhit came before the search polled it (the ponder state must never
// be read once at the start). The russian position is the one that used to
// hang until stop. The guard context only catches a hang; no time is
// asserted.
func TestPonderhitEndsEverySearch(t *testing.T) {
	for _, c := range []struct{ game, fen string }{
		{"russian", "rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w B 2 7"},
		{"russian", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w K 0 1"},
		{"russian", "5k/6/6/6/6/K5 w P 0 1"}, // a tiny tree, forced passes
		{"chess", "startpos"},
		{"chess", "7k/8/8/8/8/8/8/K7 w - - 0 1"},
		{"monochrome", "startpos"},
		{"kingchess1", "startpos"},
		{"kingchess", "startpos"},
	} {
		g, err := all.Get(c.game)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := g.Load(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, early := range []bool{true, false} {
			hit := make(chan struct{})
			if early {
				close(hit)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			done := make(chan variants.Move, 1)
			go func() {
				e := New(Options{HashMB: 1})
				lim := Limits{WTime: 300 * time.Millisecond, BTime: 300 * time.Millisecond, Ponder: hit}
				done <- e.Search(ctx, pos, lim, nil).Best
			}()
			if !early {
				time.Sleep(20 * time.Millisecond)
				close(hit)
			}
			best := <-done
			if ctx.Err() != nil {
				t.Errorf("%s %s (ponderhit early %v): the search did not end by itself after ponderhit", c.game, c.fen, early)
			}
			if best.IsNone() {
				t.Errorf("%s %s: no move", c.game, c.fen)
			}
			cancel()
		}
	}
}

// TestLastInfoStartsWithBest: the last info line of a search shows the move
// it plays, also when the search was stopped inside an iteration that had
// found a better move (a GUI shows that line as the engine's choice). Node
// limits stop the single-threaded search at many different points, the
// same in every run.
func TestLastInfoStartsWithBest(t *testing.T) {
	fens := map[string][]string{
		"chess": {
			"startpos",
			"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
		},
		"russian":    {"rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w Q 2 7", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w K 0 1"},
		"monochrome": {"startpos"},
	}
	checked := 0
	for game, list := range fens {
		g, err := all.Get(game)
		if err != nil {
			t.Fatal(err)
		}
		for _, fen := range list {
			pos, err := g.Load(fen)
			if err != nil {
				t.Fatal(err)
			}
			e := New(Options{HashMB: 1})
			for nodes := uint64(2000); nodes <= 60000; nodes += 2900 {
				e.NewGame()
				var last Info
				res := e.Search(context.Background(), pos, Limits{Nodes: nodes}, func(in Info) { last = in })
				if len(last.PV) == 0 || last.PV[0] != res.Best {
					t.Errorf("%s %s nodes %d: bestmove %s, last info PV %v", game, fen, nodes, pos.MoveString(res.Best), pvString(pos, last.PV))
				}
				checked++
			}
		}
	}
	t.Logf("%d searches checked", checked)
}

func pvString(pos variants.Position, pv []variants.Move) []string {
	p := pos.Clone()
	var out []string
	for _, m := range pv {
		out = append(out, p.MoveString(m))
		p.Make(m)
	}
	return out
}
