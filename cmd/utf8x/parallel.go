// Processing several inputs in parallel with output in the order given, by
// the library's driver (utf8x.DriveEach).
package main

import (
	"fmt"
	"io"
	"runtime"

	"github.com/utf8x/utf8x"
)

// jobCount turns the -j value into a number of workers: 0 means one per CPU.
func jobCount(jobs int) int {
	if jobs <= 0 {
		return runtime.NumCPU()
	}
	return jobs
}

// forEachOrdered runs work(i) for i in 0..n-1 on up to jobs goroutines and
// hands each result to emit in index order: the library's driver runs the
// inputs (utf8x.DriveEach), as it runs the ranges of one.
func forEachOrdered[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error) error {
	return utf8x.DriveEach(n, jobs, work, emit, nil)
}

// eachInput reads the files with read, up to jobs at a time behind one
// progress bar (labelled verb), and hands each report to emit in the order
// the files were given. A file that cannot be opened or read is reported on
// stderr instead, "utf8x: " and the error, and counted in failed. dirHint is
// openInput's advice for a folder named without -r.
func eachInput[R any](cmd *command, files []inputFile, jobs int, verb, dirHint string,
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
