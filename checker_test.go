package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x"
)

// chunkReader returns 1 to max bytes a read, at random; it is neither an
// io.ReaderAt nor an io.Seeker, so the Checker counts positions as it goes.
type chunkReader struct {
	r   io.Reader
	rng *rand.Rand
	max int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	return c.r.Read(p[:min(len(p), 1+c.rng.IntN(c.max))])
}

// allErrors drains a Checker, requiring io.EOF at the end and the whole
// input checked.
func allErrors(t *testing.T, c *utf8x.Checker, size int) []utf8x.RangeError {
	t.Helper()
	var errs []utf8x.RangeError
	for {
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		errs = append(errs, e)
	}
	if got := c.Offset(); got != int64(size) {
		t.Fatalf("Offset() = %d at the end of a %d-byte input", got, size)
	}
	if _, err := c.Next(); err != io.EOF {
		t.Fatalf("Next after the end: %v", err)
	}
	return errs
}

// wantErrors is what CheckRange says of the whole input.
func wantErrors(t *testing.T, p []byte) []utf8x.RangeError {
	t.Helper()
	rep, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if err != nil {
		t.Fatal(err)
	}
	return rep.Errors
}

func sameErrors(t *testing.T, how string, p []byte, got, want []utf8x.RangeError) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Fatalf("%s, %d-byte input %s: error %d is %+v (%v), CheckRange says %+v (%v)", how, len(p), rangeShort(p), i, got[i], got[i].AsError(), want[i], want[i].AsError())
			}
		}
		t.Fatalf("%s, %d-byte input %s: %d errors, CheckRange says %d", how, len(p), rangeShort(p), len(got), len(want))
	}
}

// checkerInputs are the range tests' inputs and random ones, some of them
// longer than the Checker's blocks, with errors and LFs throughout.
func checkerInputs(r *rand.Rand, n int) [][]byte {
	var ins [][]byte
	for _, s := range append(rangeInputs, fragments...) {
		ins = append(ins, []byte(s))
	}
	for i := range n {
		ins = append(ins, randomInput(r, 1+i%60))
	}
	for range 3 {
		var p []byte
		for len(p) < 300<<10 {
			p = append(p, randomInput(r, 50)...)
			p = append(p, strings.Repeat("valid text é€😀\n", r.IntN(2000))...)
		}
		ins = append(ins, p)
	}
	// Valid runs longer than a block, and than the buffer positions are
	// read again with, of characters of every length; one without LF, so
	// that a column counts across them.
	long := strings.Repeat("日本語😀é", 30000)
	ins = append(ins, []byte(long+"\xE2\x82x\n"+long+"\n"+long+"\xFF"))
	ins = append(ins, []byte("\x80"+long+long+"\xF0\x9F\x98"))
	return ins
}

func TestCheckerMatchesCheckRange(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	n := 400
	if testing.Short() {
		n = 100
	}
	dir := t.TempDir()
	for k, p := range checkerInputs(r, n) {
		want := wantErrors(t, p)
		readers := []struct {
			name string
			r    io.Reader
		}{
			{"one byte", iotest.OneByteReader(bytes.NewReader(p))},
			{"half", iotest.HalfReader(bytes.NewReader(p))},
			{"data with EOF", iotest.DataErrReader(bytes.NewReader(p))},
			{"1..7 bytes", &chunkReader{bytes.NewReader(p), r, 7}},
			{"1..5000 bytes", &chunkReader{bytes.NewReader(p), r, 5000}},
			{"bytes.Reader (read again)", bytes.NewReader(p)},
		}
		if len(p) > 1000 || k%20 == 0 {
			f := filepath.Join(dir, fmt.Sprint(k))
			if err := os.WriteFile(f, p, 0o600); err != nil {
				t.Fatal(err)
			}
			file, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer file.Close()
			readers = append(readers, struct {
				name string
				r    io.Reader
			}{"*os.File (read again)", file})
		}
		for _, rd := range readers {
			if len(p) > 10000 && rd.name == "one byte" {
				continue // slow, and the 1..7 bytes reader covers it
			}
			got := allErrors(t, utf8x.NewChecker(rd.r), len(p))
			sameErrors(t, rd.name, p, got, want)
		}
		// A reader that stands past the start: offsets, lines and columns
		// count from there.
		if len(p) > 0 {
			skip := r.IntN(len(p))
			br := bytes.NewReader(p)
			br.Seek(int64(skip), io.SeekStart)
			got := allErrors(t, utf8x.NewChecker(br), len(p)-skip)
			sameErrors(t, fmt.Sprintf("bytes.Reader from %d", skip), p[skip:], got, wantErrors(t, p[skip:]))
		}
	}
}

// A read error comes after the errors of the bytes read before it, as if
// the input ended there, and stays.
func TestCheckerReadError(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	boom := errors.New("boom")
	for i, p := range checkerInputs(r, 200) {
		if len(p) == 0 {
			continue
		}
		k := r.IntN(len(p) + 1)
		in := io.MultiReader(&chunkReader{bytes.NewReader(p[:k]), r, 1 + i%100}, iotest.ErrReader(boom))
		c := utf8x.NewChecker(in)
		var got []utf8x.RangeError
		var err error
		for {
			var e utf8x.RangeError
			if e, err = c.Next(); err != nil {
				break
			}
			got = append(got, e)
		}
		if err != boom {
			t.Fatalf("input %s cut at %d: Next ended with %v, want the read error", rangeShort(p), k, err)
		}
		if _, err := c.Next(); err != boom {
			t.Fatalf("Next after the read error: %v", err)
		}
		if c.Offset() != int64(k) {
			t.Fatalf("Offset() = %d after a read error at %d", c.Offset(), k)
		}
		sameErrors(t, fmt.Sprintf("read error at %d", k), p[:k], got, wantErrors(t, p[:k]))
	}
}

// A reader's error is returned; one that reads nothing, forever, is given
// up on.
func TestCheckerNoProgress(t *testing.T) {
	// TimeoutReader returns (0, ErrTimeout) on its second read.
	c := utf8x.NewChecker(iotest.TimeoutReader(strings.NewReader("abc")))
	if _, err := c.Next(); err != iotest.ErrTimeout {
		t.Fatalf("Next = %v", err)
	}
	c = utf8x.NewChecker(zeroReader{})
	if _, err := c.Next(); err != io.ErrNoProgress {
		t.Fatalf("Next on a reader that returns (0, nil): %v", err)
	}
}

type zeroReader struct{}

func (zeroReader) Read([]byte) (int, error) { return 0, nil }

func ExampleChecker() {
	in := strings.NewReader("naïve\ncafé \xE2\x82 ok\n\xC0\xAF€")
	c := utf8x.NewChecker(in)
	for {
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("%d:%d: %v\n", e.Line+1, e.Column+1, e.AsError())
	}
	fmt.Println(c.Offset(), "bytes checked")
	// Output:
	// 2:6: invalid UTF-8 at byte 13: truncated (E2 82)
	// 3:1: invalid UTF-8 at byte 19: overlong (C0)
	// 3:2: invalid UTF-8 at byte 20: unexpected-continuation (AF)
	// 24 bytes checked
}

// CountRest counts what Next would have returned, after any number of Next.
func TestCheckerCountRest(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	for _, p := range checkerInputs(r, 200) {
		want := wantErrors(t, p)
		k := r.IntN(len(want) + 1)
		for _, rd := range []io.Reader{&chunkReader{bytes.NewReader(p), r, 1 + r.IntN(100)}, bytes.NewReader(p)} {
			c := utf8x.NewChecker(rd)
			var got []utf8x.RangeError
			for range k {
				e, err := c.Next()
				if err != nil {
					t.Fatalf("Next: %v", err)
				}
				got = append(got, e)
			}
			sameErrors(t, "before CountRest", p, got, want[:k])
			n, err := c.CountRest()
			if err != nil || n != len(want)-k {
				t.Fatalf("%s: CountRest after %d of %d errors = %d, %v", rangeShort(p), k, len(want), n, err)
			}
			if c.Offset() != int64(len(p)) {
				t.Fatalf("Offset() = %d after CountRest, want %d", c.Offset(), len(p))
			}
			if _, err := c.Next(); err != io.EOF {
				t.Fatalf("Next after CountRest: %v", err)
			}
		}
	}
}

// FuzzChecker reads p through reads of the sizes sizes gives, in turn, and
// compares the errors with CheckRange's.
// Reads of 0 bytes are allowed, fewer in a row than make the Checker give up.
func FuzzChecker(f *testing.F) {
	for _, s := range rangeInputs {
		f.Add([]byte(s), []byte{1, 2, 3})
	}
	f.Fuzz(func(t *testing.T, p, sizes []byte) {
		// Empty reads, but fewer in a row than the Checker gives up after.
		if len(sizes) > 64 || len(p) > 1<<16 {
			return
		}
		if bytes.Count(sizes, []byte{0}) == len(sizes) {
			sizes = append(sizes, 1)
		}
		r := &sizedReader{p: p, sizes: sizes}
		got := allErrors(t, utf8x.NewChecker(r), len(p))
		sameErrors(t, fmt.Sprintf("reads of % d", sizes), p, got, wantErrors(t, p))
	})
}

// sizedReader hands out p in reads of sizes[i%len(sizes)] bytes (0 is an
// empty read), without io.ReaderAt.
type sizedReader struct {
	p     []byte
	sizes []byte
	i     int
}

func (s *sizedReader) Read(b []byte) (int, error) {
	if len(s.p) == 0 {
		return 0, io.EOF
	}
	k := int(s.sizes[s.i%len(s.sizes)])
	s.i++
	n := copy(b[:min(len(b), k)], s.p)
	s.p = s.p[n:]
	return n, nil
}
