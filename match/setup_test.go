package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"varchess/match/internal/toygame"
	"varchess/variants/all"
)

var (
	toyGame     = toygame.Game
	toyDiceGame = toygame.DiceGame
	allGet      = all.Get
	// fakeEngine is the path of the fake engine built by TestMain.
	fakeEngine string
)

// TestMain builds the fake engine (testdata/fakeengine) once, without the
// race detector and without the real games, so that it starts in
// milliseconds even when the tests run with -race.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "match-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fakeEngine = filepath.Join(dir, "fakeengine")
	build := exec.Command("go", "build", "-o", fakeEngine, "./testdata/fakeengine")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the fake engine: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
