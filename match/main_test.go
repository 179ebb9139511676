package match

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"varchess/variants/all"
)

func TestMainFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-h"}, 0, "usage: match"},
		{[]string{"-h"}, 0, "-engine SPEC"},
		{[]string{"-h"}, 0, "cmd=PATH"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-sprt", "elo0=5,elo1=0"}, 2, "elo0 must be below"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-engine", "builtin:random", "-sprt", "elo1=5"}, 2, "two engines"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-shard", "3/2"}, 2, "-shard"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-tc", "inf"}, 2, "no limit"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-tournament", "swiss"}, 2, "round-robin or gauntlet"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-plies", "4"}, 2, "-plies needs"},
		{[]string{"-engine", "cmd=x,proto=cecp,legal=arbiter", "-engine", "builtin:greedy"}, 2, "needs a UCI engine"},
		{[]string{"-engine", "cmd=x,proto=cecp", "-engine", "builtin:greedy", "-nodes", "100"}, 2, "no node limit"},
		{[]string{"-resume", "/nonexistent/state"}, 2, "no such file"},
		{[]string{"-engine", "builtin:random"}, 2, "at least two -engine"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:wise"}, 2, "unknown built-in"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-variant", "go"}, 2, "unknown variant"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-tc", "fast"}, 2, "time control"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-resign", "3"}, 2, "-resign"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "-games", "0"}, 2, "positive"},
		{[]string{"-engine", "builtin:random", "-engine", "builtin:greedy", "stray"}, 2, "unexpected argument"},
	} {
		var out, errOut bytes.Buffer
		code := Main(c.args, &out, &errOut)
		if code != c.code || !strings.Contains(errOut.String(), c.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, errOut.String(), c.code, c.msg)
		}
	}
}

// TestMainRun runs the command end to end in every registered game with
// the built-in players, an openings file of the start position and a PGN
// file, and checks the report and the PGN against the rules.
func TestMainRun(t *testing.T) {
	t.Parallel()
	for _, name := range all.Names {
		g, err := all.Get(name)
		if err != nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			book := filepath.Join(dir, "book.epd")
			if err := os.WriteFile(book, []byte("# one line\n"+g.StartFEN+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			pgnPath := filepath.Join(dir, "out.pgn")
			var out, errOut bytes.Buffer
			code := Main([]string{"-variant", name, "-engine", "builtin:greedy", "-engine", "builtin:random",
				"-games", "2", "-tc", "60", "-seed", "9", "-maxplies", "60", "-openings", book, "-pgn", pgnPath}, &out, &errOut)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, errOut.String())
			}
			for _, want := range []string{"Score of greedy vs random:", "greedy: 2 games", "random: 2 games", "Elo", "LOS"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("report lacks %q:\n%s", want, out.String())
				}
			}
			if n := strings.Count(errOut.String(), "Finished game"); n != 2 {
				t.Errorf("%d progress lines, want 2:\n%s", n, errOut.String())
			}
			// Scripts read the progress lines: keep their shape.
			if !regexp.MustCompile(`(?m)^Finished game 1/2 \(greedy vs random\): (1-0|0-1|1/2-1/2) \{[^}]*\}; game #1; score of greedy vs random: `).MatchString(errOut.String()) {
				t.Errorf("progress line changed shape:\n%s", errOut.String())
			}
			text, err := os.ReadFile(pgnPath)
			if err != nil {
				t.Fatal(err)
			}
			games, err := readPGN(string(text))
			if err != nil || len(games) != 2 {
				t.Fatalf("PGN: %d games, %v", len(games), err)
			}
			for _, pg := range games {
				if pg.tags["SetUp"] != "1" || pg.tags["FEN"] == "" {
					t.Errorf("an opening from a file must be written as FEN/SetUp: %v", pg.tags)
				}
				replayPGN(t, g, pg, 60)
			}
		})
	}
}
