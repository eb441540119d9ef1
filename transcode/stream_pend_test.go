package transcode

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// pendTexts are UTF-8 texts of 1.5 KiB or so, long enough for the vector kernels
// to run in every call: one per kind of text the kernels take different paths
// on, and one with ill-formed sequences among its characters.
func pendTexts() map[string][]byte {
	rng := rand.New(rand.NewPCG(7, 11))
	mixed := sample(rng, 1500)
	damaged := []byte(sample(rng, 1500))
	for k := 100; k < len(damaged); k += 397 {
		damaged[k] = []byte{0xFF, 0x80, 0xC0, 0xED}[k%4]
	}
	return map[string][]byte{
		"ascii":   []byte(strings.Repeat("plain ASCII text, line after line.\n", 40)),
		"latin1":  []byte(strings.Repeat("caf\u00e9 cr\u00e8me br\u00fbl\u00e9e \u00bfqu\u00e9? \u00a9 ", 50)),
		"chinese": []byte(strings.Repeat("\u4e2d\u6587\u6587\u672c\uff0c\u6bcf\u884c\u90fd\u4e00\u6837\u3002", 40)),
		"emoji":   []byte(strings.Repeat("\U0001F600\U0001F680 ok ", 100)),
		"mixed":   []byte(mixed),
		"damaged": damaged,
	}
}

// TestStreamPending drives a Converter over texts of 1.5 KiB or so, whole
// and in chunks cut at odd places, with every third destination size from 1
// to 600 bytes that holds a character (every 13th with -short) and a few
// larger ones, with every kernel set: the output, and the error, must be the
// per-unit code's on the whole input. Below 512 bytes of room the vector
// kernels write into the Converter's own buffer and Transform hands that out
// over later calls (stream); every size crosses that path at a different
// place.
func TestStreamPending(t *testing.T) {
	sizes := []int{700, 1000, 1023, 1024, 1025, 4096}
	step := 3
	if testing.Short() {
		step = 29
	}
	// Sizes below the longest character of the target form are skipped:
	// there the per-unit code makes no progress, rightly.
	for n := 1; n <= 600; n += step {
		sizes = append(sizes, n)
	}
	texts := pendTexts()
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for _, e := range testEncodings() {
			for name, text := range texts {
				for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace} {
					encoded, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, text)
					for _, c := range []*Converter{
						NewConverter(UTF8, e, p, utf8x.BOMKeep),
						NewConverter(e, UTF8, p, utf8x.BOMKeep),
						NewConverter(e, UTF32LE, p, utf8x.BOMKeep),
					} {
						in := text
						if c.from != utf8Form {
							in = encoded
						}
						useKernels = false
						want, wantErr := c.Append(nil, in)
						useKernels = true
						for _, cuts := range [][]int{nil, {333, 1000, 1001}} {
							for _, size := range sizes {
								if size < c.out.maxLen || !testsample.Sampled(3, size, len(in), len(cuts), int(c.from.maxLen)) {
									continue // -short: a third of the sizes
								}
								got, err := driveWhole(t, c, in, cuts, size)
								if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
									t.Fatalf("%v on %s cut at %v, dst %d: %d bytes, %v; want %d bytes, %v (first difference at %d)",
										c, name, cuts, size, len(got), err, len(want), wantErr, firstDiff(got, want))
								}
							}
						}
					}
				}
			}
		}
	})
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestStreamPendingReset: output left waiting in a Converter by a short
// destination is dropped by Reset, not written at the start of the next
// stream.
func TestStreamPendingReset(t *testing.T) {
	text := []byte(strings.Repeat("ASCII text that the vector kernel converts in whole blocks. ", 40))
	c := NewConverter(UTF8, UTF32LE, utf8x.Strict, utf8x.BOMKeep)
	dst := make([]byte, 300)
	if _, _, err := c.Transform(dst, text, true); err != transform.ErrShortDst {
		t.Fatalf("Transform into %d bytes: %v, want ErrShortDst", len(dst), err)
	}
	c.Reset()
	want, _ := UTF32LE.AppendEncode(nil, []byte("ab"))
	nDst, nSrc, err := c.Transform(dst, []byte("ab"), true)
	if err != nil || nSrc != 2 || !bytes.Equal(dst[:nDst], want) {
		t.Fatalf("after Reset: % X, %d, %v; want % X, 2, <nil>", dst[:nDst], nSrc, err, want)
	}
}

// TestStreamStrictAllocs: a Converter under Strict streams in 4 KiB
// chunks into a 4 KiB destination, short destinations and output held back
// included, without allocating (TestTransformAllocs covers the other
// policies).
func TestStreamStrictAllocs(t *testing.T) {
	text := []byte(strings.Repeat("ASCII run, then h\u00e9llo \u20ac \U0001F600 and \u4e2d\u6587. ", 400))
	dst := make([]byte, 4096)
	for _, e := range allocFreeEncodings() {
		src, err := e.AppendEncode(nil, text)
		if err != nil {
			continue // a character e cannot hold
		}
		for _, c := range []*Converter{NewConverter(UTF8, e, utf8x.Strict, utf8x.BOMKeep), NewConverter(e, UTF8, utf8x.Strict, utf8x.BOMKeep)} {
			in := text
			if c.from != utf8Form {
				in = src
			}
			n := testing.AllocsPerRun(5, func() {
				c.Reset()
				for rest := in; ; {
					chunk := rest[:min(4096, len(rest))]
					_, s, err := c.Transform(dst, chunk, len(chunk) == len(rest))
					rest = rest[s:]
					if err == nil && len(rest) == 0 {
						break
					}
					if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
						t.Fatalf("%v: %v", c, err)
					}
				}
			})
			if n != 0 {
				t.Errorf("%v: %v allocations per stream", c, n)
			}
		}
	}
}

// TestStreamTail cuts texts of 300 bytes or so at every offset, so that the
// end of each chunk, shorter than a vector block, with or without a
// character cut in two, goes through tail (the vector kernel on a block
// padded with NULs): the output and the error must be the per-unit code's.
func TestStreamTail(t *testing.T) {
	texts := pendTexts()
	testsample.Transcoding.Each(t, func(t *testing.T) {
		for ei, e := range testEncodings() {
			for name, text := range texts {
				text := text[:300]
				encoded, _ := e.WithPolicy(utf8x.Replace).AppendEncode(nil, text)
				for ci, c := range []*Converter{
					NewConverter(UTF8, e, utf8x.Strict, utf8x.BOMKeep),
					NewConverter(e, UTF8, utf8x.Strict, utf8x.BOMKeep),
					NewConverter(e, UTF16BE, utf8x.Replace, utf8x.BOMKeep),
				} {
					in := text
					if c.from != utf8Form {
						in = encoded
					}
					useKernels = false
					want, wantErr := c.Append(nil, in)
					useKernels = true
					for k := 0; k <= len(in); k++ {
						if !testsample.Sampled(3, ei, ci, k, len(text)) {
							continue
						}
						for _, size := range []int{40, 4096} {
							got, err := driveWhole(t, c, in, []int{k, k + 70}, size)
							if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
								t.Fatalf("%v on %s cut at %d and %d, dst %d: %d bytes, %v; want %d bytes, %v (first difference at %d)",
									c, name, k, k+70, size, len(got), err, len(want), wantErr, firstDiff(got, want))
							}
						}
					}
				}
			}
		}
	})
}

// TestWholeChars: on valid text in each form with vector kernels, the prefix
// tail hands the kernel ends at the last character boundary at or before
// the end.
func TestWholeChars(t *testing.T) {
	text := "a\u00e9\u20ac\U0001F600b\u00ff\u4e2d\U0010FFFF\u0080z"
	for _, e := range []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, UTF32BE, Latin1, CP1252} {
		var enc []byte
		bounds := map[int]bool{0: true}
		for _, r := range text {
			b, err := e.AppendEncode(enc, []byte(string(r)))
			if err != nil {
				continue // a character e cannot hold
			}
			enc = b
			bounds[len(enc)] = true
		}
		for l := 0; l <= len(enc); l++ {
			want := l
			for !bounds[want] {
				want--
			}
			if got := wholeChars(e.form(), enc[:l]); got != want {
				t.Errorf("%s: wholeChars of % X = %d, want %d", e, enc[:l], got, want)
			}
		}
	}
}

// wholeCharsKnows are the forms whose character boundaries wholeChars finds.
var wholeCharsKnows = map[*form]bool{utf8Form: true, utf16LEForm: true, utf16BEForm: true,
	utf32LEForm: true, utf32BEForm: true, latin1Form: true, cp1252Form: true}

// driveWhole is drive, checking also that every call's output ends on a
// character boundary of the target form, as the per-unit code's does:
// callers count each call's output as text (utf8x convert's error
// positions do).
func driveWhole(t *testing.T, c *Converter, src []byte, cuts []int, dstSize int) ([]byte, error) {
	t.Helper()
	return driveEach(t, c, src, cuts, dstSize, func(out []byte) {
		if n := wholeChars(c.out, out); n != len(out) && wholeCharsKnows[c.out] {
			t.Fatalf("%v, dst %d: a call's output ends inside a character: % X", c, dstSize, out[max(0, len(out)-8):])
		}
	})
}
