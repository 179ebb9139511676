package web

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"varchess/engine"
	"varchess/variants/all"
)

// Config bounds what the server does. Zero fields take the defaults of
// DefaultConfig.
type Config struct {
	// Engines the page may choose as opponents; the page names them by
	// index only. Empty means the built-in engine alone.
	Engines []EngineChoice
	// MaxGames bounds the games held at once, MaxGamesPerClient those of
	// one client (a browser, by its cookie): a client over its bound loses
	// its least recently used game.
	MaxGames, MaxGamesPerClient int
	// MaxStreams bounds the open event streams, MaxStreamsPerGame those
	// of one game.
	MaxStreams, MaxStreamsPerGame int
	// MaxBody bounds a request body in bytes.
	MaxBody int64
	// IdleTimeout: a game nobody asked about for this long is dropped.
	IdleTimeout time.Duration
	// AnalysisTime bounds the analysis of one position; AnalysisHashMB is
	// the analysis engine's table.
	AnalysisTime   time.Duration
	AnalysisHashMB int
	// FlagMargin is the grace beyond a clock before a flag falls.
	FlagMargin time.Duration
	// MaxMoveTime bounds the time per engine move the page may ask for,
	// MaxBase the clock.
	MaxMoveTime, MaxBase time.Duration
	// AllowedHosts are the Host header values accepted besides the
	// loopback names of the listening port (DNS rebinding protection);
	// "*" accepts any.
	AllowedHosts []string
}

// DefaultConfig is what `varchess serve` uses.
func DefaultConfig() Config {
	return Config{
		MaxGames: 64, MaxGamesPerClient: 8,
		MaxStreams: 128, MaxStreamsPerGame: 8,
		MaxBody: 16 << 10, IdleTimeout: 2 * time.Hour,
		AnalysisTime: 30 * time.Second, AnalysisHashMB: 16,
		FlagMargin:  300 * time.Millisecond,
		MaxMoveTime: time.Minute, MaxBase: 3 * time.Hour,
	}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&c.MaxGames, d.MaxGames)
	pick(&c.MaxGamesPerClient, d.MaxGamesPerClient)
	pick(&c.MaxStreams, d.MaxStreams)
	pick(&c.MaxStreamsPerGame, d.MaxStreamsPerGame)
	pick(&c.AnalysisHashMB, d.AnalysisHashMB)
	if c.MaxBody <= 0 {
		c.MaxBody = d.MaxBody
	}
	durations := []struct{ v, def *time.Duration }{
		{&c.IdleTimeout, &d.IdleTimeout}, {&c.AnalysisTime, &d.AnalysisTime},
		{&c.FlagMargin, &d.FlagMargin}, {&c.MaxMoveTime, &d.MaxMoveTime}, {&c.MaxBase, &d.MaxBase},
	}
	for _, x := range durations {
		if *x.v <= 0 {
			*x.v = *x.def
		}
	}
	if len(c.Engines) == 0 {
		c.Engines = []EngineChoice{BuiltinEngine()}
	}
	return c
}

// Server holds the games and serves the page and its API. Create it with
// New; it is safe for concurrent use.
type Server struct {
	cfg     Config
	engines []EngineChoice
	cpu     *semaphore
	live    *Live // games of a match, when the server shows one (match -live)

	mu      sync.Mutex
	games   map[string]*game
	streams int
	stop    chan struct{}
	once    sync.Once
}

// New returns a server; Close stops its games.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	s := &Server{
		cfg: cfg, engines: cfg.Engines,
		cpu:   newSemaphore(runtime.NumCPU()),
		games: map[string]*game{}, stop: make(chan struct{}),
	}
	go s.sweep()
	return s
}

// Close stops every game's engines and analysis.
func (s *Server) Close() {
	s.once.Do(func() { close(s.stop) })
	s.mu.Lock()
	games := s.games
	s.games = map[string]*game{}
	s.mu.Unlock()
	for _, g := range games {
		g.close()
	}
}

// sweep drops idle games.
func (s *Server) sweep() {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		s.mu.Lock()
		var idle []*game
		for id, g := range s.games {
			g.mu.Lock()
			if time.Since(g.used) > s.cfg.IdleTimeout {
				idle = append(idle, g)
				delete(s.games, id)
			}
			g.mu.Unlock()
		}
		s.mu.Unlock()
		for _, g := range idle {
			g.close()
		}
	}
}

// Handler returns the page, its assets and the API.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	static, err := fs.Sub(assets, "static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	files := http.FileServerFS(static)
	mux.Handle("GET /static/", http.StripPrefix("/static/", files))
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /live", s.page)
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("GET /api/info", s.info)
	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("GET /api/games/{id}", s.get)
	mux.HandleFunc("DELETE /api/games/{id}", s.remove)
	mux.HandleFunc("POST /api/games/{id}/move", s.move)
	mux.HandleFunc("POST /api/games/{id}/drops", s.drops)
	mux.HandleFunc("POST /api/games/{id}/undo", s.takeBack)
	mux.HandleFunc("POST /api/games/{id}/resign", s.resign)
	mux.HandleFunc("POST /api/games/{id}/analysis", s.setAnalysis)
	mux.HandleFunc("GET /api/games/{id}/pgn", s.pgn)
	mux.HandleFunc("GET /api/games/{id}/events", s.events)
	mux.HandleFunc("GET /api/live", s.liveList)
	mux.HandleFunc("GET /api/live/events", s.liveEvents)
	return s.guard(mux)
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	data, err := assets.ReadFile("static/index.html")
	if err != nil {
		http.Error(w, "page missing from the binary", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(data)
}

// infoJSON tells the page what it can choose.
type infoJSON struct {
	Variants []variantJSON `json:"variants"`
	Engines  []string      `json:"engines"`
	// Levels[i] tells whether engine i plays at a strength level, from
	// MinElo to MaxElo (UCI_Elo).
	Levels []bool `json:"levels"`
	MinElo int    `json:"minElo"`
	MaxElo int    `json:"maxElo"`
	Live   bool   `json:"live"`
	Limits struct {
		MaxMoveTime int64 `json:"maxMoveTime"`
		MaxBase     int64 `json:"maxBase"`
	} `json:"limits"`
}

type variantJSON struct {
	Name     string `json:"name"`
	StartFEN string `json:"startFen"`
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	var out infoJSON
	for _, n := range all.Names {
		g, err := all.Get(n)
		if err != nil {
			continue
		}
		out.Variants = append(out.Variants, variantJSON{Name: g.Name, StartFEN: g.StartFEN})
	}
	for _, e := range s.engines {
		out.Engines = append(out.Engines, e.Name)
		out.Levels = append(out.Levels, e.Levels)
	}
	out.MinElo, out.MaxElo = engine.MinElo, engine.MaxElo
	out.Live = s.live != nil
	out.Limits.MaxMoveTime = s.cfg.MaxMoveTime.Milliseconds()
	out.Limits.MaxBase = s.cfg.MaxBase.Milliseconds()
	writeJSON(w, http.StatusOK, out)
}

// createJSON is a new game request. White and Black are "human" or
// "engine:N" (N an index into the info's engines).
type createJSON struct {
	Variant  string `json:"variant"`
	FEN      string `json:"fen"`
	White    string `json:"white"`
	Black    string `json:"black"`
	BaseMS   int64  `json:"base"`     // clock per side; 0 = untimed
	IncMS    int64  `json:"inc"`      // increment per move
	MoveTime int64  `json:"moveTime"` // engine time per move when untimed
	Seed     uint64 `json:"seed"`     // the dice; 0 = random
	// WhiteElo and BlackElo are an engine seat's strength level (UCI_Elo);
	// 0 is full strength.
	WhiteElo int `json:"whiteElo"`
	BlackElo int `json:"blackElo"`
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	var req createJSON
	if !s.readJSON(w, r, &req) {
		return
	}
	v, err := all.Get(req.Variant)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if len(req.FEN) > 512 {
		writeError(w, http.StatusBadRequest, errors.New("FEN too long"))
		return
	}
	var seats [2]seat
	elos := [2]int{req.WhiteElo, req.BlackElo}
	for c, who := range []string{req.White, req.Black} {
		st, err := s.seatFor(who, elos[c])
		if err != nil {
			writeError(w, http.StatusBadRequest, err)
			return
		}
		seats[c] = st
	}
	clk := clockSettings{
		Base: time.Duration(req.BaseMS) * time.Millisecond, Inc: time.Duration(req.IncMS) * time.Millisecond,
		MoveTime: time.Duration(req.MoveTime) * time.Millisecond,
	}
	switch {
	case clk.Base < 0 || clk.Inc < 0 || clk.MoveTime < 0:
		writeError(w, http.StatusBadRequest, errors.New("negative time"))
		return
	case clk.Base > s.cfg.MaxBase || clk.Inc > s.cfg.MaxBase:
		writeError(w, http.StatusBadRequest, fmt.Errorf("clock above the server's limit of %v", s.cfg.MaxBase))
		return
	case clk.MoveTime > s.cfg.MaxMoveTime:
		writeError(w, http.StatusBadRequest, fmt.Errorf("time per move above the server's limit of %v", s.cfg.MaxMoveTime))
		return
	}
	if !clk.timed() && clk.MoveTime == 0 {
		clk.MoveTime = time.Second
	}
	seed := req.Seed
	if seed == 0 {
		seed = randomSeed()
	}
	client := clientOf(r)
	g, err := newGame(s, newID(), client, v, strings.TrimSpace(req.FEN), seats, clk, seed)
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	if err := s.admit(g); err != nil {
		writeError(w, http.StatusServiceUnavailable, err)
		return
	}
	g.start()
	g.mu.Lock()
	snap := g.snapshot(client)
	g.mu.Unlock()
	writeJSON(w, http.StatusCreated, snap)
}

// seatFor reads "human" or "engine:N", with the engine's level elo.
func (s *Server) seatFor(who string, elo int) (seat, error) {
	switch {
	case (who == "human" || who == "") && elo != 0:
		return seat{}, errors.New("a person has no strength level")
	case who == "human" || who == "":
		return seat{Engine: -1}, nil
	case strings.HasPrefix(who, "engine:"):
		var n int
		if _, err := fmt.Sscanf(who, "engine:%d", &n); err != nil || n < 0 || n >= len(s.engines) || fmt.Sprintf("engine:%d", n) != who {
			return seat{}, fmt.Errorf("no engine %q (the server has %d, engine:0 to engine:%d)", who, len(s.engines), len(s.engines)-1)
		}
		switch {
		case elo != 0 && !s.engines[n].Levels:
			return seat{}, fmt.Errorf("engine %s plays at full strength only", s.engines[n].Name)
		case elo != 0 && (elo < engine.MinElo || elo > engine.MaxElo):
			return seat{}, fmt.Errorf("level %d: from %d to %d, or 0 for full strength", elo, engine.MinElo, engine.MaxElo)
		}
		return seat{Engine: n, Elo: elo}, nil
	}
	return seat{}, fmt.Errorf("a side is \"human\" or \"engine:N\", not %q", who)
}

// admit adds g, evicting the client's least recently used game when it
// holds too many; it refuses when the server is full.
func (s *Server) admit(g *game) error {
	s.mu.Lock()
	var mine []*game
	for _, o := range s.games {
		if o.owner == g.owner {
			mine = append(mine, o)
		}
	}
	var evict *game
	if len(mine) >= s.cfg.MaxGamesPerClient {
		sort.Slice(mine, func(i, j int) bool { return lastUsed(mine[i]).Before(lastUsed(mine[j])) })
		evict = mine[0]
		delete(s.games, evict.id)
	} else if len(s.games) >= s.cfg.MaxGames {
		s.mu.Unlock()
		return fmt.Errorf("the server holds %d games, its limit: try again later", s.cfg.MaxGames)
	}
	s.games[g.id] = g
	s.mu.Unlock()
	if evict != nil {
		evict.close()
	}
	return nil
}

func lastUsed(g *game) time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used
}

// lookup finds the game of the request and marks it used.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *game {
	s.mu.Lock()
	g := s.games[r.PathValue("id")]
	s.mu.Unlock()
	if g == nil {
		writeError(w, http.StatusNotFound, fmt.Errorf("no game %q (it may have ended long ago or been replaced)", r.PathValue("id")))
		return nil
	}
	g.mu.Lock()
	g.used = time.Now()
	g.mu.Unlock()
	return g
}

func (s *Server) get(w http.ResponseWriter, r *http.Request) {
	if g := s.lookup(w, r); g != nil {
		g.mu.Lock()
		snap := g.snapshot(clientOf(r))
		g.mu.Unlock()
		writeJSON(w, http.StatusOK, snap)
	}
}

func (s *Server) remove(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	if g.owner != clientOf(r) {
		writeError(w, http.StatusForbidden, errNotYours)
		return
	}
	s.mu.Lock()
	delete(s.games, g.id)
	s.mu.Unlock()
	g.close()
	w.WriteHeader(http.StatusNoContent)
}

// change runs fn on a game of the requesting client and answers with the
// new state, or with fn's refusal (the game unchanged).
func (s *Server) change(w http.ResponseWriter, r *http.Request, body any, fn func(g *game) error) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	if body != nil && !s.readJSON(w, r, body) {
		return
	}
	client := clientOf(r)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.owner != client {
		writeError(w, http.StatusForbidden, errNotYours)
		return
	}
	if err := fn(g); err != nil {
		status := http.StatusBadRequest
		var ref *errRefused
		if !errors.As(err, &ref) {
			status = http.StatusInternalServerError
		}
		writeError(w, status, err)
		return
	}
	writeJSON(w, http.StatusOK, g.snapshot(client))
}

type moveRequest struct {
	Move string `json:"move"`
}

func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	var req moveRequest
	s.change(w, r, &req, func(g *game) error {
		if len(req.Move) == 0 || len(req.Move) > 200 {
			return refuse("a move is 1 to 200 characters")
		}
		if st := g.status(); st.Over {
			return refuse("the game is over (%s)", st.Reason)
		}
		if side := g.pos.SideToMove(); !g.seats[side].human() {
			return refuse("it is the engine's turn (%s to move)", g.sideName(side))
		}
		return g.play(req.Move, nil)
	})
}

type dropsRequest struct {
	Drops []dropJSON `json:"drops"`
}

// drops judges a partial drop action without playing it.
func (s *Server) drops(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	var req dropsRequest
	if !s.readJSON(w, r, &req) {
		return
	}
	if len(req.Drops) > 64 {
		writeError(w, http.StatusBadRequest, errors.New("more placements than squares"))
		return
	}
	g.mu.Lock()
	plan, err := g.planDrops(req.Drops)
	g.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusBadRequest, err)
		return
	}
	writeJSON(w, http.StatusOK, plan)
}

func (s *Server) takeBack(w http.ResponseWriter, r *http.Request) {
	s.change(w, r, nil, func(g *game) error { return g.undo() })
}

func (s *Server) resign(w http.ResponseWriter, r *http.Request) {
	s.change(w, r, nil, func(g *game) error {
		if st := g.status(); st.Over {
			return refuse("the game is over (%s)", st.Reason)
		}
		side := g.pos.SideToMove()
		if !g.seats[side].human() {
			side = side.Other()
		}
		if !g.seats[side].human() {
			return refuse("no person plays this game")
		}
		g.lose(side, "resigns")
		return nil
	})
}

type analysisRequest struct {
	On    bool `json:"on"`
	Lines int  `json:"lines"` // MultiPV, 1..5
}

func (s *Server) setAnalysis(w http.ResponseWriter, r *http.Request) {
	var req analysisRequest
	s.change(w, r, &req, func(g *game) error {
		if req.Lines < 0 || req.Lines > maxAnalysisLines {
			return refuse("lines is 1 to %d", maxAnalysisLines)
		}
		g.analysis.on, g.analysis.lines = req.On, req.Lines
		g.analysis.restart(g)
		g.changed()
		return nil
	})
}

// events streams the game's state (server-sent events): one "state" event
// at once and one after every change.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	if !s.openStream(g) {
		writeError(w, http.StatusServiceUnavailable, errors.New("too many open event streams"))
		return
	}
	defer s.closeStream(g)
	client := clientOf(r)
	stream(w, r, s.stop, func() ([]byte, <-chan struct{}, bool) {
		g.mu.Lock()
		defer g.mu.Unlock()
		data, _ := json.Marshal(g.snapshot(client))
		return data, g.wake, g.closed
	})
}

// stream writes "state" events: next returns the current state, a channel
// closed on the next change, and whether this is the last event.
func stream(w http.ResponseWriter, r *http.Request, stop <-chan struct{}, next func() ([]byte, <-chan struct{}, bool)) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, errors.New("streaming unsupported"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	keepAlive := time.NewTicker(20 * time.Second)
	defer keepAlive.Stop()
	for {
		data, wake, last := next()
		if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", data); err != nil {
			return
		}
		flusher.Flush()
		if last {
			return
		}
	wait:
		select {
		case <-r.Context().Done():
			return
		case <-stop:
			return
		case <-keepAlive.C:
			if _, err := io.WriteString(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
			goto wait
		case <-wake:
			// Coalesce bursts (an analysis iteration right after a move).
			time.Sleep(30 * time.Millisecond)
		}
	}
}

func (s *Server) openStream(g *game) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.streams >= s.cfg.MaxStreams {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.streams >= s.cfg.MaxStreamsPerGame {
		return false
	}
	g.streams++
	s.streams++
	return true
}

func (s *Server) closeStream(g *game) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.streams--
	s.streams--
}

func (s *Server) pgn(w http.ResponseWriter, r *http.Request) {
	g := s.lookup(w, r)
	if g == nil {
		return
	}
	g.mu.Lock()
	text, err := g.pgn()
	g.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "varchess-"+g.variant.Name+".pgn"))
	io.WriteString(w, text)
}

// readJSON decodes a bounded JSON body; on failure it answers 400.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	r.Body = http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Errorf("request body above %d bytes", s.cfg.MaxBody))
			return false
		}
		writeError(w, http.StatusBadRequest, fmt.Errorf("bad request body: %v", err))
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// errorJSON is every error answer: {"error": "..."}.
type errorJSON struct {
	Error string `json:"error"`
}

func writeError(w http.ResponseWriter, status int, err error) {
	writeJSON(w, status, errorJSON{Error: err.Error()})
}

func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	var s uint64
	for _, x := range b {
		s = s<<8 | uint64(x)
	}
	return s | 1
}

// semaphore bounds the searches running at once (engines and analyses
// share the machine's cores).
type semaphore struct{ slots chan struct{} }

func newSemaphore(n int) *semaphore { return &semaphore{slots: make(chan struct{}, max(n, 1))} }

func (s *semaphore) acquire(ctx context.Context) error {
	select {
	case s.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *semaphore) release() { <-s.slots }
