package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// rangeSources are the input encodings AppendRange accepts.
var rangeSources = []Encoding{UTF8, UTF16LE, UTF16BE, UTF32LE, UTF32BE, Latin1, CP1252, ASCII, greekWin, ibm852}

// Two generated single-byte encodings (read from sbFormMap: Lookup must not
// run before the init functions that complete the registry).
var (
	greekWin = Encoding{f: sbFormMap()["windows-1253"]}
	ibm852   = Encoding{f: sbFormMap()["ibm852"]}
)

// rangePieces are what the adversarial inputs of each source encoding are
// built from: every error kind of the encoding next to multi-byte units.
var rangePieces = map[Encoding][]string{
	UTF8: {"a", "\n", "é", "€", "\U0001F600", "\uFEFF", "\xC0", "\xC1\xBF", "\xE0\x80", "\xE0\x9F\xBF",
		"\xED\xA0\x80", "\xF0\x8F", "\xF4\x90\x80\x80", "\xF5", "\xF8", "\xFF", "\x80", "\xBF", "\xE2\x82",
		"\xF0\x9F\x98", "\xE2", "\xC3", "\xEF\xBB", strings.Repeat("ascii for the kernels ", 4), "ünï 日本 😀 "},
	UTF16LE: {"a\x00", "\n\x00", "\xAC\x20", "\x3D\xD8\x00\xDE", "\x00\xD8", "\x00\xDC", "\xFF\xFE", "\xE9\x00",
		"\x3D\xD8", strings.Repeat("a\x00", 40), "\x00"},
	UTF16BE: {"\x00a", "\x00\n", "\x20\xAC", "\xD8\x3D\xDE\x00", "\xD8\x00", "\xDC\x00", "\xFE\xFF", "\x00\xE9",
		"\xD8\x3D", strings.Repeat("\x00a", 40), "\x00"},
	UTF32LE: {"a\x00\x00\x00", "\xAC\x20\x00\x00", "\x00\xF6\x01\x00", "\x00\xD8\x00\x00", "\x00\x00\x11\x00",
		"\xFF\xFE\x00\x00", strings.Repeat("b\x00\x00\x00", 20), "\x00", "\x00\x00"},
	UTF32BE: {"\x00\x00\x00a", "\x00\x00\x20\xAC", "\x00\x01\xF6\x00", "\x00\x00\xD8\x00", "\x00\x11\x00\x00",
		"\x00\x00\xFE\xFF", strings.Repeat("\x00\x00\x00b", 20), "\x00", "\x00\x00"},
	Latin1: {"a", "\xE9", "\x80", "\xFF", "\x00", strings.Repeat("latin ", 12)},
	CP1252: {"a", "\x80", "\x81", "\x9F", "\xE9", strings.Repeat("cp ", 12)},
	ASCII:  {"a", "\n", "\x80", "\xFF", strings.Repeat("ascii ", 12)},
	// AA, D2 and FF are undefined in windows-1253.
	greekWin: {"a", "\xE1", "\xAA", "\xD2", "\xFF", "\x80", strings.Repeat("\xE1\xE2 ", 12)},
	ibm852:   {"a", "\x80", "\xFF", "\xA0", strings.Repeat("\x80\x81 ", 12)},
}

func rangeInput(r *rand.Rand, from Encoding, pieces int) []byte {
	var b []byte
	ps := rangePieces[from]
	for range pieces {
		b = append(b, ps[r.IntN(len(ps))]...)
	}
	return b
}

// checkRangeCuts converts the ranges between the cuts (0 and len(src)
// added), each from the smallest window AppendRange accepts, puts the outputs
// end to end up to the first error, and compares that with Append on the
// whole: the same bytes, the same Fixed count, the same error.
func checkRangeCuts(t *testing.T, c *Converter, src []byte, cuts []int) {
	t.Helper()
	want, wantErr := c.Append(nil, src)
	wantFixed := c.Fixed()
	cuts = append([]int{0}, cuts...)
	cuts = append(cuts, len(src))
	slices.Sort(cuts)
	if len(src) == 0 {
		cuts = cuts[:2] // an empty input is one range, see AppendRange
	}
	var got []byte
	var err error
	var fixed int64
	owned := 0
	for i := 0; i+1 < len(cuts) && err == nil; i++ {
		start, end := cuts[i], cuts[i+1]
		lo, hi := max(start-utf8x.RangeContext, 0), min(end+utf8x.RangeContext, len(src))
		var from, to int
		got, from, to, err = c.AppendRange(got, src[lo:hi], lo, start-lo, end-lo)
		if err == nil && from != owned {
			t.Fatalf("%v, % X cut at %v: range %d:%d owns from %d, the previous one ended at %d", c, src, cuts, start, end, from, owned)
		}
		owned = to
		fixed += c.Fixed()
	}
	if err == nil && owned != len(src) {
		t.Fatalf("%v, % X cut at %v: the ranges own up to %d of %d bytes", c, src, cuts, owned, len(src))
	}
	if !bytes.Equal(got, want) || fmt.Sprint(err) != fmt.Sprint(wantErr) || (wantErr == nil && fixed != wantFixed) {
		t.Fatalf("%v, % X cut at %v:\ngot  % X, %d fixed, %v\nwant % X, %d fixed, %v", c, src, cuts, got, fixed, err, want, wantFixed, wantErr)
	}
	var a, b *Error
	if errors.As(err, &a) != errors.As(wantErr, &b) || a != nil && *a != *b {
		t.Fatalf("%v, % X cut at %v: error %#v, want %#v", c, src, cuts, a, b)
	}
}

func rangeConverters(from Encoding) []*Converter {
	var cs []*Converter
	for _, to := range testEncodings() {
		if to.IsStateful() {
			continue // refused: TestAppendRangeStateful
		}
		if to.form().codec != nil && from != UTF8 {
			// A codec's encoder reports where in the UTF-8 it is given
			// a character stops it, which is where in the input only when
			// that is UTF-8: Append's offsets are wrong here (known), the
			// ranges' not.
			continue
		}
		for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape} {
			cs = append(cs, NewConverter(from, to, p, utf8x.BOMKeep))
		}
		cs = append(cs, NewConverter(from, to, utf8x.Replace, utf8x.BOMStrip), NewConverter(from, to, utf8x.Replace, utf8x.BOMAdd))
	}
	if from == UTF8 {
		cs = append(cs, NewConverter(from, UTF16LE, utf8x.FallbackCP1252, utf8x.BOMKeep))
	}
	return cs
}

func TestAppendRangeEveryCut(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, from := range rangeSources {
		convs := rangeConverters(from)
		for i := range 12 {
			src := rangeInput(r, from, 2+i)
			c := convs[i%len(convs)]
			for k := 0; k <= len(src); k++ {
				checkRangeCuts(t, c, src, []int{k})
				checkRangeCuts(t, c, src, []int{k, min(k+1, len(src)), min(k+3, len(src))})
			}
		}
	}
}

func TestAppendRangeRandomCuts(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	n := 30
	if testing.Short() {
		n = 6
	}
	for _, from := range rangeSources {
		for _, c := range rangeConverters(from) {
			for i := range n {
				src := rangeInput(r, from, 1+i)
				cuts := make([]int, r.IntN(7))
				for j := range cuts {
					cuts[j] = r.IntN(len(src) + 1)
				}
				checkRangeCuts(t, c, src, cuts)
			}
		}
	}
}

// TestAppendRangeCorpus converts a prefix of each corpus file, read as each
// encoding it is in, cut at every offset at once (ranges of one byte) and at
// random sets of offsets.
func TestAppendRangeCorpus(t *testing.T) {
	files := testsample.Corpus(t, "*/*")
	r := rand.New(rand.NewPCG(15, 16))
	limit := 8 << 10
	if testing.Short() {
		limit = 2 << 10
	}
	for _, f := range files {
		from := UTF8
		switch {
		case strings.Contains(f, ".utf16."):
			from = UTF16LE // after the FF FE signature, dropped below
		case strings.Contains(f, ".utf32."):
			from = UTF32LE
		case strings.Contains(f, ".latin1."):
			from = Latin1
		}
		p, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if from == UTF16LE || from == UTF32LE {
			p = p[min(len(p), len(from.form().bom)):]
		}
		p = p[:min(len(p), limit)]
		every := make([]int, 0, len(p))
		for k := 1; k < len(p); k++ {
			every = append(every, k)
		}
		for _, to := range []Encoding{UTF8, UTF16, UTF32BE, Latin1} {
			c := NewConverter(from, to, utf8x.Replace, utf8x.BOMKeep)
			checkRangeCuts(t, c, p, every)
			cuts := make([]int, 1+r.IntN(5))
			for j := range cuts {
				cuts[j] = r.IntN(len(p) + 1)
			}
			checkRangeCuts(t, NewConverter(from, to, utf8x.Strict, utf8x.BOMKeep), p, cuts)
		}
	}
}

func TestAppendRangeRefuses(t *testing.T) {
	src := []byte("abcdef")
	for _, from := range []Encoding{UTF16, UTF32, CESU8, MUTF8, WTF8, UTF8Legacy} {
		c := NewConverter(from, UTF8, utf8x.Replace, utf8x.BOMKeep)
		if _, _, _, err := c.AppendRange(nil, src, 0, 0, len(src)); err == nil {
			t.Errorf("%v: AppendRange gave no error", c)
		}
	}
	c := NewConverter(UTF16LE, UTF8, utf8x.FallbackCP1252, utf8x.BOMKeep)
	if _, _, _, err := c.AppendRange(nil, src, 8, 4, 6); err == nil {
		t.Errorf("%v: AppendRange gave no error for a policy that needs UTF-8 input", c)
	}
	c = NewConverter(UTF8, UTF16LE, utf8x.Replace, utf8x.BOMKeep)
	if _, _, _, err := c.AppendRange(nil, src, 8, 1, 6); !errors.Is(err, utf8x.ErrRangeWindow) {
		t.Errorf("window without the 3 bytes before the range: err = %v", err)
	}
	for _, a := range [][3]int{{-1, 0, 1}, {0, 4, 3}, {0, 0, 9}} {
		if _, _, _, err := c.AppendRange(nil, src, a[0], a[1], a[2]); err == nil {
			t.Errorf("AppendRange(base %d, %d, %d) gave no error", a[0], a[1], a[2])
		}
	}
}

func FuzzAppendRange(f *testing.F) {
	f.Add(uint8(0), uint8(1), uint8(1), []byte("a\xE2\x82€\xF0\x9F\x98\x80\xC0"), []byte{3, 5})
	f.Add(uint8(1), uint8(0), uint8(0), []byte("\x3D\xD8\x00\xDEa\x00\x00\xD8"), []byte{1, 2, 6})
	f.Fuzz(func(t *testing.T, fromIx, toIx, polIx uint8, src, cutBytes []byte) {
		if len(src) > 1<<10 || len(cutBytes) > 12 {
			return
		}
		from := rangeSources[int(fromIx)%len(rangeSources)]
		tos := testEncodings()
		to := tos[int(toIx)%len(tos)]
		if to.IsStateful() || to.form().codec != nil && from != UTF8 {
			return // not converted in ranges, as in rangeConverters
		}
		pols := []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape}
		c := NewConverter(from, to, pols[int(polIx)%len(pols)], utf8x.BOMKeep)
		cuts := make([]int, len(cutBytes))
		for i, b := range cutBytes {
			cuts[i] = int(b) % (len(src) + 1)
		}
		checkRangeCuts(t, c, src, cuts)
	})
}

// A UTF-8 file split into byte ranges, as GNU parallel --pipepart, Hadoop
// or Spark split it, each range converted to UTF-16LE on its own from the
// range plus utf8x.RangeContext bytes on each side: the outputs end to end are the
// conversion of the whole file.
func ExampleConverter_AppendRange() {
	input := []byte("€1 → ½ 😀 ok")
	var out []byte
	c := NewConverter(UTF8, UTF16LE, utf8x.Replace, utf8x.BOMKeep)
	for _, r := range [][2]int{{0, 2}, {2, 6}, {6, 13}, {13, len(input)}} { // 2, 6 and 13 cut characters
		lo, hi := max(r[0]-utf8x.RangeContext, 0), min(r[1]+utf8x.RangeContext, len(input))
		var from, to int
		var err error
		out, from, to, err = c.AppendRange(out, input[lo:hi], lo, r[0]-lo, r[1]-lo)
		if err != nil {
			panic(err)
		}
		fmt.Printf("[%d,%d) converts [%d,%d)\n", r[0], r[1], from, to)
	}
	whole, _ := UTF16LE.NewEncoder().Bytes(input)
	fmt.Println(bytes.Equal(out, whole))
	// Output:
	// [0,2) converts [0,3)
	// [2,6) converts [3,8)
	// [6,13) converts [8,16)
	// [13,19) converts [16,19)
	// true
}

// A target with shift states cannot be written in ranges: ISO-2022-KR's
// header and ISO-2022-JP's escapes would come once per range.
func TestAppendRangeStateful(t *testing.T) {
	for _, label := range []string{"iso-2022-jp", "iso-2022-kr", "hz-gb-2312"} {
		e, _ := Lookup(label)
		if !e.IsStateful() {
			t.Errorf("%s is not stateful", e)
		}
		c := NewConverter(UTF8, e, utf8x.Strict, utf8x.BOMKeep)
		if _, _, _, err := c.AppendRange(nil, []byte("abc"), 0, 0, 3); err == nil {
			t.Errorf("%s: AppendRange succeeds", e)
		}
	}
	for _, label := range []string{"shift_jis", "gb18030", "utf-8", "windows-1251"} {
		if e, _ := Lookup(label); e.IsStateful() {
			t.Errorf("%s is stateful", e)
		}
	}
}
