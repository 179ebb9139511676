package web

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"varchess/match"
)

// Main runs `varchess serve` (args without "serve") and returns the exit
// code: 0 after an interrupt, 1 when the server cannot run, 2 for a bad
// command line.
func Main(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return serve(ctx, args, stdout, stderr)
}

// serve is Main until ctx is done.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen address; anything but a loopback address exposes the board to the network (a warning is printed)")
	var engines []EngineChoice
	fs.Func("engine", "an opponent the page may choose, as in match: `builtin:random|builtin:greedy` or cmd=PATH,proto=uci|cecp[,name=N]...; repeatable (default: the built-in engine)", func(s string) error {
		spec, err := match.ParseEngineSpec(s)
		if err == nil {
			engines = append(engines, MatchEngine(spec))
		}
		return err
	})
	cfg := DefaultConfig()
	fs.IntVar(&cfg.MaxGames, "maxgames", cfg.MaxGames, "games held at once")
	fs.IntVar(&cfg.MaxGamesPerClient, "maxgames-client", cfg.MaxGamesPerClient, "games one browser holds (its oldest is dropped)")
	fs.DurationVar(&cfg.AnalysisTime, "analysis-time", cfg.AnalysisTime, "longest analysis of one position")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: varchess serve [-addr 127.0.0.1:8080] [-engine SPEC]...\n\n"+
			"Serves the board: play chess, monochrome, russian, kingchess and kingchess1\n"+
			"in the browser against the engine, another person, or watch engines play.\n"+
			"Everything the page needs is inside the binary; open the URL it prints.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if len(engines) > 0 {
		cfg.Engines = append([]EngineChoice{BuiltinEngine()}, engines...)
	}
	cfg.AllowedHosts = allowedHostsFor(*addr, stderr)
	srv := New(cfg)
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "varchess board: open %s\n", pageURL(ln.Addr(), "/"))
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	return 0
}

// allowedHostsFor warns when addr is not a loopback address: then any
// Host is accepted (the machine's names are not known), and anyone who
// can reach the port can play.
func allowedHostsFor(addr string, stderr io.Writer) []string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	if host == "localhost" || (ip != nil && ip.IsLoopback()) {
		return nil
	}
	fmt.Fprintf(stderr, "warning: listening on %s, not a loopback address: anyone who can reach this port can open the board and play (engines still come only from this command line)\n", addr)
	return []string{"*"}
}

// pageURL is the address to open for a listener.
func pageURL(a net.Addr, path string) string {
	host := a.String()
	if tcp, ok := a.(*net.TCPAddr); ok && tcp.IP.IsUnspecified() {
		host = net.JoinHostPort("127.0.0.1", fmt.Sprint(tcp.Port))
	}
	return "http://" + host + path
}
