package awake

import (
	"testing"
	"time"
)

func (k *Keeper) count() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.ticks
}

// waitTicks waits until k has fired n times in all.
func waitTicks(t *testing.T, k *Keeper, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for k.count() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d firings in 10 s, want %d (one each %v)", k.count(), n, Period)
		}
		time.Sleep(Period / 5)
	}
}

// quiet checks that k does not fire for a few periods.
func quiet(t *testing.T, k *Keeper, when string) {
	t.Helper()
	n := k.count()
	time.Sleep(4 * Period)
	if got := k.count(); got != n {
		t.Errorf("%s: %d firings, want none", when, got-n)
	}
}

// The timer falls due again and again between Start and Stop, never
// outside, and a Keeper can be started again.
func TestKeeperRunsBetweenStartAndStop(t *testing.T) {
	k := New()
	quiet(t, k, "before Start")
	k.Start()
	k.Start() // no second timer
	waitTicks(t, k, 3)
	k.Stop()
	k.Stop() // harmless
	quiet(t, k, "after Stop")
	k.Start()
	waitTicks(t, k, k.count()+2)
	k.Stop()
	quiet(t, k, "after the second Stop")
}

// A Hold runs the Keeper for its time and then lets it stop by itself; a
// Stop leaves a Hold in force.
func TestHoldRunsOut(t *testing.T) {
	k := New()
	k.Hold(6 * Period)
	waitTicks(t, k, 2)
	deadline := time.Now().Add(10 * time.Second)
	for {
		n := k.count()
		time.Sleep(3 * Period)
		if k.count() == n {
			break // stopped by itself
		}
		if time.Now().After(deadline) {
			t.Fatalf("still firing 10 s after a hold of %v", 6*Period)
		}
	}
	k.Start()
	k.Hold(6 * Period)
	k.Stop()
	waitTicks(t, k, k.count()+2) // the hold outlives the Stop
}

// Start, Hold and Stop allocate nothing, so they can come just before an
// allocation that might start a collection.
func TestStartAndHoldAllocateNothing(t *testing.T) {
	k := New()
	if n := testing.AllocsPerRun(100, func() { k.Start(); k.Hold(Period); k.Stop() }); n != 0 {
		t.Errorf("Start, Hold and Stop allocate %v times, want 0", n)
	}
}
