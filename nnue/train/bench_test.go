package train

import (
	"os"
	"testing"
)

// BenchmarkEpoch times one epoch (H 256, one thread) on the datagen file
// named by NNUE_BENCH_DATA; it is skipped without it.
func BenchmarkEpoch(b *testing.B) {
	name := os.Getenv("NNUE_BENCH_DATA")
	if name == "" {
		b.Skip("NNUE_BENCH_DATA not set")
	}
	d, err := LoadFiles([]string{name}, false, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, _, err := Run(d, Config{Hidden: 256, Epochs: 1, Batch: 16384, LR: 0.001, K: 1.04, Lambda: 0.5, Valid: 0.05, Seed: 1, Threads: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
