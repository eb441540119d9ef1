// Processing several inputs in parallel with output in the order given.
//
// forEachOrdered runs work(i) for i in 0..n-1 on up to jobs goroutines and
// hands each result to emit in index order, as soon as it and every earlier
// one are done. At most 2*jobs results wait to be emitted, so memory stays
// bounded however many files there are. When emit fails (a closed pipe, say),
// no further work starts and the error is returned.
package main

import (
	"runtime"

	"github.com/spf13/cobra"
)

// addJobsFlag adds -j/--jobs to cmd. Read the value with jobCount.
func addJobsFlag(cmd *cobra.Command, jobs *int) {
	cmd.Flags().IntVarP(jobs, "jobs", "j", 0, "process up to `N` files at once (default: the number of CPUs)")
}

// jobCount turns the -j value into a number of workers: 0 means one per CPU.
func jobCount(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

func forEachOrdered[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error) error {
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
			for range queue { // let the producer see done and stop
			}
			return err
		}
		i++
		<-window
	}
	return nil
}
