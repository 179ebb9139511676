// Package awake bounds how long the Go runtime's system monitor sleeps.
//
// The runtime's monitor thread (sysmon) takes a processor away from a
// thread blocked in a system call, preempts long runs and polls the
// network. When it finds every processor idle, or the world being stopped
// for a garbage collection, it sleeps until the next timer is due, or for
// up to 60 seconds when none is. Under Go 1.26 a collection that started
// at the beginning of a search was seen to wait, rarely, for a processor
// held by the thread blocked reading stdin, until exactly that wake-up: the
// engine froze for 60 s (docs/strength.md, "A rare hang", has the goroutine
// dump and the runs). A timer that always falls due soon keeps the
// monitor's sleep short, so such a stall lasts tens of milliseconds.
package awake

import (
	"sync"
	"time"
)

// Period is the longest the monitor sleeps while a Keeper runs.
const Period = 50 * time.Millisecond

// A Keeper keeps a timer falling due every Period between Start and Stop.
// It is a function timer, which the runtime counts from the moment it is
// armed (a channel timer would count only while a goroutine waits on its
// channel), and Start allocates nothing, so it can be armed before the
// allocation that might start a collection.
type Keeper struct {
	mu      sync.Mutex
	t       *time.Timer
	running bool
	ticks   int // firings, for the tests
}

// New returns a stopped Keeper.
func New() *Keeper {
	k := &Keeper{}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.t = time.AfterFunc(time.Hour, k.tick)
	k.t.Stop()
	return k
}

// Start arms the timer (it runs until Stop; a second Start changes nothing).
func (k *Keeper) Start() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.running {
		k.running = true
		k.t.Reset(Period)
	}
}

// Stop disarms the timer; the Keeper can be started again.
func (k *Keeper) Stop() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.running = false
	k.t.Stop()
}

func (k *Keeper) tick() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.running {
		k.ticks++
		k.t.Reset(Period)
	}
}

// Keep starts a new Keeper and returns its Stop.
func Keep() (stop func()) {
	k := New()
	k.Start()
	return k.Stop
}
