package utf8kernel_test

import (
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/testsample"
	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// refMarks reports, one byte at a time, which of 0x00 and 0x1B p holds.
func refMarks(p []byte) (m utf8kernel.Marks) {
	for _, b := range p {
		switch b {
		case 0x00:
			m |= utf8kernel.NUL
		case 0x1B:
			m |= utf8kernel.ESC
		}
	}
	return m
}

// copyBuf2 is the destination of checkNUL's call of ValidCopy.
var copyBuf2 []byte

// checkNUL checks the NUL-reporting entry points (and the NUL- and
// ESC-reporting ones) on p: their n and counts
// are those of ValidPrefix, ValidCount and ValidCopy under the same set
// (which check holds to the oracle), and their marks are exact for
// their n. want is the oracle's valid prefix.
func checkNUL(t testing.TB, p []byte, want int) {
	checkMarksWith(t, p, want, utf8kernel.NUL, utf8kernel.ValidNUL, utf8kernel.ValidCountNUL, utf8kernel.ValidCopyNUL)
	checkMarksWith(t, p, want, utf8kernel.NUL|utf8kernel.ESC, utf8kernel.ValidMarks, utf8kernel.ValidCountMarks, utf8kernel.ValidCopyMarks)
}

// checkMarksWith checks one family of entry points, which report the marks
// in set, as checkNUL describes.
func checkMarksWith(t testing.TB, p []byte, want int, set utf8kernel.Marks,
	validNUL func([]byte) (int, utf8kernel.Marks),
	validCountNUL func([]byte) (int, int, int, int, utf8kernel.Marks),
	validCopyNUL func(dst, src []byte) (int, utf8kernel.Marks)) {
	n, nul := validNUL(p)
	checkPrefix(t, "ValidNUL", p, n, want)
	if m := utf8kernel.ValidPrefix(p); n != m {
		t.Fatalf("ValidNUL = %d, ValidPrefix = %d in %v", n, m, short(p))
	}
	if w := refMarks(p[:n]) & set; nul != w {
		t.Fatalf("ValidNUL (set %b) = %d, marks %b, want %b in %v", set, n, nul, w, short(p))
	}

	n, runes, units, ascii, nul := validCountNUL(p)
	wn, wr, wu, wa := utf8kernel.ValidCount(p)
	if n != wn || runes != wr || units != wu || ascii != wa {
		t.Fatalf("ValidCountNUL = %d %d %d %d, ValidCount = %d %d %d %d in %v", n, runes, units, ascii, wn, wr, wu, wa, short(p))
	}
	checkPrefix(t, "ValidCountNUL", p, n, want)
	if w := utf8.RuneCount(p[:n]); runes != w {
		t.Fatalf("ValidCountNUL = %d, %d characters, want %d in %v", n, runes, w, short(p))
	}
	if w := refMarks(p[:n]) & set; nul != w {
		t.Fatalf("ValidCountNUL (set %b) = %d, marks %b, want %b in %v", set, n, nul, w, short(p))
	}

	if cap(copyBuf) < len(p)+2*guard {
		copyBuf = make([]byte, 2*len(p)+2*guard)
	}
	buf := copyBuf[:len(p)+2*guard]
	for i := range buf {
		buf[i] = 0xEE
	}
	dst := buf[guard : guard+len(p)]
	n, nul = validCopyNUL(dst, p)
	checkPrefix(t, "ValidCopyNUL", p, n, want)
	if cap(copyBuf2) < len(p) {
		copyBuf2 = make([]byte, 2*len(p))
	}
	if m := utf8kernel.ValidCopy(copyBuf2[:len(p)], p); n != m {
		t.Fatalf("ValidCopyNUL = %d, ValidCopy = %d in %v", n, m, short(p))
	}
	if w := refMarks(p[:n]) & set; nul != w {
		t.Fatalf("ValidCopyNUL (set %b) = %d, marks %b, want %b in %v", set, n, nul, w, short(p))
	}
	for i, b := range buf {
		if i >= guard && i < guard+n {
			if b != p[i-guard] {
				t.Fatalf("ValidCopyNUL = %d copied %#x at %d, want %#x", n, b, i-guard, p[i-guard])
			}
		} else if (i < guard || i >= guard+len(p)) && b != 0xEE {
			t.Fatalf("ValidCopyNUL wrote %#x at %d, outside the %d bytes of dst", b, i-guard, len(p))
		}
	}
}

// edgeBytes are the bytes where RFC 3629's ranges change, and NUL.
var edgeBytes = func() (m [256]bool) {
	for _, b := range []byte{0x00, 0x01, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
		0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF} {
		m[b] = true
	}
	return m
}()

// TestNULAllSequencesUpTo3Bytes checks every sequence of 1 and 2 bytes, and
// of 3 bytes whose last is an edge byte or one of an eighth of the others
// (a whole sweep for each of four sets would take minutes), with every set
// forced, alone and after a run of text that puts them at the end of a
// block (AVX2's overlapping last block, AVX-512's masked one) for a
// sixteenth of them. -short thins the 3-byte sweep 48-fold more, and keeps
// the 2-byte sequences with an edge byte and a quarter of the others.
func TestNULAllSequencesUpTo3Bytes(t *testing.T) {
	// The sequences are picked once for every set (the picking, a hash of
	// each of the 17 million candidates, costs more than the checks it
	// keeps): bytes a, b, c in bits 0-23, the length in bits 24-25, and bit
	// 26 for "after the text too".
	var seqs []uint32
	for a := 0; a < 256; a++ {
		for b := -1; b < 256; b++ {
			for c := -1; c < 256; c++ {
				if b < 0 && c >= 0 {
					break
				}
				if c >= 0 && (!edgeBytes[c] && !testsample.Thin(8, a, b, c) || !testsample.Sampled(96, a, b, c)) {
					continue
				}
				if c < 0 && b >= 0 && !edgeBytes[a] && !edgeBytes[b] && !testsample.Sampled(4, a, b) {
					continue
				}
				v := uint32(a) | uint32(b&0xFF)<<8 | uint32(c&0xFF)<<16 | uint32(1)<<24
				if b >= 0 {
					v += 1 << 24
				}
				if c >= 0 {
					v += 1 << 24
				}
				if testsample.Thin(16, a, b, c) && testsample.Sampled(2, a, b, c) {
					v |= 1 << 26
				}
				seqs = append(seqs, v)
			}
		}
	}
	testsample.Validation.Each(t, func(t *testing.T) {
		text := []byte(fill(nil, "aé€😀", 61))
		p := make([]byte, 0, 64)
		for _, v := range seqs {
			p = append(p[:0], byte(v), byte(v>>8), byte(v>>16))[:v>>24&3]
			checkNUL(t, p, refPrefix(p))
			if v&(1<<26) != 0 {
				q := append(append([]byte(nil), text...), p...)
				checkNUL(t, q, refPrefix(q))
			}
		}
	})
}

// TestNULEveryPosition puts a NUL, an ESC and both at every position of inputs of every
// length 0..256 on every background; then an error example (or a character
// cut by the end) at every position, with NULs just before it, just after
// it, first, last and at one more position, so that NULs fall before,
// inside and after the valid prefix, in every block and every way a kernel
// ends.
func TestNULEveryPosition(t *testing.T) {
	errs := []string{"\xFF", "\xED\xA0\x80", "\x80", "\xF0\x90"}
	testsample.Validation.Each(t, func(t *testing.T) {
		buf := make([]byte, 0, 512)
		b := make([]byte, 0, 512)
		for _, bg := range backgrounds {
			for n := 0; n <= 256; n++ {
				base := fill(buf[:0], bg.unit, n)
				checkNUL(t, base, refPrefix(base))
				for z := 0; z < n; z++ {
					if !testsample.Sampled(16, n, z, len(bg.unit)) {
						continue
					}
					// A NUL, an ESC, and both (the ESC elsewhere); each
					// may cut a character: the error then comes first.
					for _, m := range []int{0x00, 0x1B, 0x100} {
						b = append(b[:0], base...)
						b[z] = byte(m)
						if m > 0xFF {
							b[(z*5+3)%n] = 0x1B
						}
						checkNUL(t, b, refPrefix(b))
					}
				}
				for _, e := range errs {
					for off := 0; off+len(e) <= n; off++ {
						if !testsample.Sampled(32, n, off, len(e), len(bg.unit)) {
							continue
						}
						for _, z := range []int{-1, 0, off - 1, off + len(e), n - 1, (off*7 + n*13) % n} {
							if z >= n || z >= off && z < off+len(e) {
								continue // past the end, or the error would overwrite the NUL
							}
							b = append(b[:0], base...)
							copy(b[off:], e)
							if z >= 0 {
								b[z] = byte(0x1B * (z & 1)) // NUL or ESC
							}
							checkNUL(t, b, refPrefix(b))
						}
					}
				}
			}
		}
	})
}

// TestNULLong crosses the kernels' four-block ASCII loop and their long
// non-ASCII runs with a NUL far inside, before and after an error.
func TestNULLong(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, bg := range backgrounds {
			for _, n := range []int{1000, 4096, 65536 + 7} {
				b := fill(nil, bg.unit, n)
				checkNUL(t, b, n)
				for _, z := range []int{0, n / 3, n - 70, n - 1} {
					z = refBoundary(b, z)
					c := append([]byte(nil), b...)
					c[z] = byte(0x1B * (z & 1)) // NUL or ESC
					if z > 0 && z < n/2 {
						c[refBoundary(c, n/2)] = 0x1B // both
					}
					if z+1 < n {
						c[z+1] = 'a' // keep the rest of a cut character out of the way
					}
					checkNUL(t, c, refPrefix(c))
					for _, e := range []int{z / 2, n/2 + 1, n - 2} {
						e = refBoundary(c, e)
						if e == z {
							continue
						}
						d := append([]byte(nil), c...)
						d[e] = 0xFF
						checkNUL(t, d, refPrefix(d))
					}
				}
			}
		}
	})
}

// FuzzValidNUL runs the NUL-reporting entry points of every kernel set this
// CPU can run on the fuzzer's inputs.
func FuzzValidNUL(f *testing.F) {
	f.Add([]byte("a\x00b"))
	f.Add(append(fill(nil, "aé€😀", 200), 0))
	f.Add(append([]byte(fill(nil, "€", 63)), 0x00, 0xE2, 0x82))
	f.Add([]byte("h\x00e\x00l\x00l\x00o\x00,\x00 \x00w\x00o\x00r\x00l\x00d\x00!\x00!\x00!\x00!\x00!\x00!\x00"))
	fuzzEntry(f, checkNUL)
}
