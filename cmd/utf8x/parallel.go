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
// they hold (a mapped window) is released.
func forEachOrderedDrop[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error, drop func(T)) error {
	if jobs <= 1 || n <= 1 {
		for i := range n {
			if err := emit(i, work(i)); err != nil {
				return err
			}
		}
		return nil
	}
	window := make(chan struct{}, 2*jobs) // results started but not yet emitted
	running := make(chan struct{}, jobs)  // results being computed
	queue := make(chan chan T, 2*jobs)    // one channel per result, in index order
	done := make(chan struct{})
	go func() {
		defer close(queue)
		for i := range n {
			select {
			case window <- struct{}{}:
			case <-done:
				return
			}
			ch := make(chan T, 1) // buffered: a worker never blocks on an abandoned result
			queue <- ch
			go func() {
				running <- struct{}{}
				ch <- work(i)
				<-running
			}()
		}
	}()
	i := 0
	for ch := range queue {
		if err := emit(i, <-ch); err != nil {
			close(done)
			for ch := range queue { // let the producer see done and stop
				if drop != nil {
					drop(<-ch)
				}
			}
			return err
		}
		i++
		<-window
	}
	return nil
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
