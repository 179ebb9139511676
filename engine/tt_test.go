package engine

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// residentBytes reads the process's resident set size (Linux).
func residentBytes(t *testing.T) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skipf("no /proc/self/statm: %v", err)
	}
	f := strings.Fields(string(b))
	pages, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// TestNewGameTouchesNoTableMemory: a new game on a large, fresh table must
// not write the table (GUIs send ucinewgame / new with a 4 GiB table and
// wait for the answer to isready / ping). The table is 256 MiB here;
// clearing it by writing would fault all of it into memory.
func TestNewGameTouchesNoTableMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/statm")
	}
	const mb = 256
	e := New(Options{HashMB: mb})
	before := residentBytes(t)
	e.NewGame()
	e.NewGame()
	grown := residentBytes(t) - before
	if grown > mb<<20/4 {
		t.Errorf("NewGame on a fresh %d MiB table grew the resident memory by %d MiB", mb, grown>>20)
	}
	runtime.KeepAlive(e)
}
