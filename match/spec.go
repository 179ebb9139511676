package match

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Protocol names the way the arbiter talks to an engine.
type Protocol string

const (
	UCI     Protocol = "uci"
	CECP    Protocol = "cecp"
	Builtin Protocol = "builtin"
)

// EngineSpec is one -engine flag: how to start (or which built-in player to
// use) and how to configure a player.
type EngineSpec struct {
	Name    string
	Proto   Protocol
	Cmd     string   // executable, or the built-in player's name ("random", "greedy")
	Args    []string // extra command-line arguments, in order
	Dir     string   // working directory ("" = the arbiter's)
	Options []Option // UCI setoption / CECP option, in the order given

	// Limits given in the spec (tc=, st=, nodes=, depth=) replace the
	// match's own of the same kind; see Limits.
	override limitOverride
	// LegalArbiter (legal=arbiter) makes a UCI engine search only the plies
	// the arbiter's rules allow at the root: every `go` carries
	// `searchmoves` with all of them.
	LegalArbiter bool
}

// limitOverride is the part of a time control an engine spec sets.
type limitOverride struct {
	clock, moveTime, nodes, depth bool
	tc                            TimeControl
}

// Limits is the time control of this engine in a match whose own is match.
func (e EngineSpec) Limits(match TimeControl) TimeControl {
	o, tc := e.override, match
	if o.clock {
		tc.Moves, tc.Base, tc.Inc = o.tc.Moves, o.tc.Base, o.tc.Inc
	}
	if o.moveTime {
		tc.MoveTime = o.tc.MoveTime
	}
	if o.nodes {
		tc.Nodes = o.tc.Nodes
	}
	if o.depth {
		tc.Depth = o.tc.Depth
	}
	return tc
}

// Option is one engine option (option.NAME=VALUE).
type Option struct{ Name, Value string }

// builtinNames lists the in-process players.
var builtinNames = []string{"random", "greedy"}

// ParseEngineSpec reads an -engine value: either `builtin:NAME` or a
// comma-separated list of key=value pairs with the keys cmd, proto (uci,
// cecp or xboard), name, dir, arg (repeatable), option.NAME, the limits tc,
// st, nodes and depth, and legal (arbiter or engine). Values cannot contain
// commas.
func ParseEngineSpec(s string) (EngineSpec, error) {
	var e EngineSpec
	s = strings.TrimSpace(s)
	if s == "" {
		return e, fmt.Errorf("empty engine spec")
	}
	for _, field := range strings.Split(s, ",") {
		field = strings.TrimSpace(field)
		if field == "" {
			continue
		}
		if name, ok := strings.CutPrefix(field, "builtin:"); ok {
			e.Proto, e.Cmd = Builtin, name
			continue
		}
		key, val, ok := strings.Cut(field, "=")
		if !ok {
			return e, fmt.Errorf("engine spec %q: field %q is not key=value", s, field)
		}
		switch {
		case key == "cmd":
			if name, ok := strings.CutPrefix(val, "builtin:"); ok {
				e.Proto, e.Cmd = Builtin, name
			} else {
				e.Cmd = val
			}
		case key == "proto":
			switch strings.ToLower(val) {
			case "uci":
				e.Proto = UCI
			case "cecp", "xboard", "winboard":
				e.Proto = CECP
			default:
				return e, fmt.Errorf("engine spec %q: unknown proto %q (uci or cecp)", s, val)
			}
		case key == "name":
			e.Name = val
		case key == "dir":
			e.Dir = val
		case key == "arg":
			e.Args = append(e.Args, val)
		case key == "tc":
			tc, err := ParseTimeControl(val)
			if err != nil {
				return e, fmt.Errorf("engine spec %q: %w", s, err)
			}
			e.override.clock = true
			e.override.tc.Moves, e.override.tc.Base, e.override.tc.Inc = tc.Moves, tc.Base, tc.Inc
		case key == "st":
			d, err := parseMoveTime(val)
			if err != nil {
				return e, fmt.Errorf("engine spec %q: %w", s, err)
			}
			e.override.moveTime, e.override.tc.MoveTime = true, d
		case key == "nodes":
			n, err := parseLimit("nodes", val, 1<<50)
			if err != nil {
				return e, fmt.Errorf("engine spec %q: %w", s, err)
			}
			e.override.nodes, e.override.tc.Nodes = true, n
		case key == "depth":
			n, err := parseLimit("depth", val, 1000)
			if err != nil {
				return e, fmt.Errorf("engine spec %q: %w", s, err)
			}
			e.override.depth, e.override.tc.Depth = true, int(n)
		case key == "legal":
			switch val {
			case "arbiter":
				e.LegalArbiter = true
			case "engine":
				e.LegalArbiter = false
			default:
				return e, fmt.Errorf("engine spec %q: legal=%q: want arbiter or engine", s, val)
			}
		case strings.HasPrefix(key, "option."):
			name := strings.TrimPrefix(key, "option.")
			if name == "" {
				return e, fmt.Errorf("engine spec %q: option without a name", s)
			}
			e.Options = append(e.Options, Option{name, val})
		default:
			return e, fmt.Errorf("engine spec %q: unknown key %q", s, key)
		}
	}
	if e.Cmd == "" {
		return e, fmt.Errorf("engine spec %q: no cmd (or builtin:NAME)", s)
	}
	if e.Proto == Builtin {
		known := false
		for _, n := range builtinNames {
			known = known || n == e.Cmd
		}
		if !known {
			return e, fmt.Errorf("engine spec %q: unknown built-in player %q (known: %s)", s, e.Cmd, strings.Join(builtinNames, ", "))
		}
	}
	if e.Proto == "" {
		e.Proto = UCI
	}
	if e.LegalArbiter && e.Proto != UCI {
		return e, fmt.Errorf("engine spec %q: legal=arbiter needs a UCI engine (it sends go ... searchmoves)", s)
	}
	if e.Name == "" {
		if e.Proto == Builtin {
			e.Name = e.Cmd
		} else {
			e.Name = filepath.Base(e.Cmd)
		}
	}
	return e, nil
}
