package russian

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"varchess/variants"
)

// The reference suite perft/testdata/russian.epd is written by
// TestWriteSuite (run with RUSSIAN_SUITE_OUT=path) from the REFERENCE
// generator's counts, each confirmed by the fast one; perft's own test
// then checks the stored counts with the fast generator, and
// TestSuiteAgainstReference re-derives the small ones here.

const suitePath = "../../perft/testdata/russian.epd"

type suiteLine struct {
	note   string // written as a comment line above the entry
	fen    string
	opt    variants.PerftOptions
	counts []uint64 // counts[d-1]
}

func (l suiteLine) String() string {
	var b strings.Builder
	b.WriteString(l.fen + " ;variant russian")
	switch {
	case l.opt.Dice:
		b.WriteString(" ;dice")
	case l.opt.Face != 0:
		fmt.Fprintf(&b, " ;face %c", l.opt.Face)
	}
	for d, n := range l.counts {
		fmt.Fprintf(&b, " ;D%d %d", d+1, n)
	}
	return b.String()
}

// refCount is the reference perft of a suite line's flavour.
func refCount(fen string, opt variants.PerftOptions, d int) uint64 {
	ref, err := refParse(fen)
	if err != nil {
		panic(err)
	}
	roll := strings.Fields(fen)[2][0]
	switch {
	case opt.Dice && roll != '-':
		return ref.refPerft(d, roll, true)
	case opt.Dice:
		return ref.refPerft(d, 0, true)
	case opt.Face != 0:
		return ref.refPerft(d, opt.Face, false)
	case roll != '-':
		return ref.refPerft(d, roll, false)
	}
	return ref.refPerft(d, 'K', false)
}

// features names what makes a position worth a suite line.
func features(p *Position) []string {
	var out []string
	if p.Ended() {
		return []string{"ended"}
	}
	maxH, mixed, kingOnStack := 0, false, false
	for _, s := range Squares {
		h := p.Height(s)
		maxH = max(maxH, h)
		for i := 1; i < h; i++ {
			if p.Checker(s, i).Color() != p.Checker(s, 0).Color() {
				mixed = true
			}
		}
		if h > 1 && s == p.kingSq[p.side] && int(p.kingIdx[p.side]) == h-1 {
			kingOnStack = true
		}
	}
	if maxH >= 5 {
		out = append(out, "tall")
	}
	if mixed {
		out = append(out, "prisoner")
	}
	if kingOnStack {
		out = append(out, "kingonstack")
	}
	for _, m := range p.AllMoves(nil) {
		h := p.Height(From(m))
		if Count(m) < h && p.Checker(From(m), h-Count(m)-1).Color() != p.side {
			out = append(out, "frees")
			break
		}
	}
	for _, m := range p.AllMoves(nil) {
		if Promotion(m) != NoType {
			out = append(out, "promotion")
			break
		}
	}
	if p.InCheck() {
		out = append(out, "check")
	}
	for t := Pawn; t < King; t++ {
		if p.TakesPart(t) {
			if ms := p.MovesForFace(t, nil); len(ms) == 1 && IsPass(ms[0]) {
				out = append(out, "pass")
				break
			}
		}
	}
	for t := Knight; t <= Queen; t++ {
		if !p.TakesPart(t) {
			out = append(out, "nonpart")
			break
		}
	}
	return out
}

func TestWriteSuite(t *testing.T) {
	out := os.Getenv("RUSSIAN_SUITE_OUT")
	if out == "" {
		t.Skip("set RUSSIAN_SUITE_OUT=path to write the russian perft suite")
	}
	var lines []suiteLine
	note := ""
	add := func(fen string, opt variants.PerftOptions, maxDepth int, limit uint64) {
		p, err := Parse(fen)
		if err != nil {
			t.Fatal(err)
		}
		l := suiteLine{note: note, fen: fen, opt: opt}
		for d := 1; d <= maxDepth; d++ {
			fast := p.Perft(d, opt)
			if d > 1 && fast > limit {
				break
			}
			start := time.Now()
			ref := refCount(fen, opt, d)
			if ref != fast {
				t.Fatalf("%s %+v depth %d: reference %d, fast %d", fen, opt, d, ref, fast)
			}
			l.counts = append(l.counts, ref)
			t.Logf("%s %+v D%d %d (reference %s)", fen, opt, d, ref, time.Since(start).Round(time.Millisecond))
		}
		lines = append(lines, l)
	}
	note = "start array (published figures), every flavour"
	add(StartFEN, variants.PerftOptions{Face: 'K'}, 4, 3_000_000)
	note = ""
	add(StartFEN, variants.PerftOptions{Dice: true}, 3, 3_000_000)
	for _, f := range []byte("QRBNP") {
		add(StartFEN, variants.PerftOptions{Face: f}, 4, 3_000_000)
	}

	// Hand-made corners of the rules (docs/russian.md): a pawn that cannot
	// promote gives no check; promotion to the only type taking part; a
	// King on an own stack in check; a King buried under an own knight
	// (FEN only) that a k = 2 unit carries; a King capture after a pass.
	for _, fen := range []string{
		"3k2/2P3/6/6/6/3K2 w - 0 1",
		"3k2/2P3/6/6/6/3K2 b - 0 1",
		"3k2/1P4/6/6/6/3K1N w - 0 1",
		"k5/6/6/6/6/(NK)4r w - 0 1",
		"(KN)4k/6/2(Pq)3/6/6/5R w - 0 1",
		"(KN)4k/6/2(Pq)3/6/6/5R b - 0 1",
		"3k2/2Q3/6/6/6/(Pn)2K2 b - 0 1",
	} {
		note = "hand-made: see docs/russian.md"
		add(fen, variants.PerftOptions{Face: 'K'}, 4, 1_500_000)
		note = ""
		add(fen, variants.PerftOptions{Dice: true}, 3, 1_500_000)
	}

	// Random play from several arrays; keep the first positions showing
	// each feature (a few per feature), with rotating flavours.
	want := map[string]int{"tall": 5, "prisoner": 4, "kingonstack": 4, "frees": 5, "promotion": 5,
		"check": 5, "pass": 4, "nonpart": 4, "ended": 4}
	seen := map[uint64]bool{}
	rng := rand.New(rand.NewPCG(2026, 11))
	flavours := []variants.PerftOptions{{Face: 'K'}, {Dice: true}, {Face: 'Q'}, {}, {Face: 'N'}, {Dice: true}, {Face: 'R'}, {Face: 'P'}}
	picked := 0
	for g := 0; g < 400 && len(want) > 0; g++ {
		p, _ := Parse(diffStarts[g%len(diffStarts)])
		for ply := 0; ply < 150; ply++ {
			p.SetRoll(variants.DieFaces[rng.IntN(6)])
			if ply > 6 && rng.IntN(5) == 0 {
				fs := features(p)
				for _, f := range fs {
					if want[f] == 0 || seen[p.BoardKey()] {
						continue
					}
					seen[p.BoardKey()] = true
					want[f]--
					if want[f] == 0 {
						delete(want, f)
					}
					opt := flavours[picked%len(flavours)]
					picked++
					fen := p.FEN()
					if opt.Dice || opt.Face != 0 {
						if rng.IntN(2) == 0 { // also exercise "-" rolls
							fen = fenNoRoll(fen)
						}
					}
					note = "random play; " + strings.Join(fs, ", ")
					maxD := 4
					if opt.Dice {
						maxD = 3
					}
					add(fen, opt, maxD, 1_500_000)
					break
				}
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if len(want) > 0 {
		t.Fatalf("features not found: %v", want)
	}
	var b strings.Builder
	b.WriteString("# russian perft suite (RULES.md section 3). Counts from the reference generator\n" +
		"# of variants/russian/reference_test.go, confirmed by the fast one. Regenerate with\n" +
		"#   RUSSIAN_SUITE_OUT=$PWD/perft/testdata/russian.epd go test ./variants/russian/ -run TestWriteSuite -timeout 60m\n" +
		"# ';face X' = fixed-face perft, ';dice' = dice perft, neither = the FEN's roll (K if '-').\n")
	for _, l := range lines {
		if l.note != "" {
			b.WriteString("# " + l.note + "\n")
		}
		b.WriteString(l.String() + "\n")
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d lines written to %s", len(lines), out)
}

// TestSuiteAgainstReference re-derives every stored count up to 5,000
// leaves with the reference generator.
func TestSuiteAgainstReference(t *testing.T) {
	f, err := os.Open(suitePath)
	if err != nil {
		t.Skipf("no suite yet: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	checked := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, ";")
		fen := strings.TrimSpace(fields[0])
		var opt variants.PerftOptions
		for _, fl := range fields[1:] {
			w := strings.Fields(fl)
			switch {
			case len(w) == 1 && w[0] == "dice":
				opt.Dice = true
			case len(w) == 2 && w[0] == "face":
				opt.Face = w[1][0]
			case len(w) == 2 && w[0][0] == 'D':
				d, _ := strconv.Atoi(w[0][1:])
				n, _ := strconv.ParseUint(w[1], 10, 64)
				if n > 5_000 {
					continue
				}
				if got := refCount(fen, opt, d); got != n {
					t.Errorf("%s %+v D%d: reference %d, suite %d", fen, opt, d, got, n)
				}
				checked++
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d small counts checked", checked)
	}
}
