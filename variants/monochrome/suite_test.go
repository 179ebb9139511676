package monochrome

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"strconv"
	"varchess/variants"
	bb "varchess/variants/bitboard"
)

const suitePath = "../../perft/testdata/monochrome.epd"

// TestSuiteMatchesReference proves that the stored suite was produced by
// the rules: every count up to refLimit leaves is recomputed by the
// reference generator, and every count up to fastLimit by the fast one
// (perft/suite_test.go checks the fast counts up to 3M again once the game
// is registered; scripts can run all depths).
func TestSuiteMatchesReference(t *testing.T) {
	refLimit, fastLimit := uint64(150_000), uint64(1_000_000)
	if testing.Short() {
		refLimit, fastLimit = 20_000, 100_000
	}
	f, err := os.Open(suitePath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := readSuite(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 40 {
		t.Errorf("suite has %d positions, want at least 40", len(entries))
	}
	for _, e := range entries {
		if e.Variant != "monochrome" {
			t.Errorf("line %d: variant %q", e.Line, e.Variant)
			continue
		}
		p, err := ParseFEN(e.FEN)
		if err != nil {
			t.Errorf("line %d: %v", e.Line, err)
			continue
		}
		r, err := refParse(p.FEN())
		if err != nil {
			t.Errorf("line %d: %v", e.Line, err)
			continue
		}
		for d := 1; d <= len(e.Counts); d++ {
			want, ok := e.Counts[d]
			if !ok {
				t.Errorf("line %d: depth %d missing", e.Line, d)
				continue
			}
			if want <= refLimit {
				if got := r.perft(d); got != want {
					t.Errorf("line %d depth %d: reference %d, suite %d", e.Line, d, got, want)
				}
			}
			if want <= fastLimit {
				if got := p.Perft(d, variants.PerftOptions{}); got != want {
					t.Errorf("line %d depth %d: fast %d, suite %d", e.Line, d, got, want)
				}
			}
		}
	}
}

// TestWriteSuite regenerates perft/testdata/monochrome.epd when
// MONOCHROME_WRITE_SUITE=1: positions from seeded random games, chosen to
// cover the rules, counted by the REFERENCE generator and confirmed by the
// fast one. It takes a few minutes.
func TestWriteSuite(t *testing.T) {
	if os.Getenv("MONOCHROME_WRITE_SUITE") != "1" {
		t.Skip("set MONOCHROME_WRITE_SUITE=1 to regenerate the suite")
	}
	type pick struct{ fen, why string }
	picks := []pick{
		{StartFEN, "start"},
		{"R3K2R/PPP2PPP/8/8/8/8/PPP2PPP/R3K2R w - 0 1 0-0", "castling both wings, both sides"},
		{"R3K2R/PPP2PPP/8/8/8/8/PPP2PPP/R3K2R b - 0 1 0-0", "castling, North to move"},
		{"8/8/8/4N3/8/8/8/K7 b e5e3 0 7 0-0", "undo ban on a knight"},
	}
	seen := map[string]bool{}
	for _, p := range picks {
		seen[p.fen] = true
	}
	want := map[string]int{"capture": 8, "undo": 6, "castle": 6, "rank2": 5, "farrank": 5, "nearend": 6,
		"clock": 3, "king captured": 3}
	rng := rand.New(rand.NewPCG(1996, 42))
	for g := 0; g < 4000 && len(want) > 0; g++ {
		p, _ := ParseFEN(diffStarts[g%2])
		picked := 0 // at most two positions per game, for variety
		for ply := 0; ply < 200 && !p.Status().Over() && picked < 2; ply++ {
			ms := p.Moves(nil)
			m := ms[rng.IntN(len(ms))]
			if g%4 >= 2 && rng.IntN(2) == 0 { // slow the captures down in half the games
				for _, q := range ms {
					if !p.IsCapture(q) && rng.IntN(3) == 0 {
						m = q
						break
					}
				}
			}
			p.Make(m)
			if p.Status().Over() || rng.IntN(6) != 0 {
				continue
			}
			fen := p.FEN()
			tags := suiteTags(p, DecodeMove(m))
			for _, tag := range tags {
				if want[tag] > 0 && !seen[fen] {
					want[tag]--
					if want[tag] == 0 {
						delete(want, tag)
					}
					seen[fen] = true
					picks = append(picks, pick{fen, strings.Join(tags, ", ")})
					picked++
					break
				}
			}
		}
	}
	if len(want) > 0 {
		t.Logf("categories not filled: %v", want)
	}
	var sb strings.Builder
	sb.WriteString("# Monochrome chess perft suite (RULES.md section 2).\n" +
		"# Positions from seeded random games (variants/monochrome/suite_test.go,\n" +
		"# MONOCHROME_WRITE_SUITE=1); counts by the reference generator in test\n" +
		"# code, confirmed by the fast generator. The comment above each line says\n" +
		"# what the position was picked for.\n")
	for _, pk := range picks {
		r, err := refParse(pk.fen)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := ParseFEN(pk.fen)
		line := pk.fen + " ;variant monochrome"
		prev := uint64(1)
		for d := 1; d <= 5; d++ {
			n := r.perft(d)
			if fast := p.Perft(d, variants.PerftOptions{}); fast != n {
				t.Fatalf("%s depth %d: reference %d, fast %d", pk.fen, d, n, fast)
			}
			line += fmt.Sprintf(" ;D%d %d", d, n)
			// Stop before the reference would need more than ~12M leaves.
			if n == 0 || n*n/prev > 12_000_000 {
				break
			}
			prev = n
		}
		fmt.Fprintf(&sb, "# %s\n%s\n", pk.why, line)
		t.Log(line)
	}
	if err := os.WriteFile(suitePath, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// suiteTags names what makes a position interesting for the suite.
func suiteTags(p *Position, last Move) []string {
	var tags []string
	if _, _, ok := p.Undo(); ok {
		tags = append(tags, "undo")
	}
	if s, l := p.castles(); s || l {
		if p.Score(0)+p.Score(1) > 0 {
			tags = append(tags, "castle")
		}
	}
	if p.Pieces(Pawn)&(bb.Rank1|bb.Rank8) != 0 {
		tags = append(tags, "farrank")
	}
	// The last ply brought a pawn back to rank 2 (from rank 3) or to rank
	// 7 (from rank 6), where it may double-step again.
	if last.Piece() == Pawn && ((last.From().Rank() == 2 && last.To().Rank() == 1) ||
		(last.From().Rank() == 5 && last.To().Rank() == 6)) {
		tags = append(tags, "rank2")
	}
	if p.Owned(0).Count() <= 2 || p.Owned(1).Count() <= 2 {
		tags = append(tags, "nearend")
	}
	if p.Clock() >= 40 {
		tags = append(tags, "clock")
	}
	if p.Score(0)+p.Score(1) >= 12 {
		tags = append(tags, "capture")
	}
	if p.Pieces(King).Count() < 2 {
		tags = append(tags, "king captured")
	}
	return tags
}

type suiteEntry struct {
	Line    int
	FEN     string
	Variant string
	Counts  map[int]uint64
}

// readSuite is a small reader of the suite format (perft/suite.go has the
// real one; importing it here would be an import cycle through
// variants/all). Every line must be `<FEN> ;variant V ;D1 n ;D2 n ...`.
func readSuite(r io.Reader) ([]suiteEntry, error) {
	var out []suiteEntry
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, ";")
		e := suiteEntry{Line: n, FEN: strings.TrimSpace(fields[0]), Counts: map[int]uint64{}}
		for _, f := range fields[1:] {
			w := strings.Fields(f)
			if len(w) != 2 {
				return nil, fmt.Errorf("line %d: bad field %q", n, f)
			}
			if w[0] == "variant" {
				e.Variant = w[1]
				continue
			}
			d, err1 := strconv.Atoi(strings.TrimPrefix(w[0], "D"))
			c, err2 := strconv.ParseUint(w[1], 10, 64)
			if !strings.HasPrefix(w[0], "D") || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("line %d: bad field %q", n, f)
			}
			e.Counts[d] = c
		}
		out = append(out, e)
	}
	return out, sc.Err()
}
