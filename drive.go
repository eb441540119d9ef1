package utf8x

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
)

// The driver: one place that runs a job over one input, choosing how by one
// rule (DriveOptions.Plan): streamed from its start, in blocks of a file of
// known size on several goroutines (DriveBlocks), or spliced into a pipe by
// the job. The utf8x command runs check, stats, fix and convert through it;
// a program can run its own jobs the same way.

// DriveMode is how Drive runs a job.
type DriveMode int

const (
	// DriveModeStream reads the input once, from its start (DriveJob.Stream).
	DriveModeStream DriveMode = iota
	// DriveModeBlocks runs the job on blocks of a file of known size on
	// several goroutines (DriveJob.Blocks, with DriveBlocks).
	DriveModeBlocks
	// DriveModeSplice lets the job move the input into a pipe without copying
	// it (DriveJob.Splice): output to a pipe on one CPU.
	DriveModeSplice
)

func (m DriveMode) String() string {
	switch m {
	case DriveModeStream:
		return "stream"
	case DriveModeBlocks:
		return "blocks"
	case DriveModeSplice:
		return "splice"
	}
	return fmt.Sprintf("DriveMode(%d)", int(m))
}

// DriveOptions are the settings of a run and the facts about its output that
// choose the mode (Plan).
type DriveOptions struct {
	// Jobs is how many goroutines one input may use: 0 means one per CPU
	// (runtime.NumCPU), or 1 when ToPipe.
	Jobs int

	// BlockSize is the bytes of a block: 0 chooses from the workers (up
	// to 1 MiB, a multiple of 4 KiB, so that about 8 MiB are in flight);
	// a positive size splits every input of known size into blocks of
	// that size, even on one goroutine (tests use tiny ones); -1 never
	// splits.
	BlockSize int

	// Inputs is how many inputs run at once, sharing the goroutines: with
	// more than one, each input gets one (they are not split unless
	// BlockSize is positive).
	Inputs int

	// ToPipe says that the job writes its output to a pipe. The pipe then
	// sets the pace, and blocks on several goroutines only add the cost
	// of handing their outputs over (measured 3-13% slower than one
	// stream): Jobs 0 means 1 (when BlockSize is 0). A Jobs given is
	// kept, but a job that splices into the pipe does so on one (Plan).
	ToPipe bool
}

// Workers is the number of goroutines a split input uses.
func (o DriveOptions) Workers() int {
	switch {
	case o.Inputs > 1:
		return 1
	case o.Jobs > 0:
		return o.Jobs
	case o.ToPipe && o.BlockSize == 0:
		return 1
	}
	return runtime.NumCPU()
}

// Block is the bytes per block: large enough that a read and a call per
// block cost little, small enough that the 2*Workers blocks in flight, with
// their outputs, stay far below 32 MiB.
func (o DriveOptions) Block() int {
	if o.BlockSize > 0 {
		return o.BlockSize
	}
	const budget = 8 << 20
	// A multiple of 4 KiB, so that blocks start on page boundaries of
	// the file (driveLead).
	return min(1<<20, max(64<<10, budget/(2*o.Workers()*4))) &^ (4<<10 - 1)
}

// splits reports whether an input of size bytes is cut in blocks: with more
// than one worker, when it holds more than one block. On one CPU a file is
// streamed, which measured the same or a little cheaper (reading blocks
// with ReadAt, or mapping them, gained nothing).
func (o DriveOptions) splits(size int64) bool {
	if o.BlockSize != 0 {
		return o.BlockSize > 0 && size > 0
	}
	return o.Workers() > 1 && size > int64(o.Block())
}

// Plan is the one rule that chooses how a job runs over an input of size
// bytes (negative: not a file of known size, read only as a stream), given
// what the job can do: run in blocks (blocks) and splice into its output
// (splice; the job knows whether its output is a pipe it may splice into).
//
// A job that can splice into a pipe does when no BlockSize is set, on one
// worker whatever Jobs says: splicing the valid text costs less on one CPU
// than copying it on several (the utf8x command's fix of 300 MB into a
// pipe took 1.4 to 2 times as long, and 1.5 to 2.7 times the CPU, with
// -j 2 in blocks as with -j 1 spliced, on a 2-CPU machine). Else a job
// that can run in blocks does when the input splits (more than one worker
// and more than one block, or a positive BlockSize). Everything else
// streams.
func (o DriveOptions) Plan(size int64, blocks, splice bool) DriveMode {
	switch {
	case size < 0:
		return DriveModeStream
	case splice && o.ToPipe && o.BlockSize == 0:
		return DriveModeSplice
	case blocks && o.splits(size):
		return DriveModeBlocks
	}
	return DriveModeStream
}

// DriveJob is a job Drive runs: its engines, each a function that runs it
// whole over the input (they share the input, the output and the result).
// Stream is required; Blocks and Splice may be nil, when the job cannot
// run so (on this input, with these settings).
type DriveJob struct {
	// Stream reads the input from its start.
	Stream func() error
	// Blocks runs the job on blocks of the input, with DriveBlocks and
	// the same DriveOptions.
	Blocks func() error
	// Splice moves the input into the pipe the output is.
	Splice func() error
}

// Drive runs job over an input of size bytes (negative: a stream) in the
// mode Plan chooses, and returns that mode and the engine's error.
func Drive(size int64, job DriveJob, o DriveOptions) (DriveMode, error) {
	m := o.Plan(size, job.Blocks != nil, job.Splice != nil)
	switch m {
	case DriveModeSplice:
		return m, job.Splice()
	case DriveModeBlocks:
		return m, job.Blocks()
	}
	return m, job.Stream()
}

// Block is one block of an input as DriveBlocks hands it to a job: Buf
// holds the input from offset Base, the block's own bytes are
// Buf[Start:End], and Buf has up to RangeContext bytes after them and a few
// before, the context that CheckRange, AppendValidRange and transcode's
// AppendRange need to decide where the block's first and last elements
// start and end.
type Block struct {
	Base       int64
	Buf        []byte
	Start, End int
}

// ReadAtError is a read of the input that failed in DriveBlocks: Offset is
// how many bytes of the input were read before it, in order.
type ReadAtError struct {
	Offset int64
	Err    error
}

func (e *ReadAtError) Error() string {
	return fmt.Sprintf("utf8x: read error after %d bytes: %v", e.Offset, e.Err)
}

func (e *ReadAtError) Unwrap() error { return e.Err }

// driveLead is how far before its block a window starts: more than the
// RangeContext bytes needed, so that a block starting on a page boundary
// of the file is read into its buffer (a large allocation, so
// page-aligned) at the same offset within a cache line as in the page
// cache. Starting RangeContext (3) bytes before put every read off by 3
// from its destination, which costs read(2)'s copy more.
const driveLead = 64

// DriveBlocks cuts r's bytes [0, size) in blocks of o.Block() bytes, runs
// work on each block on o.Workers() goroutines, and calls emit with the
// blocks and work's results in input order, from one goroutine at a time. A
// block's buffer is valid until emit returns. At most 2*Workers blocks are
// started and not yet emitted, so memory stays bounded whatever the size.
//
// An input shorter than size is taken as it is (a file that shrank). A read
// failure stops the run with a *ReadAtError once every block before it is
// emitted; an error from emit stops it too and is returned.
func DriveBlocks[T any](r io.ReaderAt, size int64, o DriveOptions, work func(b *Block) T, emit func(b *Block, v T) error) error {
	return driveBlocks(r, size, o, blockRun{}, work, emit)
}

// blockRun are driveBlocks' settings beyond DriveBlocks'.
type blockRun struct {
	ctx    context.Context // nil: none; else checked before each read
	strict bool            // an input shorter than size is a *ReadAtError (io.ErrUnexpectedEOF)
	reuse  bool            // a block's buffer is reused once work is done: emit gets b.Buf nil
}

func driveBlocks[T any](r io.ReaderAt, size int64, o DriveOptions, run blockRun, work func(b *Block) T, emit func(b *Block, v T) error) error {
	bs := int64(o.Block())
	n := int((size + bs - 1) / bs)
	jobs := o.Workers()
	// Spare buffers: at most 2*jobs blocks are started and not yet
	// emitted at any time (DriveEach), so no more are ever made.
	free := make(chan []byte, 2*jobs+1)
	type result struct {
		b   *Block
		v   T
		err error
	}
	release := func(r result) {
		if cap(r.b.Buf) == 0 {
			return
		}
		select {
		case free <- r.b.Buf[:0]:
		default:
		}
		r.b.Buf = nil
	}
	read := func(i int) result {
		s := int64(i) * bs
		e := min(s+bs, size)
		lo, hi := max(0, s-driveLead), min(size, e+RangeContext)
		b := &Block{Base: lo}
		if run.ctx != nil {
			if err := run.ctx.Err(); err != nil {
				return result{b: b, err: err}
			}
		}
		select {
		case b.Buf = <-free:
		default:
			b.Buf = make([]byte, bs+driveLead+RangeContext)
		}
		b.Buf = b.Buf[:hi-lo]
		m := 0
		for m < len(b.Buf) {
			k, err := r.ReadAt(b.Buf[m:], lo+int64(m))
			m += max(0, min(k, len(b.Buf)-m))
			if err == io.EOF {
				if run.strict && m < len(b.Buf) {
					return result{b: b, err: &ReadAtError{lo + int64(m), io.ErrUnexpectedEOF}}
				}
				break // the file shrank: take what is there
			}
			if err == nil && k <= 0 {
				err = io.ErrNoProgress
			}
			if err != nil {
				return result{b: b, err: &ReadAtError{lo + int64(m), err}}
			}
		}
		b.Buf = b.Buf[:m]
		b.Start, b.End = min(int(s-lo), m), min(int(e-lo), m)
		res := result{b: b, v: work(b)}
		if run.reuse {
			release(res)
		}
		return res
	}
	return DriveEach(n, jobs, read, func(_ int, r result) error {
		defer release(r)
		if r.err != nil {
			return r.err
		}
		return emit(r.b, r.v)
	}, release)
}

// DriveEach runs work(i) for i in 0..n-1 on up to jobs goroutines and hands
// each result to emit in index order, as soon as it and every earlier one
// are done. At most 2*jobs results wait to be emitted, so memory stays
// bounded however many there are. When emit fails (a closed pipe, say), no
// further work starts, the results already started are handed to drop, if
// not nil, so that what they hold (a buffer) is released, and the error is
// returned. It is how the utf8x command runs several inputs at once, and
// DriveBlocks the blocks of one.
//
// The jobs workers are the calling goroutine and jobs-1 others, and each
// result is emitted by whichever worker finds it next in line, one emit at a
// time: no goroutine per result, and no goroutine that only emits. Handing
// each result over to an emitting goroutine made it runnable once per
// result; with every CPU busy, a worker's next read(2) then gave its CPU
// away to it (the scheduler hands a P with work waiting to another thread
// when a system call lasts), and that switching cost check -j 2 about 5% of
// its CPU time against two readers that merely validate.
func DriveEach[T any](n, jobs int, work func(i int) T, emit func(i int, v T) error, drop func(T)) error {
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
