// Package all lists every game the engine plays, by name.
package all

import (
	"fmt"
	"sort"
	"strings"

	"varchess/variants"
	"varchess/variants/chess"
	"varchess/variants/kingchess"
	"varchess/variants/monochrome"
	"varchess/variants/russian"
)

// games is filled in by the registrations below; it is read-only after init.
var games = map[string]*variants.Game{}

func register(g *variants.Game) { games[g.Name] = g }

func init() {
	// One line per game; each package exports its Game.
	register(chess.Game)
	register(monochrome.Game)
	register(russian.Game)
	register(kingchess.Game)
	register(kingchess.Game1)
	register(chess.Game960)
}

// Names lists the known games in the order of docs/protocol.md.
var Names = []string{"chess", "monochrome", "russian", "kingchess", "kingchess1", "chess960"}

// Get returns the game with the given name. "normal" (CECP) means chess,
// "fischerandom" (CECP) Chess960.
func Get(name string) (*variants.Game, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	switch name {
	case "normal", "standard":
		name = "chess"
	case "fischerandom", "frc":
		name = "chess960"
	}
	if g, ok := games[name]; ok {
		return g, nil
	}
	known := make([]string, 0, len(games))
	for n := range games {
		known = append(known, n)
	}
	sort.Strings(known)
	return nil, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(known, ", "))
}
