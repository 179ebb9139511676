package bitboard

import (
	"fmt"
	"math/bits"
	"testing"
)

// searchMagic finds a magic number for square s by trial: sparse random
// candidates until one maps every blocker subset to a slot without a
// destructive collision. It produced magic_numbers.go.
func searchMagic(s Square, dirs [4][2]int, next func() uint64) uint64 {
	mask := relevantMask(s, dirs)
	shift := 64 - mask.Count()
	occs := subsets(mask)
	refs := make([]Bitboard, len(occs))
	for i, occ := range occs {
		refs[i] = slide(s, occ, dirs)
	}
	table := make([]Bitboard, len(occs))
	used := make([]int, len(occs)) // attempt number that last wrote each slot
	for attempt := 1; ; attempt++ {
		cand := next() & next() & next()
		if bits.OnesCount64((uint64(mask)*cand)&0xFF00000000000000) < 6 {
			continue
		}
		ok := true
		for i := 0; i < len(occs) && ok; i++ {
			idx := (uint64(occs[i]) * cand) >> shift
			if used[idx] != attempt {
				used[idx], table[idx] = attempt, refs[i]
			} else if table[idx] != refs[i] {
				ok = false
			}
		}
		if ok {
			return cand
		}
	}
}

func xorshift(seed uint64) func() uint64 {
	return func() uint64 {
		seed ^= seed >> 12
		seed ^= seed << 25
		seed ^= seed >> 27
		return seed * 0x2545F4914F6CDD1D
	}
}

// TestMagicSearchWorks runs the search on a few squares and checks that what
// it finds fills a table without collisions (fillMagic panics otherwise).
func TestMagicSearchWorks(t *testing.T) {
	next := xorshift(0x9E3779B97F4A7C15)
	for _, s := range []Square{0, 27, 63} {
		var m magic
		fillMagic(&m, s, rookDirs, searchMagic(s, rookDirs, next))
		fillMagic(&m, s, bishopDirs, searchMagic(s, bishopDirs, next))
	}
}

// TestRegenerateMagics prints a fresh magic_numbers.go body with -v.
func TestRegenerateMagics(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("run with -v to print new magic numbers")
	}
	next := xorshift(0x9E3779B97F4A7C15)
	for _, d := range []struct {
		name string
		dirs [4][2]int
	}{{"rook", rookDirs}, {"bishop", bishopDirs}} {
		fmt.Printf("// %s\n", d.name)
		for s := Square(0); s < 64; s++ {
			fmt.Printf("%#016x,\n", searchMagic(s, d.dirs, next))
		}
	}
}
