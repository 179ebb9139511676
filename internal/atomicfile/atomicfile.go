// Package atomicfile writes a file so that a reader, or a run killed while
// writing, sees either the old content or the new, never part of it: the
// data goes to a temporary file in the same directory, which is then
// renamed over the target (a rename within a directory is atomic).
package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
)

// Write replaces path's content with data (mode 0644).
func Write(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if serr := f.Sync(); err == nil {
		err = serr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
