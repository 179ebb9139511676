package engine

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"varchess/variants/chess"
)

// benchPositions is the fixed bench workload: openings, middlegames with
// tactics, and endings (chess FEN). Changing it changes the signature.
var benchPositions = []string{
	chess.StartFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
	"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
	"rnbqk2r/ppp1bppp/4pn2/3p4/2PP4/2N2N2/PP2PPPP/R1BQKB1R w KQkq - 4 5",
	"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"r2q1rk1/pp2bppp/2n1pn2/3p4/3P1B2/2PB1N2/PP1N1PPP/R2QK2R w KQ - 0 9",
	"2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/2RQ1RK1 w - - 4 11",
	"r1b2rk1/2q1bppp/p2p1n2/np2p3/3PP3/5N1P/PPBN1PP1/R1BQR1K1 w - - 2 13",
	"r2qr1k1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 6 12",
	"3r1rk1/p1q2ppp/1pn1p3/2p5/2P1P3/P1P2N2/2Q2PPP/R4RK1 w - - 0 18",
	"r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
	"2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/4R1K1 w - - 0 22",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
	"8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"8/8/8/5k2/8/3K4/3P4/8 w - - 0 1",
	"8/8/1p6/p1p5/P1P1k3/1P6/4K3/8 w - - 0 1",
	"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
	"8/5pk1/6p1/8/3R4/6PP/r4P1K/8 b - - 0 40",
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R b KQkq - 0 5",
	"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
	"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 1 7",
	"4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
	"2kr3r/pp1q1ppp/5n2/1Nb5/2Pp1B2/7Q/P4PPP/1R3RK1 w - - 0 17",
	"1r4k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1",
	"3k4/8/3K4/3P4/8/8/8/8 w - - 0 1",
}

// DefaultBenchDepth is the search depth of every bench position.
const DefaultBenchDepth = 11

// BenchMain runs the bench command: every bench position searched to a
// fixed depth with a fresh table, so the node count is a signature of the
// search (it changes exactly when the search's behaviour changes).
func BenchMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", DefaultBenchDepth, "search depth in plies for every position")
	hash := fs.Int("hash", DefaultHashMB, "transposition table size in MiB")
	threads := fs.Int("threads", 1, "search threads (above 1 the node count varies from run to run;\nthe time is then the time to depth D)")
	evalFile := fs.String("evalfile", "", "evaluate with this network `file` (.nnue) instead of the built-in one")
	hce := fs.Bool("hce", false, "evaluate with the hand-crafted evaluation even when a network is built in")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to `file` (pprof format: go tool pprof varchess file)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bench [-depth D] [-hash MB] [-threads N] [-evalfile F | -hce] [-cpuprofile F]\n\n"+
			"Searches %d fixed chess positions to depth D; the last two lines are\n"+
			"'Nodes searched: N' (deterministic for given flags with one thread) and 'Nodes/second: X'.\n\n", len(benchPositions))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 || *depth < 1 || *depth > MaxDepth || *hash < 1 || *threads < 1 || *threads > MaxThreads {
		fs.Usage()
		return 2
	}
	opt := Options{HashMB: *hash, Threads: *threads, HCE: *hce}
	if *evalFile != "" {
		n, err := LoadNet(*evalFile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		opt.Net = n
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "bench: %v\n", err)
			return 1
		}
		defer stop()
	}
	nodes, elapsed, err := BenchOptions(*depth, opt, func(i int, fen string, r Result) {
		fmt.Fprintf(stderr, "position %2d/%d  nodes %10d  %s\n", i+1, len(benchPositions), r.Nodes, fen)
	})
	if err != nil {
		fmt.Fprintf(stderr, "bench: %v\n", err)
		return 1
	}
	nps := uint64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
	fmt.Fprintf(stdout, "Total time (ms) : %d\n", elapsed.Milliseconds())
	fmt.Fprintf(stdout, "Nodes searched: %d\n", nodes)
	fmt.Fprintf(stdout, "Nodes/second: %d\n", nps)
	return 0
}

// Bench searches the bench positions to depth with a fresh engine (table of
// hashMB) and returns the total node count and the time it took. progress
// (may be nil) is called after each position.
func Bench(depth, hashMB int, progress func(i int, fen string, r Result)) (uint64, time.Duration, error) {
	return BenchThreads(depth, hashMB, 1, progress)
}

// BenchThreads is Bench on threads search threads.
func BenchThreads(depth, hashMB, threads int, progress func(i int, fen string, r Result)) (uint64, time.Duration, error) {
	return BenchOptions(depth, Options{HashMB: hashMB, Threads: threads}, progress)
}

// BenchOptions is Bench with an engine of options opt (threads, network).
func BenchOptions(depth int, opt Options, progress func(i int, fen string, r Result)) (uint64, time.Duration, error) {
	e := New(opt)
	var total uint64
	start := time.Now()
	for i, fen := range benchPositions {
		pos, err := chess.Parse(fen)
		if err != nil {
			return 0, 0, fmt.Errorf("bench position %d %q: %w", i+1, fen, err)
		}
		e.NewGame()
		r := e.Search(context.Background(), pos, Limits{Depth: depth}, nil)
		total += r.Nodes
		if progress != nil {
			progress(i, fen, r)
		}
	}
	return total, time.Since(start), nil
}

// startCPUProfile starts profiling the process's CPU use into path; the
// returned function stops it and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile %s: %w", path, err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
