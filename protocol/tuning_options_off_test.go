//go:build !tune

package protocol

import (
	"testing"

	"varchess/engine"
)

// TestNoTuningOptions: the normal build offers none of the search margins.
func TestNoTuningOptions(t *testing.T) {
	for _, sp := range engine.SearchParamList {
		if _, ok := findSearchOption(sp.Name); ok {
			t.Errorf("the normal build offers %s", sp.Name)
		}
	}
}
