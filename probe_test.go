package utf8x_test

import (
	"math/rand/v2"
	"testing"

	"github.com/utf8x/utf8x"
)

// TestProbe checks the scalar look-ahead used after each error against the
// reference: every sequence of up to 4 bytes drawn from the bytes at the edges
// of UTF-8's ranges, each behind ASCII that puts it at every offset around
// the look-ahead's limit, and random text.
func TestProbe(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
		0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFF}
	pads := []int{0, 1, 28, 29, 30, 31, 32}
	check := func(p []byte) {
		t.Helper()
		i, size, kind := utf8x.Probe(p)
		off, n, refKind := refFirstInvalid(p)
		lim := min(len(p), 32)
		if off < lim {
			if i != off || size != n || kind.String() != refKind {
				t.Fatalf("Probe(% X) = %d, %d, %v; reference: error at %d, %d bytes, %s", p, i, size, kind, off, n, refKind)
			}
			return
		}
		if size != 0 || kind != 0 || i < lim || i > off || i > lim+3 {
			t.Fatalf("Probe(% X) = %d, %d, %v; reference: first error at %d (limit %d)", p, i, size, kind, off, lim)
		}
		if o, _, _ := refFirstInvalid(p[:i]); o != i {
			t.Fatalf("Probe(% X) stopped at %d, inside a character", p, i)
		}
	}
	var seq [4]byte
	for _, pad := range pads {
		buf := make([]byte, pad, pad+4)
		for i := range buf {
			buf[i] = 'a'
		}
		for n := 1; n <= 4; n++ {
			if n == 4 && pad != 0 && pad != 30 && (testing.Short() || pad != 31) {
				continue // the 4-byte sequences behind a few pads only: there are 26^4
			}
			total := 1
			for range n {
				total *= len(edges)
			}
			for c := range total {
				for k := range n {
					seq[k] = edges[c%len(edges)]
					c /= len(edges)
				}
				check(append(buf[:pad], seq[:n]...))
			}
		}
	}
	rng := rand.New(rand.NewPCG(15, 4))
	units := []string{"a", "é", "€", "😀", "\xff", "\xe2\x82", "\xed\xa0\x80", "\xf0\x9f", "\xc0\xaf"}
	for range 20000 {
		var p []byte
		for range rng.IntN(24) {
			p = append(p, units[rng.IntN(len(units))]...)
		}
		check(p)
	}
}
