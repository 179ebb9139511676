package tune

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"varchess/match"
	"varchess/variants"
	"varchess/variants/all"
)

// Relabelling: a datagen file's score column is what our own search said
// at a few thousand nodes, and Texel tuning mostly fits the evaluation to
// it (lambda 0.2 leaves it 80% of the target). Scores from a stronger
// engine carry knowledge our evaluation lacks; `varchess relabel` asks any
// UCI engine for them and writes the same file with the score replaced.

// RelabelConfig says how relabel asks its engine.
type RelabelConfig struct {
	Engine  match.EngineSpec
	Depth   int   // depth limit per position (0 = none)
	Nodes   int64 // node limit per position (0 = none)
	Threads int   // engines at once
	Clip    int   // scores are clipped to +/-Clip (mates become +/-Clip)
	// Chunk is how many positions one engine scores between two
	// `ucinewgame`s (0: relabelChunk).
	Chunk int
}

// relabelChunk is how many positions one engine scores between two
// `ucinewgame`s by default: each chunk starts from an empty table, so its
// scores do not depend on which engine took it or on -threads. Datagen
// writes a game's positions together, so within a chunk the table still
// helps.
const relabelChunk = 2000

// Relabel scores every line with the engine of cfg and calls write with
// each chunk of lines in input order; progress gets the count done.
func Relabel(ctx context.Context, lines []Sample, cfg RelabelConfig, write func([]Sample) error, progress func(done int)) error {
	g, err := all.Get("chess")
	if err != nil {
		return err
	}
	size := cfg.Chunk
	if size <= 0 {
		size = relabelChunk
	}
	nChunks := (len(lines) + size - 1) / size
	chunkAt := func(c int) []Sample { return lines[c*size : min((c+1)*size, len(lines))] }
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int, nChunks)
	for c := range nChunks {
		next <- c
	}
	close(next)
	done := make([]chan struct{}, nChunks)
	for c := range done {
		done[c] = make(chan struct{})
	}
	var mu sync.Mutex
	var firstErr error
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	tc := match.TimeControl{Depth: cfg.Depth, Nodes: cfg.Nodes}
	var wg sync.WaitGroup
	for range max(cfg.Threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := match.StartPlayer(ctx, cfg.Engine)
			if err != nil {
				fail(fmt.Errorf("start %s: %w", cfg.Engine.Name, err))
				return
			}
			defer p.Close()
			for c := range next {
				if ctx.Err() != nil {
					return
				}
				if err := scoreChunk(ctx, p, g, chunkAt(c), tc, cfg.Clip); err != nil {
					fail(err)
					return
				}
				close(done[c])
			}
		}()
	}
	// Chunks are written in order as soon as each and those before it are
	// scored, so an interrupted run leaves a whole prefix of the output.
	written := 0
	for c := range nChunks {
		select {
		case <-done[c]:
		case <-ctx.Done():
			wg.Wait()
			if firstErr != nil {
				return firstErr
			}
			return ctx.Err()
		}
		chunk := chunkAt(c)
		if err := write(chunk); err != nil {
			fail(err)
			wg.Wait()
			return err
		}
		written += len(chunk)
		progress(written)
	}
	wg.Wait()
	return firstErr
}

// scoreChunk asks p for the score of every line of chunk, from an empty
// table, and stores it from White's view.
func scoreChunk(ctx context.Context, p *match.Player, g *variants.Game, chunk []Sample, tc match.TimeControl, clip int) error {
	if err := p.NewGame(ctx, g, "startpos", tc); err != nil {
		return fmt.Errorf("%s: new game: %w", p.Name(), err)
	}
	for i := range chunk {
		l := &chunk[i]
		pos, err := g.Load(l.FEN)
		if err != nil {
			return fmt.Errorf("%s: %w", l.FEN, err)
		}
		r, err := p.Think(ctx, g, match.Turn{Pos: pos, StartFEN: l.FEN, TC: tc, Budget: 5 * time.Minute})
		if err != nil {
			return fmt.Errorf("%s on %s: %w", p.Name(), l.FEN, err)
		}
		if !r.HasScore {
			return fmt.Errorf("%s on %s: no score reported", p.Name(), l.FEN)
		}
		s := max(-clip, min(clip, r.Score))
		if pos.SideToMove() == variants.Black {
			s = -s
		}
		l.Score = s
	}
	return nil
}

// RelabelMain is the `varchess relabel` command.
func RelabelMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("relabel", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg RelabelConfig
	data := fs.String("data", "", "datagen file to relabel (required)")
	out := fs.String("out", "", "file to write (required; replaced)")
	spec := fs.String("engine", "", "the UCI engine, as match's -engine takes it (required), e.g. cmd=/usr/games/stockfish,option.Hash=16")
	fs.IntVar(&cfg.Depth, "depth", 7, "depth limit of each search (0 = none)")
	fs.Int64Var(&cfg.Nodes, "nodes", 0, "node limit of each search (0 = none)")
	fs.IntVar(&cfg.Threads, "threads", 1, "engines running at once (the output does not depend on it)")
	fs.IntVar(&cfg.Clip, "clip", 3000, "clip scores to +/- this many centipawns (mates too)")
	limit := fs.Int("limit", 0, "relabel at most this many positions (0 = all)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `usage: varchess relabel -data FILE -out FILE -engine SPEC [-depth D | -nodes N] [-threads T] [-clip C] [-limit N]

Replaces the search-score column of a datagen file ("FEN | score |
result") with the score another UCI engine reports for each position at
the given depth or node count, from White's view and clipped to +/-C; the
FENs and results are kept. The engine starts a new game (an empty table)
every 2000 positions, so the output does not depend on -threads. Chunks
are written in input order as they are done: an interrupted run leaves a
prefix of the output. Progress goes to stderr.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *data == "" || *out == "" || *spec == "" || cfg.Depth < 0 || cfg.Nodes < 0 ||
		cfg.Depth == 0 && cfg.Nodes == 0 || cfg.Threads < 1 || cfg.Clip < 1 || *limit < 0 {
		fmt.Fprintln(stderr, "relabel: -data, -out and -engine are required; -depth or -nodes positive, -threads and -clip positive")
		fs.Usage()
		return 2
	}
	var err error
	if cfg.Engine, err = match.ParseEngineSpec(*spec); err != nil {
		fmt.Fprintf(stderr, "relabel: %v\n", err)
		return 2
	}
	if cfg.Engine.Proto != match.UCI {
		fmt.Fprintln(stderr, "relabel: -engine must be a UCI engine")
		return 2
	}
	lines, err := readRelabelLines(*data, *limit)
	if err != nil {
		fmt.Fprintf(stderr, "relabel: %v\n", err)
		return 1
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintf(stderr, "relabel: %v\n", err)
		return 1
	}
	w := newLineWriter(f)
	start, last := time.Now(), time.Now()
	err = Relabel(ctx, lines, cfg, func(chunk []Sample) error {
		for _, l := range chunk {
			if err := w.line(l.Line()); err != nil {
				return err
			}
		}
		return nil
	}, func(done int) {
		if time.Since(last) >= 10*time.Second || done == len(lines) {
			last = time.Now()
			rate := float64(done) / time.Since(start).Seconds()
			eta := time.Duration(float64(len(lines)-done) / rate * float64(time.Second))
			fmt.Fprintf(stderr, "relabel: %d/%d positions, %.0f/s, %s left\n", done, len(lines), rate, eta.Round(time.Second))
		}
	})
	if cerr := w.close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "relabel: %v (the lines written to %s are relabelled; the rest are not there)\n", err, *out)
		return 1
	}
	fmt.Fprintf(stdout, "relabel: %d positions scored by %s (%s) written to %s in %s\n",
		len(lines), cfg.Engine.Name, relabelLimit(cfg), *out, time.Since(start).Round(time.Second))
	return 0
}

// relabelLimit describes the search limit of cfg.
func relabelLimit(cfg RelabelConfig) string {
	var parts []string
	if cfg.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", cfg.Depth))
	}
	if cfg.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", cfg.Nodes))
	}
	return strings.Join(parts, ", ")
}

// readRelabelLines reads a datagen file (at most limit lines if limit > 0).
func readRelabelLines(name string, limit int) ([]Sample, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []Sample
	err = scanData(f, limit, func(fen string, score int, result float64) error {
		lines = append(lines, Sample{FEN: fen, Score: score, Result: result})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return lines, nil
}
