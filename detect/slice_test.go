package detect

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// Detect's short path (sliceVerdict) against the Detector path (detectAll)
// on the inputs it must take (valid UTF-8 and ASCII, with a byte order mark
// or escapes, cut by a limit inside a character) and on those it must leave
// to the Detector (NULs, errors, a character cut by the input's end): where
// it answers, the same Result; where it must answer, an answer.
func TestSliceVerdictMatchesDetector(t *testing.T) {
	mixed := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), 3000)
	ascii := bytes.Repeat([]byte("plain text, nothing else. "), 3000)
	rare := append([]byte(nil), ascii...)
	copy(rare[DefaultLimit+10:], "é")
	with := func(p []byte, at int, s string) []byte {
		q := append([]byte(nil), p...)
		copy(q[at:], s)
		return q
	}
	bom := append([]byte("\uFEFF"), mixed...)
	// A byte order mark whose prefix ends inside a character (found as it
	// is: the Detector then does not name the mark when the whole input is
	// examined; the short path must say the same).
	bomCut := append([]byte("\uFEFF"), bytes.Repeat([]byte("é"), DefaultLimit)...)
	straddle := append(append(append([]byte(nil), ascii[:DefaultLimit-1]...), "é"...), ascii[:20000]...)
	cases := []struct {
		name string
		in   []byte
		fast bool // the short path must answer, under the default limit
	}{
		{"mixed", mixed, true},
		{"ascii", ascii, true},
		{"ascii, one é beyond the prefix", rare, true},
		{"short ascii", []byte("hi"), true},
		{"one byte", []byte("h"), true},
		{"short utf-8", []byte("é"), true},
		{"utf-8 bom", bom, true},
		{"utf-8 bom alone", []byte("\uFEFF"), true},
		{"utf-8 bom, prefix cut inside a character", bomCut, true},
		{"ef not a bom", []byte("\uFF21\uFF22 fullwidth"), true},
		{"iso-2022-jp", []byte("plain \x1b$B$3$s$K$A$O\x1b(B text"), true},
		{"escape, not iso-2022-jp", []byte("\x1b[31mred\x1b[0m"), true},
		{"escape beyond the prefix", with(ascii, DefaultLimit+5, "\x1b$B"), true},
		{"escape after utf-8", append([]byte("Grüße \x1b$B"), ascii...), true},
		{"nul", with(ascii, 100, "\x00"), false},
		{"nul beyond the limit", with(ascii, DefaultLimit+100, "\x00"), true},
		{"invalid", with(mixed, 500, "\xff"), false},
		{"invalid beyond the limit", with(ascii, DefaultLimit+7, "\xc0\x80"), true},
		{"cut at the end", append(append([]byte(nil), ascii[:5000]...), 0xE4, 0xB8), false},
		{"invalid at the end", append(append([]byte(nil), ascii[:5000]...), 0xE4, 0x41), false},
		{"utf-16le bom", append([]byte("\xff\xfe"), utf16Bytes("hello", false)...), false},
		{"utf-32be bom", []byte("\x00\x00\xfe\xffab"), false},
		{"empty", nil, false},
		{"a character across the prefix's end", straddle, true},
		{"a character across the prefix's end, then NUL", with(straddle, DefaultLimit+10, "\x00"), true},
		{"a character across the prefix's end, then ESC", with(straddle, DefaultLimit+10, "\x1b$B"), true},
	}
	opts := []*Options{nil, {Limit: -1}, {Limit: 7}, {Limit: DefaultLimit + 1}, {Limit: 1000, MinConfidence: 0.999}, {MinConfidence: 2}}
	for _, c := range cases {
		for _, o := range opts {
			name := fmt.Sprintf("%s, options %+v", c.name, o)
			got, ok := sliceVerdict(c.in, o)
			want := detectAll(c.in, o, false)
			if ok && !reflect.DeepEqual(got, want) {
				t.Fatalf("%s:\n got %+v\nwant %+v", name, got, want)
			}
			if o == nil && ok != c.fast {
				t.Errorf("%s: short path answered %v, want %v", name, ok, c.fast)
			}
			// Detect looks past an ASCII prefix as the Detector does
			// (sliceVerdict, on the prefix, does not).
			if !reflect.DeepEqual(detectExamined(c.in, o), detectAll(c.in, o, true)) {
				t.Fatalf("%s: Detect differs from the Detector", name)
			}
		}
	}
	// Examining everything, the NULs and ESCs beyond the prefix do not
	// matter (the Detector looks for them in the prefix only): the short
	// path answers.
	for _, in := range [][]byte{with(ascii, DefaultLimit+100, "\x00"), with(ascii, DefaultLimit+5, "\x1b$B"), append(with(ascii, DefaultLimit+3, "\x00"), "é"...)} {
		o := &Options{Limit: -1}
		got, ok := sliceVerdict(in, o)
		if want := detectAll(in, o, false); !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d bytes, % X at the prefix's end, everything examined: short path %v\n got %+v\nwant %+v", len(in), in[DefaultLimit:DefaultLimit+8], ok, got, want)
		}
	}
	// Every limit around the end of a character and of the prefix.
	for _, in := range [][]byte{mixed, bom, bomCut} {
		for _, l := range []int64{1, 2, 3, 4, 5, 6, DefaultLimit - 3, DefaultLimit - 2, DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, DefaultLimit + 2} {
			o := &Options{Limit: l}
			got, ok := sliceVerdict(in, o)
			if want := detectAll(in, o, false); !ok || !reflect.DeepEqual(got, want) {
				t.Fatalf("%d bytes, limit %d: short path %v\n got %+v\nwant %+v", len(in), l, ok, got, want)
			}
		}
	}
	// Random inputs from the bytes the structure looks at.
	rng := rand.New(rand.NewPCG(21, 22))
	alphabet := []string{"a", " ", "\x00", "\x1b", "$B", "(B", "é", "世", "😀", "\uFEFF", "\xff", "\x80", "\xe4"}
	answered := 0
	for range 3000 {
		var b []byte
		for range rng.IntN(40) {
			s := alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(3) > 0 {
				s = alphabet[rng.IntN(2)] // mostly valid
			}
			b = append(b, s...)
		}
		o := opts[rng.IntN(len(opts))]
		got, ok := sliceVerdict(b, o)
		if want := detectAll(b, o, false); ok && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q, options %+v:\n got %+v\nwant %+v", b, o, got, want)
		}
		if ok {
			answered++
		}
	}
	if answered < 300 {
		t.Errorf("the short path answered only %d of 3000 random inputs", answered)
	}
}

// countingReader yields its input in reads of at most step bytes, after
// stalls reads of nothing, and counts the bytes it gave; after err is set,
// it fails once it has given failAt bytes.
type countingReader struct {
	p      []byte
	step   int
	stalls int
	given  int
	failAt int
	err    error
}

func (r *countingReader) Read(b []byte) (int, error) {
	if r.stalls > 0 {
		r.stalls--
		return 0, nil
	}
	if r.err != nil && r.given >= r.failAt {
		return 0, r.err
	}
	if len(r.p) == 0 {
		return 0, io.EOF
	}
	n := copy(b[:min(len(b), r.step)], r.p)
	if r.err != nil {
		n = min(n, r.failAt-r.given)
	}
	r.p = r.p[n:]
	r.given += n
	return n, nil
}

// DetectReader reads the prefix whole before it examines it: the result is
// Detect's at every input length around the prefix's end and the limit,
// whatever the reads' sizes (and reads of nothing), it reads no more than
// one byte beyond the limit (under the default limit, after an ASCII
// prefix: the whole of an ASCII input, and no more than DefaultLimit and
// probeLen bytes from the first byte beyond ASCII; when the answer names
// equivalents, lookOn bytes past those examined), and a read error is
// returned wherever it happens.
func TestDetectReaderAroundPrefix(t *testing.T) {
	ascii := bytes.Repeat([]byte("plain text, nothing else. "), 6000)
	mixed := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), 4000)
	legacy, _ := charmap.Windows1252.NewEncoder().Bytes(bytes.Repeat([]byte("Le garçon a mangé une crème brûlée. "), 4000))
	late := append(append([]byte(nil), ascii[:DefaultLimit+3000]...), legacy...)
	for _, text := range [][]byte{ascii, mixed, legacy, late} {
		for _, n := range []int{0, 1, 999, 1000, 1001, DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, DefaultLimit + 5, DefaultLimit + 6, 100000, DefaultLimit + 3001, 2*DefaultLimit + 3000, 2*DefaultLimit + 3100} {
			in := text[:min(n, len(text))]
			for _, o := range []*Options{nil, {Limit: 1000}, {Limit: DefaultLimit - 1}, {Limit: DefaultLimit + 5}, {Limit: -1}} {
				want := Detect(in, o)
				bound := int64(DefaultLimit) + 1
				if o != nil {
					bound = o.Limit + 1
				}
				if first := bytes.IndexFunc(in, func(r rune) bool { return r >= 0x80 }); o == nil && first < 0 {
					bound = int64(len(in))
				} else if o == nil && first >= DefaultLimit {
					bound = int64(first + DefaultLimit + probeLen)
				}
				if o == nil {
					// The look-on reads on, lookOn bytes past those examined
					// at most, for bytes that tell equivalents apart.
					ex := detectExamined(in, o)
					if _, ok := newLookOn(&ex); ok && ex.Examined < int64(len(in)) {
						bound = ex.Examined + lookOn
					}
				}
				for _, step := range []int{1 << 20, 4096, 4093} {
					r := &countingReader{p: in, step: step, stalls: 2}
					got, err := DetectReader(r, o)
					if err != nil || !reflect.DeepEqual(got, want) {
						t.Fatalf("%d bytes, limit %+v, reads of %d: %v\n got %+v\nwant %+v", n, o, step, err, got, want)
					}
					if bound > 0 && int64(r.given) > bound {
						t.Fatalf("%d bytes, limit %+v, reads of %d: read %d bytes", n, o, step, r.given)
					}
				}
			}
		}
	}
	boom := errors.New("boom")
	for _, at := range []int{0, 10, DefaultLimit - 1, DefaultLimit, DefaultLimit + 1, 90000} {
		r := &countingReader{p: ascii, step: 4096, err: boom, failAt: at}
		if _, err := DetectReader(r, &Options{Limit: -1}); err != boom {
			t.Errorf("error after %d bytes: got %v", at, err)
		}
	}
}

// FuzzSliceVerdict puts the fuzzer's bytes after valid text (ASCII, or
// not) that ends around the first counting window or the prefix, under
// each limit: where Detect's short path answers, its Result is the
// Detector's, and it answers every input that is valid UTF-8 within the
// limit with no NUL byte in the prefix (nor in the 256 bytes after it, where
// the short path may look for them too) and no character cut short by the
// end (unless the limit cut it).
func FuzzSliceVerdict(f *testing.F) {
	f.Add([]byte("\x1b$B$3$s\x1b(B"), uint16(0), uint8(0))
	f.Add([]byte("\xef\xbb\xbfé"), uint16(2), uint8(3))
	f.Add([]byte("世界\xe4"), uint16(1), uint8(5))
	f.Add([]byte("a\x00é"), uint16(3), uint8(7))
	fillers := [][]byte{
		bytes.Repeat([]byte("plain text, nothing else. "), DefaultLimit/26+1),
		bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), DefaultLimit/30+1),
	}
	ends := []int{0, 1000, 1024, 1030, DefaultLimit - 10, DefaultLimit}
	f.Fuzz(func(t *testing.T, in []byte, back uint16, kind uint8) {
		if len(in) > 4<<10 {
			in = in[:4<<10]
		}
		filler := fillers[int(kind)%len(fillers)]
		n := max(0, ends[int(kind/2)%len(ends)]-int(back)%64)
		filler = filler[:completeLen(filler[:n])]
		full := append(append([]byte(nil), filler...), in...)
		for _, o := range []*Options{nil, {Limit: -1}, {Limit: int64(len(filler)) + int64(back)%8}} {
			got, ok := sliceVerdict(full, o)
			if want := detectAll(full, o, false); ok && !reflect.DeepEqual(got, want) {
				t.Fatalf("options %+v:\n got %+v\nwant %+v", o, got, want)
			}
			// (Detect is detectExamined and the look-on past the bytes
			// examined, which the Detector does not do.)
			if got, want := detectExamined(full, o), detectAll(full, o, true); !reflect.DeepEqual(got, want) {
				t.Fatalf("options %+v: Detect\n got %+v\nwant %+v", o, got, want)
			}
			if got, want := Detect(full, o), lookOnSlice(full, detectAll(full, o, true), o); !reflect.DeepEqual(got, want) {
				t.Fatalf("options %+v: Detect with its look-on\n got %+v\nwant %+v", o, got, want)
			}
			// DetectReader looks on as it reads (lookOnScan.read).
			if got, err := DetectReader(iotest.HalfReader(bytes.NewReader(full)), o); err != nil || !reflect.DeepEqual(got, Detect(full, o)) {
				t.Fatalf("options %+v: DetectReader: %v\n got %+v\nwant %+v", o, err, got, Detect(full, o))
			}
			q, limit := full, int64(DefaultLimit)
			if o != nil {
				limit = o.Limit
			}
			if limit >= 0 && int64(len(q)) > limit {
				q = q[:limit]
			}
			cut := completeLen(q)
			cutOK := cut == len(q) || len(q) < len(full) && incomplete(q[cut:])
			valid := utf8.Valid(q[:cut]) && cutOK && bytes.IndexByte(q[:min(len(q), DefaultLimit+256)], 0) < 0
			if valid && len(q) > 0 && !ok {
				t.Fatalf("options %+v: valid input, no NUL in the prefix, and the short path did not answer", o)
			}
		}
	})
}

// DetectReader's structural verdicts allocate the Result's candidates and
// nothing else (the bytes read past the prefix once had a buffer of their
// own): inputs ending within the prefix, at it and beyond it.
func TestDetectReaderAllocs(t *testing.T) {
	mixed := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界. "), 5000)
	ascii := bytes.Repeat([]byte("plain text, nothing else. "), 5000)
	var r bytes.Reader
	for _, in := range [][]byte{mixed[:1000], ascii[:DefaultLimit], mixed, ascii} {
		for _, o := range []*Options{nil, {Limit: -1}, {Limit: DefaultLimit + 10}} {
			allocs := testing.AllocsPerRun(20, func() {
				r.Reset(in)
				if _, err := DetectReader(&r, o); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 1 {
				t.Errorf("%d bytes, limit %+v: %v allocations per call, want 1", len(in), o, allocs)
			}
		}
	}
}

// The largest limit is no limit: no arithmetic on it overflows, and every
// API gives what Limit -1 gives.
func TestLargestLimit(t *testing.T) {
	for _, in := range [][]byte{
		bytes.Repeat([]byte("plain text, nothing else. "), 6000),
		bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), 100),
		[]byte("Le gar\xe7on"),
	} {
		want := Detect(in, &Options{Limit: -1})
		o := &Options{Limit: math.MaxInt64}
		if got := Detect(in, o); !reflect.DeepEqual(got, want) {
			t.Fatalf("%d bytes: Detect\n got %+v\nwant %+v", len(in), got, want)
		}
		got, err := DetectReader(&countingReader{p: in, step: 5000}, o)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%d bytes: DetectReader %v\n got %+v\nwant %+v", len(in), err, got, want)
		}
		d := New(o)
		for q := in; len(q) > 0; q = q[min(len(q), 3000):] {
			d.Write(q[:min(len(q), 3000)])
		}
		if got := d.Result(); !reflect.DeepEqual(got, want) {
			t.Fatalf("%d bytes: Detector\n got %+v\nwant %+v", len(in), got, want)
		}
	}
}
