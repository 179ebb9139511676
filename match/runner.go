package match

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"varchess/variants"
)

// Config is a whole match: two engines, or a tournament of more.
type Config struct {
	Game        *variants.Game
	Engines     []EngineSpec // at least two
	Tournament  string       // "round-robin" (the default) or "gauntlet"
	Games       int          // per encounter; games 2k and 2k+1 share an opening with colours swapped
	TC          TimeControl  // the match's limits; an engine spec may replace parts (EngineSpec.Limits)
	Margin      time.Duration
	Timeout     time.Duration // longest think of an engine with neither clock nor time per move
	Concurrency int           // games played at once
	Seed        uint64        // dice, built-in players, random opening order
	Openings    []string      // FENs; empty = the start position
	RandomPlies int           // without Openings: each round from this many random plies (0 = off)
	Order       string        // "sequential" (default) or "random"
	Start       int           // 1-based first opening (0 = 1)
	Shard       int           // play only shard Shard (1-based) of Shards
	Shards      int           // 0 = no sharding
	SPRT        *SPRT         // two engines only: stop when a bound is crossed
	Adjudicate  adjudication
	Event, Site string

	// Finished are games of this match already played (a resumed match):
	// they are counted and not played again.
	Finished []gameRecord

	PGN            io.Writer // every finished game (may be nil)
	PGNComments    bool      // score/depth/time comment after each ply
	EPD            io.Writer // the final position of every game (may be nil)
	Progress       io.Writer // one line per finished game (may be nil)
	RatingInterval int       // print the rating list every this many games (0 = never)
	Debug          io.Writer // all engine traffic (may be nil)
	Observer       Observer  // live view (may be nil)
	// Save is called after every finished game with all finished games,
	// the resumed ones first, in the order they finished (may be nil); an
	// error stops the match.
	Save func([]gameRecord) error
}

// Outcome is the result of Run: the games in the order they finished (the
// resumed ones first), the score of Engines[0] against Engines[1], and the
// SPRT's state.
type Outcome struct {
	Games    []gameRecord
	Stats    Stats
	Penta    Pentanomial
	LLR      float64
	Decision Decision
}

// limits is every engine's time control in the match.
func (cfg *Config) limits() []TimeControl {
	out := make([]TimeControl, len(cfg.Engines))
	for i, e := range cfg.Engines {
		out[i] = e.Limits(cfg.TC)
	}
	return out
}

// check rejects a configuration the arbiter cannot play.
func (cfg *Config) check() error {
	switch {
	case len(cfg.Engines) < 2:
		return fmt.Errorf("need at least two engines, got %d", len(cfg.Engines))
	case cfg.Games < 1:
		return fmt.Errorf("need at least one game")
	case cfg.Tournament != "" && cfg.Tournament != "round-robin" && cfg.Tournament != "gauntlet":
		return fmt.Errorf("tournament %q: want round-robin or gauntlet", cfg.Tournament)
	case cfg.Order != "" && cfg.Order != "sequential" && cfg.Order != "random":
		return fmt.Errorf("order %q: want sequential or random", cfg.Order)
	case cfg.Shards < 0 || cfg.Shards > 0 && (cfg.Shard < 1 || cfg.Shard > cfg.Shards):
		return fmt.Errorf("shard %d/%d: want K/N with 1 <= K <= N", cfg.Shard, cfg.Shards)
	case cfg.SPRT != nil && len(cfg.Engines) != 2:
		return fmt.Errorf("an SPRT compares exactly two engines, got %d", len(cfg.Engines))
	}
	seen := map[string]bool{}
	for i, e := range cfg.Engines {
		if seen[e.Name] {
			return fmt.Errorf("two engines are named %q: give one a name=", e.Name)
		}
		seen[e.Name] = true
		tc := cfg.limits()[i]
		if !tc.Limited() {
			return fmt.Errorf("engine %s has no limit at all (no clock, time per move, nodes or depth)", e.Name)
		}
		if e.Proto == CECP && tc.Nodes > 0 {
			return fmt.Errorf("engine %s: CECP has no node limit; give it tc=, st= or depth=", e.Name)
		}
	}
	return nil
}

// Run plays the match. It returns an error if an engine cannot be started
// or the context is cancelled; games finished before that are in the
// returned Outcome. An SPRT that reaches a decision ends the match without
// error.
func Run(ctx context.Context, cfg Config) (*Outcome, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = time.Minute
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	all, err := schedule(&cfg)
	if err != nil {
		return nil, err
	}
	done := map[int]bool{}
	for _, r := range cfg.Finished {
		done[r.Number] = true
	}
	var todo []job
	for _, j := range all {
		if !done[j.Number] {
			todo = append(todo, j)
		}
	}
	cfg.Concurrency = max(1, min(cfg.Concurrency, len(todo)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	st := newTally(&cfg, len(all))
	out := &Outcome{}
	for _, r := range cfg.Finished {
		st.add(out, r, false)
	}
	if cfg.SPRT != nil && cfg.Shards == 0 && out.Decision != Continue {
		return out, nil // resumed after the decision
	}

	jobs := make(chan job)
	go func() {
		defer close(jobs)
		for _, j := range todo {
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()

	var (
		mu       sync.Mutex
		firstErr error
		decided  bool
		wg       sync.WaitGroup
	)
	log := &ioLog{w: cfg.Debug}
	limits := cfg.limits()
	finish := func(rec *gameRecord) {
		mu.Lock()
		defer mu.Unlock()
		if decided {
			return // a game that ended while the SPRT stopped the match
		}
		if cfg.PGN != nil {
			if err := writePGN(cfg.PGN, cfg.pgnInfo(limits), rec); err != nil && firstErr == nil {
				firstErr = fmt.Errorf("writing PGN: %w", err)
				cancel()
			}
		}
		if cfg.EPD != nil && rec.FinalFEN != "" {
			fmt.Fprintf(cfg.EPD, "%s\n", rec.FinalFEN)
		}
		st.add(out, *rec, true)
		if cfg.Save != nil {
			if err := cfg.Save(out.Games); err != nil && firstErr == nil {
				firstErr = fmt.Errorf("saving the state: %w", err)
				cancel()
			}
		}
		if cfg.SPRT != nil && cfg.Shards == 0 && out.Decision != Continue {
			decided = true
			cancel()
		}
	}
	fail := func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if firstErr == nil && !decided {
			firstErr = err
		}
		cancel()
	}
	for range cfg.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &slot{cfg: &cfg, log: log, limits: limits, players: make([]player, len(cfg.Engines)), started: make([]bool, len(cfg.Engines))}
			defer s.close()
			for j := range jobs {
				rec, err := s.play(ctx, j)
				if err != nil {
					fail(err)
					return
				}
				finish(rec)
			}
		}()
	}
	wg.Wait()
	if firstErr == nil && ctx.Err() != nil && !decided {
		firstErr = ctx.Err()
	}
	return out, firstErr
}

// tally keeps the running score, the pairs and the SPRT of a match, and
// prints the progress lines.
type tally struct {
	cfg   *Config
	total int                  // games in this run (this shard)
	pairs map[int][]gameRecord // unfinished pairs of the first two engines
	count int                  // games counted
}

func newTally(cfg *Config, total int) *tally {
	return &tally{cfg: cfg, total: total, pairs: map[int][]gameRecord{}}
}

// points is what engine e scored in rec.
func points(rec gameRecord, e int) float64 {
	switch {
	case rec.Outcome == variants.Draw:
		return 0.5
	case (rec.Outcome == variants.WhiteWins) == (rec.WhiteEngine == e):
		return 1
	}
	return 0
}

// add counts rec into out; with progress it prints the progress lines.
func (t *tally) add(out *Outcome, rec gameRecord, progress bool) {
	cfg := t.cfg
	out.Games = append(out.Games, rec)
	t.count++
	twoEngine := isPairOf(rec, 0, 1)
	if twoEngine {
		out.Stats.addGame(points(rec, 0))
	}
	w := cfg.Progress
	if !progress {
		w = nil
	}
	if w != nil {
		// "Finished game K/N (White vs Black): RESULT {reason}" as
		// cutechess prints it (scripts parse it); the game's number in
		// the whole match (its PGN Round) follows.
		line := fmt.Sprintf("Finished game %d/%d (%s vs %s): %s {%s}; game #%d", t.count, t.total,
			rec.White, rec.Black, rec.Outcome.PGN(), rec.Reason, rec.Number)
		if len(cfg.Engines) == 2 {
			s := out.Stats
			line += fmt.Sprintf("; score of %s vs %s: %d - %d - %d [%.3f] %d, Elo %s", cfg.Engines[0].Name, cfg.Engines[1].Name,
				s.Wins, s.Losses, s.Draws, s.Score(), s.Games(), formatElo(s.Elo(), s.EloError95()))
		}
		fmt.Fprintln(w, line)
		if len(rec.Trace) > 0 {
			fmt.Fprintf(w, "Last traffic with the engine at fault in game #%d (< to it, > from it):\n", rec.Number)
			for _, l := range rec.Trace {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
	if twoEngine && cfg.pairComplete(rec) {
		var pts float64
		if prev, ok := t.pairs[rec.Pair]; ok {
			pts = points(prev[0], 0) + points(rec, 0)
			delete(t.pairs, rec.Pair)
			out.Penta.Add(pts)
			if cfg.SPRT != nil {
				out.LLR = cfg.SPRT.LLR(out.Penta)
				if cfg.Shards == 0 {
					out.Decision = cfg.SPRT.Decide(out.LLR)
				}
				if w != nil {
					lo, hi := cfg.SPRT.Bounds()
					fmt.Fprintf(w, "SPRT after %d pairs: LLR %.2f (%.2f, %.2f) [%g, %g] %s, Ptnml(0-2) %v, nElo %v%s\n",
						out.Penta.Pairs(), out.LLR, lo, hi, cfg.SPRT.Elo0, cfg.SPRT.Elo1, cfg.SPRT.Model,
						out.Penta, out.Penta.NormalizedElo(), decisionNote(out.Decision))
				}
			}
		} else {
			t.pairs[rec.Pair] = []gameRecord{rec}
		}
	}
	if w != nil && cfg.RatingInterval > 0 && t.count%cfg.RatingInterval == 0 && len(cfg.Engines) > 2 {
		fmt.Fprint(w, ratingTable(cfg.engineNames(), out.Games))
	}
}

func decisionNote(d Decision) string {
	if d == Continue {
		return ""
	}
	return "; " + d.String()
}

// pairComplete reports whether rec's pair has two games (the last round of
// an odd -games has single games, which no pair statistic counts).
func (cfg *Config) pairComplete(rec gameRecord) bool {
	return 2*rec.Round+1 < cfg.Games
}

func isPairOf(rec gameRecord, a, b int) bool {
	return rec.WhiteEngine == a && rec.BlackEngine == b || rec.WhiteEngine == b && rec.BlackEngine == a
}

func (cfg *Config) engineNames() []string {
	out := make([]string, len(cfg.Engines))
	for i, e := range cfg.Engines {
		out[i] = e.Name
	}
	return out
}

// pgnInfo is the match-wide part of the PGN headers.
func (cfg *Config) pgnInfo(limits []TimeControl) pgnInfo {
	return pgnInfo{Event: cfg.Event, Site: cfg.Site, Variant: cfg.Game.Name, Limits: limits, Comments: cfg.PGNComments, game: cfg.Game}
}

// slot is one game table: its own player for each engine, reused from game
// to game and restarted after a crash or hang.
type slot struct {
	cfg     *Config
	log     *ioLog
	limits  []TimeControl
	players []player // indexed by engine
	started []bool   // engine e has started once in this slot
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
	p, err := newPlayer(ctx, s.cfg.Engines[e], s.log)
	if err != nil {
		return err
	}
	s.players[e] = p
	s.started[e] = true
	return nil
}

// play plays the game j of the match.
func (s *slot) play(ctx context.Context, j job) (*gameRecord, error) {
	cfg := s.cfg
	rec := &gameRecord{
		Number:      j.Number,
		Pair:        j.Pair,
		Round:       j.Round,
		White:       cfg.Engines[j.White].Name,
		Black:       cfg.Engines[j.Black].Name,
		WhiteEngine: j.White,
		BlackEngine: j.Black,
		StartFEN:    j.Opening,
		Started:     time.Now().UTC().Truncate(time.Second),
	}
	tcs := [2]TimeControl{s.limits[j.White], s.limits[j.Black]}
	var byColor [2]player
	for c, e := range [2]int{j.White, j.Black} {
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
			b.reseed(cfg.Seed, j.Number-1, side)
		}
		if err := p.newGame(ctx, cfg.Game, rec.StartFEN, tcs[c], cfg.Timeout); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			s.retire(e)
			forfeitBeforeStart(rec, cfg.Game, side, err)
			return rec, nil
		}
		byColor[side] = p
	}
	setup := &gameSetup{game: cfg.Game, startFEN: rec.StartFEN, tc: tcs, margin: cfg.Margin, timeout: cfg.Timeout,
		adj: cfg.Adjudicate, seed: cfg.Seed, observer: cfg.Observer, notes: cfg.PGNComments}
	if cfg.Observer != nil {
		cfg.Observer.GameStarted(GameStart{Game: rec.Number, Variant: cfg.Game.Name, White: rec.White, Black: rec.Black, StartFEN: rec.StartFEN, TC: tcs})
	}
	if err := playGame(ctx, setup, rec, byColor); err != nil {
		return nil, err
	}
	if cfg.Observer != nil {
		cfg.Observer.GameFinished(GameEnd{Game: rec.Number, Result: rec.Outcome.PGN(), Reason: rec.Reason,
			Termination: rec.Termination, Moves: slices.Clone(rec.Moves), FinalFEN: rec.FinalFEN})
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
	if pos, err := g.Load(rec.StartFEN); err == nil {
		rec.FinalFEN = pos.FEN()
	}
}
