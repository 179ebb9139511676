// Package perft is the perft command: leaf counts of the legal game tree for
// one position (optionally divided by root ply) or for a stored suite of
// reference positions. The counting itself belongs to each game
// (variants.Position.Perft and the interfaces of variants/perft.go); this
// package estimates the work and refuses what cannot finish, splits the tree
// over threads with a shared table of subtree counts (Run), reports progress
// and compares against the references.
package perft

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// DefaultMaxTime is how long a run may be estimated to take before the
// command refuses it (see -maxtime).
const DefaultMaxTime = 24 * time.Hour

// Main runs the perft command with its arguments (without "perft") and
// returns the process exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "game: "+strings.Join(all.Names, ", "))
	fen := fs.String("fen", "startpos", "position in the game's FEN, or startpos")
	depth := fs.Int("depth", 0, fmt.Sprintf("depth in plies, 1..%d (required unless -suite)", variants.MaxPerftDepth))
	divide := fs.Bool("divide", false, "print the count below each root ply")
	face := fs.String("face", "", "russian: fixed-face perft with this face (K Q R B N P)")
	dice := fs.Bool("dice", false, "russian: dice perft (every ply branches over the six faces)")
	threads := fs.Int("threads", 1, "worker threads splitting the tree")
	hash := fs.Int("hash", 0, "MiB of table caching subtree counts (0: none)")
	maxTime := fs.Duration("maxtime", DefaultMaxTime, "refuse a run estimated to take longer (0: no limit)")
	suite := fs.String("suite", "", "run a reference suite file instead of one position")
	maxDepth := fs.Int("maxdepth", 0, "with -suite: skip reference depths above this (0 = all)")
	maxNodes := fs.Uint64("maxnodes", 0, "with -suite: skip reference counts above this (0 = all)")
	jobs := fs.Int("j", runtime.NumCPU(), "with -suite: positions run in parallel (1 when -threads > 1)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: perft -variant V -fen F -depth D [-divide] [-face X | -dice] [-threads N] [-hash MB] [-maxtime T]\n"+
			"       perft -suite FILE [-maxdepth D] [-maxnodes N] [-j N] [-threads N] [-hash MB]\n\n"+
			"Counts the leaves of the legal game tree. The last line is 'Nodes searched: N'.\n"+
			"A run estimated beyond -maxtime is refused at once, with the estimate.\n"+
			"A suite line is '<FEN> ;variant V ;D1 n ;D2 n ...' (optional ';face X' or ';dice').\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "perft: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if *threads < 1 || *threads > 1024 {
		return fail("-threads must be 1..1024, not %d", *threads)
	}
	if *hash < 0 || *hash > 1<<20 {
		return fail("-hash must be 0..1048576 MiB, not %d", *hash)
	}
	if *maxTime < 0 {
		return fail("-maxtime must not be negative")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *suite != "" {
		for _, name := range []string{"fen", "depth", "divide", "variant", "face", "dice", "maxtime"} {
			if set[name] {
				return fail("-%s does not go with -suite (the suite file gives positions, depths and flavours)", name)
			}
		}
		if *jobs < 1 {
			return fail("-j must be at least 1, not %d", *jobs)
		}
		if !set["j"] && *threads > 1 {
			*jobs = 1
		}
		cfg := SuiteConfig{MaxDepth: *maxDepth, MaxNodes: *maxNodes, Jobs: *jobs, Threads: *threads, HashMB: *hash}
		ok, err := RunSuiteFile(ctx, *suite, cfg, stdout, stderr)
		if err != nil {
			return fail("%v", err)
		}
		if !ok {
			return 1
		}
		return 0
	}
	for _, name := range []string{"maxdepth", "maxnodes", "j"} {
		if set[name] {
			return fail("-%s goes only with -suite", name)
		}
	}
	if set["fen"] && strings.TrimSpace(*fen) == "" {
		return fail("-fen is empty: give a FEN or startpos")
	}
	if err := variants.CheckPerftDepth(*depth); err != nil {
		fmt.Fprintf(stderr, "perft: -depth: %v\n", err)
		fs.Usage()
		return 2
	}
	game, err := all.Get(*variant)
	if err != nil {
		return fail("%v", err)
	}
	pos, err := game.Load(*fen)
	if err != nil {
		return fail("%v", err)
	}
	opt, err := flavour(pos, *face, *dice)
	if err != nil {
		return fail("%v", err)
	}
	cfg := Config{Options: opt, Divide: *divide, Threads: *threads, HashMB: *hash, MaxTime: *maxTime, Progress: stderr}
	res, err := Run(ctx, pos, *depth, cfg)
	if err != nil {
		return fail("%s depth %d: %v", *variant, *depth, err)
	}
	for _, l := range res.Lines {
		fmt.Fprintf(stdout, "%s: %s\n", l.Move, l.Nodes)
	}
	if *divide {
		fmt.Fprintln(stdout)
	}
	if res.Counted {
		fmt.Fprintf(stderr, "Time: %d ms (leaves counted, not enumerated: no leaves/s)\n", res.Elapsed.Milliseconds())
	} else {
		fmt.Fprintf(stderr, "Time: %d ms, %s leaves/s\n", res.Elapsed.Milliseconds(), rate(res.Nodes, res.Elapsed))
	}
	fmt.Fprintf(stdout, "Nodes searched: %s\n", res.Nodes)
	return 0
}

// flavour checks -face and -dice against the game: only a game with a die
// has them.
func flavour(pos variants.Position, face string, dice bool) (variants.PerftOptions, error) {
	var opt variants.PerftOptions
	if face == "" && !dice {
		return opt, nil
	}
	if _, ok := pos.(variants.Roller); !ok {
		flag := "-dice"
		if face != "" {
			flag = "-face"
		}
		return opt, fmt.Errorf("%s is for games with a die (russian), not %s", flag, pos.Variant())
	}
	if face != "" {
		f := strings.ToUpper(face)
		if len(f) != 1 || !strings.Contains(variants.DieFaces, f) {
			return opt, fmt.Errorf("-face must be one of K Q R B N P, not %q", face)
		}
		if dice {
			return opt, errors.New("-face and -dice exclude each other")
		}
		opt.Face = f[0]
	}
	opt.Dice = dice
	return opt, nil
}

func rate(nodes variants.Count, d time.Duration) string {
	if d <= 0 {
		return "inf"
	}
	return fmt.Sprintf("%.0f", nodes.Float()/d.Seconds())
}
