package nnue

import (
	_ "embed"
	"sync"
)

// defaultData is the network built into the program (nnue/default.nnue).
// An empty file means no built-in network: the engine then evaluates chess
// with its hand-crafted evaluation.
//
//go:embed default.nnue
var defaultData []byte

// defaultNet parses the built-in network once.
var defaultNet = sync.OnceValues(func() (*Net, error) {
	if len(defaultData) == 0 {
		return nil, nil
	}
	return Parse(defaultData)
})

// Default returns the built-in network, parsed once and shared (read-only)
// by every caller; nil when the program was built without one. A damaged
// built-in file also gives nil (TestDefault keeps that from being
// committed).
func Default() *Net {
	n, err := defaultNet()
	if err != nil {
		return nil
	}
	return n
}

// DefaultErr reports why the built-in network could not be read (nil when
// it was read, or when there is none).
func DefaultErr() error {
	_, err := defaultNet()
	return err
}
