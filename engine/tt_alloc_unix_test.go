//go:build unix

package engine

import (
	"testing"
	"unsafe"

	"varchess/variants"
)

// TestAllocBucketsAlignedAndZero: the table's memory starts on a huge-page
// boundary (so the kernel can back it with huge pages), holds exactly the
// buckets asked for, reads as empty and can be written to its last byte.
func TestAllocBucketsAlignedAndZero(t *testing.T) {
	for _, n := range []uint64{1, 3, 1 << 15, 1<<18 + 5} {
		tab := &table{}
		b := allocBuckets(tab, n)
		if uint64(len(b)) != n {
			t.Fatalf("n=%d: got %d buckets", n, len(b))
		}
		if addr := uintptr(unsafe.Pointer(&b[0])); addr%hugePage != 0 {
			t.Errorf("n=%d: table at %#x, not aligned to %d bytes", n, addr, hugePage)
		}
		for _, i := range []uint64{0, n / 2, n - 1} {
			if e := tab.load(&b[i][1]); e != (ttEntry{}) {
				t.Errorf("n=%d: bucket %d reads %+v, want empty", n, i, e)
			}
		}
		tab.buckets = b
		tab.store(0xdeadbeef, variants.NoMove, 7, 0, 5, boundExact) // lands in some bucket
		if _, ok := tab.probe(0xdeadbeef); !ok {
			t.Errorf("n=%d: a stored entry is not found", n)
		}
		b[n-1][1].data.Store(1)
		if got := b[n-1][1].data.Load(); got != 1 {
			t.Errorf("n=%d: last word reads %d after a write of 1", n, got)
		}
	}
}
