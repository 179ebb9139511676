// Command fakeengine is a test engine for the match arbiter's tests. It
// speaks UCI or CECP (chosen by the first line) and plays random legal plies
// of the toy games (match/internal/toygame); it knows no real game, so it
// starts at once. Arguments: MODE [AFTER]. After AFTER of its own plies
// (default 0) it misbehaves as MODE says:
//
//	good     keep playing legal plies
//	illegal  answer a ply that is not legal ("zz99")
//	crash    exit while thinking
//	hang     never answer
//	resign   (CECP) resign
//	claim    (CECP) claim a win that the rules do not give
//	askdice  (CECP) forget the roll, ask `dice 6` and play the face of `pips`
//	longline print a 5 MiB line before each ply, then play on
//	rulediff play "zz99" (a ply its own rules allow, ours do not) unless
//	         `go ... searchmoves` lists the plies to choose from
//	ucionly  speak only UCI: answer anything else "Unknown command"
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"varchess/match/internal/toygame"
	"varchess/variants"
)

type fakeEngine struct {
	mode  string
	after int
	moved int
	game  *variants.Game
	pos   variants.Position
	rng   *rand.Rand
	out   *bufio.Writer
	in    *bufio.Scanner
}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	f := &fakeEngine{mode: "good", rng: rand.New(rand.NewPCG(uint64(os.Getpid()), 1))}
	if len(args) > 0 {
		f.mode = args[0]
	}
	if len(args) > 1 {
		f.after, _ = strconv.Atoi(args[1])
	}
	f.out = bufio.NewWriter(os.Stdout)
	f.in = bufio.NewScanner(os.Stdin)
	f.setGame("toy")
	if !f.in.Scan() {
		return 0
	}
	switch {
	case f.in.Text() == "uci":
		f.uci()
	case f.mode == "ucionly":
		for ok := true; ok; ok = f.in.Scan() {
			f.say("Unknown command: '%s'. Type help for more information.", f.in.Text())
		}
	default:
		f.cecp()
	}
	return 0
}

func (f *fakeEngine) say(format string, args ...any) {
	fmt.Fprintf(f.out, format+"\n", args...)
	f.out.Flush()
}

func (f *fakeEngine) setGame(name string) {
	g, err := toygame.Lookup(name)
	if err != nil {
		f.game, f.pos = nil, nil
		return
	}
	f.game, f.pos = g, g.New()
}

// choose returns the engine's ply, or "" when it should not answer.
func (f *fakeEngine) choose() string {
	if f.moved >= f.after {
		switch f.mode {
		case "illegal":
			return "zz99"
		case "crash":
			os.Exit(3)
		case "hang":
			time.Sleep(time.Hour)
		}
	}
	f.moved++
	if f.pos == nil {
		return "zz98"
	}
	moves := f.pos.Moves(nil)
	if len(moves) == 0 {
		return "zz97"
	}
	return f.pos.MoveString(moves[f.rng.IntN(len(moves))])
}

func (f *fakeEngine) setRoll(face byte) {
	if r, ok := f.pos.(variants.Roller); ok {
		_ = r.SetRoll(face)
	}
}

func (f *fakeEngine) uci() {
	f.say("id name fake")
	f.say("option name UCI_Variant type string default chess")
	f.say("uciok")
	for f.in.Scan() {
		w := strings.Fields(f.in.Text())
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "quit":
			return
		case "isready":
			f.say("readyok")
		case "setoption":
			if len(w) >= 5 && w[2] == "UCI_Variant" {
				f.setGame(w[4])
			}
		case "position":
			if f.game == nil {
				continue
			}
			fen, moves, _ := strings.Cut(strings.Join(w[1:], " "), " moves")
			fen = strings.TrimPrefix(fen, "fen ")
			// A position the engine cannot set up leaves it without one:
			// it then answers garbage, so the tests see the arbiter's
			// mistake as an illegal move.
			f.pos = nil
			pos, err := f.game.Load(fen)
			if err != nil {
				f.say("info string error: %v", err)
				continue
			}
			ok := true
			for _, s := range strings.Fields(moves) {
				m, err := pos.ParseMove(s)
				if err != nil {
					f.say("info string error: %v", err)
					ok = false
					break
				}
				pos.Make(m)
			}
			if ok {
				f.pos = pos
			}
		case "go":
			var allowed []string
			for i := 1; i+1 < len(w); i++ {
				if w[i] == "roll" && f.pos != nil {
					f.setRoll(w[i+1][0])
				}
				if w[i] == "searchmoves" {
					allowed = w[i+1:]
					break
				}
			}
			f.longLine()
			mv := f.choose()
			if f.mode == "rulediff" {
				mv = "zz99"
				if len(allowed) > 0 {
					mv = allowed[f.rng.IntN(len(allowed))]
				}
			}
			f.say("info depth 1 score cp 0 pv %s", mv)
			f.say("bestmove %s", mv)
		}
	}
}

func (f *fakeEngine) cecp() {
	for f.in.Scan() {
		line := f.in.Text()
		w := strings.Fields(line)
		if len(w) == 0 {
			continue
		}
		switch w[0] {
		case "quit":
			return
		case "protover":
			f.say(`feature ping=1 setboard=1 usermove=1 myname="fake cecp" dice=1`)
			f.say("feature done=1")
		case "ping":
			f.say("pong %s", w[1])
		case "new":
			if f.game != nil {
				f.pos = f.game.New()
			}
		case "variant":
			f.setGame(w[1])
		case "setboard":
			if f.game != nil {
				if p, err := f.game.Load(strings.TrimPrefix(line, "setboard ")); err == nil {
					f.pos = p
				} else {
					f.say("tellusererror Illegal position")
				}
			}
		case "usermove":
			if f.pos == nil {
				continue
			}
			mv := w[1]
			if mv == "@@@@" {
				mv = "0000"
			}
			m, err := f.pos.ParseMove(mv)
			if err != nil {
				f.say("Illegal move: %s", w[1])
				continue
			}
			f.pos.Make(m)
		case "roll":
			if f.pos != nil {
				f.setRoll(w[1][0])
			}
		case "go":
			if f.moved >= f.after {
				switch f.mode {
				case "resign":
					f.say("resign")
					continue
				case "claim":
					f.say("1-0 {fake claims a win}")
					continue
				case "askdice":
					f.setRoll(0) // forget the roll: ask for it
					f.say("dice 6")
					if !f.in.Scan() {
						return
					}
					var k int
					if _, err := fmt.Sscanf(f.in.Text(), "pips %d/6", &k); err != nil || k < 1 || k > 6 {
						f.say("Error (bad pips): %s", f.in.Text())
						continue
					}
					f.setRoll(variants.DieFaces[6-k])
				}
			}
			f.longLine()
			mv := f.choose()
			if mv == "" {
				continue
			}
			if m, err := f.pos.ParseMove(mv); err == nil {
				f.pos.Make(m)
			}
			f.say("1 0 1 10 %s", mv)
			if mv == "0000" {
				mv = "@@@@"
			}
			f.say("move %s", mv)
		}
	}
}

// longLine prints 5 MiB on one line in mode longline.
func (f *fakeEngine) longLine() {
	if f.mode == "longline" {
		f.say("info string %s", strings.Repeat("x", 5<<20))
	}
}
