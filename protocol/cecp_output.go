package protocol

import (
	"fmt"
	"io"
	"sync"
)

// cecpWriter serialises whole lines to the GUI: the command loop and the
// search goroutine both print, and a line must never be interleaved with
// another. The first write error is kept so the loop can stop on a dead pipe.
type cecpWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func newCECPWriter(w io.Writer) *cecpWriter { return &cecpWriter{w: w} }

// printf writes one line (a newline is appended).
func (o *cecpWriter) printf(format string, args ...any) {
	line := fmt.Sprintf(format, args...) + "\n"
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	_, o.err = io.WriteString(o.w, line)
}

// failed returns the first write error, if any.
func (o *cecpWriter) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}
