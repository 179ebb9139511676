package engine

import (
	"context"
	"sync"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/chess"
)

func mustParse(t testing.TB, fen string) *chess.Position {
	t.Helper()
	p, err := chess.Parse(fen)
	if err != nil {
		t.Fatalf("parse %q: %v", fen, err)
	}
	return p
}

// canMate is an obviously correct (brute-force) check that the side to move
// forces checkmate within n moves. It shares no code with the search.
func canMate(p variants.Position, n int) bool {
	if n == 0 {
		return false
	}
	for _, m := range p.Moves(nil) {
		p.Make(m)
		ok := allRepliesMated(p, n-1)
		p.Unmake()
		if ok {
			return true
		}
	}
	return false
}

// allRepliesMated: the side to move is checkmated now, or every reply
// allows a mate within n more moves.
func allRepliesMated(p variants.Position, n int) bool {
	replies := p.Moves(nil)
	if len(replies) == 0 {
		return p.InCheck()
	}
	for _, m := range replies {
		p.Make(m)
		ok := canMate(p, n)
		p.Unmake()
		if !ok {
			return false
		}
	}
	return true
}

// shortestMate returns the least n <= limit with a forced mate, 0 if none.
func shortestMate(p variants.Position, limit int) int {
	for n := 1; n <= limit; n++ {
		if canMate(p, n) {
			return n
		}
	}
	return 0
}

func TestFindsMates(t *testing.T) {
	for _, fen := range []string{
		"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",                               // back rank
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", // scholar's mate
		"kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",                                   // mate in 2 with a sacrifice
		"7k/8/8/5K2/8/8/8/R7 w - - 0 1",                                       // KRK mate in 2
		"7k/8/8/4K3/8/8/8/R7 w - - 0 1",                                       // KRK mate in 3
		"6k1/8/6K1/8/8/8/8/R7 b - - 0 1",                                      // the mated side to move
	} {
		p := mustParse(t, fen)
		want := shortestMate(p, 3)
		wantMated := 0
		if want == 0 { // the side to move is the one being mated
			for n := 1; n <= 3 && wantMated == 0; n++ {
				if allRepliesMated(p, n-1) {
					wantMated = n - 1
				}
			}
		}
		e := New(Options{HashMB: 4})
		r := e.Search(context.Background(), p, Limits{Depth: 14}, nil)
		if p.FEN() != fen {
			t.Errorf("%s: Search modified the position: %s", fen, p.FEN())
		}
		switch {
		case want > 0:
			if r.Mate != want {
				t.Errorf("%s: mate %d, want mate %d (best %s)", fen, r.Mate, want, p.MoveString(r.Best))
			}
			p.Make(r.Best)
			if !allRepliesMated(p, want-1) {
				t.Errorf("%s: best move %s does not mate in %d", fen, p.MoveString(r.Best), want)
			}
			p.Unmake()
		case wantMated > 0:
			if r.Mate != -wantMated {
				t.Errorf("%s: mate %d, want mate -%d", fen, r.Mate, wantMated)
			}
		default:
			t.Errorf("%s: test position has no short mate", fen)
		}
	}
}

func TestTTMateScoresFromOtherPlies(t *testing.T) {
	// After searching the mate in 3, the table holds mate scores stored at
	// many plies. Searching again, and searching the position after the
	// first move (the table's entries are now at other distances from the
	// root), must report the same mate distances.
	fen := "7k/8/8/4K3/8/8/8/R7 w - - 0 1"
	p := mustParse(t, fen)
	want := shortestMate(p, 3)
	e := New(Options{HashMB: 4})
	r := e.Search(context.Background(), p, Limits{Depth: 14}, nil)
	if r.Mate != want {
		t.Fatalf("first search: mate %d, want %d", r.Mate, want)
	}
	for d := 1; d <= 8; d++ {
		again := e.Search(context.Background(), p, Limits{Depth: d}, nil)
		if again.Mate != 0 && again.Mate != want {
			t.Errorf("depth %d re-search: mate %d, want %d", d, again.Mate, want)
		}
	}
	p.Make(r.Best)
	after := e.Search(context.Background(), p, Limits{Depth: 8}, nil)
	if after.Mate != -(want - 1) {
		t.Errorf("after %s: mate %d, want %d", p.MoveString(r.Best), after.Mate, -(want - 1))
	}
	// And two plies later with the same table.
	p.Make(after.Best)
	later := e.Search(context.Background(), p, Limits{Depth: 8}, nil)
	if later.Mate != want-1 {
		t.Errorf("two plies later: mate %d, want %d", later.Mate, want-1)
	}
}

func TestAvoidsStalemate(t *testing.T) {
	// Black's king has no move: every quiet white move that keeps b7, a7
	// and b8 covered is stalemate. White must keep the win.
	p := mustParse(t, "k7/8/1Q6/8/8/8/8/7K w - - 0 1")
	r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 8}, nil)
	p.Make(r.Best)
	st := p.Status()
	if st.Outcome == variants.Draw {
		t.Fatalf("best move %v draws: %s", r.Best, st.Reason)
	}
	if r.Score < 500 {
		t.Errorf("score %d after %s, want a winning score", r.Score, p.MoveString(r.Best))
	}
}

// repetitionGame returns a position with a history in which one move,
// Nf3-g1, repeats an earlier position.
func repetitionGame(t *testing.T, fen string) *chess.Position {
	p := mustParse(t, fen)
	for _, s := range []string{"g1f3", "h8g8", "f3g1", "g8h8", "g1f3", "h8g8"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

func TestDrawsByRepetitionWhenBehind(t *testing.T) {
	// White (knight against queen) is lost, except that Nf3-g1 repeats the
	// position: the engine must take the draw.
	p := repetitionGame(t, "7k/8/8/8/8/8/q7/6NK w - - 0 1")
	r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 8}, nil)
	if got := p.MoveString(r.Best); got != "f3g1" || r.Score != 0 {
		t.Errorf("best %s score %d, want f3g1 with score 0", got, r.Score)
	}
}

func TestAvoidsRepetitionWhenAhead(t *testing.T) {
	p := repetitionGame(t, "7k/8/8/8/8/8/8/1Q4NK w - - 0 1")
	r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 8}, nil)
	if got := p.MoveString(r.Best); got == "f3g1" || r.Score < 300 {
		t.Errorf("best %s score %d, want a winning non-repeating move", got, r.Score)
	}
}

func TestFiftyMoveRuleInSearch(t *testing.T) {
	// A queen up, but the clock stands at 99 plies and White has neither a
	// capture nor a pawn move: every move reaches the 100th ply, a draw.
	p := mustParse(t, "7k/8/8/8/8/8/Q7/7K w - - 99 80")
	r := New(Options{HashMB: 4}).Search(context.Background(), p, Limits{Depth: 6}, nil)
	if r.Score != 0 {
		t.Errorf("score %d, want 0 (every move reaches the 100th ply)", r.Score)
	}
}

func TestSearchEdgeCases(t *testing.T) {
	ctx := context.Background()
	e := New(Options{HashMB: 1})
	// Checkmated: no move.
	mated := mustParse(t, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	if r := e.Search(ctx, mated, Limits{Depth: 3}, nil); !r.Best.IsNone() {
		t.Errorf("mated position: best %v, want none", r.Best)
	}
	// One legal move: returned even with a tiny budget.
	forced := mustParse(t, "7k/8/8/8/8/8/1q6/K7 w - - 0 1")
	r := e.Search(ctx, forced, Limits{MoveTime: time.Millisecond}, nil)
	if got := forced.MoveString(r.Best); got != "a1b2" {
		t.Errorf("forced: best %s, want a1b2", got)
	}
	// A cancelled context still yields a legal move.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	start := mustParse(t, chess.StartFEN)
	r = e.Search(cctx, start, Limits{Infinite: true}, nil)
	if _, err := start.ParseMove(start.MoveString(r.Best)); err != nil || r.Best.IsNone() {
		t.Errorf("cancelled search: best %v not legal: %v", r.Best, err)
	}
	// Depth limit: the last info line has that depth.
	var last Info
	e.Search(ctx, start, Limits{Depth: 5}, func(in Info) { last = in })
	if last.Depth != 5 || len(last.PV) == 0 || last.Nodes == 0 {
		t.Errorf("depth 5: last info %+v", last)
	}
	// Node limit: stops near the limit (checked every 1024 nodes).
	r = e.Search(ctx, start, Limits{Nodes: 5000}, nil)
	if r.Nodes > 5000+2048 {
		t.Errorf("nodes limit 5000: searched %d", r.Nodes)
	}
}

func TestInfiniteStopsOnCancel(t *testing.T) {
	e := New(Options{HashMB: 4})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() { done <- e.Search(ctx, mustParse(t, chess.StartFEN), Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	select {
	case <-done:
		t.Fatal("infinite search returned before cancel")
	default:
	}
	cancel()
	select {
	case r := <-done:
		if r.Best.IsNone() {
			t.Error("no best move")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("search did not stop after cancel")
	}
}

func TestPonderHitStartsClock(t *testing.T) {
	e := New(Options{HashMB: 4})
	hit := make(chan struct{})
	done := make(chan Result)
	lim := Limits{WTime: 200 * time.Millisecond, BTime: 200 * time.Millisecond, Ponder: hit}
	go func() { done <- e.Search(context.Background(), mustParse(t, chess.StartFEN), lim, nil) }()
	select {
	case <-done:
		t.Fatal("pondering search returned before ponderhit")
	case <-time.After(300 * time.Millisecond): // longer than the whole clock
	}
	close(hit)
	select {
	case r := <-done:
		if r.Best.IsNone() {
			t.Error("no best move")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("search did not finish after ponderhit")
	}
}

func TestParallelEnginesShareNothing(t *testing.T) {
	// Run under -race: engines searching at once must not touch shared state.
	fens := []string{chess.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}
	want := make([]uint64, len(fens))
	for i, f := range fens {
		want[i] = New(Options{HashMB: 2}).Search(context.Background(), mustParse(t, f), Limits{Depth: 6}, nil).Nodes
	}
	var wg sync.WaitGroup
	got := make([]uint64, len(fens))
	for i, f := range fens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = New(Options{HashMB: 2}).Search(context.Background(), mustParse(t, f), Limits{Depth: 6}, nil).Nodes
		}()
	}
	wg.Wait()
	for i := range fens {
		if got[i] != want[i] {
			t.Errorf("%s: %d nodes in parallel, %d alone (searches are not independent)", fens[i], got[i], want[i])
		}
	}
}

func TestMateScoreConversions(t *testing.T) {
	for ply := 0; ply < 20; ply++ {
		for _, s := range []int{MateScore(ply + 3), MatedScore(ply + 4), 57, -300} {
			if got := fromTT(toTT(s, ply), ply); got != s {
				t.Errorf("fromTT(toTT(%d, %d)) = %d", s, ply, got)
			}
		}
	}
	if m := mateMoves(MateScore(1)); m != 1 {
		t.Errorf("mate at ply 1 = mate %d, want 1", m)
	}
	if m := mateMoves(MateScore(5)); m != 3 {
		t.Errorf("mate at ply 5 = mate %d, want 3", m)
	}
	if m := mateMoves(MatedScore(4)); m != -2 {
		t.Errorf("mated at ply 4 = mate %d, want -2", m)
	}
}
