package utf8x

import (
	"bytes"
	"context"
	"errors"
	"io"
	"runtime"
	"sync"
)

// ParallelOptions tunes CheckReaderAt, CheckReaderAtFunc and CountReaderAt. The zero value (or
// a nil *ParallelOptions) checks on GOMAXPROCS goroutines in blocks of
// 1 MiB and lists every error.
type ParallelOptions struct {
	// Parts is how many blocks are checked at once, each on its own
	// goroutine; 0 means runtime.GOMAXPROCS(0).
	Parts int

	// BlockSize is the most input bytes a block owns: the input is cut in
	// blocks of BlockSize bytes, each read with the context around it
	// (RangeContext) into a buffer its goroutine reuses, and at most
	// 2*Parts blocks are started and not yet merged, so that memory stays
	// about Parts*BlockSize, plus the reports waiting (with at most
	// MaxErrors errors each), whatever the input's size; 0 means 1 MiB. A multiple of 4 KiB keeps the reads of a file aligned
	// on its pages.
	BlockSize int

	// MaxErrors is how many errors CheckReaderAt lists: the first
	// MaxErrors of the input; 0 lists them all, a negative value none.
	// The report's Invalid counts all of them in any case, so the
	// whole input is always read.
	MaxErrors int

	// ErrorsOnly leaves out the counts only a full report needs: the
	// reports have From, To, Invalid and Errors, each error placed by
	// line and column from the input's start, and Runes, UTF16, Lines
	// and Tail 0. Lines and characters are then counted only up to the
	// errors listed (in the blocks that hold them, and by reading the
	// input before them again), which on text with few errors costs a
	// fraction of counting everything: the utf8x command's check runs so.
	// CheckReaderAtFunc then hands a block with many errors to list over
	// in pieces of a few KiB, each with all its errors, so that memory
	// stays bounded however many errors are listed; a read error is a
	// *ReadAtError, returned once fn has had every block before it; and
	// an input found shorter than size is checked as far as it goes
	// (the last report's To says where).
	ErrorsOnly bool
}

const parallelBlock = 1 << 20

func (o *ParallelOptions) parts() int {
	if o == nil || o.Parts <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.Parts
}

func (o *ParallelOptions) blockSize() int {
	if o == nil || o.BlockSize <= 0 {
		return parallelBlock
	}
	return o.BlockSize
}

// limit is CheckRange's maxErrors for o.MaxErrors.
func (o *ParallelOptions) limit() int {
	switch {
	case o == nil || o.MaxErrors == 0:
		return -1
	case o.MaxErrors < 0:
		return 0
	}
	return o.MaxErrors
}

// CheckReaderAt checks the UTF-8 of r's bytes [0, size) in blocks checked
// concurrently (CheckRange on each, with its context read around it) and
// merged in order (RangeReport.Merge), and returns the report CheckRange
// gives for the whole input: From 0, To size, the counts, and the first
// opts.MaxErrors errors in input order with their offsets, lines and columns
// counted from the input's start.
//
// A read error, an input shorter than size or the end of ctx stops the check
// and is returned, with an empty report: the report is never that of part
// of the input. r's ReadAt is called from several goroutines at once, as
// io.ReaderAt allows; the input must not change while it is checked.
func CheckReaderAt(ctx context.Context, r io.ReaderAt, size int64, opts *ParallelOptions) (RangeReport, error) {
	var all RangeReport
	err := CheckReaderAtFunc(ctx, r, size, opts, func(rep RangeReport) error {
		// The errors are placed already: only the counts need Merge's
		// arithmetic.
		all.To = rep.To
		all.Runes += rep.Runes
		all.UTF16 += rep.UTF16
		all.Lines += rep.Lines
		if rep.Lines > 0 {
			all.Tail = rep.Tail
		} else {
			all.Tail += rep.Tail
		}
		all.Invalid += rep.Invalid
		all.Errors = append(all.Errors, rep.Errors...)
		return nil
	})
	if err != nil {
		return RangeReport{}, err
	}
	return all, nil
}

// CheckReaderAtFunc is CheckReaderAt handing its report over block by
// block, so that errors can be shown as they are found and the check
// stopped early, in memory bounded by Parts blocks whatever the number of
// errors: fn gets the report of each block of [0, size), in input order and
// from one goroutine at a time, with the errors of the block that are among
// the first opts.MaxErrors of the input, their Line and Column counted from
// the input's start (RangeReport.Merge's fix-up is done). The counts (Lines,
// Tail and the others) are the block's own. An error returned by fn stops
// the check and is returned; so are a read error, an input shorter than
// size and the end of ctx, after which fn is not called again.
func CheckReaderAtFunc(ctx context.Context, r io.ReaderAt, size int64, opts *ParallelOptions, fn func(RangeReport) error) error {
	if size < 0 {
		return errors.New("utf8x: CheckReaderAt: negative size")
	}
	if opts != nil && opts.ErrorsOnly {
		return checkErrorsOnly(ctx, r, size, opts, fn)
	}
	limit := opts.limit()
	var mu sync.Mutex
	need := limit // errors still to be listed; -1: all
	listed := 0
	lines, tail := 0, 0 // the position reached by the blocks handed over
	return eachBlock(ctx, r, size, opts,
		func(win []byte, base, start, end int) (RangeReport, error) {
			mu.Lock()
			lim := need
			mu.Unlock()
			if lim == 0 {
				return countRange(win, base, start, end), nil
			}
			return CheckRange(win, base, start, end, lim)
		},
		func(rep RangeReport) error {
			if limit >= 0 && len(rep.Errors) > limit-listed {
				rep.Errors = rep.Errors[:limit-listed]
			}
			for i := range rep.Errors {
				e := &rep.Errors[i]
				if e.Line == 0 {
					e.Column += tail
				}
				e.Line += lines
			}
			listed += len(rep.Errors)
			if rep.Lines > 0 {
				lines, tail = lines+rep.Lines, rep.Tail
			} else {
				tail += rep.Tail
			}
			if limit >= 0 {
				mu.Lock()
				need = limit - listed
				mu.Unlock()
			}
			return fn(rep)
		})
}

// countRange is CheckRange(win, base, start, end, 0), the report without
// errors, from Count: one pass of the counting kernels over the valid runs
// instead of CheckRange's separate counts of characters, UTF-16 units and
// errors, which cost it more on a block with errors. The owned bytes on
// their own decompose as in the input (RangeBounds), so their count of
// ill-formed subparts is the input's.
func countRange(win []byte, base, start, end int) RangeReport {
	from, to := RangeBounds(win, start, end)
	own := win[from:to]
	c := Count(own)
	rep := RangeReport{From: base + from, To: base + to, Runes: c.Runes, UTF16: c.UTF16, Lines: c.Lines, Invalid: c.Invalid}
	if c.Lines == 0 {
		rep.Tail = c.Runes
	} else {
		rep.Tail = RuneCount(own[bytes.LastIndexByte(own, '\n')+1:])
	}
	return rep
}

// CountReaderAt counts r's bytes [0, size) as Count counts a slice, in
// blocks counted concurrently and added in order (Counts.Add), with the
// memory, errors and concurrency of CheckReaderAt (opts.MaxErrors does not
// matter).
func CountReaderAt(ctx context.Context, r io.ReaderAt, size int64, opts *ParallelOptions) (Counts, error) {
	if size < 0 {
		return Counts{}, errors.New("utf8x: CountReaderAt: negative size")
	}
	var total Counts
	err := eachBlock(ctx, r, size, opts,
		func(win []byte, base, start, end int) (Counts, error) {
			from, to := RangeBounds(win, start, end)
			return Count(win[from:to]), nil
		},
		func(c Counts) error {
			total = total.Add(c)
			return nil
		})
	if err != nil {
		return Counts{}, err
	}
	return total, nil
}

// eachBlock cuts [0, size) in blocks of opts.blockSize() bytes, runs work
// on each block's window (the block, driveLead bytes before it and
// RangeContext after it, or as many as the input has) on opts.parts()
// goroutines, and calls emit with the results in block order, from one
// goroutine at a time: the driver's blocks (driveBlocks), each buffer reused
// once its work is done, an input shorter than size an error. work gets the
// window, its input offset, and the block's place in it. The first error (of
// a read, of work, of emit, or ctx's) stops it and is returned, once the
// blocks before it are emitted.
func eachBlock[T any](ctx context.Context, r io.ReaderAt, size int64, opts *ParallelOptions,
	work func(win []byte, base, start, end int) (T, error), emit func(T) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if int64(int(size)) != size {
		return errors.New("utf8x: input too large for int offsets")
	}
	type result struct {
		v   T
		err error
	}
	do := DriveOptions{Jobs: opts.parts(), BlockSize: opts.blockSize()}
	return driveBlocks(r, size, do, blockRun{ctx: ctx, strict: true, reuse: true},
		func(b *Block) result {
			v, err := work(b.Buf, int(b.Base), b.Start, b.End)
			return result{v, err}
		},
		func(_ *Block, x result) error {
			if x.err != nil {
				return x.err
			}
			return emit(x.v)
		})
}
