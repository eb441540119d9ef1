// fix --mojibake on one large file on all cores.
//
// The mojibake package decides each stretch within its line and the text
// within 16 KiB before it, and its windows start after each line break
// (LF): the repair of text cut just after line breaks, each piece by a
// Transformer primed with the text before it, put end to end, is the
// repair of the whole (mojibake's TestFixSplitAtLines holds it to that).
// A block of the file therefore repairs, on a worker, the lines it holds
// whole: from just after its first LF (the file's start for the first
// block) to just after its last, primed with what precedes them
// (primeBefore). What lies around them, the end of a line that began in the
// block before and the start of one that ends in a later block, goes
// through one stream in input order (lineStream), as fix's stream would
// see it: it is fed a tail and the next block's head, which together make
// whole lines, and is told where they end (a line longer than a block
// passes through it a block at a time, in bounded memory).
package main

import (
	"bytes"
	"io"
	"os"
	"slices"
	"sync"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/mojibake"
)

// mojibakePart is what a worker made of one block: its head and tail (raw
// input, for the stream) and its whole lines repaired.
type mojibakePart struct {
	head, tail     []byte // Buf's bytes before the first whole line, after the last
	tailAt         int64  // the tail's offset in the file
	out            []byte // the whole lines, repaired (an outBuffers buffer)
	fixed, changes int64  // ill-formed sequences fixed, stretches undone
	// ctx is what the worker's Transformer learnt of the whole lines, for
	// the stream to go on with the tail's line (nil: no whole lines).
	ctx *mojibake.Context
	err error
}

// mojibakeRanges is fix --mojibake's pump for a regular file split into
// ranges (do says how), for a run that reports no change one by one
// (--explain and --json stream) and does not stop at an error (strict
// streams). It returns how many ill-formed sequences were fixed, and adds
// the stretches undone to run.
func mojibakeRanges(w io.Writer, dest string, f *os.File, size int64, opts fixOptions, do utf8x.DriveOptions, onRead func(int64), run *mojibakeRun) (int64, error) {
	transformers := sync.Pool{New: func() any { return mojibake.NewTransformer(opts.moji.lib) }}
	// The repair by --invalid, then mojibake's: the first is at most the
	// block and its U+FFFDs, the second seldom outgrows the first (a lost
	// byte's U+FFFD for one misread character does; runTransform grows
	// the buffer then).
	repaired := outBuffers{make(chan []byte, 2*do.Workers()+1), do.Block() + 64}
	outs := outBuffers{make(chan []byte, 2*do.Workers()+1), do.Block() + 64}

	// The stream the lines across block boundaries go through: it starts
	// the file (and follows the byte order mark policy) only when the
	// first block holds no LF.
	carry := lineStream{fixOpts: opts, bom: opts.bom}
	var fixed int64
	toCarry := func(at int64, p []byte, startsLine bool, ctx *mojibake.Context, eol bool) error {
		if at > 0 && carry.fix == nil {
			carry.bom = utf8x.BOMKeep
		}
		if startsLine {
			// A line's start, its end in a later block: the stream
			// repairs it as within the whole file, primed with what the
			// block's worker learnt of the lines before it, or, when the
			// block held none whole, with the file's text.
			carry.start()
			if ctx != nil {
				carry.moji.PrimeContext(*ctx)
			} else if err := primeBefore(carry.moji, f, at, opts); err != nil {
				return err
			}
		}
		if err := carry.feed(w, p, eol); err != nil {
			return &outputError{dest, err}
		}
		return nil
	}

	err := utf8x.DriveBlocks(f, size, do, func(b *utf8x.Block) mojibakePart {
		buf, s, e := b.Buf, b.Start, b.End
		a := s // the first whole line
		if b.Base+int64(s) > 0 {
			i := bytes.IndexByte(buf[s-1:e], '\n') // s-1: the block may start a line
			if i < 0 {
				return mojibakePart{head: buf[s:e]} // inside one line
			}
			a = s + i
		}
		z := a + bytes.LastIndexByte(buf[a:e], '\n') + 1 // after the last whole line
		p := mojibakePart{head: buf[s:a], tail: buf[z:e], tailAt: b.Base + int64(z)}
		if z == a {
			return p
		}
		dst := repaired.get()
		defer func() { repaired.put(dst) }()
		start := a
		if b.Base+int64(a) == 0 {
			// The file's start: the byte order mark policy.
			var skip int
			dst, skip = fileStartBOM(dst, buf[a:z], opts.bom)
			start += skip
		}
		var n int
		dst, n, p.err = utf8x.AppendValidRange(dst, buf, int(b.Base), start, z, opts.policy)
		p.fixed = int64(n)
		if p.err != nil {
			return p
		}
		tr := transformers.Get().(*mojibake.Transformer)
		defer transformers.Put(tr)
		if p.err = primeBefore(tr, f, b.Base+int64(a), opts); p.err != nil {
			return p
		}
		p.out, _, p.err = runTransform(tr, outs.get(), dst, true)
		p.changes = tr.Changes()
		ctx := tr.Context() // (dst ends with an LF)
		p.ctx = &ctx
		return p
	}, func(b *utf8x.Block, p mojibakePart) error {
		if p.out != nil {
			defer outs.put(p.out)
		}
		if p.err != nil {
			return p.err
		}
		fixed += p.fixed
		run.more += p.changes
		if len(p.head) > 0 {
			// The head ends a line, unless the block is inside one.
			if err := toCarry(b.Base+int64(b.Start), p.head, false, nil, p.head[len(p.head)-1] == '\n'); err != nil {
				return err
			}
		}
		if len(p.out) > 0 {
			if _, err := w.Write(p.out); err != nil {
				return &outputError{dest, err}
			}
		}
		if len(p.tail) > 0 {
			if err := toCarry(p.tailAt, p.tail, true, p.ctx, false); err != nil {
				return err
			}
		}
		if onRead != nil {
			onRead(b.Base + int64(b.End))
		}
		return nil
	})
	if err == nil && carry.fix != nil {
		// The file's last line, without a LF.
		if cerr := carry.feed(w, nil, true); cerr != nil {
			err = &outputError{dest, cerr}
		}
	}
	run.more += carry.changes
	return fixed + carry.fixed, err
}

// lineStream repairs text fed to it in pieces, in order, as fix's stream
// does: --invalid's repair, then mojibake's. Told that a piece ends a line
// (eol), it writes everything up to there (a stream transformer may hold
// back the end of its input until more comes, which here would put a later
// block's lines first) and starts afresh, which mojibake's windows, each
// within a line, allow. Between, it holds at most a few windows.
type lineStream struct {
	fixOpts        fixOptions
	bom            utf8x.BOMPolicy // for the first piece (the file's start); BOMKeep after
	fix            *utf8x.Transformer
	moji           *mojibake.Transformer
	raw, mid, out  []byte // input fix has not taken, its output mojibake has not, scratch
	fixed, changes int64
}

// start makes the stream's transformers, if it has none yet.
func (s *lineStream) start() {
	if s.fix == nil {
		s.fix = utf8x.NewTransformer(s.fixOpts.policy, s.bom)
		s.moji = mojibake.NewTransformer(s.fixOpts.moji.lib)
	}
}

func (s *lineStream) feed(w io.Writer, p []byte, eol bool) error {
	s.start()
	raw := append(s.raw, p...)
	mid, rest, err := runTransform(s.fix, s.mid, raw, eol)
	if err != nil {
		return err
	}
	s.raw = raw[:copy(raw, rest)]
	s.out, rest, err = runTransform(s.moji, s.out[:0], mid, eol)
	if err != nil {
		return err
	}
	s.mid = mid[:copy(mid, rest)]
	if _, err := w.Write(s.out); err != nil {
		return err
	}
	if eol {
		s.fixed += s.fix.Fixed()
		s.changes += s.moji.Changes()
		s.fix = utf8x.NewTransformer(s.fixOpts.policy, utf8x.BOMKeep)
		s.moji.Reset()
	}
	return nil
}

// primeBufs are primeBefore's buffers, reused (primePool): a block's
// allocations of them cost page faults.
type primeBufs struct{ raw, text []byte }

var primePool = sync.Pool{New: func() any { return new(primeBufs) }}

// maxPrimeRead bounds what primeBefore reads.
const maxPrimeRead = 1 << 20

// primeBefore primes tr with the text before the line that starts at file
// offset at, as a stream of the whole file would have handed it to tr:
// its invalid bytes repaired by the run's policy and, at the file's start,
// the byte order mark policy applied (as the worker does to its block). It
// reads mojibake.PrimeSize bytes of the file before at, or more should the
// repair drop some (up to maxPrimeRead: a text whose repair dropped more
// than 15 bytes of every 16 before is primed with what is left of that
// much), or all there are.
func primeBefore(tr *mojibake.Transformer, f *os.File, at int64, opts fixOptions) error {
	bufs := primePool.Get().(*primeBufs)
	defer primePool.Put(bufs)
	for n := int64(mojibake.PrimeSize); ; n *= 2 {
		lo := max(at-n, 0)
		wlo := max(lo-utf8x.RangeContext, 0) // the bytes before lo decide what lo's first bytes are
		buf := slices.Grow(bufs.raw[:0], int(at-wlo))[:at-wlo]
		bufs.raw = buf
		if _, err := f.ReadAt(buf, wlo); err != nil && err != io.EOF {
			return err
		}
		text := bufs.text[:0]
		start := int(lo - wlo)
		if lo == 0 {
			var skip int
			text, skip = fileStartBOM(text, buf, opts.bom)
			start += skip
		}
		var err error
		text, _, err = utf8x.AppendValidRange(text, buf, int(wlo), min(start, len(buf)), len(buf), opts.policy)
		bufs.text = text
		if err != nil {
			return err
		}
		if lo == 0 || len(text) >= mojibake.PrimeSize || n >= maxPrimeRead {
			tr.Prime(text, lo == 0)
			return nil
		}
	}
}

// runTransform appends to dst what t makes of src, growing dst as needed,
// and returns the input t leaves for more (ErrShortSrc; none when atEOF).
func runTransform(t transform.Transformer, dst, src []byte, atEOF bool) (out, rest []byte, err error) {
	for {
		if cap(dst)-len(dst) < len(src)+64 {
			dst = append(dst[:len(dst):len(dst)], make([]byte, len(src)+len(dst)+4096)...)[:len(dst)]
		}
		nDst, nSrc, err := t.Transform(dst[len(dst):cap(dst)], src, atEOF)
		dst, src = dst[:len(dst)+nDst], src[nSrc:]
		switch {
		case err == transform.ErrShortDst:
			if nDst == 0 && nSrc == 0 {
				dst = append(dst[:len(dst):len(dst)], make([]byte, 2*cap(dst)+4096)...)[:len(dst)]
			}
		case err == transform.ErrShortSrc && !atEOF:
			return dst, src, nil
		default:
			return dst, src, err
		}
	}
}
