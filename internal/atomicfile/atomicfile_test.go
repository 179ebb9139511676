package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWrite: a new file and a replaced one hold exactly the data, and no
// temporary file is left beside them; a directory that does not exist is
// an error naming the path.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "state.json")
	for _, data := range []string{"first, longer content\n", "second\n"} {
		if err := Write(path, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the directory holds %d entries (err %v), want only the file", len(entries), err)
	}
	bad := filepath.Join(dir, "no", "such", "dir", "f")
	if err := Write(bad, []byte("x")); err == nil {
		t.Errorf("writing into a missing directory succeeded")
	}
}
