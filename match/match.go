// Package match is the arbiter: it plays two engines (UCI, CECP or built-in
// players, any mix) against each other in any of the project's games. It
// keeps the true game with the rules of package variants, validates every
// ply, keeps the clocks, rolls the die for russian, writes PGN and reports
// the score with Elo statistics. See docs/match.md.
package match

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"varchess/variants/all"
)

// Main runs the match command with its arguments (without "match") and
// returns the exit code: 0 when every game was played, 1 when the match
// could not run to the end, 2 for a bad command line.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var specs []EngineSpec
	fs.Func("engine", "an engine, given twice: `builtin:random|builtin:greedy` or cmd=PATH,proto=uci|cecp[,name=N][,dir=D][,arg=A]...[,option.NAME=VALUE]...", func(s string) error {
		e, err := ParseEngineSpec(s)
		if err == nil {
			specs = append(specs, e)
		}
		return err
	})
	variant := fs.String("variant", "chess", "game: "+strings.Join(all.Names, ", "))
	games := fs.Int("games", 2, "number of games (each opening is played twice, colours swapped)")
	tcFlag := fs.String("tc", "10+0.1", "time control BASE+INC in seconds")
	margin := fs.Duration("margin", 200*time.Millisecond, "grace beyond the clock before a time forfeit")
	conc := fs.Int("concurrency", 1, "games played at once (one process per engine per game)")
	pgnPath := fs.String("pgn", "", "append the games to this PGN file")
	seed := fs.Uint64("seed", 1, "seed of the dice and of the built-in players")
	openPath := fs.String("openings", "", "file of start positions (FEN or EPD, one a line) in the -variant game")
	maxPlies := fs.Int("maxplies", 0, "adjudicate a game after this many plies: draw, or by score in monochrome (0 = off)")
	resign := fs.String("resign", "", "resign adjudication `MOVES/SCORE`: both engines agree for MOVES plies each that a side is down SCORE cp")
	draw := fs.String("draw", "", "draw adjudication `PLY/MOVES/SCORE`: from PLY on, both engines report |score| <= SCORE for MOVES plies each")
	event := fs.String("event", "varchess match", "PGN Event tag")
	debug := fs.Bool("debug", false, "log every line to and from the engines on stderr")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: match -variant V -engine SPEC -engine SPEC [-games N] [-tc B+I] [-concurrency N]\n"+
			"             [-pgn FILE] [-seed S] [-openings FILE] [-maxplies N] [-resign M/S] [-draw P/M/S]\n\n"+
			"Plays two engines against each other and prints the score, Elo difference\n"+
			"(95%% error bar) and LOS of the first engine. One progress line per game on stderr.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "match: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return usageErr("unexpected argument %q", fs.Arg(0))
	}
	if len(specs) != 2 {
		return usageErr("need exactly two -engine flags, got %d", len(specs))
	}
	if specs[0].Name == specs[1].Name {
		specs[1].Name += "-2"
	}
	g, err := all.Get(*variant)
	if err != nil {
		return usageErr("%v", err)
	}
	tc, err := ParseTimeControl(*tcFlag)
	if err != nil {
		return usageErr("%v", err)
	}
	if *games < 1 || *conc < 1 || *maxPlies < 0 || *margin < 0 {
		return usageErr("-games and -concurrency must be positive, -maxplies and -margin not negative")
	}
	cfg := Config{
		Game: g, Engines: [2]EngineSpec{specs[0], specs[1]}, Games: *games, TC: tc, Margin: *margin,
		Concurrency: *conc, Seed: *seed, Event: *event, Progress: stderr,
	}
	cfg.Site, _ = os.Hostname()
	cfg.Adjudicate.MaxPlies = *maxPlies
	if *resign != "" {
		v, err := parseInts(*resign, 2)
		if err != nil {
			return usageErr("-resign: %v", err)
		}
		cfg.Adjudicate.ResignMoves, cfg.Adjudicate.ResignScore = v[0], v[1]
	}
	if *draw != "" {
		v, err := parseInts(*draw, 3)
		if err != nil {
			return usageErr("-draw: %v", err)
		}
		cfg.Adjudicate.DrawStart, cfg.Adjudicate.DrawMoves, cfg.Adjudicate.DrawScore = v[0], v[1], v[2]
	}
	if *debug {
		cfg.Debug = stderr
	}
	if *openPath != "" {
		f, err := os.Open(*openPath)
		if err != nil {
			return usageErr("%v", err)
		}
		cfg.Openings, err = readOpenings(f, g)
		f.Close()
		if err != nil {
			return usageErr("%s: %v", *openPath, err)
		}
	}
	if *pgnPath != "" {
		f, err := os.OpenFile(*pgnPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return usageErr("%v", err)
		}
		defer f.Close()
		cfg.PGN = f
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stderr, "match: %s vs %s, %s, %d games, tc %s, concurrency %d, seed %d\n",
		specs[0].Name, specs[1].Name, g.Name, *games, tc, *conc, *seed)
	res, runErr := Run(ctx, cfg)
	code := 0
	if runErr != nil {
		fmt.Fprintf(stderr, "match: %v\n", runErr)
		code = 1
	}
	if res != nil && res.Stats.Games() > 0 {
		printReport(stdout, specs[0].Name, specs[1].Name, res)
	}
	return code
}

// printReport writes the final table: the score line, then one line per
// engine.
func printReport(w io.Writer, a, b string, res *Outcome) {
	s := res.Stats
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", a, b, s.Wins, s.Losses, s.Draws, s.Score(), s.Games())
	terms := map[string]int{}
	for _, g := range res.Games {
		terms[g.Termination]++
	}
	var parts []string
	for _, t := range []string{"normal", "adjudication", "time forfeit", "rules infraction", "abandoned", "resign"} {
		if terms[t] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", t, terms[t]))
		}
	}
	fmt.Fprintf(w, "Terminations: %s\n", strings.Join(parts, ", "))
	fmt.Fprintln(w, s.Summary(a))
	fmt.Fprintln(w, s.Invert().Summary(b))
}

// parseInts reads n integers separated by slashes.
func parseInts(s string, n int) ([]int, error) {
	parts := strings.Split(s, "/")
	if len(parts) != n {
		return nil, fmt.Errorf("%q: want %d numbers separated by /", s, n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q: %q is not a non-negative integer", s, p)
		}
		out[i] = v
	}
	return out, nil
}
