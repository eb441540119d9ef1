// One large file on all cores: ranges of a regular file processed in
// parallel, with results put back in input order.
//
// A range is a fixed-size slice of the file's byte offsets, cut anywhere:
// the library's range primitive (utf8x.CheckRange, utf8x.AppendValidRange,
// transcode's Converter.AppendRange) owns, for each range, the elements
// whose first byte lies in it, so that the results of consecutive ranges put
// end to end are the result for the whole file. Each worker reads its own
// window with ReadAt (the range and the utf8x.RangeContext bytes either
// side that decide where its first and last element start and end; before
// it, windowLead bytes, which keep the read aligned), so reading is parallel
// too; windows and results are bounded by forEachOrdered's window of 2*jobs,
// so memory stays bounded whatever the file size.
package main

import (
	"errors"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/spf13/cobra"
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// rangeOptions are the range flags of one command: how many workers, and
// how large a range each takes. The hidden --range-size is for tests: a
// positive size splits every regular file (tiny sizes put cuts everywhere),
// and -1 never splits, which leaves the streaming code as the reference.
// Which engine runs, and how the file is cut, is the library's driver's
// (utf8x.DriveOptions.Plan): drive turns the flags into its options.
type rangeOptions struct {
	jobs int // 0: one per CPU
	size int // bytes per range; 0: the driver chooses, -1: do not split
}

// addRangeFlags adds -j/--jobs and the hidden --range-size to cmd.
func addRangeFlags(cmd *cobra.Command, o *rangeOptions) {
	cmd.Flags().IntVarP(&o.jobs, "jobs", "j", 0, "use up to `N` CPUs: inputs at once, or ranges of one large file (0, the default: the number of CPUs)")
	cmd.Flags().IntVar(&o.size, "range-size", 0, "bytes per range of a file split into ranges; -1: stream it (for tests)")
	_ = cmd.Flags().MarkHidden("range-size")
}

// addOutputRangeFlags is addRangeFlags for a command that writes its
// output, whose default -j is 1 into a pipe (utf8x.DriveOptions.ToPipe).
func addOutputRangeFlags(cmd *cobra.Command, o *rangeOptions) {
	addRangeFlags(cmd, o)
	cmd.Flags().Lookup("jobs").Usage = "use up to `N` CPUs: ranges of one large file (0, the default: the number of CPUs; 1 when writing to a pipe, which sets the pace)"
}

// check refuses values that make no sense.
func (o rangeOptions) check() error {
	switch {
	case o.jobs < 0:
		return usageError("-j must be 1 or more (or 0 for one per CPU), not %d", o.jobs)
	case o.size < -1:
		return usageError("--range-size must be -1, 0 or more, not %d", o.size)
	}
	return nil
}

// drive is the driver's options for one input of a command run on inputs
// inputs at once, with its output to out (nil: the output is a report, not
// the input's text).
func (o rangeOptions) drive(inputs int, out io.Writer) utf8x.DriveOptions {
	return utf8x.DriveOptions{Jobs: o.jobs, BlockSize: o.size, Inputs: inputs, ToPipe: out != nil && isPipe(out)}
}

// isPipe reports whether w is a pipe (or FIFO).
func isPipe(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeNamedPipe != 0
}

// drive runs job over the input r of size bytes (negative: not a regular
// file) named path, through the library's driver, which chooses the engine.
// A block job reads r as an *os.File; a read error of a block becomes the
// stream's message.
func drive(r io.Reader, path string, size int64, job utf8x.DriveJob, o utf8x.DriveOptions) error {
	if _, ok := r.(*os.File); !ok {
		size = -1 // not read at offsets: streamed
	}
	_, err := utf8x.Drive(size, job, o)
	var re *utf8x.ReadAtError
	if errors.As(err, &re) {
		return readError(path, re.Offset, re.Err)
	}
	return err
}

// windowMargin is how far a range looks beyond its end: the range primitive
// needs utf8x.RangeContext bytes either side.
const windowMargin = utf8x.RangeContext

// checkRanges is checkStream for a regular file split into ranges (do says
// how), with the same result, the same errors listed in the same order
// with the same lines and columns, and the same calls to onBlock's printer
// at least once per range. Only strict UTF-8 is checked this way: the range
// primitive cannot find the units of the other forms on its own.
func checkRanges(f *os.File, path string, size int64, opts checkOptions, do utf8x.DriveOptions, onError func(*checkError) error, onBlock func() error) (checkResult, error) {
	var res checkResult
	// The start of the file decides hints, as checkStream's head does for
	// a file (wholeHead): the first sniffLimit bytes, all read first.
	head := make([]byte, min(int64(sniffLimit), size))
	m, err := f.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return res, readError(path, int64(m), err)
	}
	looks := sniffHead(head[:m])
	if looks.certain {
		res.Hint = looks.hint(path)
		res.Bytes = int64(looks.bom)
		return res, nil
	}
	// Each range lists at most perRange errors; a range with more, met
	// while errors are still listed, is checked again on the emitting side
	// in pieces of subRange bytes, each holding all its errors. So memory
	// stays bounded however many errors a file holds.
	const subRange = 4 << 10
	perRange := 1024
	switch {
	case opts.firstOnly():
		perRange = 1
	case opts.maxErrors > 0:
		perRange = min(perRange, opts.maxErrors)
	}
	// pos is the line and column at the file offset posAt: only a range
	// with errors counts its LFs and characters (checkOwned), and the
	// valid text between is counted when an error after it is listed, by
	// reading the file again, as checkStream does.
	var pos utf8x.PositionCounter
	posAt := int64(0)
	// take adds the report of the next piece of the file; done says that the
	// check ends there (a hint, or -q/-l's first error).
	take := func(w *utf8x.Block, r utf8x.RangeReport) (done bool, err error) {
		for _, e := range r.Errors {
			if res.ErrorCount == 0 && looks.what != "" {
				res.Hint = looks.hint(path)
				res.Bytes = int64(e.Offset + e.Len)
				return true, nil
			}
			res.ErrorCount++
			if opts.listed(res.Listed) {
				if posAt < int64(r.From) {
					if err := advanceFile(&pos, f, path, posAt, int64(r.From)); err != nil {
						return true, err
					}
					posAt = int64(r.From)
				}
				// The error's place in the range, counted by checkOwned,
				// from the range's.
				epos := pos
				epos.Skip(e.Line, e.Column)
				line, col := epos.Pos()
				at := e.Offset - int(w.Base)
				ce := checkError{Offset: int64(e.Offset), Length: e.Len, Kind: e.Kind.String(),
					Line: line + 1, Column: col + 1, hex: hexString(w.Buf[at : at+e.Len])}
				if err := onError(&ce); err != nil {
					return true, err
				}
				res.Listed++
			}
			if opts.firstOnly() {
				res.Bytes = int64(e.Offset + e.Len)
				return true, nil
			}
		}
		res.ErrorCount += r.Invalid - len(r.Errors)
		if r.Invalid > 0 && posAt == int64(r.From) {
			// Counted by checkOwned: pos moves to the end of the range.
			pos.Skip(r.Lines, r.Tail)
			posAt = int64(r.To)
		}
		res.Bytes = int64(r.To)
		return false, nil
	}
	errDone := errors.New("done")
	// Once --max-errors errors are listed, nothing needs a line or a
	// column: workers then only count errors (checkOwned with 0), instead
	// of counting LFs and characters over every range that holds one,
	// which on a file with an error in every range cost -j 2 a third more
	// CPU than -j 1, whose stream stops placing errors there too. A worker
	// that has not seen the flag yet places them for nothing.
	var listingDone atomic.Bool
	work := func(w *utf8x.Block) utf8x.RangeReport {
		if listingDone.Load() {
			return checkOwned(w, w.Start, w.End, 0)
		}
		return checkOwned(w, w.Start, w.End, perRange)
	}
	emit := func(w *utf8x.Block, r utf8x.RangeReport) error {
		var done bool
		var err error
		if r.Invalid > len(r.Errors) && opts.listed(res.Listed+len(r.Errors)) {
			for s := w.Start; s < w.End && !done && err == nil; s += subRange {
				done, err = take(w, checkOwned(w, s, min(s+subRange, w.End), -1))
			}
		} else {
			done, err = take(w, r)
		}
		if !opts.listed(res.Listed) {
			listingDone.Store(true)
		}
		if opts.onRead != nil {
			opts.onRead(w.Base + int64(w.End))
		}
		switch {
		case err != nil:
			return err
		case done:
			return errDone
		}
		if onBlock != nil {
			return onBlock()
		}
		return nil
	}
	if err := utf8x.DriveBlocks(f, size, do, work, emit); err != nil && err != errDone {
		return res, err
	}
	if res.ErrorCount > 0 && res.Hint == "" {
		res.Looks = detectHint(displayName(path), head[:m]) // as checkStream does
	}
	if res.ErrorCount == 0 && res.Hint == "" {
		res.Hint = wideHint(head[:m], size, path) // as checkStream does
	}
	return res, nil
}

// checkOwned is utf8x.CheckRange without the counts of characters and
// UTF-16 units, which check does not need and which cost up to three more
// passes over a range with errors: the elements w.Buf[start:end] owns
// (utf8x.RangeBounds) are scanned with utf8x.FirstInvalid, as checkStream
// scans a block, and the report has every error counted, the first maxErrors
// (all when negative) placed by line and column from the owned bytes' start,
// and, when there is an error, their LFs and the characters after the last
// one (Tail). With maxErrors 0 it only counts errors: no error, LF or
// character is placed or counted.
func checkOwned(w *utf8x.Block, start, end, maxErrors int) (r utf8x.RangeReport) {
	from, to := utf8x.RangeBounds(w.Buf, start, end)
	r = utf8x.RangeReport{From: int(w.Base) + from, To: int(w.Base) + to}
	own := w.Buf[from:to]
	// Errors, LFs and characters are counted by utf8x.PositionCounter, as
	// every command counts them, from the owned bytes' start: pos is at
	// own[last].
	var pos utf8x.PositionCounter
	last := 0
	defer func() {
		if r.Invalid == 0 || maxErrors == 0 {
			return // counted only if an error after it is listed (checkRanges)
		}
		pos.Write(own[last:])
		r.Lines, r.Tail = pos.Pos()
	}()
	// The bytes after own decide the kind of an error at its end.
	view := w.Buf[from:min(len(w.Buf), to+windowMargin)]
	for off := 0; ; {
		o, n, kind := utf8x.FirstInvalid(view[off:])
		at := off + o
		if n == 0 || at >= len(own) {
			return r
		}
		r.Invalid++
		if maxErrors < 0 || len(r.Errors) < maxErrors {
			pos.Write(own[last:at])
			line, col := pos.Pos()
			r.Errors = append(r.Errors, utf8x.RangeError{Offset: r.From + at, Len: n, Kind: kind, Line: line, Column: col})
			pos.Write(view[at : at+n]) // the subpart, one character
			last = at + n
		}
		off = at + n
	}
}

// outBuffers hands out output buffers for range results and takes them back
// once written, so that no more are made than results in flight.
type outBuffers struct {
	free chan []byte
	size int // capacity of a new buffer: enough for most ranges' output
}

func (b outBuffers) get() []byte {
	select {
	case p := <-b.free:
		return p[:0]
	default:
		// Sized here rather than by the library's worst case (4 bytes
		// out per byte in), which would hold twice the memory for
		// nothing; a range that needs more grows its buffer.
		return make([]byte, 0, b.size)
	}
}

func (b outBuffers) put(p []byte) {
	select {
	case b.free <- p:
	default:
	}
}

// rangeOutput is what a worker made of one range: the bytes to write, how
// many ill-formed sequences it fixed, and the error that stopped it (strict).
type rangeOutput struct {
	out   []byte
	fixed int64
	err   error
}

// writeRanges runs work on the ranges of f and writes their outputs to w
// (named dest in messages, "" for standard output) in file order, each in one
// write. It returns the sum of the fixed counts and the first range's error,
// after writing everything before it, as a stream would have.
//
// ratio is how many bytes out a byte in makes, at most, in ordinary text.
func writeRanges(w io.Writer, dest string, f *os.File, size int64, o utf8x.DriveOptions, ratio int, onRead func(int64), work func(dst []byte, win *utf8x.Block) rangeOutput) (int64, error) {
	bufs := outBuffers{make(chan []byte, 2*o.Workers()+1), ratio*o.Block() + 64}
	var fixed int64
	err := utf8x.DriveBlocks(f, size, o, func(win *utf8x.Block) rangeOutput {
		return work(bufs.get(), win)
	}, func(win *utf8x.Block, r rangeOutput) error {
		defer bufs.put(r.out)
		fixed += r.fixed
		if len(r.out) > 0 {
			if _, err := w.Write(r.out); err != nil {
				return &outputError{dest, err}
			}
		}
		if onRead != nil {
			onRead(win.Base + int64(win.End))
		}
		return r.err
	})
	return fixed, err
}

// fixRanges is fix's pump for a regular file split into ranges: each range's
// repair comes from utf8x.AppendValidRange, and the one that starts the file
// also does what the byte order mark policy says, as utf8x.Transformer does
// at the start of a stream.
func fixRanges(w io.Writer, dest string, f *os.File, size int64, opts fixOptions, do utf8x.DriveOptions, onRead func(int64)) (int64, error) {
	return writeRanges(w, dest, f, size, do, 1, onRead, func(dst []byte, win *utf8x.Block) rangeOutput {
		start, end := win.Start, win.End
		if win.Base == 0 && start == 0 {
			had := utf8x.HasBOM(win.Buf)
			switch {
			case had && !opts.bom.Output(true):
				start, end = len(utf8x.BOM), max(end, len(utf8x.BOM))
			case !had && opts.bom.Output(false):
				dst = append(dst, utf8x.BOM...)
			}
		}
		out, n, err := utf8x.AppendValidRange(dst, win.Buf, int(win.Base), start, end, opts.policy)
		return rangeOutput{out, int64(n), err}
	})
}

// rangeForms are the input encodings whose units a range finds on its own
// (transcode's Converter.AppendRange), with their code unit size: the others
// take their byte order from a signature only the start holds, or have units
// that need the text before.
var rangeForms = []struct {
	e    transcode.Encoding
	unit int64
}{{transcode.UTF8, 1}, {transcode.UTF16LE, 2}, {transcode.UTF16BE, 2},
	{transcode.UTF32LE, 4}, {transcode.UTF32BE, 4}, {transcode.Latin1, 1}, {transcode.CP1252, 1}}

// splitsForm reports whether size bytes of input in e can be converted in
// ranges. An input that ends with part of a code unit is streamed: the range
// that owns the last whole unit cannot tell that the stray bytes after it
// join it into one ill-formed unit, as a stream does when that unit is a
// high surrogate.
func splitsForm(e transcode.Encoding, size int64) bool {
	if e.IsSingleByte() {
		return true
	}
	for _, f := range rangeForms {
		if f.e.Name() == e.Name() {
			return size%f.unit == 0
		}
	}
	return false
}

// convertRanges is convert's pump for a regular file split into ranges, each
// converted by transcode's Converter.AppendRange on a converter of its own.
func convertRanges(w io.Writer, dest string, f *os.File, size int64, opts convertOptions, do utf8x.DriveOptions, onRead func(int64)) error {
	converters := sync.Pool{New: func() any { return transcode.NewConverter(opts.from, opts.to, opts.policy, opts.bom) }}
	// Twice the input holds UTF-8 to UTF-16 and most other conversions;
	// UTF-32 output grows its buffers once and keeps them.
	_, err := writeRanges(w, dest, f, size, do, 2, onRead, func(dst []byte, win *utf8x.Block) rangeOutput {
		c := converters.Get().(*transcode.Converter)
		defer converters.Put(c)
		out, _, _, err := c.AppendRange(dst, win.Buf, int(win.Base), win.Start, win.End)
		return rangeOutput{out, c.Fixed(), err}
	})
	return err
}
