package awake

import (
	"runtime"
	"testing"
	"time"
)

// Keep runs one goroutine until stop, and stop ends it (twice is harmless).
func TestKeepStops(t *testing.T) {
	before := runtime.NumGoroutine()
	stop := Keep()
	if n := runtime.NumGoroutine(); n != before+1 {
		t.Fatalf("%d goroutines while kept, want %d", n, before+1)
	}
	stop()
	stop()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() != before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after stop, want %d", runtime.NumGoroutine(), before)
		}
		time.Sleep(time.Millisecond)
	}
}
