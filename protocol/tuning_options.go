//go:build tune

package protocol

import "varchess/engine"

// tuningOptions are the search's margins as spin options (engine.SearchParamList),
// offered only by a tuning build, `go build -tags tune`, for `varchess spsa`:
// a GUI user of the normal build never sees a dozen knobs that only a
// tuner should turn.
func tuningOptions() []searchOption {
	out := make([]searchOption, 0, len(engine.SearchParamList))
	for _, sp := range engine.SearchParamList {
		out = append(out, searchOption{name: sp.Name, def: sp.Def, min: sp.Min, max: sp.Max})
	}
	return out
}
