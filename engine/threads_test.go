package engine

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"varchess/variants"
	"varchess/variants/all"
	"varchess/variants/kingchess"
	"varchess/variants/russian"
)

// gameCase is a position of one game with a depth the search reaches fast
// (also under -race).
type gameCase struct {
	game, fen string
	depth     int
}

// everyGame has a position of each of the five games, away from the start
// where the game allows it (kingchess starts with an empty board).
var everyGame = []gameCase{
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 6},
	{"monochrome", "startpos", 5},
	{"russian", "rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w Q 2 7", 3},
	{"kingchess", "startpos", 3},
	{"kingchess1", "startpos", 4},
}

func loadCase(t testing.TB, c gameCase) variants.Position {
	t.Helper()
	g, err := all.Get(c.game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Load(c.fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// rootPlies lists the plies the search may answer with: the candidates of
// kingchess (drop actions of several pieces included), the moves of the
// rolled face in russian, the legal moves elsewhere.
func rootPlies(p variants.Position) []variants.Move {
	switch q := p.(type) {
	case *russian.Position:
		return q.MovesForFace(q.RollType(), nil)
	case *kingchess.Position:
		return newKCEvaluator(q.Clone(), q.Variant() == "kingchess1").Candidates(nil)
	}
	return p.Moves(nil)
}

// TestThreadsEveryGame searches every game with several threads (run it
// under -race: the threads share the table and the job only) and checks
// the answer is one of the root's plies and the node count adds up.
func TestThreadsEveryGame(t *testing.T) {
	for _, c := range everyGame {
		t.Run(c.game, func(t *testing.T) {
			p := loadCase(t, c)
			e := New(Options{HashMB: 4, Threads: 3})
			var infos []Info
			r := e.Search(context.Background(), p, Limits{Depth: c.depth}, func(in Info) { infos = append(infos, in) })
			if !contains(rootPlies(p), r.Best) {
				t.Fatalf("best %s is not a root ply", p.MoveString(r.Best))
			}
			if r.Depth != c.depth {
				t.Errorf("result depth %d, want %d", r.Depth, c.depth)
			}
			if len(infos) == 0 || infos[len(infos)-1].PV[0] != r.Best {
				t.Errorf("the last info line does not begin with the move played")
			}
			if last := infos[len(infos)-1]; last.Nodes > r.Nodes {
				t.Errorf("info nodes %d above the total %d", last.Nodes, r.Nodes)
			}
		})
	}
}

// TestThreadsStopTogether: an infinite search on four threads ends when
// the context is cancelled, helpers included (the Search call returns only
// after every thread did).
func TestThreadsStopTogether(t *testing.T) {
	for _, c := range everyGame {
		t.Run(c.game, func(t *testing.T) {
			p := loadCase(t, c)
			e := New(Options{HashMB: 2, Threads: 4})
			ctx, cancel := context.WithCancel(context.Background())
			var once sync.Once
			r := e.Search(ctx, p, Limits{Infinite: true}, func(in Info) {
				if in.Depth >= 2 {
					once.Do(cancel)
				}
			})
			if !contains(rootPlies(p), r.Best) {
				t.Fatalf("best %s is not a root ply", p.MoveString(r.Best))
			}
			// The engine is free again: a second search runs at once.
			if r2 := e.Search(context.Background(), p, Limits{Depth: 1}, nil); r2.Best.IsNone() {
				t.Fatal("no move from the next search")
			}
		})
	}
}

// TestOneThreadUnchanged: Threads 1 gives the same tree as the engine's
// default, search after search (the helpers' machinery stays out of it).
func TestOneThreadUnchanged(t *testing.T) {
	p := loadCase(t, everyGame[0])
	a := New(Options{HashMB: 2})
	b := New(Options{HashMB: 2, Threads: 1})
	for i := 0; i < 2; i++ {
		ra := a.Search(context.Background(), p, Limits{Depth: 6}, nil)
		rb := b.Search(context.Background(), p, Limits{Depth: 6}, nil)
		if ra.Nodes != rb.Nodes || ra.Best != rb.Best {
			t.Fatalf("search %d: %d nodes %v, then %d nodes %v", i, ra.Nodes, ra.Best, rb.Nodes, rb.Best)
		}
	}
}

// TestSetThreadsKeepsHistory: growing and shrinking the thread count keeps
// the main thread's history (it belongs to the worker, not the search).
func TestSetThreadsKeepsHistory(t *testing.T) {
	e := New(Options{HashMB: 2})
	e.Search(context.Background(), loadCase(t, everyGame[0]), Limits{Depth: 5}, nil)
	h := e.workers[0].history
	o := e.Options()
	o.Threads = 4
	e.SetOptions(o)
	if len(e.workers) != 4 || e.workers[0].history != h {
		t.Fatalf("%d workers; main history kept: %v", len(e.workers), e.workers[0].history == h)
	}
	o.Threads = 2
	e.SetOptions(o)
	if len(e.workers) != 2 || e.workers[0].history != h {
		t.Fatalf("%d workers after shrinking", len(e.workers))
	}
}

// TestTTTornEntryIsAMiss writes an entry, then overwrites one of its words
// as a concurrent write of another entry would: the slot must read as a
// miss, never as an entry with the other's move or score.
func TestTTTornEntryIsAMiss(t *testing.T) {
	tt := newTable(1)
	const key = 0x123456789abcdef1
	tt.store(key, variants.Move{Lo: 77, Hi: 5}, 40, 12, 7, boundExact)
	if e, ok := tt.probe(key); !ok || e.move.Lo != 77 || e.score != 40 || e.depth != 7 {
		t.Fatalf("stored entry reads %+v %v", e, ok)
	}
	b := tt.bucket(key)
	for w := 0; w < 4; w++ {
		for i := range b {
			slot := &b[i]
			if tt.load(slot).key != key {
				continue
			}
			words := []*atomic.Uint64{&slot.check, &slot.lo, &slot.hi, &slot.data}
			saved := words[w].Load()
			words[w].Store(saved ^ 0x40) // another write's word
			if e, ok := tt.probe(key); ok {
				t.Errorf("word %d torn: probe found %+v", w, e)
			}
			words[w].Store(saved)
		}
	}
	if _, ok := tt.probe(key); !ok {
		t.Fatal("restored entry is gone")
	}
}

// TestTTConcurrentWrites: four goroutines store and probe overlapping keys
// in a table of a few buckets, every entry's move and score derived from
// its key. A hit with data of another key would be a torn write passing
// the check. Run under -race. The move is derived from the key by
// multiplication, not by XOR: with a word that is a XOR-linear function of
// the key (an earlier version stored ^key), a read mixing that word of two
// writes cancels in the check and names the other key, a blind spot of any
// XOR check that real moves, unrelated to the key, do not have.
func TestTTConcurrentWrites(t *testing.T) {
	tt := newTable(1)
	tt.buckets = tt.buckets[:4] // force collisions
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for i := 0; i < 20000; i++ {
				key := rng.Uint64N(64)*0x9E3779B97F4A7C15 | 1
				if rng.IntN(2) == 0 {
					tt.store(key, ttTestMove(key), int(int16(key>>7)), 0, int(key>>60), boundLower)
					continue
				}
				if e, ok := tt.probe(key); ok && (e.move != ttTestMove(key) || e.score != int16(key>>7)) {
					select {
					case errs <- "probe found another key's data":
					default:
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// ttTestMove is the move TestTTConcurrentWrites stores for key: both words
// are odd multiples of the key, so no XOR of them with the key cancels.
func ttTestMove(key uint64) variants.Move {
	return variants.Move{Lo: key * 0xff51afd7ed558ccd, Hi: (key ^ key>>29) * 0xc4ceb9fe1a85ec53}
}

// TestNewGameClearsLazily: after NewGame nothing of the last game is
// found, although the table's memory was not rewritten (clearing is a new
// epoch, constant time whatever the size).
func TestNewGameClearsLazily(t *testing.T) {
	e := New(Options{HashMB: 1})
	p := loadCase(t, everyGame[0])
	e.Search(context.Background(), p, Limits{Depth: 5}, nil)
	if _, ok := e.tt.probe(p.Hash()); !ok {
		t.Fatal("the root is not in the table after a search")
	}
	e.NewGame()
	if _, ok := e.tt.probe(p.Hash()); ok {
		t.Fatal("the root is still found after NewGame")
	}
	written := 0
	for i := range e.tt.buckets {
		for j := range e.tt.buckets[i] {
			if e.tt.buckets[i][j].data.Load() != 0 {
				written++
			}
		}
	}
	if written == 0 {
		t.Fatal("NewGame rewrote the table's memory")
	}
	if e.tt.hashfull() != 0 {
		t.Errorf("hashfull %d after NewGame", e.tt.hashfull())
	}
	// The next game's search works in the cleared table as in a new one.
	fresh := New(Options{HashMB: 1}).Search(context.Background(), p, Limits{Depth: 5}, nil)
	again := e.Search(context.Background(), p, Limits{Depth: 5}, nil)
	if fresh.Nodes != again.Nodes || fresh.Best != again.Best {
		t.Errorf("after NewGame: %d nodes %v; new engine: %d nodes %v", again.Nodes, again.Best, fresh.Nodes, fresh.Best)
	}
}

// TestBestThread: the deepest completed iteration is played, the better
// score on equal depth, the main thread on a full tie; threads without a
// result do not count.
func TestBestThread(t *testing.T) {
	l := func(score int) []pvLine {
		return []pvLine{{score: score, pv: []variants.Move{{Lo: uint64(score + 100)}}}}
	}
	for _, c := range []struct {
		rs   []threadResult
		want int
	}{
		{[]threadResult{{depth: 7, lines: l(10)}, {depth: 8, lines: l(-5)}}, 1},
		{[]threadResult{{depth: 8, lines: l(10)}, {depth: 8, lines: l(30)}, {depth: 8, lines: l(20)}}, 1},
		{[]threadResult{{depth: 8, lines: l(10)}, {depth: 8, lines: l(10)}}, 0},
		{[]threadResult{{depth: 8, lines: l(10)}, {}}, 0},
		{[]threadResult{{depth: 3, lines: l(10)}, {depth: 9}}, 0},
	} {
		if got := bestThread(c.rs); got != c.want {
			t.Errorf("%+v: thread %d, want %d", c.rs, got, c.want)
		}
	}
}

// TestNewGameClearsHistoryInPlace: a new game forgets the history the last
// one learnt, in the same table, allocating nothing (a GUI or arbiter
// sends one before every game).
func TestNewGameClearsHistoryInPlace(t *testing.T) {
	e := New(Options{HashMB: 1})
	p := loadCase(t, everyGame[0])
	e.Search(context.Background(), p, Limits{Depth: 6}, nil)
	h := e.workers[0].history
	if *h == (historyTable{}) {
		t.Fatal("the search learnt no history")
	}
	e.NewGame()
	if e.workers[0].history != h {
		t.Error("NewGame replaced the history table instead of clearing it")
	}
	if *h != (historyTable{}) {
		t.Error("the history is not empty after NewGame")
	}
	if n := testing.AllocsPerRun(5, e.NewGame); n != 0 {
		t.Errorf("NewGame allocates %.0f times", n)
	}
}
