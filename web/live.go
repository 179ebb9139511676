package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"sync"
	"time"

	"varchess/match"
	"varchess/variants"
	"varchess/variants/all"
)

// Live shows the games of a running match (`varchess match -live ADDR`):
// it is the match's Observer, and the server's /live page reads it.
type Live struct {
	mu    sync.Mutex
	games map[int]*liveGame
	wake  chan struct{}
	ver   uint64
}

// maxLiveFinished bounds the finished games kept on the page.
const maxLiveFinished = 16

type liveGame struct {
	view liveGameJSON
	pos  variants.Position // the position before the next ply
	done time.Time
}

// liveGameJSON is one game of the match as the page shows it.
type liveGameJSON struct {
	Game     int           `json:"game"`
	Variant  string        `json:"variant"`
	White    string        `json:"white"`
	Black    string        `json:"black"`
	Sides    [2]string     `json:"sideNames"`
	StartFEN string        `json:"startFen"`
	FEN      string        `json:"fen"`
	Turn     string        `json:"turn"`
	Board    boardJSON     `json:"board"`
	History  []historyJSON `json:"history"`
	Clock    [2]int64      `json:"clock"` // milliseconds after the last ply
	Scores   [2]*scoreJSON `json:"scores"`
	Status   endJSON       `json:"status"`
}

// NewLive returns an empty live view.
func NewLive() *Live { return &Live{games: map[int]*liveGame{}, wake: make(chan struct{})} }

func (l *Live) changed() {
	l.ver++
	close(l.wake)
	l.wake = make(chan struct{})
}

// GameStarted implements match.Observer.
func (l *Live) GameStarted(s match.GameStart) {
	v, err := all.Get(s.Variant)
	if err != nil {
		return
	}
	pos, err := v.Load(s.StartFEN)
	if err != nil {
		return
	}
	lg := &liveGame{pos: pos, view: liveGameJSON{
		Game: s.Game, Variant: v.Name, White: s.White, Black: s.Black,
		StartFEN: s.StartFEN, Status: endJSON{Result: "*"}, History: []historyJSON{},
	}}
	for c, tc := range s.TC {
		lg.view.Clock[c] = tc.Base.Milliseconds()
	}
	lg.refresh()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.games[s.Game] = lg
	l.changed()
}

// refresh redraws the board from pos.
func (lg *liveGame) refresh() {
	d := lg.pos.(variants.Displayer).Display()
	lg.view.FEN = lg.pos.FEN()
	lg.view.Board = boardView(d)
	lg.view.Turn = colorName(lg.pos.SideToMove())
	lg.view.Sides = [2]string{"White", "Black"}
	if d.OwnerByHalf {
		lg.view.Sides = [2]string{"South", "North"}
	}
}

// MovePlayed implements match.Observer.
func (l *Live) MovePlayed(e match.MoveEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lg := l.games[e.Game]
	if lg == nil {
		return
	}
	side := lg.pos.SideToMove()
	if r, ok := lg.pos.(variants.Roller); ok && e.Roll != 0 {
		_ = r.SetRoll(e.Roll)
	}
	h := historyJSON{moveJSON: moveJSON{Text: e.Move}, Side: colorName(side)}
	if e.Roll != 0 {
		h.Roll = string(e.Roll)
	}
	if m, err := lg.pos.ParseMove(e.Move); err == nil {
		h.moveJSON = partsView(lg.view.Board.Files, e.Move, lg.pos.(variants.Displayer).DescribeMove(m))
	}
	if e.HasScore {
		h.Score = &scoreJSON{Score: e.Score, Depth: e.Depth}
		lg.view.Scores[side] = h.Score
	}
	lg.view.History = append(lg.view.History, h)
	if next, err := all.Get(lg.view.Variant); err == nil {
		if p, err := next.Load(e.FEN); err == nil {
			lg.pos = p
		}
	}
	lg.view.Clock = [2]int64{e.Clock[0].Milliseconds(), e.Clock[1].Milliseconds()}
	lg.refresh()
	l.changed()
}

// GameFinished implements match.Observer.
func (l *Live) GameFinished(e match.GameEnd) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lg := l.games[e.Game]
	if lg == nil {
		return
	}
	lg.view.Status = endJSON{Over: true, Result: e.Result, Reason: e.Reason}
	lg.done = time.Now()
	var done []*liveGame
	for _, g := range l.games {
		if !g.done.IsZero() {
			done = append(done, g)
		}
	}
	sort.Slice(done, func(i, j int) bool { return done[i].done.After(done[j].done) })
	for _, g := range done[min(len(done), maxLiveFinished):] {
		delete(l.games, g.view.Game)
	}
	l.changed()
}

// liveJSON is every game of the match, newest first.
type liveJSON struct {
	Version uint64         `json:"version"`
	Games   []liveGameJSON `json:"games"`
}

func (l *Live) snapshot() (liveJSON, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := liveJSON{Version: l.ver}
	for _, g := range l.games {
		out.Games = append(out.Games, g.view)
	}
	sort.Slice(out.Games, func(i, j int) bool { return out.Games[i].Game > out.Games[j].Game })
	return out, l.wake
}

func (s *Server) liveList(w http.ResponseWriter, r *http.Request) {
	if s.live == nil {
		writeError(w, http.StatusNotFound, errors.New("no match is shown here (start one with varchess match ... -live ADDR)"))
		return
	}
	snap, _ := s.live.snapshot()
	writeJSON(w, http.StatusOK, snap)
}

func (s *Server) liveEvents(w http.ResponseWriter, r *http.Request) {
	if s.live == nil {
		writeError(w, http.StatusNotFound, errors.New("no match is shown here"))
		return
	}
	s.mu.Lock()
	if s.streams >= s.cfg.MaxStreams {
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, errors.New("too many open event streams"))
		return
	}
	s.streams++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.streams--
		s.mu.Unlock()
	}()
	stream(w, r, s.stop, func() ([]byte, <-chan struct{}, bool) {
		snap, wake := s.live.snapshot()
		data, _ := json.Marshal(snap)
		return data, wake, false
	})
}

// StartLive serves the live view of a match on addr and returns the
// match's Observer and a function that stops the server. It is what
// main.go hands to `match -live`.
func StartLive(addr string, stderr io.Writer) (match.Observer, func(), error) {
	live := NewLive()
	srv := New(Config{AllowedHosts: allowedHostsFor(addr, stderr)})
	srv.live = live
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("live view: %w", err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	fmt.Fprintf(stderr, "live view of the match: %s\n", pageURL(ln.Addr(), "/live"))
	return live, func() { hs.Close(); srv.Close() }, nil
}
