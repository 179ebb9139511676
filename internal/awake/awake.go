// Package awake bounds how long the Go runtime's system monitor sleeps.
//
// The runtime's monitor thread (sysmon) hands a processor held by a thread
// in a system call to other work, preempts long runs and polls the network.
// When it finds every processor idle it sleeps until the next timer is due,
// or for up to 60 seconds when none is. Under Go 1.26 this engine, and the
// arbiter driving it, were seen to stall, rarely, until exactly that wake-up:
// a search that had begun stopped for 60 s and then went on by itself (the
// measurements are in docs/strength.md, "A rare hang"). A timer that always
// falls due soon keeps the monitor's sleep short, so such a stall lasts at
// most about Period instead of a minute.
package awake

import (
	"sync"
	"time"
)

// Period is the longest the monitor sleeps while Keep is in effect. The
// timer costs about twenty wake-ups a second of an otherwise idle process.
const Period = 50 * time.Millisecond

// Keep arms a timer that falls due every Period until stop is called.
// stop may be called more than once.
func Keep() (stop func()) {
	done := make(chan struct{})
	go func() {
		// A goroutine waits on the ticker: since Go 1.23 a channel timer
		// that nobody waits on is not kept among the runtime's timers, so
		// it would not bound the monitor's sleep.
		t := time.NewTicker(Period)
		defer t.Stop()
		for {
			select {
			case <-t.C:
			case <-done:
				return
			}
		}
	}()
	return sync.OnceFunc(func() { close(done) })
}
