package protocol

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/engine"
	"varchess/variants/all"
)

// FuzzProtocolLoop feeds arbitrary command lines to a running protocol loop
// (UCI, or CECP when the first line is "xboard"), as a GUI does: the lines
// arrive while searches and perfts run (a line "#wait" lets the running
// task work for a millisecond first), and the input ends with EOF. Nothing
// may panic or hang: the loop must return soon after EOF; every isready
// (UCI) or ping (CECP) before quit is answered; in UCI every task started
// prints its one answer before the loop returns; in CECP no command
// panics and every error line has XBoard's shape. Searches and perfts are
// capped (caps) so that every input finishes quickly; infinite, analysing
// and pondering searches stay so (they idle once capped). Run:
//
//	go test ./protocol -run '^$' -fuzz FuzzProtocolLoop -fuzztime 5m
func FuzzProtocolLoop(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nucinewgame",
		"position startpos moves e2e4 e7e5\ngo depth 3",
		"position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e7e5 g1f3\ngo movetime 5",
		"position fen 8/8/8 w\nposition startpos moves e2e5\nd",
		"go infinite\nisready\nstop",
		"go infinite\n#wait\nposition startpos moves e2e4\ngo depth 2\nisready",
		"go\n#wait\nisready",
		"go depth 200\n#wait\nsetoption name Hash value 2\nisready",
		"go ponder wtime 100 btime 100\nponderhit",
		"go ponder wtime 100 btime 100\n#wait\nposition startpos\ngo depth 1\nstop\nponderhit",
		"go wtime -5 btime 10 winc 0 binc 0 movestogo 1",
		"go searchmoves e2e4 d2d4 depth 2",
		"go nodes 500 roll K",
		"go perft 2\nperft 1 dice\nperft x\nisready\nstop",
		"go depth 5\nposition startpos moves e2e4\ngo depth 5\nstop\nd\nisready",
		"setoption name UCI_Variant value kingchess\ngo perft 3",
		"setoption name Hash value 1\nsetoption name Move Overhead value 0\nsetoption name Threads value 2",
		"setoption name UCI_Variant value russian\ngo roll P\nposition startpos moves 0000",
		"setoption name UCI_Variant value russian\nposition fen 5k/6/6/6/6/K5 w K 0 1\ngo ponder\n#wait\nponderhit",
		"setoption name UCI_Variant value kingchess\nposition startpos moves K@e1,Q@d1 k@e8\ngo depth 2",
		"setoption name UCI_Variant value monochrome\nposition startpos\ngo infinite\n#wait\nd\nstop",
		"position startpos moves f2f3 e7e5 g2g4 d8h4\ngo infinite\n#wait\nisready\nstop",
		"setoption\nsetoption name\nsetoption name value x\nposition\nposition fen\nposition fen moves\ngo mate 2",
		"\x00\xff\t \r\nquit\ngo",
		"xboard\nprotover 2\nnew\nusermove e2e4\n#wait\nping 1\nundo\nremove\nping 2",
		"xboard\nnew\nforce\nusermove e2e4\ngo\n?\nping 3\nresult 1-0 {x}\nundo",
		"xboard\nanalyze\n#wait\nping 1\nusermove e2e4\n.\nexit\nping 2",
		"xboard\nperft 3\nping 1\nnew\nperft 2\n?\nping 2",
		"xboard\nvariant russian\nforce\nroll P\ngo\n#wait\nusermove @@@@\nsetboard\nping 9",
		"xboard\nvariant kingchess\nst 0.01\ngo\n#wait\nmemory 2\nping 1",
		"xboard\nsetboard\nsd 2\ngo\nquit\nping 5",
		"go infinite\n#wait\n#eof",
		"go depth 200\nposition startpos\ngo depth 3\nisready\n#eof",
		"xboard\nanalyze\n#eof",
		"xboard\nperft 4\nnew\nping 1\n#eof",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		script := strings.Split(input, "\n")
		if len(script) > 40 {
			script = script[:40]
		}
		cecp := strings.TrimSpace(script[0]) == "xboard"
		var out syncBuffer
		lines := make(chan string)
		ended := make(chan struct{})
		started := func() int { return 0 }
		if cecp {
			s := newCECPSession(&out, engine.New(engine.Options{HashMB: 1}), all.Get)
			s.caps = caps{nodes: 3000, hashMB: 1}
			go func() {
				defer close(ended)
				_ = s.run("xboard", lines)
			}()
		} else {
			s := newUCISession(&out, 1)
			s.nodeCap, s.hashCap = 3000, 1
			go func() {
				defer close(ended)
				s.loop("uci", lines)
			}()
			started = func() int { return s.started } // read after the loop ended
		}
		if cecp {
			script = script[1:] // the loop got it
		}
		asked := 0 // isready or ping lines
		quit := false
	feed:
		for _, l := range script {
			if strings.TrimSpace(l) == "#eof" {
				break
			}
			if strings.TrimSpace(l) == "#wait" {
				time.Sleep(time.Millisecond)
				continue
			}
			select {
			case lines <- l:
			case <-ended: // quit
				quit = true
				break feed
			}
			switch f := strings.Fields(l); {
			case len(f) > 0 && (f[0] == "isready" && !cecp || f[0] == "ping" && cecp):
				asked++
			case len(f) > 0 && f[0] == "quit":
				<-ended
				quit = true
				break feed
			}
		}
		// Unless the script ends with "#eof" (EOF at once, maybe during a
		// search), stop and synchronise first: after that answer every
		// earlier isready/ping must have been answered, in order.
		synced := false
		if n := len(script); !quit && n > 0 && strings.TrimSpace(script[n-1]) != "#eof" {
			sync := "isready"
			if cecp {
				sync = "ping 999999"
			}
			for _, l := range []string{"stop", sync} {
				select {
				case lines <- l:
				case <-ended:
				}
			}
			synced = true
			asked++
			for deadline := time.Now().Add(20 * time.Second); readies(out.String()) < asked; {
				if time.Now().After(deadline) {
					t.Fatalf("no answer to the final %s; output:\n%s", sync, out.String())
				}
				time.Sleep(time.Millisecond)
			}
		}
		close(lines) // EOF
		select {
		case <-ended:
		case <-time.After(20 * time.Second):
			t.Fatalf("the loop did not return after EOF; output:\n%s", out.String())
		}
		answers, ready := 0, readies(out.String())
		for _, l := range strings.Split(out.String(), "\n") {
			switch {
			case strings.HasPrefix(l, "bestmove "), strings.HasPrefix(l, "Nodes searched: "),
				strings.HasPrefix(l, "info string perft ") && strings.HasSuffix(l, " stopped"):
				answers++
			case strings.HasPrefix(l, "Error (internal"):
				t.Fatalf("a command panicked:\n%s", out.String())
			case cecp && (strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "Illegal move")) && !cecpErrorLine.MatchString(l):
				t.Fatalf("malformed error line %q", l)
			}
		}
		// Without the final sync, EOF drops commands still queued behind
		// a search (quit is at once), so some may go unanswered.
		if ready > asked || synced && !quit && ready != asked {
			t.Errorf("%d isready/ping, %d readyok/pong; output:\n%s", asked, ready, out.String())
		}
		if !cecp && answers != started() {
			t.Errorf("%d tasks started, %d answers; output:\n%s", started(), answers, out.String())
		}
	})
}

// readies counts the answers to isready and ping in out.
func readies(out string) (n int) {
	for _, l := range strings.Split(out, "\n") {
		if l == "readyok" || strings.HasPrefix(l, "pong ") {
			n++
		}
	}
	return n
}

// syncBuffer is a bytes.Buffer safe for a loop and its tasks to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
