package utf8x_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/utf8x/utf8x"
)

// pieces of input that the random texts are made of: valid text of every
// length, LFs, and ill-formed subparts of every kind.
var parallelPieces = []string{"a", "b", "\n", "é", "€", "😀", "日本", "\n\n",
	"\xFF", "\xC0\xAF", "\xE2\x82", "\xF0\x9F\x98", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80", "\xBF\xBF", "\xE0\x80"}

// bad is ill-formed subparts (or pieces of them) placed at the boundaries.
var parallelBad = []string{"\xFF", "\x80", "\xE2\x82", "\xF0\x9F\x98", "\xC3", "\xED\xA0", "\xF4\x90"}

// parallelText makes a random text of about n bytes, then writes an
// ill-formed subpart (or the start of one) at every multiple of bs moved by
// shift, and at random places.
func parallelText(rng *rand.Rand, n, bs, shift int) []byte {
	var b []byte
	for len(b) < n {
		b = append(b, parallelPieces[rng.Intn(len(parallelPieces))]...)
	}
	put := func(d int) {
		bad := parallelBad[rng.Intn(len(parallelBad))]
		if d >= 0 && d+len(bad) <= len(b) {
			copy(b[d:], bad)
		}
	}
	for at := bs; at < len(b); at += bs {
		put(at + shift)
	}
	for range n / 50 {
		put(rng.Intn(len(b)))
	}
	return b
}

// shortReaderAt returns at most max bytes per ReadAt, and io.EOF with the
// last bytes of the input (as io.ReaderAt allows), and fails with failErr
// when asked for bytes at or past failAt (when failErr is set).
type shortReaderAt struct {
	p       []byte
	max     int
	failAt  int64
	failErr error
}

func (r *shortReaderAt) ReadAt(b []byte, off int64) (int, error) {
	if r.failErr != nil && off+int64(len(b)) > r.failAt {
		// The bytes before failAt, then the error.
		k := 0
		if off < r.failAt {
			k = copy(b, r.p[off:r.failAt])
		}
		return k, r.failErr
	}
	if off >= int64(len(r.p)) {
		return 0, io.EOF
	}
	k := copy(b[:min(len(b), r.max)], r.p[off:])
	if off+int64(k) == int64(len(r.p)) {
		return k, io.EOF
	}
	// Short of len(b) without an error breaks io.ReaderAt's contract;
	// the driver must read on all the same.
	return k, nil
}

// checkerErrors lists the errors Checker reports on p.
func checkerErrors(t *testing.T, p []byte) []utf8x.RangeError {
	t.Helper()
	c := utf8x.NewChecker(bytes.NewReader(p))
	var errs []utf8x.RangeError
	for {
		e, err := c.Next()
		if err == io.EOF {
			return errs
		}
		if err != nil {
			t.Fatal(err)
		}
		errs = append(errs, e)
	}
}

func TestCheckReaderAtMatchesCheckRange(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	ctx := context.Background()
	for _, bs := range []int{1, 2, 3, 4, 5, 7, 16, 61} {
		for shift := -3; shift <= 3; shift++ {
			for trial := 0; trial < 2; trial++ {
				p := parallelText(rng, 20+rng.Intn(8*bs+100), bs, shift)
				checkReaderAtAgainst(t, rng, ctx, p, bs)
			}
		}
	}
}

// checkReaderAtAgainst compares CheckReaderAt and CountReaderAt on p, in
// blocks of bs bytes, with CheckRange, Checker and Count on the whole.
func checkReaderAtAgainst(t *testing.T, rng *rand.Rand, ctx context.Context, p []byte, bs int) {
	t.Helper()
	all, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if err != nil {
		t.Fatal(err)
	}
	if ce := checkerErrors(t, p); !reflect.DeepEqual(ce, all.Errors) {
		t.Fatalf("Checker and CheckRange disagree on % X", p)
	}
	wantCount := utf8x.Count(p)
	for parts := 1; parts <= 8; parts++ {
		for _, maxErr := range []int{0, 1, 3, -1} {
			lim := maxErr
			if maxErr == 0 {
				lim = -1
			} else if maxErr < 0 {
				lim = 0
			}
			want, _ := utf8x.CheckRange(p, 0, 0, len(p), lim)
			r := &shortReaderAt{p: p, max: 1 + rng.Intn(bs+8)}
			opts := &utf8x.ParallelOptions{Parts: parts, BlockSize: bs, MaxErrors: maxErr}
			got, err := utf8x.CheckReaderAt(ctx, r, int64(len(p)), opts)
			if err != nil {
				t.Fatalf("block %d, parts %d: %v", bs, parts, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("block %d, parts %d, max %d, input % X:\n got %+v\nwant %+v", bs, parts, maxErr, p, got, want)
			}
			// Block by block: the blocks tile the input, their errors
			// are the whole's, placed from the input's start.
			var errs []utf8x.RangeError
			at, invalid := 0, 0
			err = utf8x.CheckReaderAtFunc(ctx, r, int64(len(p)), opts, func(b utf8x.RangeReport) error {
				if b.From != at || b.To < b.From || b.To-b.From > bs+utf8x.RangeContext {
					t.Fatalf("block %d, parts %d: block [%d, %d) after %d", bs, parts, b.From, b.To, at)
				}
				at, invalid = b.To, invalid+b.Invalid
				errs = append(errs, b.Errors...)
				return nil
			})
			if err != nil || at != len(p) || invalid != want.Invalid || !reflect.DeepEqual(errs, want.Errors) {
				t.Fatalf("CheckReaderAtFunc, block %d, parts %d, max %d: %v, to %d, %d invalid, errors %+v; want %+v",
					bs, parts, maxErr, err, at, invalid, errs, want.Errors)
			}
		}
		// ErrorsOnly: the same errors, placed alike, and no other count.
		for _, maxErr := range []int{0, 1, 3, -1} {
			lim := maxErr
			if maxErr == 0 {
				lim = -1
			} else if maxErr < 0 {
				lim = 0
			}
			want, _ := utf8x.CheckRange(p, 0, 0, len(p), lim)
			want.Runes, want.UTF16, want.Lines, want.Tail = 0, 0, 0, 0
			r := &shortReaderAt{p: p, max: 1 + rng.Intn(bs+8)}
			opts := &utf8x.ParallelOptions{Parts: parts, BlockSize: bs, MaxErrors: maxErr, ErrorsOnly: true}
			got, err := utf8x.CheckReaderAt(ctx, r, int64(len(p)), opts)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("ErrorsOnly, block %d, parts %d, max %d, input % X: %v\n got %+v\nwant %+v", bs, parts, maxErr, p, err, got, want)
			}
		}
		c, err := utf8x.CountReaderAt(ctx, &shortReaderAt{p: p, max: 5}, int64(len(p)),
			&utf8x.ParallelOptions{Parts: parts, BlockSize: bs})
		if err != nil || c != wantCount {
			t.Fatalf("CountReaderAt, block %d, parts %d: %+v, %v; want %+v", bs, parts, c, err, wantCount)
		}
	}
}

func TestCheckReaderAtLarge(t *testing.T) {
	// The default options, several blocks of 1 MiB, errors at their edges.
	rng := rand.New(rand.NewSource(1))
	p := parallelText(rng, 3<<20+12345, 1<<20, -1)
	want, _ := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if len(want.Errors) < 8 {
		t.Fatalf("only %d errors", len(want.Errors))
	}
	got, err := utf8x.CheckReaderAt(context.Background(), bytes.NewReader(p), int64(len(p)), nil)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("got %d errors (%v), want %d; equal %v", len(got.Errors), err, len(want.Errors), reflect.DeepEqual(got, want))
	}
	if c, err := utf8x.CountReaderAt(context.Background(), bytes.NewReader(p), int64(len(p)), nil); err != nil || c != utf8x.Count(p) {
		t.Fatalf("CountReaderAt: %+v, %v; want %+v", c, err, utf8x.Count(p))
	}
}

func TestCheckReaderAtReadErrors(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	p := parallelText(rng, 200, 16, 0)
	boom := errors.New("boom")
	ctx := context.Background()
	for failAt := int64(0); failAt < int64(len(p)); failAt += 3 {
		for parts := 1; parts <= 4; parts++ {
			r := &shortReaderAt{p: p, max: 1 << 30, failAt: failAt, failErr: boom}
			opts := &utf8x.ParallelOptions{Parts: parts, BlockSize: 16}
			got, err := utf8x.CheckReaderAt(ctx, r, int64(len(p)), opts)
			if !errors.Is(err, boom) {
				t.Fatalf("fail at %d: error %v, want boom", failAt, err)
			}
			if !reflect.DeepEqual(got, utf8x.RangeReport{}) {
				t.Fatalf("fail at %d: a report with the error: %+v", failAt, got)
			}
			if c, err := utf8x.CountReaderAt(ctx, r, int64(len(p)), opts); !errors.Is(err, boom) || c != (utf8x.Counts{}) {
				t.Fatalf("CountReaderAt, fail at %d: %+v, %v", failAt, c, err)
			}
			// ErrorsOnly: every block before the failure, then a
			// *ReadAtError saying where.
			opts.ErrorsOnly = true
			to := 0
			err = utf8x.CheckReaderAtFunc(ctx, r, int64(len(p)), opts, func(rep utf8x.RangeReport) error {
				to = rep.To
				return nil
			})
			var re *utf8x.ReadAtError
			if !errors.Is(err, boom) || !errors.As(err, &re) || re.Offset != failAt || int64(to) > failAt {
				t.Fatalf("ErrorsOnly, fail at %d: %v, reports up to %d", failAt, err, to)
			}
		}
	}
	// An input shorter than its size is an error, not a shorter report.
	r := bytes.NewReader(p)
	if _, err := utf8x.CheckReaderAt(ctx, r, int64(len(p))+1, &utf8x.ParallelOptions{BlockSize: 16}); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("size past the end: %v, want io.ErrUnexpectedEOF", err)
	}
	if _, err := utf8x.CheckReaderAt(ctx, r, -1, nil); err == nil {
		t.Fatal("negative size: no error")
	}
	// A cancelled context stops it.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := utf8x.CheckReaderAt(cctx, r, int64(len(p)), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	// The empty input.
	got, err := utf8x.CheckReaderAt(ctx, r, 0, nil)
	if want, _ := utf8x.CheckRange(nil, 0, 0, 0, -1); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("empty: %+v, %v", got, err)
	}
}

func FuzzCheckReaderAt(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(i), uint8(i+1), int8(i%3-1))
	}
	f.Fuzz(func(t *testing.T, p []byte, parts, bs uint8, maxErr int8) {
		opts := &utf8x.ParallelOptions{Parts: int(parts%9) + 1, BlockSize: int(bs%32) + 1, MaxErrors: int(maxErr)}
		lim := int(maxErr)
		if lim == 0 {
			lim = -1
		} else if lim < 0 {
			lim = 0
		}
		want, _ := utf8x.CheckRange(p, 0, 0, len(p), lim)
		r := &shortReaderAt{p: p, max: int(bs%5) + 1}
		got, err := utf8x.CheckReaderAt(context.Background(), r, int64(len(p)), opts)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("% X %+v: got %+v, %v; want %+v", p, opts, got, err, want)
		}
		opts.ErrorsOnly = true
		got, err = utf8x.CheckReaderAt(context.Background(), r, int64(len(p)), opts)
		want.Runes, want.UTF16, want.Lines, want.Tail = 0, 0, 0, 0
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("% X %+v: got %+v, %v; want %+v", p, opts, got, err, want)
		}
		opts.ErrorsOnly = false
		c, err := utf8x.CountReaderAt(context.Background(), r, int64(len(p)), opts)
		if err != nil || c != utf8x.Count(p) {
			t.Fatalf("% X %+v: CountReaderAt %+v, %v; want %+v", p, opts, c, err, utf8x.Count(p))
		}
	})
}

// boundedReaderAt records the largest read and the most reads at once.
type boundedReaderAt struct {
	p                []byte
	mu               sync.Mutex
	now, most, large int
}

func (r *boundedReaderAt) ReadAt(b []byte, off int64) (int, error) {
	r.mu.Lock()
	r.now++
	r.most = max(r.most, r.now)
	r.large = max(r.large, len(b))
	r.mu.Unlock()
	time.Sleep(50 * time.Microsecond) // let the other workers overlap
	k := copy(b, r.p[off:])
	r.mu.Lock()
	r.now--
	r.mu.Unlock()
	if k < len(b) {
		return k, io.EOF
	}
	return k, nil
}

func TestCheckReaderAtBounded(t *testing.T) {
	// Reads are of one block and its context, never of a whole part, and
	// no more happen at once than Parts.
	rng := rand.New(rand.NewSource(3))
	p := parallelText(rng, 1<<16, 4096, 0)
	for _, parts := range []int{1, 3} {
		r := &boundedReaderAt{p: p}
		opts := &utf8x.ParallelOptions{Parts: parts, BlockSize: 1000}
		if _, err := utf8x.CheckReaderAt(context.Background(), r, int64(len(p)), opts); err != nil {
			t.Fatal(err)
		}
		if r.large > 1000+2*64 || r.most > parts {
			t.Fatalf("parts %d: reads of up to %d bytes, %d at once", parts, r.large, r.most)
		}
	}
}

func TestCheckReaderAtFuncStops(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	p := parallelText(rng, 5000, 100, 1)
	want, _ := utf8x.CheckRange(p, 0, 0, len(p), -1)
	stop := errors.New("stop")
	for parts := 1; parts <= 4; parts++ {
		var first []utf8x.RangeError
		calls := 0
		err := utf8x.CheckReaderAtFunc(context.Background(), bytes.NewReader(p), int64(len(p)),
			&utf8x.ParallelOptions{Parts: parts, BlockSize: 64}, func(b utf8x.RangeReport) error {
				calls++
				if len(b.Errors) > 0 {
					first = b.Errors
					return stop
				}
				return nil
			})
		if err != stop || len(first) == 0 || !reflect.DeepEqual(first[0], want.Errors[0]) {
			t.Fatalf("parts %d: %v, first errors %+v, want %+v first", parts, err, first, want.Errors[0])
		}
		if calls != first[0].Offset/64+1 {
			t.Fatalf("parts %d: %d calls, the first error is in block %d", parts, calls, first[0].Offset/64)
		}
	}
}

// With every error listed, ErrorsOnly hands a block with many of them over
// in pieces, each with all its errors: the errors are the whole input's,
// placed alike, whatever the number per block, and no report holds more
// than a piece's.
func TestCheckReaderAtErrorsOnlyManyErrors(t *testing.T) {
	rng := rand.New(rand.NewSource(27))
	var p []byte
	for len(p) < 300<<10 {
		if rng.Intn(50) == 0 {
			p = append(p, "ab\ncd é\n"...)
		}
		p = append(p, parallelBad[rng.Intn(len(parallelBad))]...)
	}
	want, err := utf8x.CheckRange(p, 0, 0, len(p), -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, maxErr := range []int{0, 5000, 100000} {
		var errs []utf8x.RangeError
		invalid, most := 0, 0
		opts := &utf8x.ParallelOptions{Parts: 3, BlockSize: 64 << 10, MaxErrors: maxErr, ErrorsOnly: true}
		err := utf8x.CheckReaderAtFunc(context.Background(), bytes.NewReader(p), int64(len(p)), opts, func(r utf8x.RangeReport) error {
			errs = append(errs, r.Errors...)
			invalid += r.Invalid
			most = max(most, len(r.Errors))
			return nil
		})
		wantErrs := want.Errors
		if maxErr > 0 {
			wantErrs = wantErrs[:min(maxErr, len(wantErrs))]
		}
		if err != nil || invalid != want.Invalid || !reflect.DeepEqual(errs, wantErrs) {
			t.Fatalf("max %d: %v, %d invalid (want %d), %d errors listed (want %d)", maxErr, err, invalid, want.Invalid, len(errs), len(wantErrs))
		}
		if most > 4<<10 {
			t.Fatalf("max %d: a report with %d errors", maxErr, most)
		}
	}
}
