package protocol

import (
	"io"
	"strings"
	"testing"
	"time"

	"varchess/variants/all"
)

// The loop must always listen (issue 11): these scenarios run against the
// built binary and in-process (uciScenarios, cecpLoopScenarios). Their
// timeouts only catch a deaf or hung engine; no time is asserted.

// scenarioUCIEOFAlways: EOF ends the session at once whatever runs: a go
// without limits, a depth the search cannot reach, infinite, pondering and
// a perft far too big to finish.
func scenarioUCIEOFAlways(t *testing.T, start starter) {
	for _, goLine := range []string{"go", "go depth 200", "go infinite", "go ponder wtime 60000 btime 60000", "go perft 9"} {
		t.Run(strings.ReplaceAll(goLine, " ", "_"), func(t *testing.T) {
			p := uciOpen(t, start)
			p.send("position startpos", goLine)
			if strings.Contains(goLine, "perft") {
				uciReady(p) // the perft runs: answered meanwhile
			} else {
				p.waitFor(`^info depth 1 `, 10*time.Second)
			}
			if err := p.in.Close(); err != nil {
				t.Fatal(err)
			}
			waitExit(t, p)
		})
	}
}

// scenarioUCIPerftListens: a perft runs like a search: isready is answered
// while it counts, stop ends it without a total, quit and EOF end the
// session; a depth beyond variants.MaxPerftDepth is an error.
func scenarioUCIPerftListens(t *testing.T, start starter) {
	p := uciOpen(t, start)
	p.send("position startpos", "go perft 8")
	for _, l := range uciReady(p) {
		if strings.HasPrefix(l, "Nodes searched") {
			t.Fatalf("perft 8 finished before isready was answered: %q", l)
		}
	}
	p.send("stop")
	p.waitFor(`^info string perft 8 stopped$`, 10*time.Second)
	p.expectSilent(uciReady(p))
	p.send("perft 13")
	p.expectOnly(uciReady(p), `^info string error: .*perft depth 13 out of range 1\.\.12`)
	p.send("go perft 64")
	p.expectOnly(uciReady(p), `^info string error: perft depth 64 out of range 1\.\.12`)
	// Commands behind a perft wait for it: the total comes first.
	p.send("perft 3", "position startpos moves e2e4", "perft 1")
	if l, _ := p.waitFor(`^Nodes searched: `, 30*time.Second); l != "Nodes searched: 8902" {
		t.Errorf("perft 3: %q", l)
	}
	if l, _ := p.waitFor(`^Nodes searched: `, 30*time.Second); l != "Nodes searched: 20" {
		t.Errorf("perft 1 after e2e4: %q", l)
	}
	p.send("go perft 9")
	uciReady(p)
	p.send("quit")
	waitExit(t, p)
}

// scenarioUCIWaitOrStop: a command that changes the game waits for a search
// that ends by itself (both answers come, in order, and isready after
// them) and stops one that would not (infinite, or go without limits).
func scenarioUCIWaitOrStop(t *testing.T, start starter) {
	p := uciOpen(t, start)
	afterE4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	start0 := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	// isready waits for the first search (the commands before it wait for
	// it), not for the second, which is running when isready's turn comes.
	p.send("position startpos", "go depth 7", "position startpos moves e2e4", "go depth 1", "isready")
	first, _ := p.waitFor(`^bestmove `, 60*time.Second)
	second, before := p.waitFor(`^bestmove `, 30*time.Second)
	if !containsLine(before, "readyok") {
		p.waitFor(`^readyok$`, 10*time.Second)
	}
	if !isLegalChessMove(start0, strings.Fields(first)[1]) || !isLegalChessMove(afterE4, strings.Fields(second)[1]) {
		t.Errorf("answers %q then %q: want a White move, then a Black one after e2e4", first, second)
	}
	for _, endless := range []string{"go infinite", "go"} {
		p.send("position startpos", endless)
		p.waitFor(`^info depth 1 `, 10*time.Second)
		p.send("position startpos moves e2e4", "go depth 1")
		first, _ = p.waitFor(`^bestmove `, 10*time.Second)
		second, _ = p.waitFor(`^bestmove `, 30*time.Second)
		if !isLegalChessMove(start0, strings.Fields(first)[1]) || !isLegalChessMove(afterE4, strings.Fields(second)[1]) {
			t.Errorf("%s: answers %q then %q: want the stopped search's White move, then Black's", endless, first, second)
		}
	}
	// stop also stops what waited behind a search and started after it.
	p.send("position startpos", "go depth 6", "go infinite", "stop")
	p.waitFor(`^bestmove `, 60*time.Second)
	p.waitFor(`^bestmove `, 10*time.Second)
	p.expectSilent(uciReady(p))
}

// scenarioUCIInfiniteNoMove: in infinite and ponder mode there is no
// bestmove before stop (or ponderhit), even with no legal move.
func scenarioUCIInfiniteNoMove(t *testing.T, start starter) {
	p := uciOpen(t, start)
	p.send("position startpos moves f2f3 e7e5 g2g4 d8h4", "go infinite")
	time.Sleep(50 * time.Millisecond)
	p.expectSilent(uciReady(p))
	p.send("stop")
	if l, _ := p.waitFor(`^bestmove `, 10*time.Second); l != "bestmove 0000" {
		t.Errorf("mated, go infinite, stop: %q", l)
	}
	p.send("go ponder wtime 1000 btime 1000")
	time.Sleep(50 * time.Millisecond)
	p.expectSilent(uciReady(p))
	p.send("ponderhit")
	if l, _ := p.waitFor(`^bestmove `, 10*time.Second); l != "bestmove 0000" {
		t.Errorf("mated, go ponder, ponderhit: %q", l)
	}
}

// scenarioUCIRussianPonderhit: the russian position that used to hang after
// ponderhit until stop answers by itself, every time.
func scenarioUCIRussianPonderhit(t *testing.T, start starter) {
	p := uciOpen(t, start)
	p.send("setoption name UCI_Variant value russian", "position fen rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w B 2 7")
	uciReady(p)
	for i := 0; i < 5; i++ {
		p.send("go ponder wtime 2000 btime 2000", "ponderhit")
		p.waitFor(`^bestmove `, 30*time.Second)
	}
}

// scenarioUCIDisplayFen: `d` names the FEN `Fen:` in every game, once.
func scenarioUCIDisplayFen(t *testing.T, start starter) {
	p := uciOpen(t, start)
	for _, name := range all.Names {
		p.send("setoption name UCI_Variant value "+name, "d")
		n := 0
		for _, l := range uciReady(p) {
			if strings.HasPrefix(strings.ToLower(l), "fen:") {
				n++
				if !strings.HasPrefix(l, "Fen: ") {
					t.Errorf("%s: %q", name, l)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: %d Fen lines", name, n)
		}
	}
}

// scenarioCECPLoop: CECP perft runs as a task (ping answered meanwhile, `?`
// stops it, commands behind it wait); EOF during analysis or a perft ends
// the session.
func scenarioCECPLoop(t *testing.T, start starter) {
	p := start(t)
	p.handshake(false)
	p.send("new", "force", "perft 2")
	if l, before := p.waitFor(`^Nodes searched: `, 30*time.Second); l != "Nodes searched: 400" || len(before) != 21 {
		t.Errorf("perft 2: %q after %q", l, before)
	}
	p.send("perft 8")
	for _, l := range p.sync() {
		if strings.HasPrefix(l, "Nodes searched") {
			t.Fatalf("perft 8 finished before ping was answered: %q", l)
		}
	}
	p.send("?")
	p.waitFor(`^# perft 8 stopped$`, 10*time.Second)
	p.send("perft 13")
	p.expectOnly(p.sync(), `^Error \(usage perft DEPTH \[dice\] - perft depth 13 out of range 1\.\.12 .*\): perft 13$`)
	p.send("perft 2", "usermove e2e4", "perft 1")
	p.waitFor(`^Nodes searched: 400$`, 30*time.Second)
	p.waitFor(`^Nodes searched: 20$`, 30*time.Second)

	p.send("analyze")
	p.sync()
	if err := p.in.Close(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, p)

	p = start(t)
	p.handshake(false)
	p.send("perft 9")
	p.sync()
	if err := p.in.Close(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, p)
}

// scenarioCECPSetboardEmpty: setboard without a FEN is an error that
// leaves the game alone (d6dfd26 silently reset it to the start position).
func scenarioCECPSetboardEmpty(t *testing.T, start starter) {
	p := start(t)
	p.handshake(false)
	p.send("new", "force", "usermove e2e4", "setboard")
	p.expectOnly(p.sync(), `^Error \(missing FEN\): setboard$`)
	p.send("usermove e7e5") // still Black's move after e2e4
	p.expectSilent(p.sync())
}

// scenarioCECPRussianPass: the opponent's pass (`usermove @@@@`) with no
// roll known is accepted when some face forces it (with the start array a
// B roll passes: no bishops), refused when every face allows a move, and
// under a known roll decided by that roll alone (docs/protocol.md).
func scenarioCECPRussianPass(t *testing.T, start starter) {
	registered(t, "russian")
	p := start(t)
	p.handshake(false)
	p.send("variant russian", "force")
	p.sync()
	p.send("usermove @@@@")
	p.expectSilent(p.sync())
	p.send("setboard rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - 0 1", "usermove @@@@")
	p.expectOnly(p.sync(), `^Illegal move \(.*\): @@@@$`)
	p.send("setboard rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1", "roll K", "usermove @@@@")
	p.expectOnly(p.sync(), `^Illegal move \(.*\): @@@@$`)
	p.send("roll B", "usermove @@@@")
	p.expectSilent(p.sync())
}

// TestCECPStIsAMoveTime: python-chess sends `st 0.052` for a 52 ms move.
// It must reach the engine as a 52 ms movetime with the one Move Overhead
// default of both protocols (10 ms); with CECP's former 100 ms the engine
// kept 1 ms of the 52 (a median 2% of the time used).
func TestCECPStIsAMoveTime(t *testing.T) {
	s := newCECPSession(io.Discard, firstMoveSearcher{}, all.Get)
	for _, l := range []string{"new", "force", "e2e4", "st 0.052", "nopost", "easy"} {
		if err := s.handle(l); err != nil {
			t.Fatal(err)
		}
	}
	lim := s.limits(false)
	if lim.MoveTime != 52*time.Millisecond || lim.MoveOverhead != 10*time.Millisecond || lim.WTime != 0 || lim.BTime != 0 {
		t.Errorf("st 0.052: %+v", lim)
	}
	if u := newUCISession(io.Discard, 1); u.overhead != s.moveOverhead {
		t.Errorf("Move Overhead defaults differ: UCI %v, CECP %v", u.overhead, s.moveOverhead)
	}
}
