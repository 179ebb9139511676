package engine

import (
	"context"
	"testing"

	"varchess/variants"
	"varchess/variants/chess"
)

// TestSearchParamsDefaults: the zero SearchParams searches exactly as the
// defaults written out, and changing a margin changes the tree (so the
// parameter reaches the search).
func TestSearchParamsDefaults(t *testing.T) {
	nodes := func(depth int, p SearchParams) uint64 {
		t.Helper()
		n, _, err := BenchOptions(depth, Options{HashMB: 4, Search: p}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	zero := map[int]uint64{7: nodes(7, SearchParams{})}
	if all := nodes(7, defaultParams); all != zero[7] {
		t.Errorf("defaults written out: %d nodes, the zero value %d", all, zero[7])
	}
	// Singular extensions start at depth 8: their margins need a deeper
	// search to show.
	names := map[string]int{"RFPMargin": 7, "LMRDivisor": 7, "HistoryBonusPly": 7, "AspirationDelta": 7,
		"NullBase": 7, "LMPPerDepth2": 7, "DeeperBase": 7, "HistoryBonusOff": 7, "SwingScale": 7}
	if !testing.Short() {
		names["SingularPerPly"], names["SingularDouble"] = 10, 10
		zero[10] = nodes(10, SearchParams{})
	}
	for name, depth := range names {
		sp, ok := FindSearchParam(name)
		if !ok {
			t.Fatalf("no parameter %s", name)
		}
		var p SearchParams
		sp.Set(&p, sp.Def*3/2)
		if n := nodes(depth, p); n == zero[depth] {
			t.Errorf("%s at %d: the same %d nodes as at %d (depth %d)", name, sp.Def*3/2, n, sp.Def, depth)
		}
	}
}

// TestSearchParamList: every parameter has a distinct field, a default
// inside its range, and Get/Set reach the field.
func TestSearchParamList(t *testing.T) {
	seen := map[*int]string{}
	var p SearchParams
	for _, sp := range SearchParamList {
		if sp.Def < sp.Min || sp.Def > sp.Max || sp.Min < 1 {
			t.Errorf("%s: default %d outside %d..%d (or a minimum below 1, which would read as unset)", sp.Name, sp.Def, sp.Min, sp.Max)
		}
		f := sp.field(&p)
		if other, dup := seen[f]; dup {
			t.Errorf("%s and %s share a field", sp.Name, other)
		}
		seen[f] = sp.Name
		if sp.Get(p) != sp.Def {
			t.Errorf("%s: unset reads %d, want the default %d", sp.Name, sp.Get(p), sp.Def)
		}
		sp.Set(&p, sp.Max)
		if sp.Get(p) != sp.Max {
			t.Errorf("%s: set to %d reads %d", sp.Name, sp.Max, sp.Get(p))
		}
	}
	if got, ok := FindSearchParam("NoSuchMargin"); ok {
		t.Errorf("found %+v for an unknown name", got)
	}
}

// TestLMRTableOfDefaults: the shared table is the one the formula gives,
// and other constants get their own.
func TestLMRTableOfDefaults(t *testing.T) {
	if lmrFor(defaultParams) != defaultLMR {
		t.Error("the defaults do not share the default table")
	}
	if lmrFor(handSetParams.withDefaults()) != handSetLMR {
		t.Error("the hand-set margins do not share their table")
	}
	if *newLMRTable(113, 236) != *defaultLMR {
		t.Error("the default table differs from 1.13 + ln d ln n / 2.36")
	}
	p := defaultParams
	p.LMRDivisor = 400
	if lmrFor(p) == defaultLMR || lmrFor(p)[20][20] >= defaultLMR[20][20] {
		t.Errorf("a larger divisor should reduce less: %d vs %d", lmrFor(p)[20][20], defaultLMR[20][20])
	}
}

// TestHandSetParamsComplete: a zero field would fall back to chess's
// default, so retuning chess would silently change the other games.
func TestHandSetParamsComplete(t *testing.T) {
	for _, sp := range SearchParamList {
		if *sp.field(&handSetParams) == 0 {
			t.Errorf("handSetParams.%s is not set", sp.Name)
		}
	}
}

// TestGameMargins: kingchess1 searches with the hand-set margins unless
// options override them, and chess with the tuned defaults.
func TestGameMargins(t *testing.T) {
	kc := mustKC(t, "r1b1kb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1B1KB1R[Qq] w KQkq - 2 6", true)
	nodes := func(pos variants.Position, p SearchParams) uint64 {
		t.Helper()
		e := New(Options{HashMB: 4, Search: p})
		return e.Search(context.Background(), pos, Limits{Depth: 6}, nil).Nodes
	}
	own := nodes(kc, SearchParams{})
	if hand := nodes(kc, handSetParams); own != hand {
		t.Errorf("kingchess1: %d nodes by its own margins, %d by the hand-set ones written out", own, hand)
	}
	if tuned := nodes(kc, defaultParams); own == tuned {
		t.Errorf("kingchess1: the tuned margins as options search the same %d nodes as its own", own)
	}
	ch, err := chess.Parse("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	if err != nil {
		t.Fatal(err)
	}
	if own, tuned := nodes(ch, SearchParams{}), nodes(ch, defaultParams); own != tuned {
		t.Errorf("chess: %d nodes by default, %d with the tuned margins written out", own, tuned)
	}
}
