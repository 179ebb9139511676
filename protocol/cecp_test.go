package protocol

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"varchess/engine"
	"varchess/variants"
	"varchess/variants/all"
)

// starter opens a fresh engine session for a test.
type starter func(t testing.TB) *cecpPeer

// The CECP sessions below run against the built binary, as XBoard would
// run it, and the core ones also in-process so that `go test -race` sees
// the loop and the search goroutine together.
func TestCECPBinary(t *testing.T) {
	bin := buildBinary(t)
	start := func(t testing.TB) *cecpPeer { return startBinary(t, bin) }
	t.Run("handshake", func(t *testing.T) { scenarioHandshake(t, start) })
	for _, v := range cecpVariantTable {
		t.Run("play/"+v.name, func(t *testing.T) { scenarioPlay(t, start, v) })
	}
	t.Run("chess-results", func(t *testing.T) { scenarioResults(t, start) })
	t.Run("clocks", func(t *testing.T) { scenarioClocks(t, start) })
	t.Run("analyze", func(t *testing.T) { scenarioAnalyze(t, start) })
	t.Run("dice", func(t *testing.T) { scenarioDice(t, start) })
	t.Run("drops", func(t *testing.T) { scenarioDrops(t, start) })
	t.Run("eof", func(t *testing.T) { scenarioEOF(t, start) })
	t.Run("xboard-moves", func(t *testing.T) { scenarioXBoardMoves(t, start) })
	t.Run("loop", func(t *testing.T) { scenarioCECPLoop(t, start) })
	t.Run("russian-pass", func(t *testing.T) { scenarioCECPRussianPass(t, start) })
	t.Run("memory", func(t *testing.T) { scenarioCECPMemory(t, start) })
	t.Run("setboard-empty", func(t *testing.T) { scenarioCECPSetboardEmpty(t, start) })
}

func TestCECPInProcess(t *testing.T) {
	start := func(t testing.TB) *cecpPeer { return startInProcess(t) }
	t.Run("handshake", func(t *testing.T) { scenarioHandshake(t, start) })
	t.Run("play/chess", func(t *testing.T) { scenarioPlay(t, start, cecpVariantTable[0]) })
	t.Run("clocks", func(t *testing.T) { scenarioClocks(t, start) })
	t.Run("dice", func(t *testing.T) { scenarioDice(t, start) })
	t.Run("eof", func(t *testing.T) { scenarioEOF(t, start) })
	t.Run("xboard-moves", func(t *testing.T) { scenarioXBoardMoves(t, start) })
	t.Run("loop", func(t *testing.T) { scenarioCECPLoop(t, start) })
	t.Run("russian-pass", func(t *testing.T) { scenarioCECPRussianPass(t, start) })
	t.Run("setboard-empty", func(t *testing.T) { scenarioCECPSetboardEmpty(t, start) })
}

// cecpVariantTable: each game, its CECP name and what its setup line must say.
var cecpVariantTable = []struct {
	name, xname string
	setup       string // regexp for the setup line; "" for none
}{
	{"chess", "normal", ""},
	{"monochrome", "monochrome", `^setup \(PNBRQ\.{16}Kpnbrq\.{16}k\) 8x8\+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1$`},
	{"russian", "russian", `^setup \(PN\.RQ\.{16}Kpn\.rq\.{16}k\) 6x6\+0_fairy rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1$`},
	{"kingchess", "kingchess", `^setup \(PNBRQ\.{16}Kpnbrq\.{16}k\) 8x8\+6_bughouse 8/8/8/8/8/8/8/8\[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp\] w - - 0 1$`},
	{"kingchess1", "kingchess1", `^setup \(PNBRQ\.{16}Kpnbrq\.{16}k\) 8x8\+6_bughouse 8/8/8/8/8/8/8/8\[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp\] w - - 0 1$`},
}

func scenarioHandshake(t *testing.T, start starter) {
	p := start(t)
	feats := strings.Join(p.handshake(false), " ")
	for _, want := range []string{"ping=1", "setboard=1", "usermove=1", "time=1",
		"sigint=0", "sigterm=0", "reuse=1", "analyze=1", "colors=0", "name=1",
		"memory=1", "smp=1", `myname="varchess"`,
		`variants="normal,fischerandom,monochrome,russian,kingchess,kingchess1"`, "dice=1",
		`option="Move Overhead -spin 10 0 5000"`} {
		if !strings.Contains(feats, want) {
			t.Errorf("features lack %s: %s", want, feats)
		}
	}
	p.send("foo bar")
	p.expectOnly(p.sync(), `^Error \(unknown command\): foo$`)
	p.send("new", "hard", "easy", "random", "computer", "name Tester", "post", "nopost",
		"memory 32", "cores 2", "option Move Overhead=50")
	p.expectSilent(p.sync())
	p.send("option Nonsense=3")
	p.expectOnly(p.sync(), `^Error \(unknown option\)`)
	p.send("memory lots")
	p.expectOnly(p.sync(), `^Error \(bad number\): memory lots$`)
	p.send("edit")
	p.expectOnly(p.sync(), `^Error \(command not supported\): edit$`)
	p.send("variant xiangqi")
	p.expectOnly(p.sync(), `^Error \(unsupported variant\): variant xiangqi$`)
	p.send("quit")
	waitExit(t, p)
}

// waitExit checks the engine ends cleanly soon.
func waitExit(t testing.TB, p *cecpPeer) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- p.wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("engine exited with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("engine did not exit within 5s")
	}
}

// scenarioPlay: variant announcement, the engine playing both sides, bad
// input answered with state unchanged, undo and remove.
func scenarioPlay(t *testing.T, start starter, v struct{ name, xname, setup string }) {
	g := registered(t, v.name)
	p := start(t)
	p.handshake(false)
	p.send("new", "variant "+v.xname, "sd 2", "force")
	out := p.sync()
	if v.setup == "" {
		p.expectSilent(out)
	} else {
		if len(out) < 2 || !regexp.MustCompile(v.setup).MatchString(out[0]) {
			t.Fatalf("want a setup line matching %q and piece lines, got %q", v.setup, out)
		}
		for _, l := range out[1:] {
			if !regexp.MustCompile(`^piece [PNBRQK]& [a-zA-Z0-9@]+$`).MatchString(l) {
				t.Errorf("bad piece line %q", l)
			}
		}
		// The FEN XBoard gets back must be one we read again (setboard),
		// also the way XBoard 4.9 rewrites it (holdings reordered).
		xfen := strings.SplitN(out[0], " ", 4)[3]
		p.send("setboard "+xfen, "setboard "+xboardRewrite(xfen))
		p.expectSilent(p.sync())
	}
	ref := newRefGame(t, g, g.StartFEN)

	// The engine plays both sides for a few plies. In russian the face is
	// always K here (no forced passes, so no early king captures); the
	// engine's own die is tested in scenarioDice.
	_, dice := ref.pos.(variants.Roller)
	for i := 0; i < 6 && !ref.pos.Status().Over(); i++ {
		if dice {
			p.send("roll K")
			ref.setRoll('K')
		}
		p.send("go")
		mv, face := p.engineMove(30 * time.Second)
		if face != 0 {
			ref.setRoll(face)
		}
		ref.play(mv)
		p.send("force")
		p.sync()
	}
	if ref.pos.Status().Over() {
		t.Skipf("game ended after %d plies; the rest needs a running game", len(ref.plies))
	}

	// Bad input: one error line each, and nothing changes.
	p.send("usermove a1a1")
	p.expectOnly(p.sync(), `^Illegal move( \(.*\))?: a1a1$`)
	p.send("usermove")
	p.expectOnly(p.sync(), `^Error`)
	p.send("setboard this is no FEN")
	p.expectOnly(p.sync(), `^Error \(bad FEN\): `)
	p.send("frobnicate")
	p.expectOnly(p.sync(), `^Error \(unknown command\): frobnicate$`)
	p.send("level x y z")
	p.expectOnly(p.sync(), `^Error \(bad level\)`)

	// remove takes back two plies; the engine's next move must be legal
	// in the position two plies back.
	p.send("remove")
	p.expectSilent(p.sync())
	ref.reset(len(ref.plies) - 2)
	p.send("go")
	mv, face := p.engineMove(30 * time.Second)
	if face != 0 {
		ref.setRoll(face)
	}
	ref.play(mv)
	p.send("force")
	p.sync()

	// Exactly as many undos as plies are legal.
	for range ref.plies {
		p.send("undo")
	}
	p.expectSilent(p.sync())
	p.send("undo")
	p.expectOnly(p.sync(), `^Error \(command not legal now\): undo$`)
	ref.reset(0)
	p.send("go")
	mv, face = p.engineMove(30 * time.Second)
	if face != 0 {
		ref.setRoll(face)
	}
	ref.play(mv)
	p.send("quit")
	waitExit(t, p)
}

// scenarioResults: the engine claims game ends it makes or sees, and stops
// after `result`.
func scenarioResults(t *testing.T, start starter) {
	registered(t, "chess")
	p := start(t)
	p.handshake(false)
	// Black to move mates with Qh4.
	p.send("new", "force", "setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "sd 3", "go")
	if mv, _ := p.engineMove(30 * time.Second); mv != "d8h4" {
		t.Fatalf("engine played %s, want the mate d8h4", mv)
	}
	p.waitFor(`^0-1 \{checkmate\}$`, 5*time.Second)

	// The user mates: the engine claims and does not move.
	p.send("new", "setboard rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "usermove d1h5")
	p.expectOnly(p.sync(), `^1-0 \{checkmate\}$`)
	p.send("go")
	p.expectOnly(p.sync(), `^1-0 \{checkmate\}$`)
	p.send("usermove e8f7")
	p.expectOnly(p.sync(), `^Illegal move`)

	// After `result` the engine stays quiet.
	p.send("new", "force", "usermove e2e4", "result 1-0 {White resigns}", "go")
	p.expectSilent(p.sync())
	p.send("undo") // a result is not a ply: the game can be taken back
	p.expectSilent(p.sync())
}

// scenarioClocks: level/time/otim, st, sd, `?`, playother.
func scenarioClocks(t *testing.T, start starter) {
	registered(t, "chess")
	p := start(t)
	p.handshake(false)
	ref := newRefGame(t, registered(t, "chess"), "startpos")

	// 40 moves in 3 s, then st: the engine answers with a legal move (the
	// time it may use is checked without a wall clock in
	// TestCECPClockLimits; these machines are too busy to time it).
	p.send("new", "level 40 0:03 0", "time 300", "otim 300", "usermove e2e4")
	ref.play("e2e4")
	mv, _ := p.engineMove(30 * time.Second)
	ref.play(mv)
	p.send("st 0.3", "usermove d2d4")
	ref.play("d2d4")
	mv, _ = p.engineMove(30 * time.Second)
	ref.play(mv)

	// sd 1 with post: a single iteration in XBoard's thinking format.
	p.send("st 60", "sd 1", "post", "usermove g1f3")
	ref.play("g1f3")
	line, before := p.waitFor(`^move `, 10*time.Second)
	ref.play(strings.TrimPrefix(line, "move "))
	thinking := regexp.MustCompile(`^(\d+) (-?\d+) (\d+) (\d+) (\S.*)$`)
	if len(before) != 1 || !thinking.MatchString(before[0]) || !strings.HasPrefix(before[0], "1 ") {
		t.Fatalf("want one depth-1 thinking line before the move, got %q", before)
	}
	if pv := thinking.FindStringSubmatch(before[0])[5]; !strings.HasPrefix(pv, strings.TrimPrefix(line, "move ")) {
		t.Errorf("PV %q does not start with the move played (%s)", pv, line)
	}

	// `?` moves at once during a long think.
	p.send("sd 0", "st 100", "nopost", "usermove b1c3")
	ref.play("b1c3")
	time.Sleep(200 * time.Millisecond)
	p.send("?")
	mv, _ = p.engineMove(20 * time.Second) // far less than st 100
	ref.play(mv)

	// playother: the engine takes the side not to move and waits.
	mvWhite := firstLegal(t, ref.pos)
	p.send("force", "st 0.2", "usermove "+mvWhite, "playother")
	ref.play(mvWhite)
	p.expectSilent(p.sync())
	mvBlack := firstLegal(t, ref.pos)
	p.send("usermove " + mvBlack)
	ref.play(mvBlack)
	mv, _ = p.engineMove(5 * time.Second)
	ref.play(mv)
	if ref.pos.SideToMove() != variants.Black {
		t.Fatalf("after playother the engine should have moved for White")
	}
}

// firstLegal returns some legal ply in CECP text.
func firstLegal(t testing.TB, pos variants.Position) string {
	t.Helper()
	ms := pos.Moves(nil)
	if len(ms) == 0 {
		t.Fatal("no legal move")
	}
	return toCECPMove(pos.MoveString(ms[0]))
}

// scenarioAnalyze: analyze mode posts, follows moves, answers `.` and
// never moves; exit leaves it.
func scenarioAnalyze(t *testing.T, start starter) {
	registered(t, "chess")
	p := start(t)
	p.handshake(false)
	p.send("new", "force", "analyze")
	p.waitFor(`^\d+ -?\d+ \d+ \d+ \S`, 10*time.Second)
	p.send(".")
	p.waitFor(`^stat01: \d+ \d+ \d+ 0 20$`, 5*time.Second)
	p.send("usermove e2e4")
	p.waitFor(`^\d+ -?\d+ \d+ \d+ [a-h][1-8]`, 10*time.Second)
	p.send("undo", "exit")
	for _, l := range p.sync() {
		if strings.HasPrefix(l, "move") || strings.HasPrefix(l, "Error") {
			t.Fatalf("analyze mode printed %q", l)
		}
	}
	time.Sleep(100 * time.Millisecond)
	p.expectSilent(p.sync()) // the analysis has stopped
}

// scenarioDice: roll F, the dice/pips handshake, our own roll, passes.
func scenarioDice(t *testing.T, start starter) {
	g := registered(t, "russian")
	p := start(t)
	p.handshake(true) // XBoard accepted dice=1
	p.send("new", "variant russian", "sd 2", "force")
	p.sync()
	ref := newRefGame(t, g, g.StartFEN)

	// An arbiter's roll: no dice request, a move legal under P.
	p.send("roll P", "go")
	mv, face := p.engineMove(30 * time.Second)
	if face != 0 {
		t.Fatalf("engine rolled %c although the roll was given", face)
	}
	ref.setRoll('P')
	ref.play(mv)
	if !regexp.MustCompile(`^[a-f][1-6][a-f][1-6]`).MatchString(mv) {
		t.Fatalf("want a pawn move, got %s", mv)
	}

	// XBoard's dice: `dice 6`, then pips 2/6 = N.
	p.send("force", "go")
	p.waitFor(`^dice 6$`, 5*time.Second)
	p.send("pips 2/6")
	mv, _ = p.engineMove(30 * time.Second)
	ref.setRoll('N')
	ref.play(mv)

	// Bad rolls change nothing.
	p.send("force", "roll X", "pips 7/6", "pips 1/2", "roll")
	out := p.sync()
	if len(out) != 4 {
		t.Fatalf("want four error lines, got %q", out)
	}
	for _, l := range out {
		if !strings.HasPrefix(l, "Error (bad ") {
			t.Fatalf("want Error (bad ...), got %q", l)
		}
	}

	// No bishop takes part: a B roll is a pass, both ways.
	p.send("roll B", "go")
	if mv, _ := p.engineMove(30 * time.Second); mv != "@@@@" {
		t.Fatalf("with a B roll the engine must pass, played %s", mv)
	}
	ref.setRoll('B')
	ref.play("@@@@")
	p.send("force", "roll B", "usermove @@@@")
	p.expectSilent(p.sync())
	ref.setRoll('B')
	ref.play("@@@@")
	p.send("roll K", "usermove @@@@") // passing with a playable face is illegal
	p.expectOnly(p.sync(), `^Illegal move.*: @@@@$`)

	// XBoard relays a pass as the position after it (setboard) while
	// the engine waits for the opponent: the engine must take it as the
	// pass, keep its game, and answer.
	p.send("rejected dice", "new", "variant russian", "sd 2", "usermove b2b3")
	ref = newRefGame(t, g, g.StartFEN)
	ref.play("b2b3")
	mv, face = p.engineMove(30 * time.Second)
	ref.setRoll(face)
	ref.play(mv)
	ref.setRoll('B') // a face White cannot play: a forced pass
	ref.play("@@@@")
	after, err := toXBoardFEN("russian", ref.pos.FEN())
	if err != nil {
		t.Fatal(err)
	}
	p.send("setboard " + after)
	mv, face = p.engineMove(30 * time.Second)
	if face != 0 {
		ref.setRoll(face)
	}
	ref.play(mv)
	p.send("force", "remove") // the pass is in the history: two plies back is Black's reply
	p.expectSilent(p.sync())
	p.send("quit")
	waitExit(t, p)

	// Without the dice feature the engine rolls and tells the user.
	q := start(t)
	q.handshake(false)
	q.send("new", "variant russian", "sd 2", "force", "go")
	q.waitFor(`^setup `, 5*time.Second)
	mv, face = q.engineMove(30 * time.Second)
	if face == 0 {
		t.Fatalf("engine moved %s without announcing its roll", mv)
	}
	ref2 := newRefGame(t, g, g.StartFEN)
	ref2.setRoll(face)
	ref2.play(mv)

	// No die outside russian.
	q.send("new", "roll K")
	q.expectOnly(q.sync(), `^Error \(no die in chess\): roll K$`)
}

// scenarioDrops: multi-drop actions in kingchess, single drops only in
// kingchess1, both as usermove and as the engine's move.
func scenarioDrops(t *testing.T, start starter) {
	for _, name := range []string{"kingchess", "kingchess1"} {
		t.Run(name, func(t *testing.T) {
			g := registered(t, name)
			p := start(t)
			p.handshake(false)
			p.send("new", "variant "+name, "sd 2", "force")
			p.sync()
			ref := newRefGame(t, g, g.StartFEN)
			if name == "kingchess" {
				p.send("usermove K@e1,Q@d1,P@e2")
				p.expectSilent(p.sync())
				ref.play("K@e1,Q@d1,P@e2")
			} else {
				p.send("usermove K@e1,Q@d1")
				p.expectOnly(p.sync(), `^Illegal move.*: K@e1,Q@d1$`)
				p.send("usermove Q@d1") // the King must come first
				p.expectOnly(p.sync(), `^Illegal move.*: Q@d1$`)
				p.send("usermove K@e1")
				p.expectSilent(p.sync())
				ref.play("K@e1")
			}
			p.send("go")
			mv, _ := p.engineMove(30 * time.Second)
			if !strings.Contains(mv, "K@") {
				t.Fatalf("Black's first ply must drop its King, got %s", mv)
			}
			ref.play(mv)
			p.send("force", "usermove P@e1") // no pawn on the first rank
			p.expectOnly(p.sync(), `^Illegal move.*: P@e1$`)
			p.send("go")
			mv, _ = p.engineMove(30 * time.Second)
			ref.play(mv)
		})
	}
}

// scenarioEOF: closing stdin during a long search ends the engine cleanly.
func scenarioEOF(t *testing.T, start starter) {
	registered(t, "chess")
	p := start(t)
	p.handshake(false)
	p.send("new", "st 60", "post", "usermove e2e4")
	p.waitFor(`^\d+ `, 10*time.Second)
	if err := p.in.Close(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, p)
}

func TestXBoardFENs(t *testing.T) {
	cases := []struct{ variant, ours, xboard string }{
		{"monochrome", "RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0",
			"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
		{"monochrome", "RNBQKBNR/PPPPPPPP/8/4N3/8/8/PPPPPPPP/R1BQKBNR b e5d3 3 2 4-1",
			"rnbqkbnr/pppppppp/8/4n3/8/8/PPPPPPPP/R1BQKBNR b - - 3 2"},
		{"russian", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1",
			"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"},
		{"russian", "r(nq)1knr/pp(Pp)ppp/6/6/P1PPPP/RNQKNR b N 4 7",
			"rq1knr/pppppp/6/6/P1PPPP/RNQKNR b - - 4 7"},
		{"kingchess", "8/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkqrrbbnnpppppppp] b E - 0 1 --",
			"8/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkqrrbbnnpppppppp] b - - 0 1"},
		{"kingchess1", "4k3/8/8/8/8/8/8/4K2R[QRBBNNPPPPPPPPqrrbbnnpppppppp] w Ke - 0 3 --",
			"4k3/8/8/8/8/8/8/4K2R[QRBBNNPPPPPPPPqrrbbnnpppppppp] w K - 0 3"},
		{"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
	}
	for _, c := range cases {
		got, err := toXBoardFEN(c.variant, c.ours)
		if err != nil || got != c.xboard {
			t.Errorf("toXBoardFEN(%s, %q) = %q, %v; want %q", c.variant, c.ours, got, err, c.xboard)
		}
	}
	for _, bad := range []struct{ variant, fen string }{
		{"monochrome", "8/8/8 w - 0 1 0-0"},
		{"russian", "r(nq 1knr w - 0 1"},
		{"russian", "()5/6/6/6/6/6 w - 0 1"},
		{"chess", "justone"},
		{"shogi", "9/9 w"},
	} {
		if got, err := toXBoardFEN(bad.variant, bad.fen); err == nil {
			t.Errorf("toXBoardFEN(%s, %q) = %q, want an error", bad.variant, bad.fen, got)
		}
	}
	// Widening XBoard's FENs back to ours.
	for _, c := range []struct{ variant, xboard, ours string }{
		{"monochrome", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
			"RNBQKBNR/PPPPPPPP/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1 0-0"},
		{"russian", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR b - - 5 9",
			"rnqknr/pppppp/6/6/PPPPPP/RNQKNR b - 5 9"},
		{"russian", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w",
			"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - 0 1"},
	} {
		got, err := fromXBoardFEN(c.variant, c.xboard)
		if err != nil || got != c.ours {
			t.Errorf("fromXBoardFEN(%s, %q) = %q, %v; want %q", c.variant, c.xboard, got, err, c.ours)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"5", 5 * time.Minute, true}, {"0:30", 30 * time.Second, true},
		{"1:05", 65 * time.Second, true}, {"0.5", 30 * time.Second, true},
		{"x", 0, false}, {"1:x", 0, false}, {"-1", 0, false}, {":", 0, false},
	} {
		got, err := parseBase(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("parseBase(%q) = %v, %v; want %v ok=%v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestThinkingLineMate(t *testing.T) {
	g := registered(t, "chess")
	pos := g.New()
	m, err := pos.ParseMove("e2e4")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mate int
		want string
	}{{3, "100003"}, {-2, "-100002"}, {0, "37"}} {
		line := thinkingLineFor(pos, c.mate, []variants.Move{m, m})
		if want := fmt.Sprintf("7 %s 12 999 e2e4", c.want); line != want {
			t.Errorf("mate %d: got %q, want %q (an illegal PV move must cut the PV)", c.mate, line, want)
		}
	}
}

// thinkingLineFor formats a fixed iteration with the given mate and PV.
func thinkingLineFor(pos variants.Position, mate int, pv []variants.Move) string {
	return thinkingLine(pos, engine.Info{Depth: 7, Score: 37, Mate: mate,
		Nodes: 999, Time: 123 * time.Millisecond, PV: pv})
}

// xboardRewrite writes a FEN's holdings the way XBoard 4.9 does: pieces
// grouped P N B R Q K, White before Black (seen in its debug logs).
func xboardRewrite(fen string) string {
	open, end := strings.IndexByte(fen, '['), strings.IndexByte(fen, ']')
	if open < 0 || end < open {
		return fen
	}
	var b strings.Builder
	for _, order := range []string{"PNBRQK", "pnbrqk"} {
		for _, c := range order {
			b.WriteString(strings.Repeat(string(c), strings.Count(fen[open:end], string(c))))
		}
	}
	return fen[:open+1] + b.String() + fen[end:]
}

// TestCECPClockLimits: XBoard's clock commands become the engine limits
// the time manager works from (level, time/otim from the engine's side,
// moves to go, st winning over the clock, sd capping the depth).
func TestCECPClockLimits(t *testing.T) {
	s := newCECPSession(io.Discard, firstMoveSearcher{}, all.Get)
	for _, l := range []string{"new", "level 40 0:03 0", "time 300", "otim 250", "force", "usermove e2e4"} {
		if err := s.handle(l); err != nil {
			t.Fatal(err)
		}
	}
	// The engine is Black here (after new): its clock is `time`.
	lim := s.limits(false)
	if lim.BTime != 3*time.Second || lim.WTime != 2500*time.Millisecond || lim.MovesToGo != 40 || lim.MoveTime != 0 {
		t.Errorf("level 40 0:03 0, time 300, otim 250: %+v", lim)
	}
	for _, l := range []string{"st 0.3", "sd 7"} {
		if err := s.handle(l); err != nil {
			t.Fatal(err)
		}
	}
	lim = s.limits(false)
	if lim.MoveTime != 300*time.Millisecond || lim.Depth != 7 {
		t.Errorf("st 0.3, sd 7: %+v", lim)
	}
	if lim := s.limits(true); !lim.Infinite {
		t.Errorf("analyze: %+v", lim)
	}
}
