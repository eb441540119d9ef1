package mojibake

import (
	"sync"
	"testing"
)

// TestBMPInfoByPage holds the page-wise classification of the BMP beyond
// the dense table (and infoBeyond, which serves CJK without it) to
// classify, for every code point, with the pages filled
// from several goroutines at once, in an order that starts pages from
// their middle and their ends (run it with -race).
func TestBMPInfoByPage(t *testing.T) {
	const n = 0x10000 - maskDense
	var wg sync.WaitGroup
	bad := make([]rune, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range n {
				i := (k*7919 + g*(n/4)) % n // 7919 is prime to n: every i once
				r := rune(maskDense + i)
				want := classify(r)
				if (*bmpInfoOf(r) != want || *infoBeyond(r) != want) && bad[g] == 0 {
					bad[g] = r
				}
			}
		}()
	}
	wg.Wait()
	for _, r := range bad {
		if r != 0 {
			t.Fatalf("U+%04X: the page's info differs from classify's", r)
		}
	}
	for p := range bmpPages {
		if !pageFilled(p) {
			t.Fatalf("page %d not filled after every code point was asked for", p)
		}
	}
}

// pageFilled reports whether page p's Once has run: a second Do must not.
func pageFilled(p int) bool {
	ran := false
	bmpPages[p].Do(func() { ran = true })
	return !ran
}
