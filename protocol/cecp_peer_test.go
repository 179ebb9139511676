package protocol

// A test driver for CECP engines: it talks to the built varchess binary (or
// to an in-process session, for the race detector) over pipes, line by
// line, the way XBoard does.

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// buildBinary builds varchess into a directory of t (removed with it).
// VARCHESS_TEST_BIN=/path/to/varchess runs the binary tests against that
// build instead (to check that a test fails on an older commit).
func buildBinary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv("VARCHESS_TEST_BIN"); bin != "" {
		return bin
	}
	bin := filepath.Join(t.TempDir(), "varchess")
	out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// cecpPeer is one engine under test.
type cecpPeer struct {
	t     testing.TB
	in    io.WriteCloser
	lines chan string // closed at EOF of the engine's output
	wait  func() error
	ping  int
	log   []string // everything seen, for failure messages
}

// startBinary runs the built engine bin.
func startBinary(t testing.TB, bin string) *cecpPeer {
	t.Helper()
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := newPeer(t, in, out, cmd.Wait)
	t.Cleanup(func() {
		_ = in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	return p
}

// startInProcess runs Run (and so runCECP) in this process over pipes.
func startInProcess(t testing.TB) *cecpPeer {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errc := make(chan error, 1)
	go func() {
		err := Run(inR, outW)
		_ = outW.Close()
		errc <- err
	}()
	p := newPeer(t, inW, outR, func() error { return <-errc })
	t.Cleanup(func() { _ = inW.Close() })
	return p
}

func newPeer(t testing.TB, in io.WriteCloser, out io.Reader, wait func() error) *cecpPeer {
	p := &cecpPeer{t: t, in: in, lines: make(chan string, 1024), wait: wait}
	go func() {
		defer close(p.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
	}()
	return p
}

// send writes command lines.
func (p *cecpPeer) send(cmds ...string) {
	p.t.Helper()
	for _, c := range cmds {
		p.log = append(p.log, "> "+c)
		if _, err := io.WriteString(p.in, c+"\n"); err != nil {
			p.t.Fatalf("writing %q: %v", c, err)
		}
	}
}

// waitFor reads lines until one matches pattern and returns it with the
// lines before it; it fails the test after d.
func (p *cecpPeer) waitFor(pattern string, d time.Duration) (string, []string) {
	p.t.Helper()
	re := regexp.MustCompile(pattern)
	var before []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("engine closed its output while waiting for %q; session:\n%s", pattern, p.transcript())
			}
			p.log = append(p.log, "< "+l)
			if re.MatchString(l) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			p.t.Fatalf("no line matching %q within %v; session:\n%s", pattern, d, p.transcript())
		}
	}
}

// sync sends a ping and returns every line printed before the pong.
func (p *cecpPeer) sync() []string {
	p.t.Helper()
	p.ping++
	p.send(fmt.Sprintf("ping %d", p.ping))
	_, before := p.waitFor(fmt.Sprintf(`^pong %d$`, p.ping), 10*time.Second)
	return before
}

// handshake opens a protocol-2 session and answers the features.
func (p *cecpPeer) handshake(dice bool) []string {
	p.t.Helper()
	p.send("xboard", "protover 2")
	_, feats := p.waitFor(`^feature done=1$`, 5*time.Second)
	if dice {
		p.send("accepted dice")
	} else {
		p.send("rejected dice")
	}
	p.send("accepted ping", "accepted setboard", "accepted usermove")
	return feats
}

func (p *cecpPeer) transcript() string {
	start := 0
	if len(p.log) > 80 {
		start = len(p.log) - 80
	}
	return strings.Join(p.log[start:], "\n")
}

// expectOnly fails unless lines holds exactly one line matching pattern
// (and nothing else).
func (p *cecpPeer) expectOnly(lines []string, pattern string) {
	p.t.Helper()
	re := regexp.MustCompile(pattern)
	if len(lines) != 1 || !re.MatchString(lines[0]) {
		p.t.Fatalf("want exactly one line matching %q, got %q; session:\n%s", pattern, lines, p.transcript())
	}
}

// expectSilent fails if lines is not empty.
func (p *cecpPeer) expectSilent(lines []string) {
	p.t.Helper()
	if len(lines) != 0 {
		p.t.Fatalf("want no output, got %q; session:\n%s", lines, p.transcript())
	}
}

// refGame is the test's own copy of the game, kept with the rules packages,
// to check every move the engine makes.
type refGame struct {
	t     testing.TB
	game  *variants.Game
	start string
	plies []string // CECP text of each ply
	rolls []byte   // the mover's face for each ply (0 if none)
	pos   variants.Position
}

func newRefGame(t testing.TB, g *variants.Game, fen string) *refGame {
	t.Helper()
	r := &refGame{t: t, game: g, start: fen}
	r.reset(0)
	return r
}

// reset rebuilds the position from the first n plies.
func (r *refGame) reset(n int) {
	r.t.Helper()
	pos, err := r.game.Load(r.start)
	if err != nil {
		r.t.Fatal(err)
	}
	r.plies, r.rolls = r.plies[:n], r.rolls[:n]
	for i, text := range r.plies {
		if r.rolls[i] != 0 {
			if err := pos.(variants.Roller).SetRoll(r.rolls[i]); err != nil {
				r.t.Fatal(err)
			}
		}
		m, err := pos.ParseMove(fromCECPMove(text))
		if err != nil {
			r.t.Fatalf("replaying %q: %v", text, err)
		}
		pos.Make(m)
	}
	r.pos = pos
}

// setRoll sets the face of the side to move.
func (r *refGame) setRoll(face byte) {
	r.t.Helper()
	if err := r.pos.(variants.Roller).SetRoll(face); err != nil {
		r.t.Fatal(err)
	}
}

// play checks that text is legal and makes it.
func (r *refGame) play(text string) {
	r.t.Helper()
	var roll byte
	if rl, ok := r.pos.(variants.Roller); ok {
		roll = rl.Roll()
	}
	m, err := r.pos.ParseMove(fromCECPMove(text))
	if err != nil {
		r.t.Fatalf("engine move %q is illegal in %s: %v", text, r.pos.FEN(), err)
	}
	r.pos.Make(m)
	r.plies = append(r.plies, text)
	r.rolls = append(r.rolls, roll)
}

// registered returns the game or skips the test while it is not registered.
func registered(t testing.TB, name string) *variants.Game {
	t.Helper()
	g, err := all.Get(name)
	if err != nil {
		t.Skipf("variant %s is not registered yet", name)
	}
	return g
}

// engineMove waits for the engine's `move`, handling the die announcements:
// it returns the move text and the face the engine said it rolled (0 if
// none).
func (p *cecpPeer) engineMove(d time.Duration) (string, byte) {
	p.t.Helper()
	line, before := p.waitFor(`^move `, d)
	var face byte
	for _, l := range before {
		if f, ok := strings.CutPrefix(l, "telluser roll "); ok && len(f) == 1 {
			face = f[0]
		}
		if strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "Illegal") {
			p.t.Fatalf("unexpected %q before the move; session:\n%s", l, p.transcript())
		}
	}
	return strings.TrimPrefix(line, "move "), face
}
