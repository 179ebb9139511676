//go:build unix

package engine

import (
	"runtime"
	"syscall"
	"unsafe"
)

// mmapMinBytes is the table size from which the buckets are mapped
// straight from the OS. The Go heap zeroes a large allocation that reuses
// memory it had before, which for a table of gigabytes takes seconds (a
// GUI resizing Hash would wait for isready); fresh anonymous pages are zero
// without being touched.
const mmapMinBytes = 64 << 20

// allocBuckets returns n zeroed buckets. Mapped memory is unmapped when the
// table holding it is no longer reachable.
func allocBuckets(t *table, n uint64) []ttBucket {
	size := n * uint64(unsafe.Sizeof(ttBucket{}))
	if size < mmapMinBytes {
		return make([]ttBucket, n)
	}
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]ttBucket, n) // the heap may still have it
	}
	runtime.AddCleanup(t, func(mem []byte) { _ = syscall.Munmap(mem) }, mem)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(unsafe.SliceData(mem))), n)
}
