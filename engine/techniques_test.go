package engine

import (
	"context"
	"testing"

	"varchess/variants"
	"varchess/variants/monochrome"
)

// searchUsed searches pos to depth with game g's hooks on one thread and
// returns the techniques the search applied (searcher.used).
func searchUsed(t *testing.T, g Game, pos variants.Position, depth int) Techniques {
	t.Helper()
	var made []*searcher
	newThread := func(j *job, id int, p variants.Position) thread {
		s := newSearcher(j, id, p, g)
		made = append(made, s)
		return s
	}
	e := New(Options{HashMB: 16})
	if r := e.searchWith(context.Background(), pos, Limits{Depth: depth}, nil, newThread); r.Best.IsNone() {
		t.Fatalf("%s: no move", pos.FEN())
	}
	var used Techniques
	for _, s := range made {
		used |= s.used
	}
	return used
}

// allTechniques is every Tech constant.
const allTechniques Techniques = 1<<techCount - 1

// chessTechniquePositions are openings where depth-11 chess searches
// together apply every technique of the set. History pruning is the rare
// one and which position shows it moves with the evaluation weights and
// the search, so the test searches several and takes the union.
var chessTechniquePositions = []string{
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5",
	"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
	"r1bqkb1r/pp1ppppp/2n2n2/2p5/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4",
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 5",
}

func chessUsed(t *testing.T, without Techniques) Techniques {
	t.Helper()
	g := Game{NewEvaluator: newChessEvaluator, Without: without}
	var used Techniques
	for _, fen := range chessTechniquePositions {
		used |= searchUsed(t, g, mustParse(t, fen), 11)
	}
	return used
}

// A technique a game switches off is never applied: chess with nothing
// switched off applies all of them in this search (so the record sees
// each one), and with any one switched off, never that one.
func TestGameWithoutTechniques(t *testing.T) {
	if testing.Short() {
		t.Skip("eleven rounds of depth-11 searches")
	}
	if used := chessUsed(t, 0); used != allTechniques {
		t.Fatalf("chess applied %v, want every technique (%v)", used, allTechniques)
	}
	for i := range techCount {
		off := Techniques(1) << i
		if used := chessUsed(t, off); used&off != 0 || used == 0 {
			t.Errorf("without %v: applied %v, want some, never %v", off, used, off)
		}
	}
	if used := chessUsed(t, allTechniques); used != 0 {
		t.Errorf("without all: applied %v, want none", used)
	}
}

func TestTechniquesString(t *testing.T) {
	if got := (TechSingular | TechQFutility).String(); got != "singular,qfutility" {
		t.Errorf("String = %q", got)
	}
	if got := Techniques(0).String(); got != "none" {
		t.Errorf("empty String = %q", got)
	}
}

// Monochrome's search never applies the techniques the game switches off,
// and still applies the others (the set is not empty by accident).
func TestMonochromeWithoutTechniques(t *testing.T) {
	g := gameFor("monochrome")
	if g.Without == 0 {
		t.Fatal("monochrome switches no technique off")
	}
	var used Techniques
	for _, fen := range []string{
		monochrome.StartFEN,
		"RNBQKB1R/PPP1PPPP/3P1N2/8/4P3/1P6/P1PP1PPP/RNBQKBNR w - 4 3 0-0",
	} {
		used |= searchUsed(t, g, monoPos(t, fen), 8)
	}
	if used&g.Without != 0 {
		t.Errorf("monochrome applied %v, which it switches off", used&g.Without)
	}
	if used == 0 {
		t.Errorf("monochrome applied no technique at all")
	}
}
