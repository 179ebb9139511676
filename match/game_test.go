package match

import (
	"strings"
	"testing"

	"varchess/variants"
)

func TestAdjudicateScores(t *testing.T) {
	a := adjudication{ResignMoves: 3, ResignScore: 500, DrawMoves: 2, DrawScore: 10, DrawStart: 20}
	cases := []struct {
		white, black []int
		ply          int
		want         variants.Outcome
	}{
		{[]int{-600, -700, -800}, []int{600, 650, 900}, 10, variants.BlackWins},
		{[]int{0, 600, 700, 800}, []int{-600, -650, -900}, 10, variants.WhiteWins},
		{[]int{-600, -700}, []int{600, 650, 900}, 10, variants.Ongoing},        // too few reports
		{[]int{-600, -400, -800}, []int{600, 650, 900}, 10, variants.Ongoing},  // one is not beyond
		{[]int{-600, -700, -800}, []int{600, 650, -900}, 10, variants.Ongoing}, // they disagree
		{[]int{5, -3}, []int{0, 10}, 20, variants.Draw},
		{[]int{5, -3}, []int{0, 10}, 19, variants.Ongoing}, // too early
		{[]int{5, -30}, []int{0, 10}, 40, variants.Ongoing},
	}
	for _, c := range cases {
		got, why := adjudicateScores([2][]int{c.white, c.black}, c.ply, a)
		if got != c.want {
			t.Errorf("%v / %v at ply %d: %v (%s), want %v", c.white, c.black, c.ply, got, why, c.want)
		}
	}
	if got, _ := adjudicateScores([2][]int{{-900, -900}, {900, 900}}, 50, adjudication{}); got != variants.Ongoing {
		t.Errorf("adjudication off, got %v", got)
	}
}

func TestReadOpenings(t *testing.T) {
	text := `# comment

4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 ;variant chess ;D1 6
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id "x";
`
	// The toy game: plain FENs, the ;-suffix dropped.
	got, err := readOpenings(strings.NewReader("# toy\n21 w - 0\n\n7 b - 3 ; comment\n"), toyGame)
	if err != nil || len(got) != 2 || got[0] != "21 w - 0" || got[1] != "7 b - 3" {
		t.Errorf("toy openings: %q, %v", got, err)
	}
	for _, bad := range []string{"", "# only a comment\n", "21 w - 0\nnot a fen\n", "0 w - 0\n"} {
		if _, err := readOpenings(strings.NewReader(bad), toyGame); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	g, err := allGet("chess")
	if err != nil {
		t.Skip("chess not registered")
	}
	got, err = readOpenings(strings.NewReader(text), g)
	if err != nil || len(got) != 2 || !strings.HasPrefix(got[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq") {
		t.Errorf("chess openings: %q, %v", got, err)
	}
}
