package kingchess

import (
	"testing"
	"time"
)

func TestQuickStart(t *testing.T) {
	p, err := Parse1(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	for d := 1; d <= 4; d++ {
		st := time.Now()
		t.Log(d, p.Perft(d, zeroOpt), time.Since(st))
	}
	q, _ := Parse(StartFEN)
	st := time.Now()
	t.Log(q.Perft(1, zeroOpt), time.Since(st))
}
