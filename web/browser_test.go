package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"

	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"varchess/match"

	"github.com/chromedp/chromedp"
)

// The browser tests drive the real page in a headless Chromium (Debian's
// chromium package) by mouse. Without a browser `go test ./...` skips them
// with a message; with VARCHESS_BROWSER_TESTS=1 (as .ci/run sets it) a
// missing browser fails them. VARCHESS_SCREENSHOTS=DIR keeps the
// screenshots there (docs/img is made that way); otherwise they go to the
// test's temporary directory.

// findBrowser returns the Chromium to use, or skips or fails the test.
func findBrowser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("VARCHESS_BROWSER"), "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if name == "" {
			continue
		}
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("VARCHESS_BROWSER_TESTS") != "" {
		t.Fatal("VARCHESS_BROWSER_TESTS is set but no Chromium was found (apt-get install chromium)")
	}
	t.Skip("no Chromium found: browser tests skipped (apt-get install chromium, or set VARCHESS_BROWSER)")
	return ""
}

// browser is one headless Chromium showing the server's page.
type browser struct {
	t    *testing.T
	ctx  context.Context
	srv  *Server
	http *httptest.Server
	logs *lockedLog
}

// lockedLog collects the page's console for failure messages.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.WriteString(s + "\n")
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newBrowser(t *testing.T, cfg Config) *browser {
	t.Helper()
	path := findBrowser(t)
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	srv := New(cfg)
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close() })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1300, 1050),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	logs := &lockedLog{}
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			logs.add(m.String())
		}
	}()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1300, 1000)); err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, ctx: ctx, srv: srv, http: hs, logs: logs}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("browser console:\n%s", logs.String())
		}
		cancelC()
		cancelA()
	})
	return b
}

// run runs chromedp actions with a deadline.
func (b *browser) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v\nbrowser console:\n%s", what, err, b.logs.String())
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, what, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v\nbrowser console:\n%s", what, err, b.logs.String())
	}
	return v
}

// open loads the page at path and waits for its first game state.
func (b *browser) open(path string) gameJSON {
	b.t.Helper()
	b.run("open "+path, chromedp.Navigate(b.http.URL+path))
	return b.waitState("the first position", func(s gameJSON) bool { return s.ID != "" })
}

// state is the game state the page last received.
func (b *browser) state() (gameJSON, bool) {
	raw := eval[string](b, "read the state", `window.varchess && window.varchess.state ? JSON.stringify(window.varchess.state) : ""`)
	if raw == "" {
		return gameJSON{}, false
	}
	var s gameJSON
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		b.t.Fatalf("page state: %v", err)
	}
	return s, true
}

// waitState waits until the page's state satisfies ok.
func (b *browser) waitState(what string, ok func(gameJSON) bool) gameJSON {
	b.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		if s, have := b.state(); have && ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			s, _ := b.state()
			msg := eval[string](b, "message", `(document.getElementById('message')||{}).textContent||""`)
			b.t.Fatalf("waiting for %s: page state %s, message %q\nbrowser console:\n%s", what, s.FEN, msg, b.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// text is the text content of the element matching sel.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return eval[string](b, "read "+sel, fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel))
}

// point is the centre of square key on the screen.
func (b *browser) point(key string) (x, y float64) {
	b.t.Helper()
	r := eval[struct{ X, Y, W, H, Files, Ranks float64 }](b, "locate the board", `(() => { const r = document.querySelector('#board cg-board').getBoundingClientRect();
		const b = window.varchess.state.board; return {X: r.left, Y: r.top, W: r.width, H: r.height, Files: b.files, Ranks: b.ranks}; })()`)
	orient := eval[string](b, "orientation", `window.varchess.orientation`)
	f := float64(key[0] - 'a')
	var rank float64
	fmt.Sscanf(key[1:], "%g", &rank)
	rank--
	col, row := f, r.Ranks-1-rank
	if orient == "black" {
		col, row = r.Files-1-f, rank
	}
	return r.X + (col+0.5)*r.W/r.Files, r.Y + (row+0.5)*r.H/r.Ranks
}

// clickSquare clicks a square (click-click moves: once on the piece, once
// on the destination).
func (b *browser) clickSquare(key string) {
	b.t.Helper()
	x, y := b.point(key)
	b.run("click "+key, chromedp.MouseClickXY(x, y))
}

// drag drags the piece on from to to with the mouse.
func (b *browser) drag(from, to string) {
	b.t.Helper()
	x0, y0 := b.point(from)
	x1, y1 := b.point(to)
	b.dragXY(x0, y0, x1, y1)
}

func (b *browser) dragXY(x0, y0, x1, y1 float64) {
	b.t.Helper()
	b.run("drag", chromedp.DragAndDropXY(x0, y0, x1, y1, 8))
}

// dragFromPocket drags a reserve piece of the side to move onto key.
func (b *browser) dragFromPocket(letter byte, key string) {
	b.t.Helper()
	sel := fmt.Sprintf(`.pocket piece[data-role="%c-piece"][data-color="%s"]`, letter|0x20, map[bool]string{true: "white", false: "black"}[b.mustState().Turn == "w"])
	r := eval[struct{ X, Y float64 }](b, "locate the pocket piece", fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {X: r.left + r.width/2, Y: r.top + r.height/2}; })()`, sel))
	x1, y1 := b.point(key)
	b.dragXY(r.X, r.Y, x1, y1)
}

func (b *browser) mustState() gameJSON {
	b.t.Helper()
	s, ok := b.state()
	if !ok {
		b.t.Fatal("the page has no game state")
	}
	return s
}

// click clicks the element matching sel.
func (b *browser) click(sel string) {
	b.t.Helper()
	b.run("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// screenshot saves the page as name.png.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	dir := os.Getenv("VARCHESS_SCREENSHOTS")
	if dir == "" {
		dir = b.t.TempDir()
	}
	b.run("settle", chromedp.Sleep(300*time.Millisecond))
	png := eval0(b, "screenshot", chromedp.CaptureScreenshot())
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

func eval0[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// serverState is the server's own view of the game the page shows.
func (b *browser) serverState() gameJSON {
	b.t.Helper()
	id := b.mustState().ID
	b.srv.mu.Lock()
	g := b.srv.games[id]
	b.srv.mu.Unlock()
	if g == nil {
		b.t.Fatalf("the server has no game %s", id)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.snapshot("")
}

// checkBoard compares the pieces the page draws with the server's
// position: every square's top piece, type and colour. An engine may move
// meanwhile, so it compares once the page shows the server's version.
func (b *browser) checkBoard() {
	b.t.Helper()
	for try := 0; ; try++ {
		st := b.serverState()
		b.waitState("the server's version", func(s gameJSON) bool { return s.Version >= st.Version })
		time.Sleep(250 * time.Millisecond) // let the board finish its animation
		if page := b.mustState(); page.Version != st.Version && try < 20 {
			continue // the game moved on: compare again
		}
		b.compareBoard(st)
		return
	}
}

func (b *browser) compareBoard(st gameJSON) {
	b.t.Helper()
	want := map[string]string{}
	for _, s := range st.Board.Squares {
		p := s.Pieces[len(s.Pieces)-1]
		want[s.Square] = strings.ToLower(p.Type) + "-piece " + map[string]string{"w": "white", "b": "black"}[p.Color]
	}
	got := eval[map[string]string](b, "read the board", `(() => { const out = {};
		for (const p of document.querySelectorAll('#board cg-board piece')) {
			if (p.classList.contains('ghost') || p.classList.contains('fading') || !p.cgKey) continue;
			out[p.cgKey] = [...p.classList].filter(c => c.endsWith('-piece')).concat([...p.classList].filter(c => c === 'white' || c === 'black')).join(' ');
		}
		return out; })()`)
	for sq, w := range want {
		if got[sq] != w {
			b.t.Fatalf("square %s: the page draws %q, the server has %q (server FEN %s)", sq, got[sq], w, st.FEN)
		}
	}
	for sq, g := range got {
		if _, ok := want[sq]; !ok {
			b.t.Fatalf("square %s: the page draws %q on a square the server has empty (%s)", sq, g, st.FEN)
		}
	}
}

// newGameFromForm starts a game through the page's form.
func (b *browser) newGameFromForm(variant, white, black, fen string) gameJSON {
	b.t.Helper()
	old := b.mustState().ID
	b.run("fill the form",
		chromedp.SetValue(chromedp.CSS("#variant"), variant),
		chromedp.SetValue(chromedp.CSS("#white"), white),
		chromedp.SetValue(chromedp.CSS("#black"), black),
		chromedp.SetValue(chromedp.CSS("#fen"), fen),
		chromedp.Click(chromedp.CSS("#new-game")))
	return b.waitState("the new game", func(s gameJSON) bool { return s.ID != old && s.Variant == variant })
}

func lastPly(s gameJSON) string {
	if len(s.History) == 0 {
		return ""
	}
	return s.History[len(s.History)-1].Text
}

// TestBrowserChess: drag and click-click moves against the engine, which
// answers; a promotion chosen on the page; the board always matches the
// server's.
func TestBrowserChess(t *testing.T) {
	b := newBrowser(t, Config{})
	s := b.open("/?variant=chess&white=human&black=engine:0&movetime=0.05")
	if s.Variant != "chess" || s.Players[1].Kind != "engine" {
		t.Fatalf("opened %s with %+v", s.Variant, s.Players)
	}
	b.drag("e2", "e4")
	s = b.waitState("the engine's reply", func(s gameJSON) bool { return len(s.History) == 2 })
	if s.History[0].Text != "e2e4" {
		t.Fatalf("first ply %s", s.History[0].Text)
	}
	b.checkBoard()
	b.clickSquare("g1")
	b.clickSquare("f3")
	s = b.waitState("the second reply", func(s gameJSON) bool { return len(s.History) == 4 })
	if s.History[2].Text != "g1f3" {
		t.Fatalf("click-click played %s", s.History[2].Text)
	}
	b.checkBoard()
	// The analysis panel: three lines and the best move's arrow.
	b.run("three lines", chromedp.SetValue(chromedp.CSS("#analysis-lines"), "3"))
	b.click("#analysis-on")
	b.waitUntil("three lines of analysis", `document.querySelectorAll('#analysis-out .line').length === 3 && document.querySelectorAll('#board .cg-shapes path, #board .cg-shapes line').length > 0`)
	b.screenshot("chess")
	b.click("#analysis-on")
	b.waitUntil("the analysis off", `document.querySelectorAll('#analysis-out .line').length === 0`)
	// A promotion: the page asks which piece.
	s = b.newGameFromForm("chess", "human", "human", "4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1")
	b.drag("a7", "a8")
	b.waitVisible("#promo-box")
	b.click(`#promos button[data-move="a7a8n"]`)
	s = b.waitState("the promotion", func(s gameJSON) bool { return lastPly(s) == "a7a8n" })
	b.checkBoard()
	// Flip: Black's side down, and a move made on the flipped board.
	b.click("#flip")
	b.waitUntil("the flipped board", `window.varchess.orientation === 'black'`)
	b.drag("e8", "d7")
	b.waitState("e8d7", func(s gameJSON) bool { return lastPly(s) == "e8d7" })
	b.checkBoard()
	// PGN export.
	b.click("#pgn")
	b.waitUntil("the PGN", `document.getElementById('export').value.includes('[Variant "chess"]')`)
	if pgn := eval[string](b, "PGN", `document.getElementById('export').value`); !strings.Contains(pgn, `[FEN "4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1"]`) || !strings.Contains(pgn, "a8=N") {
		t.Errorf("PGN export:\n%s", pgn)
	}
	// Take back, twice to the start.
	b.click("#undo")
	b.waitState("one ply taken back", func(s gameJSON) bool { return len(s.History) == 1 })
	b.checkBoard()
}

func (b *browser) waitVisible(sel string) {
	b.t.Helper()
	b.run("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// TestBrowserMonochrome: a capture across the centre line turns the piece
// North's (black) on the page; the score and the forbidden return show.
func TestBrowserMonochrome(t *testing.T) {
	b := newBrowser(t, Config{})
	b.open("/?variant=monochrome&white=human&black=human")
	b.drag("e2", "e4")
	b.waitState("e2e4", func(s gameJSON) bool { return lastPly(s) == "e2e4" })
	b.drag("d7", "d5")
	b.waitState("d7d5", func(s gameJSON) bool { return lastPly(s) == "d7d5" })
	b.clickSquare("e4")
	b.clickSquare("d5")
	s := b.waitState("e4d5", func(s gameJSON) bool { return lastPly(s) == "e4d5" })
	if p := pieceOn(s.Board, "d5"); p.Color != "b" {
		t.Fatalf("d5 holds %+v after the crossing", p)
	}
	b.checkBoard() // the page draws the pawn on d5 black now
	if got := b.text("#scores"); !strings.Contains(got, "South 1") || !strings.Contains(got, "North 0") {
		t.Errorf("scores read %q", got)
	}
	if n := eval[int](b, "forbidden marks", `document.querySelectorAll('#overlay .forbidden').length`); n != 2 {
		t.Errorf("%d forbidden marks, want 2 (d5 and e4)", n)
	}
	if n := eval[int](b, "centre line", `document.querySelectorAll('#overlay .centre-line').length`); n != 1 {
		t.Errorf("%d centre lines", n)
	}
	b.screenshot("monochrome")
}

// TestBrowserRussian: the player picks how many checkers of a stack move
// before the destination, the stack inspector lists every checker, the
// die face shows, and a forced pass is announced and played by a click.
func TestBrowserRussian(t *testing.T) {
	b := newBrowser(t, Config{})
	// White's a2 holds a pawn with a knight on top; White has rolled K.
	fen := "rnqk1r/pppp(pn)p/6/6/(PN)PPPPP/R1QKNR w K 0 1"
	b.open("/?variant=russian&white=human&black=human&fen=" + urlQuery(fen))
	if face := b.text("#die-face"); face != "K" {
		t.Fatalf("die shows %q", face)
	}
	b.clickSquare("a2")
	b.waitVisible("#count-box")
	if got := b.text("#stack-box"); !strings.Contains(got, "2 checkers") {
		t.Errorf("stack inspector reads %q", got)
	}
	if n := eval[int](b, "stack badges", `document.querySelectorAll('#overlay .stack-badge').length`); n != 2 {
		t.Errorf("%d stack badges, want 2", n)
	}
	b.screenshot("russian")
	b.click(`#counts button[data-count="1"]`)
	b.clickSquare("c3")
	s := b.waitState("the knight alone", func(s gameJSON) bool { return lastPly(s) == "a2c3/1" })
	if len(stackOn(s.Board, "a2")) != 1 || pieceOn(s.Board, "c3").Type != "N" {
		t.Fatalf("after a2c3/1: a2 %v, c3 %v", stackOn(s.Board, "a2"), stackOn(s.Board, "c3"))
	}
	b.checkBoard()
	// The analysis gives the expected value and the best ply of each face.
	b.click("#analysis-on")
	b.waitUntil("the faces", `document.querySelectorAll('#analysis-out tr').length >= 5 && document.querySelector('#analysis-out tr.rolled') !== null`)
	b.screenshot("russian-analysis")
	b.click("#analysis-on")
	// A roll of B: no bishop takes part, so White must pass.
	b.newGameFromForm("russian", "human", "engine:0", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w B 0 1")
	b.waitVisible("#pass")
	if got := b.text("#pass-text"); !strings.Contains(got, "passes") {
		t.Errorf("pass announcement %q", got)
	}
	b.click("#pass")
	s = b.waitState("the pass", func(s gameJSON) bool { return len(s.History) >= 1 })
	if !s.History[0].Pass || s.History[0].Roll != "B" {
		t.Fatalf("first ply %+v", s.History[0])
	}
	b.checkBoard()
}

// TestBrowserKingchess: a drop action of several pieces built by dragging
// from the reserve, explained while incomplete, played by confirming.
func TestBrowserKingchess(t *testing.T) {
	b := newBrowser(t, Config{})
	b.open("/?variant=kingchess&white=human&black=human")
	b.dragFromPocket('Q', "d1")
	b.waitUntil("the queen placed", `document.getElementById('drop-list').textContent.includes('Q@d1')`)
	if why := b.text("#drop-why"); !strings.Contains(why, "King") {
		t.Errorf("incomplete set explained as %q", why)
	}
	b.dragFromPocket('K', "e1")
	b.waitUntil("the king placed", `document.getElementById('drop-list').textContent.includes('K@e1')`)
	b.dragFromPocket('R', "h1")
	b.waitUntil("playable", `!document.getElementById('drop-play').disabled && document.getElementById('drop-list').textContent.includes('R@h1')`)
	b.screenshot("kingchess-building")
	b.click("#drop-play")
	s := b.waitState("the drop action", func(s gameJSON) bool { return lastPly(s) == "K@e1,Q@d1,R@h1" })
	b.checkBoard()
	if got := fact(s.Board, "White castling"); got != "O-O" {
		t.Errorf("castling %q", got)
	}
	b.dragFromPocket('K', "e8")
	b.waitUntil("black's king placed", `document.getElementById('drop-list').textContent.includes('K@e8')`)
	b.click("#drop-play")
	b.waitState("black's drop", func(s gameJSON) bool { return lastPly(s) == "K@e8" })
	b.checkBoard()
	b.screenshot("kingchess")
}

// TestBrowserKingchess1: a single drop is played at once, and the engine
// answers with its own.
func TestBrowserKingchess1(t *testing.T) {
	b := newBrowser(t, Config{})
	b.open("/?variant=kingchess1&white=human&black=engine:0&movetime=0.05")
	b.dragFromPocket('K', "e1")
	s := b.waitState("the engine's drop", func(s gameJSON) bool { return len(s.History) == 2 })
	if s.History[0].Text != "K@e1" || !strings.HasPrefix(s.History[1].Text, "K@") {
		t.Fatalf("plies %s %s", s.History[0].Text, s.History[1].Text)
	}
	b.dragFromPocket('Q', "d1")
	b.waitState("the second reply", func(s gameJSON) bool { return len(s.History) == 4 })
	b.checkBoard()
	b.screenshot("kingchess1")
}

// waitUntil waits for a JavaScript condition.
func (b *browser) waitUntil(what, cond string) {
	b.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !eval[bool](b, what, cond) {
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s\nbrowser console:\n%s", what, b.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func urlQuery(s string) string { return url.QueryEscape(s) }

// TestBrowserLive: the live page of a match shows every game with its
// board, players and moves.
func TestBrowserLive(t *testing.T) {
	b := newBrowser(t, Config{})
	b.srv.live = NewLive()
	code := match.MainWith(context.Background(), []string{"-variant", "russian", "-engine", "builtin:greedy", "-engine", "builtin:random", "-games", "2", "-maxplies", "60"},
		io.Discard, io.Discard, match.Hooks{Observer: b.srv.live})
	if code != 0 {
		t.Fatalf("match exit %d", code)
	}
	b.run("open the live page", chromedp.Navigate(b.http.URL+"/live"))
	b.waitUntil("two games", `document.querySelectorAll('.live-game').length === 2 && document.querySelectorAll('.live-game cg-board piece').length > 0`)
	if got := b.text(".live-game .title"); !strings.Contains(got, "greedy") || !strings.Contains(got, "russian") {
		t.Errorf("title %q", got)
	}
	b.screenshot("live")
}
