// Package protocol speaks UCI and CECP (XBoard) on a pair of streams. Run
// reads the input on one goroutine and hands lines to the loop of the
// protocol the first command names (uci.go, cecp.go); searches and perfts
// run as tasks on their own goroutine (task.go) and are stopped through
// context cancellation, so the loop always listens.
package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"varchess/internal/awake"
)

// commandHold is how long the timer of package awake runs after each line
// read: far longer than any command but a search (which runs its own) takes.
const commandHold = 2 * time.Second

// Run reads commands from in until EOF or quit and answers on out. The first
// non-empty line selects the protocol: "uci" for UCI, "xboard" or
// "protover ..." for CECP.
func Run(in io.Reader, out io.Writer) error {
	done := make(chan struct{})
	defer close(done)
	return serve(readLines(in, done), out, caps{})
}

// caps bound what a session may do, so that tests and fuzzing with arbitrary
// input stay fast and small: nodes caps every search (a perft runs depth 1),
// hashMB the table. Zero fields mean no cap, as in production.
type caps struct {
	nodes  uint64
	hashMB int
}

// serve is Run on lines already read (closed at EOF).
func serve(lines <-chan string, out io.Writer, c caps) error {
	for line := range lines {
		line = strings.TrimSpace(line)
		switch first, _, _ := strings.Cut(line, " "); {
		case line == "":
			continue
		case line == "uci":
			return runUCI(line, lines, out, c)
		case line == "xboard" || first == "protover":
			return runCECP(line, lines, out, c)
		case line == "quit":
			return nil
		default:
			// Nothing else runs yet, so out needs no serialising here.
			if _, err := fmt.Fprintf(out, "error: unknown command %q: send \"uci\" or \"xboard\" first\n", line); err != nil {
				return err
			}
		}
	}
	return nil
}

// readLines starts the one goroutine that reads in. Lines arrive on the
// returned channel, which is closed at EOF (or on a read error). The
// goroutine also ends when done is closed, so it never leaks a blocked send.
func readLines(in io.Reader, done <-chan struct{}) <-chan string {
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		// Each command is answered while this goroutine waits in the next
		// read; under Go 1.26 a garbage collection started by the answer
		// could then wait for this thread for up to 60 s. The keeper's
		// timer bounds that (package awake); searches hold one of their own.
		keeper := awake.New()
		defer keeper.Stop()
		r := bufio.NewReader(in)
		for {
			s, err := r.ReadString('\n')
			keeper.Hold(commandHold)
			if s != "" {
				select {
				case lines <- strings.TrimRight(s, "\r\n"):
				case <-done:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	return lines
}

// lineWriter serialises whole lines from the protocol loop and the search
// goroutine onto one stream.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error // the first write error; later writes are dropped
}

func newLineWriter(w io.Writer) *lineWriter { return &lineWriter{w: w} }

// printf writes one line (a newline is added).
func (l *lineWriter) printf(format string, args ...any) {
	l.println(fmt.Sprintf(format, args...))
}

// println writes s and a newline as one write.
func (l *lineWriter) println(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return
	}
	_, l.err = io.WriteString(l.w, s+"\n")
}

// failed returns the first write error, if any.
func (l *lineWriter) failed() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.err
}
