package perft

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// smallEntries returns the entries of every stored suite (at most perFile
// a file) with their counts up to limit (the others dropped).
func smallEntries(t *testing.T, limit uint64, perFile int) []Entry {
	t.Helper()
	files, err := filepath.Glob("testdata/*.epd")
	if err != nil || len(files) == 0 {
		t.Fatal("no suites", err)
	}
	var out []Entry
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := ReadSuite(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) > perFile {
			entries = entries[:perFile]
		}
		for _, e := range entries {
			if _, err := all.Get(e.Variant); err != nil {
				continue
			}
			for d, n := range e.Counts {
				if v, ok := n.Uint64(); !ok || v > limit {
					delete(e.Counts, d)
				}
			}
			if len(e.Counts) > 0 {
				out = append(out, e)
			}
		}
	}
	return out
}

// Threads and the table change nothing: every stored count of every game
// and flavour (up to a size that keeps the test quick) comes out the same
// with 1, 2 and 3 threads, with a table, and with both (one table shared
// by all positions of all games, so keys of different games, depths and
// flavours must not meet).
func TestRunThreadsAndHashAgree(t *testing.T) {
	limit, perFile := uint64(400_000), 150
	if testing.Short() {
		limit, perFile = 20_000, 30
	}
	entries := smallEntries(t, limit, perFile)
	shared := variants.NewPerftTable(4)
	configs := []SuiteConfig{{Threads: 2}, {Threads: 3}, {HashMB: 1}, {Threads: 2, HashMB: 1}}
	for _, cfg := range configs {
		failures, _, checked := RunSuite(context.Background(), entries, cfg, nil)
		for _, fl := range failures {
			t.Errorf("%+v: %s", cfg, fl)
		}
		if checked == 0 {
			t.Fatalf("%+v: nothing checked", cfg)
		}
	}
	for _, e := range entries {
		pos, err := game(t, e.Variant).Load(e.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range e.Counts {
			res, err := Run(context.Background(), pos, d, Config{Options: e.Options, Threads: 2, Table: shared})
			if err != nil || res.Nodes != want {
				t.Errorf("line %d (%s) depth %d, shared table: %v %v, want %v", e.Line, e.Variant, d, res.Nodes, err, want)
			}
		}
	}
}

// A divide through Run sums to the total and agrees with the game's own
// Divide, line by line, for every game and thread count.
func TestRunDivide(t *testing.T) {
	cases := []struct {
		variant, fen string
		opt          variants.PerftOptions
		depth        int
	}{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", variants.PerftOptions{}, 3},
		{"monochrome", "startpos", variants.PerftOptions{}, 3},
		{"russian", "startpos", variants.PerftOptions{Dice: true}, 3},
		{"russian", "startpos", variants.PerftOptions{Face: 'N'}, 3},
		{"russian", "startpos", variants.PerftOptions{}, 1},
		{"kingchess", "4k3/8/8/8/8/8/8/4K3[Pp] w E - 0 1", variants.PerftOptions{}, 3},
		{"kingchess1", "startpos", variants.PerftOptions{}, 3},
	}
	for _, c := range cases {
		pos, err := game(t, c.variant).Load(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]uint64{}
		for _, mc := range pos.Divide(c.depth, c.opt) {
			want[mc.Move] = mc.Nodes
		}
		for _, threads := range []int{1, 2} {
			res, err := Run(context.Background(), pos, c.depth, Config{Options: c.opt, Divide: true, Threads: threads, HashMB: 1})
			if err != nil {
				t.Fatal(err)
			}
			var sum variants.Count
			got := map[string]uint64{}
			for _, l := range res.Lines {
				sum = sum.Add(l.Nodes)
				got[l.Move] = l.Nodes.Lo
			}
			if sum != res.Nodes || len(got) != len(want) {
				t.Errorf("%s %s: %d lines summing to %v (total %v), game has %d", c.variant, c.fen, len(got), sum, res.Nodes, len(want))
			}
			for m, n := range want {
				if got[m] != n {
					t.Errorf("%s %s threads %d: %s: %d, game says %d", c.variant, c.fen, threads, m, got[m], n)
				}
			}
		}
	}
}

// Cancelling stops a long run with ctx's error.
func TestRunCancel(t *testing.T) {
	pos := game(t, "chess").New()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	_, err := Run(ctx, pos, 8, Config{Threads: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if pos.FEN() != game(t, "chess").New().FEN() {
		t.Error("Run changed the position")
	}
}

// The estimate is exact where the shallower counts are known.
func TestEstimated(t *testing.T) {
	e := Estimated(game(t, "chess").New(), 5, variants.PerftOptions{}, 1)
	if !e.Exact || e.Positions != 197281 || len(e.Known) != 5 {
		t.Errorf("chess d5: %+v", e)
	}
	e = Estimated(game(t, "chess").New(), 12, variants.PerftOptions{}, 1)
	if e.Exact || e.Positions < 1e13 || e.Positions > 1e16 { // perft(11) is 2.1e15
		t.Errorf("chess d12: %+v", e)
	}
	e = Estimated(game(t, "kingchess").New(), 3, variants.PerftOptions{}, 1)
	if !e.Exact || !strings.HasPrefix(e.String(), "depth 3 makes 2.09e+31 positions") {
		t.Errorf("kingchess d3: %s", e)
	}
}

// Progress lines come while a long run works.
func TestRunProgress(t *testing.T) {
	var mu sync.Mutex
	var buf strings.Builder
	w := writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	})
	// perft(5) takes a few milliseconds, so a run may end before the
	// first tick: run it again until a line comes (or clearly never does).
	progressed := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return strings.Contains(buf.String(), "subtrees done")
	}
	for try := 0; try < 50 && !progressed(); try++ {
		if _, err := Run(context.Background(), game(t, "chess").New(), 5, Config{Progress: w, ProgressEvery: 100 * time.Microsecond}); err != nil {
			t.Fatal(err)
		}
	}
	if !progressed() {
		mu.Lock()
		defer mu.Unlock()
		t.Errorf("no progress in 50 runs: %q", buf.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

func game(t *testing.T, name string) *variants.Game {
	t.Helper()
	g, err := all.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
