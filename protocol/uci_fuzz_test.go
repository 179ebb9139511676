package protocol

import (
	"strings"
	"testing"
)

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
