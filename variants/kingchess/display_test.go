package kingchess

import (
	"math/rand/v2"
	"strings"
	"testing"

	"varchess/variants"
)

// TestPlanDrops builds drop actions piece by piece as a board does and
// checks PlanDrops against the rules as ParseMove applies them: a set is
// a legal move exactly when ParseMove accepts its text, every offered next
// placement keeps the set valid, and every piece of a legal action was
// offered when it was placed (so a board can build every action).
func TestPlanDrops(t *testing.T) {
	fens := []string{
		StartFEN,
		"4k3/8/8/8/8/8/8/4K3[QRBBNPPbbn] w - - 0 1",
		"4k3/8/8/8/8/8/8/r3K3[BBNP] w - - 0 1",  // a check to block
		"4k3/8/8/8/8/8/8/1r2K2r[BBN] w - - 0 1", // a double check
	}
	rng := rand.New(rand.NewPCG(7, 1))
	for _, fen := range fens {
		pos, err := Parse(fen)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 40; trial++ {
			var placed []variants.Drop
			for step := 0; step < 5; step++ {
				plan := pos.PlanDrops(placed)
				if !plan.Valid {
					t.Fatalf("%s %v: invalid (%v) though built from offers", fen, placed, plan.Err)
				}
				checkAgainstParse(t, pos, placed, plan)
				if len(plan.Next) == 0 {
					break
				}
				placed = append(placed, plan.Next[rng.IntN(len(plan.Next))])
			}
		}
	}
	// Every legal action of a small reserve can be built in any order from
	// the offers.
	pos, err := Parse("4k3/8/8/8/8/8/8/r3K3[BBN] w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	actions := 0
	pos.ForEachDropAction(func(m variants.Move) {
		actions++
		parts := pos.DescribeMove(m)
		rng.Shuffle(len(parts.Drops), func(i, j int) { parts.Drops[i], parts.Drops[j] = parts.Drops[j], parts.Drops[i] })
		for i, d := range parts.Drops {
			plan := pos.PlanDrops(parts.Drops[:i])
			offered := false
			for _, n := range plan.Next {
				offered = offered || n == d
			}
			if !offered {
				t.Fatalf("%s: %c@%d not offered after %v", pos.MoveString(m), d.Type, d.Square, parts.Drops[:i])
			}
		}
		if plan := pos.PlanDrops(parts.Drops); plan.Move != m {
			t.Fatalf("%s: the whole set plans as %v (%v)", pos.MoveString(m), plan.Move, plan.Err)
		}
	})
	if actions == 0 {
		t.Fatal("no legal drop action to build")
	}
	// A set breaking a placement rule is not valid and says why.
	pos, _ = Parse(StartFEN)
	bad := []variants.Drop{{Type: 'P', Square: 4}} // a pawn on e1
	if plan := pos.PlanDrops(bad); plan.Valid || plan.Err == nil || !strings.Contains(plan.Err.Error(), "first rank") {
		t.Errorf("pawn on e1: %+v", plan)
	}
	if plan := pos.PlanDrops([]variants.Drop{{Type: 'Q', Square: 3}}); !plan.Valid || plan.Move != variants.NoMove || !strings.Contains(plan.Err.Error(), "King") {
		t.Errorf("queen alone while the King is in hand: %+v", plan)
	}
	one, _ := Parse1(StartFEN)
	if plan := one.PlanDrops([]variants.Drop{{Type: 'K', Square: 4}}); plan.Move == variants.NoMove || len(plan.Next) != 0 {
		t.Errorf("kingchess1 King drop: %+v, want a move and nothing more to add", plan)
	}
}

func checkAgainstParse(t *testing.T, pos *Position, placed []variants.Drop, plan variants.DropPlan) {
	t.Helper()
	if len(placed) == 0 {
		return
	}
	texts := make([]string, len(placed))
	for i, d := range placed {
		texts[i] = string(d.Type) + "@" + variants.SquareName(8, d.Square)
	}
	text := strings.Join(texts, ",")
	m, err := pos.ParseMove(text)
	if (err == nil) != (plan.Move != variants.NoMove) || (err == nil && m != plan.Move) {
		t.Fatalf("%s %s: ParseMove %v (%v), plan %v (%v)", pos.FEN(), text, m, err, plan.Move, plan.Err)
	}
	for _, n := range plan.Next {
		if !pos.PlanDrops(append(placed[:len(placed):len(placed)], n)).Valid {
			t.Fatalf("%s %s: offered %c@%d is not valid", pos.FEN(), text, n.Type, n.Square)
		}
	}
}
