// Package tune builds the chess evaluation's weights from the engine's own
// games: `varchess datagen` plays self-play games at a fixed node count from
// randomised openings and writes labelled positions; `varchess tune` fits
// every evaluation weight to those labels by gradient descent on the
// logistic loss (Texel tuning) and writes the result as Go source.
package tune

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"varchess/engine"
	"varchess/variants"
	"varchess/variants/chess"
)

// GenConfig says how datagen plays its games.
type GenConfig struct {
	Variant     string // "chess" (the default when empty) or "russian"
	Games       int    // games to play
	Nodes       uint64 // node limit of every search
	Seed        uint64 // game i uses a generator seeded from (Seed, i)
	RandomPlies int    // uniformly random plies from the start position
	MaxOpening  int    // discard openings whose first search scores beyond this (cp)
	HashMB      int
	Threads     int // games played at once (the output does not depend on it)
	// Stop, if set, is asked before each new game: once it says true no
	// game is started; those under way are finished and written. The
	// output is then a prefix of the full run's.
	Stop func() bool
}

// Sample is one labelled position: FEN, the search score from White's view
// (centipawns) and the game result from White's view (1, 0.5 or 0).
type Sample struct {
	FEN    string
	Score  int
	Result float64
}

// Line formats a sample as one line of a data file: "FEN | score | result".
func (s Sample) Line() string {
	return fmt.Sprintf("%s | %d | %.1f", s.FEN, s.Score, s.Result)
}

// gameRecord is what one game yields.
type gameRecord struct {
	samples []Sample
	outcome variants.Outcome
}

// Adjudication: a game is won once both sides' searches agree for
// winPlies plies that a side is ahead by winScore, and drawn after ply
// drawFrom once they agree for drawPlies plies that it is level.
const (
	winScore  = 1000
	winPlies  = 6
	drawFrom  = 80
	drawScore = 8
	drawPlies = 10
	maxPlies  = 400
	// skipPlies: positions this close to the random opening are not kept
	// (the engine has barely started to steer the game).
	skipPlies = 6
)

// playGame plays game index i of cfg and returns its kept positions.
func playGame(cfg GenConfig, i int, engines [2]*engine.Engine) gameRecord {
	rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	for {
		pos, ok := randomOpening(rng, cfg.RandomPlies)
		if !ok {
			continue
		}
		rec, ok := playFrom(cfg, pos, engines)
		if ok {
			return rec
		}
	}
}

// randomOpening plays n uniformly random legal plies from the start.
func randomOpening(rng *rand.Rand, n int) (*chess.Position, bool) {
	pos := chess.NewStart()
	var buf []variants.Move
	for range n {
		buf = pos.Moves(buf[:0])
		if len(buf) == 0 {
			return nil, false
		}
		pos.Make(buf[rng.IntN(len(buf))])
	}
	return pos, !pos.Status().Over() && pos.HasLegalMove()
}

// playFrom plays one game from pos; ok is false when the opening is too
// unbalanced to be worth playing.
func playFrom(cfg GenConfig, pos *chess.Position, engines [2]*engine.Engine) (gameRecord, bool) {
	for _, e := range engines {
		e.NewGame()
	}
	var kept []Sample
	winRun, drawRun := 0, 0
	outcome := variants.Ongoing
	for ply := 0; ; ply++ {
		if st := pos.Status(); st.Over() {
			outcome = st.Outcome
			break
		}
		if ply >= maxPlies {
			outcome = variants.Draw
			break
		}
		r, white := searchMove(cfg, pos, engines)
		if ply == 0 && (r.Mate != 0 || abs(white) > cfg.MaxOpening) {
			return gameRecord{}, false
		}
		m := chess.FromVariant(r.Best)
		if ply >= skipPlies && r.Mate == 0 && !pos.InCheck() && m.IsQuiet() && abs(white) < 2*winScore {
			kept = append(kept, Sample{FEN: pos.FEN(), Score: white})
		}
		// Adjudication from the two sides' consecutive scores.
		switch {
		case r.Mate != 0 || abs(white) >= winScore:
			if winRun = winRun + 1; winRun >= winPlies || r.Mate != 0 && winRun >= 2 {
				outcome = variants.WhiteWins
				if white < 0 {
					outcome = variants.BlackWins
				}
			}
			drawRun = 0
		case ply >= drawFrom && abs(white) <= drawScore:
			winRun = 0
			if drawRun = drawRun + 1; drawRun >= drawPlies {
				outcome = variants.Draw
			}
		default:
			winRun, drawRun = 0, 0
		}
		if outcome != variants.Ongoing {
			break
		}
		pos.Make(r.Best)
	}
	return labelled(kept, outcome), true
}

// searchMove searches pos with the engine of the side to move; white is
// its score from White's view.
func searchMove(cfg GenConfig, pos variants.Position, engines [2]*engine.Engine) (r engine.Result, white int) {
	us := pos.SideToMove()
	r = engines[us].Search(context.Background(), pos, engine.Limits{Nodes: cfg.Nodes}, nil)
	white = r.Score
	if us == variants.Black {
		white = -white
	}
	return r, white
}

// labelled gives every kept sample of a game its outcome (White's view).
func labelled(kept []Sample, outcome variants.Outcome) gameRecord {
	res := 0.5
	switch outcome {
	case variants.WhiteWins:
		res = 1
	case variants.BlackWins:
		res = 0
	}
	for k := range kept {
		kept[k].Result = res
	}
	return gameRecord{samples: kept, outcome: outcome}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// GenStats counts what datagen produced.
type GenStats struct {
	Games, Positions     int
	WhiteWins, BlackWins int
	Draws                int
}

// Generate plays cfg.Games games and calls emit with each game's samples in
// game order (so the output is the same for any number of threads).
// progress, if not nil, is called after each emitted game.
func Generate(cfg GenConfig, emit func([]Sample) error, progress func(GenStats)) (GenStats, error) {
	var st GenStats
	threads := max(cfg.Threads, 1)
	next := 0
	var mu sync.Mutex
	done := map[int]gameRecord{}
	cond := sync.NewCond(&mu)
	var firstErr error
	stopped := false // no more games are started; next is the last count
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			engines := [2]*engine.Engine{engine.New(engine.Options{HashMB: cfg.HashMB}), engine.New(engine.Options{HashMB: cfg.HashMB})}
			for {
				mu.Lock()
				// Keep at most a few finished games waiting for a slow one
				// (before taking a game, so the awaited one is always played).
				for len(done) > 4*threads && firstErr == nil {
					cond.Wait()
				}
				if next >= cfg.Games || firstErr != nil || stopped {
					mu.Unlock()
					return
				}
				if cfg.Stop != nil && cfg.Stop() {
					stopped = true
					cond.Broadcast()
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				var rec gameRecord
				if cfg.Variant == "russian" {
					rec = playRussianGame(cfg, i, engines)
				} else {
					rec = playGame(cfg, i, engines)
				}
				mu.Lock()
				done[i] = rec
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	// The emitter runs here, in game order.
	for g := 0; g < cfg.Games; g++ {
		mu.Lock()
		for done[g].outcome == variants.Ongoing && firstErr == nil && !(stopped && g >= next) {
			cond.Wait()
		}
		if stopped && g >= next {
			mu.Unlock()
			break
		}
		rec := done[g]
		delete(done, g)
		cond.Broadcast()
		mu.Unlock()
		if err := emit(rec.samples); err != nil {
			mu.Lock()
			firstErr = err
			cond.Broadcast()
			mu.Unlock()
			break
		}
		st.Games++
		st.Positions += len(rec.samples)
		switch rec.outcome {
		case variants.WhiteWins:
			st.WhiteWins++
		case variants.BlackWins:
			st.BlackWins++
		default:
			st.Draws++
		}
		if progress != nil {
			progress(st)
		}
	}
	wg.Wait()
	return st, firstErr
}

// DatagenMain is the `varchess datagen` command.
func DatagenMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg GenConfig
	fs.IntVar(&cfg.Games, "games", 1000, "number of self-play games")
	fs.StringVar(&cfg.Variant, "variant", "chess", "the game: chess or russian")
	nodes := fs.Uint64("nodes", 5000, "node limit of every search")
	fs.Uint64Var(&cfg.Seed, "seed", 1, "seed of the random openings (a run is reproducible from it)")
	fs.IntVar(&cfg.RandomPlies, "random", 8, "uniformly random plies that start each game")
	fs.IntVar(&cfg.MaxOpening, "maxopening", 400, "replay openings whose first search scores beyond this many centipawns")
	fs.IntVar(&cfg.HashMB, "hash", 8, "transposition table size in MiB of each engine")
	fs.IntVar(&cfg.Threads, "threads", 1, "games played at once (the output is the same for any value)")
	out := fs.String("out", "", "data file to write (required; appended to with -append)")
	appendOut := fs.Bool("append", false, "append to -out instead of replacing it")
	duration := fs.Duration("duration", 0, "start no new game after this long (e.g. 45m; 0 = no limit); games under way are finished")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: varchess datagen -out FILE [-variant chess|russian] [-games N] [-nodes N] [-seed S] [-random R] [-threads T] [-duration D]

Plays self-play games of this engine (chess, or russian with the die rolled
by the seeded generator), every move searched to a fixed node count, each
game starting with R uniformly random plies (unbalanced openings are
replayed). Positions where the side to move is not in check and the chosen
move is quiet are written one a line (russian: before the roll) as
  FEN | search score (cp, White's view) | result (1, 0.5, 0; White's view)
for `+"`varchess tune`"+` (`+"`-variant russian`"+` for russian data). Progress
goes to stderr.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg.Nodes = *nodes
	if cfg.Variant != "chess" && cfg.Variant != "russian" {
		fmt.Fprintf(stderr, "datagen: -variant %q: want chess or russian\n", cfg.Variant)
		return 2
	}
	if fs.NArg() > 0 || *out == "" || cfg.Games < 1 || cfg.Nodes < 1 || cfg.RandomPlies < 0 || cfg.Threads < 1 || cfg.HashMB < 1 || *duration < 0 {
		fmt.Fprintln(stderr, "datagen: -out is required; -games, -nodes, -threads and -hash must be positive, -duration not negative")
		fs.Usage()
		return 2
	}
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if *appendOut {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(*out, flags, 0o644)
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	w := newLineWriter(f)
	start := time.Now()
	if *duration > 0 {
		deadline := start.Add(*duration)
		cfg.Stop = func() bool { return time.Now().After(deadline) }
	}
	last := start
	st, err := Generate(cfg, func(ss []Sample) error {
		for _, s := range ss {
			if err := w.line(s.Line()); err != nil {
				return err
			}
		}
		return nil
	}, func(st GenStats) {
		if time.Since(last) >= 10*time.Second || st.Games == cfg.Games {
			last = time.Now()
			el := time.Since(start).Seconds()
			fmt.Fprintf(stderr, "datagen: %d/%d games, %d positions (+%d =%d -%d), %.1f games/s\n",
				st.Games, cfg.Games, st.Positions, st.WhiteWins, st.Draws, st.BlackWins, float64(st.Games)/el)
		}
	})
	if cerr := w.close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "datagen: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "datagen: %d games, %d positions written to %s in %s\n",
		st.Games, st.Positions, *out, time.Since(start).Round(time.Second))
	return 0
}
