package utf8x_test

import (
	"testing"
	"unsafe"

	"github.com/utf8x/utf8x"
)

// TestNoEscape checks, as unicode/utf8's TestRuneCountNonASCIIAllocation
// does, that the entry points leave the caller's buffer on the stack: each
// call builds its input in a local array, which an argument escaping (through
// the kernel dispatch, say) would move to the heap, one allocation per call.
// Short inputs take the portable code, long ones (in the default build) the
// vector kernels; the purego build runs the same test on portable code only.
//
// Each case is its own function with its own array and direct calls: one
// escaping call would otherwise taint the others.
//
// Chunks is the one exception, and is left out: its iterator hands slices of
// p to the range loop's body through yield, a function it cannot see, so p
// escapes (one allocation per loop) unless the compiler inlines the whole
// iterator, which its loop is too large for.
func TestNoEscape(t *testing.T) {
	const short = "日本語abc\xed\xa0\x80"
	const long = "The quick brown fox 日本語 jumps over the lazy dog, é€😀 and back again; " +
		"the same again in another line, to be longer than any vector block size. \xf4\x90\x80\x80"
	for _, in := range []string{short, long} {
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"Valid", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Valid(p)
			}},
			{"Validate", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Validate(p[:len(p)-4]) // the valid path: an error may allocate
			}},
			{"FirstInvalid", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.FirstInvalid(p)
			}},
			{"RuneCount", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.RuneCount(p)
			}},
			{"UTF16Len", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.UTF16Len(p)
			}},
			{"Count", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Count(p)
			}},
			{"Position", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Position(p, len(p)-3)
			}},
			{"IsASCII", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.IsASCII(p)
			}},
			{"ASCIIPrefix", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.ASCIIPrefix(p)
			}},
			{"DecodeRune", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.DecodeRune(p)
			}},
			{"Decode", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Decode(p)
			}},
			{"DecodeLastRune", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.DecodeLastRune(p)
			}},
			{"Truncate", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.Truncate(p, len(p)/2)
			}},
			{"TruncateUTF16", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.TruncateUTF16(p, len(p)/2)
			}},
			{"ValidString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.ValidString(unsafe.String(&p[0], len(p)))
			}},
			{"RuneCountInString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.RuneCountInString(unsafe.String(&p[0], len(p)))
			}},
			{"FirstInvalidString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.FirstInvalidString(unsafe.String(&p[0], len(p)))
			}},
			{"ValidateString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.ValidateString(unsafe.String(&p[0], len(p)-4))
			}},
			{"IsASCIIString/ASCIIPrefixString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.IsASCIIString(unsafe.String(&p[0], len(p)))
				utf8x.ASCIIPrefixString(unsafe.String(&p[0], len(p)))
			}},
			{"UTF16LenString", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.UTF16LenString(unsafe.String(&p[0], len(p)))
			}},
			{"HasBOM/TrimBOM", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				if utf8x.HasBOM(p) || len(utf8x.TrimBOM(p)) != len(p) {
					panic("no BOM expected")
				}
			}},
			{"StartOfRune/FullRune", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.StartOfRune(p, len(p)/2)
				utf8x.FullRune(p[len(p)-2:])
			}},
			{"EncodeRune/AppendRune", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.EncodeRune(p, '😀')
				utf8x.AppendRune(p[:0], '€')
			}},
			{"AppendValid", func() {
				var buf [len(long)]byte
				var dst [2 * len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.AppendValid(dst[:0], p, utf8x.Replace)
			}},
			{"AppendValidString", func() {
				var buf [len(long)]byte
				var dst [2 * len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.AppendValidString(dst[:0], unsafe.String(&p[0], len(p)), utf8x.Escape)
			}},
			{"Policy.AppendInvalid", func() {
				var buf [len(long)]byte
				var dst [64]byte
				p := fillBuf(&buf, in)
				utf8x.Escape.AppendInvalid(dst[:0], p[len(p)-3:])
			}},
			{"RangeBounds/CheckRange", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.RangeBounds(p, 5, len(p)-5)
				utf8x.CheckRange(p, 0, 5, len(p)-5, 0) // 0 errors listed: no list to allocate
			}},
			{"AppendValidRange", func() {
				var buf [len(long)]byte
				var dst [2 * len(long)]byte
				p := fillBuf(&buf, in)
				utf8x.AppendValidRange(dst[:0], p, 0, 5, len(p)-5, utf8x.Replace)
			}},
			{"Runes", func() {
				var buf [len(long)]byte
				p := fillBuf(&buf, in)
				for range utf8x.Runes(p) {
				}
			}},
			{"Transformer.Transform/Span", func() {
				var buf [len(long)]byte
				var dst [2 * len(long)]byte
				p := fillBuf(&buf, in)
				var t utf8x.Transformer
				tr := &t
				*tr = *utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep)
				tr.Span(p, true)
				tr.Transform(dst[:], p, true)
			}},
		} {
			if allocs := testing.AllocsPerRun(20, c.f); allocs != 0 {
				t.Errorf("%s on %d bytes: %v allocations per call, want 0", c.name, len(in), allocs)
			}
		}
	}
}

// fillBuf copies s into buf and returns the part it filled.
func fillBuf(buf *[158]byte, s string) []byte { return buf[:copy(buf[:], s)] }
