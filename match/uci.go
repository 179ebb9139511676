package match

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"varchess/variants"
)

// Start-up and per-game handshakes get this long before the engine is
// declared dead; they are not charged to the clock.
const handshakeTimeout = 20 * time.Second

// uciPlayer drives an engine speaking UCI.
type uciPlayer struct {
	spec EngineSpec
	p    *process
}

func startUCI(ctx context.Context, spec EngineSpec, log *ioLog) (*uciPlayer, error) {
	p, err := startProcess(spec, log)
	if err != nil {
		return nil, err
	}
	u := &uciPlayer{spec: spec, p: p}
	if err := u.handshake(ctx); err != nil {
		p.stop("quit", 200*time.Millisecond)
		return nil, err
	}
	return u, nil
}

func (u *uciPlayer) handshake(ctx context.Context) error {
	if err := u.p.send("uci"); err != nil {
		return err
	}
	if err := u.p.waitFor(ctx, handshakeTimeout, "uciok", func(l string) bool { return l == "uciok" }); err != nil {
		return err
	}
	for _, o := range u.spec.Options {
		if err := u.p.send("setoption name %s value %s", o.Name, o.Value); err != nil {
			return err
		}
	}
	return u.ready(ctx)
}

func (u *uciPlayer) ready(ctx context.Context) error {
	if err := u.p.send("isready"); err != nil {
		return err
	}
	return u.p.waitFor(ctx, handshakeTimeout, "readyok", func(l string) bool { return l == "readyok" })
}

func (u *uciPlayer) newGame(ctx context.Context, g *variants.Game, startFEN string, tc TimeControl, _ time.Duration) error {
	switch g.Name {
	case "chess":
	case "chess960":
		// Chess960 is chess with an option in UCI (ours and Stockfish's);
		// castling is then written king takes own rook, as our notation.
		if err := u.p.send("setoption name UCI_Chess960 value true"); err != nil {
			return err
		}
	default:
		if err := u.p.send("setoption name UCI_Variant value %s", g.Name); err != nil {
			return err
		}
	}
	if err := u.p.send("ucinewgame"); err != nil {
		return err
	}
	return u.ready(ctx)
}

func (u *uciPlayer) think(ctx context.Context, t *turn) (reply, error) {
	var r reply
	u.p.pending() // stale info lines from the last search
	if u.p.broken {
		return r, crashed("exited")
	}
	if err := u.p.send("%s", uciPosition(t)); err != nil {
		return r, err
	}
	goCmd := uciGo(t, u.spec.LegalArbiter)
	if err := u.p.send("%s", goCmd); err != nil {
		return r, err
	}
	deadline := time.Now().Add(t.budget)
	for {
		line, err := u.p.readLine(ctx, deadline)
		switch {
		case errors.Is(err, errTimeout):
			u.abandonSearch(ctx)
			return r, timeForfeit(t.budget).withTrace(u.p)
		case errors.Is(err, errEOF):
			return r, crashed("exited while thinking").withTrace(u.p)
		case err != nil:
			return r, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			if s, ok := uciScore(f); ok {
				r.score, r.hasScore = s, true
				r.depth = uciDepth(f)
			}
		case "bestmove":
			if len(f) < 2 {
				return r, faultf("illegal move", "empty bestmove")
			}
			r.move = f[1]
			return r, nil
		}
	}
}

// abandonSearch stops a search that ran out of time; the engine is only
// reused if it answers the stop quickly.
func (u *uciPlayer) abandonSearch(ctx context.Context) {
	if u.p.send("stop") != nil {
		return
	}
	_ = u.p.waitFor(ctx, 500*time.Millisecond, "bestmove after stop", func(l string) bool {
		return strings.HasPrefix(l, "bestmove")
	})
}

func (u *uciPlayer) healthy() bool { return !u.p.broken }

func (u *uciPlayer) close() { u.p.stop("quit", 500*time.Millisecond) }

// uciScore reads "score cp N" or "score mate N" from an info line.
func uciScore(f []string) (int, bool) {
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		n, err := strconv.Atoi(f[i+2])
		if err != nil {
			return 0, false
		}
		switch f[i+1] {
		case "cp":
			return n, true
		case "mate":
			if n < 0 {
				return -mateScore, true
			}
			return mateScore, true
		}
	}
	return 0, false
}

// uciGo is the `go` command of a turn: the limits of the side to move (a
// clock, whose opponent's half comes from the opponent's own control; or a
// time per move; plus nodes and depth), the roll in a game with a die, and,
// with legal=arbiter, `searchmoves` with every ply the rules allow.
func uciGo(t *turn, legalArbiter bool) string {
	side := t.pos.SideToMove()
	tc := t.tc[side]
	var b strings.Builder
	b.WriteString("go")
	switch {
	case tc.MoveTime > 0:
		b.WriteString(" movetime " + ms(tc.MoveTime))
	case tc.Clocked():
		w, bl := t.tc[variants.White], t.tc[variants.Black]
		fmt.Fprintf(&b, " wtime %s btime %s winc %s binc %s", ms(t.left[variants.White]), ms(t.left[variants.Black]), ms(w.Inc), ms(bl.Inc))
		if t.movesToGo > 0 {
			fmt.Fprintf(&b, " movestogo %d", t.movesToGo)
		}
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	if t.roll != 0 {
		b.WriteString(" roll " + string(t.roll))
	}
	if legalArbiter {
		pos := t.pos.Clone()
		moves := pos.Moves(nil)
		if len(moves) > 0 {
			b.WriteString(" searchmoves")
			for _, m := range moves {
				b.WriteString(" " + pos.MoveString(m))
			}
		}
	}
	return b.String()
}

// uciDepth reads "depth N" from an info line (0 if absent).
func uciDepth(f []string) int {
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "depth" {
			n, _ := strconv.Atoi(f[i+1])
			return n
		}
	}
	return 0
}

// ms writes a duration in whole milliseconds, never negative.
func ms(d time.Duration) string {
	return strconv.FormatInt(max(d.Milliseconds(), 0), 10)
}

// uciPosition writes the `position` command for t. UCI cannot tell the
// rolls of past plies, and a pass (0000) is legal only under the roll that
// forced it, so in a game with a die the command starts from the FEN after
// the last pass (the arbiter replays the game with its rolls to get it) and
// lists only the plies after it. The engine loses the history before that
// pass, which only matters for repetitions.
func uciPosition(t *turn) string {
	start, moves := t.startFEN, t.moves
	if last := lastPass(t); last >= 0 {
		if pos, err := replay(t.game, t.startFEN, t.moves[:last+1], t.rolls); err == nil {
			start, moves = pos.FEN(), t.moves[last+1:]
		}
	}
	var b strings.Builder
	b.WriteString("position ")
	if start == "startpos" {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen " + start)
	}
	if len(moves) > 0 {
		b.WriteString(" moves " + strings.Join(moves, " "))
	}
	return b.String()
}

// lastPass is the index of the last pass among t's plies in a game with a
// die, or -1.
func lastPass(t *turn) int {
	if len(t.rolls) == 0 {
		return -1
	}
	for i := len(t.moves) - 1; i >= 0; i-- {
		if t.moves[i] == "0000" {
			return i
		}
	}
	return -1
}

// replay plays moves (with their rolls, if any) from startFEN.
func replay(g *variants.Game, startFEN string, moves []string, rolls []byte) (variants.Position, error) {
	pos, err := g.Load(startFEN)
	if err != nil {
		return nil, err
	}
	roller, hasDie := pos.(variants.Roller)
	for i, s := range moves {
		if hasDie && i < len(rolls) {
			if err := roller.SetRoll(rolls[i]); err != nil {
				return nil, err
			}
		}
		m, err := pos.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("ply %d %q: %w", i+1, s, err)
		}
		pos.Make(m)
	}
	return pos, nil
}
