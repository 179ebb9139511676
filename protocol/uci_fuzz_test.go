package protocol

import (
	"io"
	"strings"
	"testing"
)

// FuzzUCICommands feeds arbitrary command lines to a UCI session: no input
// may panic or hang it. Searches and perfts are capped (nodeCap) so that
// every input finishes quickly. Run: go test ./protocol -fuzz FuzzUCICommands
func FuzzUCICommands(f *testing.F) {
	for _, seed := range []string{
		"uci\nisready\nucinewgame",
		"position startpos moves e2e4 e7e5\ngo depth 3",
		"position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e7e5 g1f3\ngo movetime 5",
		"position fen 8/8/8 w\nposition startpos moves e2e5\nd",
		"go infinite\nisready\nstop",
		"go ponder wtime 100 btime 100\nponderhit",
		"go wtime -5 btime 10 winc 0 binc 0 movestogo 1",
		"go searchmoves e2e4 d2d4 depth 2",
		"go nodes 500 roll K",
		"go perft 2\nperft 1 dice\nperft x",
		"setoption name UCI_Variant value kingchess\ngo perft 3",
		"setoption name Hash value 1\nsetoption name Move Overhead value 0\nsetoption name Threads value 2",
		"setoption name UCI_Variant value russian\ngo roll P\nposition startpos moves 0000",
		"setoption name UCI_Variant value kingchess\nposition startpos moves K@e1,Q@d1 k@e8\ngo depth 2",
		"setoption name UCI_Variant value monochrome\nposition startpos\ngo depth 2",
		"setoption\nsetoption name\nsetoption name value x\nposition\nposition fen\nposition fen moves\ngo mate 2",
		"\x00\xff\t \r\nquit\ngo",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		s := newUCISession(io.Discard, 1)
		s.nodeCap, s.hashCap = 3000, 1
		lines := strings.Split(input, "\n")
		if len(lines) > 40 {
			lines = lines[:40]
		}
		for _, l := range lines {
			if s.handle(l) {
				break
			}
		}
		s.finishSearch()
	})
}

func TestParseGo(t *testing.T) {
	g, err := parseGo(strings.Fields("wtime 1000 btime -20 winc 0 binc 10 movestogo 5 depth 7 nodes 99 roll q"))
	if err != nil {
		t.Fatal(err)
	}
	l := g.lim
	if l.WTime.Milliseconds() != 1000 || l.BTime.Milliseconds() != 1 || l.WInc != 0 || l.BInc.Milliseconds() != 10 ||
		l.MovesToGo != 5 || l.Depth != 7 || l.Nodes != 99 || g.roll != 'Q' {
		t.Errorf("parsed %+v", g)
	}
	g, err = parseGo(strings.Fields("perft 4 dice"))
	if err != nil || g.perft != 4 || !g.dice {
		t.Errorf("perft 4 dice: %+v %v", g, err)
	}
	g, err = parseGo(strings.Fields("searchmoves e2e4 d2d4 infinite"))
	if err != nil || !g.lim.Infinite {
		t.Errorf("searchmoves ... infinite: %+v %v", g, err)
	}
	for _, bad := range []string{"depth", "depth x", "wtime 99999999999999999999", "roll X", "perft -1", "frobnicate"} {
		if _, err := parseGo(strings.Fields(bad)); err == nil {
			t.Errorf("go %s: no error", bad)
		}
	}
}

func TestParseSetOption(t *testing.T) {
	name, value, err := parseSetOption(strings.Fields("name Move Overhead value 30"))
	if err != nil || name != "Move Overhead" || value != "30" {
		t.Errorf("got %q %q %v", name, value, err)
	}
	name, value, err = parseSetOption(strings.Fields("name Clear Hash"))
	if err != nil || name != "Clear Hash" || value != "" {
		t.Errorf("got %q %q %v", name, value, err)
	}
	if _, _, err := parseSetOption(strings.Fields("value 3")); err == nil {
		t.Error("no error for a missing name")
	}
}
