package engine

import (
	"context"
	"fmt"
	"testing"
)

func TestRussianProbeBlind(t *testing.T) {
	p := mustRussian(t, "6/6/2p3/3k2/6/N4K w N 0 1")
	for d := 1; d <= 3; d++ {
		r := searchRussianWith(New(Options{HashMB: 4}), context.Background(), p, Limits{Depth: d}, nil, russianSearchOptions{DiceBlind: true})
		r2 := searchRussianWith(New(Options{HashMB: 4}), context.Background(), p, Limits{Depth: d}, nil, russianSearchOptions{})
		fmt.Println(d, p.MoveString(r.Best), r.Score, p.MoveString(r2.Best), r2.Score)
	}
}
