package perft

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runMain(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(args, &out, &errb)
	return code, out.String(), errb.String()
}

// perft(2) of the kingchess start is counted, exactly and at once (it
// used to collect its 5.3e15 first actions in one slice until the kernel
// killed it), and prints no leaves/s.
func TestMainKingchessStartDepth2(t *testing.T) {
	code, out, errs := runMain(t, "-variant", "kingchess", "-depth", "2")
	if code != 0 || !strings.HasSuffix(out, "Nodes searched: 20931141008933099102892737203276\n") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if speed.MatchString(errs) || !strings.Contains(errs, "counted, not enumerated") {
		t.Errorf("a counted result must not give a speed: %q", errs)
	}
	if testing.Short() {
		return // the divide counts it all again (TestPerftCountedDivide covers it)
	}
	code, out, _ = runMain(t, "-variant", "kingchess", "-depth", "2", "-divide")
	if code != 0 || !strings.Contains(out, "(drop actions of 2+ pieces): 20931141008932932749261151499056\n") {
		t.Errorf("divide: exit %d, %q", code, out)
	}
}

// What cannot finish is refused at once with an estimate of the work.
func TestMainRefusesUnfinishable(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "kingchess", "-depth", "3"}, "depth 3 makes 2.09e+31 positions"},
		{[]string{"-variant", "kingchess", "-depth", "2", "-fen", "8/8/8/8/8/8/8/2RQK3[RBBNNPPPPPPPPkqrrbbnnpppppppp] b E - 0 1"}, "depth 2 makes 4.57e+15 positions"},
		{[]string{"-depth", "7", "-maxtime", "1ms"}, "more than the limit of 1ms"},
	}
	for _, c := range cases {
		code, out, errs := runMain(t, c.args...)
		if code == 0 || !strings.Contains(errs, "refused") || !strings.Contains(errs, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a refusal naming %q", c.args, code, out, errs, c.want)
		}
	}
}

// Bad input is a clear error with a non-zero exit, never a silent default.
func TestMainBadInput(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.epd")
	comments := filepath.Join(dir, "comments.epd")
	small := filepath.Join(dir, "small.epd")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(comments, []byte("# nothing here\n\n"), 0o644)
	os.WriteFile(small, []byte("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n"), 0o644)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-fen", "", "-depth", "1"}, "-fen is empty"},
		{[]string{"-fen", " ", "-depth", "1"}, "-fen is empty"},
		{[]string{"-face", "K", "-depth", "1"}, "-face is for games with a die (russian), not chess"},
		{[]string{"-dice", "-variant", "kingchess", "-depth", "1"}, "-dice is for games with a die"},
		{[]string{"-face", "P", "-variant", "monochrome", "-depth", "1"}, "-face is for games with a die"},
		{[]string{"-face", "X", "-variant", "russian", "-depth", "1"}, "-face must be one of"},
		{[]string{"-suite", empty}, "no positions"},
		{[]string{"-suite", comments}, "no positions"},
		{[]string{"-suite", small, "-fen", "startpos"}, "-fen does not go with -suite"},
		{[]string{"-suite", small, "-depth", "3"}, "-depth does not go with -suite"},
		{[]string{"-suite", small, "-variant", "chess"}, "-variant does not go with -suite"},
		{[]string{"-suite", small, "-divide"}, "-divide does not go with -suite"},
		{[]string{"-suite", small, "-maxnodes", "10"}, "no count checked"},
		{[]string{"-maxdepth", "3", "-depth", "1"}, "-maxdepth goes only with -suite"},
		{[]string{"-depth", "13"}, "out of range 1..12"},
		{[]string{"-depth", "0"}, "out of range 1..12"},
		{[]string{"-depth", "1", "-threads", "0"}, "-threads must be"},
		{[]string{"-depth", "1", "-hash", "-1"}, "-hash must be"},
	}
	for _, c := range cases {
		code, out, errs := runMain(t, c.args...)
		if code == 0 || !strings.Contains(errs, c.want) || strings.Contains(out, "Nodes searched") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want an error naming %q", c.args, code, out, errs, c.want)
		}
	}
	if code, out, errs := runMain(t, "-suite", small, "-threads", "2", "-hash", "1"); code != 0 || !strings.Contains(out, "2 counts checked, 0 failures") {
		t.Errorf("good suite: exit %d, %q %q", code, out, errs)
	}
}

// speed is the "N leaves/s" of an enumerated result (a counted one says
// "no leaves/s" instead).
var speed = regexp.MustCompile(`\d leaves/s`)

// Enumerated results give a speed; counted ones do not (d6dfd26 printed
// "195123628018307760128 leaves/s" for kingchess depth 1).
func TestMainSpeedOnlyWhenEnumerated(t *testing.T) {
	code, out, errs := runMain(t, "-depth", "3")
	if code != 0 || !strings.HasSuffix(out, "Nodes searched: 8902\n") || !speed.MatchString(errs) {
		t.Errorf("chess: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runMain(t, "-variant", "kingchess", "-depth", "1")
	if code != 0 || !strings.HasSuffix(out, "Nodes searched: 5301704096885440\n") || speed.MatchString(errs) || !strings.Contains(errs, "counted, not enumerated") {
		t.Errorf("kingchess: exit %d, %q %q", code, out, errs)
	}
}
