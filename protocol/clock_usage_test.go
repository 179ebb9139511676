package protocol

import (
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The clock usage measurement (not a test: it asserts nothing and runs only
// with -clockusage, inside /work/coord/matchslot as it measures wall time):
//
//	go test ./protocol -run TestClockUsage -clockusage -v [-clockmoves 40]
//
// It drives the built binary as a GUI does and reports, for `go movetime`,
// the distribution of the time used as a fraction of the movetime and the
// overshoots past it; and for a 10+0.1 self-play game, the time each move
// took and the clock left.
var (
	clockUsage  = flag.Bool("clockusage", false, "measure the engine's clock usage (TestClockUsage)")
	clockMoves  = flag.Int("clockmoves", 40, "TestClockUsage: moves per game")
	clockBin    = flag.String("clockbin", "", "TestClockUsage: the engine to measure (default: build this tree)")
	clockTC     = flag.String("clocktc", "10+0.1", "TestClockUsage: the game's time control BASE+INC in seconds")
	clockGames  = flag.Int("clockgames", 1, "TestClockUsage: self-play games (each from the start)")
	clockSkipMT = flag.Bool("clocknomovetime", false, "TestClockUsage: skip the movetime part")
)

// clockUsagePositions are normal middlegame positions of every game.
var clockUsagePositions = []struct{ variant, fen string }{
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8"},
	{"chess", "2r2rk1/1bqnbppp/p2ppn2/1p6/3NPP2/1BN1B3/PPPQ2PP/2KR3R w - - 0 13"},
	{"chess", "8/5pk1/6p1/3R4/4P3/5PK1/r5P1/8 w - - 0 40"},
	{"monochrome", "startpos"},
	{"russian", "rnq2r/1p1p1p/p2(pk)1n/NQ3(Pp)/PP(PK)PP1/R3NR w B 2 7"},
	{"russian", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w K 0 1"},
	{"kingchess1", "startpos moves K@e1 k@e8 Q@d1 q@d8"},
	{"kingchess", "startpos moves K@e1,Q@d1,R@h1 k@e8,q@d8"},
}

func TestClockUsage(t *testing.T) {
	if !*clockUsage {
		t.Skip("a measurement: run with -clockusage (inside matchslot)")
	}
	bin := *clockBin
	if bin == "" {
		bin = buildBinary(t)
	}
	p := startBinary(t, bin)
	p.send("uci")
	p.waitFor(`^uciok$`, 10*time.Second)
	overhead := defaultOverhead
	movetimes := []time.Duration{50 * time.Millisecond, 200 * time.Millisecond, 1000 * time.Millisecond}
	if *clockSkipMT {
		movetimes = nil
	}
	for _, mt := range movetimes {
		var ratios []float64
		var over []time.Duration
		worst := map[string]time.Duration{}
		for _, c := range clockUsagePositions {
			for rep := 0; rep < 3; rep++ {
				pos := "position fen " + c.fen
				if strings.HasPrefix(c.fen, "startpos") {
					pos = "position " + c.fen
				}
				p.send("setoption name UCI_Variant value "+c.variant, "ucinewgame", pos)
				uciReady(p)
				used := timeGo(p, fmt.Sprintf("go movetime %d", mt.Milliseconds()))
				ratios = append(ratios, float64(used)/float64(mt))
				over = append(over, used-mt)
				if _, ok := worst[c.variant]; !ok || used-mt > worst[c.variant] {
					worst[c.variant] = used - mt
				}
			}
		}
		sort.Float64s(ratios)
		sort.Slice(over, func(i, j int) bool { return over[i] < over[j] })
		n := 0
		for _, o := range over {
			if o > overhead {
				n++
			}
		}
		t.Logf("movetime %v: %d moves; used/movetime min %.3f p10 %.3f median %.3f p90 %.3f max %.3f; overshoot max %v; %d over the Move Overhead (%v)",
			mt, len(ratios), ratios[0], ratios[len(ratios)/10], ratios[len(ratios)/2], ratios[len(ratios)*9/10], ratios[len(ratios)-1],
			over[len(over)-1].Round(time.Millisecond), n, overhead)
		var per []string
		for v, o := range worst {
			per = append(per, fmt.Sprintf("%s %v", v, o.Round(time.Millisecond)))
		}
		sort.Strings(per)
		t.Logf("movetime %v: largest overshoot per game (negative: answered early): %s", mt, strings.Join(per, ", "))
	}

	// Self-play games from the start, clocks kept as a GUI keeps them.
	baseText, incText, ok := strings.Cut(*clockTC, "+")
	baseS, err1 := strconv.ParseFloat(baseText, 64)
	incS, err2 := strconv.ParseFloat(incText, 64)
	if !ok || err1 != nil || err2 != nil {
		t.Fatalf("-clocktc %q: want BASE+INC in seconds", *clockTC)
	}
	base, inc := time.Duration(baseS*float64(time.Second)), time.Duration(incS*float64(time.Second))
	type slice struct {
		used time.Duration
		n    int
	}
	var byMove [4]slice // moves 1-10, 11-20, 21-40, 41+
	var first []time.Duration
	var left40 []time.Duration
	for game := 0; game < *clockGames; game++ {
		p.send("setoption name UCI_Variant value chess", "ucinewgame")
		uciReady(p)
		clock := [2]time.Duration{base, base}
		var moves, line []string
		for ply := 0; ply < 2**clockMoves; ply++ {
			p.send("position startpos moves " + strings.Join(moves, " "))
			used, best := timeGoMove(p, fmt.Sprintf("go wtime %d btime %d winc %d binc %d",
				clock[0].Milliseconds(), clock[1].Milliseconds(), inc.Milliseconds(), inc.Milliseconds()))
			if best == "0000" || best == "(none)" {
				break
			}
			side, move := ply%2, ply/2+1
			clock[side] += inc - used
			moves = append(moves, best)
			line = append(line, fmt.Sprintf("%d%s %dms (left %.2fs)", move, map[int]string{0: ".", 1: "..."}[side], used.Milliseconds(), clock[side].Seconds()))
			k := 3
			switch {
			case move <= 10:
				k = 0
			case move <= 20:
				k = 1
			case move <= 40:
				k = 2
			}
			byMove[k].used += used
			byMove[k].n++
			if move == 1 {
				first = append(first, used)
			}
			if move == 40 {
				left40 = append(left40, clock[side])
			}
			if clock[side] <= 0 {
				t.Logf("game %d: flag fall at ply %d", game+1, ply)
				break
			}
		}
		if game == 0 {
			t.Logf("%s self-play, game 1, time per move:\n%s", *clockTC, strings.Join(line, "\n"))
		}
	}
	var parts []string
	for i, name := range []string{"moves 1-10", "11-20", "21-40", "41+"} {
		if byMove[i].n > 0 {
			parts = append(parts, fmt.Sprintf("%s %dms", name, (byMove[i].used/time.Duration(byMove[i].n)).Milliseconds()))
		}
	}
	t.Logf("%s, %d games: mean time per move: %s; first moves %v; clock left after move 40 %v",
		*clockTC, *clockGames, strings.Join(parts, ", "), roundAll(first), roundAll(left40))
}

func roundAll(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(10 * time.Millisecond)
	}
	return out
}

// timeGo sends a go line and returns the time until bestmove.
func timeGo(p *cecpPeer, goLine string) time.Duration {
	d, _ := timeGoMove(p, goLine)
	return d
}

func timeGoMove(p *cecpPeer, goLine string) (time.Duration, string) {
	sent := time.Now()
	p.send(goLine)
	l, _ := p.waitFor(`^bestmove `, 60*time.Second)
	return time.Since(sent), strings.Fields(l)[1]
}
