package web

import (
	"strings"

	"varchess/match"
	"varchess/variants"
)

// pgn writes the game as `match` writes its games: Variant and FEN tags,
// the plies in the game's notation (SAN in chess), every roll as a comment
// before its ply, the reason of the result as a final comment.
func (g *game) pgn() (string, error) {
	st := g.status()
	outcome := variants.Ongoing
	switch st.Result {
	case "1-0":
		outcome = variants.WhiteWins
	case "0-1":
		outcome = variants.BlackWins
	case "1/2-1/2":
		outcome = variants.Draw
	}
	term := "unterminated"
	switch {
	case g.ended != nil && strings.Contains(st.Reason, "on time"):
		term = "time forfeit"
	case st.Over:
		term = "normal"
	}
	pg := match.PGNGame{
		Event: "varchess serve", Site: "varchess", Round: 1,
		White: g.playerName(variants.White), Black: g.playerName(variants.Black),
		Game: g.variant, StartFEN: g.startFEN,
		TC:      match.TimeControl{Base: g.clock.Base, Inc: g.clock.Inc},
		Outcome: outcome, Reason: st.Reason, Termination: term, Started: g.created,
	}
	if !g.clock.timed() {
		pg.TC = match.TimeControl{MoveTime: g.clock.MoveTime}
	}
	for _, p := range g.plies {
		pg.Moves = append(pg.Moves, p.text)
		if p.roll != 0 {
			pg.Rolls = append(pg.Rolls, p.roll)
		}
	}
	var b strings.Builder
	err := match.WritePGN(&b, pg)
	return b.String(), err
}

func (g *game) playerName(c variants.Color) string {
	if s := g.seats[c]; !s.human() {
		return g.srv.engines[s.Engine].Name
	}
	return "Player"
}
