package tune

import (
	"bufio"
	"os"
)

// lineWriter writes text lines to a file through a buffer.
type lineWriter struct {
	f *os.File
	w *bufio.Writer
}

func newLineWriter(f *os.File) *lineWriter {
	return &lineWriter{f: f, w: bufio.NewWriterSize(f, 1<<16)}
}

func (l *lineWriter) line(s string) error {
	if _, err := l.w.WriteString(s); err != nil {
		return err
	}
	return l.w.WriteByte('\n')
}

func (l *lineWriter) close() error {
	err := l.w.Flush()
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	return err
}
