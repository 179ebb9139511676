package web

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"varchess/match"
	"varchess/variants"
	"varchess/variants/all"
)

// apiClient is one browser's view of the API: its own cookie (client id).
type apiClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func newTestServer(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	srv := New(cfg)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	return srv, hs
}

func newClient(t *testing.T, hs *httptest.Server) *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{t: t, base: hs.URL, hc: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// do sends a request (body as JSON unless it is a string) and returns the
// status and the body; hdr adds headers.
func (c *apiClient) do(method, path string, body any, hdr ...string) (int, []byte) {
	c.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
		if method != "GET" {
			rd = strings.NewReader("{}")
		}
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if method != "GET" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

func decode[T any](t *testing.T, data []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("decoding %q: %v", data, err)
	}
	return v
}

func (c *apiClient) create(req createJSON) gameJSON {
	c.t.Helper()
	status, data := c.do("POST", "/api/games", req)
	if status != http.StatusCreated {
		c.t.Fatalf("create %+v: %d %s", req, status, data)
	}
	return decode[gameJSON](c.t, data)
}

func (c *apiClient) get(id string) gameJSON {
	c.t.Helper()
	status, data := c.do("GET", "/api/games/"+id, nil)
	if status != http.StatusOK {
		c.t.Fatalf("get %s: %d %s", id, status, data)
	}
	return decode[gameJSON](c.t, data)
}

// play makes a ply that must be accepted.
func (c *apiClient) play(id, move string) gameJSON {
	c.t.Helper()
	status, data := c.do("POST", "/api/games/"+id+"/move", moveRequest{Move: move})
	if status != http.StatusOK {
		c.t.Fatalf("move %s: %d %s", move, status, data)
	}
	return decode[gameJSON](c.t, data)
}

// refused sends a request that must be refused with status want and checks
// that the game id is unchanged afterwards.
func (c *apiClient) refused(id string, want int, method, path string, body any, hdr ...string) string {
	c.t.Helper()
	before := c.get(id)
	status, data := c.do(method, path, body, hdr...)
	if status != want {
		c.t.Fatalf("%s %s %v: status %d (%s), want %d", method, path, body, status, data, want)
	}
	msg := decode[errorJSON](c.t, data).Error
	if msg == "" {
		c.t.Fatalf("%s %s: no error message in %s", method, path, data)
	}
	after := c.get(id)
	if after.Version != before.Version || after.FEN != before.FEN || len(after.History) != len(before.History) {
		c.t.Fatalf("%s %s changed the game: %s (v%d) -> %s (v%d)", method, path, before.FEN, before.Version, after.FEN, after.Version)
	}
	return msg
}

// waitFor polls the game until ok holds.
func (c *apiClient) waitFor(id, what string, ok func(gameJSON) bool) gameJSON {
	c.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		s := c.get(id)
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("waiting for %s: %s after %d plies", what, s.FEN, len(s.History))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func people(variant string) createJSON {
	return createJSON{Variant: variant, White: "human", Black: "human", Seed: 7}
}

// TestChessGameToMate plays a whole game of chess through the API and
// checks the end, the history and the PGN.
func TestChessGameToMate(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(people("chess"))
	for _, m := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		g = c.play(g.ID, m)
	}
	if !g.Status.Over || g.Status.Result != "0-1" || !strings.Contains(g.Status.Reason, "checkmate") {
		t.Fatalf("status %+v", g.Status)
	}
	if len(g.Board.Check) != 1 || g.Board.Check[0] != "e1" {
		t.Errorf("check shown on %v, want e1", g.Board.Check)
	}
	if len(g.Moves) != 0 {
		t.Errorf("a finished game offers %d moves", len(g.Moves))
	}
	last := g.History[len(g.History)-1]
	if last.From != "d8" || last.To != "h4" || last.Text != "d8h4" {
		t.Errorf("last move %+v", last)
	}
	status, data := c.do("GET", "/api/games/"+g.ID+"/pgn", nil)
	pgn := string(data)
	for _, want := range []string{`[Variant "chess"]`, `[Result "0-1"]`, "1. f3 e5 2. g4 Qh4#", "{checkmate}"} {
		if status != http.StatusOK || !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
	c.refused(g.ID, http.StatusBadRequest, "POST", "/api/games/"+g.ID+"/move", moveRequest{Move: "e1f2"})
}

// TestMonochromeCrossingAndScore: a piece that crosses the centre line
// changes colour on the board, captures score, the undo ban is shown and
// refused, and the game ends decided on points.
func TestMonochromeCrossingAndScore(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(people("monochrome"))
	if g.Board.Half != 4 || !g.Board.OwnerByHalf || g.Sides != [2]string{"South", "North"} {
		t.Fatalf("board halves %+v, sides %v", g.Board, g.Sides)
	}
	g = c.play(g.ID, "e2e4")
	g = c.play(g.ID, "d7d5")
	// South's pawn takes on d5: it lands on North's half and becomes North's.
	g = c.play(g.ID, "e4d5")
	last := g.History[len(g.History)-1]
	if !last.Capture || !last.Recolours {
		t.Errorf("e4d5 described as %+v", last)
	}
	if p := pieceOn(g.Board, "d5"); p.Color != "b" || p.Type != "P" {
		t.Errorf("the pawn on d5 shows %+v, want North's (black)", p)
	}
	if g.Board.Scores[0] != 1 || g.Board.Scores[1] != 0 {
		t.Errorf("scores %v, want 1-0", g.Board.Scores)
	}
	// North may not move the piece straight back (M8): shown and refused.
	if len(g.Board.Forbidden) != 1 || g.Board.Forbidden[0].From != "d5" || g.Board.Forbidden[0].To != "e4" {
		t.Errorf("forbidden %+v", g.Board.Forbidden)
	}
	msg := c.refused(g.ID, http.StatusBadRequest, "POST", "/api/games/"+g.ID+"/move", moveRequest{Move: "d5e4"})
	if !strings.Contains(msg, "d5e4") {
		t.Errorf("refusal %q", msg)
	}
	// Play on (captures first) until the game is decided on points.
	rng := rand.New(rand.NewPCG(1, 2))
	g = playOut(t, c, g, rng, 3000)
	if !g.Status.Over || !strings.Contains(g.Status.Reason, fmt.Sprintf("%d", max(g.Board.Scores[0], g.Board.Scores[1]))) {
		t.Fatalf("end %+v with scores %v", g.Status, g.Board.Scores)
	}
	t.Logf("monochrome ended after %d plies: %s", len(g.History), g.Status.Reason)
	want := "1/2-1/2"
	if g.Board.Scores[0] > g.Board.Scores[1] {
		want = "1-0"
	} else if g.Board.Scores[1] > g.Board.Scores[0] {
		want = "0-1"
	}
	if g.Status.Result != want {
		t.Errorf("result %s with scores %v", g.Status.Result, g.Board.Scores)
	}
}

func pieceOn(b boardJSON, sq string) pieceJSON {
	for _, s := range b.Squares {
		if s.Square == sq {
			return s.Pieces[len(s.Pieces)-1]
		}
	}
	return pieceJSON{}
}

// playOut plays plies offered by the server (captures first) until the
// game ends, checking every answer against the rules.
func playOut(t *testing.T, c *apiClient, g gameJSON, rng *rand.Rand, limit int) gameJSON {
	t.Helper()
	for i := 0; i < limit && !g.Status.Over; i++ {
		if len(g.Moves) == 0 {
			t.Fatalf("%s: no move offered in an unfinished game", g.FEN)
		}
		var caps []moveJSON
		for _, m := range g.Moves {
			if m.Capture {
				caps = append(caps, m)
			}
		}
		pick := g.Moves
		if len(caps) > 0 && rng.IntN(4) > 0 {
			pick = caps
		}
		g = c.play(g.ID, pick[rng.IntN(len(pick))].Text)
	}
	if !g.Status.Over {
		t.Fatalf("no end after %d plies: %s", limit, g.FEN)
	}
	return g
}

// TestRussianRollsAndPass: the server rolls before every ply, a forced
// pass is announced and played, stacks show every checker, partial-stack
// moves leave the rest, and the PGN carries the rolls.
func TestRussianRollsAndPass(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	// White has rolled a bishop, which takes no part: the only ply is a pass.
	req := people("russian")
	req.FEN = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w B 0 1"
	g := c.create(req)
	if g.Board.Roll != "B" || !g.ForcedPass || len(g.Moves) != 1 || !g.Moves[0].Pass || !strings.Contains(g.Note, "passes") {
		t.Fatalf("roll %q forced %v moves %+v note %q", g.Board.Roll, g.ForcedPass, g.Moves, g.Note)
	}
	c.refused(g.ID, http.StatusBadRequest, "POST", "/api/games/"+g.ID+"/move", moveRequest{Move: "a2a3"})
	g = c.play(g.ID, "0000")
	if g.History[0].Roll != "B" || !g.History[0].Pass || g.Turn != "b" || g.Board.Roll == "" {
		t.Fatalf("after the pass: %+v, turn %s, roll %q", g.History[0], g.Turn, g.Board.Roll)
	}
	// Play the game out; check stacks and partial moves on the way.
	rng := rand.New(rand.NewPCG(3, 4))
	passes, partials, tall := 0, 0, 0
	for i := 0; i < 4000 && !g.Status.Over; i++ {
		if g.Board.Roll == "" {
			t.Fatalf("%s: no roll for the side to move", g.FEN)
		}
		for _, s := range g.Board.Squares {
			if len(s.Pieces) > 1 {
				tall++
			}
		}
		var m moveJSON
		var partial []moveJSON
		for _, x := range g.Moves {
			if x.From != "" && !x.Whole {
				partial = append(partial, x)
			}
		}
		switch {
		case g.ForcedPass:
			m = g.Moves[0]
			passes++
		case len(partial) > 0 && rng.IntN(3) == 0:
			m = partial[rng.IntN(len(partial))]
		default:
			m = g.Moves[rng.IntN(len(g.Moves))]
		}
		before := len(stackOn(g.Board, m.From))
		g = c.play(g.ID, m.Text)
		if m.From != "" && !m.Whole {
			partials++
			if left := len(stackOn(g.Board, m.From)); left != before-m.Count {
				t.Fatalf("%s left %d of %d checkers", m.Text, left, before)
			}
		}
	}
	if !g.Status.Over || passes == 0 || partials == 0 || tall == 0 {
		t.Fatalf("over %v (%s), %d passes, %d partial moves, %d tall stacks seen", g.Status.Over, g.Status.Reason, passes, partials, tall)
	}
	t.Logf("russian ended after %d plies (%d passes, %d partial moves): %s", len(g.History), passes, partials, g.Status.Reason)
	_, data := c.do("GET", "/api/games/"+g.ID+"/pgn", nil)
	pgn := string(data)
	for _, want := range []string{`[Variant "russian"]`, `[FEN "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w B 0 1"]`, "1. {roll B} 0000"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("PGN lacks %q:\n%s", want, pgn)
		}
	}
}

func stackOn(b boardJSON, sq string) []pieceJSON {
	for _, s := range b.Squares {
		if s.Square == sq {
			return s.Pieces
		}
	}
	return nil
}

// TestKingchessMultiDrop builds drop actions piece by piece through the
// drop planner, is told why an incomplete set is illegal, plays them, and
// plays the game to its end.
func TestKingchessMultiDrop(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(people("kingchess"))
	if !g.Board.MultiDrop || g.Board.HandTypes != "KQRBNP" || g.Board.Hands[0][5] != 8 {
		t.Fatalf("board %+v", g.Board)
	}
	plan := func(drops ...dropJSON) planJSON {
		status, data := c.do("POST", "/api/games/"+g.ID+"/drops", dropsRequest{Drops: drops})
		if status != http.StatusOK {
			t.Fatalf("plan %v: %d %s", drops, status, data)
		}
		return decode[planJSON](t, data)
	}
	p := plan(dropJSON{"Q", "d1"})
	if !p.Valid || p.Move != "" || !strings.Contains(p.Error, "King") {
		t.Errorf("queen without the King: %+v", p)
	}
	p = plan(dropJSON{"Q", "d1"}, dropJSON{"K", "e1"}, dropJSON{"R", "a1"})
	if !p.Valid || p.Move != "K@e1,Q@d1,R@a1" {
		t.Fatalf("K Q R: %+v", p)
	}
	if bad := plan(dropJSON{"P", "a1"}); bad.Valid || !strings.Contains(bad.Error, "first rank") {
		t.Errorf("pawn on a1: %+v", bad)
	}
	g = c.play(g.ID, p.Move)
	if fact(g.Board, "White castling") != "O-O-O" {
		t.Errorf("castling fact %q, facts %+v", fact(g.Board, "White castling"), g.Board.Facts)
	}
	if g.Board.Hands[0][0] != 0 || g.Board.Hands[0][1] != 0 || g.Board.Hands[0][2] != 1 {
		t.Errorf("White's reserve %v after K Q R", g.Board.Hands[0])
	}
	// Black: a rook on e5 gives check after White's next drops are refused
	// unless they block.
	g = c.play(g.ID, "K@e8,R@e5")
	p = plan(dropJSON{"N", "b1"})
	if p.Move != "" || !strings.Contains(p.Error, "check") {
		t.Errorf("a drop that leaves the check: %+v", p)
	}
	p = plan(dropJSON{"N", "b1"}, dropJSON{"P", "e2"})
	if p.Move == "" {
		t.Fatalf("blocking with e2: %+v", p)
	}
	g = c.play(g.ID, p.Move)
	// Play out: multi-drops built from the planner's offers, or moves.
	rng := rand.New(rand.NewPCG(5, 6))
	multi := 0
	for i := 0; i < 3000 && !g.Status.Over; i++ {
		var placed []dropJSON
		move := ""
		if rng.IntN(3) == 0 {
			for k := 0; k < 3; k++ {
				pl := plan(placed...)
				if len(pl.Next) == 0 {
					break
				}
				placed = append(placed, pl.Next[rng.IntN(len(pl.Next))])
			}
			if pl := plan(placed...); pl.Move != "" && len(placed) > 1 {
				move = pl.Move
				multi++
			}
		}
		if move == "" {
			move = g.Moves[rng.IntN(len(g.Moves))].Text
		}
		g = c.play(g.ID, move)
	}
	if !g.Status.Over || multi == 0 {
		t.Fatalf("over %v (%s), %d multi-drops", g.Status.Over, g.Status.Reason, multi)
	}
	t.Logf("kingchess ended after %d plies (%d multi-drops): %s", len(g.History), multi, g.Status.Reason)
}

func fact(b boardJSON, name string) string {
	for _, f := range b.Facts {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// TestKingchess1AgainstEngine: a person drops singly against the engine,
// which answers at once; the game runs to its end.
func TestKingchess1AgainstEngine(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "kingchess1", White: "human", Black: "engine:0", MoveTime: 20})
	if g.Board.MultiDrop {
		t.Fatal("kingchess1 offers multi-drops")
	}
	if status, _ := c.do("POST", "/api/games/"+g.ID+"/drops", dropsRequest{Drops: []dropJSON{{"K", "e1"}}}); status != http.StatusOK {
		t.Fatalf("the planner of kingchess1: %d", status)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 1500 && !g.Status.Over; i++ {
		g = c.waitFor(g.ID, "the engine's reply", func(s gameJSON) bool { return s.Status.Over || len(s.Moves) > 0 })
		if g.Status.Over {
			break
		}
		if len(g.History) > 0 && g.History[len(g.History)-1].Side != "b" {
			t.Fatalf("the person moves twice in a row")
		}
		for _, m := range g.Moves {
			if len(m.Drops) > 1 {
				t.Fatalf("kingchess1 offers %s", m.Text)
			}
		}
		g = c.play(g.ID, g.Moves[rng.IntN(len(g.Moves))].Text)
	}
	g = c.waitFor(g.ID, "the end", func(s gameJSON) bool { return s.Status.Over })
	t.Logf("kingchess1 ended after %d plies: %s", len(g.History), g.Status.Reason)
	if g.Players[1].Kind != "engine" || g.Players[1].Last == nil {
		t.Errorf("the engine's seat %+v", g.Players[1])
	}
}

// TestEngineAgainstEngine: a game between two engine seats is played by
// the server alone and ends; a person's requests are refused meanwhile.
func TestEngineAgainstEngine(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "russian", White: "engine:0", Black: "engine:0", MoveTime: 5, Seed: 3})
	c.waitFor(g.ID, "a few plies", func(s gameJSON) bool { return len(s.History) >= 2 || s.Status.Over })
	if status, data := c.do("POST", "/api/games/"+g.ID+"/move", moveRequest{Move: "0000"}); status != http.StatusBadRequest {
		t.Errorf("a move in an engine game: %d %s", status, data)
	}
	if status, _ := c.do("POST", "/api/games/"+g.ID+"/undo", nil); status != http.StatusBadRequest {
		t.Errorf("take-back in an engine game: %d", status)
	}
	g = c.waitFor(g.ID, "the end", func(s gameJSON) bool { return s.Status.Over })
	t.Logf("engine against engine: %d plies, %s", len(g.History), g.Status.Reason)
	for i, h := range g.History {
		if h.Roll == "" {
			t.Fatalf("ply %d %s without a roll", i+1, h.Text)
		}
	}
}

// TestTakeBack: against the engine, a take-back returns to the person's
// last turn with the same roll (the die is not rolled again).
func TestTakeBack(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "russian", White: "human", Black: "engine:0", MoveTime: 10, Seed: 11})
	roll, fen := g.Board.Roll, g.FEN
	g = c.play(g.ID, g.Moves[0].Text)
	g = c.waitFor(g.ID, "the engine's reply", func(s gameJSON) bool { return len(s.History) == 2 })
	status, data := c.do("POST", "/api/games/"+g.ID+"/undo", nil)
	if status != http.StatusOK {
		t.Fatalf("undo: %d %s", status, data)
	}
	g = decode[gameJSON](t, data)
	if len(g.History) != 0 || g.FEN != fen || g.Board.Roll != roll {
		t.Fatalf("after take-back: %s roll %s, want %s roll %s", g.FEN, g.Board.Roll, fen, roll)
	}
	c.refused(g.ID, http.StatusBadRequest, "POST", "/api/games/"+g.ID+"/undo", nil)
}

// TestBadRequestsChangeNothing sends every kind of bad request and checks
// that each gets a clear error and leaves the game as it was.
func TestBadRequestsChangeNothing(t *testing.T) {
	_, hs := newTestServer(t, Config{MaxBody: 1024})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "chess", White: "human", Black: "engine:0", MoveTime: 10})
	id, path := g.ID, "/api/games/"+g.ID
	cases := []struct {
		status       int
		method, path string
		body         any
		hdr          []string
		want         string
	}{
		{400, "POST", path + "/move", moveRequest{Move: "e2e5"}, nil, "illegal"},
		{400, "POST", path + "/move", moveRequest{Move: "zz"}, nil, "illegal"},
		{400, "POST", path + "/move", moveRequest{Move: ""}, nil, "1 to 200"},
		{400, "POST", path + "/move", `{"move": 5}`, nil, "bad request"},
		{400, "POST", path + "/move", `{"move": "e2e4", "extra": 1}`, nil, "unknown field"},
		{400, "POST", path + "/move", `not json`, nil, "bad request"},
		{413, "POST", path + "/move", `{"move": "` + strings.Repeat("a", 2000) + `"}`, nil, "above"},
		{403, "POST", path + "/move", moveRequest{Move: "e2e4"}, []string{"Content-Type", "text/plain"}, "application/json"},
		{400, "POST", path + "/drops", dropsRequest{Drops: []dropJSON{{"Q", "d1"}}}, nil, "no drop actions"},
		{400, "POST", path + "/analysis", `{"on": true, "lines": 99}`, nil, "lines"},
		{400, "POST", path + "/undo", nil, nil, "no move"},
		{404, "POST", "/api/games/nosuchgame/move", moveRequest{Move: "e2e4"}, nil, "no game"},
	}
	for _, tc := range cases {
		msg := c.refused(id, tc.status, tc.method, tc.path, tc.body, tc.hdr...)
		if !strings.Contains(msg, tc.want) {
			t.Errorf("%s %v: error %q lacks %q", tc.path, tc.body, msg, tc.want)
		}
	}
	// Another client may watch but not play.
	other := newClient(t, hs)
	if s := other.get(id); s.Yours || len(s.Moves) != 0 {
		t.Errorf("another client sees yours=%v and %d moves", s.Yours, len(s.Moves))
	}
	other.refused(id, http.StatusForbidden, "POST", path+"/move", moveRequest{Move: "e2e4"})
	other.refused(id, http.StatusForbidden, "DELETE", path, nil)
	// A move while the engine thinks is refused. The engine gets a long
	// time per move here so that it is still thinking when the second move
	// arrives (with 10 ms it could answer in between on a busy machine);
	// deleting the game stops it.
	slow := c.create(createJSON{Variant: "chess", White: "human", Black: "engine:0", MoveTime: 30000})
	slowPath := "/api/games/" + slow.ID
	if s := c.play(slow.ID, "e2e4"); !s.Thinking {
		t.Errorf("the engine is not thinking after the human's move")
	}
	if status, data := c.do("POST", slowPath+"/move", moveRequest{Move: "d2d4"}); status != http.StatusBadRequest || !strings.Contains(string(data), "engine") {
		t.Errorf("move during the engine's turn: %d %s", status, data)
	}
	if status, data := c.do("DELETE", slowPath, nil); status != http.StatusOK && status != http.StatusNoContent {
		t.Errorf("delete the slow game: %d %s", status, data)
	}
	// Bad new games.
	for _, req := range []createJSON{
		{Variant: "xiangqi"},
		{Variant: "chess", FEN: "not a fen"},
		{Variant: "chess", White: "engine:7"},
		{Variant: "chess", White: "cmd=/bin/sh"},
		{Variant: "chess", BaseMS: -1},
		{Variant: "chess", MoveTime: int64(time.Hour / time.Millisecond)},
		{Variant: "chess", FEN: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, // stalemate: nothing to play
		{Variant: "chess", White: "human", WhiteElo: 1500},
		{Variant: "chess", White: "engine:0", WhiteElo: 50},
	} {
		if status, data := c.do("POST", "/api/games", req); status != http.StatusBadRequest || decode[errorJSON](t, data).Error == "" {
			t.Errorf("create %+v: %d %s", req, status, data)
		}
	}
}

// TestCrossOriginRefused: requests a browser marks as coming from another
// site, or naming another host, are refused and change nothing.
func TestCrossOriginRefused(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(people("chess"))
	path := "/api/games/" + g.ID
	for _, hdr := range [][]string{
		{"Origin", "http://evil.example"},
		{"Origin", "null"},
		{"Sec-Fetch-Site", "cross-site"},
		{"Host", "evil.example:80"},
	} {
		c.refused(g.ID, http.StatusForbidden, "POST", path+"/move", moveRequest{Move: "e2e4"}, hdr...)
		if status, _ := c.do("GET", path+"/events", nil, hdr...); status != http.StatusForbidden {
			t.Errorf("events with %v: %d", hdr, status)
		}
		if status, _ := c.do("POST", "/api/games", people("chess"), hdr...); status != http.StatusForbidden {
			t.Errorf("create with %v: %d", hdr, status)
		}
	}
	// The same origin is fine.
	if status, data := c.do("POST", path+"/move", moveRequest{Move: "e2e4"}, "Origin", hs.URL, "Sec-Fetch-Site", "same-origin"); status != http.StatusOK {
		t.Errorf("same origin: %d %s", status, data)
	}
}

// TestTwoGamesAtOnce plays two games of two clients at the same time;
// neither sees the other's moves.
func TestTwoGamesAtOnce(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	var wg sync.WaitGroup
	results := make([]gameJSON, 2)
	for i, v := range []string{"chess", "russian"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newClient(t, hs)
			g := c.create(people(v))
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			for k := 0; k < 40 && !g.Status.Over; k++ {
				g = c.play(g.ID, g.Moves[rng.IntN(len(g.Moves))].Text)
			}
			results[i] = g
		}()
	}
	wg.Wait()
	for i, v := range []string{"chess", "russian"} {
		g := results[i]
		if g.Variant != v {
			t.Fatalf("game %d is %s", i, g.Variant)
		}
		pos, err := mustGame(t, v).Load(g.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range g.History {
			if r, ok := pos.(variants.Roller); ok && h.Roll != "" {
				r.SetRoll(h.Roll[0])
			}
			m, err := pos.ParseMove(h.Text)
			if err != nil {
				t.Fatalf("%s: history %s illegal: %v", v, h.Text, err)
			}
			pos.Make(m)
		}
		if got, want := strings.Fields(pos.FEN())[0], strings.Fields(g.FEN)[0]; got != want {
			t.Errorf("%s: replayed %s, server has %s", v, got, want)
		}
	}
}

func mustGame(t *testing.T, name string) *variants.Game {
	g, err := all.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestEventsStream: the event stream sends the state at once and again
// after a move.
func TestEventsStream(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	g := c.create(people("chess"))
	req, _ := http.NewRequest("GET", hs.URL+"/api/games/"+g.ID+"/events", nil)
	resp, err := c.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := make(chan gameJSON, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				events <- decode[gameJSON](t, []byte(data))
			}
		}
		close(events)
	}()
	first := <-events
	if first.Version != g.Version {
		t.Fatalf("first event version %d, want %d", first.Version, g.Version)
	}
	c.play(g.ID, "e2e4")
	for e := range events {
		if len(e.History) == 1 && e.History[0].Text == "e2e4" {
			return
		}
	}
	t.Fatal("the stream ended without the move")
}

// TestLimits: a client over its bound loses its oldest game; the server
// refuses games beyond its total.
func TestLimits(t *testing.T) {
	_, hs := newTestServer(t, Config{MaxGames: 3, MaxGamesPerClient: 2})
	a, b := newClient(t, hs), newClient(t, hs)
	first := a.create(people("chess"))
	a.create(people("chess"))
	a.create(people("chess")) // drops the first
	if status, _ := a.do("GET", "/api/games/"+first.ID, nil); status != http.StatusNotFound {
		t.Errorf("the oldest game is still there: %d", status)
	}
	b.create(people("chess"))
	if status, data := b.do("POST", "/api/games", people("chess")); status != http.StatusServiceUnavailable {
		t.Errorf("over the total: %d %s", status, data)
	}
}

// TestStrengthLevel: an engine seat plays at the level asked for, and the
// page is told which engines have levels.
func TestStrengthLevel(t *testing.T) {
	_, hs := newTestServer(t, Config{})
	c := newClient(t, hs)
	_, data := c.do("GET", "/api/info", nil)
	info := decode[infoJSON](t, data)
	if len(info.Levels) != 1 || !info.Levels[0] || info.MinElo <= 0 || info.MaxElo <= info.MinElo {
		t.Fatalf("levels %v %d..%d", info.Levels, info.MinElo, info.MaxElo)
	}
	g := c.create(createJSON{Variant: "chess", White: "human", Black: "engine:0", BlackElo: info.MinElo, MoveTime: 20})
	if g.Players[1].Elo != info.MinElo {
		t.Fatalf("black %+v", g.Players[1])
	}
	g = c.play(g.ID, "e2e4")
	c.waitFor(g.ID, "the weakened engine's reply", func(s gameJSON) bool { return len(s.History) == 2 })
}

// TestInfoNamesNoCommand: the page learns engines by name and index only.
func TestInfoNamesNoCommand(t *testing.T) {
	spec := EngineChoice{Name: "other", New: BuiltinEngine().New}
	_, hs := newTestServer(t, Config{Engines: []EngineChoice{BuiltinEngine(), spec}})
	c := newClient(t, hs)
	_, data := c.do("GET", "/api/info", nil)
	info := decode[infoJSON](t, data)
	if len(info.Engines) != 2 || info.Engines[1] != "other" || len(info.Variants) != len(all.Names) {
		t.Fatalf("info %+v", info)
	}
}

// TestAnalysis: the analysis panel gets several lines (MultiPV) in chess,
// and in russian the expected value and the best ply of each face; it
// stops when switched off.
func TestAnalysis(t *testing.T) {
	_, hs := newTestServer(t, Config{AnalysisTime: 3 * time.Second})
	c := newClient(t, hs)
	g := c.create(people("chess"))
	status, data := c.do("POST", "/api/games/"+g.ID+"/analysis", analysisRequest{On: true, Lines: 3})
	if status != http.StatusOK {
		t.Fatalf("analysis on: %d %s", status, data)
	}
	g = c.waitFor(g.ID, "three lines", func(s gameJSON) bool { return len(s.Analysis.Lines) == 3 && s.Analysis.Lines[2].Depth >= 2 })
	for i, l := range g.Analysis.Lines {
		if l.Rank != i+1 || len(l.PV) == 0 || l.Best.From == "" || l.PV[0] != l.Best.Text {
			t.Errorf("line %d: %+v", i+1, l)
		}
	}
	if g.Analysis.Lines[0].PV[0] == g.Analysis.Lines[1].PV[0] {
		t.Errorf("two lines start with %s", g.Analysis.Lines[0].PV[0])
	}
	c.do("POST", "/api/games/"+g.ID+"/analysis", analysisRequest{On: false})
	g = c.waitFor(g.ID, "analysis off", func(s gameJSON) bool { return !s.Analysis.On && !s.Analysis.Running })

	r := c.create(people("russian"))
	c.do("POST", "/api/games/"+r.ID+"/analysis", analysisRequest{On: true, Lines: 1})
	r = c.waitFor(r.ID, "the faces", func(s gameJSON) bool { return len(s.Analysis.Faces) >= 4 && len(s.Analysis.Lines) > 0 })
	for _, f := range r.Analysis.Faces {
		if len(f.Face) != 1 || !strings.Contains(variants.DieFaces, f.Face) {
			t.Errorf("face %+v", f)
		}
		if f.Face == "B" && len(f.Line.PV) != 0 {
			t.Errorf("face B (no bishop) has a move: %+v", f.Line)
		}
	}
	// A move restarts the analysis for the new position.
	r = c.play(r.ID, r.Moves[0].Text)
	if r.Analysis.Running && len(r.Analysis.Faces) != 0 {
		t.Errorf("the old position's faces survive the move: %+v", r.Analysis.Faces)
	}
}

// TestClockFlag: a person whose clock runs out loses on time, and the
// PGN says so.
func TestClockFlag(t *testing.T) {
	_, hs := newTestServer(t, Config{FlagMargin: time.Millisecond})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "chess", White: "human", Black: "human", BaseMS: 300, IncMS: 0})
	if !g.Clock.Timed || g.Clock.Running != "w" || g.Clock.Left[0] > 300 {
		t.Fatalf("clock %+v", g.Clock)
	}
	g = c.waitFor(g.ID, "the flag", func(s gameJSON) bool { return s.Status.Over })
	if g.Status.Result != "0-1" || !strings.Contains(g.Status.Reason, "White loses on time") || g.Clock.Left[0] != 0 {
		t.Fatalf("status %+v clock %+v", g.Status, g.Clock)
	}
	_, data := c.do("GET", "/api/games/"+g.ID+"/pgn", nil)
	if !strings.Contains(string(data), `[Termination "time forfeit"]`) || !strings.Contains(string(data), `[TimeControl "0.3+0"]`) {
		t.Errorf("PGN:\n%s", data)
	}
}

// TestMatchEngineSeat: an engine given as a match spec (here the arbiter's
// built-in greedy player) takes a seat and answers.
func TestMatchEngineSeat(t *testing.T) {
	spec, err := match.ParseEngineSpec("builtin:greedy")
	if err != nil {
		t.Fatal(err)
	}
	_, hs := newTestServer(t, Config{Engines: []EngineChoice{BuiltinEngine(), MatchEngine(spec)}})
	c := newClient(t, hs)
	g := c.create(createJSON{Variant: "monochrome", White: "human", Black: "engine:1", MoveTime: 50})
	for i := 0; i < 5 && !g.Status.Over; i++ {
		g = c.play(g.ID, g.Moves[0].Text)
		g = c.waitFor(g.ID, "greedy's reply", func(s gameJSON) bool { return s.Status.Over || s.Turn == "w" })
	}
	if len(g.History) < 2 || g.Players[1].Name != spec.Name {
		t.Fatalf("history %d plies, black %+v", len(g.History), g.Players[1])
	}
}
