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

// cecpPlayer drives an engine speaking CECP (XBoard protocol 2). The engine
// is kept in force mode except while it thinks: before each of its turns the
// arbiter sends the opponent's plies, the die roll and the clocks, then `go`.
type cecpPlayer struct {
	spec     EngineSpec
	p        *process
	features map[string]string
	pings    int
	synced   int  // plies of the current game the engine already knows
	clocked  bool // the current game has a clock: send time and otim
}

func startCECP(ctx context.Context, spec EngineSpec, log *ioLog) (*cecpPlayer, error) {
	p, err := startProcess(spec, log)
	if err != nil {
		return nil, err
	}
	c := &cecpPlayer{spec: spec, p: p, features: map[string]string{}}
	if err := c.handshake(ctx); err != nil {
		p.stop("quit", 200*time.Millisecond)
		return nil, err
	}
	return c, nil
}

// featureWait is how long the arbiter waits for the first features after
// `protover 2`. XBoard waits two seconds; a loaded machine starting a Go
// binary can take longer than that, and missing the features (usermove=1,
// ping=1) would garble the whole game.
const featureWait = 10 * time.Second

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// quietAfterTalk is how long the arbiter waits for a feature line once the
// engine has said something else (a UCI engine answers `xboard` with
// "Unknown command"): such an engine does not speak CECP.
const quietAfterTalk = 2 * time.Second

// handshake sends `xboard` and `protover 2` and reads the features: until
// `done=1`, or until featureWait (at least 2 s after the last feature line)
// if the engine never says done, or for the handshake timeout after
// `done=0`. An engine that sends no feature at all (within featureWait, or
// within quietAfterTalk of printing something else) does not speak protocol
// 2, most likely not CECP at all: that is an error, which stops the match.
func (c *cecpPlayer) handshake(ctx context.Context) error {
	if err := c.p.send("xboard"); err != nil {
		return err
	}
	if err := c.p.send("protover 2"); err != nil {
		return err
	}
	start := time.Now()
	deadline := start.Add(featureWait)
	sawFeature := false
	var other string // the engine's first line that is not a feature
	for {
		line, err := c.p.readLine(ctx, deadline)
		if errors.Is(err, errTimeout) {
			break
		}
		if err != nil {
			return fmt.Errorf("engine %s: during the feature handshake: %w", c.spec.Name, err)
		}
		rest, ok := strings.CutPrefix(line, "feature ")
		if !ok {
			if !sawFeature && strings.TrimSpace(line) != "" {
				if other == "" {
					other = line
				}
				deadline = earlier(deadline, time.Now().Add(quietAfterTalk))
			}
			continue
		}
		sawFeature = true
		// An engine that talks features but never says done gets two
		// more seconds after each feature line, as in XBoard.
		deadline = later(deadline, time.Now().Add(2*time.Second))
		done := false
		for _, kv := range parseFeatures(rest) {
			c.features[kv[0]] = kv[1]
			verdict := "accepted"
			if kv[0] == "san" && kv[1] == "1" {
				verdict = "rejected" // the arbiter speaks coordinate notation only
			}
			if err := c.p.send("%s %s", verdict, kv[0]); err != nil {
				return err
			}
			if kv[0] == "done" {
				if kv[1] == "0" {
					deadline = time.Now().Add(handshakeTimeout)
				} else {
					done = true
				}
			}
		}
		if done {
			break
		}
	}
	if !sawFeature {
		c.p.broken = true
		said := "it printed nothing"
		if other != "" {
			said = fmt.Sprintf("it said %q", truncate(other, 80))
		}
		return fmt.Errorf("engine %s never answered protover 2 with features in %v (%s): most likely it does not speak CECP; try proto=uci",
			c.spec.Name, time.Since(start).Round(100*time.Millisecond), said)
	}
	for _, o := range c.spec.Options {
		var err error
		switch o.Name {
		case "memory", "Hash":
			err = c.p.send("memory %s", o.Value)
		case "cores", "Threads":
			err = c.p.send("cores %s", o.Value)
		default:
			err = c.p.send("option %s=%s", o.Name, o.Value)
		}
		if err != nil {
			return err
		}
	}
	return c.sync(ctx)
}

// sync waits until the engine has processed everything sent so far (ping),
// if it supports ping.
func (c *cecpPlayer) sync(ctx context.Context) error {
	if c.features["ping"] != "1" {
		return nil
	}
	c.pings++
	want := fmt.Sprintf("pong %d", c.pings)
	if err := c.p.send("ping %d", c.pings); err != nil {
		return err
	}
	return c.p.waitFor(ctx, handshakeTimeout, want, func(l string) bool { return strings.TrimSpace(l) == want })
}

// parseFeatures splits `a=1 b="x y" c=2` into name/value pairs.
func parseFeatures(s string) [][2]string {
	var out [][2]string
	for {
		s = strings.TrimLeft(s, " \t")
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return out
		}
		name := strings.TrimSpace(s[:eq])
		s = s[eq+1:]
		var val string
		if strings.HasPrefix(s, `"`) {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				val, s = s[1:], ""
			} else {
				val, s = s[1:1+end], s[end+2:]
			}
		} else {
			end := strings.IndexAny(s, " \t")
			if end < 0 {
				end = len(s)
			}
			val, s = s[:end], s[end:]
		}
		if name == "" || strings.ContainsAny(name, " \t") {
			return out
		}
		out = append(out, [2]string{name, val})
	}
}

// cecpVariant is the CECP name of a game.
func cecpVariant(name string) string {
	switch name {
	case "chess":
		return "normal"
	case "chess960":
		return "fischerandom"
	}
	return name
}

func (c *cecpPlayer) newGame(ctx context.Context, g *variants.Game, startFEN string, tc TimeControl, timeout time.Duration) error {
	c.p.pending()
	cmds := []string{"new"}
	if g.Name != "chess" {
		cmds = append(cmds, "variant "+cecpVariant(g.Name))
	}
	cmds = append(cmds, "force", "easy", "post")
	cmds = append(cmds, cecpLimits(tc, timeout)...)
	if startFEN != "startpos" {
		if c.features["setboard"] != "1" {
			return fmt.Errorf("engine %s: cannot start from a FEN without feature setboard=1", c.spec.Name)
		}
		cmds = append(cmds, "setboard "+startFEN)
	}
	for _, cmd := range cmds {
		if err := c.p.send("%s", cmd); err != nil {
			return err
		}
	}
	c.clocked = tc.Clocked()
	c.synced = 0
	return c.sync(ctx)
}

// cecpLimits are the commands that set an engine's limits: `level MPS
// BASE INC` for a clock (MPS 0 for Fischer), `st SECONDS` for a time per
// move, and `sd DEPTH`. An engine with only a depth limit gets `st` with the
// arbiter's timeout, so that its own time management never stops it first.
func cecpLimits(tc TimeControl, timeout time.Duration) []string {
	var cmds []string
	switch {
	case tc.MoveTime > 0:
		cmds = append(cmds, "st "+strconv.FormatFloat(tc.MoveTime.Seconds(), 'f', -1, 64))
	case tc.Clocked():
		secs := int((tc.Base + time.Second - 1) / time.Second)
		cmds = append(cmds, fmt.Sprintf("level %d %d:%02d %s", tc.Moves, secs/60, secs%60, strconv.FormatFloat(tc.Inc.Seconds(), 'f', -1, 64)))
	default:
		cmds = append(cmds, "st "+strconv.FormatFloat(timeout.Seconds(), 'f', -1, 64))
	}
	if tc.Depth > 0 {
		cmds = append(cmds, fmt.Sprintf("sd %d", tc.Depth))
	}
	return cmds
}

// cecpMove writes a ply for the engine (a pass is @@@@).
func cecpMove(m string) string {
	if m == "0000" {
		return "@@@@"
	}
	return m
}

func (c *cecpPlayer) think(ctx context.Context, t *turn) (reply, error) {
	var r reply
	for _, line := range c.p.pending() {
		// A late complaint about a ply relayed before this turn.
		if strings.HasPrefix(line, "Illegal move") {
			c.p.broken = true
			return r, faultf("rules infraction", "engine rejected a legal ply: %s", line)
		}
	}
	if c.p.broken {
		return r, crashed("exited")
	}
	cmds := []string{"force"}
	relay := xboardPlies(t, c.synced)
	for i := c.synced; i < len(t.moves); i++ {
		m := relay[i-c.synced]
		if i < len(t.rolls) && t.rolls[i] != 0 {
			// The opponent's roll, so that the engine can check a pass.
			cmds = append(cmds, "roll "+string(t.rolls[i]))
		}
		if c.features["usermove"] == "1" {
			cmds = append(cmds, "usermove "+cecpMove(m))
		} else {
			cmds = append(cmds, cecpMove(m))
		}
	}
	if t.roll != 0 {
		cmds = append(cmds, "roll "+string(t.roll))
	}
	if c.clocked {
		side := t.pos.SideToMove()
		cmds = append(cmds, "time "+cs(t.left[side]), "otim "+cs(t.left[side.Other()]))
	}
	cmds = append(cmds, "go")
	for _, cmd := range cmds {
		if err := c.p.send("%s", cmd); err != nil {
			return r, err
		}
	}
	c.synced = len(t.moves)
	deadline := time.Now().Add(t.budget)
	for {
		line, err := c.p.readLine(ctx, deadline)
		switch {
		case errors.Is(err, errTimeout):
			c.p.broken = true // it may still move later: do not reuse it
			return r, timeForfeit(t.budget).withTrace(c.p)
		case errors.Is(err, errEOF):
			return r, crashed("exited while thinking").withTrace(c.p)
		case err != nil:
			return r, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "move" && len(f) >= 2:
			c.synced++
			r.move = f[1]
			if r.move == "@@@@" {
				r.move = "0000"
			}
			return r, nil
		case f[0] == "dice":
			if t.roll != 0 {
				if err := c.p.send("pips %d/6", pips(t.roll)); err != nil {
					return r, err
				}
			}
		case f[0] == "resign":
			return r, faultf("resign", "resigns")
		case strings.HasPrefix(f[0], "Illegal"):
			c.p.broken = true
			return r, faultf("rules infraction", "engine rejected a legal ply: %s", line)
		case f[0] == "1-0" || f[0] == "0-1" || f[0] == "1/2-1/2":
			c.p.broken = true
			return r, faultf("rules infraction", "false result claim: %s", line)
		default:
			if s, ok := cecpScore(f); ok {
				r.score, r.hasScore = s, true
				r.depth, _ = strconv.Atoi(strings.TrimRight(f[0], ".&"))
			}
		}
	}
}

// xboardPlies are t's plies from index from on as XBoard writes them:
// the game's own notation, except where the game has an XBoard form
// (Chess960 castling is O-O / O-O-O for CECP engines).
func xboardPlies(t *turn, from int) []string {
	plies := t.moves[from:]
	if _, ok := t.pos.(variants.XBoardNotation); !ok {
		return plies
	}
	pos, err := replay(t.game, t.startFEN, t.moves[:from], t.rolls)
	if err != nil {
		return plies
	}
	xn, ok := pos.(variants.XBoardNotation)
	if !ok {
		return plies
	}
	out := make([]string, 0, len(plies))
	for _, s := range plies {
		m, err := pos.ParseMove(s)
		if err != nil {
			return plies
		}
		out = append(out, xn.XBoardMoveString(m))
		pos.Make(m)
	}
	return out
}

// pips is the die face as XBoard's `pips k/6` count: P=1 ... K=6.
func pips(face byte) int {
	return 6 - strings.IndexByte(variants.DieFaces, face)
}

// cecpScore reads thinking output `depth score time nodes pv...`.
func cecpScore(f []string) (int, bool) {
	if len(f) < 4 {
		return 0, false
	}
	if _, err := strconv.Atoi(strings.TrimRight(f[0], ".&")); err != nil {
		return 0, false
	}
	s, err := strconv.Atoi(f[1])
	if err != nil {
		return 0, false
	}
	if s > 90000 || s < -90000 { // XBoard convention for mate scores
		s = max(min(s, mateScore), -mateScore)
	}
	return s, true
}

func (c *cecpPlayer) healthy() bool { return !c.p.broken }

func (c *cecpPlayer) close() { c.p.stop("quit", 500*time.Millisecond) }

// cs writes a duration in centiseconds, never negative.
func cs(d time.Duration) string {
	return strconv.FormatInt(max(d.Milliseconds()/10, 0), 10)
}
