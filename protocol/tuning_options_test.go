//go:build tune

package protocol

import (
	"strconv"
	"testing"

	"varchess/engine"
)

// TestTuningOptions: a tuning build offers every search margin as a spin
// with its default and range, and setting one reaches the engine's
// options; a value out of range is refused.
func TestTuningOptions(t *testing.T) {
	for _, sp := range engine.SearchParamList {
		o, ok := findSearchOption(sp.Name)
		if !ok {
			t.Fatalf("no option %s", sp.Name)
		}
		want := "option name " + sp.Name + " type spin default " + strconv.Itoa(sp.Def) + " min " + strconv.Itoa(sp.Min) + " max " + strconv.Itoa(sp.Max)
		if o.uciLine() != want {
			t.Errorf("got %q, want %q", o.uciLine(), want)
		}
		eng := &optionsOnly{}
		if _, err := setSearchOption(eng, &searchSettings{}, o, strconv.Itoa(sp.Max)); err != nil {
			t.Fatal(err)
		}
		if got := sp.Get(eng.opt.Search); got != sp.Max {
			t.Errorf("%s set to %d reads %d", sp.Name, sp.Max, got)
		}
		if _, err := setSearchOption(eng, &searchSettings{}, o, strconv.Itoa(sp.Max+1)); err == nil {
			t.Errorf("%s accepted %d, above its range", sp.Name, sp.Max+1)
		}
	}
}
