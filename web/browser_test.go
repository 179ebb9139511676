package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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
		chromedp.WindowSize(1300, 900),
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
			b.t.Fatalf("waiting for %s: page state %s\nbrowser console:\n%s", what, s.FEN, b.logs.String())
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
	actions := []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x0, y0),
		chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	}
	for i := 1; i <= 8; i++ {
		f := float64(i) / 8
		actions = append(actions, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	actions = append(actions, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	b.run("drag", actions...)
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

func TestBrowserDebug(t *testing.T) {
	b := newBrowser(t, Config{})
	s := b.open("/?variant=russian")
	t.Log(s.FEN)
	b.screenshot("debug")
	t.Log(b.logs.String())
}
