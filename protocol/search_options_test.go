package protocol

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/variants/all"
)

func TestSearchOptionsInProcess(t *testing.T) {
	start := func(t testing.TB) *cecpPeer { return startInProcess(t) }
	t.Run("uci-options", func(t *testing.T) { scenarioUCISearchOptions(t, start) })
	t.Run("uci-multipv", func(t *testing.T) { scenarioUCIMultiPV(t, start) })
	t.Run("uci-wdl", func(t *testing.T) { scenarioUCIShowWDL(t, start) })
	t.Run("uci-faces", func(t *testing.T) { scenarioUCIFaces(t, start) })
	t.Run("uci-hash", func(t *testing.T) { scenarioUCILargeHash(t, start) })
	t.Run("cecp-options", func(t *testing.T) { scenarioCECPSearchOptions(t, start) })
	t.Run("cecp-memory", func(t *testing.T) { scenarioCECPMemory(t, start) })
	t.Run("cecp-multipv", func(t *testing.T) { scenarioCECPMultiPV(t, start) })
}

// scenarioUCISearchOptions: `uci` offers the search options with their
// ranges, setoption accepts values in range and refuses others with one
// error line, and a search on several threads at a level answers.
func scenarioUCISearchOptions(t *testing.T, start starter) {
	p := start(t)
	p.send("uci")
	_, opts := p.waitFor(`^uciok$`, 5*time.Second)
	for _, want := range []string{
		"option name Threads type spin default 1 min 1 max 1024",
		"option name MultiPV type spin default 1 min 1 max 256",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 1500 min 1000 max 2800",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name UCI_ShowWDL type check default false",
	} {
		if !containsLine(opts, want) {
			t.Errorf("uci does not offer %q:\n%s", want, strings.Join(opts, "\n"))
		}
	}
	for _, bad := range []string{"Threads value 0", "Threads value 1025", "MultiPV value 257",
		"UCI_Elo value 999", "Skill Level value 21", "UCI_LimitStrength value maybe", "UCI_ShowWDL value 2"} {
		p.send("setoption name " + bad)
		p.expectOnly(uciReady(p), `^info string error: option `)
	}
	p.send("setoption name Threads value 2", "setoption name UCI_LimitStrength value true",
		"setoption name UCI_Elo value 1800", "setoption name Skill Level value 7")
	p.expectSilent(uciReady(p))
	p.send("position startpos moves e2e4", "go depth 6")
	l, _ := p.waitFor(`^bestmove `, 30*time.Second)
	if !isLegalChessMove("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", strings.Fields(l)[1]) {
		t.Errorf("level search answered %q", l)
	}
}

// multipvLine reads `info depth D ... multipv K score cp S ... pv M ...`.
var multipvLine = regexp.MustCompile(`^info depth (\d+) seldepth \d+ multipv (\d+) score (cp|mate) (-?\d+) .* pv (\S+)`)

// lastDepth returns the submatches of re (its first group: the depth) of
// the lines of the deepest iteration in lines.
func lastDepth(lines []string, re *regexp.Regexp) [][]string {
	var last [][]string
	for _, l := range lines {
		m := re.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if len(last) > 0 && m[1] != last[0][1] {
			last = last[:0]
		}
		last = append(last, m)
	}
	return last
}

// scenarioUCIMultiPV: with MultiPV 3 each iteration prints lines ranked
// 1, 2, 3 with three distinct first moves in score order, in every game,
// and bestmove is line 1's move.
func scenarioUCIMultiPV(t *testing.T, start starter) {
	p := uciOpen(t, start)
	for _, name := range all.Names {
		p.send("setoption name UCI_Variant value "+name, "setoption name MultiPV value 3", "position startpos")
		uciReady(p)
		roll := ""
		if name == "russian" {
			roll = " roll K"
		}
		p.send("go depth 3" + roll)
		l, before := p.waitFor(`^bestmove `, 60*time.Second)
		last := lastDepth(before, multipvLine)
		if len(last) != 3 {
			t.Fatalf("%s: last iteration has %d lines:\n%s", name, len(last), strings.Join(before, "\n"))
		}
		seen := map[string]bool{}
		for i, m := range last {
			if m[2] != strconv.Itoa(i+1) || seen[m[5]] {
				t.Errorf("%s: line %d is %q", name, i+1, m[0])
			}
			seen[m[5]] = true
			if i > 0 && m[3] == "cp" && last[i-1][3] == "cp" {
				a, _ := strconv.Atoi(last[i-1][4])
				b, _ := strconv.Atoi(m[4])
				if b > a {
					t.Errorf("%s: line %d scores %d above line %d's %d", name, i+1, b, i, a)
				}
			}
		}
		if best := strings.Fields(l)[1]; best != last[0][5] {
			t.Errorf("%s: bestmove %s, line 1 begins %s", name, best, last[0][5])
		}
	}
}

// scenarioCECPMultiPV: `option MultiPV=3` over CECP: with post, the last
// depth prints three thinking lines on three distinct first moves, scores
// not rising, and the engine plays the first line's move, in every game.
func scenarioCECPMultiPV(t *testing.T, start starter) {
	p := start(t)
	p.handshake(false)
	thinking := regexp.MustCompile(`^(\d+) (-?\d+) \d+ \d+ (\S+)`)
	for _, v := range cecpVariantTable {
		p.send("new", "variant "+v.xname, "force", "option MultiPV=3", "post", "sd 3")
		if v.name == "russian" {
			p.send("roll K")
		}
		p.sync() // variant prints its setup lines
		p.send("go")
		l, before := p.waitFor(`^move `, 60*time.Second)
		last := lastDepth(before, thinking)
		if len(last) != 3 {
			t.Fatalf("%s: the last depth has %d thinking lines:\n%s", v.name, len(last), strings.Join(before, "\n"))
		}
		seen := map[string]bool{}
		for i, m := range last {
			if seen[m[3]] {
				t.Errorf("%s: line %d repeats the move %s: %q", v.name, i+1, m[3], m[0])
			}
			seen[m[3]] = true
			a, _ := strconv.Atoi(last[max(i-1, 0)][2])
			b, _ := strconv.Atoi(m[2])
			if b > a && abs(a) < xboardMate && abs(b) < xboardMate {
				t.Errorf("%s: line %d scores %d above line %d's %d", v.name, i+1, b, i, a)
			}
		}
		if got := strings.TrimPrefix(l, "move "); got != last[0][3] {
			t.Errorf("%s: played %s, the first line begins %s", v.name, got, last[0][3])
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// scenarioUCIShowWDL: UCI_ShowWDL adds `wdl W D L` (permille) after the
// score, in chess and in russian; off again, it is gone.
func scenarioUCIShowWDL(t *testing.T, start starter) {
	p := uciOpen(t, start)
	wdl := regexp.MustCompile(` score (cp|mate) -?\d+ wdl (\d+) (\d+) (\d+) `)
	for _, name := range []string{"chess", "russian"} {
		p.send("setoption name UCI_Variant value "+name, "setoption name UCI_ShowWDL value true", "position startpos")
		uciReady(p)
		p.send("go depth 3 roll Q")
		if name == "chess" {
			p.send("go depth 3")
		}
		_, before := p.waitFor(`^bestmove `, 30*time.Second)
		n := 0
		for _, b := range before {
			if !strings.HasPrefix(b, "info depth") {
				continue
			}
			m := wdl.FindStringSubmatch(b)
			if m == nil {
				t.Fatalf("%s: no wdl in %q", name, b)
			}
			w, _ := strconv.Atoi(m[2])
			d, _ := strconv.Atoi(m[3])
			l, _ := strconv.Atoi(m[4])
			if w+d+l != 1000 {
				t.Errorf("%s: wdl %d %d %d does not sum to 1000", name, w, d, l)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no info lines", name)
		}
	}
	p.send("setoption name UCI_Variant value chess", "setoption name UCI_ShowWDL value false", "position startpos", "go depth 2")
	_, before := p.waitFor(`^bestmove `, 30*time.Second)
	for _, b := range before {
		if strings.Contains(b, " wdl ") {
			t.Errorf("wdl shown after UCI_ShowWDL false: %q", b)
		}
	}
}

// scenarioUCIFaces: `go infinite` in a russian position before the roll
// analyses every face: six `info string face F` lines per iteration (P to
// K), each with its own move; after stop the engine rolls, says so, and
// plays the move it found for that face.
func scenarioUCIFaces(t *testing.T, start starter) {
	p := uciOpen(t, start)
	p.send("setoption name UCI_Variant value russian", "position startpos")
	uciReady(p)
	p.send("go infinite")
	_, before := p.waitFor(`^info depth 3 `, 60*time.Second)
	p.send("stop")
	l, after := p.waitFor(`^bestmove `, 30*time.Second)
	lines := append(before, after...)
	face := regexp.MustCompile(`^info string face ([PNBRQK]) depth (\d+) score (cp|mate) -?\d+ pv (\S+)$`)
	moveOf := map[string]string{} // of the deepest iteration
	depthOf := map[string]int{}
	var roll string
	order := ""
	for _, x := range lines {
		if m := face.FindStringSubmatch(x); m != nil {
			d, _ := strconv.Atoi(m[2])
			if d >= depthOf[m[1]] {
				depthOf[m[1]], moveOf[m[1]] = d, m[4]
			}
			if d == 1 {
				order += m[1]
			}
		}
		if strings.HasPrefix(x, "info string roll ") {
			roll = strings.TrimPrefix(x, "info string roll ")
		}
		if strings.HasPrefix(x, "info depth ") && strings.Contains(x, " pv ") {
			t.Errorf("the expectation line has a pv: %q", x)
		}
	}
	if order != "PNBRQK" {
		t.Fatalf("depth-1 face lines in order %q:\n%s", order, strings.Join(lines, "\n"))
	}
	if roll == "" || strings.Fields(l)[1] != moveOf[roll] {
		t.Errorf("rolled %q, face moves %v, %q", roll, moveOf, l)
	}
}

// scenarioUCILargeHash: with the largest table a new game is answered at
// once (isready right after ucinewgame), the table is not cleared by
// writing it.
func scenarioUCILargeHash(t *testing.T, start starter) {
	p := uciOpen(t, start)
	p.send("setoption name Hash value 4096", "ucinewgame", "ucinewgame")
	p.expectSilent(uciReady(p))
	p.send("position startpos", "go depth 3")
	p.waitFor(`^bestmove `, 30*time.Second)
	p.send("setoption name Hash value 16")
	uciReady(p)
}

// scenarioCECPSearchOptions: the options are features, `option` sets them
// (a value out of range is an error), `cores` sets the threads.
func scenarioCECPSearchOptions(t *testing.T, start starter) {
	p := start(t)
	feats := strings.Join(p.handshake(false), "\n")
	for _, want := range []string{`feature option="MultiPV -spin 1 1 256"`, `feature option="Skill Level -spin 20 0 20"`,
		`feature option="UCI_LimitStrength -check 0"`, `feature option="UCI_Elo -spin 1500 1000 2800"`} {
		if !strings.Contains(feats, want) {
			t.Errorf("features lack %s", want)
		}
	}
	p.send("new", "option MultiPV=2", "option UCI_LimitStrength=1", "option UCI_Elo=1700", "option Skill Level=5", "cores 2")
	p.expectSilent(p.sync())
	p.send("option MultiPV=0")
	p.expectOnly(p.sync(), `^Error \(bad option value`)
}

// scenarioCECPMemory: a `memory` beyond the largest table says that it was
// clamped (once, as a comment line), `new` with that table answers ping
// (d6dfd26 clamped without a word and then cleared 4 GiB synchronously,
// 6.4 s deaf), and a search still answers with a small table.
func scenarioCECPMemory(t *testing.T, start starter) {
	p := start(t)
	p.handshake(false)
	p.send("memory 99999999")
	p.expectOnly(p.sync(), `^# memory 99999999 MiB is more than the engine's largest table: using 4096 MiB$`)
	p.send("new", "new")
	p.expectSilent(p.sync())
	p.send("memory 16", "post", "sd 3", "go")
	p.waitFor(`^move `, 30*time.Second)
}

// pyOption is an option as python-chess's UCI client reads it from `uci`
// (chess.engine.Option: name, type, default, min, max).
type pyOption struct {
	name, typ, def string
	min, max       *int
}

// parsePyOption reads `option name ... type ... default ... min ... max ...`
// token by token, each keyword taken once, as python-chess does.
func parsePyOption(line string) pyOption {
	var o pyOption
	var name, typ, def []string
	cur := ""
	num := func(tok string) *int {
		n, err := strconv.Atoi(tok)
		if err != nil {
			return nil
		}
		return &n
	}
	for _, tok := range strings.Split(strings.TrimPrefix(line, "option "), " ") {
		switch {
		case tok == "name" && name == nil, tok == "type" && typ == nil, tok == "default" && def == nil,
			tok == "min" && o.min == nil, tok == "max" && o.max == nil, tok == "var":
			cur = tok
		case cur == "name":
			name = append(name, tok)
		case cur == "type":
			typ = append(typ, tok)
		case cur == "default":
			def = append(def, tok)
		case cur == "min":
			o.min = num(tok)
		case cur == "max":
			o.max = num(tok)
		}
	}
	o.name, o.typ, o.def = strings.Join(name, " "), strings.Join(typ, " "), strings.Join(def, " ")
	return o
}

// setoption is python-chess's _setoption: the value is checked against the
// option as announced (a spin out of range or an unknown option raises
// EngineError there: a test failure here), and a check is sent as
// true/false.
func (o pyOption) setoption(t *testing.T, value any) string {
	t.Helper()
	switch v := value.(type) {
	case bool:
		if o.typ != "check" {
			t.Fatalf("option %s is a %s, python-chess would send a check", o.name, o.typ)
		}
		return fmt.Sprintf("setoption name %s value %t", o.name, v)
	case int:
		if o.typ != "spin" || o.min != nil && v < *o.min || o.max != nil && v > *o.max {
			t.Fatalf("python-chess: expected value for option %s in range, got %d (%+v)", o.name, v, o)
		}
		return fmt.Sprintf("setoption name %s value %d", o.name, v)
	}
	t.Fatalf("value %v", value)
	return ""
}

// TestPythonChessSession replays what python-chess 1.x sends for
// SimpleEngine.popen_uci(...).configure({"Threads": 2,
// "UCI_LimitStrength": True, "UCI_Elo": 1800}) followed by
// analyse(board, Limit(time=0.3), multipv=3), line for line, and checks
// what it would return: three info dicts (multipv 1, 2, 3), each with a
// score and a pv, on three different moves. (python-chess itself is not
// installable here: no PyPI access and no Debian package.)
func TestPythonChessSession(t *testing.T) {
	p := startBinary(t, buildBinary(t))
	p.send("uci")
	_, lines := p.waitFor(`^uciok$`, 5*time.Second)
	opts := map[string]pyOption{}
	for _, l := range lines {
		if strings.HasPrefix(l, "option ") {
			o := parsePyOption(l)
			opts[strings.ToLower(o.name)] = o
		}
	}
	get := func(name string) pyOption {
		o, ok := opts[strings.ToLower(name)]
		if !ok {
			t.Fatalf("python-chess: engine does not support option %s", name)
		}
		return o
	}
	// configure(...)
	p.send(get("Threads").setoption(t, 2), get("UCI_LimitStrength").setoption(t, true), get("UCI_Elo").setoption(t, 1800))
	// analyse(board, Limit(time=0.3), multipv=3)
	p.send(get("MultiPV").setoption(t, 3), "ucinewgame", "isready")
	p.waitFor(`^readyok$`, 10*time.Second)
	p.send("position fen r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "go movetime 300")
	_, infos := p.waitFor(`^bestmove `, 30*time.Second)
	multipv := map[int]string{} // the last info of each index, as AnalysisResult.multipv keeps
	for _, l := range infos {
		if strings.HasPrefix(l, "info string") {
			continue
		}
		f := strings.Fields(l)
		k := 1
		for i := 0; i+1 < len(f); i++ {
			if f[i] == "multipv" {
				k, _ = strconv.Atoi(f[i+1])
			}
		}
		multipv[k] = l
	}
	if len(multipv) != 3 {
		t.Fatalf("analyse(multipv=3) would return %d entries: %v", len(multipv), multipv)
	}
	seen := map[string]bool{}
	for k := 1; k <= 3; k++ {
		m := multipvLine.FindStringSubmatch(multipv[k])
		if m == nil || seen[m[5]] {
			t.Errorf("entry %d lacks a score and a pv of its own: %q", k, multipv[k])
			continue
		}
		seen[m[5]] = true
	}
	p.send("quit")
}
