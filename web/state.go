package web

import (
	"slices"
	"time"

	"varchess/variants"
)

// gameJSON is the whole state of a game as the page sees it: what to draw,
// what may be played, and what happened.
type gameJSON struct {
	ID       string     `json:"id"`
	Variant  string     `json:"variant"`
	Version  uint64     `json:"version"`
	FEN      string     `json:"fen"`
	StartFEN string     `json:"startFen"`
	Turn     string     `json:"turn"`      // "w" or "b"
	Sides    [2]string  `json:"sideNames"` // "White"/"Black", or "South"/"North"
	Board    boardJSON  `json:"board"`
	Moves    []moveJSON `json:"moves"` // the legal plies, when a person of this client is to move
	// ForcedPass: the side to move can only pass (the page announces it).
	ForcedPass bool          `json:"forcedPass"`
	Note       string        `json:"note,omitempty"`
	History    []historyJSON `json:"history"`
	Players    [2]playerJSON `json:"players"`
	Clock      clockJSON     `json:"clock"`
	Status     endJSON       `json:"status"`
	Thinking   bool          `json:"thinking"`
	Analysis   analysisJSON  `json:"analysis"`
	Yours      bool          `json:"yours"` // the requesting client may play in it
	CanUndo    bool          `json:"canUndo"`
}

type historyJSON struct {
	moveJSON
	Roll  string     `json:"roll,omitempty"`
	Side  string     `json:"side"`
	Score *scoreJSON `json:"score,omitempty"`
}

type scoreJSON struct {
	Score int `json:"score"`
	Mate  int `json:"mate,omitempty"`
	Depth int `json:"depth,omitempty"`
}

type playerJSON struct {
	Kind   string     `json:"kind"` // "human" or "engine"
	Name   string     `json:"name"`
	Engine int        `json:"engine"` // index into the server's engines, -1 for a person
	Elo    int        `json:"elo,omitempty"`
	Last   *scoreJSON `json:"last,omitempty"`
}

type clockJSON struct {
	Timed    bool     `json:"timed"`
	Left     [2]int64 `json:"left"` // milliseconds, by colour, at the moment of the snapshot
	Running  string   `json:"running,omitempty"`
	BaseMS   int64    `json:"base"`
	IncMS    int64    `json:"inc"`
	MoveTime int64    `json:"moveTime"`
}

type endJSON struct {
	Over   bool   `json:"over"`
	Result string `json:"result"`
	Reason string `json:"reason,omitempty"`
}

func scoreOf(r *Reply) *scoreJSON {
	if r == nil || !r.HasScore {
		return nil
	}
	return &scoreJSON{Score: r.Score, Mate: r.Mate, Depth: r.Depth}
}

// snapshot is the game's state for client (g.mu held).
func (g *game) snapshot(client string) gameJSON {
	d := g.display()
	side := g.pos.SideToMove()
	st := g.status()
	s := gameJSON{
		ID: g.id, Variant: g.variant.Name, Version: g.version,
		FEN: g.pos.FEN(), StartFEN: g.startFEN, Turn: colorName(side),
		Sides: [2]string{g.sideName(variants.White), g.sideName(variants.Black)},
		Board: boardView(d), Note: g.note, Status: st,
		Thinking: g.think != nil, Analysis: g.analysis.view,
		Yours: client == g.owner, History: []historyJSON{}, Moves: []moveJSON{},
	}
	// The analysis goes on writing its lines: the snapshot gets copies.
	s.Analysis.Lines = slices.Clone(s.Analysis.Lines)
	s.Analysis.Faces = slices.Clone(s.Analysis.Faces)
	s.Analysis.On = g.analysis.on
	if s.Analysis.MultiPV == 0 {
		s.Analysis.MultiPV = 1
	}
	if !st.Over {
		moves := legalMoves(g.pos, d.Files)
		s.ForcedPass = len(moves) == 1 && moves[0].Pass
		if s.Yours && g.seats[side].human() {
			s.Moves = moves
		}
	}
	for _, p := range g.plies {
		h := historyJSON{moveJSON: p.parts, Side: colorName(p.side), Score: scoreOf(p.reply)}
		if p.roll != 0 {
			h.Roll = string(p.roll)
		}
		s.History = append(s.History, h)
	}
	for c, st := range g.seats {
		p := playerJSON{Kind: "human", Name: "Player", Engine: st.Engine, Elo: st.Elo, Last: scoreOf(st.last)}
		if !st.human() {
			p.Kind, p.Name = "engine", g.srv.engines[st.Engine].Name
		}
		s.Players[c] = p
	}
	s.Clock = clockJSON{Timed: g.clock.timed(), BaseMS: g.clock.Base.Milliseconds(), IncMS: g.clock.Inc.Milliseconds(), MoveTime: g.clock.MoveTime.Milliseconds()}
	if g.clock.timed() {
		left := g.left
		if !st.Over {
			left[side] = max(left[side]-time.Since(g.turnAt), 0)
			s.Clock.Running = colorName(side)
		}
		s.Clock.Left = [2]int64{left[0].Milliseconds(), left[1].Milliseconds()}
	}
	s.CanUndo = s.Yours && len(g.plies) > 0 && (g.seats[0].human() || g.seats[1].human())
	return s
}
