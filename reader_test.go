package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
)

// bigInput is text of about n bytes with ill-formed pieces and byte order
// marks scattered through it, so that some fall across the Reader's buffer
// boundaries.
func bigInput(r *rand.Rand, n int) []byte {
	var b []byte
	for len(b) < n {
		if r.IntN(4) == 0 {
			b = append(b, fragments[r.IntN(len(fragments))]...)
			continue
		}
		b = append(b, "valid text with é, € and 😀 between the errors "[:10+r.IntN(40)]...)
	}
	return b
}

// readWith reads all of rd with Read calls of the given buffer sizes, in turn.
func readWith(rd io.Reader, sizes []int) ([]byte, error) {
	var out []byte
	bufs := make([][]byte, len(sizes))
	for i, n := range sizes {
		bufs[i] = make([]byte, n)
	}
	for i := 0; ; i++ {
		p := bufs[i%len(bufs)]
		n, err := rd.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// TestReaderEntryPoints compares utf8x.Reader, read with buffers of every
// size (below and above the size it repairs into directly), through WriteTo
// (io.Copy), and through a mix of both, with the slice result, on inputs
// larger than its buffer.
func TestReaderEntryPoints(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	rounds := 8
	if testing.Short() {
		rounds = 4
	}
	for i := range rounds {
		src := bigInput(r, []int{10, 5000, 40000, 100000}[i%4])
		if i%3 == 0 {
			src = append([]byte(utf8x.BOM), src...)
		}
		for _, p := range allPolicies {
			for _, b := range bomPolicies {
				want, wantErr := wantStream(src, p, b)
				name := policyName(p) + "/" + b.String()
				for _, sizes := range [][]int{{1}, {7, 1, 300}, {4095, 4096, 70000}, {1 + r.IntN(9000), 1 + r.IntN(20)}} {
					if sizes[0] < 100 && len(src) > 10000 {
						continue // small reads of a small input say as much, sooner
					}
					got, err := readWith(utf8x.NewReader(&randomReader{src, r}, p, b), sizes)
					if !sameResult(got, err, want, wantErr) {
						t.Fatalf("%s, Read with buffers of %v bytes, %d-byte input: got %d bytes, %v; want %d bytes, %v", name, sizes, len(src), len(got), err, len(want), wantErr)
					}
				}
				var buf bytes.Buffer
				rd := utf8x.NewReader(bytes.NewReader(src), p, b)
				n, err := io.Copy(&buf, rd)
				if !sameResult(buf.Bytes(), err, want, wantErr) || n != int64(buf.Len()) {
					t.Fatalf("%s, WriteTo, %d-byte input: got %d bytes (said %d), %v; want %d bytes, %v", name, len(src), buf.Len(), n, err, len(want), wantErr)
				}
				// Some Read calls, then WriteTo for the rest.
				rd = utf8x.NewReader(&randomReader{src, r}, p, b)
				head, err := readWith(io.LimitReader(rd, int64(r.IntN(len(want)+1))), []int{1 + r.IntN(100)})
				if err == nil {
					buf.Reset()
					_, err = rd.WriteTo(&buf)
					head = append(head, buf.Bytes()...)
				}
				if !sameResult(head, err, want, wantErr) {
					t.Fatalf("%s, Read then WriteTo, %d-byte input: got %d bytes, %v; want %d bytes, %v", name, len(src), len(head), err, len(want), wantErr)
				}
			}
		}
	}
}

// failingReader returns its data in random chunks, then err.
type failingReader struct {
	randomReader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.randomReader.Read(p)
	if err == io.EOF {
		err = f.err
	}
	return n, err
}

// TestReaderReadError: a read error ends the stream with that error after
// the repaired data before it, a sequence cut short by it held back, as
// transform.Reader does; and a write error stops WriteTo.
func TestReaderReadError(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	boom := errors.New("boom")
	for range 20 {
		src := bigInput(r, 1+r.IntN(40000))
		src = append(src, "\xF0\x9F\x98"[:r.IntN(4)]...)
		for _, p := range allPolicies[1:] { // Strict's error would race with the read error
			want, wantErr := io.ReadAll(transform.NewReader(&failingReader{randomReader{src, r}, boom}, utf8x.NewTransformer(p, utf8x.BOMKeep)))
			if wantErr != boom {
				t.Fatalf("transform.Reader returned %v", wantErr)
			}
			got, err := readWith(utf8x.NewReader(&failingReader{randomReader{src, r}, boom}, p, utf8x.BOMKeep), []int{1 + r.IntN(9000)})
			if err != boom || !bytes.Equal(got, want) {
				t.Fatalf("%s, Read: got %d bytes, %v; want %d bytes, %v", policyName(p), len(got), err, len(want), boom)
			}
			var buf bytes.Buffer
			_, err = utf8x.NewReader(&failingReader{randomReader{src, r}, boom}, p, utf8x.BOMKeep).WriteTo(&buf)
			if err != boom || !bytes.Equal(buf.Bytes(), want) {
				t.Fatalf("%s, WriteTo: got %d bytes, %v; want %d bytes, %v", policyName(p), buf.Len(), err, len(want), boom)
			}
		}
	}
	w := &limitedWriter{n: 100}
	n, err := utf8x.NewReader(bytes.NewReader(bigInput(r, 50000)), utf8x.Replace, utf8x.BOMKeep).WriteTo(w)
	if err != errFull || n != 100 {
		t.Fatalf("WriteTo into a writer that fails after 100 bytes: %d, %v", n, err)
	}
}

var errFull = errors.New("full")

type limitedWriter struct{ n int }

func (w *limitedWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestReaderAllocs: a Reader is one allocation; its buffers come from a pool
// and go back when the stream ends, and nothing is allocated per call.
func TestReaderAllocs(t *testing.T) {
	src := bigInput(rand.New(rand.NewPCG(35, 36)), 200000)
	br := bytes.NewReader(src)
	allocs := testing.AllocsPerRun(10, func() {
		br.Reset(src)
		io.Copy(io.Discard, utf8x.NewReader(br, utf8x.Replace, utf8x.BOMKeep))
	})
	if allocs > 1 {
		t.Errorf("io.Copy of %d bytes through a Reader: %v allocations", len(src), allocs)
	}
}

// TestReaderLongReplacement: a replacement text longer than the Reader's
// usual output buffer still goes through, by Read of any size and WriteTo.
func TestReaderLongReplacement(t *testing.T) {
	p := utf8x.ReplaceWith(strings.Repeat("long replacement ", 1000))
	src := []byte("a\xFFb\xE2\x82c" + strings.Repeat("d", 20000) + "\xC0")
	want, wantErr := wantStream(src, p, utf8x.BOMAdd)
	for _, sizes := range [][]int{{1}, {5000}, {100000}} {
		got, err := readWith(utf8x.NewReader(bytes.NewReader(src), p, utf8x.BOMAdd), sizes)
		if !sameResult(got, err, want, wantErr) {
			t.Fatalf("Read with %v-byte buffers: got %d bytes, %v; want %d bytes", sizes, len(got), err, len(want))
		}
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, utf8x.NewReader(bytes.NewReader(src), p, utf8x.BOMAdd)); !sameResult(buf.Bytes(), err, want, wantErr) {
		t.Fatalf("WriteTo: got %d bytes, %v; want %d bytes", buf.Len(), err, len(want))
	}
}

// TestReaderPooledBuffers: Readers that end hand their buffers to the next
// ones; streams read side by side, in goroutines and after their end still
// give their own results.
func TestReaderPooledBuffers(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	inputs := make([][]byte, 8)
	for i := range inputs {
		inputs[i] = bigInput(r, 1000+r.IntN(50000))
	}
	done := make(chan error, len(inputs))
	for i, src := range inputs {
		go func() {
			p := allPolicies[1+i%(len(allPolicies)-1)]
			want, _ := wantStream(src, p, utf8x.BOMKeep)
			for range 5 {
				rd := utf8x.NewReader(bytes.NewReader(src), p, utf8x.BOMKeep)
				got, err := readWith(rd, []int{1 + i*700})
				if err != nil || !bytes.Equal(got, want) {
					done <- fmt.Errorf("input %d: got %d bytes, %v; want %d bytes", i, len(got), err, len(want))
					return
				}
				if n, err := rd.Read(make([]byte, 10)); n != 0 || err != io.EOF {
					done <- fmt.Errorf("input %d: Read after the end: %d, %v", i, n, err)
					return
				}
			}
			done <- nil
		}()
	}
	for range inputs {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// TestTransformLongRuns feeds texts with long valid runs between ill-formed
// pieces in large chunks to destinations of many sizes, so that the
// one-pass validate-and-copy path stops at every kind of place: an error, a
// character cut by the end of a chunk or of the destination.
func TestTransformLongRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 40))
	rounds := 30
	if testing.Short() {
		rounds = 10
	}
	for range rounds {
		var src []byte
		for len(src) < 30000 {
			var run []byte
			for n := r.IntN(3000); len(run) < n; {
				run = append(run, []string{"text ", "é", "€", "😀", " ", "a"}[r.IntN(6)]...)
			}
			src = append(append(src, run...), fragments[r.IntN(len(fragments))]...)
		}
		var cuts []int
		for range r.IntN(8) {
			cuts = append(cuts, r.IntN(len(src)+1))
		}
		slices.Sort(cuts)
		for _, p := range allPolicies {
			want, wantErr := wantStream(src, p, utf8x.BOMKeep)
			for _, size := range []int{64, 65 + r.IntN(200), 4096, 1 + r.IntN(40000)} {
				got, err := feed(t, utf8x.NewTransformer(p, utf8x.BOMKeep), cutAt(src, cuts...), size)
				if !sameResult(got, err, want, wantErr) {
					t.Fatalf("%s, dst %d, cut at %v: got %d bytes, %v; want %d bytes, %v", policyName(p), size, cuts, len(got), err, len(want), wantErr)
				}
			}
		}
	}
}
