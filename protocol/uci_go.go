package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"varchess/engine"
	"varchess/variants"
)

// goCommand is a parsed `go` line.
type goCommand struct {
	lim    engine.Limits
	ponder bool
	roll   byte // russian: the die face given with `roll F`, 0 if none
	perft  int  // `go perft N`: depth, 0 if not a perft
	dice   bool // `go perft N dice`
	// searchMoves are the plies after `searchmoves`, checked against the
	// position when the search starts.
	searchMoves []string
}

// maxMillis bounds time arguments so that converting them cannot overflow.
const maxMillis = 1 << 40

// goKeywords are the words that start a `go` parameter (searchmoves lists
// end at the next one).
var goKeywords = map[string]bool{
	"searchmoves": true, "ponder": true, "wtime": true, "btime": true, "winc": true,
	"binc": true, "movestogo": true, "depth": true, "nodes": true, "mate": true,
	"movetime": true, "infinite": true, "roll": true, "perft": true,
}

// parseGo reads the parameters of `go`.
func parseGo(args []string) (goCommand, error) {
	var g goCommand
	for i := 0; i < len(args); i++ {
		key := args[i]
		intArg := func() (int64, error) {
			if i+1 >= len(args) {
				return 0, fmt.Errorf("go %s: missing value", key)
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				return 0, fmt.Errorf("go %s: %q is not an integer", key, args[i])
			}
			return n, nil
		}
		// millis reads a time in milliseconds, at least least. Some GUIs
		// send a negative remaining time when the clock ran out: that means
		// (almost) nothing left.
		millis := func(least int64) (time.Duration, error) {
			n, err := intArg()
			n = max(least, min(n, maxMillis))
			return time.Duration(n) * time.Millisecond, err
		}
		var err error
		switch key {
		case "wtime":
			g.lim.WTime, err = millis(1)
		case "btime":
			g.lim.BTime, err = millis(1)
		case "winc":
			g.lim.WInc, err = millis(0)
		case "binc":
			g.lim.BInc, err = millis(0)
		case "movetime":
			g.lim.MoveTime, err = millis(1)
		case "movestogo", "depth", "mate":
			var n int64
			n, err = intArg()
			if err == nil && (n < 0 || n > 1000) {
				err = fmt.Errorf("go %s: %d out of range", key, n)
			}
			switch key {
			case "movestogo":
				g.lim.MovesToGo = int(n)
			case "depth":
				g.lim.Depth = int(n)
			case "mate": // mate in n moves needs at most 2n-1 plies
				g.lim.Depth = max(1, int(2*n-1))
			}
		case "nodes":
			var n int64
			n, err = intArg()
			if err == nil && n < 0 {
				err = fmt.Errorf("go nodes: %d is negative", n)
			}
			g.lim.Nodes = uint64(n)
		case "infinite":
			g.lim.Infinite = true
		case "ponder":
			g.ponder = true
		case "searchmoves":
			for i+1 < len(args) && !goKeywords[args[i+1]] {
				i++
				g.searchMoves = append(g.searchMoves, args[i])
			}
		case "roll":
			if i+1 >= len(args) {
				return g, fmt.Errorf("go roll: missing face")
			}
			i++
			g.roll, err = parseFace(args[i])
		case "perft":
			var n int64
			n, err = intArg()
			if err == nil {
				err = variants.CheckPerftDepth(int(n))
			}
			g.perft = int(n)
			if err == nil && i+1 < len(args) && args[i+1] == "dice" {
				g.dice = true
				i++
			}
		default:
			return g, fmt.Errorf("go: unknown parameter %q", key)
		}
		if err != nil {
			return g, err
		}
	}
	return g, nil
}

func (s *uciSession) cmdGo(args []string) {
	g, err := parseGo(args)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	if s.game.pos == nil {
		s.errorf("variant %s: %v", s.game.name, errNoGame)
		return
	}
	if g.perft > 0 {
		s.startPerft(g.perft, variants.PerftOptions{Dice: g.dice})
		return
	}
	pos := s.game.pos.Clone()
	// Analysing a russian position before the roll: every face is
	// searched (info string face F ...), the die is rolled only for the
	// bestmove after stop.
	perFace := g.lim.Infinite && g.roll == 0 && needsRoll(pos)
	if !perFace {
		rolled, err := prepareRoll(pos, g.roll, s.rng)
		if err != nil {
			s.errorf("go: %v", err)
			return
		}
		if rolled != 0 {
			s.out.printf("info string roll %c", rolled)
		}
	}
	lim := g.lim
	lim.MoveOverhead = s.overhead
	for _, text := range g.searchMoves {
		m, err := pos.ParseMove(text)
		if err != nil {
			s.errorf("go searchmoves: %v", err)
			return
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	// Stopped rather than waited for: infinite, pondering, or no limit.
	endless := lim.Infinite || g.ponder || !hasLimit(lim)
	if s.nodeCap > 0 && (lim.Nodes == 0 || lim.Nodes > s.nodeCap) {
		lim.Nodes = s.nodeCap // still infinite or pondering if asked
	}
	var ponderhit chan struct{}
	if g.ponder {
		ponderhit = make(chan struct{})
		lim.Ponder = ponderhit
	}
	out, eng, wdl := s.out, s.eng, s.settings.showWDL
	var face byte // the roll after a per-face analysis, told only then
	if perFace {
		face = rollDie(s.rng)
	}
	// Handicapped searches, for measuring what a search idea is worth.
	search := eng.Search
	switch {
	case s.diceBlind:
		search = eng.SearchDiceBlind
	case s.singleDrops:
		search = eng.SearchSingleDrops
	}
	s.start(endless, func(ctx context.Context) {
		res := search(ctx, pos, lim, func(in engine.Info) { out.println(infoLine(pos, in, wdl)) })
		// UCI: no bestmove before stop in infinite mode, nor before
		// ponderhit while pondering, even when the search had nothing to
		// do (no legal move) or ended early.
		if lim.Infinite {
			<-ctx.Done()
		} else if ponderhit != nil {
			select {
			case <-ctx.Done():
			case <-ponderhit:
			}
		}
		if perFace && len(res.Faces) == 6 {
			// The analysis is over; a bestmove needs a roll.
			out.printf("info string roll %c", face)
			res.Best, res.Ponder = res.Faces[strings.IndexByte(pipsFaces, face)].Best, variants.NoMove
			pos.(variants.Roller).SetRoll(face)
		}
		out.println(bestMoveLine(pos, res))
	})
	s.task.ponderhit = ponderhit
}

// hasLimit reports whether a search with lim ends by itself in reasonable
// time (a `go` without any limit runs to the engine's maximum depth).
func hasLimit(lim engine.Limits) bool {
	return lim.Depth > 0 || lim.Nodes > 0 || lim.MoveTime > 0 || lim.WTime > 0 || lim.BTime > 0
}

// infoLine formats one iteration's `info` line (one per MultiPV line), with
// `wdl W D L` when showWDL. A per-face line of a russian analysis before
// the roll is `info string face F depth D score cp S [wdl W D L] pv M`.
func infoLine(root variants.Position, in engine.Info, showWDL bool) string {
	var b strings.Builder
	if in.Face != 0 {
		fmt.Fprintf(&b, "info string face %c depth %d ", in.Face, in.Depth)
		writeScore(&b, in, showWDL)
		if len(in.PV) > 0 {
			b.WriteString(" pv " + root.MoveString(in.PV[0]))
		} else {
			b.WriteString(" pv 0000")
		}
		return b.String()
	}
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d ", in.Depth, in.SelDepth, max(in.MultiPV, 1))
	writeScore(&b, in, showWDL)
	ms := in.Time.Milliseconds()
	nps := uint64(0)
	if in.Time > 0 {
		nps = uint64(float64(in.Nodes) / in.Time.Seconds())
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d", in.Nodes, nps, in.HashFull, ms)
	if len(in.PV) > 0 {
		b.WriteString(" pv ")
		b.WriteString(strings.Join(moveStrings(root, in.PV), " "))
	}
	return b.String()
}

// writeScore writes `score cp S` or `score mate N`, then `wdl W D L`.
func writeScore(b *strings.Builder, in engine.Info, showWDL bool) {
	if in.Mate != 0 {
		fmt.Fprintf(b, "score mate %d", in.Mate)
	} else {
		fmt.Fprintf(b, "score cp %d", in.Score)
	}
	if showWDL {
		fmt.Fprintf(b, " wdl %d %d %d", in.WDL[0], in.WDL[1], in.WDL[2])
	}
}

// bestMoveLine formats the answer. A position without any legal ply (the
// game is over) is answered with the null move 0000.
func bestMoveLine(root variants.Position, res engine.Result) string {
	if res.Best.IsNone() {
		return "bestmove 0000"
	}
	if res.Ponder.IsNone() {
		return "bestmove " + root.MoveString(res.Best)
	}
	ms := moveStrings(root, []variants.Move{res.Best, res.Ponder})
	return "bestmove " + ms[0] + " ponder " + ms[1]
}

// cmdPerft handles `perft N [dice]` (the same as `go perft N [dice]`).
func (s *uciSession) cmdPerft(args []string) {
	g, err := parseGo(append([]string{"perft"}, args...))
	if err != nil || g.perft == 0 {
		s.errorf("usage: perft <depth> [dice] (%v)", err)
		return
	}
	if s.game.pos == nil {
		s.errorf("variant %s: %v", s.game.name, errNoGame)
		return
	}
	s.startPerft(g.perft, variants.PerftOptions{Dice: g.dice})
}

// startPerft runs `go perft` / `perft` as a task: stop, quit and EOF end
// it (printing no total), isready is answered meanwhile.
func (s *uciSession) startPerft(depth int, opt variants.PerftOptions) {
	if s.nodeCap > 0 {
		depth = 1
	}
	pos, out, threads := s.game.pos.Clone(), s.out, s.eng.Options().Threads
	s.start(false, func(ctx context.Context) {
		runPerft(ctx, out, pos, depth, opt, threads, func(m string) string { return m }, "info string")
	})
}
