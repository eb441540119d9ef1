package utf8x_test

import (
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
