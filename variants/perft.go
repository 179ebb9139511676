package variants

import (
	"errors"
	"math/big"
	"math/bits"
	"sync/atomic"
)

// What a perft driver (package perft, `go perft`) needs beyond
// Position.Perft: counts wider than 64 bits, a way to split the tree over
// threads, a table of subtree counts shared by those threads, and exact
// counts of trees too large to walk. Every game of variants/all implements
// PerftSplitter; only kingchess implements PerftCounter.

// Count is a leaf count of up to 128 bits. A kingchess perft(2) from the
// start is about 2.1e31; every other count fits the low word.
type Count struct{ Hi, Lo uint64 }

// CountOf returns n as a Count.
func CountOf(n uint64) Count { return Count{Lo: n} }

// Add returns c + d (modulo 2^128, which no count reaches).
func (c Count) Add(d Count) Count {
	lo, carry := bits.Add64(c.Lo, d.Lo, 0)
	return Count{Hi: c.Hi + d.Hi + carry, Lo: lo}
}

// Sub returns c - d for d <= c.
func (c Count) Sub(d Count) Count {
	lo, borrow := bits.Sub64(c.Lo, d.Lo, 0)
	return Count{Hi: c.Hi - d.Hi - borrow, Lo: lo}
}

// Mul returns c * w.
func (c Count) Mul(w uint64) Count {
	hi, lo := bits.Mul64(c.Lo, w)
	return Count{Hi: hi + c.Hi*w, Lo: lo}
}

// Uint64 returns c and whether it fits 64 bits.
func (c Count) Uint64() (uint64, bool) { return c.Lo, c.Hi == 0 }

// Big returns c as a big integer.
func (c Count) Big() *big.Int {
	b := new(big.Int).SetUint64(c.Hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(c.Lo))
}

// Float returns c as a float64 (for estimates and rates).
func (c Count) Float() float64 { return float64(c.Hi)*0x1p64 + float64(c.Lo) }

func (c Count) String() string {
	if c.Hi == 0 {
		return new(big.Int).SetUint64(c.Lo).String()
	}
	return c.Big().String()
}

// CountFromBig converts a non-negative big integer below 2^128.
func CountFromBig(b *big.Int) (Count, error) {
	if b.Sign() < 0 || b.BitLen() > 128 {
		return Count{}, errors.New("count out of range")
	}
	lo := new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0)))
	hi := new(big.Int).Rsh(b, 64)
	return Count{Hi: hi.Uint64(), Lo: lo.Uint64()}, nil
}

// ParseCount reads a decimal count below 2^128.
func ParseCount(s string) (Count, error) {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Count{}, errors.New("not a decimal number")
	}
	return CountFromBig(b)
}

// DivideLine is one line of a perft divide with a wide count.
type DivideLine struct {
	Move  string
	Nodes Count
}

// PerftSplitter is a position whose perft a driver may split and cache.
type PerftSplitter interface {
	// PerftChildren calls fn with every child ply of a perft node (the
	// plies whose subtrees make up the count) and its weight: how many
	// times the node's count takes the child's. The weight is 1 except in
	// a russian dice perft from an unrolled position, where a move (or the
	// pass) counts once per face that allows (or forces) it. The children
	// are streamed, never collected, so a node may have 10^15 of them. fn
	// returns false to stop early. After Make(m), the child's count is
	// PerftHashed(depth-1) with the same options.
	PerftChildren(opt PerftOptions, fn func(m Move, weight uint64) bool)
	// PerftHashed is Perft with subtree counts kept in t (nil: no table).
	// t may be shared by positions on other goroutines.
	PerftHashed(depth int, opt PerftOptions, t *PerftTable) Count
}

// PerftCounter is a position that can count some perfts exactly without
// walking the tree (kingchess: drop actions at the last ply, and perft(2)
// of an empty board). ok is false when it cannot; lines are filled only if
// divide is set.
type PerftCounter interface {
	PerftCounted(depth int, opt PerftOptions, divide bool) (total Count, lines []DivideLine, ok bool)
}

// DivideGrouper is a position whose root may have too many plies to list
// one by one in a divide (kingchess drop actions). DivideGroups returns
// nil when every root ply gets its own line, else a function giving the
// name of the line a root ply is summed into ("" for its own line).
type DivideGrouper interface {
	DivideGroups(opt PerftOptions) func(m Move) string
}

// PerftTable caches perft subtree counts by key (see PerftKey). It is safe
// for concurrent use without locks: each entry stores its key XORed with
// its count, so a torn entry (key of one write, count of another) fails
// the check and reads as a miss. Buckets hold two entries: one kept for
// the deepest subtree, one always replaced.
type PerftTable struct {
	buckets []perftBucket
	mask    uint64
}

type perftEntry struct {
	check atomic.Uint64 // key ^ count
	count atomic.Uint64
	depth atomic.Uint32 // for replacement only
}

type perftBucket [2]perftEntry

// NewPerftTable returns a table of about mb MiB (at least one bucket,
// rounded down to a power of two).
func NewPerftTable(mb int) *PerftTable {
	const bucketBytes = 48
	n := uint64(1)
	for n*2*bucketBytes <= uint64(mb)<<20 {
		n *= 2
	}
	return &PerftTable{buckets: make([]perftBucket, n), mask: n - 1}
}

// Probe returns the count stored for key.
func (t *PerftTable) Probe(key uint64) (uint64, bool) {
	b := &t.buckets[key&t.mask]
	for i := range b {
		e := &b[i]
		n := e.count.Load()
		if e.check.Load()^n == key {
			return n, true
		}
	}
	return 0, false
}

// Store records count for key, a subtree of depth plies.
func (t *PerftTable) Store(key uint64, depth int, count uint64) {
	b := &t.buckets[key&t.mask]
	e := &b[1]
	if d := uint32(depth); d >= b[0].depth.Load() {
		e = &b[0]
		e.depth.Store(d)
	}
	e.count.Store(count)
	e.check.Store(key ^ count)
}

// perftDepthKeys and perftFaceKeys are fixed random words mixed into the
// table key, so that one position's counts at different depths or
// flavours never meet.
var perftDepthKeys, perftFaceKeys [128]uint64

func init() {
	state := uint64(0x5045524654544142) // "PERFTTAB"
	for i := range perftDepthKeys {
		perftDepthKeys[i] = SplitMix64(&state)
		perftFaceKeys[i] = SplitMix64(&state)
	}
}

// SplitMix64 advances state and returns the next word of Vigna's
// splitmix64 generator: the fixed-seed source of Zobrist keys, so that
// hashes are the same in every run.
func SplitMix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// PerftSalt is the part of a table key that is fixed for one perft run:
// the game and the flavour. Games compute it once per PerftHashed call.
func PerftSalt(variant string, opt PerftOptions) uint64 {
	h := uint64(14695981039346656037) // FNV-1a of the name
	for i := 0; i < len(variant); i++ {
		h = (h ^ uint64(variant[i])) * 1099511628211
	}
	h ^= perftFaceKeys[opt.Face&127]
	if opt.Dice {
		h ^= perftFaceKeys[0]
	}
	return h
}

// PerftKey is the table key of a subtree: the position's Zobrist hash
// (which covers everything the count depends on: board, side, reserves,
// castling, en passant, bishop field, undo ban, roll), its depth and the
// run's salt.
func PerftKey(hash uint64, depth int, salt uint64) uint64 {
	return hash ^ salt ^ perftDepthKeys[depth&127]
}
