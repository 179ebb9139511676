package spsa

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"varchess/engine"
	"varchess/internal/atomicfile"
	"varchess/match"
	"varchess/variants"
	"varchess/variants/all"
)

const synopsis = "usage: spsa -engine SPEC -steps N -state FILE [flags]"

// Main is `varchess spsa`: it tunes the spin options of a tuning build
// (`go build -tags tune`) by game pairs, saving its state after every pair.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("spsa", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engSpec := fs.String("engine", "", "the engine to tune: a match `SPEC` (cmd=PATH[,option.NAME=VALUE...]) of a build made with -tags tune")
	variant := fs.String("variant", "chess", "game: "+strings.Join(all.Names, ", "))
	tcFlag := fs.String("tc", "inf", "clock `[MOVES/]BASE[+INC]` in seconds, or inf (then -nodes limits each move)")
	nodes := fs.Int64("nodes", 20000, "node limit per move (0 = none)")
	steps := fs.Int("steps", 0, "planned game pairs of a new run (the schedule depends on it)")
	names := fs.String("params", defaultParams(), "comma-separated spin options to tune")
	cEnd := fs.Float64("cend", 0.05, "each option's nudge at the last step, as a fraction of its range")
	rEnd := fs.Float64("rend", 0.002, "the learning rate at the last step")
	seed := fs.Uint64("seed", 1, "directions of the nudges and the openings")
	plies := fs.Int("randomplies", 8, "each pair starts from this many random legal plies")
	conc := fs.Int("concurrency", 1, "game pairs played at once")
	statePath := fs.String("state", "", "state `FILE` (JSON), written after every pair; an existing one is resumed")
	duration := fs.Duration("duration", 0, "stop after this long (0 = when the planned pairs are done)")
	fs.Usage = func() {
		fmt.Fprint(stderr, synopsis+`

Tunes numeric options of a UCI engine by SPSA: every step plays one game
pair (one opening, colours swapped) between the engine with each option
nudged up or down at random and the engine nudged the other way, and moves
the options toward the winner. Build the engine for it with
'go build -tags tune -o varchess-tune .', which offers the search's margins
as options (docs/spsa.md). The state file keeps the values after every
pair: run the same command again to continue (-steps, -params, -cend,
-rend and -seed then come from the file). Ctrl-C stops after saving.

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "spsa: "+format+"\n%s (-h explains every flag)\n", append(a, synopsis)...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if *engSpec == "" || *statePath == "" {
		return fail("-engine and -state are required")
	}
	spec, err := match.ParseEngineSpec(*engSpec)
	if err != nil {
		return fail("-engine: %v", err)
	}
	if spec.Proto != match.UCI {
		return fail("-engine: the tuner speaks UCI only")
	}
	g, err := all.Get(*variant)
	if err != nil {
		return fail("%v", err)
	}
	tc, err := match.ParseTimeControl(*tcFlag)
	if err != nil {
		return fail("-tc: %v", err)
	}
	tc.Nodes = *nodes
	if !tc.Limited() {
		return fail("no limit: give -tc or -nodes")
	}
	if *conc < 1 {
		return fail("-concurrency must be at least 1")
	}

	t, resumed, err := loadTuner(*statePath)
	if err != nil {
		return fail("%v", err)
	}
	if !resumed {
		if *steps < 1 {
			return fail("a new run needs -steps N (planned game pairs)")
		}
		spins, err := engineSpins(ctx, spec)
		if err != nil {
			return fail("%v", err)
		}
		t = &Tuner{Steps: *steps, Seed: *seed}
		for _, name := range strings.Split(*names, ",") {
			s, ok := spins[strings.TrimSpace(name)]
			if !ok {
				return fail("the engine has no spin option %q (was it built with -tags tune?)", name)
			}
			span := float64(s.max - s.min)
			t.Params = append(t.Params, Param{Name: s.name, Value: float64(s.def), Min: float64(s.min), Max: float64(s.max),
				CEnd: *cEnd * span, REnd: *rEnd})
		}
		if err := t.Validate(); err != nil {
			return fail("%v", err)
		}
		if err := saveTuner(*statePath, t); err != nil {
			return fail("%v", err)
		}
	}
	fmt.Fprintf(stderr, "spsa: %d options, %d of %d pairs done, %s, tc %s, concurrency %d, state %s\n",
		len(t.Params), t.Done, t.Steps, g.Name, tc, *conc, *statePath)
	if *duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	r := &run{t: t, spec: spec, game: g, tc: tc, plies: *plies, state: *statePath, progress: stderr, next: t.Done}
	err = r.play(ctx, *conc)
	writeValues(stdout, t)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "spsa: stopped after %d of %d pairs; continue with the same command\n", t.Done, t.Steps)
			return 0
		}
		fmt.Fprintf(stderr, "spsa: %v\n", err)
		return 1
	}
	return 0
}

// defaultParams is every search margin of a tuning build.
func defaultParams() string {
	var out []string
	for _, sp := range engine.SearchParamList {
		out = append(out, sp.Name)
	}
	return strings.Join(out, ",")
}

// run plays the steps of one tuner, several at once.
type run struct {
	spec     match.EngineSpec
	game     *variants.Game
	tc       match.TimeControl
	plies    int
	state    string
	progress io.Writer

	mu   sync.Mutex // guards t and next
	t    *Tuner
	next int    // the next step to hand out
	wins [3]int // pairs plus lost, drew even, won (by points)
}

// play hands out steps to conc workers until the plan is done or ctx ends.
func (r *run) play(ctx context.Context, conc int) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				r.mu.Lock()
				if r.next >= r.t.Steps || ctx.Err() != nil {
					r.mu.Unlock()
					return
				}
				tr := r.t.Trial(r.next)
				r.next++
				r.mu.Unlock()
				result, err := r.pair(ctx, tr)
				if err != nil {
					cancel(err)
					return
				}
				if err := r.apply(tr, result); err != nil {
					cancel(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return context.Cause(ctx) // nil unless a pair failed or ctx ended
}

// pair plays one opening with colours swapped between the plus and the
// minus engine; the result is plus's points less minus's.
func (r *run) pair(ctx context.Context, tr Trial) (float64, error) {
	engines := []match.EngineSpec{r.side("plus", tr.Plus), r.side("minus", tr.Minus)}
	out, err := match.Run(ctx, match.Config{Game: r.game, Engines: engines, Games: 2, TC: r.tc,
		Margin: 200 * time.Millisecond, Concurrency: 1,
		Seed: r.t.Seed + uint64(tr.Step)*0x9e3779b97f4a7c15, RandomPlies: r.plies})
	if err != nil {
		return 0, fmt.Errorf("step %d: %w", tr.Step+1, err)
	}
	return float64(out.Stats.Wins - out.Stats.Losses), nil
}

// side is the engine spec of one side of a trial: the tuned engine with
// its values as options after the spec's own.
func (r *run) side(name string, values []int) match.EngineSpec {
	s := r.spec
	s.Name = name
	s.Options = append([]match.Option(nil), r.spec.Options...)
	for i, p := range r.t.Params {
		s.Options = append(s.Options, match.Option{Name: p.Name, Value: strconv.Itoa(values[i])})
	}
	return s
}

// apply folds one pair's result into the values, saves the state and
// reports.
func (r *run) apply(tr Trial, result float64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.t.Apply(tr, result)
	r.wins[cmp.Compare(result, 0)+1]++
	if err := saveTuner(r.state, r.t); err != nil {
		return err
	}
	fmt.Fprintf(r.progress, "pair %d/%d (step %d): plus %+g; pairs won by plus/even/minus %d/%d/%d\n",
		r.t.Done, r.t.Steps, tr.Step+1, result, r.wins[2], r.wins[1], r.wins[0])
	if r.t.Done%50 == 0 || r.t.Done == r.t.Steps {
		writeValues(r.progress, r.t)
	}
	return nil
}

// writeValues prints the current values as match option flags.
func writeValues(w io.Writer, t *Tuner) {
	var b strings.Builder
	for i, v := range t.Values() {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "option.%s=%d", t.Params[i].Name, v)
	}
	fmt.Fprintf(w, "values after %d pairs: %s\n", t.Done, b.String())
}

// spin is one spin option of the engine's `uci` answer.
type spin struct {
	name          string
	def, min, max int
}

// engineSpins asks the engine for its options and returns its spins.
func engineSpins(ctx context.Context, spec match.EngineSpec) (map[string]spin, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("asking %s for its options: %v", spec.Cmd, err)
	}
	return parseSpins(string(out)), nil
}

// parseSpins reads `option name N type spin default D min A max B` lines
// (a name may have spaces).
func parseSpins(uciAnswer string) map[string]spin {
	spins := map[string]spin{}
	for _, line := range strings.Split(uciAnswer, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || f[0] != "option" || f[1] != "name" {
			continue
		}
		typ := -1
		for i := 2; i+1 < len(f); i++ {
			if f[i] == "type" {
				typ = i
				break
			}
		}
		if typ <= 2 || f[typ+1] != "spin" { // no "type", no name, or not a spin
			continue
		}
		s := spin{name: strings.Join(f[2:typ], " ")}
		seen := 0
		for i := typ + 2; i+1 < len(f); i += 2 {
			n, err := strconv.Atoi(f[i+1])
			if err != nil {
				break
			}
			switch f[i] {
			case "default":
				s.def, seen = n, seen|1
			case "min":
				s.min, seen = n, seen|2
			case "max":
				s.max, seen = n, seen|4
			}
		}
		if seen == 7 {
			spins[s.name] = s
		}
	}
	return spins
}

// loadTuner reads a saved run; resumed is false when the file does not
// exist yet.
func loadTuner(path string) (t *Tuner, resumed bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	t = new(Tuner)
	if err := json.Unmarshal(data, t); err != nil {
		return nil, false, fmt.Errorf("%s: %v", path, err)
	}
	if err := t.Validate(); err != nil {
		return nil, false, fmt.Errorf("%s: %v", path, err)
	}
	return t, true, nil
}

// saveTuner writes the state atomically, so a crash never leaves half of
// it.
func saveTuner(path string, t *Tuner) error {
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'))
}
