package engine

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

func TestBenchIsDeterministic(t *testing.T) {
	a, _, err := Bench(6, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Bench(6, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a == 0 {
		t.Errorf("bench depth 6: %d then %d nodes", a, b)
	}
}

func TestBenchMainOutput(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := BenchMain([]string{"-depth", "4", "-hash", "2"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !regexp.MustCompile(`Nodes searched: [1-9][0-9]*\nNodes/second: [0-9]+\n$`).Match(out.Bytes()) {
		t.Errorf("output does not end with the two bench lines:\n%s", out.String())
	}
	if code := BenchMain([]string{"-depth", "0"}, &out, &errOut); code != 2 {
		t.Errorf("-depth 0: exit %d, want 2", code)
	}
	out.Reset()
	if code := BenchMain([]string{"-depth", "4", "-hash", "2", "-threads", "2"}, &out, &errOut); code != 0 ||
		!regexp.MustCompile(`Nodes searched: [1-9][0-9]*\n`).Match(out.Bytes()) {
		t.Errorf("-threads 2: exit %d, output:\n%s", code, out.String())
	}
	if code := BenchMain([]string{"-threads", "0"}, &out, &errOut); code != 2 {
		t.Errorf("-threads 0: exit %d, want 2", code)
	}
}

// TestBenchCPUProfile: -cpuprofile writes a gzipped pprof file, and a
// path that cannot be created is an error, not a bench without a profile.
func TestBenchCPUProfile(t *testing.T) {
	var out, errOut bytes.Buffer
	path := filepath.Join(t.TempDir(), "cpu.prof")
	if code := BenchMain([]string{"-depth", "5", "-hash", "2", "-cpuprofile", path}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("profile of %d bytes is not gzip data (pprof's format)", len(b))
	}
	errOut.Reset()
	bad := filepath.Join(t.TempDir(), "no-such-dir", "cpu.prof")
	if code := BenchMain([]string{"-depth", "2", "-cpuprofile", bad}, &out, &errOut); code != 1 ||
		!bytes.Contains(errOut.Bytes(), []byte("cpu profile")) {
		t.Errorf("unwritable profile path: exit %d, stderr %q; want exit 1 naming the profile", code, errOut.String())
	}
}

// BenchmarkSearch measures search speed on the bench positions (depth 8);
// it reports nodes per second.
func BenchmarkSearch(b *testing.B) {
	var nodes uint64
	for b.Loop() {
		n, _, err := Bench(8, 16, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
