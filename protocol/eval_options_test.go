package protocol

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"varchess/engine"
	"varchess/nnue"
)

// constNet is a network whose every evaluation is +100 cp for the side to
// move (only the output bias is set): a search to depth 1 from the start
// position then scores -100.
func constNet() *nnue.Net {
	n := nnue.NewNet(8)
	n.OutBias = 100 * nnue.QA * nnue.QB / nnue.Scale
	return n
}

// netFiles writes a good network file, a damaged one and a file that is no
// network, and returns their paths.
func netFiles(t *testing.T) (good, damaged, junk string) {
	dir := t.TempDir()
	data, err := constNet().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	good, damaged, junk = filepath.Join(dir, "const.nnue"), filepath.Join(dir, "damaged.nnue"), filepath.Join(dir, "junk.nnue")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0x10
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(junk, []byte("not a network\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return good, damaged, junk
}

// optionsOnly is an optionEngine that only keeps the options.
type optionsOnly struct{ opt engine.Options }

func (e *optionsOnly) Options() engine.Options     { return e.opt }
func (e *optionsOnly) SetOptions(o engine.Options) { e.opt = o }

func TestEvalOptions(t *testing.T) {
	good, damaged, junk := netFiles(t)
	eng := &optionsOnly{}
	var st searchSettings
	set := func(name, value string) (string, error) {
		o, ok := findSearchOption(name)
		if !ok {
			t.Fatalf("no option %s", name)
		}
		return setSearchOption(eng, &st, o, value)
	}
	if note, err := set("EvalFile", good); err != nil || eng.opt.Net == nil || eng.opt.Net.Hidden != 8 || !strings.Contains(note, "hidden size 8") {
		t.Fatalf("EvalFile %s: note %q, error %v, net %v", good, note, err, eng.opt.Net)
	}
	loaded := eng.opt.Net
	for _, bad := range []string{damaged, junk, filepath.Join(t.TempDir(), "missing.nnue"), t.TempDir(), os.DevNull} {
		if _, err := set("evalfile", bad); err == nil || !strings.HasPrefix(err.Error(), "option EvalFile: ") {
			t.Errorf("EvalFile %s: error %v", bad, err)
		}
		if eng.opt.Net != loaded {
			t.Fatalf("EvalFile %s replaced the network", bad)
		}
	}
	if _, err := set("Use NNUE", "false"); err != nil || !eng.opt.HCE || eng.opt.ChessNet() != nil {
		t.Fatalf("Use NNUE false: %v, options %+v", err, eng.opt)
	}
	if _, err := set("Use NNUE", "1"); err != nil || eng.opt.HCE || eng.opt.ChessNet() != loaded {
		t.Fatalf("Use NNUE 1: %v, options %+v", err, eng.opt)
	}
	if _, err := set("Use NNUE", "perhaps"); err == nil {
		t.Error("Use NNUE perhaps accepted")
	}
	for _, def := range []string{"<default>", "", "  ", "<empty>"} {
		eng.opt.Net = loaded
		if _, err := set("EvalFile", def); err != nil || eng.opt.Net != nil || eng.opt.ChessNet() != nnue.Default() {
			t.Fatalf("EvalFile %q: %v, net %v", def, err, eng.opt.Net)
		}
	}
}

func TestEvalOptionsInProcess(t *testing.T) {
	start := func(t testing.TB) *cecpPeer { return startInProcess(t) }
	t.Run("uci", func(t *testing.T) { scenarioUCIEvalOptions(t, start) })
	t.Run("cecp", func(t *testing.T) { scenarioCECPEvalOptions(t, start) })
}

// scenarioUCIEvalOptions: `uci` offers EvalFile (a string) and Use NNUE, a
// bad file is one error line and keeps the network, a good one is used by
// the search (the constant network's score), Use NNUE false turns it off.
func scenarioUCIEvalOptions(t *testing.T, start starter) {
	good, damaged, _ := netFiles(t)
	p := start(t)
	p.send("uci")
	_, opts := p.waitFor(`^uciok$`, 5*time.Second)
	for _, want := range []string{"option name EvalFile type string default <default>", "option name Use NNUE type check default true"} {
		if !containsLine(opts, want) {
			t.Errorf("uci does not offer %q", want)
		}
	}
	score := func() string {
		t.Helper()
		p.send("ucinewgame", "position startpos", "go depth 1")
		_, lines := p.waitFor(`^bestmove `, 30*time.Second)
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 2 && f[0] == "info" && f[1] == "depth" && strings.Contains(l, " score ") {
				return l[strings.Index(l, " score ")+1:]
			}
		}
		t.Fatalf("no score in %q", lines)
		return ""
	}
	p.send("setoption name EvalFile value " + good)
	p.expectOnly(uciReady(p), `^info string EvalFile: .*const\.nnue loaded \(hidden size 8\)$`)
	if s := score(); !strings.HasPrefix(s, "score cp -100 ") {
		t.Errorf("with the constant network: %s", s)
	}
	p.send("setoption name EvalFile value " + damaged)
	p.expectOnly(uciReady(p), `^info string error: option EvalFile: .*checksum.*keeping the previous network`)
	if s := score(); !strings.HasPrefix(s, "score cp -100 ") {
		t.Errorf("after a damaged file: %s", s)
	}
	p.send("setoption name Use NNUE value false")
	p.expectSilent(uciReady(p))
	if s := score(); strings.HasPrefix(s, "score cp -100 ") {
		t.Errorf("Use NNUE false still scores with the network: %s", s)
	}
	p.send("setoption name Use NNUE value true")
	p.expectSilent(uciReady(p))
	if s := score(); !strings.HasPrefix(s, "score cp -100 ") {
		t.Errorf("Use NNUE true again: %s", s)
	}
	p.send("setoption name EvalFile value <default>")
	p.expectOnly(uciReady(p), `^info string EvalFile: `)
	if s := score(); nnue.Default() == nil && strings.HasPrefix(s, "score cp -100 ") {
		t.Errorf("back to the built-in evaluation: %s", s)
	}
	// Other games are searched as before.
	p.send("setoption name EvalFile value "+good, "setoption name UCI_Variant value monochrome", "position startpos", "go depth 2")
	p.waitFor(`^bestmove `, 30*time.Second)
}

// scenarioCECPEvalOptions: the same over CECP: features, `option` with a
// bad file (an error), a good one (a comment line, then its score in the
// thinking output).
func scenarioCECPEvalOptions(t *testing.T, start starter) {
	good, _, junk := netFiles(t)
	p := start(t)
	feats := strings.Join(p.handshake(false), "\n")
	for _, want := range []string{`feature option="EvalFile -string <default>"`, `feature option="Use NNUE -check 1"`} {
		if !strings.Contains(feats, want) {
			t.Errorf("features lack %s", want)
		}
	}
	p.send("new", "option EvalFile="+junk)
	p.expectOnly(p.sync(), `^Error \(bad option value - option EvalFile - .*not a network file.*\): option EvalFile=`)
	p.send("option EvalFile=" + good)
	p.expectOnly(p.sync(), `^# EvalFile: .*const\.nnue loaded \(hidden size 8\)$`)
	p.send("post", "sd 1", "force", "go")
	l, _ := p.waitFor(`^\s*1\s+-?\d+\s`, 30*time.Second)
	if f := strings.Fields(l); f[1] != "-100" {
		t.Errorf("thinking line %q: want score -100", l)
	}
	p.waitFor(`^move `, 30*time.Second)
	p.send("option Use NNUE=0")
	p.expectSilent(p.sync())
}
