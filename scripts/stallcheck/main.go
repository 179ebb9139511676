// Command stallcheck looks for engine stalls: it drives two UCI engine
// processes through pipes, alternating short fixed-node searches as in a
// game, and reports every search that takes longer than -slow, with the
// lines the engine printed and when each arrived. It never sends `stop`, so
// a stalled engine shows how long it stays silent on its own; with -quit it
// sends the engine SIGQUIT after that much silence, and the engine (run with
// GOTRACEBACK=system) writes its goroutines to -dir/<tag><n>.err.
//
// It exits 1 if any search was slow or an engine died. docs/strength.md ("A
// rare hang") has what it found; scripts/stall-check.sh builds and runs it.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"varchess/internal/awake"
)

type engine struct {
	cmd   *exec.Cmd
	in    io.Writer
	lines chan string
	name  string
}

func start(bin, name, errPath string) (*engine, error) {
	c := exec.Command(bin)
	c.Env = append(os.Environ(), "GOTRACEBACK=system")
	in, err := c.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := c.StdoutPipe()
	if err != nil {
		return nil, err
	}
	ef, err := os.OpenFile(errPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	c.Stderr = ef
	if err := c.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	e := &engine{cmd: c, in: in, lines: make(chan string, 1024), name: name}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	e.send("uci")
	if !e.waitFor("uciok") {
		return nil, fmt.Errorf("%s: no uciok", bin)
	}
	e.send("setoption name Hash value 16")
	e.send("isready")
	if !e.waitFor("readyok") {
		return nil, fmt.Errorf("%s: no readyok", bin)
	}
	return e, nil
}

func (e *engine) send(s string) { fmt.Fprintln(e.in, s) }

func (e *engine) waitFor(line string) bool {
	for l := range e.lines {
		if l == line {
			return true
		}
	}
	return false
}

// search sends position and go, and returns the bestmove line (empty if
// the engine died), the lines with their arrival times, and how long it took.
func (e *engine) search(moves []string, nodes int, quit time.Duration) (string, []string, time.Duration, bool) {
	pos := "position startpos"
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	e.send(pos)
	sent := time.Now()
	e.send(fmt.Sprintf("go nodes %d", nodes))
	var quitSent atomic.Bool
	if quit > 0 {
		t := time.AfterFunc(quit, func() {
			quitSent.Store(true)
			e.cmd.Process.Signal(syscall.SIGQUIT)
		})
		defer t.Stop()
	}
	var got []string
	for l := range e.lines {
		got = append(got, fmt.Sprintf("+%.3fs %s", time.Since(sent).Seconds(), l))
		if strings.HasPrefix(l, "bestmove") {
			return l, got, time.Since(sent), quitSent.Load()
		}
	}
	return "", got, time.Since(sent), quitSent.Load()
}

func main() {
	bin := flag.String("bin", "./varchess", "the engine")
	dur := flag.Duration("d", 10*time.Minute, "how long to run")
	slow := flag.Duration("slow", time.Second, "report searches longer than this")
	quit := flag.Duration("quit", 0, "send SIGQUIT to an engine silent this long after go (0: never)")
	minN := flag.Int("min", 300, "fewest nodes of a search")
	maxN := flag.Int("max", 3000, "most nodes of a search")
	dir := flag.String("dir", ".", "where the engines' stderr files go")
	tag := flag.String("tag", "e", "prefix of the engine names and stderr files")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the node counts")
	flag.Parse()
	// The driver is a Go program too: without this it could stall itself
	// and blame the engine.
	defer awake.Keep()()
	if *minN < 1 || *maxN < *minN || *dur <= 0 || *slow <= 0 {
		fmt.Fprintln(os.Stderr, "stallcheck: need 1 <= -min <= -max, and -d, -slow positive")
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(*seed, 1))
	var es [2]*engine
	startBoth := func() error {
		for i := range es {
			if es[i] != nil {
				es[i].cmd.Process.Kill()
				es[i].cmd.Wait()
			}
			name := fmt.Sprintf("%s%d", *tag, i)
			e, err := start(*bin, name, filepath.Join(*dir, name+".err"))
			if err != nil {
				return err
			}
			es[i] = e
		}
		return nil
	}
	if err := startBoth(); err != nil {
		fmt.Fprintln(os.Stderr, "stallcheck:", err)
		os.Exit(2)
	}
	t0 := time.Now()
	searches, games, bad := 0, 0, 0
	var longest time.Duration
	lastReport := time.Now()
	for time.Since(t0) < *dur {
		games++
		for _, e := range es {
			e.send("ucinewgame")
		}
		var moves []string
		for ply := 0; ply < 160; ply++ {
			e := es[ply%2]
			n := *minN + rng.IntN(*maxN-*minN+1)
			bm, got, took, quitSent := e.search(moves, n, *quit)
			searches++
			longest = max(longest, took)
			if took > *slow || bm == "" {
				bad++
				fmt.Printf("%s SLOW %s, game %d ply %d, go nodes %d: %.3f s (SIGQUIT sent: %v)\n",
					time.Now().UTC().Format("15:04:05.000"), e.name, games, ply, n, took.Seconds(), quitSent)
				for _, l := range got {
					fmt.Println("    " + l)
				}
			}
			if bm == "" {
				fmt.Println("    the engine died; both restart")
				if err := startBoth(); err != nil {
					fmt.Fprintln(os.Stderr, "stallcheck:", err)
					os.Exit(2)
				}
				break
			}
			f := strings.Fields(bm)
			if len(f) < 2 || f[1] == "(none)" || f[1] == "0000" {
				break // game over
			}
			moves = append(moves, f[1])
			if time.Since(lastReport) >= time.Minute {
				lastReport = time.Now()
				fmt.Printf("%s %d searches, %d games, %d slow, longest %.3f s\n",
					time.Now().UTC().Format("15:04:05"), searches, games, bad, longest.Seconds())
			}
		}
	}
	for _, e := range es {
		e.send("quit")
	}
	fmt.Printf("done: %d searches, %d games, %d slow, longest %.3f s\n", searches, games, bad, longest.Seconds())
	if bad > 0 {
		os.Exit(1)
	}
}
