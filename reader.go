package utf8x

import (
	"bytes"
	"errors"
	"io"
	"sync"

	"golang.org/x/text/transform"
)

// Reader repairs the UTF-8 it reads from another reader: every ill-formed
// maximal subpart is handled by a Policy and a leading byte order mark by a
// BOMPolicy. It gives the output of a Transformer inside a transform.Reader,
// for callers who do not want to learn golang.org/x/text, with less copying:
// Read repairs straight into the caller's buffer, and WriteTo (which io.Copy
// uses) writes valid text from the input buffer without copying it at all.
// Its memory use is constant.
type Reader struct {
	t Transformer
	r io.Reader

	in     []byte // input read and not yet repaired: in[lo:hi]
	lo, hi int
	rerr   error   // the first error r returned, io.EOF included
	inPool *[]byte // in's buffer as the pool hands it out

	out      []byte // repaired output not yet handed out: out[olo:ohi]
	olo, ohi int
	outPool  *[]byte // out's buffer as the pool hands it out, if it does

	done bool  // nothing more will be repaired
	err  error // why: nil for the end of the input

	// While WriteTo runs: its destination, what it took, and the error it
	// returned; borrowed says in is a slice handed to sourceWriter.Write.
	dst      io.Writer
	total    int64
	werr     error
	borrowed bool
}

// The input buffer's size, and the least size of the output buffer, which is
// also the shortest caller buffer Read repairs into directly: below it the
// output goes through Reader's own buffer.
const (
	readerBufSize = 16 << 10
	readerOutSize = 4 << 10
)

// Buffers go back to a pool when a stream ends, so that a program reading
// many short streams does not allocate and clear 16 KiB for each.
var (
	inBufs  = sync.Pool{New: func() any { b := make([]byte, readerBufSize); return &b }}
	outBufs = sync.Pool{New: func() any { b := make([]byte, readerOutSize); return &b }}
)

// errNoProgress is returned when the Transformer can use neither the input
// buffer nor the output buffer, which the buffer sizes rule out.
var errNoProgress = errors.New("utf8x: Reader made no progress")

// NewReader returns a Reader that reads from r and repairs what it reads.
// Under Strict, Read returns the valid prefix of the input, then an *Error.
func NewReader(r io.Reader, p Policy, b BOMPolicy) *Reader {
	return &Reader{t: Transformer{policy: p, bom: b}, r: r}
}

// Fixed returns the number of ill-formed subparts handled so far.
func (r *Reader) Fixed() int64 { return r.t.Fixed() }

// Read implements io.Reader.
func (r *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if r.olo < r.ohi {
			n := copy(p, r.out[r.olo:r.ohi])
			r.olo += n
			return n, nil
		}
		if r.done {
			r.release()
			return 0, r.final()
		}
		if r.lo < r.hi || r.rerr != nil {
			direct := len(p) >= len(r.outBuf())
			dst := p
			if !direct {
				dst = r.outBuf()
			}
			n, more := r.repair(dst)
			if n > 0 {
				if direct {
					return n, nil
				}
				r.olo, r.ohi = 0, n
				continue
			}
			if !more {
				continue
			}
		}
		r.fill()
	}
}

// WriteTo implements io.WriterTo: it writes the repaired rest of the input to
// w. Valid text goes from the input buffer to w as it is. When the source is
// a *bytes.Reader or *bytes.Buffer, their own WriteTo hands over their bytes
// and these serve as the input buffer, so valid text is not copied at all.
func (r *Reader) WriteTo(w io.Writer) (int64, error) {
	r.dst, r.total = w, 0
	defer func() { r.dst = nil }()
	if r.lo == r.hi && r.rerr == nil && !r.done {
		if src := directSource(r.r); src != nil {
			sw := sourceWriter{r}
			_, err := src.WriteTo(sw)
			r.unborrow()
			switch {
			case r.werr != nil:
				err, r.werr = r.werr, nil
				return r.total, err
			case r.done:
			case err == nil:
				r.rerr = io.EOF // what the source's next Read would say
			default:
				return r.total, err
			}
		}
	}
	for {
		if err := r.drain(); err != nil {
			return r.total, err
		}
		if r.done {
			r.release()
			if err := r.final(); err != io.EOF {
				return r.total, err
			}
			return r.total, nil
		}
		r.fill()
	}
}

// directSource returns r if WriteTo should take its bytes through its own
// WriteTo: only sources whose WriteTo is one Write of what they hold, so
// that the Reader sees the same reads as from their Read, and its output, its
// calls to w and its state after an error are those of the buffered path.
// os.File and the like may splice instead. A variable for the tests.
var directSource = func(r io.Reader) io.WriterTo {
	switch s := r.(type) {
	case *bytes.Reader:
		return s
	case *bytes.Buffer:
		return s
	}
	return nil
}

// write writes b to the destination of WriteTo and counts what it took.
func (r *Reader) write(b []byte) error {
	n, err := r.dst.Write(b)
	r.total += int64(n)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	return err
}

// drain writes out what the input buffer and the output buffer hold, until
// the stream is done, a write fails (its error is returned) or more input is
// needed.
func (r *Reader) drain() error {
	for {
		if r.olo < r.ohi {
			if err := r.write(r.out[r.olo:r.ohi]); err != nil {
				return err
			}
			r.olo = r.ohi
		}
		if r.done {
			return nil
		}
		if r.lo < r.hi || r.rerr != nil {
			n, size, _, err := r.t.span(r.in[r.lo:r.hi], r.rerr == io.EOF)
			if n > 0 {
				werr := r.write(r.in[r.lo : r.lo+n])
				r.lo += n
				if werr != nil {
					return werr
				}
			}
			switch {
			case size > 0 && r.t.policy.action != ActionStrict && !r.t.clustered():
				// A lone ill-formed subpart: what replaces it goes
				// through the output buffer, and the next Span goes on
				// after it, without the Transformer's set-up.
				bad := r.in[r.lo : r.lo+size]
				r.lo += size
				r.olo, r.ohi = 0, len(r.t.skipInvalid(r.outBuf()[:0], bad))
				continue
			case err == transform.ErrEndOfSpan:
				// Only the ill-formed subparts go through the output
				// buffer: the valid run after them is the next Span's.
				m, more := r.repairStop(r.outBuf(), true)
				r.olo, r.ohi = 0, m
				if m > 0 || !more {
					continue
				}
			case (err == nil || err == transform.ErrShortSrc) && r.rerr != nil:
				// The input is over: nothing left, or (after a read error)
				// a sequence cut short that only the read error explains.
				r.finish(nil)
				continue
			case err != nil && err != transform.ErrShortSrc:
				r.finish(err)
				continue
			}
		}
		return nil
	}
}

// errStop tells a source's WriteTo that the Reader's stream is done (Strict
// found an error); WriteTo never returns it.
var errStop = errors.New("utf8x: Reader stream done")

// sourceWriter is what WriteTo hands to its source's WriteTo: each Write
// takes the place of the source's Reads. Where fill would read into an
// empty input buffer, the written slice itself is the input buffer, cut to
// the same size, so valid text goes from it to the destination uncopied;
// what is left in it when Write returns (a sequence cut short, or the rest
// after a failed write) is copied into the Reader's own buffer.
type sourceWriter struct{ r *Reader }

func (s sourceWriter) Write(p []byte) (int, error) {
	r := s.r
	off := 0
	defer r.unborrow()
	for {
		if err := r.drain(); err != nil {
			r.werr = err
			return off, err
		}
		if r.done {
			return off, errStop
		}
		if off == len(p) {
			return off, nil
		}
		// As fill, with p[off:] as what the source's Read gives.
		if r.lo == r.hi {
			n := min(len(p)-off, readerBufSize)
			r.in, r.lo, r.hi, r.borrowed = p[off:off+n:off+n], 0, n, true
			off += n
			continue
		}
		if left := r.hi - r.lo; r.borrowed && left < readerBufSize {
			// What is left (a character cut by the read) is p[off-left:off]
			// itself: fill would move it to the front and read after it,
			// which is p from there, so p is borrowed again from it,
			// rather than the next read being copied behind a copy of it.
			start := off - left
			n := min(len(p)-start, readerBufSize)
			r.in, r.lo, r.hi = p[start:start+n:start+n], 0, n
			off = start + n
			continue
		}
		r.unborrow()
		if r.lo > 0 {
			r.hi = copy(r.in, r.in[r.lo:r.hi])
			r.lo = 0
		}
		if r.hi == len(r.in) {
			r.finish(errNoProgress)
			continue
		}
		n := copy(r.in[r.hi:], p[off:])
		r.hi += n
		off += n
	}
}

// unborrow makes the input buffer the Reader's own again, with what is left
// in the borrowed one.
func (r *Reader) unborrow() {
	if !r.borrowed {
		return
	}
	r.borrowed = false
	left := r.in[r.lo:r.hi]
	if r.inPool == nil {
		r.inPool = inBufs.Get().(*[]byte)
	}
	r.in = *r.inPool
	r.lo, r.hi = 0, copy(r.in, left)
}

// repair runs the Transformer from the input buffer into dst. It returns the
// bytes written, and more == true when the Transformer needs more input to go
// on; otherwise the call made progress or ended the stream.
func (r *Reader) repair(dst []byte) (n int, more bool) { return r.repairStop(dst, false) }

// repairStop is repair; with stop set it stops at the first valid run after
// the ill-formed subparts at the start of the input (see transform).
func (r *Reader) repairStop(dst []byte, stop bool) (n int, more bool) {
	nDst, nSrc, err := r.t.transform(dst, r.in[r.lo:r.hi], r.rerr == io.EOF, stop)
	r.lo += nSrc
	switch {
	case err == nil:
		// All the input is repaired: the stream ends with the reader's.
		if r.rerr != nil {
			r.finish(nil)
			return nDst, false
		}
		return nDst, true
	case err == transform.ErrShortDst:
		if nDst == 0 && nSrc == 0 && len(dst) >= len(r.outBuf()) {
			r.finish(errNoProgress)
		}
		return nDst, false
	case err == transform.ErrShortSrc && r.rerr == nil:
		return nDst, true
	case err == transform.ErrShortSrc && r.rerr != io.EOF:
		// A read error ends the stream with a sequence still cut short:
		// the read error is what Read reports, as transform.Reader does.
		r.finish(nil)
		return nDst, false
	}
	r.finish(err)
	return nDst, false
}

// fill reads more input, first moving what is left to the front.
func (r *Reader) fill() {
	if r.in == nil {
		r.inPool = inBufs.Get().(*[]byte)
		r.in = *r.inPool
	}
	if r.lo > 0 {
		r.hi = copy(r.in, r.in[r.lo:r.hi])
		r.lo = 0
	}
	if r.rerr != nil {
		// Nothing more will come: the Transformer said it needs more, so
		// the stream is over.
		r.finish(nil)
		return
	}
	if r.hi == len(r.in) {
		r.finish(errNoProgress)
		return
	}
	n, err := r.r.Read(r.in[r.hi:])
	r.hi += n
	r.rerr = err
}

// outBuf returns the output buffer, big enough for a byte order mark and
// what the longest ill-formed subpart becomes, whatever the replacement text.
func (r *Reader) outBuf() []byte {
	if r.out == nil {
		if n := len(BOM) + r.t.policy.maxInvalidLen(UTFMax); n > readerOutSize {
			r.out = make([]byte, n)
		} else {
			r.outPool = outBufs.Get().(*[]byte)
			r.out = *r.outPool
		}
	}
	return r.out
}

// finish ends the stream with the Transformer's error err, or with nil when
// the input ended (cleanly or with a read error).
func (r *Reader) finish(err error) {
	r.done, r.err = true, err
	r.borrowed = false
	// The input buffer is no longer read; the output buffer may still hold
	// output to hand out, and goes back once that is done (release).
	if r.inPool != nil {
		inBufs.Put(r.inPool)
		r.inPool, r.in, r.lo, r.hi = nil, nil, 0, 0
	}
}

// release returns the output buffer to its pool once the stream is over and
// the output drained.
func (r *Reader) release() {
	if r.out != nil && r.done && r.olo == r.ohi {
		if r.outPool != nil {
			outBufs.Put(r.outPool)
		}
		r.outPool, r.out, r.olo, r.ohi = nil, nil, 0, 0
	}
}

// final is the error Read returns once the output is drained: the read
// error, else the Transformer's error, else io.EOF.
func (r *Reader) final() error {
	switch {
	case r.rerr != nil && r.rerr != io.EOF:
		return r.rerr // a read error wins, as in transform.Reader
	case r.err != nil:
		return r.err
	}
	return io.EOF
}
