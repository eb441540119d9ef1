// Processing several inputs in parallel with output in the order given.
//
// forEachOrdered runs work(i) for i in 0..n-1 on up to jobs goroutines and
// hands each result to emit in index order, as soon as it and every earlier
// one are done. At most 2*jobs results wait to be emitted, so memory stays
// bounded however many files there are. When emit fails (a closed pipe, say),
// no further work starts and the error is returned.
package main

import (
	"fmt"
	"io"
	"runtime"
	"sync"

	"github.com/spf13/cobra"
)

// jobCount turns the -j value into a number of workers: 0 means one per CPU.
func jobCount(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

func forEachOrdered[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error) error {
	return forEachOrderedDrop(n, jobs, work, emit, nil)
}

// forEachOrderedDrop is forEachOrdered that, when emit fails, waits for the
// results already started and hands each to drop, if not nil, so that what
// they hold (a buffer) is released.
//
// The jobs workers are the calling goroutine and jobs-1 others, and each
// result is emitted by whichever worker finds it next in line, one emit at a
// time: no goroutine per result, and no goroutine that only emits. Handing
// each result over to an emitting goroutine made it runnable once per
// result; with every CPU busy, a worker's next read(2) then gave its CPU
// away to it (the scheduler hands a P with work waiting to another thread
// when a system call lasts), and that switching cost check -j 2 about 5% of
// its CPU time against two readers that merely validate.
func forEachOrderedDrop[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error, drop func(T)) error {
	if jobs <= 1 || n <= 1 {
		for i := range n {
			if err := emit(i, work(i)); err != nil {
				return err
			}
		}
		return nil
	}
	jobs = min(jobs, n)
	window := 2 * jobs // results started but not yet emitted, at most
	var (
		mu       sync.Mutex
		room     = sync.NewCond(&mu) // signalled when the window moves or the run stops
		results  = make([]T, window) // result i is in results[i%window] while ready[i%window]
		ready    = make([]bool, window)
		started  int // results started: 0 to started-1
		next     int // the next result to emit
		emitting bool
		failed   error
	)
	worker := func() {
		mu.Lock()
		defer mu.Unlock()
		for {
			for failed == nil && started < n && started-next >= window {
				room.Wait()
			}
			if failed != nil || started >= n {
				return
			}
			i := started
			started++
			mu.Unlock()
			v := work(i)
			mu.Lock()
			if failed != nil {
				if drop != nil {
					drop(v)
				}
				continue
			}
			results[i%window], ready[i%window] = v, true
			if emitting {
				continue // the worker emitting takes it when its turn comes
			}
			emitting = true
			for failed == nil && ready[next%window] {
				k := next % window
				v := results[k]
				var zero T
				results[k], ready[k] = zero, false
				mu.Unlock()
				err := emit(next, v)
				mu.Lock()
				next++
				if err != nil {
					failed = err
				}
				room.Broadcast()
			}
			emitting = false
		}
	}
	var wg sync.WaitGroup
	for range jobs - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker()
		}()
	}
	worker()
	wg.Wait()
	if failed != nil && drop != nil {
		for k, r := range ready {
			if r {
				drop(results[k])
			}
		}
	}
	return failed
}

// eachInput reads the files with read, up to jobs at a time behind one
// progress bar (labelled verb), and hands each report to emit in the order
// the files were given. A file that cannot be opened or read is reported on
// stderr instead, "utf8x: " and the error, and counted in failed. dirHint is
// openInput's advice for a folder named without -r.
func eachInput[R any](cmd *cobra.Command, files []inputFile, jobs int, verb, dirHint string,
	read func(r io.Reader, path string, onRead func(total int64)) (R, error),
	emit func(i int, rep *R) error) (failed int, err error) {
	stdin, errOut := cmd.InOrStdin(), cmd.ErrOrStderr()
	bar := newProgress(errOut, verb, files)
	defer bar.clear()
	type outcome struct {
		rep R
		err error
	}
	work := func(i int) outcome {
		if files[i].err != nil {
			return outcome{err: files[i].err}
		}
		r, _, err := openInput(files[i].path, stdin, dirHint)
		if err != nil {
			return outcome{err: err}
		}
		defer r.Close()
		rep, err := read(r, files[i].path, bar.counter())
		return outcome{rep, err}
	}
	err = forEachOrdered(len(files), jobs, work, func(i int, o outcome) error {
		bar.clear()
		if o.err != nil {
			failed++
			fmt.Fprintf(errOut, "utf8x: %v\n", o.err)
			return nil
		}
		return emit(i, &o.rep)
	})
	return failed, err
}
