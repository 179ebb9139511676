package protocol

// The search options both protocols offer (UCI `option`/`setoption`, CECP
// `feature option=` / `option NAME=VALUE`): threads, MultiPV, strength
// levels, WDL output and the chess evaluation (EvalFile, Use NNUE). They
// change the engine's Options; only ShowWDL is the session's (it changes
// what the protocol prints).

import (
	"fmt"
	"strconv"
	"strings"

	"varchess/engine"
	"varchess/nnue"
)

// defaultElo is UCI_Elo's default (it counts only with UCI_LimitStrength).
const defaultElo = 1500

// searchOption describes one option: a spin with its range, a check
// (min 0, max 1), or a string (str, with its default defStr).
type searchOption struct {
	name          string
	check, str    bool
	def, min, max int
	defStr        string
}

// defaultEvalFile is EvalFile's default: the network built into the
// program (nnue/default.nnue; none: the hand-crafted evaluation). An empty
// value (or `<empty>`, as some GUIs send one) means the same.
const defaultEvalFile = "<default>"

// searchOptions also holds the search's margins in a tuning build
// (tuningOptions).
var searchOptions = append([]searchOption{
	{name: "Threads", def: 1, min: 1, max: engine.MaxThreads},
	{name: "MultiPV", def: 1, min: 1, max: engine.MaxMultiPV},
	{name: "Skill Level", def: engine.MaxSkill, min: 0, max: engine.MaxSkill},
	{name: "UCI_LimitStrength", check: true, max: 1},
	{name: "UCI_Elo", def: defaultElo, min: engine.MinElo, max: engine.MaxElo},
	{name: "UCI_ShowWDL", check: true, max: 1},
	{name: "EvalFile", str: true, defStr: defaultEvalFile},
	{name: "Use NNUE", check: true, def: 1, max: 1},
}, tuningOptions()...)

// uciLine is the option's line in the answer to `uci`.
func (o searchOption) uciLine() string {
	if o.str {
		return fmt.Sprintf("option name %s type string default %s", o.name, o.defStr)
	}
	if o.check {
		return fmt.Sprintf("option name %s type check default %t", o.name, o.def != 0)
	}
	return fmt.Sprintf("option name %s type spin default %d min %d max %d", o.name, o.def, o.min, o.max)
}

// cecpFeature is the option's `feature option=` line.
func (o searchOption) cecpFeature() string {
	if o.str {
		return fmt.Sprintf(`feature option="%s -string %s"`, o.name, o.defStr)
	}
	if o.check {
		return fmt.Sprintf(`feature option="%s -check %d"`, o.name, o.def)
	}
	return fmt.Sprintf(`feature option="%s -spin %d %d %d"`, o.name, o.def, o.min, o.max)
}

// findSearchOption looks an option up by name, case-insensitively.
func findSearchOption(name string) (searchOption, bool) {
	for _, o := range searchOptions {
		if strings.EqualFold(o.name, strings.TrimSpace(name)) {
			return o, true
		}
	}
	return searchOption{}, false
}

// parse reads a value: a number in range for a spin; true/false (or 1/0,
// as CECP sends checks) for a check.
func (o searchOption) parse(value string) (int, error) {
	value = strings.TrimSpace(value)
	if o.check {
		b, err := strconv.ParseBool(value)
		if err != nil {
			return 0, fmt.Errorf("option %s: value must be true or false, not %q", o.name, value)
		}
		if b {
			return 1, nil
		}
		return 0, nil
	}
	n, err := strconv.Atoi(value)
	if err != nil || n < o.min || n > o.max {
		return 0, fmt.Errorf("option %s: value %q is not an integer in %d..%d", o.name, value, o.min, o.max)
	}
	return n, nil
}

// searchSettings is what a session keeps of these options.
type searchSettings struct {
	showWDL bool
}

// optionEngine is the part of the engine these options change.
type optionEngine interface {
	Options() engine.Options
	SetOptions(engine.Options)
}

// setSearchOption applies option o with value to eng and st. UCI_Elo and
// Skill Level are kept even while they do not count (UCI_LimitStrength
// off, or Skill Level overridden by it), as GUIs set them in any order.
// The note, when not empty, tells what an option did (EvalFile: the
// network loaded).
func setSearchOption(eng optionEngine, st *searchSettings, o searchOption, value string) (note string, err error) {
	if o.str {
		return setEvalFile(eng, strings.TrimSpace(value))
	}
	n, err := o.parse(value)
	if err != nil {
		return "", err
	}
	opt := eng.Options()
	switch o.name {
	case "Threads":
		opt.Threads = n
	case "MultiPV":
		opt.MultiPV = n
	case "Skill Level":
		opt.Strength = opt.Strength.WithSkill(n)
	case "UCI_LimitStrength":
		opt.Strength.LimitStrength = n == 1
		if opt.Strength.Elo == 0 {
			opt.Strength.Elo = defaultElo
		}
	case "UCI_Elo":
		opt.Strength.Elo = n
	case "UCI_ShowWDL":
		st.showWDL = n == 1
		return "", nil
	case "Use NNUE":
		opt.HCE = n == 0
	default: // a search margin of a tuning build
		if sp, ok := engine.FindSearchParam(o.name); ok {
			sp.Set(&opt.Search, n)
		}
	}
	eng.SetOptions(opt)
	return "", nil
}

// setEvalFile loads the network of EvalFile (path; empty or the default:
// the built-in one). A file that cannot be read or is no network is an
// error and the engine keeps the network it had.
func setEvalFile(eng optionEngine, path string) (string, error) {
	opt := eng.Options()
	if path == "" || path == defaultEvalFile || path == "<empty>" {
		opt.Net = nil
		eng.SetOptions(opt)
		if n := nnue.Default(); n != nil {
			return fmt.Sprintf("EvalFile: the built-in network (hidden size %d)", n.Hidden), nil
		}
		return "EvalFile: no built-in network, chess uses the hand-crafted evaluation", nil
	}
	n, err := engine.LoadNet(path)
	if err != nil {
		return "", fmt.Errorf("option EvalFile: %v (keeping the previous network)", err)
	}
	opt.Net = n
	eng.SetOptions(opt)
	return fmt.Sprintf("EvalFile: %s loaded (hidden size %d)", path, n.Hidden), nil
}
