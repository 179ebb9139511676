package protocol

// CECP (the XBoard/WinBoard protocol, version 2) with the variant dialect of
// docs/protocol.md. One goroutine (this loop) owns the game; a search runs
// as a task (task.go) on a clone of the position and leaves its result in
// the task, so the game is never touched concurrently and every command can
// stop a search at once.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"varchess/engine"
	"varchess/variants"
	"varchess/variants/all"
)

// cecpSearcher is what the session needs from the engine (*engine.Engine);
// an interface so that tests can stand in a scripted searcher.
type cecpSearcher interface {
	Search(ctx context.Context, pos variants.Position, lim engine.Limits, onInfo func(engine.Info)) engine.Result
	// SearchSingleDrops never plays a kingchess drop action of several
	// pieces, which XBoard cannot relay.
	SearchSingleDrops(ctx context.Context, pos variants.Position, lim engine.Limits, onInfo func(engine.Info)) engine.Result
	NewGame()
	SetHash(mb int)
	optionEngine // the search options (search_options.go)
}

// cecpFeatures is the answer to `protover 2` (docs/protocol.md, CECP).
var cecpFeatures = []string{
	`feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 name=1 memory=1 smp=1 san=0 myname="` + engineName + `" variants="normal,fischerandom,monochrome,russian,kingchess,kingchess1" dice=1`,
	fmt.Sprintf(`feature option="Move Overhead -spin %d 0 %d"`, defaultOverhead.Milliseconds(), maxOverheadMS),
	`feature option="` + xboardMovesOption + ` -check 0"`,
	searchFeature("MultiPV"),
	searchFeature("Skill Level"),
	searchFeature("UCI_LimitStrength"),
	searchFeature("UCI_Elo"),
	searchFeature("EvalFile"),
	searchFeature("Use NNUE"),
	`feature done=1`,
}

// searchFeature is the feature line of a search option (Threads is set
// through `cores`, and thinking output has no place for WDL).
func searchFeature(name string) string {
	o, _ := findSearchOption(name)
	return o.cecpFeature()
}

// cecpPly is one ply of the game as played, with the die face the mover
// had (0 when none), so any earlier position can be rebuilt exactly.
type cecpPly struct {
	move variants.Move
	roll byte
	// relayed is the ply as the GUI saw it: the text we wrote or read.
	relayed string
}

// cecpSession is the state of one CECP conversation.
type cecpSession struct {
	out    *lineWriter
	eng    cecpSearcher
	lookup func(name string) (*variants.Game, error)
	rng    *rand.Rand

	// The game.
	game    *variants.Game
	start   variants.Position // position after new/setboard; never modified
	pos     variants.Position // start plus hist
	hist    []cecpPly
	over    bool // a result was claimed or received: do not move
	force   bool
	engSide variants.Color // the side the engine plays when not in force mode

	// Clocks and limits, as XBoard sets them.
	mps          int           // moves per time control (0: whole game)
	base, inc    time.Duration // level
	moveTime     time.Duration // st
	depth        int           // sd
	myTime       time.Duration // time
	oppTime      time.Duration // otim
	haveTime     bool
	moveOverhead time.Duration

	post      bool
	analyzing bool
	dice      bool // XBoard accepted feature dice=1
	// xboardMoves: write moves XBoard 4.9 can relay (xboard_moves.go).
	xboardMoves bool
	awaitPips   bool           // we sent `dice 6` and wait for `pips k/6`
	settings    searchSettings // the search options' session part

	caps caps // test limits (protocol.go); zero in production

	// The running search or perft, if any.
	search *cecpSearch
	// queue holds the commands that arrived during a perft (which ends by
	// itself): they run, in order, when it ends.
	queue []string
}

// cecpSearch is one search (or perft) in flight.
type cecpSearch struct {
	*task
	analyze bool
	perft   bool
	stats   *cecpStats
	res     engine.Result // the search's answer, set before done is closed
}

// errCECPQuit ends the session normally.
var errCECPQuit = errors.New("quit")

func runCECP(first string, lines <-chan string, out io.Writer, c caps) error {
	s := newCECPSession(out, engine.New(engine.Options{HashMB: c.hashMB}), all.Get)
	s.caps = c
	return s.run(first, lines)
}

func newCECPSession(out io.Writer, eng cecpSearcher, lookup func(string) (*variants.Game, error)) *cecpSession {
	s := &cecpSession{
		out:          newLineWriter(out),
		eng:          eng,
		lookup:       lookup,
		rng:          rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x5eed)),
		moveOverhead: defaultOverhead,
	}
	s.resetTimeControl()
	s.engSide = variants.Black
	if g, err := lookup("chess"); err == nil { // as after `new`
		s.startGame(g, g.New())
	}
	return s
}

// run processes first and then every line until quit or EOF (which stops
// a running search at once). It never blocks on a search: it waits for the
// next line or the search's end, whichever comes first.
func (s *cecpSession) run(first string, lines <-chan string) error {
	defer s.stopSearch()
	if err := s.take(first); err != nil {
		return quitIsNil(err)
	}
	for {
		var searchDone <-chan struct{}
		if s.search != nil {
			searchDone = s.search.done
		}
		select {
		case line, ok := <-lines:
			if !ok {
				return s.out.failed()
			}
			if err := s.take(line); err != nil {
				return quitIsNil(err)
			}
		case <-searchDone:
			s.searchDone()
			if err := s.drain(); err != nil {
				return quitIsNil(err)
			}
		}
		if err := s.out.failed(); err != nil {
			return fmt.Errorf("cecp: writing to GUI: %w", err)
		}
	}
}

// take receives one line from the input. While a perft runs, ping is
// answered (when nothing waits before it), `?`, `exit` and quit stop it,
// and every other command waits for it to end.
func (s *cecpSession) take(line string) error {
	line = strings.TrimSpace(line)
	cmd, _, _ := strings.Cut(line, " ")
	if cmd == "" {
		return nil
	}
	if s.search != nil && s.search.perft || len(s.queue) > 0 {
		switch {
		case cmd == "quit":
			return errCECPQuit
		case cmd == "?" || cmd == "exit":
			s.stopSearch()
			return s.drain()
		case cmd == "ping" && len(s.queue) == 0:
			return s.handle(line)
		}
		s.queue = append(s.queue, line)
		return nil
	}
	return s.handle(line)
}

// drain runs the commands that waited for a perft until one has to wait
// for another perft (a ping is answered while one runs).
func (s *cecpSession) drain() error {
	for len(s.queue) > 0 {
		line := s.queue[0]
		if cmd, _, _ := strings.Cut(line, " "); s.search != nil && s.search.perft && cmd != "ping" {
			return nil
		}
		s.queue = s.queue[1:]
		if err := s.handle(line); err != nil {
			return err
		}
	}
	return nil
}

func quitIsNil(err error) error {
	if errors.Is(err, errCECPQuit) {
		return nil
	}
	return err
}

// handle runs one command line. Only errCECPQuit (or a fatal error) is
// returned; everything the GUI got wrong is answered on out.
func (s *cecpSession) handle(line string) (err error) {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil
	}
	defer func() {
		// Bad input must never kill the engine. A panic here is a bug in
		// a game package; rebuild the position from the last good
		// history and report it.
		if r := recover(); r != nil {
			s.out.printf("Error (internal error - %s): %s", cecpReason(fmt.Sprint(r)), line)
			s.rebuild(len(s.hist))
			err = nil
		}
	}()
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch cmd {
	case "xboard", "accepted", "hard", "easy", "random", "computer", "name",
		"rating", "ics", "draw", "bk", "hint", "nopause", "pause":
		// Acknowledged: nothing to do (no pondering, no draw offers).
		if cmd == "accepted" && arg == "dice" {
			s.dice = true
		}
	case "rejected":
		if arg == "dice" {
			s.dice = false
		}
	case "protover":
		for _, f := range cecpFeatures {
			s.out.printf("%s", f)
		}
	case "quit":
		return errCECPQuit
	case "new":
		s.newGame()
	case "variant":
		s.setVariant(arg)
	case "force":
		s.stopSearch()
		s.force = true
	case "go", "playother":
		s.stopSearch()
		if s.pos == nil {
			s.out.printf("Error (no game): %s", line)
			return nil
		}
		s.force = false
		s.engSide = s.pos.SideToMove()
		if cmd == "playother" {
			s.engSide = s.engSide.Other()
			return nil
		}
		s.think()
	case "white", "black": // protocol 1: the engine plays the other colour
		s.stopSearch()
		if cmd == "white" {
			s.engSide = variants.Black
		} else {
			s.engSide = variants.White
		}
	case "usermove":
		s.userMove(arg)
	case "setboard":
		if arg == "" {
			s.out.printf("Error (missing FEN): %s", line)
			return nil
		}
		s.setBoard(arg)
	case "undo":
		s.takeBack(1, line)
	case "remove":
		s.takeBack(2, line)
	case "level":
		s.setLevel(arg, line)
	case "st":
		s.setSeconds(&s.moveTime, arg, line)
	case "sd":
		s.setInt(&s.depth, arg, line)
	case "time", "otim":
		s.setClock(cmd, arg, line)
	case "?":
		if s.search != nil && !s.search.analyze {
			s.search.cancel() // the result arrives and is played
		}
	case "ping":
		s.out.printf("pong %s", arg)
	case "result":
		s.stopSearch()
		s.over = true
	case "post":
		s.post = true
	case "nopost":
		s.post = false
	case "analyze":
		s.stopSearch()
		s.analyzing = true
		s.analyze()
	case "exit":
		if s.analyzing {
			s.stopSearch()
			s.analyzing = false
		}
	case ".":
		s.printStat()
	case "memory":
		var mb int
		if s.setInt(&mb, arg, line) {
			s.stopSearch()
			if s.caps.hashMB > 0 {
				mb = min(mb, s.caps.hashMB)
			}
			if mb > maxHashMB {
				s.out.printf("# memory %d MiB is more than the engine's largest table: using %d MiB", mb, maxHashMB)
			}
			s.eng.SetHash(min(max(mb, 1), maxHashMB))
		}
	case "cores":
		var n int
		if s.setInt(&n, arg, line) { // in effect from the next search
			if n > engine.MaxThreads {
				s.out.printf("# cores %d is more than the engine's %d threads: using %d", n, engine.MaxThreads, engine.MaxThreads)
			}
			o := s.eng.Options()
			o.Threads = n // 0 counts as 1
			s.eng.SetOptions(o)
		}
	case "option":
		s.setOption(arg, line)
	case "edit":
		s.out.printf("Error (command not supported): %s", line)
	case "roll":
		s.setRoll(arg, line)
	case "perft":
		s.startPerft(arg, line)
	case "pips":
		s.gotPips(arg, line)
	default:
		if cecpLooksLikeMove(line) {
			s.userMove(line)
			return nil
		}
		s.out.printf("Error (unknown command): %s", cmd)
	}
	return nil
}

// cecpLooksLikeMove reports whether a bare token is meant as a move (protocol 1
// GUIs send moves without the usermove prefix).
func cecpLooksLikeMove(tok string) bool {
	if strings.ContainsRune(tok, ' ') || len(tok) < 4 {
		return false
	}
	if tok == "@@@@" || tok == "0000" {
		return true
	}
	c0, c1 := tok[0], tok[1]
	if c0 >= 'a' && c0 <= 'h' && c1 >= '1' && c1 <= '8' {
		return true
	}
	return strings.ContainsRune("KQRBNPkqrbnp", rune(c0)) && c1 == '@'
}

// newGame handles `new`: chess from the start, engine plays Black.
func (s *cecpSession) newGame() {
	s.stopSearch()
	s.analyzing = false
	s.force = false
	s.engSide = variants.Black
	s.depth = 0
	s.awaitPips = false
	s.resetTimeControl()
	s.eng.NewGame()
	g, err := s.lookup("chess")
	if err != nil {
		s.out.printf("Error (chess is not available): new")
		s.game, s.start, s.pos = nil, nil, nil
		return
	}
	s.startGame(g, g.New())
}

// startGame installs a new game from pos (which the session now owns).
func (s *cecpSession) startGame(g *variants.Game, pos variants.Position) {
	s.game = g
	s.start = pos
	s.pos = pos.Clone()
	s.hist = s.hist[:0]
	s.over = false
	s.awaitPips = false
}

// setVariant handles `variant NAME`, announcing engine-defined variants.
func (s *cecpSession) setVariant(name string) {
	s.stopSearch()
	g, err := s.lookup(name)
	if err != nil {
		s.out.printf("Error (unsupported variant): variant %s", name)
		return
	}
	lines, err := xboardSetupLines(g.Name, g.StartFEN, s.xboardMoves)
	if err != nil {
		s.out.printf("Error (unsupported variant - %s): variant %s", cecpReason(err.Error()), name)
		return
	}
	s.startGame(g, g.New())
	for _, l := range lines {
		s.out.printf("%s", l)
	}
}

// setBoard handles `setboard FEN`, in our dialect or in XBoard's reduced one.
func (s *cecpSession) setBoard(fen string) {
	s.stopSearch()
	if s.game == nil {
		s.out.printf("Error (command not legal now): setboard %s", fen)
		return
	}
	if face, ok := s.passLeadsTo(fen); ok {
		// XBoard cannot relay a null move to an engine: it sends the
		// position after it instead. Take it as the pass it is, which
		// keeps what XBoard's FEN cannot show (stacks, history).
		if face != 0 {
			_ = s.pos.(variants.Roller).SetRoll(face) // passLeadsTo tried it
		}
		s.userMove("@@@@")
		return
	}
	pos, err := s.game.Load(fen)
	if err != nil {
		wide, werr := fromXBoardFEN(s.game.Name, fen)
		if werr == nil && wide != fen {
			if p, e := s.game.Load(wide); e == nil {
				pos, err = p, nil
			}
		}
	}
	if err != nil {
		s.out.printf("Error (bad FEN): %s", cecpReason(err.Error()))
		return
	}
	s.startGame(s.game, pos)
	switch {
	case s.analyzing:
		s.analyze()
	case !s.force && s.pos.SideToMove() == s.engSide:
		// Outside force mode XBoard sends setboard only to relay a
		// null move it could not otherwise express, and then waits
		// for the engine to move.
		s.think()
	}
}

// passLeadsTo reports whether a pass by the side to move turns the current
// position into fen as XBoard writes it (board and side to move), and the
// die face that allows the pass (0 in games without a die). Only a game in
// progress outside force mode qualifies: that is when XBoard relays a pass
// (it sends `force` before any other setboard).
func (s *cecpSession) passLeadsTo(fen string) (face byte, ok bool) {
	if s.pos == nil || s.force || s.over {
		return 0, false
	}
	want := strings.Fields(fen)
	if len(want) < 2 {
		return 0, false
	}
	// What XBoard shows can differ from the real board after a relayed
	// partial-stack move; compare with XBoard's own view then.
	var shown string
	if view, ok := s.xboardView(); ok {
		shown = view.board()
	}
	faces := []byte{0}
	if _, isRoller := s.pos.(variants.Roller); isRoller {
		faces = []byte(variants.DieFaces)
	}
	for _, f := range faces {
		p := s.pos.Clone()
		if f != 0 {
			if p.(variants.Roller).SetRoll(f) != nil {
				continue
			}
		}
		m, err := p.ParseMove("0000")
		if err != nil {
			continue
		}
		p.Make(m)
		got, err := toXBoardFEN(s.game.Name, p.FEN())
		if err != nil {
			return 0, false
		}
		g := strings.Fields(got)
		if shown != "" {
			g[0] = shown
		}
		if g[0] == want[0] && g[1] == want[1] {
			return f, true
		}
	}
	return 0, false
}

// cecpReason fits a message into the (REASON) of `Error (REASON): COMMAND`
// or `Illegal move (REASON): MOVE`: one line, and no colon or parenthesis
// that could make XBoard cut the line in the wrong place.
var cecpReasonReplacer = strings.NewReplacer("\n", " ", "\r", " ", ": ", " - ", ":", "-", "(", "[", ")", "]")

func cecpReason(msg string) string { return cecpReasonReplacer.Replace(msg) }

// userMove plays the opponent's move and lets the engine answer.
func (s *cecpSession) userMove(text string) {
	s.stopSearch()
	if s.pos == nil {
		s.out.printf("Error (no game): usermove %s", text)
		return
	}
	if text == "" {
		s.out.printf("Error (missing move): usermove")
		return
	}
	if s.over {
		s.out.printf("Illegal move (game is over): %s", text)
		return
	}
	m, err := s.readMove(text)
	if err != nil {
		s.out.printf("Illegal move (%s): %s", cecpReason(err.Error()), text)
		return
	}
	s.play(m, text)
	if s.analyzing {
		s.analyze()
		return
	}
	if s.claimIfOver() {
		return
	}
	if !s.force && s.pos.SideToMove() == s.engSide {
		s.think()
	}
}

// fromCECPMove and toCECPMove translate the pass: XBoard's null move @@@@
// is our 0000.
func fromCECPMove(text string) string {
	if text == "@@@@" {
		return "0000"
	}
	return text
}

func toCECPMove(text string) string {
	if text == "0000" {
		return "@@@@"
	}
	return text
}

// play makes m, which the GUI saw as text, and records it with the
// mover's roll.
func (s *cecpSession) play(m variants.Move, text string) {
	var roll byte
	if r, ok := s.pos.(variants.Roller); ok {
		roll = r.Roll()
	}
	s.pos.Make(m)
	s.hist = append(s.hist, cecpPly{move: m, roll: roll, relayed: text})
	s.awaitPips = false
}

// rebuild sets pos to start plus the first n plies of hist.
func (s *cecpSession) rebuild(n int) {
	if s.start == nil {
		return
	}
	s.hist = s.hist[:n]
	s.pos = s.start.Clone()
	for _, h := range s.hist {
		if r, ok := s.pos.(variants.Roller); ok && h.roll != 0 {
			_ = r.SetRoll(h.roll) // it was accepted when played
		}
		s.pos.Make(h.move)
	}
}

// takeBack handles undo (n=1) and remove (n=2).
func (s *cecpSession) takeBack(n int, line string) {
	s.stopSearch()
	if s.pos == nil || len(s.hist) < n {
		s.out.printf("Error (command not legal now): %s", line)
		return
	}
	s.rebuild(len(s.hist) - n)
	s.over = false
	s.awaitPips = false
	if s.analyzing {
		s.analyze()
	}
}

// claimIfOver claims the result when the game has ended by the rules.
func (s *cecpSession) claimIfOver() bool {
	st := s.pos.Status()
	if !st.Over() {
		return false
	}
	s.over = true
	s.out.printf("%s {%s}", st.Outcome.PGN(), st.Reason)
	return true
}

// setOption handles `option NAME=VALUE` for the options we announced.
func (s *cecpSession) setOption(arg, line string) {
	name, value, ok := strings.Cut(arg, "=")
	if !ok {
		s.out.printf("Error (bad option): %s", line)
		return
	}
	switch strings.TrimSpace(name) {
	case "Move Overhead":
		var ms int
		if s.setInt(&ms, value, line) && ms >= 0 {
			s.moveOverhead = time.Duration(ms) * time.Millisecond
		}
	case xboardMovesOption:
		switch strings.TrimSpace(value) {
		case "1", "true":
			s.xboardMoves = true
		case "0", "false":
			s.xboardMoves = false
		default:
			s.out.printf("Error (bad option value): %s", line)
		}
	default:
		o, ok := findSearchOption(name)
		if !ok {
			s.out.printf("Error (unknown option): %s", line)
			return
		}
		// In effect from the next search (a running one is not disturbed).
		note, err := setSearchOption(s.eng, &s.settings, o, value)
		switch {
		case err != nil:
			s.out.printf("Error (bad option value - %s): %s", cecpReason(err.Error()), line)
		case note != "":
			s.out.printf("# %s", note)
		}
	}
}
