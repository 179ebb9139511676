//go:build unix && !linux

package engine

// adviseHuge does nothing where the kernel has no transparent huge pages
// to ask for.
func adviseHuge(mem []byte) {}
