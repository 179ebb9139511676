package web

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"varchess/variants"
)

// A game is one board on the server: the true position (the only judge of
// legality), its history, two seats (a person or an engine each), the
// clocks, the die and the analysis. Every method takes g.mu; a change bumps
// version and wakes the page's event streams.
type game struct {
	srv     *Server
	id      string
	owner   string // the client that created it: the only one that may change it
	variant *variants.Game

	mu       sync.Mutex
	pos      variants.Position
	startFEN string // "startpos" or the FEN the game started from
	plies    []plyRecord
	seats    [2]seat
	clock    clockSettings
	left     [2]time.Duration
	turnAt   time.Time // when the side to move's clock started
	flagTime *time.Timer
	ended    *endJSON // a result the rules did not give (time, resignation)
	dice     *rand.Rand
	note     string // announcement for the page (a forced pass)
	version  uint64
	wake     chan struct{} // closed and replaced on every change
	think    *thinking     // the engine's search in progress, if any
	analysis analysis
	created  time.Time
	used     time.Time // last request, for eviction
	streams  int       // open event streams
	closed   bool
}

// seat is one side of the board.
type seat struct {
	Engine int // index into Server.engines, -1 for a person
	Elo    int // the engine's level, 0 for full strength
	player Player
	name   string
	last   *Reply // the engine's last reply, for the page
}

func (s seat) human() bool { return s.Engine < 0 }

// clockSettings: a Fischer clock (Base > 0) or, untimed, a fixed time per
// engine move.
type clockSettings struct {
	Base, Inc, MoveTime time.Duration
}

func (c clockSettings) timed() bool { return c.Base > 0 }

// plyRecord is one ply of the history.
type plyRecord struct {
	text  string
	parts moveJSON
	roll  byte // the face rolled before the ply (games with a die)
	side  variants.Color
	left  [2]time.Duration // the clocks before the ply
	reply *Reply           // the engine's evaluation, if an engine played it
}

type thinking struct{ cancel context.CancelFunc }

// errRefused is a request the game refuses; the message says why. The game
// is unchanged.
type errRefused struct{ msg string }

func (e *errRefused) Error() string { return e.msg }

func refuse(format string, a ...any) error { return &errRefused{fmt.Sprintf(format, a...)} }

// newGame sets up a game; the caller starts it with start().
func newGame(srv *Server, id, owner string, v *variants.Game, startFEN string, seats [2]seat, clk clockSettings, seed uint64) (*game, error) {
	pos, err := v.Load(startFEN)
	if err != nil {
		return nil, refuse("%v", err)
	}
	if _, ok := pos.(variants.Displayer); !ok {
		return nil, refuse("%s cannot be shown on the board", v.Name)
	}
	if pos.Status().Over() {
		return nil, refuse("the game is already over in that position: %s", pos.Status().Reason)
	}
	if startFEN == "" || startFEN == v.StartFEN {
		startFEN = "startpos"
	}
	g := &game{
		srv: srv, id: id, owner: owner, variant: v,
		pos: pos, startFEN: startFEN, seats: seats, clock: clk,
		dice: rand.New(rand.NewPCG(seed, seed^0x5eed)),
		wake: make(chan struct{}), used: time.Now(), created: time.Now(),
	}
	if clk.timed() {
		g.left = [2]time.Duration{clk.Base, clk.Base}
	}
	return g, nil
}

// start begins play (rolls the die, starts an engine that is to move).
func (g *game) start() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.turnAt = time.Now()
	g.advance()
}

// close stops the engines and the analysis; the game is forgotten.
func (g *game) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.closed = true
	g.stopThinking()
	g.analysis.stop()
	if g.flagTime != nil {
		g.flagTime.Stop()
	}
	for i := range g.seats {
		if p := g.seats[i].player; p != nil {
			p.Close()
		}
	}
	g.changed()
}

// changed bumps the version and wakes every event stream.
func (g *game) changed() {
	g.version++
	close(g.wake)
	g.wake = make(chan struct{})
}

// status is the game's result: the rules', or one the server decided.
func (g *game) status() endJSON {
	if g.ended != nil {
		return *g.ended
	}
	st := g.pos.Status()
	return endJSON{Over: st.Over(), Result: st.Outcome.PGN(), Reason: st.Reason}
}

// advance runs after every change of the position: it rolls the die for
// the side to move, announces a forced pass, starts the engine whose turn
// it is, restarts the analysis and wakes the pages.
func (g *game) advance() {
	defer g.changed()
	g.note = ""
	g.stopThinking()
	if g.flagTime != nil {
		g.flagTime.Stop()
		g.flagTime = nil
	}
	if g.closed || g.status().Over {
		g.analysis.stop()
		return
	}
	side := g.pos.SideToMove()
	if r, ok := g.pos.(variants.Roller); ok && r.Roll() == 0 {
		face := variants.DieFaces[g.dice.IntN(len(variants.DieFaces))]
		if err := r.SetRoll(face); err != nil {
			g.ended = &endJSON{Over: true, Result: "*", Reason: "the die could not be set: " + err.Error()}
			return
		}
	}
	if moves := g.pos.Moves(nil); len(moves) == 1 && g.pos.(variants.Displayer).DescribeMove(moves[0]).Pass {
		g.note = fmt.Sprintf("%s rolled %s: no legal move, so %s passes", g.sideName(side), g.rollName(), g.sideName(side))
	}
	if g.clock.timed() {
		left := g.left[side]
		g.flagTime = time.AfterFunc(left+g.srv.cfg.FlagMargin, func() { g.checkFlag() })
	}
	if !g.seats[side].human() {
		g.startThinking()
	}
	g.analysis.restart(g)
}

func (g *game) rollName() string {
	if r, ok := g.pos.(variants.Roller); ok && r.Roll() != 0 {
		return string(r.Roll())
	}
	return "-"
}

// sideName is how the page names a side: South and North where the
// halves own the pieces.
func (g *game) sideName(c variants.Color) string {
	names := [2]string{"White", "Black"}
	if g.pos.(variants.Displayer).Display().OwnerByHalf {
		names = [2]string{"South", "North"}
	}
	return names[c]
}

// checkFlag ends the game if the side to move has run out of time.
func (g *game) checkFlag() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed || g.status().Over || !g.clock.timed() {
		return
	}
	side := g.pos.SideToMove()
	if time.Since(g.turnAt) <= g.left[side]+g.srv.cfg.FlagMargin {
		return
	}
	g.left[side] = 0
	g.lose(side, "loses on time")
}

// lose ends the game with side losing for reason.
func (g *game) lose(side variants.Color, reason string) {
	res := "1-0"
	if side == variants.White {
		res = "0-1"
	}
	g.ended = &endJSON{Over: true, Result: res, Reason: g.sideName(side) + " " + reason}
	g.stopThinking()
	g.analysis.stop()
	if g.flagTime != nil {
		g.flagTime.Stop()
		g.flagTime = nil
	}
	g.changed()
}

// play makes a ply given in the game's notation for the side to move.
// reply is the engine's evaluation (nil for a person). On error the game is
// unchanged.
func (g *game) play(text string, reply *Reply) error {
	if st := g.status(); st.Over {
		return refuse("the game is over (%s)", st.Reason)
	}
	m, err := g.pos.ParseMove(text)
	if err != nil {
		return refuse("illegal move %q: %v", text, err)
	}
	side := g.pos.SideToMove()
	rec := plyRecord{
		text:  g.pos.MoveString(m),
		parts: partsView(g.display().Files, g.pos.MoveString(m), g.pos.(variants.Displayer).DescribeMove(m)),
		side:  side, left: g.left, reply: reply,
	}
	if r, ok := g.pos.(variants.Roller); ok {
		rec.roll = r.Roll()
	}
	if g.clock.timed() {
		spent := time.Since(g.turnAt)
		if spent > g.left[side]+g.srv.cfg.FlagMargin {
			g.left[side] = 0
			g.lose(side, "loses on time")
			return nil
		}
		g.left[side] = max(g.left[side]-spent, 0) + g.clock.Inc
	}
	g.pos.Make(m)
	g.plies = append(g.plies, rec)
	g.turnAt = time.Now()
	g.advance()
	return nil
}

// undo takes back plies: at least one, then on until a person is to move,
// so that against an engine it takes back the engine's reply and the
// person's move.
func (g *game) undo() error {
	if !g.seats[0].human() && !g.seats[1].human() {
		return refuse("no person plays this game: nothing to take back")
	}
	if len(g.plies) == 0 {
		return refuse("no move to take back")
	}
	g.stopThinking()
	// Engines start afresh from the new history (a process need not
	// understand a take-back).
	for i := range g.seats {
		if p := g.seats[i].player; p != nil {
			g.seats[i].player = nil
			go p.Close()
		}
	}
	for {
		g.unmakeLast()
		if len(g.plies) == 0 || g.seats[g.pos.SideToMove()].human() {
			break
		}
	}
	g.ended = nil
	g.turnAt = time.Now()
	g.advance()
	return nil
}

// unmakeLast takes back the last ply, giving the side its roll and clock
// back (a take-back never re-rolls the die).
func (g *game) unmakeLast() {
	last := g.plies[len(g.plies)-1]
	g.plies = g.plies[:len(g.plies)-1]
	g.pos.Unmake()
	if r, ok := g.pos.(variants.Roller); ok && last.roll != 0 {
		_ = r.SetRoll(last.roll)
	}
	g.left = last.left
}

func (g *game) display() variants.Display { return g.pos.(variants.Displayer).Display() }

// startThinking starts the engine whose turn it is on a copy of the game.
func (g *game) startThinking() {
	side := g.pos.SideToMove()
	st := &g.seats[side]
	ctx, cancel := context.WithCancel(context.Background())
	job := &thinking{cancel: cancel}
	g.think = job
	t := Turn{
		Game: g.variant, Pos: g.pos.Clone(), StartFEN: g.startFEN,
		MoveTime: g.clock.MoveTime, Base: g.clock.Base, Inc: g.clock.Inc,
	}
	if g.clock.timed() {
		t.Left = g.left
	}
	for _, p := range g.plies {
		t.Moves = append(t.Moves, p.text)
		if p.roll != 0 {
			t.Rolls = append(t.Rolls, p.roll)
		}
	}
	if r, ok := g.pos.(variants.Roller); ok {
		t.Rolls = append(t.Rolls, r.Roll())
	}
	player, engineIndex, elo := st.player, st.Engine, st.Elo
	go func() {
		defer cancel()
		if player == nil {
			p, err := g.srv.engines[engineIndex].New(ctx, g.variant, g.startFEN, elo)
			if err != nil {
				g.engineFailed(job, side, err)
				return
			}
			g.mu.Lock()
			if g.seats[side].player == nil && !g.closed {
				g.seats[side].player = p
			} else {
				p.Close()
				p = g.seats[side].player
			}
			g.mu.Unlock()
			if p == nil {
				return
			}
			player = p
		}
		if err := g.srv.cpu.acquire(ctx); err != nil {
			return
		}
		reply, err := player.Play(ctx, t)
		g.srv.cpu.release()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			g.engineFailed(job, side, err)
			return
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.think != job || g.closed {
			return
		}
		g.think = nil
		g.seats[side].last = &reply
		if err := g.play(reply.Move, &reply); err != nil {
			g.lose(side, fmt.Sprintf("(engine) played an illegal move: %v", err))
		}
	}()
}

func (g *game) engineFailed(job *thinking, side variants.Color, err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.think != job || g.closed {
		return
	}
	g.think = nil
	g.lose(side, "(engine) failed: "+err.Error())
}

func (g *game) stopThinking() {
	if g.think != nil {
		g.think.cancel()
		g.think = nil
	}
}

// planDrops judges a partial drop action for the side to move.
func (g *game) planDrops(placed []dropJSON) (planJSON, error) {
	planner, ok := g.pos.(variants.DropPlanner)
	if !ok {
		return planJSON{}, refuse("%s has no drop actions of several pieces", g.variant.Name)
	}
	d := g.display()
	var drops []variants.Drop
	for _, p := range placed {
		sq := d.Square(p.Square)
		if len(p.Type) != 1 || sq < 0 {
			return planJSON{}, refuse("bad placement %q on %q", p.Type, p.Square)
		}
		drops = append(drops, variants.Drop{Type: strings.ToUpper(p.Type)[0], Square: sq})
	}
	plan := planner.PlanDrops(drops)
	out := planJSON{Valid: plan.Valid}
	for _, n := range plan.Next {
		out.Next = append(out.Next, dropJSON{Type: string(n.Type), Square: variants.SquareName(d.Files, n.Square)})
	}
	if !plan.Move.IsNone() {
		out.Move = g.pos.MoveString(plan.Move)
	}
	if plan.Err != nil {
		out.Error = plan.Err.Error()
	}
	return out, nil
}

// planJSON is the verdict on a partial drop action.
type planJSON struct {
	Valid bool       `json:"valid"`
	Next  []dropJSON `json:"next"`
	Move  string     `json:"move,omitempty"`  // the action's text when it is a legal ply
	Error string     `json:"error,omitempty"` // why it is not (yet) one
}

// errNotYours is returned to a client that does not own the game.
var errNotYours = errors.New("this game belongs to another client: you can watch it, not play it")
