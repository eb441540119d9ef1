package main

import (
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

func TestForEachOrderedKeepsOrder(t *testing.T) {
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
		if err := forEachOrdered(100, jobs, work, emit); err != nil {
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

func TestForEachOrderedStopsOnEmitError(t *testing.T) {
	stop := errors.New("reader went away")
	var started atomic.Int32
	work := func(i int) int { started.Add(1); return i }
	emit := func(i, _ int) error {
		if i == 3 {
			return stop
		}
		return nil
	}
	if err := forEachOrdered(10000, 4, work, emit); err != stop {
		t.Fatalf("err = %v", err)
	}
	time.Sleep(10 * time.Millisecond)
	if n := started.Load(); n > 3+1+2*4 {
		t.Fatalf("%d jobs started after emit failed at index 3", n)
	}
}
