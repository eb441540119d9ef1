package utf8x_test

import (
	"bytes"
	"errors"

	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/utf8x/utf8x"
)

// The Reader's input buffer size, which WriteTo's direct path cuts its
// source's bytes to: errors near its multiples fall across reads.
const readerWindow = 16 << 10

// recordingWriter keeps what it is given and the size of each Write; after
// limit bytes it fails (with errFull) or, when short is set, takes less than
// it was given and says nothing.
type recordingWriter struct {
	buf    []byte
	calls  []int
	limit  int
	short  bool
	strict bool // limit applies
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.calls = append(w.calls, len(p))
	n := len(p)
	if w.strict && n > w.limit-len(w.buf) {
		n = max(0, w.limit-len(w.buf))
	}
	w.buf = append(w.buf, p[:n]...)
	if n < len(p) && !w.short {
		return n, errFull
	}
	return n, nil
}

// hideWriterTo hides its reader's WriteTo, so that Reader.WriteTo takes the
// buffered path that reads through Read.
type hideWriterTo struct{ io.Reader }

// writeToRun is everything observable of one WriteTo on a Reader, then Read
// calls for the rest.
type writeToRun struct {
	out      []byte
	calls    []int
	n        int64
	err      error
	fixed    int64
	rest     []byte
	restErr  error
	fixedEnd int64
}

func runWriteTo(rd *utf8x.Reader, w *recordingWriter, head int, r *rand.Rand) writeToRun {
	var run writeToRun
	if head > 0 {
		p := make([]byte, head)
		n, err := rd.Read(p)
		run.out = append(run.out, p[:n]...)
		if err != nil {
			run.err = err
			return run
		}
	}
	run.n, run.err = rd.WriteTo(w)
	run.out = append(run.out, w.buf...)
	run.calls = w.calls
	run.fixed = rd.Fixed()
	run.rest, run.restErr = readWith(rd, []int{1 + r.IntN(5000)})
	run.fixedEnd = rd.Fixed()
	return run
}

// sources gives the three kinds of source over src, with WriteTo shown or
// hidden.
func sources(src []byte, hide bool) map[string]io.Reader {
	m := map[string]io.Reader{
		"bytes.Reader":   bytes.NewReader(src),
		"strings.Reader": strings.NewReader(string(src)),
		"bytes.Buffer":   bytes.NewBuffer(bytes.Clone(src)),
	}
	if hide {
		for k, v := range m {
			m[k] = hideWriterTo{v}
		}
	}
	return m
}

// compareWriteTo runs WriteTo with the source's WriteTo in view and hidden
// and fails unless everything observable is the same.
func compareWriteTo(t *testing.T, src []byte, p utf8x.Policy, b utf8x.BOMPolicy, limit int, short bool, head int, seed uint64) {
	t.Helper()
	direct := sources(src, false)
	buffered := sources(src, true)
	for name := range direct {
		mk := func() *recordingWriter {
			return &recordingWriter{limit: limit, short: short, strict: limit >= 0}
		}
		got := runWriteTo(utf8x.NewReader(direct[name], p, b), mk(), head, rand.New(rand.NewPCG(seed, 1)))
		want := runWriteTo(utf8x.NewReader(buffered[name], p, b), mk(), head, rand.New(rand.NewPCG(seed, 1)))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s, %s/%s, %d-byte input, writer limit %d (short %v), %d-byte Read first:\n got  %d bytes, %d said, calls %v, %v, fixed %d, then %d bytes, %v, fixed %d\n want %d bytes, %d said, calls %v, %v, fixed %d, then %d bytes, %v, fixed %d",
				name, policyName(p), b, len(src), limit, short, head,
				len(got.out), got.n, got.calls, got.err, got.fixed, len(got.rest), got.restErr, got.fixedEnd,
				len(want.out), want.n, want.calls, want.err, want.fixed, len(want.rest), want.restErr, want.fixedEnd)
		}
		// Without a failing writer and Read first, both are the slice result.
		if limit < 0 && head == 0 {
			wantOut, wantErr := wantStream(src, p, b)
			if !sameResult(got.out, got.err, wantOut, wantErr) {
				t.Fatalf("%s, %s/%s, %d-byte input: got %d bytes, %v; want %d bytes, %v", name, policyName(p), b, len(src), len(got.out), got.err, len(wantOut), wantErr)
			}
		}
	}
}

// errorNear builds about n bytes of valid text with an ill-formed piece (or
// a byte order mark, or a long character) starting at each given offset.
func errorNear(r *rand.Rand, n int, at []int) []byte {
	var b []byte
	for len(b) < n {
		b = append(b, []string{"valid ", "é", "€", "😀", " text"}[r.IntN(5)]...)
	}
	b = b[:n] // may cut a character: one more error
	for _, off := range at {
		if off < 0 || off >= len(b) {
			continue
		}
		f := fragments[r.IntN(len(fragments))]
		b = append(b[:off:off], append([]byte(f), b[off:]...)...)
	}
	return b
}

// TestReaderWriteToDirect compares WriteTo straight from a bytes.Reader or
// bytes.Buffer (their WriteTo) with the buffered path through Read, on
// inputs with errors at every position near the Reader's read boundaries,
// every policy and BOM policy, destinations that fail or take less after
// some bytes, and some Read calls before.
func TestReaderWriteToDirect(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for d := -6; d <= 6; d++ {
		for _, k := range []int{1, 2} {
			at := readerWindow*k + d
			src := errorNear(r, readerWindow*k+200+r.IntN(3), []int{r.IntN(100), at})
			if d%3 == 0 {
				src = append([]byte(utf8x.BOM), src...)
			}
			for _, p := range allPolicies {
				for _, b := range bomPolicies {
					compareWriteTo(t, src, p, b, -1, false, 0, uint64(d+10))
				}
			}
		}
	}
	rounds := 30
	if testing.Short() {
		rounds = 10
	}
	for i := range rounds {
		n := []int{0, 3, 100, readerWindow - 1, readerWindow, readerWindow + 2, 3*readerWindow + 5}[i%7]
		var at []int
		for range r.IntN(6) {
			at = append(at, r.IntN(n+1))
		}
		for k := 1; k <= n/readerWindow; k++ {
			at = append(at, k*readerWindow-4+r.IntN(9))
		}
		src := errorNear(r, n, at)
		for _, p := range allPolicies {
			for _, b := range bomPolicies {
				limit := -1
				if r.IntN(2) == 0 {
					limit = r.IntN(len(src) + 10)
					if r.IntN(3) == 0 {
						limit = r.IntN(readerWindow+8) + (readerWindow-4)*r.IntN(2)
					}
				}
				head := 0
				if r.IntN(4) == 0 {
					head = 1 + r.IntN(6000)
				}
				compareWriteTo(t, src, p, b, limit, r.IntN(2) == 0, head, uint64(i))
			}
		}
	}
}

// TestReaderWriteToStrictError: Strict's error comes out of the direct path
// as from the buffered one, with the valid text before it written.
func TestReaderWriteToStrictError(t *testing.T) {
	src := errorNear(rand.New(rand.NewPCG(43, 44)), 3*readerWindow, nil)
	src = append(src[:readerWindow+1:readerWindow+1], append([]byte("\xE2\x82"), src[readerWindow+1:]...)...)
	var w bytes.Buffer
	n, err := utf8x.NewReader(bytes.NewReader(src), utf8x.Strict, utf8x.BOMKeep).WriteTo(&w)
	var e *utf8x.Error
	if !errors.As(err, &e) || e.Offset != readerWindow+1 || n != readerWindow+1 || !bytes.Equal(w.Bytes(), src[:readerWindow+1]) {
		t.Fatalf("got %d bytes written (%d said), %v; want %d, an *Error at %d", w.Len(), n, err, readerWindow+1, readerWindow+1)
	}
}

// FuzzReaderWriteTo compares WriteTo's direct path with the buffered one on
// any input, policy, BOM policy and failing destination.
func FuzzReaderWriteTo(f *testing.F) {
	f.Add([]byte("a\xFFb"), uint8(1), uint8(0), 1000, false, 0)
	f.Add(bytes.Repeat([]byte("é"), readerWindow), uint8(0), uint8(2), readerWindow-1, true, 3)
	f.Add(append(bytes.Repeat([]byte("x"), readerWindow-1), "\xF0\x9F\x98\x80\xE2"...), uint8(2), uint8(1), -1, false, 0)
	f.Fuzz(func(t *testing.T, in []byte, pi, bi uint8, limit int, short bool, head int) {
		if len(in) > 4*readerWindow {
			in = in[:4*readerWindow]
		}
		// Stretch short inputs past a read boundary now and then.
		if len(in) > 0 && len(in) < 64 && in[0]&1 == 1 {
			in = append(bytes.Repeat([]byte("a"), readerWindow-len(in)/2), in...)
		}
		p := allPolicies[int(pi)%len(allPolicies)]
		b := bomPolicies[int(bi)%len(bomPolicies)]
		if limit < -1 {
			limit = -1
		}
		head = max(0, head%8000)
		compareWriteTo(t, in, p, b, limit, short, head, 7)
	})
}

// spacedInput is valid text (ASCII and 2- to 4-byte characters) of about n
// bytes with one of fragments after every gap bytes of it, starting at
// first, each cut at a character boundary.
func spacedInput(r *rand.Rand, n, first, gap int) []byte {
	var b []byte
	next := first
	for len(b) < n {
		if len(b) >= next {
			b = append(b, fragments[r.IntN(len(fragments))]...)
			next = len(b) + gap
			continue
		}
		b = append(b, []string{"v", "é", "€", "😀", "al"}[r.IntN(5)]...)
	}
	return b
}

// TestReaderErrorSpacing: WriteTo hands each lone ill-formed subpart to the
// policy itself and the clustered ones (closer than the Transformer's probe
// length to the one before) to the Transformer, which stops at the next
// valid run; the valid runs go from the input to the destination. With
// errors every gap bytes for gaps on both sides of that length, lying across
// the Reader's read boundaries, the output is the slice result's, through
// WriteTo straight from the source, through the buffered path and through
// Read with small and large buffers, under every policy and BOM policy.
func TestReaderErrorSpacing(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	gaps := []int{0, 1, 2, 3, 4, 5, 7, 15, 28, 29, 30, 31, 32, 33, 34, 35, 36, 40, 63, 64, 65, 100, 1000}
	firsts := []int{0, readerWindow - 5, readerWindow - 2, readerWindow - 1, readerWindow, readerWindow + 1}
	if testing.Short() {
		gaps = []int{0, 3, 31, 32, 33, 64, 1000}
		firsts = firsts[:3]
	}
	for _, gap := range gaps {
		for _, first := range firsts {
			src := spacedInput(r, first+200+2*gap, first, gap)
			for _, p := range allPolicies {
				for _, b := range bomPolicies {
					want, wantErr := wantStream(src, p, b)
					for name, in := range map[string]io.Reader{
						"direct":   bytes.NewReader(src),
						"buffered": hideWriterTo{bytes.NewReader(src)},
					} {
						var w bytes.Buffer
						_, err := utf8x.NewReader(in, p, b).WriteTo(&w)
						if !sameResult(w.Bytes(), err, want, wantErr) {
							t.Fatalf("WriteTo (%s), gap %d, first at %d, %s/%s: got %d bytes, %v; want %d, %v",
								name, gap, first, policyName(p), b, w.Len(), err, len(want), wantErr)
						}
					}
					for _, sizes := range [][]int{{1, 7}, {4096, 100000}} {
						got, err := readWith(utf8x.NewReader(bytes.NewReader(src), p, b), sizes)
						if !sameResult(got, err, want, wantErr) {
							t.Fatalf("Read %v, gap %d, first at %d, %s/%s: got %d bytes, %v; want %d, %v",
								sizes, gap, first, policyName(p), b, len(got), err, len(want), wantErr)
						}
					}
				}
			}
		}
	}
}

// splitReader gives its data in two reads, cut at at, then io.EOF.
type splitReader struct {
	p  []byte
	at int
}

func (s *splitReader) Read(p []byte) (int, error) {
	if len(s.p) == 0 {
		return 0, io.EOF
	}
	n := len(s.p)
	if s.at > 0 {
		n = min(n, s.at)
	}
	n = copy(p, s.p[:n])
	s.p, s.at = s.p[n:], s.at-n
	return n, nil
}

// TestReaderEverySplit reads inputs whose ill-formed subparts come alone,
// in clusters and cut in two, through WriteTo with the input arriving in two
// reads cut at every offset, so that each error and each valid run after one
// meets the end of a read, under every policy; the output is the slice
// result.
func TestReaderEverySplit(t *testing.T) {
	inputs := []string{
		"valid é€😀 text\xFF" + strings.Repeat("a long valid run after a lone error ", 3) + "\xE2\x82 end",
		"\xFF\xFE\xE2\x82\xF0\x9F\x98" + strings.Repeat("€", 20) + "\xC0\xED\xA0\x80x\x80\x80y\xF4\x90",
		"ab\xE2\x82" + strings.Repeat("z", 31) + "\xFF" + strings.Repeat("é", 17) + "\xF0\x9F\x98",
		utf8x.BOM + "\xEF\xBB" + strings.Repeat("b", 40) + "\xFF",
	}
	for _, in := range inputs {
		src := []byte(in)
		for _, p := range allPolicies {
			for _, b := range bomPolicies {
				want, wantErr := wantStream(src, p, b)
				for at := 0; at <= len(src); at++ {
					var w bytes.Buffer
					_, err := utf8x.NewReader(&splitReader{src, at}, p, b).WriteTo(&w)
					if !sameResult(w.Bytes(), err, want, wantErr) {
						t.Fatalf("%+q cut at %d, %s/%s: got %+q, %v; want %+q, %v",
							in, at, policyName(p), b, w.Bytes(), err, want, wantErr)
					}
				}
			}
		}
	}
}
