package protocol

import (
	"context"

	"varchess/perft"
	"varchess/variants"
)

// A task is long work (a search or a perft) running on its own goroutine
// while the protocol loop goes on reading commands. The loop owns the task
// value; the goroutine only sees its context and prints its own answer.
//
// How the loops use it (the rule every command follows):
//   - isready/ping, stop, ponderhit and quit are answered at once, whatever
//     runs;
//   - a command that changes the game or the engine (position, setoption,
//     go, ...) waits for a task that ends by itself (a timed or depth-limited
//     search, a perft) and stops an endless one (go infinite, pondering
//     before ponderhit, go without any limit);
//   - EOF on the input is quit: the task is stopped, never waited for.
type task struct {
	cancel context.CancelFunc
	done   chan struct{} // closed when the goroutine has printed its last line
	// endless: the task stops only on command (go infinite, go ponder until
	// ponderhit, go without limits), so nothing may wait for it.
	endless bool
	// ponderhit is closed on `ponderhit`; nil unless pondering.
	ponderhit chan struct{}
}

// startTask runs work on a new goroutine. work must return soon after ctx is
// cancelled.
func startTask(endless bool, work func(ctx context.Context)) *task {
	ctx, cancel := context.WithCancel(context.Background())
	t := &task{cancel: cancel, done: make(chan struct{}), endless: endless}
	go func() {
		defer close(t.done)
		defer cancel()
		work(ctx)
	}()
	return t
}

// stop cancels the task and waits until it has printed its answer.
func (t *task) stop() {
	t.cancel()
	<-t.done
}

// hitPonder turns a pondering search into a normal one (UCI ponderhit).
func (t *task) hitPonder() {
	if t.ponderhit != nil {
		close(t.ponderhit)
		t.ponderhit = nil
		t.endless = false
	}
}

// runPerft counts perft(depth) of pos (which the caller gives away) on
// threads threads and prints it as `<ply>: <count>` lines, an empty line
// and `Nodes searched: N`, each ply written by spell. When ctx is cancelled
// first it prints only `<note> perft N stopped` (a partial count means
// nothing); a perft estimated beyond perft.DefaultMaxTime is refused at
// once with `<note> perft N refused: <estimate>`.
func runPerft(ctx context.Context, out *lineWriter, pos variants.Position, depth int, opt variants.PerftOptions, threads int, spell func(string) string, note string) {
	res, err := perft.Run(ctx, pos, depth, perft.Config{Options: opt, Divide: true, Threads: threads, MaxTime: perft.DefaultMaxTime})
	if ctx.Err() != nil {
		out.printf("%s perft %d stopped", note, depth)
		return
	}
	if err != nil {
		out.printf("%s perft %d %v", note, depth, err)
		return
	}
	for _, l := range res.Lines {
		out.printf("%s: %s", spell(l.Move), l.Nodes)
	}
	out.println("")
	out.printf("Nodes searched: %s", res.Nodes)
}
