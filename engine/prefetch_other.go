//go:build !amd64 && !arm64

package engine

import "unsafe"

// prefetch does nothing on CPUs without an assembly version here.
func prefetch(addr unsafe.Pointer) {}
