package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// process is an engine program on the other end of two pipes. One goroutine
// reads its stdout into lines (closed at EOF); writes go straight to stdin.
type process struct {
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan engineLine
	exited chan struct{} // closed once the process has been reaped
	start  time.Time     // when it was started: the origin of the trace's times
	log    *ioLog
	broken bool // crashed, hung or talked nonsense: not reusable
	// recent is the last traffic (commands sent, lines read), oldest
	// first, kept for the report of a player that lost by a fault.
	recent []traffic
}

// engineLine is one line of traffic and when it passed: written to the
// engine, or taken from its pipe by the reading goroutine (which can be
// long before the match reads it).
type engineLine struct {
	text string
	at   time.Time
}

// traffic is a line sent ("<") or read (">").
type traffic struct {
	dir string
	engineLine
}

// recentLines is how much traffic a process keeps for a fault report.
const recentLines = 12

// remember keeps l, sent or read, in the recent traffic, dropping the
// oldest.
func (p *process) remember(dir string, l engineLine) {
	if len(p.recent) == recentLines {
		copy(p.recent, p.recent[1:])
		p.recent = p.recent[:recentLines-1]
	}
	p.recent = append(p.recent, traffic{dir, l})
}

// trace is the recent traffic, each line marked "<" (sent to the engine) or
// ">" (read from it) and stamped with the seconds since the engine started
// when the line was written to it or taken from its pipe. The stamps tell
// an engine that wrote nothing from an answer that waited in the pipe.
func (p *process) trace() []string {
	out := make([]string, len(p.recent))
	for i, t := range p.recent {
		out[i] = fmt.Sprintf("%s %s @%.3fs", t.dir, t.text, t.at.Sub(p.start).Seconds())
	}
	return out
}

// ioLog writes the engines' traffic for -debug; nil logs nothing.
type ioLog struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *ioLog) printf(format string, args ...any) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format, args...)
}

var (
	errTimeout = errors.New("no answer in time")
	errEOF     = errors.New("engine closed its output")
)

func startProcess(spec EngineSpec, log *ioLog) (*process, error) {
	cmd := exec.Command(spec.Cmd, spec.Args...)
	cmd.Dir = spec.Dir
	isolate(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", spec.Name, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", spec.Name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %w", spec.Name, err)
	}
	p := &process{
		name:   spec.Name,
		cmd:    cmd,
		stdin:  stdin,
		lines:  make(chan engineLine, 256),
		exited: make(chan struct{}),
		log:    log,
		start:  time.Now(),
	}
	go p.read(stdout)
	return p, nil
}

// maxLine is the longest engine output line the arbiter keeps; the rest
// of a longer line is dropped. A move is always at the start of its line,
// so cutting never loses one, and an engine that prints a huge line (a PV
// dump, a debug trace) goes on playing instead of being taken for dead.
const maxLine = 1 << 20

func (p *process) read(stdout io.Reader) {
	r := bufio.NewReaderSize(stdout, 64*1024)
	for {
		text, err := readCapped(r, maxLine)
		if err != nil && text == "" {
			break
		}
		text = strings.TrimRight(text, "\r")
		p.log.printf("%s > %s\n", p.name, text)
		p.lines <- engineLine{text, time.Now()}
		if err != nil {
			break
		}
	}
	close(p.lines)
	// stdout is closed: reap the process so it does not linger as a zombie.
	_ = p.cmd.Wait()
	close(p.exited)
}

// readCapped reads one line (without its newline), keeping at most max
// bytes of it and discarding the rest. At EOF it returns the unterminated
// last line, if any, with the error.
func readCapped(r *bufio.Reader, max int) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if room := max - len(b); room > 0 {
			b = append(b, chunk[:min(len(chunk), room)]...)
		}
		switch {
		case err == nil:
			return strings.TrimSuffix(string(b), "\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return string(b), err
		}
	}
}

// send writes one command line.
func (p *process) send(format string, args ...any) error {
	line := fmt.Sprintf(format, args...)
	p.log.printf("%s < %s\n", p.name, line)
	p.remember("<", engineLine{line, time.Now()})
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		p.broken = true
		return crashed(fmt.Sprintf("cannot write to it (%v)", err))
	}
	return nil
}

// readLine waits for the next line until deadline (zero = no deadline) or
// ctx ends.
func (p *process) readLine(ctx context.Context, deadline time.Time) (string, error) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	select {
	case l, ok := <-p.lines:
		if !ok {
			p.broken = true
			return "", errEOF
		}
		p.remember(">", l)
		return l.text, nil
	case <-timeout:
		return "", errTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// waitFor reads lines until one satisfies ok, or the deadline passes.
func (p *process) waitFor(ctx context.Context, d time.Duration, what string, ok func(string) bool) error {
	deadline := time.Now().Add(d)
	for {
		line, err := p.readLine(ctx, deadline)
		if err != nil {
			p.broken = true
			return fmt.Errorf("engine %s: waiting for %s: %w", p.name, what, err)
		}
		if ok(line) {
			return nil
		}
	}
}

// pending returns the lines already received, without waiting.
func (p *process) pending() []string {
	var out []string
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.broken = true
				return out
			}
			p.remember(">", l)
			out = append(out, l.text)
		default:
			return out
		}
	}
}

// stop asks the engine to quit and kills it if it does not within grace.
func (p *process) stop(quit string, grace time.Duration) {
	if !p.broken && quit != "" {
		_ = p.send("%s", quit)
	}
	_ = p.stdin.Close()
	select {
	case <-p.exited:
		return
	case <-time.After(grace):
	}
	kill(p.cmd)
	go func() {
		for range p.lines { // let the reader reach EOF and reap the process
		}
	}()
	select {
	case <-p.exited:
	case <-time.After(5 * time.Second):
		// Something else holds the pipe open; give up waiting rather than
		// blocking the match (the reader goroutine stays behind).
	}
}
