package engine

import (
	"context"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"varchess/variants"
)

func TestMonoProbe(t *testing.T) {
	if os.Getenv("MONO_PROBE") == "" {
		t.Skip()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []variants.Move
	worst := uint64(0)
	var worstFEN string
	var worstT time.Duration
	for g := 0; g < 30; g++ {
		p := monoPos(t, "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0")
		for ply := 0; ply < 120; ply++ {
			buf = p.Moves(buf[:0])
			if len(buf) == 0 || p.Status().Over() {
				break
			}
			if ply%5 == 0 {
				e := New(Options{HashMB: 4})
				st := time.Now()
				r := e.Search(context.Background(), p, Limits{Depth: 1}, nil)
				if r.Nodes > worst {
					worst, worstFEN, worstT = r.Nodes, p.FEN(), time.Since(st)
				}
			}
			p.Make(buf[rng.IntN(len(buf))])
		}
	}
	t.Logf("worst depth-1 nodes %d in %v: %s", worst, worstT, worstFEN)
}

func TestMonoProbeGame(t *testing.T) {
	moves := os.Getenv("MONO_MOVES")
	if moves == "" {
		t.Skip()
	}
	p := monoPos(t, "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0")
	for _, s := range strings.Fields(moves) {
		if strings.HasSuffix(s, ".") {
			continue
		}
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	t.Log(p.FEN())
	for d := 1; d <= 12; d++ {
		e := New(Options{HashMB: 16})
		st := time.Now()
		r := e.Search(context.Background(), p, Limits{Depth: d}, nil)
		t.Logf("depth %d nodes %d time %v best %s score %d", d, r.Nodes, time.Since(st), p.MoveString(r.Best), r.Score)
	}
}
