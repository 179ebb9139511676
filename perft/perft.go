// Package perft is the perft command: leaf counts of the legal game tree for
// one position (optionally divided by root ply) or for a stored suite of
// reference positions. The counting itself belongs to each game
// (variants.Position.Perft); this package parses flags and files, runs the
// work, reports progress and compares against the references.
package perft

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// Main runs the perft command with its arguments (without "perft") and
// returns the process exit code.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	variant := fs.String("variant", "chess", "game: "+strings.Join(all.Names, ", "))
	fen := fs.String("fen", "startpos", "position in the game's FEN, or startpos")
	depth := fs.Int("depth", 0, "depth in plies (required unless -suite)")
	divide := fs.Bool("divide", false, "print the count below each root ply")
	face := fs.String("face", "", "russian: fixed-face perft with this face (K Q R B N P)")
	dice := fs.Bool("dice", false, "russian: dice perft (every ply branches over the six faces)")
	suite := fs.String("suite", "", "run a reference suite file instead of one position")
	maxDepth := fs.Int("maxdepth", 0, "with -suite: skip reference depths above this (0 = all)")
	maxNodes := fs.Uint64("maxnodes", 0, "with -suite: skip reference counts above this (0 = all)")
	jobs := fs.Int("j", runtime.NumCPU(), "with -suite: positions run in parallel")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: perft -variant V -fen F -depth D [-divide] [-face X | -dice]\n"+
			"       perft -suite FILE [-maxdepth D] [-maxnodes N] [-j N]\n\n"+
			"Counts the leaves of the legal game tree. The last line is 'Nodes searched: N'.\n"+
			"A suite line is '<FEN> ;variant V ;D1 n ;D2 n ...' (optional ';face X' or ';dice').\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "perft: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *suite != "" {
		ok, err := RunSuiteFile(*suite, SuiteConfig{MaxDepth: *maxDepth, MaxNodes: *maxNodes, Jobs: *jobs}, stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "perft: %v\n", err)
			return 2
		}
		if !ok {
			return 1
		}
		return 0
	}
	var opt variants.PerftOptions
	if *face != "" {
		f := strings.ToUpper(*face)
		if len(f) != 1 || !strings.Contains(variants.DieFaces, f) {
			fmt.Fprintf(stderr, "perft: -face must be one of K Q R B N P, not %q\n", *face)
			return 2
		}
		if *dice {
			fmt.Fprintln(stderr, "perft: -face and -dice exclude each other")
			return 2
		}
		opt.Face = f[0]
	}
	opt.Dice = *dice
	if *depth < 1 {
		fmt.Fprintln(stderr, "perft: -depth must be at least 1")
		fs.Usage()
		return 2
	}
	game, err := all.Get(*variant)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	pos, err := game.Load(*fen)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, mc := range pos.Divide(*depth, opt) {
			fmt.Fprintf(stdout, "%s: %d\n", mc.Move, mc.Nodes)
			nodes += mc.Nodes
		}
		fmt.Fprintln(stdout)
	} else {
		nodes = pos.Perft(*depth, opt)
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stderr, "Time: %d ms, %s leaves/s\n", elapsed.Milliseconds(), rate(nodes, elapsed))
	fmt.Fprintf(stdout, "Nodes searched: %d\n", nodes)
	return 0
}

func rate(nodes uint64, d time.Duration) string {
	if d <= 0 {
		return "inf"
	}
	return fmt.Sprintf("%.0f", float64(nodes)/d.Seconds())
}

// SuiteConfig limits and parallelises a suite run.
type SuiteConfig struct {
	MaxDepth int    // skip depths above this (0 = no limit)
	MaxNodes uint64 // skip counts above this (0 = no limit)
	Jobs     int    // positions checked in parallel (<= 1: one at a time)
}

// Failure is one mismatch (or unreadable position) of a suite run.
type Failure struct {
	Entry    Entry
	Depth    int
	Expected uint64
	Got      uint64
	Err      error
}

func (f Failure) String() string {
	if f.Err != nil {
		return fmt.Sprintf("line %d (%s %s): %v", f.Entry.Line, f.Entry.Variant, f.Entry.FEN, f.Err)
	}
	return fmt.Sprintf("line %d (%s %s) depth %d: expected %d, got %d",
		f.Entry.Line, f.Entry.Variant, f.Entry.FEN, f.Depth, f.Expected, f.Got)
}

// RunSuiteFile runs every entry of a suite file. It reports progress on
// progress, a summary on out, and whether every count matched.
func RunSuiteFile(path string, cfg SuiteConfig, out, progress io.Writer) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	entries, err := ReadSuite(f)
	if err != nil {
		return false, fmt.Errorf("%s: %w", path, err)
	}
	start := time.Now()
	failures, nodes := RunSuite(entries, cfg, progress)
	for _, fl := range failures {
		fmt.Fprintf(out, "MISMATCH %s\n", fl)
	}
	fmt.Fprintf(out, "%s: %d positions, %d failures, %s\n", path, len(entries), len(failures), time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(out, "Nodes searched: %d\n", nodes)
	return len(failures) == 0, nil
}

// RunSuite checks entries and returns the mismatches and the total node
// count. Progress lines (one per position) go to progress if it is not nil.
func RunSuite(entries []Entry, cfg SuiteConfig, progress io.Writer) ([]Failure, uint64) {
	jobs := max(cfg.Jobs, 1)
	type result struct {
		failures []Failure
		nodes    uint64
		elapsed  time.Duration
	}
	results := make([]result, len(entries))
	var mu sync.Mutex // serialises progress lines
	done := 0
	work := make(chan int)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				t := time.Now()
				fl, n := checkEntry(entries[i], cfg)
				results[i] = result{fl, n, time.Since(t)}
				mu.Lock()
				done++
				if progress != nil {
					status := "ok"
					if len(fl) > 0 {
						status = "FAIL: " + fl[0].String()
					}
					fmt.Fprintf(progress, "[%d/%d] line %d %s: %d nodes in %s %s\n", done, len(entries),
						entries[i].Line, entries[i].Variant, n, results[i].elapsed.Round(time.Millisecond), status)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range entries {
		work <- i
	}
	close(work)
	wg.Wait()
	var failures []Failure
	var nodes uint64
	for _, r := range results {
		failures = append(failures, r.failures...)
		nodes += r.nodes
	}
	return failures, nodes
}

func checkEntry(e Entry, cfg SuiteConfig) ([]Failure, uint64) {
	game, err := all.Get(e.Variant)
	if err != nil {
		return []Failure{{Entry: e, Err: err}}, 0
	}
	pos, err := game.Load(e.FEN)
	if err != nil {
		return []Failure{{Entry: e, Err: err}}, 0
	}
	var failures []Failure
	var nodes uint64
	for _, d := range e.Depths() {
		want := e.Counts[d]
		if (cfg.MaxDepth > 0 && d > cfg.MaxDepth) || (cfg.MaxNodes > 0 && want > cfg.MaxNodes) {
			continue
		}
		got := pos.Perft(d, e.Options)
		nodes += got
		if got != want {
			failures = append(failures, Failure{Entry: e, Depth: d, Expected: want, Got: got})
		}
	}
	return failures, nodes
}
