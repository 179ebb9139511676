package engine

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"varchess/nnue"
	"varchess/variants"
	"varchess/variants/chess"
)

// randomNet is a random network of hidden size h drawn from seed.
func randomNet(h int, seed uint64) *nnue.Net {
	return nnue.RandomNet(h, rand.New(rand.NewPCG(seed, 7)))
}

// netScore is what the network says of p, from scratch, as the engine
// uses it.
func netScore(n *nnue.Net, p *chess.Position) int {
	b := netBoard(p)
	return max(-maxNetEval, min(maxNetEval, n.Evaluate(b.Pieces(), int(p.SideToMove()))))
}

// checkedEvaluator is the chess evaluator with a check after every
// evaluation (its optional interfaces, UseNet among them, are the
// embedded evaluator's).
type checkedEvaluator struct {
	*chessEvaluator
	check func(e *chessEvaluator, v int)
}

func (c checkedEvaluator) Evaluate() int {
	v := c.chessEvaluator.Evaluate()
	c.check(c.chessEvaluator, v)
	return v
}

// searchChecked searches pos with the chess search whose evaluator calls
// check after every evaluation.
func searchChecked(e *Engine, pos variants.Position, lim Limits, check func(e *chessEvaluator, v int)) Result {
	g := gameFor("chess")
	g.NewEvaluator = func(p variants.Position) Evaluator {
		return checkedEvaluator{newChessEvaluator(p).(*chessEvaluator), check}
	}
	return e.searchWith(context.Background(), pos, lim, nil, alphaBeta(g))
}

func parseAny(t testing.TB, fen string, frc bool) *chess.Position {
	t.Helper()
	parse := chess.Parse
	if frc {
		parse = chess.Parse960
	}
	p, err := parse(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// netTestPositions: openings, middlegames with castling and en passant in
// reach, promotions, endings, and Chess960 starts.
func netTestPositions(t testing.TB) []*chess.Position {
	var ps []*chess.Position
	for _, i := range []int{0, 6, 8, 17, 20} {
		ps = append(ps, parseAny(t, benchPositions[i], false))
	}
	ps = append(ps, parseAny(t, "8/P6k/8/8/8/8/6Kp/8 w - - 0 1", false))
	ps = append(ps, parseAny(t, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false))
	for _, n := range []int{0, 518, 959} {
		fen, err := chess.Chess960FEN(n)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, parseAny(t, fen, true))
	}
	return ps
}

// At every node of real searches (chess and Chess960) the incremental
// network evaluation equals the network's from-scratch evaluation.
func TestNetEvalEqualsScratchInSearch(t *testing.T) {
	n := randomNet(32, 1)
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for _, pos := range netTestPositions(t) {
		e := New(Options{Net: n, HashMB: 2})
		evals := 0
		r := searchChecked(e, pos, Limits{Depth: depth}, func(ev *chessEvaluator, v int) {
			evals++
			if want := netScore(n, ev.p); v != want {
				t.Fatalf("%s: incremental %d, from scratch %d", ev.p.FEN(), v, want)
			}
		})
		if r.Best.IsNone() || r.Depth != depth || evals < 50 {
			t.Fatalf("%s: best %v depth %d after %d evaluations", pos.FEN(), r.Best, r.Depth, evals)
		}
		if !pos.IsLegal(chess.FromVariant(r.Best)) {
			t.Fatalf("%s: illegal best move %s", pos.FEN(), pos.MoveString(r.Best))
		}
	}
}

// Two threads, each with its own evaluator, share one network (run with
// -race): every evaluation is still the network's.
func TestNetEvalThreads(t *testing.T) {
	n := randomNet(32, 2)
	e := New(Options{Net: n, HashMB: 2, Threads: 2})
	var evals, bad atomic.Int64
	for _, pos := range netTestPositions(t)[:4] {
		r := searchChecked(e, pos, Limits{Depth: 5}, func(ev *chessEvaluator, v int) {
			evals.Add(1)
			if v != netScore(n, ev.p) {
				bad.Add(1)
			}
		})
		if r.Best.IsNone() {
			t.Fatalf("%s: no move", pos.FEN())
		}
	}
	if bad.Load() != 0 || evals.Load() < 100 {
		t.Fatalf("%d of %d evaluations differ from the network's", bad.Load(), evals.Load())
	}
}

// The evaluator says what the network says with one, the hand-crafted
// evaluation without.
func TestNetEvaluatorUsesNet(t *testing.T) {
	n := randomNet(16, 3)
	for _, pos := range netTestPositions(t) {
		ev := newChessEvaluator(pos).(*chessEvaluator)
		hce := evaluateChess(pos)
		if pos.SideToMove() == variants.Black {
			hce = -hce
		}
		if v := ev.Evaluate(); v != hce {
			t.Fatalf("%s: %d without a network, HCE %d", pos.FEN(), v, hce)
		}
		ev.UseNet(n)
		if v, want := ev.Evaluate(), netScore(n, pos); v != want {
			t.Fatalf("%s: %d with a network, the network says %d", pos.FEN(), v, want)
		}
		ev.UseNet(nil)
		if v := ev.Evaluate(); v != hce {
			t.Fatalf("%s: %d after UseNet(nil), HCE %d", pos.FEN(), v, hce)
		}
	}
}

// Without a network, or with HCE set, the search is the hand-crafted one:
// the same node counts as ever; with a network it differs.
func TestNetOptionsChooseEvaluation(t *testing.T) {
	n := randomNet(16, 4)
	nodes := func(opt Options) uint64 {
		opt.HashMB = 4
		total, _, err := BenchOptions(5, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		return total
	}
	hce := nodes(Options{HCE: true})
	if got := nodes(Options{Net: n, HCE: true}); got != hce {
		t.Errorf("Net with HCE set: %d nodes, the HCE %d", got, hce)
	}
	if def := nnue.Default(); def == nil {
		if got := nodes(Options{}); got != hce {
			t.Errorf("no built-in network: %d nodes, the HCE %d", got, hce)
		}
	} else if got, want := nodes(Options{}), nodes(Options{Net: def}); got != want {
		t.Errorf("default options: %d nodes, the built-in network %d", got, want)
	}
	if got := nodes(Options{Net: n}); got == hce {
		t.Errorf("a random network searched exactly the HCE's %d nodes", got)
	}
	if (Options{}).ChessNet() != nnue.Default() || (Options{Net: n}).ChessNet() != n || (Options{Net: n, HCE: true}).ChessNet() != nil {
		t.Error("Options.ChessNet")
	}
}

// Other games never see the network: the same search with and without.
func TestNetOtherGamesUntouched(t *testing.T) {
	n := randomNet(16, 6)
	for _, c := range everyGame[1:] {
		p := loadCase(t, c)
		var nodes [2]uint64
		for i, opt := range []Options{{Net: n}, {HCE: true}} {
			opt.HashMB = 2
			nodes[i] = New(opt).Search(context.Background(), p, Limits{Depth: c.depth}, nil).Nodes
		}
		if nodes[0] != nodes[1] {
			t.Errorf("%s: %d nodes with a network, %d without", c.game, nodes[0], nodes[1])
		}
	}
}

func TestLoadNet(t *testing.T) {
	dir := t.TempDir()
	n := randomNet(8, 5)
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.nnue")
	bad := filepath.Join(dir, "bad.nnue")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data[30] ^= 1
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if m, err := LoadNet(good); err != nil || m.Hidden != 8 {
		t.Fatalf("LoadNet(good): %v, %v", m, err)
	}
	for _, f := range []string{bad, filepath.Join(dir, "missing.nnue"), dir, os.DevNull} {
		if _, err := LoadNet(f); err == nil {
			t.Errorf("LoadNet(%s) accepted it", f)
		}
	}
}
