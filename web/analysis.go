package web

import (
	"context"

	"varchess/engine"
	"varchess/variants"
)

// analysis is a game's analysis panel: while it is on, the engine searches
// the current position for at most Config.AnalysisTime with several lines
// (MultiPV), and every completed iteration updates the page. In a game
// with a die the position is searched before its roll: the lines then
// carry the expected value over the faces, and Faces the best ply and
// value for each face.
type analysis struct {
	on     bool
	lines  int // MultiPV asked for
	cancel context.CancelFunc
	eng    *engine.Engine
	gen    int // bumped on every restart: stale reports are dropped
	view   analysisJSON
}

// analysisJSON is what the panel shows.
type analysisJSON struct {
	On      bool       `json:"on"`
	Running bool       `json:"running"`
	Lines   []lineJSON `json:"lines,omitempty"`
	Faces   []faceJSON `json:"faces,omitempty"`
	// MultiPV is the number of lines asked for, MaxMultiPV the most the
	// engine gives.
	MultiPV    int `json:"multiPV"`
	MaxMultiPV int `json:"maxMultiPV"`
}

// lineJSON is one line of the analysis: score from the view of the side to
// move (centipawns; the expected value in games with a die), or mate in
// Mate moves, the win/draw/loss expectation in permille, and the principal
// variation; Best is the first ply's parts (for the arrow).
type lineJSON struct {
	Rank  int      `json:"rank"`
	Depth int      `json:"depth"`
	Score int      `json:"score"`
	Mate  int      `json:"mate,omitempty"`
	WDL   [3]int   `json:"wdl"`
	Nodes uint64   `json:"nodes"`
	PV    []string `json:"pv"`
	Best  moveJSON `json:"best"`
}

type faceJSON struct {
	Face string   `json:"face"`
	Line lineJSON `json:"line"`
}

// maxAnalysisLines bounds MultiPV on the page.
const maxAnalysisLines = 5

func (a *analysis) stop() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
	a.gen++
	a.view.Running = false
}

// restart searches the game's current position anew (g.mu is held).
func (a *analysis) restart(g *game) {
	a.stop()
	a.lines = min(max(a.lines, 1), maxAnalysisLines)
	a.view = analysisJSON{On: a.on, MultiPV: a.lines, MaxMultiPV: maxAnalysisLines}
	if !a.on || g.closed || g.status().Over {
		return
	}
	opt := engine.Options{HashMB: g.srv.cfg.AnalysisHashMB, MultiPV: a.lines}
	if a.eng == nil {
		a.eng = engine.New(opt)
	} else {
		a.eng.SetOptions(opt)
	}
	ctx, cancel := context.WithTimeout(context.Background(), g.srv.cfg.AnalysisTime)
	a.cancel = cancel
	a.view.Running = true
	gen, eng, root := a.gen, a.eng, g.pos.Clone()
	if r, ok := root.(variants.Roller); ok {
		_ = r.SetRoll(0) // the expectation over the die, and each face
	}
	files := g.display().Files
	go func() {
		defer cancel()
		if g.srv.cpu.acquire(ctx) != nil {
			return
		}
		defer g.srv.cpu.release()
		eng.Search(ctx, root, engine.Limits{Infinite: true}, func(info engine.Info) {
			line := lineView(root, files, info)
			g.mu.Lock()
			defer g.mu.Unlock()
			if a.gen != gen {
				return
			}
			if info.Face != 0 {
				a.view.setFace(string(info.Face), line)
			} else {
				a.view.setLine(line)
			}
			g.changed()
		})
		g.mu.Lock()
		defer g.mu.Unlock()
		if a.gen == gen {
			a.view.Running = false
			g.changed()
		}
	}()
}

// setLine keeps the latest line of each rank; a new iteration's best line
// drops the deeper ranks of the previous one.
func (v *analysisJSON) setLine(line lineJSON) {
	if line.Rank <= 1 {
		v.Lines = v.Lines[:0]
	}
	for i := range v.Lines {
		if v.Lines[i].Rank == line.Rank {
			v.Lines[i] = line
			return
		}
	}
	v.Lines = append(v.Lines, line)
}

func (v *analysisJSON) setFace(face string, line lineJSON) {
	for i := range v.Faces {
		if v.Faces[i].Face == face {
			v.Faces[i].Line = line
			return
		}
	}
	v.Faces = append(v.Faces, faceJSON{Face: face, Line: line})
}

// lineView writes an engine report with the plies in the game's notation.
func lineView(pos variants.Position, files int, info engine.Info) lineJSON {
	l := lineJSON{Rank: info.MultiPV, Depth: info.Depth, Score: info.Score, Mate: info.Mate, WDL: info.WDL, Nodes: info.Nodes, PV: []string{}}
	p := pos.Clone()
	if info.Face != 0 {
		if r, ok := p.(variants.Roller); ok {
			_ = r.SetRoll(info.Face)
		}
	}
	for i, m := range info.PV {
		if _, err := p.ParseMove(p.MoveString(m)); err != nil {
			break // the rest of the line is not legal here
		}
		if i == 0 {
			l.Best = partsView(files, p.MoveString(m), p.(variants.Displayer).DescribeMove(m))
		}
		l.PV = append(l.PV, p.MoveString(m))
		p.Make(m)
	}
	return l
}
