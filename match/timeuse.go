package match

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"varchess/variants"
	"varchess/variants/all"
)

// noteRE reads a ply's comment as writePGN writes it with -pgncomments:
// score in pawns or a mate mark, an optional /depth, then the time, or "-"
// for a ply without a score ({+0.25/12 0.531s}, {-M/9 0.100s}, {- 0.004s}).
var noteRE = regexp.MustCompile(`^(?:[+-](?:[0-9]+\.[0-9]+|M)(?:/([0-9]+))?|-) ([0-9]+\.[0-9]+)s$`)

// phaseUse sums what one player spent on the moves of one phase.
type phaseUse struct {
	plies      int
	seconds    float64
	depthPlies int // plies that reported a depth
	depth      int // sum of those depths
}

// playerUse is one player's clock use over the games it played.
type playerUse struct {
	games   int
	seconds float64
	phases  []phaseUse
}

// timeUse is the clock use of every player in a set of PGN games.
type timeUse struct {
	bounds  []int // last move of each phase but the open-ended last one
	players map[string]*playerUse
	games   int // games with move comments
	bare    int // games without any
}

func newTimeUse(bounds []int) *timeUse {
	return &timeUse{bounds: bounds, players: map[string]*playerUse{}}
}

// phase is the index of the phase that holds a player's move-th own move.
func (u *timeUse) phase(move int) int {
	for i, b := range u.bounds {
		if move <= b {
			return i
		}
	}
	return len(u.bounds)
}

// addGame adds one game. Each score/time comment belongs to the ply before
// it; the plies alternate between the players from the start position's
// side to move. A player's moves are counted from its first commented ply,
// so after the opening the match set up.
func (u *timeUse) addGame(pg bookGame) error {
	variant := pg.tags["Variant"]
	if variant == "" || strings.EqualFold(variant, "standard") {
		variant = "chess"
	}
	g, err := all.Get(strings.ToLower(variant))
	if err != nil {
		return err
	}
	start := "startpos"
	if fen := pg.tags["FEN"]; fen != "" {
		start = fen
	}
	pos, err := g.Load(start)
	if err != nil {
		return fmt.Errorf("its FEN: %v", err)
	}
	names := [2]string{pg.tags["White"], pg.tags["Black"]}
	mover := 1 // the side of the last ply read: none yet, so White is next
	if pos.SideToMove() == variants.Black {
		mover = 0
	}
	var played [2]int
	var spent [2]float64
	keepAll := func(string) bool { return true }
	for _, item := range pgnItems(pg.moves, keepAll) {
		comment, isComment := strings.CutPrefix(item, "{")
		if !isComment {
			mover = 1 - mover
			continue
		}
		m := noteRE.FindStringSubmatch(comment)
		if m == nil {
			continue // a die roll or a remark
		}
		secs, _ := strconv.ParseFloat(m[2], 64)
		played[mover]++
		ph := &u.player(names[mover]).phases[u.phase(played[mover])]
		ph.plies++
		ph.seconds += secs
		if m[1] != "" {
			d, _ := strconv.Atoi(m[1])
			ph.depthPlies++
			ph.depth += d
		}
		spent[mover] += secs
	}
	if played[0]+played[1] == 0 {
		u.bare++
		return nil
	}
	u.games++
	for side := range 2 {
		if played[side] > 0 {
			p := u.player(names[side])
			p.games++
			p.seconds += spent[side]
		}
	}
	return nil
}

func (u *timeUse) player(name string) *playerUse {
	p := u.players[name]
	if p == nil {
		p = &playerUse{phases: make([]phaseUse, len(u.bounds)+1)}
		u.players[name] = p
	}
	return p
}

// phaseName is "1-10", "11-20", ..., "41+".
func (u *timeUse) phaseName(i int) string {
	first := 1
	if i > 0 {
		first = u.bounds[i-1] + 1
	}
	if i == len(u.bounds) {
		return fmt.Sprintf("%d+", first)
	}
	return fmt.Sprintf("%d-%d", first, u.bounds[i])
}

func (u *timeUse) write(w io.Writer) {
	names := make([]string, 0, len(u.players))
	for n := range u.players {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "%d games with move comments", u.games)
	if u.bare > 0 {
		fmt.Fprintf(w, " (%d without, left out)", u.bare)
	}
	fmt.Fprintln(w)
	for _, n := range names {
		p := u.players[n]
		fmt.Fprintf(w, "\n%s: %d games, %.1f s of thinking a game\n", n, p.games, p.seconds/float64(p.games))
		fmt.Fprintf(w, "  %-8s %6s %11s %7s\n", "moves", "plies", "time/move", "depth")
		for i, ph := range p.phases {
			if ph.plies == 0 {
				continue
			}
			depth := "-"
			if ph.depthPlies > 0 {
				depth = fmt.Sprintf("%.1f", float64(ph.depth)/float64(ph.depthPlies))
			}
			fmt.Fprintf(w, "  %-8s %6d %9.3f s %7s\n", u.phaseName(i), ph.plies, ph.seconds/float64(ph.plies), depth)
		}
	}
}

// parsePhases reads "10,20,40": the last move of each phase, increasing.
func parsePhases(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || (len(out) > 0 && n <= out[len(out)-1]) {
			return nil, fmt.Errorf("%q: want increasing move numbers such as 10,20,40", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// TimeUseMain runs `match-timeuse`: how each player of PGN games written
// with `match -pgncomments` spent its clock, by phase of the game. It is how
// docs/strength.md compares our time plan with Stockfish's.
func TimeUseMain(args []string, stdout, stderr io.Writer) int {
	fs := subcommand("match-timeuse", "[-phases 10,20,40] PGN...", stderr,
		"Reads games written by `match -pgncomments` (the {score/depth time} after\n"+
			"each ply) and prints, for each player, its mean thinking time a game and\n"+
			"its mean time and depth a move in each phase. Moves are counted from the\n"+
			"player's first own move, so the opening is not in them.")
	phases := fs.String("phases", "10,20,40", "the last `MOVES` of each phase but the last (a player's own moves, after the opening)")
	if code, done := parseSubcommand(fs, args); done {
		return code
	}
	fail := failer("match-timeuse", stderr)
	bounds, err := parsePhases(*phases)
	if err != nil {
		return fail(2, "-phases %v", err)
	}
	if fs.NArg() == 0 {
		return fail(2, "no PGN files")
	}
	u := newTimeUse(bounds)
	for _, path := range fs.Args() {
		text, err := os.ReadFile(path)
		if err != nil {
			return fail(1, "%v", err)
		}
		for i, pg := range splitPGN(string(text)) {
			if err := u.addGame(pg); err != nil {
				return fail(1, "%s, game %d: %v", path, i+1, err)
			}
		}
	}
	if u.games == 0 {
		return fail(1, "no game has move comments (play the match with -pgncomments)")
	}
	u.write(stdout)
	return 0
}
