package train

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const goodLine = "r1b1kbnr/1p1p1ppp/p1n5/2p1p3/1P2P3/P2P4/2P2PPP/RNBK1BNR w kq - 1 8 | -40 | 1.0\n"

func TestLoadSkipsBadLinesAndPartialLast(t *testing.T) {
	text := goodLine +
		"garbage\n" +
		"\n# a comment\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | x | 1.0\n" + // bad score
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 5 | 0.7\n" + // bad result
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1 | 5 | 0.5\n" + // bad FEN
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 | 30 | 0.0\n" +
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 12 | 0." // cut short
	d := &Data{}
	if err := d.Load(strings.NewReader(text), "f.txt", 1, nil); err != nil {
		t.Fatal(err)
	}
	if d.Len() != 2 || d.Skipped != 5 || d.Lines != 7 {
		t.Fatalf("%d positions, %d skipped of %d lines; want 2, 5, 7", d.Len(), d.Skipped, d.Lines)
	}
	if !strings.HasPrefix(d.FirstBad, "f.txt:2:") {
		t.Errorf("first bad line: %q", d.FirstBad)
	}
	// The Black-to-move position: score and result turned to its view.
	if d.stm[1] != 1 || d.score[1] != -30 || d.result[1] != 1 {
		t.Errorf("black to move: stm %d score %g result %g", d.stm[1], d.score[1], d.result[1])
	}
	if n := len(d.features(0)); n != 30 {
		t.Errorf("%d features, want 30", n)
	}
	// A complete last line without its newline is used.
	d = &Data{}
	if err := d.Load(strings.NewReader(strings.TrimSuffix(goodLine, "\n")), "f", 1, nil); err != nil || d.Len() != 1 {
		t.Fatalf("unterminated complete line: %d positions, %v", d.Len(), err)
	}
}

// The result does not depend on the number of parsing goroutines.
func TestLoadThreads(t *testing.T) {
	text := syntheticLines(block+100, 4) + "bad line\n"
	a, b := &Data{}, &Data{}
	if err := a.Load(strings.NewReader(text), "x", 1, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.Load(strings.NewReader(text), "x", 3, nil); err != nil {
		t.Fatal(err)
	}
	if a.Len() != block+100 || a.Skipped != 1 || b.Len() != a.Len() || b.Skipped != 1 ||
		!slices.Equal(a.feats, b.feats) || !slices.Equal(a.start, b.start) || !slices.Equal(a.score, b.score) || !slices.Equal(a.stm, b.stm) {
		t.Fatalf("loads differ: %d/%d positions", a.Len(), b.Len())
	}
}

func TestMainErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	empty := write("empty.txt", "")
	garbage := write("garbage.txt", "hello\nworld | 1 | 2\n\x00\x01\x02\n")
	good := write("good.txt", syntheticLines(50, 6))
	notNet := write("bad.nnue", "not a network")
	out := filepath.Join(dir, "out.nnue")
	for _, c := range []struct {
		args []string
		rc   int
		msg  string
	}{
		{[]string{"-h"}, 0, "-lambda"},
		{[]string{"-out", out}, 2, "-data and -out are required"},
		{[]string{"-data", good}, 2, "-data and -out are required"},
		{[]string{"-data", good, "-out", out, "-hidden", "0"}, 2, "-hidden in 1..4096"},
		{[]string{"-data", good, "-out", out, "-lambda", "2"}, 2, "-lambda in [0,1]"},
		{[]string{"-data", good, "-out", out, "stray"}, 2, "usage"},
		{[]string{"-data", filepath.Join(dir, "missing.txt"), "-out", out}, 1, "missing.txt"},
		{[]string{"-data", empty, "-out", out}, 1, "no positions in " + empty},
		{[]string{"-data", garbage, "-out", out}, 1, "all 3 lines malformed"},
		{[]string{"-data", good, "-out", filepath.Join(dir, "nodir", "x.nnue")}, 1, "cannot write"},
		{[]string{"-data", good, "-out", out, "-init", notNet}, 1, "not a network file"},
		{[]string{"-data", good, "-out", out, "-init", filepath.Join(dir, "none.nnue")}, 1, "none.nnue"},
	} {
		var stdout, stderr bytes.Buffer
		rc := Main(c.args, &stdout, &stderr)
		if rc != c.rc || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: rc %d, stderr %q; want rc %d and %q", c.args, rc, stderr.String(), c.rc, c.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run wrote the network")
	}

	// Garbage mixed with good lines: trained, the skipped lines counted
	// (-flip is on: 60 lines give 120 positions); then -init with a
	// different -hidden is refused.
	mixed := write("mixed.txt", "junk\n"+syntheticLines(60, 7)+"more junk\n")
	var stdout, stderr bytes.Buffer
	if rc := Main([]string{"-data", mixed, "-out", out, "-hidden", "8", "-epochs", "1", "-batch", "16"}, &stdout, &stderr); rc != 0 {
		t.Fatalf("rc %d: %s", rc, stderr.String())
	}
	if !strings.Contains(stdout.String(), "120 positions") || !strings.Contains(stdout.String(), "2 lines skipped") ||
		!strings.Contains(stderr.String(), "mixed.txt:1: ") {
		t.Errorf("stdout %q\nstderr %q", stdout.String(), stderr.String())
	}
	stderr.Reset()
	if rc := Main([]string{"-data", mixed, "-out", out, "-init", out, "-hidden", "16"}, &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), "hidden size 8") {
		t.Errorf("-init with another -hidden: rc %d, %q", rc, stderr.String())
	}
	// No temporary files are left next to the output.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
