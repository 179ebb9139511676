package protocol

import (
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"varchess/variants"
	"varchess/variants/all"
)

// scenarioXBoardMoves: with the option "XBoard moves" monochrome is set up
// on XBoard's normal chess and crossing moves carry the recolouring letter
// (checked on input too); a bare russian stack move that is illegal for the
// whole stack is read as the fewest checkers that make it legal.
func scenarioXBoardMoves(t *testing.T, start starter) {
	p := start(t)
	p.handshake(false)
	p.send("variant monochrome")
	if l := p.sync(); len(l) == 0 || !strings.Contains(l[0], "8x8+0_fairy ") {
		t.Errorf("without the option monochrome borrows fairy: %q", l)
	}
	p.send("option XBoard moves=1", "variant monochrome")
	if l := p.sync(); len(l) == 0 || !strings.HasPrefix(l[0], "setup (") || !strings.Contains(l[0], "8x8+1_normal ") {
		t.Errorf("with the option monochrome borrows normal: %q", l)
	}
	// XBoard's FEN has the (unused) holdings.
	p.send("force", "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w - - 0 1", "usermove h2h4", "usermove a7a6")
	p.expectSilent(p.sync())
	p.send("usermove h4h5c") // c is the knight's letter, the piece is a pawn
	p.expectOnly(p.sync(), `^Illegal move \(.*does not name the piece.*\): h4h5c$`)
	p.send("usermove h4h3a") // does not cross the line
	p.expectOnly(p.sync(), `^Illegal move \(.*does not cross.*\): h4h3a$`)
	p.send("usermove h4h5a", "usermove h5h6") // North moves the pawn it now owns
	p.expectSilent(p.sync())
	p.send("option XBoard moves=maybe")
	p.expectOnly(p.sync(), `^Error \(bad option value\): option XBoard moves=maybe$`)

	// The White King on a2 stands on its pawn, in check from the rook on
	// a6: the whole stack cannot step to a1 (the file opens), the King alone
	// can.
	p.send("variant russian")
	p.sync()
	p.send("force", "option XBoard moves=0", "setboard r4k/6/6/6/(PK)5/6 w K 0 1", "usermove a2a1")
	p.expectOnly(p.sync(), `^Illegal move .*: a2a1$`)
	p.send("option XBoard moves=1", "usermove a2a1")
	p.expectSilent(p.sync())
	p.send("undo", "usermove a2a1/1")
	p.expectSilent(p.sync())

	// kingchess: single drops only, which XBoard can relay.
	p.send("new", "variant kingchess", "sd 2", "go")
	l, _ := p.waitFor(`^move `, 30*time.Second)
	if strings.Contains(l, ",") {
		t.Errorf("kingchess with the option: %q is a multi-drop", l)
	}
}

// TestXBoardMovesRoundTrip plays random monochrome and russian games with
// the option on and checks every legal ply at every position: what the
// engine writes reads back as the same ply, monochrome crossing moves and
// only those carry the letter of the moved piece, russian whole-stack moves
// always survive the relay, and every from-to of a legal ply keeps exactly
// one ply the engine may play (so the restriction never takes a move away
// entirely).
func TestXBoardMovesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for _, name := range []string{"monochrome", "russian"} {
		g, err := all.Get(name)
		if err != nil {
			t.Fatal(err)
		}
		s := newCECPSession(io.Discard, firstMoveSearcher{}, all.Get)
		s.xboardMoves = true
		dropped := 0 // russian partial-stack plies the relay rules out
		for game := 0; game < 20; game++ {
			s.startGame(g, g.New())
			for ply := 0; ply < 80 && !s.pos.Status().Over(); ply++ {
				if r, ok := s.pos.(variants.Roller); ok {
					if err := r.SetRoll(variants.DieFaces[rng.IntN(6)]); err != nil {
						t.Fatal(err)
					}
				}
				dropped += checkRelay(t, s, name)
				moves := s.pos.Moves(nil)
				if len(moves) == 0 {
					break
				}
				m := moves[rng.IntN(len(moves))]
				s.play(m, s.writeMove(m))
			}
		}
		if name == "russian" && dropped == 0 {
			t.Errorf("russian: no position with a partial-stack ply: the test proves nothing")
		}
	}
}

// checkRelay checks the plies of s.pos and returns how many the engine may
// not play because they would not survive the relay.
func checkRelay(t *testing.T, s *cecpSession, name string) (dropped int) {
	t.Helper()
	fen := s.pos.FEN()
	moves := s.pos.Moves(nil)
	playable := s.relayableMoves()
	if name == "russian" && len(moves) > 0 && len(playable) == 0 {
		t.Fatalf("%s: no playable ply of %d", fen, len(moves))
	}
	survivors := map[string]int{}
	for _, m := range moves {
		plain := s.pos.MoveString(m)
		text, ok := s.survivesRelay(m)
		switch name {
		case "monochrome":
			if !ok {
				t.Fatalf("%s: %s written %q does not read back", fen, plain, text)
			}
			wantLetter := (plain[1] <= '4') != (plain[3] <= '4') // crosses the centre line
			view := s.pos.(variants.Displayer).Display()
			moved, _ := view.Top(view.Square(plain[:2]))
			if hasLetter := len(text) == 5; hasLetter != wantLetter || (hasLetter && text[4] != recolourLetter[moved.Type]) {
				t.Fatalf("%s: %s written %q", fen, plain, text)
			}
		case "russian":
			base, _, partial := strings.Cut(plain, "/")
			if ok {
				survivors[base]++
			}
			if !partial && !ok {
				t.Fatalf("%s: whole-stack %s written %q does not survive", fen, plain, text)
			}
			if contains(playable, m) && !ok {
				t.Fatalf("%s: %s is played but does not survive the relay", fen, plain)
			}
			if !ok {
				dropped++
			}
		}
	}
	for base, n := range survivors {
		if n != 1 {
			t.Fatalf("%s: %d plies survive as %s", fen, n, base)
		}
	}
	return dropped
}

func contains(ms []variants.Move, m variants.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// TestXBoardView: after a partial-stack move relayed as a bare from-to,
// XBoard shows the square left behind as empty; the engine then neither
// moves from it nor fails to recognise XBoard's setboard for a pass.
func TestXBoardView(t *testing.T) {
	g, err := all.Get("russian")
	if err != nil {
		t.Fatal(err)
	}
	s := newCECPSession(io.Discard, firstMoveSearcher{}, all.Get)
	s.xboardMoves = true
	pos, err := g.Load("r4k/6/6/6/(PK)5/6 w K 0 1")
	if err != nil {
		t.Fatal(err)
	}
	s.startGame(g, pos)
	m, err := s.readMove("a2a1") // the King alone: the whole stack would open the a-file
	if err != nil {
		t.Fatal(err)
	}
	s.play(m, "a2a1")
	if got, want := s.pos.FEN(), "r4k/6/6/6/P5/K5 b - 1 1"; !strings.HasPrefix(got, "r4k/6/6/6/P5/K5 b") {
		t.Fatalf("position %q, want %q", got, want)
	}
	v, ok := s.xboardView()
	if !ok || v.board() != "r4k/6/6/6/6/K5" {
		t.Fatalf("XBoard view %q (%v), want r4k/6/6/6/6/K5", v.board(), ok)
	}
	// Black passes (a bishop roll: no bishop takes part); White's pawn on
	// a2 exists but XBoard shows it nowhere.
	if face, ok := s.passLeadsTo("r4k/6/6/6/6/K5 w - - 0 2"); !ok || face == 0 {
		t.Fatalf("XBoard's setboard after Black's pass not recognised (face %q)", face)
	}
	pass, _ := s.readMove("@@@@")
	s.play(pass, "@@@@")
	if err := s.pos.(variants.Roller).SetRoll('K'); err != nil {
		t.Fatal(err)
	}
	playable := s.relayableMoves()
	if len(playable) == 0 {
		t.Fatal("no playable move")
	}
	for _, m := range playable {
		if text := s.writeMove(m); strings.HasPrefix(text, "a2") {
			t.Errorf("plays %s from a square XBoard shows empty", text)
		}
	}
}

// TestNickNamesMatchLetters: the -pieceNickNames table documented for XBoard
// (and used by scripts/xboard-games.sh) gives each White piece its
// recolouring letter and each Black piece the same letter in upper case, so
// XBoard turns a crossing piece into the other colour of the same type.
func TestNickNamesMatchLetters(t *testing.T) {
	table := xboardPieceTable(true) // XBoard's slots: White's half, then Black's
	if len(xboardNickNames) != len(table) {
		t.Fatalf("nicknames %q and piece table %q differ in length", xboardNickNames, table)
	}
	half := len(table) / 2
	for i := 0; i < half; i++ {
		piece, nick, blackNick := table[i], xboardNickNames[i], xboardNickNames[half+i]
		if piece == '.' {
			if nick != '.' || blackNick != '.' {
				t.Errorf("slot %d: unused piece with nicknames %c %c", i, nick, blackNick)
			}
			continue
		}
		if want := recolourLetter[piece]; nick != want || blackNick != want-'a'+'A' {
			t.Errorf("%c: nicknames %c/%c, want %c/%c", piece, nick, blackNick, want, want-'a'+'A')
		}
	}
	script, err := os.ReadFile("../scripts/xboard-games.sh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), `NICKNAMES="`+xboardNickNames+`"`) {
		t.Errorf("scripts/xboard-games.sh does not pass %q", xboardNickNames)
	}
}
