package protocol

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"varchess/engine"
	"varchess/variants/all"
)

// engineName and engineAuthor are announced by `uci` and CECP's myname.
const (
	engineName   = "varchess"
	engineAuthor = "the varchess authors"
)

// UCI option defaults and ranges.
const (
	defaultOverhead = 10 * time.Millisecond
	maxHashMB       = 4096
	maxOverheadMS   = 5000
)

// uciSession is the state of one UCI conversation. Only the loop goroutine
// touches it; a running task (search or perft) talks back through out.
type uciSession struct {
	out      *lineWriter
	eng      *engine.Engine
	game     gameState
	overhead time.Duration
	rng      *rand.Rand
	task     *task // the running search or perft, nil when idle
	// queue holds commands that arrived while a task that ends by itself
	// ran and that need the engine idle; they run, in order, when it ends.
	queue   []string
	started int // tasks started (each prints one answer; tests count them)

	// nodeCap, when non-zero, caps every search and perft, and hashCap the
	// Hash option (tests and fuzzing use them so that arbitrary input stays
	// fast and small). Zero in production.
	nodeCap uint64
	hashCap int

	settings    searchSettings // what the search options keep beyond the engine's Options
	diceBlind   bool           // russian: search with every future roll a King (engine.SearchDiceBlind)
	singleDrops bool           // kingchess: no multi-drop candidates (engine.SearchSingleDrops)
	chess960    bool           // UCI_Chess960: chess is played as Chess960
}

// newUCISession starts a session with a table of hashMB (0: the default).
func newUCISession(out io.Writer, hashMB int) *uciSession {
	return &uciSession{
		out:      newLineWriter(out),
		eng:      engine.New(engine.Options{HashMB: hashMB}),
		game:     newGameState("chess"),
		overhead: defaultOverhead,
		rng:      rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 0x9e3779b97f4a7c15)),
	}
}

// runUCI is the UCI loop; first is the `uci` line that selected it.
func runUCI(first string, lines <-chan string, out io.Writer, c caps) error {
	s := newUCISession(out, c.hashMB)
	s.nodeCap, s.hashCap = c.nodes, c.hashMB
	s.loop(first, lines)
	return s.out.failed()
}

// loop reads commands until quit or EOF. It never blocks on a task: it
// waits for the next line or for the running task to end, whichever comes
// first, so isready, stop, ponderhit and quit are answered during any
// search or perft.
func (s *uciSession) loop(first string, lines <-chan string) {
	if s.dispatch(first) {
		return
	}
	for {
		var taskDone <-chan struct{}
		if s.task != nil {
			taskDone = s.task.done
		}
		select {
		case line, ok := <-lines:
			if !ok { // EOF is quit, at once
				s.stopTask()
				return
			}
			if s.dispatch(line) {
				return
			}
		case <-taskDone:
			s.task = nil
			if s.drain() {
				return
			}
		}
	}
}

func (s *uciSession) errorf(format string, args ...any) {
	s.out.printf("info string error: "+format, args...)
}

// uciNeedsIdle lists the commands that change the game or the engine: they
// run only when no task runs (waiting for one that ends by itself, stopping
// an endless one). A new option or a new long-running command needs no
// entry here: setoption and go are already in it.
var uciNeedsIdle = map[string]bool{
	"uci": true, "ucinewgame": true, "setoption": true, "position": true, "go": true, "perft": true,
}

// dispatch takes one line from the input; it reports true for quit.
func (s *uciSession) dispatch(line string) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch cmd := fields[0]; {
	case cmd == "isready" && len(s.queue) == 0:
		// At once, even while a task runs; behind queued commands it
		// waits for them, so readyok still means "all done before".
		s.out.println("readyok")
		return false
	case cmd == "quit":
		s.stopTask()
		return true
	case cmd == "ponderhit" && s.task != nil && s.task.ponderhit != nil:
		s.task.hitPonder()
		return false
	case len(s.queue) > 0 || s.task != nil && uciNeedsIdle[cmd] && !s.task.endless:
		// Keep the order of what waits behind the task; a stop also stops
		// the running task at once (and, queued, whatever the queue starts).
		if cmd == "stop" && s.task != nil {
			s.task.cancel()
		}
		s.queue = append(s.queue, line)
		return false
	}
	return s.exec(fields)
}

// drain runs the queued commands until one has to wait for a new task.
func (s *uciSession) drain() (quit bool) {
	for len(s.queue) > 0 {
		fields := strings.Fields(s.queue[0])
		if s.task != nil && uciNeedsIdle[fields[0]] && !s.task.endless {
			return false
		}
		s.queue = s.queue[1:]
		if s.exec(fields) {
			return true
		}
	}
	return false
}

// start runs work as the session's task.
func (s *uciSession) start(endless bool, work func(ctx context.Context)) *task {
	s.task = startTask(endless, work)
	s.started++
	return s.task
}

// stopTask stops the running task, if any; it has printed its answer when
// stopTask returns.
func (s *uciSession) stopTask() {
	if s.task != nil {
		s.task.stop()
		s.task = nil
	}
}

// exec runs one command now; it reports true for quit.
func (s *uciSession) exec(fields []string) (quit bool) {
	cmd, args := fields[0], fields[1:]
	if uciNeedsIdle[cmd] {
		s.stopTask() // only an endless task (or none) is left here
	}
	switch cmd {
	case "isready":
		s.out.println("readyok")
	case "stop":
		s.stopTask()
	case "ponderhit":
		if s.task != nil {
			s.task.hitPonder()
		}
	case "quit":
		s.stopTask()
		return true
	case "d": // reads the session's position, never the search's
		s.cmdDisplay()
	case "uci":
		s.cmdUCI()
	case "ucinewgame":
		s.eng.NewGame()
	case "setoption":
		s.cmdSetOption(args)
	case "position":
		s.cmdPosition(args)
	case "go":
		s.cmdGo(args)
	case "perft":
		s.cmdPerft(args)
	case "debug", "register":
		// accepted and ignored
	default:
		s.errorf("unknown command %q", strings.Join(fields, " "))
	}
	return false
}

func (s *uciSession) cmdUCI() {
	s.out.printf("id name %s", engineName)
	s.out.printf("id author %s", engineAuthor)
	s.out.printf("option name Hash type spin default %d min 1 max %d", engine.DefaultHashMB, maxHashMB)
	for _, o := range searchOptions {
		s.out.println(o.uciLine())
	}
	s.out.printf("option name Move Overhead type spin default %d min 0 max %d", defaultOverhead.Milliseconds(), maxOverheadMS)
	s.out.println("option name Ponder type check default false")
	s.out.println("option name Clear Hash type button")
	s.out.println("option name DiceBlind type check default false")
	s.out.println("option name SingleDrops type check default false")
	s.out.println("option name UCI_Chess960 type check default false")
	s.out.println("option name UCI_Variant type combo default chess var " + strings.Join(all.Names, " var "))
	s.out.println("uciok")
}

// parseSetOption splits `name <id...> [value <v...>]`.
func parseSetOption(args []string) (name, value string, err error) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", fmt.Errorf("usage: setoption name <id> [value <x>]")
	}
	rest := args[1:]
	i := 0
	for i < len(rest) && rest[i] != "value" {
		i++
	}
	name = strings.Join(rest[:i], " ")
	if i < len(rest) {
		value = strings.Join(rest[i+1:], " ")
	}
	if name == "" {
		return "", "", fmt.Errorf("setoption: empty option name")
	}
	return name, value, nil
}

// chessName maps chess to chess960 while UCI_Chess960 is on, and chess960
// back to chess when the option is turned off (UCI_Variant chess960 turns
// it on).
func (s *uciSession) chessName(variant string) string {
	switch g, err := all.Get(variant); {
	case err != nil:
		return variant
	case g.Name == "chess" && s.chess960:
		return "chess960"
	case g.Name == "chess960" && !s.chess960:
		return "chess"
	}
	return variant
}

func (s *uciSession) cmdSetOption(args []string) {
	name, value, err := parseSetOption(args)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	spin := func(lo, hi int) (int, bool) {
		n, err := strconv.Atoi(value)
		if err != nil || n < lo || n > hi {
			s.errorf("option %s: value %q is not an integer in %d..%d", name, value, lo, hi)
			return 0, false
		}
		return n, true
	}
	switch strings.ToLower(name) {
	case "hash":
		if n, ok := spin(1, maxHashMB); ok {
			if s.hashCap > 0 {
				n = min(n, s.hashCap)
			}
			s.eng.SetHash(n)
		}
	case "move overhead":
		if n, ok := spin(0, maxOverheadMS); ok {
			s.overhead = time.Duration(n) * time.Millisecond
		}
	case "ponder":
		if v := strings.ToLower(value); v != "true" && v != "false" {
			s.errorf("option Ponder: value must be true or false, not %q", value)
		}
	case "uci_chess960":
		b, err := strconv.ParseBool(value)
		if err != nil {
			s.errorf("option %s: value must be true or false, not %q", name, value)
			return
		}
		s.chess960 = b
		// Chess and Chess960 are one game to a GUI: the option picks the
		// castling rules (and notation) of the position that follows.
		if want := s.chessName(s.game.name); want != s.game.name {
			if err := s.game.setVariant(want); err != nil {
				s.errorf("UCI_Chess960: %v", err)
			}
		}
	case "diceblind", "singledrops":
		b, err := strconv.ParseBool(value)
		if err != nil {
			s.errorf("option %s: value must be true or false, not %q", name, value)
			return
		}
		if strings.EqualFold(name, "DiceBlind") {
			s.diceBlind = b
		} else {
			s.singleDrops = b
		}
	case "clear hash":
		s.eng.NewGame()
	case "uci_variant":
		if g, err := all.Get(value); err == nil && g.Name == "chess960" {
			s.chess960 = true
		}
		if err := s.game.setVariant(s.chessName(value)); err != nil {
			s.errorf("UCI_Variant %q: %v (keeping %s)", value, err, s.game.name)
			return
		}
		s.eng.NewGame()
		s.out.printf("info string variant %s startpos %s", s.game.name, s.game.game.StartFEN)
	default:
		o, ok := findSearchOption(name)
		if !ok {
			s.errorf("unknown option %q", name)
			return
		}
		note, err := setSearchOption(s.eng, &s.settings, o, value)
		switch {
		case err != nil:
			s.errorf("%v", err)
		case note != "":
			s.out.printf("info string %s", note)
		}
	}
}

// cmdPosition handles `position startpos|fen <FEN> [moves <m>...]`.
func (s *uciSession) cmdPosition(args []string) {
	if len(args) == 0 {
		s.errorf("usage: position startpos|fen <FEN> [moves ...]")
		return
	}
	var fen string
	var moves []string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = "startpos"
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			s.errorf("position fen: missing FEN")
			return
		}
		fen = strings.Join(rest[:i], " ")
		rest = rest[i:]
	default:
		s.errorf("position: expected startpos or fen, got %q", args[0])
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.errorf("position: expected moves, got %q", rest[0])
			return
		}
		moves = rest[1:]
	}
	if err := s.game.setPosition(fen, moves); err != nil {
		s.errorf("position: %v (position unchanged)", err)
	}
}

func (s *uciSession) cmdDisplay() {
	if s.game.pos == nil {
		s.errorf("variant %s: %v", s.game.name, errNoGame)
		return
	}
	// One spelling in every game (Stockfish's `Fen:`), whatever the
	// game's drawing calls it.
	fen := "Fen: " + s.game.pos.FEN()
	shown := false
	for _, l := range strings.Split(strings.TrimRight(s.game.pos.String(), "\n"), "\n") {
		if strings.HasPrefix(strings.ToLower(strings.TrimSpace(l)), "fen:") {
			l, shown = fen, true
		}
		s.out.println(l)
	}
	if !shown {
		s.out.println(fen)
	}
}
