//go:build unix

package engine

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the systems that
// have them (2 MiB on x86-64 and most arm64 kernels).
const hugePage = 2 << 20

// allocBuckets returns n zeroed buckets, mapped straight from the OS and
// aligned to a huge page, which the kernel is asked to use (adviseHuge).
//
// Why not the Go heap: the heap zeroes a large allocation that reuses
// memory it had before, which for a table of gigabytes takes seconds (a GUI
// resizing Hash would wait for isready), while fresh anonymous pages are
// zero without being touched; and a heap allocation is not aligned to huge
// pages. Why huge pages: every probe lands on a random bucket, so with 4
// KiB pages nearly every probe of a table larger than the TLB's reach also
// misses the TLB, a page walk on top of the cache miss.
//
// The mapping is unmapped when the table holding it is no longer reachable.
func allocBuckets(t *table, n uint64) []ttBucket {
	size := n * uint64(unsafe.Sizeof(ttBucket{}))
	mem, err := syscall.Mmap(-1, 0, int(size+hugePage), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]ttBucket, n) // the heap may still have it
	}
	runtime.AddCleanup(t, func(mem []byte) { _ = syscall.Munmap(mem) }, mem)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(mem)))
	skip := (hugePage - start%hugePage) % hugePage
	table := mem[skip : skip+uintptr(size)]
	adviseHuge(table)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(unsafe.SliceData(table))), n)
}
