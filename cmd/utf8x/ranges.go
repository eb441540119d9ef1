// One large file on all cores: the jobs check, stats, fix and convert give
// the library's driver to run on blocks of a regular file (utf8x.Drive,
// utf8x.DriveBlocks), with results put back in input order.
//
// A block is a fixed-size slice of the file's byte offsets, cut anywhere:
// the library's range primitive (utf8x.CheckRange, utf8x.AppendValidRange,
// transcode's Converter.AppendRange) owns, for each block, the elements
// whose first byte lies in it, so that the results of consecutive blocks
// put end to end are the result for the whole file. check runs the
// library's parallel check (utf8x.CheckReaderAtFunc, errors only), which
// places each error by line and column as the stream does.
package main

import (
	"context"
	"errors"
	"io"
	"os"
	"sync"

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
func addRangeFlags(cmd *command, o *rangeOptions) {
	cmd.Flags().IntVarP(&o.jobs, "jobs", "j", 0, "use up to `N` CPUs: inputs at once, or ranges of one large file (0, the default: the number of CPUs)")
	cmd.Flags().IntVar(&o.size, "range-size", 0, "bytes per range of a file split into ranges; -1: stream it (for tests)")
	_ = cmd.Flags().MarkHidden("range-size")
}

// addOutputRangeFlags is addRangeFlags for a command that writes its
// output, whose default -j is 1 into a pipe (utf8x.DriveOptions.ToPipe).
func addOutputRangeFlags(cmd *command, o *rangeOptions) {
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
	// The library's parallel check, errors only: each error placed by line
	// and column, and the rest counted, in memory bounded however many
	// errors are listed.
	popts := &utf8x.ParallelOptions{Parts: do.Workers(), BlockSize: do.Block(), MaxErrors: opts.maxErrors, ErrorsOnly: true}
	if opts.firstOnly() {
		popts.MaxErrors = 1
	}
	errDone := errors.New("done")
	err = utf8x.CheckReaderAtFunc(context.Background(), f, size, popts, func(r utf8x.RangeReport) error {
		for _, e := range r.Errors {
			if res.ErrorCount == 0 && looks.what != "" {
				res.Hint = looks.hint(path)
				res.Bytes = int64(e.Offset + e.Len)
				return errDone
			}
			res.ErrorCount++
			ce := checkError{Offset: int64(e.Offset), Length: e.Len, Kind: e.Kind.String(),
				Line: e.Line + 1, Column: e.Column + 1, hex: hexString(e.AsError().Bytes())}
			if err := onError(&ce); err != nil {
				return err
			}
			res.Listed++
			if opts.firstOnly() {
				res.Bytes = int64(e.Offset + e.Len)
				return errDone
			}
		}
		res.ErrorCount += r.Invalid - len(r.Errors)
		res.Bytes = int64(r.To)
		if opts.onRead != nil {
			opts.onRead(int64(r.To))
		}
		if onBlock != nil {
			return onBlock()
		}
		return nil
	})
	if err != nil && err != errDone {
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
			var skip int
			dst, skip = fileStartBOM(dst, win.Buf, opts.bom)
			start, end = skip, max(end, skip)
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

// fileStartBOM applies the byte order mark policy at a file's start, as
// utf8x.Transformer does at a stream's: p holds the file's first bytes. It
// returns dst with a mark appended when the policy adds one, and how many
// of p's bytes to leave out (the mark, when the policy strips it).
func fileStartBOM(dst, p []byte, bom utf8x.BOMPolicy) ([]byte, int) {
	had := utf8x.HasBOM(p)
	switch {
	case had && !bom.Output(true):
		return dst, len(utf8x.BOM)
	case !had && bom.Output(false):
		return append(dst, utf8x.BOM...), 0
	}
	return dst, 0
}
