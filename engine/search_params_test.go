package engine

import "testing"

// TestSearchParamsDefaults: the zero SearchParams searches exactly as the
// defaults written out, and changing a margin changes the tree (so the
// parameter reaches the search).
func TestSearchParamsDefaults(t *testing.T) {
	nodes := func(p SearchParams) uint64 {
		t.Helper()
		n, _, err := BenchOptions(7, Options{HashMB: 4, Search: p}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	zero := nodes(SearchParams{})
	if all := nodes(defaultParams); all != zero {
		t.Errorf("defaults written out: %d nodes, the zero value %d", all, zero)
	}
	for _, name := range []string{"RFPMargin", "LMRDivisor", "HistoryBonusPly", "AspirationDelta"} {
		sp, ok := FindSearchParam(name)
		if !ok {
			t.Fatalf("no parameter %s", name)
		}
		var p SearchParams
		sp.Set(&p, sp.Def*3/2)
		if n := nodes(p); n == zero {
			t.Errorf("%s at %d: the same %d nodes as at %d", name, sp.Def*3/2, n, sp.Def)
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
	if *newLMRTable(75, 225) != *defaultLMR {
		t.Error("the default table differs from 0.75 + ln d ln n / 2.25")
	}
	p := defaultParams
	p.LMRDivisor = 300
	if lmrFor(p) == defaultLMR || lmrFor(p)[20][20] >= defaultLMR[20][20] {
		t.Errorf("a larger divisor should reduce less: %d vs %d", lmrFor(p)[20][20], defaultLMR[20][20])
	}
}
