package engine

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"varchess/variants"
)

// Bound says how a stored score relates to the true value.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the true score is <= the stored one (fail low)
	boundLower       // the true score is >= the stored one (fail high)
	boundExact
)

// ttEntry is one transposition table entry as the search sees it. The full
// key is kept so that index collisions are recognised.
type ttEntry struct {
	key   uint64
	move  variants.Move
	score int16
	eval  int16
	depth int8
	bound bound
	gen   uint8 // the search generation that wrote it
}

// ttSlot is how an entry is stored (32 bytes): four words, each read and
// written atomically, so that the threads of a search share the table
// without locks. check is key ^ lo ^ hi ^ data; when two threads write the
// same slot at once, a reader may see words of both writes, and then the
// check no longer gives the key: the slot reads as a miss (a torn entry is
// never used). data packs score, eval, depth, bound, generation and epoch
// (see pack).
type ttSlot struct {
	check, lo, hi, data atomic.Uint64
}

// ttBucket is two slots sharing one 64-byte cache line.
type ttBucket [2]ttSlot

// epochBits is the width of the clear counter in a slot's data word.
const epochBits = 14

// table is the transposition table. It is shared by the threads of one
// search; gen and epoch change only between searches (no search runs), so
// the threads read them without synchronisation of their own.
type table struct {
	buckets []ttBucket
	gen     uint8 // search generation: older entries are replaced first
	// epoch counts clears. Clearing is lazy: an entry written in another
	// epoch reads as empty, so NewGame costs nothing however large the
	// table is (a real clear of 4 GiB takes seconds). The counter wraps
	// after 2^14 clears; an entry that survives that long untouched reads
	// as valid again, which is harmless: its full key matched, so it is a
	// true (if old) fact about the same position.
	epoch uint16
}

func newTable(mb int) *table {
	n := uint64(mb) << 20 / uint64(unsafe.Sizeof(ttBucket{}))
	if n < 1 {
		n = 1
	}
	t := &table{}
	t.buckets = allocBuckets(t, n) // at once, even for gigabytes
	return t
}

// clear empties the table in constant time (a new epoch).
func (t *table) clear() {
	t.epoch = (t.epoch + 1) & (1<<epochBits - 1)
	t.gen = 0
}

// newSearch ages the entries of earlier searches so they are replaced first.
func (t *table) newSearch() { t.gen++ }

func (t *table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// prefetch starts loading key's bucket into the cache: a probe soon after
// finds it there instead of waiting for memory.
func (t *table) prefetch(key uint64) { prefetch(unsafe.Pointer(t.bucket(key))) }

// pack puts everything but the key and the move into one word.
func (t *table) pack(score, eval int16, depth int8, b bound, gen uint8) uint64 {
	return uint64(uint16(score)) | uint64(uint16(eval))<<16 | uint64(uint8(depth))<<32 |
		uint64(b&3)<<40 | uint64(gen)<<42 | uint64(t.epoch)<<50
}

// load reads a slot; an empty, torn or earlier-epoch slot reads as the zero
// entry (what a cleared table holds).
func (t *table) load(s *ttSlot) ttEntry {
	data := s.data.Load()
	lo, hi := s.lo.Load(), s.hi.Load()
	key := s.check.Load() ^ lo ^ hi ^ data
	b := bound(data >> 40 & 3)
	if b == boundNone || uint16(data>>50) != t.epoch {
		return ttEntry{}
	}
	return ttEntry{key: key, move: variants.Move{Lo: lo, Hi: hi}, score: int16(data),
		eval: int16(data >> 16), depth: int8(data >> 32), bound: b, gen: uint8(data >> 42)}
}

// put writes an entry into a slot.
func (t *table) put(s *ttSlot, e ttEntry) {
	data := t.pack(e.score, e.eval, e.depth, e.bound, e.gen)
	s.lo.Store(e.move.Lo)
	s.hi.Store(e.move.Hi)
	s.data.Store(data)
	s.check.Store(e.key ^ e.move.Lo ^ e.move.Hi ^ data)
}

// probe returns the entry for key, if any. A key whose entry was torn by
// another thread's write reads as a miss.
func (t *table) probe(key uint64) (ttEntry, bool) {
	b := t.bucket(key)
	for i := range b {
		if e := t.load(&b[i]); e.key == key && e.bound != boundNone {
			return e, true
		}
	}
	return ttEntry{}, false
}

// store writes an entry, preferring to replace the same position, then
// entries of older searches and shallower depth. score must already be
// converted with toTT.
func (t *table) store(key uint64, move variants.Move, score, eval, depth int, b bound) {
	bk := t.bucket(key)
	var slots [len(ttBucket{})]ttEntry
	for i := range bk {
		slots[i] = t.load(&bk[i])
	}
	at := 0
	for i := range slots {
		e := &slots[i]
		if e.key == key || e.bound == boundNone {
			at = i
			break
		}
		if t.worth(e) < t.worth(&slots[at]) {
			at = i
		}
	}
	old := &slots[at]
	if old.key == key && move.IsNone() {
		move = old.move // keep the old best move of this position
	}
	// Do not let a shallow non-exact result overwrite a deeper one of the
	// same position from this search.
	if old.key == key && old.gen == t.gen && b != boundExact && depth+2 < int(old.depth) {
		return
	}
	t.put(&bk[at], ttEntry{key: key, move: move, score: int16(score), eval: int16(eval),
		depth: int8(max(min(depth, 127), -1)), bound: b, gen: t.gen})
}

// worth ranks entries for replacement: lower is replaced first.
func (t *table) worth(e *ttEntry) int {
	age := int(t.gen - e.gen)
	return int(e.depth) - 8*age
}

// hashfull estimates the permille of entries written by the current search.
func (t *table) hashfull() int {
	n := min(len(t.buckets), 500)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			if e := t.load(&t.buckets[i][j]); e.bound != boundNone && e.gen == t.gen {
				used++
			}
		}
	}
	return used * 1000 / (2 * n)
}
