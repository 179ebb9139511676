// Command varchess is a chess-variant engine: a UCI/CECP engine on stdin and
// stdout when started without arguments, and a set of tools (perft, bench,
// match, serve) as subcommands. See README.md and docs/cli.md.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"varchess/engine"
	"varchess/internal/awake"
	"varchess/match"
	"varchess/nnue/train"
	"varchess/perft"
	"varchess/protocol"
	"varchess/spsa"
	"varchess/tune"
	"varchess/web"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		if err := protocol.Run(stdin, stdout); err != nil {
			fmt.Fprintf(stderr, "varchess: %v\n", err)
			return 1
		}
		return 0
	}
	switch args[0] {
	case "perft":
		return perft.Main(args[1:], stdout, stderr)
	case "bench":
		return engine.BenchMain(args[1:], stdout, stderr)
	case "match":
		// The arbiter waits on engines all match long: a runtime stall of
		// its own would time them wrongly (package awake).
		defer awake.Keep()()
		// The match's live view (-live ADDR) is the web server's page.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return match.MainWith(ctx, args[1:], stdout, stderr, match.Hooks{Live: web.StartLive})
	case "match-merge":
		return match.MergeMain(args[1:], stdout, stderr)
	case "match-timeuse":
		return match.TimeUseMain(args[1:], stdout, stderr)
	case "serve":
		return web.Main(args[1:], stdout, stderr)
	case "datagen":
		return tune.DatagenMain(args[1:], stdout, stderr)
	case "tune":
		return tune.TuneMain(args[1:], stdout, stderr)
	case "relabel":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return tune.RelabelMain(ctx, args[1:], stdout, stderr)
	case "nnue-train":
		return train.Main(args[1:], stdout, stderr)
	case "spsa":
		defer awake.Keep()() // it arbitrates games, as match does
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return spsa.Main(ctx, args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "varchess: unknown command %q\n", args[0])
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: varchess [command] [flags]

Without a command, varchess is an engine speaking UCI or CECP (XBoard) on
stdin/stdout; the first line ("uci" or "xboard") picks the protocol.

Commands (each explains its flags with -h):
  perft   count legal game-tree leaves (one position or a reference suite)
  bench   search a fixed set of positions; prints a deterministic node count
  match   play engines against each other in any variant (matches,
          tournaments, SPRT, shards)
  match-merge  report the whole of a match played in shards
  match-timeuse  how each player of a match spent its clock, by phase
  serve   the board in the browser: play every game against the engine,
          another person, or watch engines play
  datagen play chess self-play games and write labelled positions for tune
  tune    fit the chess evaluation weights to datagen positions (Texel tuning)
  relabel replace a datagen file's scores with another UCI engine's
  nnue-train  train the chess evaluation network (NNUE) on datagen positions
  spsa    tune a tuning build's search margins by game pairs (SPSA)
`)
}
