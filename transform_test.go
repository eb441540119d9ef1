package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

var bomPolicies = []utf8x.BOMPolicy{utf8x.BOMKeep, utf8x.BOMStrip, utf8x.BOMAdd}

// wantStream is what a whole stream must turn into: the BOM decision, then the
// slice call on the rest. Split invariance means every way of feeding the
// stream gives exactly this.
func wantStream(src []byte, p utf8x.Policy, b utf8x.BOMPolicy) ([]byte, error) {
	had := utf8x.HasBOM(src)
	var out []byte
	if b.Output(had) {
		out = append(out, utf8x.BOM...)
	}
	out, _, err := utf8x.AppendValid(out, utf8x.TrimBOM(src), p)
	var e *utf8x.Error
	if errors.As(err, &e) && had {
		e.Offset += len(utf8x.BOM)
	}
	return out, err
}

// feed drives a Transformer by hand the way transform.Reader does, with src
// arriving in the given chunks and a destination of dstSize bytes that grows
// only when no progress is possible. It checks the Transformer's side of the
// contract as it goes.
func feed(t *testing.T, tr transform.Transformer, chunks [][]byte, dstSize int) ([]byte, error) {
	t.Helper()
	var out, src []byte
	dst := make([]byte, dstSize)
	next := 0
	for {
		atEOF := next == len(chunks)
		nDst, nSrc, err := tr.Transform(dst, src, atEOF)
		if nDst > len(dst) || nSrc > len(src) {
			t.Fatalf("Transform returned nDst=%d nSrc=%d beyond %d/%d", nDst, nSrc, len(dst), len(src))
		}
		out = append(out, dst[:nDst]...)
		src = src[nSrc:]
		switch {
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				dst = make([]byte, 2*len(dst))
			}
		case err == transform.ErrShortSrc:
			if atEOF {
				t.Fatalf("ErrShortSrc at EOF")
			}
			src = append(src, chunks[next]...)
			next++
		case err != nil:
			return out, err
		case len(src) != 0:
			t.Fatalf("nil error with %d bytes unconsumed", len(src))
		case atEOF:
			return out, nil
		default:
			src = append(src, chunks[next]...)
			next++
		}
	}
}

func cutAt(src []byte, offs ...int) [][]byte {
	var chunks [][]byte
	prev := 0
	for _, o := range offs {
		chunks = append(chunks, src[prev:o])
		prev = o
	}
	return append(chunks, src[prev:])
}

func sameResult(got []byte, gotErr error, want []byte, wantErr error) bool {
	if !bytes.Equal(got, want) {
		return false
	}
	if (gotErr == nil) != (wantErr == nil) {
		return false
	}
	return gotErr == nil || gotErr.Error() == wantErr.Error()
}

// adversarial inputs put an ill-formed subpart, a multi-byte character or a
// byte order mark at every position a cut can fall.
var adversarial = []string{
	"",
	"\xEF\xBB\xBF",
	"\xEF\xBB",
	"\xEF",
	"\xEF\xBB\xBFhello\xEF\xBB\xBF",
	"\xEF\xBBx",
	"\xEF\xBB\xBF\xEF\xBB\xBF",
	"x\xEF\xBB\xBF",
	"caf\xE9 \xE2\x82 ok \xF0\x9F\x98\x80 \xF0\x9F\x98",
	"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
	"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
	"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
	"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
	"\xE2\x82\xAC\xE2\x82\xE2\x82\xAC\xE2",
	"\x93quoted\x94 \x96 \x85 \x99 \x81\x8D\x8F\x90\x9D",
	"€😀é\uFFFD\uFEFF",
}

func TestTransformSplitAtEveryOffset(t *testing.T) {
	for _, s := range adversarial {
		src := []byte(s)
		for _, p := range allPolicies {
			for _, b := range bomPolicies {
				want, wantErr := wantStream(src, p, b)
				tr := utf8x.NewTransformer(p, b)
				for _, dstSize := range []int{1, 3, 7, 64} {
					for i := 0; i <= len(src); i++ {
						tr.Reset()
						got, err := feed(t, tr, cutAt(src, i), dstSize)
						if !sameResult(got, err, want, wantErr) {
							t.Fatalf("%s/%s %+q cut at %d, dst %d:\n got %+q, %v\nwant %+q, %v",
								policyName(p), b, s, i, dstSize, got, err, want, wantErr)
						}
					}
					// One byte at a time: every offset is a cut.
					tr.Reset()
					var each []int
					for i := 1; i < len(src); i++ {
						each = append(each, i)
					}
					got, err := feed(t, tr, cutAt(src, each...), dstSize)
					if !sameResult(got, err, want, wantErr) {
						t.Fatalf("%s/%s %+q byte by byte, dst %d:\n got %+q, %v\nwant %+q, %v",
							policyName(p), b, s, dstSize, got, err, want, wantErr)
					}
				}
			}
		}
	}
}

// randomReader returns its data in chunks of random sizes, as a network does.
type randomReader struct {
	data []byte
	r    *rand.Rand
}

func (rr *randomReader) Read(p []byte) (int, error) {
	if len(rr.data) == 0 {
		return 0, io.EOF
	}
	n := min(1+rr.r.IntN(40), len(p), len(rr.data))
	copy(p, rr.data[:n])
	rr.data = rr.data[n:]
	return n, nil
}

func TestTransformRandomChunks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 300 {
		src := randomInput(r, 1+i%60)
		if i%3 == 0 {
			src = append([]byte(utf8x.BOM), src...)
		}
		for _, p := range allPolicies {
			for _, b := range bomPolicies {
				want, wantErr := wantStream(src, p, b)

				got, err := io.ReadAll(transform.NewReader(&randomReader{src, r}, utf8x.NewTransformer(p, b)))
				if !sameResult(got, err, want, wantErr) {
					t.Fatalf("NewReader %s/%s %+q:\n got %+q, %v\nwant %+q, %v", policyName(p), b, src, got, err, want, wantErr)
				}

				got, err = io.ReadAll(utf8x.NewReader(&randomReader{src, r}, p, b))
				if !sameResult(got, err, want, wantErr) {
					t.Fatalf("utf8x.NewReader %s/%s %+q:\n got %+q, %v\nwant %+q, %v", policyName(p), b, src, got, err, want, wantErr)
				}

				var buf bytes.Buffer
				w := transform.NewWriter(&buf, utf8x.NewTransformer(p, b))
				rest := src
				err = nil
				for err == nil && len(rest) > 0 {
					n := min(1+r.IntN(50), len(rest))
					_, err = w.Write(rest[:n])
					rest = rest[n:]
				}
				if err == nil {
					err = w.Close()
				}
				if !sameResult(buf.Bytes(), err, want, wantErr) {
					t.Fatalf("NewWriter %s/%s %+q:\n got %+q, %v\nwant %+q, %v", policyName(p), b, src, buf.Bytes(), err, want, wantErr)
				}

				tr := utf8x.NewTransformer(p, b)
				str, _, err := transform.String(tr, string(src))
				if !sameResult([]byte(str), err, want, wantErr) {
					t.Fatalf("transform.String %s/%s %+q:\n got %+q, %v\nwant %+q, %v", policyName(p), b, src, str, err, want, wantErr)
				}
			}
		}
	}
}

// A chain with another transformer works, and Reset lets one value serve many
// streams, the state of the first (a BOM already seen, a count) forgotten.
func TestTransformChainAndReset(t *testing.T) {
	tr := utf8x.NewTransformer(utf8x.Replace, utf8x.BOMStrip)
	for range 3 {
		got, _, err := transform.String(transform.Chain(tr, transform.Nop), "\xEF\xBB\xBFa\xFFb\xEF\xBB\xBF")
		if err != nil || got != "a\uFFFDb\uFEFF" {
			t.Fatalf("chain = %+q, %v", got, err)
		}
		if tr.Fixed() != 1 {
			t.Fatalf("Fixed() = %d after one stream, want 1", tr.Fixed())
		}
	}
}

func TestBOMPolicies(t *testing.T) {
	tests := []struct {
		in               string
		keep, strip, add string
	}{
		{"", "", "", utf8x.BOM},
		{"abc", "abc", "abc", utf8x.BOM + "abc"},
		{utf8x.BOM + "abc", utf8x.BOM + "abc", "abc", utf8x.BOM + "abc"},
		// Only the first one is a byte order mark; U+FEFF after it is text.
		{utf8x.BOM + utf8x.BOM + "a", utf8x.BOM + utf8x.BOM + "a", utf8x.BOM + "a", utf8x.BOM + utf8x.BOM + "a"},
		{"a\uFEFFb", "a\uFEFFb", "a\uFEFFb", utf8x.BOM + "a\uFEFFb"},
		// A truncated BOM is not a BOM: it is repaired like any truncated sequence.
		{"\xEF\xBB", "\uFFFD", "\uFFFD", utf8x.BOM + "\uFFFD"},
		{"\xEF\xBBa", "\uFFFDa", "\uFFFDa", utf8x.BOM + "\uFFFDa"},
	}
	for _, tt := range tests {
		for b, want := range map[utf8x.BOMPolicy]string{utf8x.BOMKeep: tt.keep, utf8x.BOMStrip: tt.strip, utf8x.BOMAdd: tt.add} {
			got, _, err := transform.String(utf8x.NewTransformer(utf8x.Replace, b), tt.in)
			if err != nil || got != want {
				t.Errorf("%s %+q = %+q, %v; want %+q", b, tt.in, got, err, want)
			}
		}
	}
}

func TestStrictStreamError(t *testing.T) {
	src := utf8x.BOM + strings.Repeat("valid line\n", 1000) + "broken \xE2\x82 here"
	for _, b := range bomPolicies {
		got, err := io.ReadAll(utf8x.NewReader(&randomReader{[]byte(src), rand.New(rand.NewPCG(7, 8))}, utf8x.Strict, b))
		var e *utf8x.Error
		if !errors.As(err, &e) {
			t.Fatalf("%s: error %v, want *Error", b, err)
		}
		wantOff := len(utf8x.BOM) + 11000 + len("broken ")
		if e.Offset != wantOff || e.Len != 2 || e.Kind != utf8x.Truncated {
			t.Errorf("%s: error {%d %d %v}, want {%d 2 truncated}", b, e.Offset, e.Len, e.Kind, wantOff)
		}
		if !strings.HasSuffix(string(got), "valid line\nbroken ") {
			t.Errorf("%s: output does not end with the valid prefix: ...%+q", b, got[max(0, len(got)-20):])
		}
	}
}

// Transform keeps no buffer: once set up, a stream of any size is repaired
// without a single allocation.
func TestTransformDoesNotAllocate(t *testing.T) {
	src := []byte(strings.Repeat("ok \xE2\x82 \xFF ünï €😀 ", 300))
	dst := make([]byte, 4096)
	for _, p := range nonStrict {
		tr := utf8x.NewTransformer(p, utf8x.BOMAdd)
		a := testing.AllocsPerRun(20, func() {
			tr.Reset()
			rest := src
			for len(rest) > 0 {
				_, n, err := tr.Transform(dst, rest, true)
				if err != nil && err != transform.ErrShortDst {
					t.Fatal(err)
				}
				rest = rest[n:]
			}
		})
		if a != 0 {
			t.Errorf("%s: %v allocations per stream, want 0", policyName(p), a)
		}
	}
}

func TestSpan(t *testing.T) {
	tests := []struct {
		b     utf8x.BOMPolicy
		src   string
		atEOF bool
		n     int
		err   error
	}{
		{utf8x.BOMKeep, "valid €", true, len("valid €"), nil},
		{utf8x.BOMKeep, "ab\xFFcd", true, 2, transform.ErrEndOfSpan},
		{utf8x.BOMKeep, "ab\xE2\x82", false, 2, transform.ErrShortSrc},
		{utf8x.BOMKeep, "ab\xE2\x82", true, 2, transform.ErrEndOfSpan},
		{utf8x.BOMStrip, utf8x.BOM + "a", true, 0, transform.ErrEndOfSpan},
		{utf8x.BOMStrip, "\xEF\xBB", false, 0, transform.ErrShortSrc},
		{utf8x.BOMStrip, "abc", true, 3, nil},
		{utf8x.BOMAdd, "abc", true, 0, transform.ErrEndOfSpan},
		{utf8x.BOMAdd, utf8x.BOM + "abc", true, 6, nil},
	}
	for _, tt := range tests {
		n, err := utf8x.NewTransformer(utf8x.Replace, tt.b).Span([]byte(tt.src), tt.atEOF)
		if n != tt.n || err != tt.err {
			t.Errorf("%s Span(%+q, %v) = %d, %v; want %d, %v", tt.b, tt.src, tt.atEOF, n, err, tt.n, tt.err)
		}
	}
}

func FuzzTransform(f *testing.F) {
	for _, s := range adversarial {
		f.Add([]byte(s), uint64(1), uint8(3))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64, dstSize uint8) {
		r := rand.New(rand.NewPCG(seed, seed>>7))
		var cuts []int
		for i := 1; i < len(src); i++ {
			if r.IntN(4) == 0 {
				cuts = append(cuts, i)
			}
		}
		for _, p := range allPolicies {
			b := bomPolicies[int(seed%3)]
			want, wantErr := wantStream(src, p, b)
			got, err := feed(t, utf8x.NewTransformer(p, b), cutAt(src, cuts...), int(dstSize%16)+1)
			if !sameResult(got, err, want, wantErr) {
				t.Fatalf("%s/%s %+q cut at %v:\n got %+q, %v\nwant %+q, %v", policyName(p), b, src, cuts, got, err, want, wantErr)
			}
		}
	})
}

func ExampleNewTransformer() {
	t := utf8x.NewTransformer(utf8x.FallbackCP1252, utf8x.BOMStrip)
	s, _, _ := transform.String(t, "\xEF\xBB\xBF\x93Caf\xE9\x94 \xE2\x82\xAC 5")
	// E9 94 is one maximal subpart (a lead and a continuation byte), so 2 are
	// fixed; cp1252 still reads each of its bytes.
	fmt.Println(s, t.Fixed())
	// Output: “Café” € 5 2
}

func ExampleNewReader() {
	r := utf8x.NewReader(strings.NewReader("na\xEFve \xF0\x9F\x98"), utf8x.Escape, utf8x.BOMKeep)
	b, _ := io.ReadAll(r)
	fmt.Println(string(b))
	// Output: na\xefve \xf0\x9f\x98
}

// liveBound is how long one repair of n bytes may take before the test calls
// it a hang: a thousand times what linear work needs on a shared machine.
func liveBound(n int) time.Duration { return 5*time.Second + time.Duration(n)*250*time.Microsecond }

// FuzzTransformLiveness: transform.NewReader, transform.NewWriter, utf8x.NewReader
// (Read and WriteTo) and transform.String repair any input, fed at random chunk splits, in
// bounded time (each run in a goroutine, so that a hang fails instead of
// hanging CI), and all give the slice result.
func FuzzTransformLiveness(f *testing.F) {
	for i, s := range adversarial {
		f.Add([]byte(s), uint64(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64, pick uint8) {
		if len(src) > 4096 {
			src = src[:4096]
		}
		p := allPolicies[int(pick)%len(allPolicies)]
		b := bomPolicies[int(pick/16)%len(bomPolicies)]
		want, wantErr := wantStream(src, p, b)
		type result struct {
			name string
			out  []byte
			err  error
		}
		var results []result
		done := make(chan struct{})
		go func() {
			defer close(done)
			r := rand.New(rand.NewPCG(seed, 9))
			out, err := io.ReadAll(transform.NewReader(&randomReader{src, r}, utf8x.NewTransformer(p, b)))
			results = append(results, result{"transform.NewReader", out, err})
			out, err = io.ReadAll(utf8x.NewReader(&randomReader{src, r}, p, b))
			results = append(results, result{"utf8x.NewReader", out, err})
			var copied bytes.Buffer
			_, err = io.Copy(&copied, utf8x.NewReader(&randomReader{src, r}, p, b))
			results = append(results, result{"utf8x.NewReader via io.Copy (WriteTo)", copied.Bytes(), err})
			var buf bytes.Buffer
			w := transform.NewWriter(&buf, utf8x.NewTransformer(p, b))
			rest := src
			for err = nil; err == nil && len(rest) > 0; {
				n := min(1+r.IntN(64), len(rest))
				_, err = w.Write(rest[:n])
				rest = rest[n:]
			}
			if err == nil {
				err = w.Close()
			}
			results = append(results, result{"transform.NewWriter", buf.Bytes(), err})
			s, _, err := transform.String(utf8x.NewTransformer(p, b), string(src))
			results = append(results, result{"transform.String", []byte(s), err})
		}()
		select {
		case <-done:
		case <-time.After(liveBound(len(src))):
			t.Fatalf("%s/%s: repairing %+q did not return within %v: a hang", policyName(p), b, src, liveBound(len(src)))
		}
		for _, r := range results {
			if !sameResult(r.out, r.err, want, wantErr) {
				t.Fatalf("%s %s/%s %+q:\n got %+q, %v\nwant %+q, %v", r.name, policyName(p), b, src, r.out, r.err, want, wantErr)
			}
		}
	})
}
