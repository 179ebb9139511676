//go:build amd64 || arm64

package engine

import "unsafe"

// prefetch asks the CPU to start loading the cache line at addr without
// waiting for it (one instruction; Go has no portable way to say so).
//
//go:noescape
func prefetch(addr unsafe.Pointer)
