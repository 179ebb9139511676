package engine

import "syscall"

// adviseHuge asks the kernel to back mem with transparent huge pages (it
// does so by default only where the system says "always"; most say
// "madvise"). A refusal only costs speed.
func adviseHuge(mem []byte) { _ = syscall.Madvise(mem, syscall.MADV_HUGEPAGE) }
