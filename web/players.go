package web

import (
	"context"
	"errors"
	"time"

	"varchess/engine"
	"varchess/match"
	"varchess/variants"
)

// Player is an engine seat of a game: the built-in engine in this process
// or an engine the command line named (through the match arbiter's engine
// specs). The page chooses engines only by their index in the server's
// list; it can never name a command.
type Player interface {
	// Play chooses a ply for t.Pos (which it must not modify) and returns
	// it in the game's notation.
	Play(ctx context.Context, t Turn) (Reply, error)
	Close()
}

// Turn is what a player needs to choose its ply.
type Turn struct {
	Game     *variants.Game
	Pos      variants.Position // the true position, roll set; read only
	StartFEN string            // "startpos" or a FEN
	Moves    []string          // plies since StartFEN
	Rolls    []byte            // the face before every ply so far, and this one (games with a die)
	Left     [2]time.Duration  // clocks, by colour; zero when untimed
	Base     time.Duration     // the clock each side started with; 0 = untimed
	Inc      time.Duration
	MoveTime time.Duration // fixed time per move when the game is untimed
}

// Reply is a player's ply and, when it reported one, its evaluation from
// its own side's view.
type Reply struct {
	Move     string
	Score    int
	Mate     int
	HasScore bool
	Depth    int
}

// EngineChoice is one engine the page may choose.
type EngineChoice struct {
	Name string
	// Levels: the engine plays at a strength level (UCI_Elo, from
	// engine.MinElo to engine.MaxElo) when asked.
	Levels bool
	// New starts a player for one game of g; elo is the level, 0 for full
	// strength.
	New func(ctx context.Context, g *variants.Game, startFEN string, elo int) (Player, error)
}

// BuiltinEngine is the engine of this binary, searched in-process.
func BuiltinEngine() EngineChoice {
	return EngineChoice{Name: "varchess", Levels: true, New: func(_ context.Context, _ *variants.Game, _ string, elo int) (Player, error) {
		opt := engine.Options{}
		if elo > 0 {
			opt.Strength = engine.Strength{LimitStrength: true, Elo: elo}
		}
		return &builtinPlayer{eng: engine.New(opt)}, nil
	}}
}

type builtinPlayer struct{ eng *engine.Engine }

func (b *builtinPlayer) Play(ctx context.Context, t Turn) (Reply, error) {
	lim := turnLimits(t)
	var last engine.Info
	res := b.eng.Search(ctx, t.Pos, lim, func(i engine.Info) { last = i })
	if ctx.Err() != nil {
		return Reply{}, ctx.Err()
	}
	if res.Best.IsNone() {
		return Reply{}, errors.New("the engine found no move")
	}
	return Reply{Move: t.Pos.MoveString(res.Best), Score: res.Score, Mate: res.Mate, HasScore: true, Depth: last.Depth}, nil
}

func (b *builtinPlayer) Close() {}

// turnLimits turns the game's clock into search limits: the clocks when
// the game is timed, else the fixed time per move.
func turnLimits(t Turn) engine.Limits {
	if t.Base > 0 {
		return engine.Limits{WTime: t.Left[0], BTime: t.Left[1], WInc: t.Inc, BInc: t.Inc, MoveOverhead: 50 * time.Millisecond}
	}
	mt := t.MoveTime
	if mt <= 0 {
		mt = time.Second
	}
	return engine.Limits{MoveTime: mt}
}

// MatchEngine is an engine of the match arbiter's spec (a UCI or CECP
// process, or a built-in player), started afresh for each game.
func MatchEngine(spec match.EngineSpec) EngineChoice {
	return EngineChoice{Name: spec.Name, New: func(ctx context.Context, g *variants.Game, startFEN string, _ int) (Player, error) {
		p, err := match.StartPlayer(ctx, spec)
		if err != nil {
			return nil, err
		}
		return &matchPlayer{p: p}, nil
	}}
}

type matchPlayer struct {
	p       *match.Player
	started bool
}

func (m *matchPlayer) Play(ctx context.Context, t Turn) (Reply, error) {
	tc := match.TimeControl{Base: t.Base, Inc: t.Inc}
	budget := t.Left[t.Pos.SideToMove()]
	if t.Base == 0 {
		tc = match.TimeControl{MoveTime: t.MoveTime}
		budget = t.MoveTime + 5*time.Second
	}
	if !m.started {
		if err := m.p.NewGame(ctx, t.Game, t.StartFEN, tc); err != nil {
			return Reply{}, err
		}
		m.started = true
	}
	r, err := m.p.Think(ctx, t.Game, match.Turn{
		Pos: t.Pos, StartFEN: t.StartFEN, Moves: t.Moves, Rolls: t.Rolls,
		Left: t.Left, TC: tc, Budget: budget,
	})
	if err != nil {
		return Reply{}, err
	}
	return Reply{Move: r.Move, Score: r.Score, HasScore: r.HasScore, Depth: r.Depth}, nil
}

func (m *matchPlayer) Close() { m.p.Close() }
