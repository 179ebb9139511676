package match

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseEngineSpec(t *testing.T) {
	got, err := ParseEngineSpec("cmd=./varchess,proto=uci,name=A,option.Hash=64,dir=/tmp,arg=-x,arg=y,option.UCI_Elo=2000")
	if err != nil {
		t.Fatal(err)
	}
	want := EngineSpec{Name: "A", Proto: UCI, Cmd: "./varchess", Args: []string{"-x", "y"}, Dir: "/tmp",
		Options: []Option{{"Hash", "64"}, {"UCI_Elo", "2000"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for s, want := range map[string]EngineSpec{
		"builtin:random":                       {Name: "random", Proto: Builtin, Cmd: "random"},
		"builtin:greedy,name=G":                {Name: "G", Proto: Builtin, Cmd: "greedy"},
		"cmd=/usr/games/fairymax,proto=xboard": {Name: "fairymax", Proto: CECP, Cmd: "/usr/games/fairymax"},
		"cmd=/usr/games/stockfish":             {Name: "stockfish", Proto: UCI, Cmd: "/usr/games/stockfish"},
	} {
		got, err := ParseEngineSpec(s)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %+v, %v; want %+v", s, got, err, want)
		}
	}
	for _, bad := range []string{"", "proto=uci", "cmd=x,proto=telnet", "builtin:smart", "cmd=x,foo=1", "cmd=x,option.=1", "cmd"} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestParseTimeControl(t *testing.T) {
	for s, want := range map[string]TimeControl{
		"10+0.1":    {Base: 10 * time.Second, Inc: 100 * time.Millisecond},
		"60":        {Base: 60 * time.Second},
		"1:30+1":    {Base: 90 * time.Second, Inc: time.Second},
		"0.5+0":     {Base: 500 * time.Millisecond},
		"40/60+0.6": {Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond},
		"inf":       {},
	} {
		got, err := ParseTimeControl(s)
		if err != nil || got != want {
			t.Errorf("%q: got %v, %v; want %v", s, got, err, want)
		}
	}
	for _, bad := range []string{"", "0", "-1", "x+1", "10+y", "10+-1", "NaN", "1e9", "1:x", "0/60", "x/60", "40/"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestClock(t *testing.T) {
	tc := TimeControl{Base: time.Second, Inc: 100 * time.Millisecond}
	c := newClock(tc, tc, 50*time.Millisecond, time.Minute)
	if !c.spend(0, 300*time.Millisecond) || c.left[0] != 800*time.Millisecond {
		t.Fatalf("after 300ms: %v", c.left[0])
	}
	// Inside the margin: forgiven, the clock stays at 0 before the increment.
	if !c.spend(0, 840*time.Millisecond) || c.left[0] != 100*time.Millisecond {
		t.Fatalf("inside the margin: %v", c.left[0])
	}
	if c.spend(0, 151*time.Millisecond) {
		t.Fatalf("flag did not fall")
	}
	if c.left[1] != time.Second {
		t.Errorf("the other side's clock moved: %v", c.left[1])
	}
}

func TestParseFeatures(t *testing.T) {
	got := parseFeatures(`ping=1 myname="Var Chess 1.0" variants="normal,russian" done=1`)
	want := [][2]string{{"ping", "1"}, {"myname", "Var Chess 1.0"}, {"variants", "normal,russian"}, {"done", "1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := parseFeatures(`a="unterminated`); len(got) != 1 || got[0][1] != "unterminated" {
		t.Errorf("unterminated quote: %q", got)
	}
}

func TestMaterial(t *testing.T) {
	for fen, want := range map[string][2]int{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": {139, 139},
		"4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1":                        {101, 109},
		"(Pnq)5/6/6/6/6/K5 w - 0 1":                                {100, 9}, // only stack tops count
		"8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkq] w - - 0 1":            {139, 109},
		"(PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPP)(":      {1, 0},
	} {
		if got := material(fen); got != want {
			t.Errorf("material(%q) = %v, want %v", fen, got, want)
		}
	}
	if sc, ok := monochromeScore("RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 13-8"); !ok || sc != [2]int{13, 8} {
		t.Errorf("monochrome score %v %v", sc, ok)
	}
	if _, ok := monochromeScore("x w - 0 1 13"); ok {
		t.Errorf("score without a dash accepted")
	}
}

func FuzzParseEngineSpec(f *testing.F) {
	for _, s := range []string{"cmd=a,proto=uci,option.Hash=1", "builtin:random", ",,=", "cmd=builtin:greedy"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEngineSpec(s)
		if err == nil && (e.Cmd == "" || e.Name == "" || e.Proto == "") {
			t.Errorf("%q: accepted incomplete spec %+v", s, e)
		}
	})
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"10+0.1", "1:00", "+", "1e300+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err == nil && (tc.Base <= 0 || tc.Inc < 0) {
			t.Errorf("%q: accepted %v", s, tc)
		}
	})
}

func FuzzParseFeatures(f *testing.F) {
	f.Add(`ping=1 myname="x y" done=1`)
	f.Add(`="=`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, kv := range parseFeatures(s) {
			if kv[0] == "" || strings.ContainsAny(kv[0], " \t") {
				t.Errorf("%q: bad feature name %q", s, kv[0])
			}
		}
	})
}

func FuzzMaterial(f *testing.F) {
	f.Add("(Pnq)5/6 w")
	f.Add("8/8[KQ] w - - 0 1")
	f.Add("((")
	f.Fuzz(func(t *testing.T, s string) {
		material(s)
		monochromeScore(s)
	})
}

func FuzzEngineScores(f *testing.F) {
	f.Add("info depth 3 score cp -25 nodes 100 pv e2e4")
	f.Add("info score mate -3")
	f.Add("12 -45 100 5000 e2e4 e7e5")
	f.Add("score")
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if s, ok := uciScore(fields); ok && (s > mateScore || s < -mateScore) && !strings.Contains(line, "cp") {
			t.Errorf("%q: score %d out of range", line, s)
		}
		if s, ok := cecpScore(fields); ok && (s > mateScore || s < -mateScore) {
			t.Errorf("%q: score %d out of range", line, s)
		}
	})
}

func FuzzReadOpenings(f *testing.F) {
	f.Add("21 w - 0\n# c\n7 b K 3 ; x\n")
	f.Add(";;\n\n")
	f.Fuzz(func(t *testing.T, text string) {
		fens, err := readOpenings(strings.NewReader(text), toyDiceGame)
		if err == nil && len(fens) == 0 {
			t.Errorf("%q: no positions and no error", text)
		}
	})
}
