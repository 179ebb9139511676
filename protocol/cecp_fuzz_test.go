package protocol

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"varchess/engine"
	"varchess/variants"
	"varchess/variants/all"
)

// cecpErrorLine is the shape of every error line the engine prints.
var cecpErrorLine = regexp.MustCompile(`^(Error \([^():]+\)|Illegal move( \([^():]+\))?): \S`)

// firstMoveSearcher stands in for the engine when fuzzing: it answers at
// once with the first legal ply, so arbitrary input stays fast and the run
// is deterministic.
type firstMoveSearcher struct{}

func (firstMoveSearcher) Search(_ context.Context, pos variants.Position, _ engine.Limits, onInfo func(engine.Info)) engine.Result {
	ms := pos.Moves(nil)
	if len(ms) == 0 {
		return engine.Result{}
	}
	if onInfo != nil {
		onInfo(engine.Info{Depth: 1, PV: ms[:1]})
	}
	return engine.Result{Best: ms[0]}
}
func (f firstMoveSearcher) SearchSingleDrops(ctx context.Context, pos variants.Position, lim engine.Limits, onInfo func(engine.Info)) engine.Result {
	return f.Search(ctx, pos, lim, onInfo)
}
func (firstMoveSearcher) NewGame()                  {}
func (firstMoveSearcher) SetHash(int)               {}
func (firstMoveSearcher) Options() engine.Options   { return engine.Options{} }
func (firstMoveSearcher) SetOptions(engine.Options) {}

// FuzzCECPLines feeds arbitrary command lines to a session. It must never
// panic (handle's safety net would print "Error (internal"), and the
// position must always equal its start replayed with its history: a bad
// command must never leave a half-changed game.
func FuzzCECPLines(f *testing.F) {
	for _, seed := range []string{
		"xboard\nprotover 2\nnew\nusermove e2e4\nundo\nremove\n",
		"new\nforce\nusermove e2e4\nusermove e7e5\ngo\n?\nresult 1-0 {x}\nundo\n",
		"new\nsetboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\ngo\n",
		"new\nsetboard 8/8/8 w\nusermove e2e5\nlevel 40 0:30 0\nst 1\nsd 3\ntime 100\notim x\n",
		"new\nvariant monochrome\nforce\nusermove e2e4\ngo\nundo\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
		"new\nvariant russian\nforce\nroll P\ngo\nroll B\nusermove @@@@\npips 3/6\naccepted dice\ngo\npips 6/6\n",
		"new\nvariant kingchess\nusermove K@e1,Q@d1\ngo\nusermove P@e1\n",
		"new\nvariant kingchess1\nusermove K@e1,Q@d1\nusermove K@e1\nplayother\nanalyze\nusermove e1e2\n.\nexit\n",
		"go\nplayother\nmemory 99999999\nsd 1\n?\nusermove\nundo\nremove\n",
		"analyze\nundo\nexit\nedit\nfoo\nmemory 1\ncores 1\noption Move Overhead=1\nping 7\nwhite\nblack\n",
		"option XBoard moves=1\nvariant monochrome\nforce\nusermove h2h4\nusermove a7a6\nusermove h4h5a\nusermove h5h4c\ngo\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w - - 0 1\n",
		"option XBoard moves=1\nvariant russian\nforce\nsetboard r4k/6/6/6/(PK)5/6 w K 0 1\nusermove a2a1\nroll B\ngo\nsetboard r4k/6/6/6/6/K5 w - - 0 2\n",
		"option XBoard moves=1\nvariant kingchess\ngo\nusermove K@e8,Q@d8\noption XBoard moves=x\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var buf bytes.Buffer
		s := newCECPSession(&buf, firstMoveSearcher{}, all.Get)
		for _, line := range strings.Split(input, "\n") {
			if err := s.handle(line); err != nil {
				break // quit
			}
			if s.search != nil { // let the stand-in search (or perft) finish
				<-s.search.done
				s.searchDone()
			}
			if s.pos != nil {
				want := s.pos.FEN()
				var roll byte // a roll of the side to move is not history
				if r, ok := s.pos.(variants.Roller); ok {
					roll = r.Roll()
				}
				s.rebuild(len(s.hist))
				if r, ok := s.pos.(variants.Roller); ok && roll != 0 {
					if err := r.SetRoll(roll); err != nil {
						t.Fatalf("roll %c accepted before but not after a rebuild: %v", roll, err)
					}
				}
				if got := s.pos.FEN(); got != want {
					t.Fatalf("after %q the position %q is not its history replayed (%q)", line, want, got)
				}
			}
		}
		s.stopSearch()
		if strings.Contains(buf.String(), "Error (internal") {
			t.Fatalf("a command panicked:\n%s", buf.String())
		}
		// XBoard reads `Error (REASON): COMMAND` and `Illegal move
		// (REASON): MOVE` up to the first "): ", so a reason must hold
		// no colon or parenthesis.
		for _, l := range strings.Split(buf.String(), "\n") {
			if (strings.HasPrefix(l, "Error") || strings.HasPrefix(l, "Illegal move")) && !cecpErrorLine.MatchString(l) {
				t.Fatalf("malformed error line %q", l)
			}
		}
	})
}
