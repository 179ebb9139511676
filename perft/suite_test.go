package perft

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"varchess/variants/all"
)

// shallowNodes bounds the counts checked by `go test`; scripts/perft-deep.sh
// runs every depth of every suite.
const shallowNodes = 3_000_000

// TestStoredSuites checks every reference count under shallowNodes in every
// suite in testdata, for every game that is registered.
func TestStoredSuites(t *testing.T) {
	files, err := filepath.Glob("testdata/*.epd")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f, err := os.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			entries, err := ReadSuite(f)
			if err != nil {
				t.Fatal(err)
			}
			var known []Entry
			for _, e := range entries {
				if _, err := all.Get(e.Variant); err == nil {
					known = append(known, e)
				}
			}
			if len(known) == 0 {
				t.Skip("no registered game in this suite yet")
			}
			limit := uint64(shallowNodes)
			if testing.Short() {
				limit /= 100
			}
			failures, _, _ := RunSuite(context.Background(), known, SuiteConfig{MaxNodes: limit, Jobs: 2}, nil)
			for _, fl := range failures {
				t.Error(fl)
			}
		})
	}
}
