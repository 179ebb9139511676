package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"varchess/match"
)

// TestLiveView runs a real match (built-in players, russian and
// kingchess) with the live view as its observer and checks what the page
// reads: every game with its players, rolls, moves, board and result.
func TestLiveView(t *testing.T) {
	for _, v := range []string{"russian", "kingchess"} {
		live := NewLive()
		srv, hs := newTestServer(t, Config{})
		srv.live = live
		var out strings.Builder
		code := match.MainWith(context.Background(), []string{"-variant", v, "-engine", "builtin:random", "-engine", "builtin:greedy", "-games", "2", "-tc", "10+0.1", "-maxplies", "80"},
			&out, io.Discard, match.Hooks{Observer: live})
		if code != 0 {
			t.Fatalf("%s match: exit %d\n%s", v, code, out.String())
		}
		c := newClient(t, hs)
		status, data := c.do("GET", "/api/live", nil)
		if status != http.StatusOK {
			t.Fatalf("live: %d %s", status, data)
		}
		snap := decode[liveJSON](t, data)
		if len(snap.Games) != 2 {
			t.Fatalf("%s: %d games shown", v, len(snap.Games))
		}
		for _, g := range snap.Games {
			if g.Variant != v || !g.Status.Over || g.White == "" || len(g.History) == 0 || len(g.Board.Squares) == 0 {
				t.Fatalf("%s: game %+v", v, g)
			}
			for _, h := range g.History {
				if (v == "russian") != (h.Roll != "") {
					t.Fatalf("%s: ply %s roll %q", v, h.Text, h.Roll)
				}
				if h.From == "" && h.Drops == nil && !h.Pass {
					t.Fatalf("%s: ply %s not described", v, h.Text)
				}
			}
		}
	}
	// Without a match the live API says so.
	_, hs := newTestServer(t, Config{})
	if status, _ := newClient(t, hs).do("GET", "/api/live", nil); status != http.StatusNotFound {
		t.Errorf("no match: %d", status)
	}
}
