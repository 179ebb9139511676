// Package match is the arbiter: it plays engines (UCI, CECP or built-in
// players, any mix) against each other in any of the project's games, two
// in a match or more in a tournament. It keeps the true game with the rules
// of package variants, validates every ply, keeps the clocks, rolls the die
// for russian, writes PGN, reports the score with Elo statistics, runs an
// SPRT on game pairs, saves its state to resume, and plays one shard of a
// match spread over machines. See docs/match.md.
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

// engineUsage is the -engine flag's help; its back-quoted word is the value
// name Go's flag package shows.
const engineUsage = "an engine `SPEC`, given twice or more: cmd=PATH[,proto=uci|cecp][,name=N][,dir=D][,arg=A]...[,option.NAME=VALUE]...\n" +
	"[,tc=[MOVES/]BASE+INC][,st=SECONDS][,nodes=N][,depth=N][,legal=arbiter], or builtin:random | builtin:greedy"

// matchFiles are the files a match reads and writes, besides its Config.
type matchFiles struct {
	pgn, epd, state, live string
}

// parseMatch reads the match command line into a Config; it prints usage
// and flag errors on stderr. It returns flag.ErrHelp for -h.
func parseMatch(args []string, stderr io.Writer) (*Config, matchFiles, string, error) {
	var files matchFiles
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var specs []EngineSpec
	fs.Func("engine", engineUsage, func(s string) error {
		e, err := ParseEngineSpec(s)
		if err == nil {
			specs = append(specs, e)
		}
		return err
	})
	variant := fs.String("variant", "chess", "game: "+strings.Join(all.Names, ", "))
	games := fs.Int("games", 2, "games per encounter (each opening is played twice, colours swapped)")
	tournament := fs.String("tournament", "round-robin", "with more than two engines: `round-robin` (every pair) or gauntlet (the first engine against each other)")
	tcFlag := fs.String("tc", "10+0.1", "clock `[MOVES/]BASE[+INC]` in seconds (40/60+0.6: 60 s per 40 plies of each side), or inf")
	stFlag := fs.String("st", "", "fixed time per move in `SECONDS` (replaces the clock)")
	nodesFlag := fs.String("nodes", "", "node limit per move `N` (with no -tc given: no clock)")
	depthFlag := fs.String("depth", "", "depth limit per move `N` (with no -tc given: no clock)")
	margin := fs.Duration("margin", 200*time.Millisecond, "grace beyond the clock before a time forfeit")
	timeout := fs.Duration("timeout", time.Minute, "longest think of an engine with neither clock nor time per move")
	conc := fs.Int("concurrency", 1, "games played at once (one process per engine per game)")
	pgnPath := fs.String("pgn", "", "append the games to this PGN `FILE`")
	pgnComments := fs.Bool("pgncomments", false, "write the mover's score/depth and time after each ply in the PGN")
	epdPath := fs.String("epdout", "", "append the final position of each game to this `FILE` (one FEN a line)")
	seed := fs.Uint64("seed", 1, "seed of the dice, the built-in players and -order random")
	openPath := fs.String("openings", "", "start positions: a PGN book (.pgn) or FEN/EPD lines, in the -variant game")
	plies := fs.Int("plies", 0, "with a PGN book: play the first N plies of each game (0 = all)")
	randomPlies := fs.Int("randomplies", 0, "without -openings: start each round from `N` random legal plies (seeded by -seed)")
	order := fs.String("order", "sequential", "opening order: sequential, or random (shuffled by -seed)")
	start := fs.Int("start", 1, "first opening (1-based)")
	sprtFlag := fs.String("sprt", "", "SPRT on game pairs `elo0=0,elo1=5,alpha=0.05,beta=0.05[,model=normalized|logistic]`; stops at a bound")
	ratingInterval := fs.Int("ratinginterval", 0, "print the rating list every N games (tournaments)")
	shard := fs.String("shard", "", "play only shard `K/N` of the game pairs (deterministic for a seed); merge with match-merge")
	stateFlag := fs.String("state", "", "save the match state to `FILE` after every game (resume with -resume)")
	maxPlies := fs.Int("maxplies", 0, "adjudicate a game after this many plies: draw, or by score in monochrome (0 = off)")
	resign := fs.String("resign", "", "resign adjudication `MOVES/SCORE`: both engines agree for MOVES plies each that a side is down SCORE cp")
	draw := fs.String("draw", "", "draw adjudication `PLY/MOVES/SCORE`: from PLY on, both engines report |score| <= SCORE for MOVES plies each")
	event := fs.String("event", "varchess match", "PGN Event tag")
	live := fs.String("live", "", "show the games in progress on a web page served at `ADDR` (host:port)")
	debug := fs.Bool("debug", false, "log every line to and from the engines on stderr")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: match -variant V -engine SPEC -engine SPEC [-engine SPEC...] [-games N] [-tc TC] [-sprt ...]\n"+
			"             [-concurrency N] [-pgn FILE] [-seed S] [-openings FILE] [-state FILE] [-shard K/N] ...\n"+
			"       match -resume STATE\n\n"+
			"Plays engines against each other and prints the score, Elo difference\n"+
			"(95%% error bar), LOS and game-pair statistics of the first engine, or, with\n"+
			"more than two engines, a rating list and a crosstable. An engine SPEC is\n"+
			"cmd=PATH,proto=uci|cecp,... (see -engine) or builtin:random|builtin:greedy.\n"+
			"One progress line per game on stderr.\n\n")
		fs.PrintDefaults()
	}
	fail := func(format string, a ...any) (*Config, matchFiles, string, error) {
		return nil, files, "", fmt.Errorf(format, a...)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, files, "", err
		}
		return nil, files, "", printedError{err} // the flag package said it
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if len(specs) < 2 {
		return fail("need at least two -engine flags, got %d", len(specs))
	}
	if len(specs) == 2 && specs[0].Name == specs[1].Name {
		specs[1].Name += "-2"
	}
	g, err := all.Get(*variant)
	if err != nil {
		return fail("%v", err)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var tc TimeControl
	if set["tc"] || !(set["st"] || set["nodes"] || set["depth"]) {
		if tc, err = ParseTimeControl(*tcFlag); err != nil {
			return fail("%v", err)
		}
	}
	if *stFlag != "" {
		if tc.MoveTime, err = parseMoveTime(*stFlag); err != nil {
			return fail("-st: %v", err)
		}
	}
	if *nodesFlag != "" {
		if tc.Nodes, err = parseLimit("nodes", *nodesFlag, 1<<50); err != nil {
			return fail("-nodes: %v", err)
		}
	}
	if *depthFlag != "" {
		d, err := parseLimit("depth", *depthFlag, 1000)
		if err != nil {
			return fail("-depth: %v", err)
		}
		tc.Depth = int(d)
	}
	if *games < 1 || *conc < 1 || *maxPlies < 0 || *margin < 0 || *timeout <= 0 || *plies < 0 || *randomPlies < 0 || *start < 1 || *ratingInterval < 0 {
		return fail("-games, -concurrency, -start and -timeout must be positive; -maxplies, -plies, -margin and -ratinginterval not negative")
	}
	cfg := &Config{
		Game: g, Engines: specs, Tournament: *tournament, Games: *games, TC: tc, Margin: *margin, Timeout: *timeout,
		Concurrency: *conc, Seed: *seed, Order: *order, Start: *start, Event: *event, PGNComments: *pgnComments,
		RatingInterval: *ratingInterval, RandomPlies: *randomPlies,
	}
	cfg.Site, _ = os.Hostname()
	cfg.Adjudicate.MaxPlies = *maxPlies
	if *resign != "" {
		v, err := parseInts(*resign, 2)
		if err != nil {
			return fail("-resign: %v", err)
		}
		cfg.Adjudicate.ResignMoves, cfg.Adjudicate.ResignScore = v[0], v[1]
	}
	if *draw != "" {
		v, err := parseInts(*draw, 3)
		if err != nil {
			return fail("-draw: %v", err)
		}
		cfg.Adjudicate.DrawStart, cfg.Adjudicate.DrawMoves, cfg.Adjudicate.DrawScore = v[0], v[1], v[2]
	}
	if *sprtFlag != "" {
		t, err := ParseSPRT(*sprtFlag)
		if err != nil {
			return fail("-sprt: %v", err)
		}
		cfg.SPRT = &t
	}
	if *shard != "" {
		v, err := parseInts(*shard, 2)
		if err != nil || v[1] < 1 || v[0] < 1 || v[0] > v[1] {
			return fail("-shard %q: want K/N with 1 <= K <= N", *shard)
		}
		cfg.Shard, cfg.Shards = v[0], v[1]
	}
	if *debug {
		cfg.Debug = stderr
	}
	if *openPath != "" {
		if cfg.Openings, err = loadOpenings(*openPath, g, *plies); err != nil {
			return fail("%v", err)
		}
		if *randomPlies > 0 {
			return fail("-randomplies and -openings exclude each other")
		}
	} else if *plies > 0 {
		return fail("-plies needs -openings with a PGN book")
	}
	if err := cfg.check(); err != nil {
		return fail("%v", err)
	}
	if _, err := schedule(cfg); err != nil {
		return fail("%v", err)
	}
	files = matchFiles{pgn: *pgnPath, epd: *epdPath, state: *stateFlag, live: *live}
	return cfg, files, *shard, nil
}

// Main runs the match command with its arguments (without "match") and
// returns the exit code: 0 when every game was played (or the SPRT
// decided), 1 when the match could not run to the end, 2 for a bad command
// line. Ctrl-C stops the match and reports the games played.
func Main(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return MainWith(ctx, args, stdout, stderr, Hooks{})
}

// Hooks connect the match command to what package match does not import.
type Hooks struct {
	// Observer watches every game (may be nil).
	Observer Observer
	// Live starts a live view of the games at addr for `-live ADDR` and
	// returns its observer and a function that stops the view, called when
	// the match ends; nil makes -live an error.
	Live func(addr string, stderr io.Writer) (Observer, func(), error)
}

// MainWith is Main with a context of its own and hooks.
func MainWith(ctx context.Context, args []string, stdout, stderr io.Writer, hooks Hooks) int {
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "match: "+format+"\n", a...)
		return 2
	}
	var finished []gameRecord
	resuming := ""
	if len(args) >= 1 && (args[0] == "-resume" || args[0] == "--resume") {
		if len(args) != 2 {
			return usageErr("-resume STATE takes no other flag: the match continues as it was started")
		}
		st, err := loadState(args[1])
		if err != nil {
			return usageErr("%v", err)
		}
		resuming, args, finished = args[1], st.Args, st.Games
	}
	cfg, files, _, err := parseMatch(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if !errors.As(err, new(printedError)) {
			fmt.Fprintf(stderr, "match: %v\n", err)
		}
		return 2
	}
	if resuming != "" && files.state != resuming {
		return usageErr("state file %s records -state %q", resuming, files.state)
	}
	if files.state != "" && resuming == "" {
		if st, err := loadState(files.state); err == nil && len(st.Games) > 0 {
			return usageErr("%s already holds %d games of a match: continue it with -resume %s, or remove it", files.state, len(st.Games), files.state)
		}
	}
	cfg.Finished = finished
	// A resumed match rewrites its PGN and EPD files from the saved games,
	// so a game that was being written when the match was killed is not
	// left half in them, nor a finished one twice.
	limits := cfg.limits()
	writers := []struct {
		path  string
		dst   *io.Writer
		write func(io.Writer, *gameRecord) error
	}{
		{files.pgn, &cfg.PGN, func(w io.Writer, r *gameRecord) error { return writePGN(w, cfg.pgnInfo(limits), r) }},
		{files.epd, &cfg.EPD, func(w io.Writer, r *gameRecord) error { _, err := fmt.Fprintln(w, r.FinalFEN); return err }},
	}
	for _, out := range writers {
		if out.path == "" {
			continue
		}
		flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
		if resuming != "" {
			flags = os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		}
		f, err := os.OpenFile(out.path, flags, 0o644)
		if err != nil {
			return usageErr("%v", err)
		}
		defer f.Close()
		for i := range finished {
			if err := out.write(f, &finished[i]); err != nil {
				return usageErr("%s: %v", out.path, err)
			}
		}
		*out.dst = f
	}
	if files.state != "" {
		cfg.Save = func(games []gameRecord) error {
			return saveState(files.state, &matchState{Version: stateVersion, Args: args, Games: games})
		}
		if resuming == "" {
			if err := cfg.Save(nil); err != nil {
				return usageErr("%v", err)
			}
		}
	}
	cfg.Progress = stderr
	var observers multiObserver
	if hooks.Observer != nil {
		observers = append(observers, hooks.Observer)
	}
	if files.live != "" {
		if hooks.Live == nil {
			return usageErr("-live: this build has no live view")
		}
		o, stopLive, err := hooks.Live(files.live, stderr)
		if err != nil {
			return usageErr("-live %s: %v", files.live, err)
		}
		if stopLive != nil {
			defer stopLive()
		}
		observers = append(observers, o)
	}
	if len(observers) > 0 {
		cfg.Observer = observers
	}
	fmt.Fprintf(stderr, "match: %s, %s, %d games per encounter, tc %s, concurrency %d, seed %d%s%s\n",
		strings.Join(cfg.engineNames(), " vs "), cfg.Game.Name, cfg.Games, cfg.TC, cfg.Concurrency, cfg.Seed,
		shardNote(cfg), resumeNote(resuming, len(finished)))
	res, runErr := Run(ctx, *cfg)
	code := 0
	if runErr != nil {
		if errors.Is(runErr, context.Canceled) && ctx.Err() != nil && res != nil {
			runErr = fmt.Errorf("interrupted after %d games%s", len(res.Games), stateNote(files.state))
		}
		fmt.Fprintf(stderr, "match: %v\n", runErr)
		code = 1
	}
	if res != nil && len(res.Games) > 0 {
		writeReport(stdout, cfg, res)
	}
	return code
}

// printedError is a command-line error already shown to the user.
type printedError struct{ error }

func stateNote(path string) string {
	if path == "" {
		return ""
	}
	return "; continue with: match -resume " + path
}

func shardNote(cfg *Config) string {
	if cfg.Shards == 0 {
		return ""
	}
	return fmt.Sprintf(", shard %d/%d", cfg.Shard, cfg.Shards)
}

func resumeNote(path string, n int) string {
	if path == "" {
		return ""
	}
	return fmt.Sprintf(", resumed from %s after %d games", path, n)
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
