package utf8x_test

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The root functions built on the fused kernels (ValidCount, ValidCopy) must
// give the scalar answer whichever kernel set runs and wherever the kernel
// stops short of an error. Each set is forced for every input length.

// refCounts walks p with DecodeRune: one character and one UTF-16 unit per
// ill-formed maximal subpart, and the replace policy's output.
func refCounts(p []byte) (runes, units int, replaced []byte) {
	for len(p) > 0 {
		r, n := utf8x.DecodeRune(p)
		runes++
		units++
		if r > 0xFFFF {
			units++
		}
		replaced = utf8.AppendRune(replaced, r)
		p = p[n:]
	}
	return runes, units, replaced
}

func checkFused(t *testing.T, p []byte) {
	runes, units, replaced := refCounts(p)
	if got := utf8x.RuneCount(p); got != runes {
		t.Fatalf("RuneCount(% x) = %d, want %d", p, got, runes)
	}
	if got := utf8x.UTF16Len(p); got != units {
		t.Fatalf("UTF16Len(% x) = %d, want %d", p, got, units)
	}
	out, _, _ := utf8x.AppendValid([]byte("pre"), p, utf8x.Replace)
	if !bytes.Equal(out[3:], replaced) || string(out[:3]) != "pre" {
		t.Fatalf("AppendValid(% x, Replace) = % x, want pre + % x", p, out, replaced)
	}
}

func TestFusedKernelsEverySet(t *testing.T) {
	units := []string{"a", "é", "€", "😀", "aé€😀Ω中x𝄞"}
	errs := []string{"\xC0\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xC2", "\xF1\x80\x80", "\x80", "\xFF"}
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, u := range units {
			bg := []byte(repeatTo(u, 400))
			for n := 0; n <= 200; n += 3 {
				p := cut(bg, n)
				checkFused(t, p)
				for _, e := range errs {
					for off := 0; off <= n; off += 7 {
						if !testsample.Sampled(3, n, off, len(e), len(u)) {
							continue // -short: a third
						}
						q := append(append(append([]byte(nil), cut(bg, off)...), e...), cut(bg, n-off)...)
						checkFused(t, q)
						// A second error after the first, near and far.
						checkFused(t, append(q, e...))
						checkFused(t, append(append(q, bg[:130]...), e...))
					}
				}
			}
			long := cut(bytes.Repeat(bg, 200), 70000)
			checkFused(t, long)
			long = append(long[:40001:40001], append([]byte("\xE2\x82"), long[40001:]...)...)
			checkFused(t, long)
		}
	})
}

// repeatTo repeats u to at least n bytes.
func repeatTo(u string, n int) string {
	s := u
	for len(s) < n {
		s += u
	}
	return s
}

// cut returns the longest prefix of p with at most n bytes that ends on a
// character boundary.
func cut(p []byte, n int) []byte {
	n = min(n, len(p))
	for n > 0 && n < len(p) && !utf8.RuneStart(p[n]) {
		n--
	}
	return p[:n]
}
