package utf8x_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/utf8x/utf8x"
)

func TestDriveEachKeepsOrder(t *testing.T) {
	for _, jobs := range []int{1, 2, 8} {
		var running, peak atomic.Int32
		var got []int
		work := func(i int) int {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(time.Duration(rand.IntN(300)) * time.Microsecond)
			running.Add(-1)
			return i * i
		}
		emit := func(i, v int) error {
			if v != i*i {
				t.Errorf("emit(%d, %d): result of another index", i, v)
			}
			got = append(got, i)
			return nil
		}
		if err := utf8x.DriveEach(100, jobs, work, emit, nil); err != nil {
			t.Fatal(err)
		}
		for i, v := range got {
			if v != i {
				t.Fatalf("jobs %d: emitted %v, not in order", jobs, got)
			}
		}
		if len(got) != 100 || peak.Load() > int32(jobs) {
			t.Fatalf("jobs %d: %d results, %d at once", jobs, len(got), peak.Load())
		}
	}
}

func TestDriveEachStopsOnEmitError(t *testing.T) {
	stop := errors.New("reader went away")
	var started atomic.Int32
	work := func(i int) int { started.Add(1); return i }
	emit := func(i, _ int) error {
		if i == 3 {
			return stop
		}
		return nil
	}
	if err := utf8x.DriveEach(10000, 4, work, emit, nil); err != stop {
		t.Fatalf("err = %v", err)
	}
	time.Sleep(10 * time.Millisecond)
	if n := started.Load(); n > 3+1+2*4 {
		t.Fatalf("%d jobs started after emit failed at index 3", n)
	}
}

// Whatever the workers, emit never runs twice at once, and when it fails
// every result made and not emitted goes to drop: none is lost (a buffer
// that is never returned) or handed on twice.
func TestDriveEachDropsTheRest(t *testing.T) {
	stop := errors.New("reader went away")
	for _, jobs := range []int{2, 3, 8} {
		for _, failAt := range []int{0, 1, 5, 60} {
			var made, inEmit atomic.Int32
			seen := make(map[int]int)
			var emitted, dropped []int
			work := func(i int) int {
				made.Add(1)
				time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
				return i
			}
			emit := func(i, v int) error {
				if inEmit.Add(1) != 1 {
					t.Error("two emits at once")
				}
				defer inEmit.Add(-1)
				seen[v]++
				emitted = append(emitted, v)
				if i == failAt {
					return stop
				}
				return nil
			}
			drop := func(v int) { seen[v]++; dropped = append(dropped, v) }
			if err := utf8x.DriveEach(100, jobs, work, emit, drop); err != stop {
				t.Fatalf("jobs %d: err = %v", jobs, err)
			}
			if len(emitted) != failAt+1 {
				t.Fatalf("jobs %d: emitted %v, failing at %d", jobs, emitted, failAt)
			}
			if int(made.Load()) != len(emitted)+len(dropped) {
				t.Fatalf("jobs %d, fail at %d: %d made, %d emitted, %d dropped", jobs, failAt, made.Load(), len(emitted), len(dropped))
			}
			for v, n := range seen {
				if n != 1 || v <= failAt && slices.Index(dropped, v) >= 0 {
					t.Fatalf("jobs %d: result %d handed on %d times (dropped %v)", jobs, v, n, dropped)
				}
			}
			if len(dropped) > 2*jobs {
				t.Fatalf("jobs %d: %d results dropped, more than the window", jobs, len(dropped))
			}
		}
	}
}

// The one rule: what Plan chooses for each kind of input, job and setting,
// and Drive runs the engine it chose.
func TestDrivePlan(t *testing.T) {
	const big = 64 << 20 // more than a block for any number of workers
	for _, c := range []struct {
		o             utf8x.DriveOptions
		size          int64
		blocks, splic bool
		want          utf8x.DriveMode
	}{
		{utf8x.DriveOptions{Jobs: 2}, -1, true, true, utf8x.DriveModeStream}, // a pipe in
		{utf8x.DriveOptions{Jobs: 2}, big, true, false, utf8x.DriveModeBlocks},
		{utf8x.DriveOptions{Jobs: 2}, big, false, false, utf8x.DriveModeStream}, // the job cannot
		{utf8x.DriveOptions{Jobs: 1}, big, true, false, utf8x.DriveModeStream},  // one CPU streams
		{utf8x.DriveOptions{Jobs: 2}, 100, true, false, utf8x.DriveModeStream},  // one block
		{utf8x.DriveOptions{Jobs: 2, BlockSize: -1}, big, true, false, utf8x.DriveModeStream},
		{utf8x.DriveOptions{Jobs: 1, BlockSize: 5}, 6, true, false, utf8x.DriveModeBlocks},
		{utf8x.DriveOptions{Jobs: 1, BlockSize: 5}, 0, true, false, utf8x.DriveModeStream},
		{utf8x.DriveOptions{Jobs: 4, Inputs: 3}, big, true, false, utf8x.DriveModeStream}, // the CPUs take the inputs
		{utf8x.DriveOptions{Inputs: 3, BlockSize: 8}, big, true, false, utf8x.DriveModeBlocks},
		{utf8x.DriveOptions{ToPipe: true}, big, true, true, utf8x.DriveModeSplice},  // a pipe out: -j 1
		{utf8x.DriveOptions{ToPipe: true}, big, true, false, utf8x.DriveModeStream}, // and no splice
		{utf8x.DriveOptions{ToPipe: true, Jobs: 1}, big, true, true, utf8x.DriveModeSplice},
		{utf8x.DriveOptions{ToPipe: true, Jobs: 2}, big, true, true, utf8x.DriveModeSplice},  // -j 2 splices too
		{utf8x.DriveOptions{ToPipe: true, Jobs: 2}, big, true, false, utf8x.DriveModeBlocks}, // a job that cannot splice splits
		{utf8x.DriveOptions{ToPipe: true, BlockSize: 64}, big, true, true, utf8x.DriveModeBlocks},
		{utf8x.DriveOptions{Jobs: 1}, big, true, true, utf8x.DriveModeStream}, // splice needs a pipe out
	} {
		if got := c.o.Plan(c.size, c.blocks, c.splic); got != c.want {
			t.Errorf("%+v, size %d, blocks %v, splice %v: %v, want %v", c.o, c.size, c.blocks, c.splic, got, c.want)
		}
		var ran []utf8x.DriveMode
		job := utf8x.DriveJob{Stream: func() error { ran = append(ran, utf8x.DriveModeStream); return nil }}
		if c.blocks {
			job.Blocks = func() error { ran = append(ran, utf8x.DriveModeBlocks); return nil }
		}
		if c.splic {
			job.Splice = func() error { ran = append(ran, utf8x.DriveModeSplice); return nil }
		}
		if m, err := utf8x.Drive(c.size, job, c.o); err != nil || m != c.want || len(ran) != 1 || ran[0] != c.want {
			t.Errorf("%+v, size %d: Drive ran %v (said %v, %v), want %v", c.o, c.size, ran, m, err, c.want)
		}
	}
	for jobs := 1; jobs <= 64; jobs++ {
		if b := (utf8x.DriveOptions{Jobs: jobs}).Block(); b%(4<<10) != 0 || b < 64<<10 || b > 1<<20 {
			t.Fatalf("%d workers: blocks of %d bytes", jobs, b)
		}
	}
}

// failAt is a ReaderAt of p that fails from byte at on.
type failAt struct {
	p  []byte
	at int64
}

var errDisk = errors.New("disk on fire")

func (r failAt) ReadAt(b []byte, off int64) (int, error) {
	n := copy(b, r.p[min(off, r.at):r.at])
	if n < len(b) {
		return n, errDisk
	}
	return n, nil
}

// DriveBlocks hands every block before a failed read to emit, then stops
// with a *ReadAtError giving how far the input was read; an input shorter
// than the size said is taken as far as it goes.
func TestDriveBlocksReadError(t *testing.T) {
	p := make([]byte, 1000)
	for i := range p {
		p[i] = 'a' + byte(i%26)
	}
	o := utf8x.DriveOptions{Jobs: 3, BlockSize: 64}
	var got []byte
	collect := func(b *utf8x.Block) []byte {
		from, to := utf8x.RangeBounds(b.Buf, b.Start, b.End)
		return append([]byte(nil), b.Buf[from:to]...)
	}
	emit := func(b *utf8x.Block, own []byte) error { got = append(got, own...); return nil }
	err := utf8x.DriveBlocks(failAt{p, 700}, int64(len(p)), o, collect, emit)
	var re *utf8x.ReadAtError
	if !errors.As(err, &re) || !errors.Is(err, errDisk) || re.Offset != 700 {
		t.Fatalf("err %v, want a *ReadAtError at 700", err)
	}
	if len(got) != 640 || !bytes.Equal(got, p[:640]) {
		t.Fatalf("emitted %d bytes before the failure, want the 640 of the blocks before it", len(got))
	}
	got = nil
	if err := utf8x.DriveBlocks(bytes.NewReader(p[:500]), int64(len(p)), o, collect, emit); err != nil || !bytes.Equal(got, p[:500]) {
		t.Fatalf("shrunk input: %v, %d bytes", err, len(got))
	}
}
