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
}

// Option is one engine option (option.NAME=VALUE).
type Option struct{ Name, Value string }

// builtinNames lists the in-process players.
var builtinNames = []string{"random", "greedy"}

// ParseEngineSpec reads an -engine value: either `builtin:NAME` or a
// comma-separated list of key=value pairs with the keys cmd, proto (uci,
// cecp or xboard), name, dir, arg (repeatable) and option.NAME. Values cannot
// contain commas.
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
	if e.Name == "" {
		if e.Proto == Builtin {
			e.Name = e.Cmd
		} else {
			e.Name = filepath.Base(e.Cmd)
		}
	}
	return e, nil
}
