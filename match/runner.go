package match

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"varchess/variants"
)

// Config is a whole match between two engines.
type Config struct {
	Game        *variants.Game
	Engines     [2]EngineSpec
	Games       int // total; game 2k and 2k+1 share an opening with colours swapped
	TC          TimeControl
	Margin      time.Duration // grace beyond the clock for pipe latency
	Concurrency int           // games played at once
	Seed        uint64        // dice and built-in players
	Openings    []string      // FENs; empty = the start position
	Adjudicate  adjudication
	Event, Site string

	PGN      io.Writer // every finished game (may be nil)
	Progress io.Writer // one line per finished game (may be nil)
	Debug    io.Writer // all engine traffic (may be nil)
}

// Outcome is the result of Run: the games in the order they finished and the
// score of Engines[0].
type Outcome struct {
	Games []gameRecord
	Stats Stats
}

// Run plays the match. It returns an error if an engine cannot be started
// or the context is cancelled; games finished before that are in the
// returned Outcome.
func Run(ctx context.Context, cfg Config) (*Outcome, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("need at least one game")
	}
	cfg.Concurrency = max(1, min(cfg.Concurrency, cfg.Games))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	jobs := make(chan int)
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()

	var (
		mu       sync.Mutex
		out      = &Outcome{}
		firstErr error
		wg       sync.WaitGroup
	)
	log := &ioLog{w: cfg.Debug}
	finish := func(rec *gameRecord) {
		mu.Lock()
		defer mu.Unlock()
		out.Games = append(out.Games, *rec)
		switch {
		case rec.Outcome == variants.Draw:
			out.Stats.Draws++
		case (rec.Outcome == variants.WhiteWins) == (rec.WhiteEngine == 0):
			out.Stats.Wins++
		default:
			out.Stats.Losses++
		}
		if cfg.PGN != nil {
			info := pgnInfo{Event: cfg.Event, Site: cfg.Site, Variant: cfg.Game.Name, TC: cfg.TC}
			if err := writePGN(cfg.PGN, info, rec, startsWithBlack(cfg.Game, rec.StartFEN)); err != nil && firstErr == nil {
				firstErr = fmt.Errorf("writing PGN: %w", err)
				cancel()
			}
		}
		if cfg.Progress != nil {
			s := out.Stats
			fmt.Fprintf(cfg.Progress, "Finished game %d/%d (%s vs %s): %s {%s}; score of %s vs %s: %d - %d - %d [%.3f] %d\n",
				rec.Number, cfg.Games, rec.White, rec.Black, rec.Outcome.PGN(), rec.Reason,
				cfg.Engines[0].Name, cfg.Engines[1].Name, s.Wins, s.Losses, s.Draws, s.Score(), s.Games())
		}
	}
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil {
			firstErr = err
		}
		cancel()
	}
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &slot{cfg: &cfg, log: log}
			defer s.close()
			for i := range jobs {
				rec, err := s.play(ctx, i)
				if err != nil {
					fail(err)
					return
				}
				finish(rec)
			}
		}()
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	return out, firstErr
}

// slot is one game table: its own player for each engine, reused from game
// to game and restarted after a crash or hang.
type slot struct {
	cfg     *Config
	log     *ioLog
	players [2]player // indexed by engine
	started [2]bool   // engine e has started once in this slot
}

func (s *slot) close() {
	for i, p := range s.players {
		if p != nil {
			p.close()
			s.players[i] = nil
		}
	}
}

// start launches engine e for this slot unless it is running.
func (s *slot) start(ctx context.Context, e int) error {
	if s.players[e] != nil {
		return nil
	}
	spec := s.cfg.Engines[e]
	var (
		p   player
		err error
	)
	switch spec.Proto {
	case Builtin:
		p = newBuiltin(spec.Cmd)
	case UCI:
		p, err = startUCI(ctx, spec, s.log)
	case CECP:
		p, err = startCECP(ctx, spec, s.log)
	default:
		err = fmt.Errorf("engine %s: unknown protocol %q", spec.Name, spec.Proto)
	}
	if err != nil {
		return err
	}
	s.players[e] = p
	s.started[e] = true
	return nil
}

// play plays game i (0-based) of the match.
func (s *slot) play(ctx context.Context, i int) (*gameRecord, error) {
	cfg := s.cfg
	pair := i / 2
	white := i % 2 // engine playing White: 0 in even games, 1 in odd ones
	rec := &gameRecord{
		Number:      i + 1,
		Pair:        pair,
		White:       cfg.Engines[white].Name,
		Black:       cfg.Engines[1-white].Name,
		WhiteEngine: white,
		StartFEN:    "startpos",
		Started:     time.Now(),
	}
	if len(cfg.Openings) > 0 {
		rec.StartFEN = cfg.Openings[pair%len(cfg.Openings)]
	}
	var byColor [2]player
	for c, e := range [2]int{white, 1 - white} {
		side := variants.Color(c)
		if err := s.start(ctx, e); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			// A first start failing means a wrong command line: stop the
			// match. A restart failing later costs only this game.
			if !s.started[e] {
				return nil, err
			}
			forfeitBeforeStart(rec, cfg.Game, side, err)
			return rec, nil
		}
		p := s.players[e]
		if b, ok := p.(*builtinPlayer); ok {
			b.reseed(cfg.Seed, i, side)
		}
		if err := p.newGame(ctx, cfg.Game, rec.StartFEN, cfg.TC); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			s.retire(e)
			forfeitBeforeStart(rec, cfg.Game, side, err)
			return rec, nil
		}
		byColor[side] = p
	}
	setup := &gameSetup{game: cfg.Game, startFEN: rec.StartFEN, tc: cfg.TC, margin: cfg.Margin, adj: cfg.Adjudicate, seed: cfg.Seed}
	if err := playGame(ctx, setup, rec, byColor); err != nil {
		return nil, err
	}
	for e, p := range s.players {
		if p != nil && !p.healthy() {
			s.retire(e)
		}
	}
	return rec, nil
}

// retire stops engine e of this slot; it is restarted for the next game.
func (s *slot) retire(e int) {
	if s.players[e] != nil {
		s.players[e].close()
		s.players[e] = nil
	}
}

func forfeitBeforeStart(rec *gameRecord, g *variants.Game, side variants.Color, err error) {
	rec.Outcome = variants.WhiteWins
	if side == variants.White {
		rec.Outcome = variants.BlackWins
	}
	rec.Termination = "abandoned"
	rec.Reason = fmt.Sprintf("%s forfeits: %v", sideName(g, side), err)
}
