package variants

import (
	"math/big"
	"sync"
	"testing"
)

func TestCount(t *testing.T) {
	big2 := func(s string) *big.Int { b, _ := new(big.Int).SetString(s, 10); return b }
	c, err := ParseCount("20931141008933099102892737203276")
	if err != nil || c.String() != "20931141008933099102892737203276" || c.Big().Cmp(big2("20931141008933099102892737203276")) != 0 {
		t.Fatalf("%v %v", c, err)
	}
	max64 := CountOf(^uint64(0))
	if s := max64.Add(CountOf(1)).String(); s != "18446744073709551616" {
		t.Errorf("2^64 = %s", s)
	}
	if s := max64.Mul(3).String(); s != "55340232221128654845" {
		t.Errorf("3(2^64-1) = %s", s)
	}
	if d := max64.Add(CountOf(5)).Sub(CountOf(7)); d != CountOf(^uint64(0)-2) {
		t.Errorf("sub: %v", d)
	}
	if _, ok := max64.Add(CountOf(1)).Uint64(); ok {
		t.Error("2^64 fits 64 bits?")
	}
	for _, bad := range []string{"", "-1", "x", "340282366920938463463374607431768211456"} {
		if _, err := ParseCount(bad); err == nil {
			t.Errorf("ParseCount(%q) accepted", bad)
		}
	}
}

// Many goroutines writing and reading one small table never read a count
// stored under another key (each key's count is a function of the key,
// so a torn entry would show).
func TestPerftTableConcurrent(t *testing.T) {
	tab := NewPerftTable(0) // one bucket: every write collides
	countOf := func(k uint64) uint64 { return k*0x9E3779B97F4A7C15 + 1 }
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 20000; i++ {
				k := uint64(i%13 + 1)
				if i%2 == g%2 {
					tab.Store(k, i%7, countOf(k))
				} else if n, ok := tab.Probe(k); ok && n != countOf(k) {
					t.Errorf("key %d read %d", k, n)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	tab.Store(99, 1, 5)
	if n, ok := tab.Probe(99); !ok || n != 5 {
		t.Errorf("probe after store: %d %v", n, ok)
	}
	if PerftKey(1, 2, PerftSalt("chess", PerftOptions{})) == PerftKey(1, 3, PerftSalt("chess", PerftOptions{})) ||
		PerftSalt("russian", PerftOptions{Face: 'K'}) == PerftSalt("russian", PerftOptions{Dice: true}) ||
		PerftSalt("chess", PerftOptions{}) == PerftSalt("monochrome", PerftOptions{}) {
		t.Error("keys of different depths, flavours or games meet")
	}
}
