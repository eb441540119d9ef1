package utf8kernel_test

import (
	"bytes"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// The oracle here is unicode/utf8, which implements the same RFC 3629 rules as
// the root package's scalar reference but shares no code with either.

// refPrefix is the length of the longest valid prefix of p.
func refPrefix(p []byte) int {
	i := 0
	for i < len(p) {
		r, n := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return i
}

func refASCII(p []byte) int {
	for i, b := range p {
		if b >= 0x80 {
			return i
		}
	}
	return len(p)
}

func refUTF16(p []byte) int {
	n := 0
	for _, r := range string(p) {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// maxSlack bounds how far short of the first error ValidPrefix may stop: a
// 64-byte block plus the three bytes of a character straddling into it, with
// room to spare, but far less than the inputs the tests use.
const maxSlack = 96

// short keeps failure messages readable.
type short []byte

func (s short) String() string {
	if len(s) > 80 {
		return fmt.Sprintf("% x ... (%d bytes)", []byte(s[:80]), len(s))
	}
	return fmt.Sprintf("% x", []byte(s))
}

// checkPrefix checks n, the answer of a validating entry point, against want,
// the length of the longest valid prefix of p. It and the other check helpers
// do not call t.Helper, which costs more than the checks themselves; their
// messages name the entry point.
func checkPrefix(t testing.TB, entry string, p []byte, n, want int) {
	switch {
	case n > want:
		t.Fatalf("%s = %d past the first error at %d in %v", entry, n, want, short(p))
	case n < want-maxSlack:
		t.Fatalf("%s = %d, too far short of the first error at %d in %v", entry, n, want, short(p))
	case want == len(p) && n != want:
		t.Fatalf("%s = %d on valid input of length %d: %v", entry, n, want, short(p))
	case n != want && !utf8.Valid(p[:n]):
		t.Fatalf("%s = %d does not end on a boundary in %v", entry, n, short(p))
	}
}

// check compares every entry point with the oracle on p.
func check(t testing.TB, p []byte) {
	t.Helper()
	want := refPrefix(p)
	checkPrefix(t, "ValidPrefix", p, utf8kernel.ValidPrefix(p), want)
	checkCount(t, p, want)
	checkCopy(t, p, want)
	if got, want := utf8kernel.ASCIIPrefix(p), refASCII(p); got != want {
		t.Fatalf("ASCIIPrefix = %d, want %d in %v", got, want, short(p))
	}
	v := p[:want]
	if got, want := utf8kernel.CountRunes(v), utf8.RuneCount(v); got != want {
		t.Fatalf("CountRunes = %d, want %d in %v", got, want, short(v))
	}
	if got, want := utf8kernel.UTF16Len(v), refUTF16(v); got != want {
		t.Fatalf("UTF16Len = %d, want %d in %v", got, want, short(v))
	}
}

// checkCount checks ValidCount's prefix and its counts over that prefix.
func checkCount(t testing.TB, p []byte, want int) {
	n, runes, units, ascii := utf8kernel.ValidCount(p)
	checkPrefix(t, "ValidCount", p, n, want)
	if w := utf8.RuneCount(p[:n]); runes != w {
		t.Fatalf("ValidCount = %d, %d characters, want %d in %v", n, runes, w, short(p))
	}
	if w := refUTF16(p[:n]); units != w {
		t.Fatalf("ValidCount = %d, %d UTF-16 units, want %d in %v", n, units, w, short(p))
	}
	if w := refASCIICount(p[:n]); ascii != w {
		t.Fatalf("ValidCount = %d, %d ASCII bytes, want %d in %v", n, ascii, w, short(p))
	}
	// ValidRunes runs kernels of its own (no ASCII count): the same prefix
	// and counts, from the references rather than from ValidCount.
	n, runes, units = utf8kernel.ValidRunes(p)
	checkPrefix(t, "ValidRunes", p, n, want)
	if w := utf8.RuneCount(p[:n]); runes != w {
		t.Fatalf("ValidRunes = %d, %d characters, want %d in %v", n, runes, w, short(p))
	}
	if w := refUTF16(p[:n]); units != w {
		t.Fatalf("ValidRunes = %d, %d UTF-16 units, want %d in %v", n, units, w, short(p))
	}
}

// refASCIICount is the number of bytes of p below 0x80, one by one.
func refASCIICount(p []byte) int {
	n := 0
	for _, b := range p {
		if b < 0x80 {
			n++
		}
	}
	return n
}

// copyBuf is checkCopy's destination, kept between calls: the tests call it
// millions of times.
var copyBuf []byte

// guard is the number of bytes before dst and past len(src) that ValidCopy
// must not touch.
const guard = 80

// checkCopy checks ValidCopy's prefix, the copy, and that it wrote nothing
// outside dst[:len(src)], into a destination that holds junk to begin with.
func checkCopy(t testing.TB, p []byte, want int) {
	if cap(copyBuf) < len(p)+2*guard {
		copyBuf = make([]byte, 2*len(p)+2*guard)
	}
	buf := copyBuf[:len(p)+2*guard]
	for i := range buf {
		buf[i] = 0xEE
	}
	dst := buf[guard : guard+len(p)]
	n := utf8kernel.ValidCopy(dst, p)
	checkPrefix(t, "ValidCopy", p, n, want)
	if !bytes.Equal(dst[:n], p[:n]) {
		t.Fatalf("ValidCopy = %d copied % x, want % x", n, dst[:n], p[:n])
	}
	for i, b := range buf {
		if (i < guard || i >= guard+len(p)) && b != 0xEE {
			t.Fatalf("ValidCopy wrote %#x at %d, outside the %d bytes of dst", b, i-guard, len(p))
		}
	}
}

var backgrounds = []struct {
	name string
	unit string // repeated to fill
}{
	{"ascii", "a"},
	{"2byte", "é"},
	{"3byte", "€"},
	{"4byte", "😀"},
	{"mixed", "aé€😀Ω中x𝄞"},
}

// fill appends whole repetitions of the background's characters to b until it
// has n bytes, padding with ASCII where a whole character no longer fits.
func fill(b []byte, unit string, n int) []byte {
	for len(b) < n {
		for _, r := range unit {
			if len(b)+utf8.RuneLen(r) > n {
				break
			}
			b = utf8.AppendRune(b, r)
		}
		for len(b) < n && len(b)+4 > n {
			b = append(b, 'z')
		}
	}
	return b
}

// errorSeqs holds an example of every error kind; some shapes (a truncated
// lead followed by a background character) arise from the injection itself.
var errorSeqs = []struct {
	kind string
	seq  string
}{
	{"overlong", "\xC0\x80"},
	{"overlong", "\xC1\xBF"},
	{"overlong", "\xE0\x80\x80"},
	{"overlong", "\xE0\x9F\xBF"},
	{"overlong", "\xF0\x80\x80\x80"},
	{"overlong", "\xF0\x8F\xBF\xBF"},
	{"surrogate", "\xED\xA0\x80"},
	{"surrogate", "\xED\xBF\xBF"},
	{"too-large", "\xF4\x90\x80\x80"},
	{"too-large", "\xF5\x80\x80\x80"},
	{"too-large", "\xF7\xBF\xBF\xBF"},
	{"truncated", "\xC2"},
	{"truncated", "\xE1\x80"},
	{"truncated", "\xEF\xBF"},
	{"truncated", "\xF1\x80\x80"},
	{"truncated", "\xF4\x8F\xBF"},
	{"unexpected-continuation", "\x80"},
	{"unexpected-continuation", "\xBF"},
	{"unexpected-continuation", "\xC2\x80\x80"},
	{"unexpected-continuation", "\xF0\x90\x80\x80\x80"},
	{"invalid-byte", "\xF8"},
	{"invalid-byte", "\xFE"},
	{"invalid-byte", "\xFF"},
}

// TestInjectedErrors puts every error example at every offset 0..191 of
// buffers of every length up to 256, on every background, so that errors fall
// at, before and after each 32- and 64-byte block boundary, and at the end.
func TestInjectedErrors(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		buf := make([]byte, 0, 512)
		for _, bg := range backgrounds {
			for _, e := range errorSeqs {
				for n := 0; n <= 256; n++ {
					for off := 0; off <= 191 && off+len(e.seq) <= n; off++ {
						if !testsample.Sampled(24, n, off, len(e.seq), int(e.seq[0]), len(bg.unit)) {
							continue
						}
						b := fill(buf[:0], bg.unit, off)
						b = append(b, e.seq...)
						b = fill(b, bg.unit, n)
						if at := off + refPrefix([]byte(e.seq)); refPrefix(b) != at {
							t.Fatalf("bad test input %v: first error not at %d", short(b), at)
						}
						check(t, b)
					}
				}
			}
		}
	})
}

// TestTruncatedAtEnd ends buffers of every length with every proper prefix of
// every character length, so the incomplete sequence straddles each possible
// block end and the input's end.
func TestTruncatedAtEnd(t *testing.T) {
	leads := []string{"\xC2", "\xDF", "\xE0\xA0", "\xE1", "\xED\x9F", "\xEF\xBF", "\xF0\x90", "\xF0\x90\x80", "\xF3", "\xF4\x8F\xBF"}
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, bg := range backgrounds {
			for n := 0; n <= 260; n++ {
				for _, l := range leads {
					if len(l) > n {
						continue
					}
					b := fill(nil, bg.unit, n-len(l))
					b = append(b, l...)
					check(t, b)
				}
			}
		}
	})
}

// TestValidShifted checks valid text of every length up to 300, shifted by 0..3
// ASCII bytes so that every character straddles every block boundary.
func TestValidShifted(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, bg := range backgrounds {
			for shift := 0; shift < 4; shift++ {
				for n := shift; n <= 300; n++ {
					b := fill(bytes.Repeat([]byte{'s'}, shift), bg.unit, n)
					check(t, b)
				}
			}
		}
	})
}

// TestASCIIPrefixEveryPosition places one non-ASCII byte at every position of
// ASCII buffers, the exact answer ASCIIPrefix must find.
func TestASCIIPrefixEveryPosition(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		for n := 0; n <= 300; n++ {
			b := bytes.Repeat([]byte{'A'}, n)
			check(t, b)
			for i := 0; i < n; i++ {
				for _, c := range []byte{0x80, 0xC3, 0xFF} {
					b[i] = c
					if got := utf8kernel.ASCIIPrefix(b); got != i {
						t.Fatalf("ASCIIPrefix = %d, want %d (len %d, byte %#x)", got, i, n, c)
					}
					b[i] = 'A'
				}
			}
		}
	})
}

// TestLong crosses the kernels' multi-block fast paths with an error placed
// far inside long ASCII and non-ASCII runs.
func TestLong(t *testing.T) {
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, bg := range backgrounds {
			for _, n := range []int{1000, 4096, 65536 + 7} {
				b := fill(nil, bg.unit, n)
				check(t, b)
				for _, off := range []int{n / 2, n - 70, n - 3} {
					off = refBoundary(b, off)
					c := append([]byte(nil), b...)
					c[off] = 0xFF
					check(t, c)
				}
			}
		}
	})
}

// refBoundary moves i back to the start of the character it is inside.
func refBoundary(p []byte, i int) int {
	for i > 0 && !utf8.RuneStart(p[i]) {
		i--
	}
	return i
}

func TestKernelsListed(t *testing.T) {
	names := utf8kernel.Kernels()
	if len(names) == 0 || names[len(names)-1] != "go" {
		t.Fatalf("Kernels() = %v: the portable set must be last", names)
	}
	t.Logf("kernels %v, active %s", names, utf8kernel.Active())
}

// TestNoEscape checks, under every kernel set, that no entry point makes its
// argument escape: each builds its input in a stack array, which an escaping
// argument (a call through a function value, say) would move to the heap, one
// allocation per call. Each case is its own function so one escape cannot
// taint the others.
func TestNoEscape(t *testing.T) {
	const in = "The quick brown fox 日本語 jumps over the lazy dog, aé€😀 and back again; " +
		"the same again in another line, to be longer than any vector block size."
	type buf = [len(in)]byte
	fill := func(b *buf) []byte { return b[:copy(b[:], in)] }
	testsample.Validation.Each(t, func(t *testing.T) {
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"ValidPrefix", func() { var b buf; utf8kernel.ValidPrefix(fill(&b)) }},
			{"ValidCount", func() { var b buf; utf8kernel.ValidCount(fill(&b)) }},
			{"ValidRunes", func() { var b buf; utf8kernel.ValidRunes(fill(&b)) }},
			{"ValidCopy", func() { var b, d buf; utf8kernel.ValidCopy(d[:], fill(&b)) }},
			{"ASCIIPrefix", func() { var b buf; utf8kernel.ASCIIPrefix(fill(&b)) }},
			{"CountRunes", func() { var b buf; utf8kernel.CountRunes(fill(&b)) }},
			{"UTF16Len", func() { var b buf; utf8kernel.UTF16Len(fill(&b)) }},
		} {
			if allocs := testing.AllocsPerRun(20, c.f); allocs != 0 {
				t.Errorf("%s: %v allocations per call, want 0", c.name, allocs)
			}
		}
	})
}

// fuzzKernel runs one fuzz target against one kernel set.
func fuzzKernel(f *testing.F, name string) {
	f.Add([]byte("hello, world"))
	f.Add([]byte("aé€😀 \xed\xa0\x80 \xf4\x90\x80\x80"))
	f.Add([]byte(fill(nil, "aé€😀", 200)))
	f.Add(append([]byte(fill(nil, "€", 63)), 0xE2, 0x82))
	testsample.Validation.Force(f, name)
	f.Fuzz(func(t *testing.T, p []byte) { check(t, p) })
}

// fuzzEntry runs one fuzz target for one entry point against every kernel set
// this CPU can run.
func fuzzEntry(f *testing.F, check func(t testing.TB, p []byte, want int)) {
	f.Add([]byte("hello, world"))
	f.Add([]byte("aé€😀 \xed\xa0\x80 \xf4\x90\x80\x80"))
	f.Add([]byte(fill(nil, "aé€😀", 200)))
	f.Add(append([]byte(fill(nil, "€", 63)), 0xE2, 0x82))
	f.Add(append([]byte(fill(nil, "😀", 100)), 0xF0, 0x9F))
	f.Fuzz(func(t *testing.T, p []byte) {
		want := refPrefix(p)
		testsample.Validation.Runnable(func(string) {
			check(t, p, want)
		})
	})
}

func FuzzValidCount(f *testing.F) { fuzzEntry(f, checkCount) }
func FuzzValidCopy(f *testing.F)  { fuzzEntry(f, checkCopy) }

func FuzzGo(f *testing.F)         { fuzzKernel(f, "go") }
func FuzzAVX2(f *testing.F)       { fuzzKernel(f, "avx2") }
func FuzzAVX512(f *testing.F)     { fuzzKernel(f, "avx512") }
func FuzzAVX512VBMI(f *testing.F) { fuzzKernel(f, "avx512vbmi") }
func FuzzNEON(f *testing.F)       { fuzzKernel(f, "neon") }

func ExampleKernels() {
	fmt.Println(utf8kernel.Kernels()[len(utf8kernel.Kernels())-1])
	// Output: go
}
