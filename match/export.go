package match

import (
	"context"
	"fmt"
	"io"
	"time"

	"varchess/variants"
)

// This file lets other commands reuse the arbiter's engines and PGN (the
// web server's `serve -engine SPEC` and its PGN export) without the arbiter
// knowing them.

// Player is one engine started from an EngineSpec, for one game at a time.
type Player struct {
	p    player
	spec EngineSpec
}

// Turn is what a Player needs to choose its ply.
type Turn struct {
	Pos      variants.Position // the true position (roll set); read only
	StartFEN string            // "startpos" or a FEN
	Moves    []string          // plies since StartFEN, the game's notation
	Rolls    []byte            // the face before every ply so far and this one (games with a die)
	Left     [2]time.Duration  // clocks by colour (zero without a clock)
	TC       TimeControl       // both sides' limits
	Budget   time.Duration     // how long the player may think
}

// Reply is a Player's ply and its last reported score (centipawns, the
// mover's view) and depth.
type Reply struct {
	Move     string
	Score    int
	HasScore bool
	Depth    int
}

// StartPlayer starts the engine of spec (a process, or a built-in player).
func StartPlayer(ctx context.Context, spec EngineSpec) (*Player, error) {
	p, err := newPlayer(ctx, spec, nil)
	if err != nil {
		return nil, err
	}
	return &Player{p: p, spec: spec}, nil
}

// newPlayer starts the player of spec; log (may be nil) gets its traffic.
func newPlayer(ctx context.Context, spec EngineSpec, log *ioLog) (player, error) {
	switch spec.Proto {
	case Builtin:
		return newBuiltin(spec.Cmd), nil
	case UCI:
		return startUCI(ctx, spec, log)
	case CECP:
		return startCECP(ctx, spec, log)
	}
	return nil, fmt.Errorf("engine %s: unknown protocol %q", spec.Name, spec.Proto)
}

// Name is the engine's name from its spec.
func (p *Player) Name() string { return p.spec.Name }

// NewGame prepares the player for a game of g from startFEN under tc.
func (p *Player) NewGame(ctx context.Context, g *variants.Game, startFEN string, tc TimeControl) error {
	return p.p.newGame(ctx, g, startFEN, p.spec.Limits(tc), time.Minute)
}

// Think asks for a ply of the game t describes.
func (p *Player) Think(ctx context.Context, g *variants.Game, t Turn) (Reply, error) {
	in := turn{
		game: g, pos: t.Pos, startFEN: t.StartFEN, moves: t.Moves,
		left: t.Left, tc: [2]TimeControl{t.TC, t.TC}, budget: t.Budget,
	}
	if len(t.Rolls) > 0 {
		in.roll = t.Rolls[len(t.Rolls)-1]
		in.rolls = t.Rolls
	}
	r, err := p.p.think(ctx, &in)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Move: r.move, Score: r.score, HasScore: r.hasScore, Depth: r.depth}, nil
}

// Healthy reports whether the player can play on.
func (p *Player) Healthy() bool { return p.p.healthy() }

// Close stops the player.
func (p *Player) Close() { p.p.close() }

// PGNGame is one game for WritePGN.
type PGNGame struct {
	Event, Site  string
	Round        int
	White, Black string
	Game         *variants.Game
	StartFEN     string // "startpos" or a FEN
	TC           TimeControl
	Moves        []string // the game's notation
	Rolls        []byte   // the face before each ply (games with a die)
	Outcome      variants.Outcome
	Reason       string
	Termination  string
	Started      time.Time
}

// WritePGN writes g as the match writes its games.
func WritePGN(w io.Writer, g PGNGame) error {
	info := pgnInfo{Event: g.Event, Site: g.Site, Variant: g.Game.Name, Limits: []TimeControl{g.TC, g.TC}, game: g.Game}
	rec := &gameRecord{
		Number: g.Round, White: g.White, Black: g.Black, WhiteEngine: 0, BlackEngine: 1,
		StartFEN: g.StartFEN, Moves: g.Moves, Rolls: g.Rolls, Outcome: g.Outcome,
		Reason: g.Reason, Termination: g.Termination, Started: g.Started,
	}
	return writePGN(w, info, rec)
}
