package match

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"varchess/variants"
)

// gameRecord is one finished game, everything the PGN and the score table
// need.
type gameRecord struct {
	Number      int // 1-based
	Pair        int // 0-based pair (one encounter, one opening, colours swapped)
	Round       int // 0-based round of the schedule
	White       string
	Black       string
	WhiteEngine int // index into the match's engines of the White player
	BlackEngine int
	StartFEN    string
	Moves       []string // canonical notation
	Rolls       []byte   // die face before each ply (games with a die), else nil
	Outcome     variants.Outcome
	Reason      string // e.g. "checkmate", "black loses on time"
	Termination string // PGN Termination: normal, time forfeit, adjudication, ...
	Started     time.Time
	FinalFEN    string     // the position the game ended in
	Notes       []moveNote `json:",omitempty"` // per ply, with -pgncomments
	// Trace is the last traffic with the engine that lost on time or died
	// while thinking ("<" sent to it, ">" read from it): what it said after
	// its last `go`, and whether it answered `stop`.
	Trace []string `json:",omitempty"`
}

// moveNote is what the mover said about one ply: its last score and depth
// and the time it took.
type moveNote struct {
	Score    int   `json:"s"`
	HasScore bool  `json:"h,omitempty"`
	Depth    int   `json:"d,omitempty"`
	Millis   int64 `json:"t"`
}

// adjudication holds the optional score/length rules that end a game early.
type adjudication struct {
	MaxPlies    int // 0 = unlimited
	ResignMoves int // consecutive plies per side beyond ResignScore (0 = off)
	ResignScore int
	DrawMoves   int // consecutive plies per side within ±DrawScore (0 = off)
	DrawScore   int
	DrawStart   int // first ply at which the draw rule may apply
}

// rolls draws the die for one opening pair: both games of the pair see the
// same face at the same ply, so the luck of the dice cancels when colours
// are swapped.
type rolls struct{ rng *rand.Rand }

func newRolls(seed uint64, pair int) *rolls {
	return &rolls{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15^uint64(pair)))}
}

func (r *rolls) next() byte { return variants.DieFaces[r.rng.IntN(len(variants.DieFaces))] }

// gameSetup is what the runner hands to playGame.
type gameSetup struct {
	game     *variants.Game
	startFEN string         // "startpos" or a FEN
	tc       [2]TimeControl // by colour
	margin   time.Duration
	timeout  time.Duration
	adj      adjudication
	seed     uint64
	observer Observer // may be nil
	notes    bool     // keep a moveNote per ply
}

// playGame plays one game between white and black (both already prepared
// with newGame) and returns its record (Number, names etc. are filled in by
// the caller). Errors are only for a broken arbiter (bad opening FEN,
// cancelled context); everything a player does wrong ends the game instead.
func playGame(ctx context.Context, s *gameSetup, rec *gameRecord, players [2]player) error {
	pos, err := s.game.Load(s.startFEN)
	if err != nil {
		return err
	}
	rec.StartFEN = s.startFEN
	roller, hasDie := pos.(variants.Roller)
	var dice *rolls
	if hasDie {
		dice = newRolls(s.seed, rec.Pair)
	}
	defer func() { rec.FinalFEN = pos.FEN() }()
	clk := newClock(s.tc[0], s.tc[1], s.margin, s.timeout)
	var scores [2][]int // each side's reported scores, its own view, one per ply
	t := turn{game: s.game, startFEN: s.startFEN, tc: s.tc}
	lose := func(side variants.Color, term, reason string) {
		rec.Outcome = variants.WhiteWins
		if side == variants.White {
			rec.Outcome = variants.BlackWins
		}
		rec.Termination = term
		rec.Reason = fmt.Sprintf("%s %s", sideName(s.game, side), reason)
	}
	for {
		if err := ctx.Err(); err != nil {
			return err // stopped: the game is not recorded
		}
		if st := pos.Status(); st.Over() {
			rec.Outcome, rec.Reason, rec.Termination = st.Outcome, st.Reason, "normal"
			return nil
		}
		if s.adj.MaxPlies > 0 && len(rec.Moves) >= s.adj.MaxPlies {
			adjudicateLength(pos, rec, s.adj.MaxPlies)
			return nil
		}
		if o, why := adjudicateScores(scores, len(rec.Moves), s.adj); o != variants.Ongoing {
			rec.Outcome, rec.Reason, rec.Termination = o, why, "adjudication"
			return nil
		}
		side := pos.SideToMove()
		t.roll = 0
		if hasDie {
			t.roll = dice.next()
			if err := roller.SetRoll(t.roll); err != nil {
				return fmt.Errorf("setting roll %c: %w", t.roll, err)
			}
			rec.Rolls = append(rec.Rolls, t.roll)
		}
		t.pos = pos
		t.moves = rec.Moves
		t.rolls = rec.Rolls
		t.left = clk.left
		t.budget = clk.budget(int(side))
		t.movesToGo = clk.movesToGo(int(side))
		start := time.Now()
		r, err := players[side].think(ctx, &t)
		elapsed := time.Since(start)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var f *fault
			if errors.As(err, &f) {
				lose(side, f.termination, f.reason)
				rec.Trace = f.trace
				return nil
			}
			lose(side, "abandoned", err.Error())
			return nil
		}
		if !clk.spend(int(side), elapsed) {
			lose(side, "time forfeit", fmt.Sprintf("loses on time (%v used, %v allowed)", elapsed.Round(time.Millisecond), (t.budget-s.margin).Round(time.Millisecond)))
			return nil
		}
		m, err := pos.ParseMove(r.move)
		if err != nil {
			lose(side, "rules infraction", fmt.Sprintf("plays illegal move %q: %v", r.move, err))
			return nil
		}
		if r.hasScore {
			scores[side] = append(scores[side], r.score)
		} else {
			scores[side] = scores[side][:0] // no score: the streak is broken
		}
		mv := pos.MoveString(m)
		rec.Moves = append(rec.Moves, mv)
		if s.notes {
			rec.Notes = append(rec.Notes, moveNote{Score: r.score, HasScore: r.hasScore, Depth: r.depth, Millis: elapsed.Milliseconds()})
		}
		pos.Make(m)
		if s.observer != nil {
			s.observer.MovePlayed(MoveEvent{Game: rec.Number, Ply: len(rec.Moves), Move: mv, Roll: t.roll, FEN: pos.FEN(),
				Score: r.score, HasScore: r.hasScore, Depth: r.depth, Elapsed: elapsed, Clock: clk.left})
		}
	}
}

// sideName is how a reason names a side: South/North in monochrome.
func sideName(g *variants.Game, c variants.Color) string {
	if g.Name == "monochrome" {
		if c == variants.White {
			return "South"
		}
		return "North"
	}
	if c == variants.White {
		return "White"
	}
	return "Black"
}

// adjudicateLength ends a game that reached the ply limit: a draw, except in
// monochrome, which is decided on the score as the rules decide every
// monochrome ending.
func adjudicateLength(pos variants.Position, rec *gameRecord, limit int) {
	rec.Termination = "adjudication"
	rec.Outcome = variants.Draw
	rec.Reason = fmt.Sprintf("draw by the %d-ply limit", limit)
	if pos.Variant() != "monochrome" {
		return
	}
	sc, ok := monochromeScore(pos.FEN())
	if !ok {
		return
	}
	switch {
	case sc[0] > sc[1]:
		rec.Outcome = variants.WhiteWins
		rec.Reason = fmt.Sprintf("South wins %d-%d at the %d-ply limit", sc[0], sc[1], limit)
	case sc[1] > sc[0]:
		rec.Outcome = variants.BlackWins
		rec.Reason = fmt.Sprintf("North wins %d-%d at the %d-ply limit", sc[1], sc[0], limit)
	default:
		rec.Reason = fmt.Sprintf("draw %d-%d at the %d-ply limit", sc[0], sc[1], limit)
	}
}

// adjudicateScores applies the resign and draw rules to the engines' own
// score reports: resign when for the last n plies of each side both agree
// that the same side is behind by at least the threshold; draw when after
// DrawStart plies both have reported |score| <= DrawScore n times running.
func adjudicateScores(scores [2][]int, ply int, a adjudication) (variants.Outcome, string) {
	last := func(side, n int) []int {
		s := scores[side]
		if n <= 0 || len(s) < n {
			return nil
		}
		return s[len(s)-n:]
	}
	if n := a.ResignMoves; n > 0 {
		w, b := last(0, n), last(1, n)
		if w != nil && b != nil {
			if allOf(w, func(v int) bool { return v <= -a.ResignScore }) && allOf(b, func(v int) bool { return v >= a.ResignScore }) {
				return variants.BlackWins, "adjudicated: White's position is lost by both engines' scores"
			}
			if allOf(b, func(v int) bool { return v <= -a.ResignScore }) && allOf(w, func(v int) bool { return v >= a.ResignScore }) {
				return variants.WhiteWins, "adjudicated: Black's position is lost by both engines' scores"
			}
		}
	}
	if n := a.DrawMoves; n > 0 && ply >= a.DrawStart {
		w, b := last(0, n), last(1, n)
		near := func(v int) bool { return v <= a.DrawScore && v >= -a.DrawScore }
		if w != nil && b != nil && allOf(w, near) && allOf(b, near) {
			return variants.Draw, "adjudicated draw: both engines' scores near zero"
		}
	}
	return variants.Ongoing, ""
}

func allOf(s []int, ok func(int) bool) bool {
	for _, v := range s {
		if !ok(v) {
			return false
		}
	}
	return true
}
