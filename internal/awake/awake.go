// Package awake bounds how long the Go runtime's system monitor sleeps.
//
// The runtime's monitor thread (sysmon) takes a processor away from a
// thread blocked in a system call, preempts long runs and polls the
// network. When it finds every processor idle, or the world being stopped
// for a garbage collection, it sleeps until the next timer is due, or for
// up to 60 seconds when none is. Under Go 1.26 a collection that started
// as the engine answered a command or began a search was seen to wait,
// rarely, for a processor held by the thread blocked reading stdin, until
// exactly that wake-up: the engine froze for 60 s (docs/strength.md, "A
// rare hang", has the goroutine dump and the runs). A timer that always
// falls due soon keeps the monitor's sleep short, so such a stall lasts
// tens of milliseconds. Keepers run only while there is work (a command
// being answered, a search, a match), so an idle engine has none.
package awake

import (
	"sync"
	"time"
)

// Period is the longest the monitor sleeps while a Keeper runs.
const Period = 50 * time.Millisecond

// A Keeper keeps a timer falling due every Period while it runs: from
// Start to Stop, and for the time a Hold asks. It is a function timer,
// which the runtime counts from the moment it is armed (a channel timer
// would count only while a goroutine waits on its channel), and Start and
// Hold allocate nothing, so they can be called just before an allocation
// that might start a collection.
type Keeper struct {
	mu      sync.Mutex
	t       *time.Timer
	armed   bool      // the timer is set
	started bool      // between Start and Stop
	until   time.Time // the end of the longest Hold
	ticks   int       // firings, for the tests
}

// New returns a Keeper that does not run yet.
func New() *Keeper {
	k := &Keeper{}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.t = time.AfterFunc(time.Hour, k.tick)
	k.t.Stop()
	return k
}

// Start runs the Keeper until Stop (a second Start changes nothing).
func (k *Keeper) Start() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.started = true
	k.arm()
}

// Stop ends what Start began; a Hold still in force runs on.
func (k *Keeper) Stop() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.started = false
	if !time.Now().Before(k.until) {
		k.armed = false
		k.t.Stop()
	}
}

// Hold runs the Keeper for at least d from now.
func (k *Keeper) Hold(d time.Duration) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if u := time.Now().Add(d); u.After(k.until) {
		k.until = u
	}
	k.arm()
}

// arm sets the timer unless it is set; the caller holds mu.
func (k *Keeper) arm() {
	if !k.armed {
		k.armed = true
		k.t.Reset(Period)
	}
}

func (k *Keeper) tick() {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.armed {
		return // stopped since the timer fell due
	}
	k.ticks++
	if k.started || time.Now().Before(k.until) {
		k.t.Reset(Period)
	} else {
		k.armed = false
	}
}

// Keep starts a new Keeper and returns its Stop.
func Keep() (stop func()) {
	k := New()
	k.Start()
	return k.Stop
}
