package match

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
)

// perRunFlags differ between the shards of one match without changing it:
// where each shard writes, how many games it plays at once, and the
// openings file (the games record their start positions).
var perRunFlags = map[string]bool{"shard": true, "state": true, "pgn": true, "epdout": true, "concurrency": true,
	"debug": true, "live": true, "openings": true, "plies": true, "order": true, "start": true}

// matchIdentity is a match's command line without its per-run flags, and
// the shard value, if any.
func matchIdentity(args []string) (rest []string, shard string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") || name == "" {
			rest = append(rest, a)
			continue
		}
		val, hasVal := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, val, hasVal = k, v, true
		}
		if !perRunFlags[name] {
			rest = append(rest, a)
			continue
		}
		if !hasVal && name != "debug" && i+1 < len(args) {
			i++
			val = args[i]
		}
		if name == "shard" {
			shard = val
		}
	}
	return rest, shard
}

// MergeMain runs `match-merge`: it reads the state files of the shards of
// one match and prints the report one unsharded run with the same seed
// would have printed: the games in schedule order, the SPRT applied pair by
// pair and stopped where it first crossed a bound (as a run playing one
// game at a time does).
func MergeMain(args []string, stdout, stderr io.Writer) int {
	fs := subcommand("match-merge", "[-pgn FILE] [-partial] STATE...", stderr,
		"Merges the state files (-state) of the shards (-shard K/N) of one match and\n"+
			"prints the report of the whole match, SPRT included.")
	pgnOut := fs.String("pgn", "", "write the merged games to this PGN `FILE`, in schedule order")
	partial := fs.Bool("partial", false, "report even if shards are missing or unfinished")
	if code, done := parseSubcommand(fs, args); done {
		return code
	}
	fail := failer("match-merge", stderr)
	if fs.NArg() == 0 {
		return fail(2, "no state files")
	}
	var (
		ident  []string
		games  []gameRecord
		shards = map[int]string{}
		nShard = -1
	)
	for _, path := range fs.Args() {
		st, err := loadState(path)
		if err != nil {
			return fail(2, "%v", err)
		}
		rest, shard := matchIdentity(st.Args)
		if ident == nil {
			ident = rest
		} else if !slices.Equal(ident, rest) {
			return fail(2, "%s is not a shard of the same match:\n  %s\n  %s", path, strings.Join(ident, " "), strings.Join(rest, " "))
		}
		k, n := 1, 1
		if shard != "" {
			v, err := parseInts(shard, 2)
			if err != nil {
				return fail(2, "%s: -shard %q: %v", path, shard, err)
			}
			k, n = v[0], v[1]
		}
		if nShard >= 0 && n != nShard {
			return fail(2, "%s: shard %s of %d, the others of %d", path, shard, n, nShard)
		}
		nShard = n
		if prev, ok := shards[k]; ok {
			return fail(2, "%s and %s are both shard %d", prev, path, k)
		}
		shards[k] = path
		games = append(games, st.Games...)
	}
	cfg, _, _, err := parseMatch(ident, stderr)
	if err != nil {
		return fail(2, "the recorded command line: %v", err)
	}
	all, err := schedule(cfg)
	if err != nil {
		return fail(2, "%v", err)
	}
	sort.SliceStable(games, func(i, j int) bool { return games[i].Number < games[j].Number })
	for i := 1; i < len(games); i++ {
		if games[i].Number == games[i-1].Number {
			return fail(2, "game %d is in two state files", games[i].Number)
		}
	}
	var missing []string
	for k := 1; k <= nShard; k++ {
		if _, ok := shards[k]; !ok {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	out := &Outcome{}
	t := newTally(cfg, len(all))
	for _, g := range games {
		t.add(out, g, false)
		if out.Decision != Continue {
			break
		}
	}
	if out.Decision == Continue && (len(missing) > 0 || len(games) < len(all)) && !*partial {
		return fail(1, "the match is incomplete (%d of %d games; missing shards: %s): finish the shards, or use -partial",
			len(games), len(all), strings.Join(missing, ", "))
	}
	fmt.Fprintf(stderr, "match-merge: %d shards, %d games counted of %d played\n", len(shards), len(out.Games), len(games))
	if *pgnOut != "" {
		f, err := os.Create(*pgnOut)
		if err != nil {
			return fail(1, "%v", err)
		}
		limits := cfg.limits()
		for i := range out.Games {
			if err := writePGN(f, cfg.pgnInfo(limits), &out.Games[i]); err != nil {
				f.Close()
				return fail(1, "%v", err)
			}
		}
		if err := f.Close(); err != nil {
			return fail(1, "%v", err)
		}
	}
	writeReport(stdout, cfg, out)
	return 0
}

// subcommand is the flag set of a command beside match (match-merge,
// match-timeuse): its usage prints the synopsis, what the command does and
// the flags.
func subcommand(name, synopsis string, stderr io.Writer, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s %s\n\n%s\n\n", name, synopsis, about)
		fs.PrintDefaults()
	}
	return fs
}

// parseSubcommand parses a subcommand's flags; done says the command ends
// here with code: 0 after -h, 2 after a bad flag (both reported).
func parseSubcommand(fs *flag.FlagSet, args []string) (code int, done bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, true
		}
		return 2, true
	}
	return 0, false
}

// failer reports a command's error on stderr, after its name, and returns
// the exit code.
func failer(name string, stderr io.Writer) func(code int, format string, a ...any) int {
	return func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, name+": "+format+"\n", a...)
		return code
	}
}
