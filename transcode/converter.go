package transcode

import (
	"errors"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
	"golang.org/x/text/transform"
)

// Converter converts a stream from one encoding to another. It is a
// golang.org/x/text/transform.Transformer, so it works with transform.NewReader,
// transform.NewWriter, transform.String and transform.Bytes, in constant memory.
//
// However the input is cut into chunks, the output is byte for byte that of
// Append on the whole input: a unit cut in two is held back until the next
// chunk or the end of the input decides it. When dst has little room left,
// Transform may consume input whose output does not all fit; it keeps the
// rest, at most 512 bytes, and writes it first on the next call (which
// returns ErrShortDst until it is all out), so that the vector kernels, not
// the per-unit code, fill the end of every buffer.
//
// Under Strict, Transform stops at the first unit it cannot convert and returns
// an *Error whose Offset counts every byte of the stream since the last Reset,
// a consumed byte order mark included.
type Converter struct {
	from, to *form
	policy   utf8x.Policy
	bom      utf8x.BOMPolicy
	order    ByteOrder // for UTF-16 and UTF-32 input without a signature
	// The Replace policy's text in the target form (see replacement): in
	// replBuf when it fits, so that a Converter made for one call (as
	// AppendEncode makes one) allocates nothing; else in repl.
	repl    []byte
	replBuf [16]byte
	replN   int

	out *form // to, or for UTF-16 and UTF-32 the byte order written after the signature

	src   *form // from, or the byte order its signature picked
	stage uint8
	pos   int64 // input bytes consumed since Reset
	fixed int64 // units the policy handled since Reset

	scratch []byte // for writeText, made when first needed

	// same is set from UTF-8 to UTF-8, which is repair: rep, the root
	// package's engine, does all of it, so that utf8x fix and convert from
	// UTF-8 to UTF-8 run the same code.
	same bool
	rep  utf8x.Transformer

	// lossy is the accelerated conversion from lossyFrom to out that body
	// runs lossyAccelerate with under Replace, Skip and Escape (lossyOK),
	// found once per source form rather than once per call of Transform.
	lossyFrom *form
	lossy     conv
	lossyOK   bool

	// chain converts instead when a multi-byte codec is on either side.
	chain *codecChain

	// pend[pendLo:pendHi] is output of input already consumed, written by
	// a vector kernel into pend because dst had too little room left for
	// the kernel (see stream); Transform writes it first on its next call.
	pend           [pendLen]byte
	pendLo, pendHi uint16
	// noPend keeps every call's output that of its own input (no pend),
	// for a codecChain that places errors by replaying the calls.
	noPend bool
}

// pendLen is the room stream gives a vector kernel when dst has less, and
// pendWindow the input it converts there at a time: every kernel converts
// at least one 64-byte block of input into pendLen bytes (UTF-8 to UTF-32,
// the most growth, needs 256).
const (
	pendLen    = 512
	pendWindow = 128
)

// The stages of a stream: its signature, its first character, the rest.
const (
	stageSignature = iota
	stageHead
	stageBody
)

var _ transform.Transformer = (*Converter)(nil)

// errUTF8Only is returned when a policy that reads stray bytes as a legacy
// encoding (CP1252, Latin1) meets input that is not UTF-8.
var errUTF8Only = errors.New("transcode: the cp1252 and latin1 policies apply only to UTF-8 input")

// NewConverter returns a Converter from one encoding to another. The policy p
// handles each ill-formed unit of the input and each character the target
// cannot represent; the BOM policy b handles a byte order mark at the start
// (see the package documentation). The policies held by from and to are not
// used.
func NewConverter(from, to Encoding, p utf8x.Policy, b utf8x.BOMPolicy) *Converter {
	c := new(Converter)
	c.init(from.form(), to.form(), p, b)
	c.order = from.order
	if c.chain != nil && c.chain.mid != nil {
		c.chain.mid.order = from.order
	}
	return c
}

func (c *Converter) init(from, to *form, p utf8x.Policy, b utf8x.BOMPolicy) {
	*c = Converter{from: from, to: to, out: to, policy: p, bom: b, src: from}
	if to.auto != nil {
		c.out = to.auto[little]
	}
	if p.Action() == utf8x.ActionReplace && c.out.codec == nil {
		s := p.Replacement()
		if utf8.RuneCountInString(s)*c.out.maxLen <= len(c.replBuf) {
			c.replN = encodeRunes(c.replBuf[:], c.out, []byte(s))
		} else {
			c.repl = encodeText(nil, c.out, s)
		}
	}
	if from == utf8Form && to == utf8Form {
		c.same, c.rep = true, *utf8x.NewTransformer(p, b)
	}
	if from.codec != nil || to.codec != nil {
		c.chain = newCodecChain(from, to, p, b)
	}
}

// replacement returns the Replace policy's text in the target form.
func (c *Converter) replacement() []byte {
	if c.repl != nil {
		return c.repl
	}
	return c.replBuf[:c.replN]
}

// Reset makes the Converter ready for a new stream.
func (c *Converter) Reset() {
	c.src, c.stage, c.pos, c.fixed = c.from, stageSignature, 0, 0
	c.pendLo, c.pendHi = 0, 0
	c.rep.Reset()
	if c.chain != nil {
		c.chain.reset()
	}
}

// Source returns the encoding c reads, with c's policies. For UTF-16 and
// UTF-32 it is, once the start of the input has been converted, the byte
// order the signature or the text picked (UTF16LE, UTF16BE, UTF32LE or
// UTF32BE); before that, and for every other encoding, the source encoding
// c was made with.
func (c *Converter) Source() Encoding { return Encoding{f: c.src, policy: c.policy, bom: c.bom} }

// Offset returns the number of input bytes consumed since the last Reset.
func (c *Converter) Offset() int64 { return c.pos }

// Fixed returns the number of units the policy replaced, skipped or escaped
// since the last Reset.
func (c *Converter) Fixed() int64 {
	if c.chain != nil {
		return c.chain.fixed()
	}
	return c.fixed
}

// Transform implements transform.Transformer.
func (c *Converter) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if c.chain != nil {
		if c.policy.UTF8Only() && c.from != utf8Form {
			return 0, 0, errUTF8Only
		}
		nDst, nSrc, err = c.chain.transform(dst, src, atEOF)
		c.pos += int64(nSrc)
		return nDst, nSrc, err
	}
	if c.same {
		nDst, nSrc, err = c.rep.Transform(dst, src, atEOF)
		c.pos, c.fixed = c.rep.Offset(), c.rep.Fixed()
		return nDst, nSrc, fromUTF8Error(err)
	}
	if c.pendLo < c.pendHi {
		nDst = c.emit(dst, c.pend[c.pendLo:c.pendHi])
		c.pendLo += uint16(nDst)
		if c.pendLo < c.pendHi {
			return nDst, 0, transform.ErrShortDst
		}
		c.pendLo, c.pendHi = 0, 0
	}
	d, nSrc, err := c.transform(dst[nDst:], src, atEOF)
	c.pos += int64(nSrc)
	return nDst + d, nSrc, err
}

// Append converts all of src, a whole stream, appends the result to dst and
// returns the extended buffer. It resets c first. It does not allocate when dst
// has room for the result. Under Strict, on error, dst holds the conversion of
// the input before the offending unit.
func (c *Converter) Append(dst, src []byte) ([]byte, error) {
	c.Reset()
	if k := c.kernel(); k.vectored() && c.plainStart() {
		// Straight to the kernels, into the room dst has, as appendStrict
		// does: Transform's layers (signature, stage, pending output,
		// body, stream) took ~430 instructions a call beside the kernel's,
		// this ~250 (cachegrind, 512 bytes of UTF-16LE to UTF-32LE): the
		// ~20 ns were 2% of a call on 40 KB of it (the lipsum files), where
		// simdutf's entry point costs ~2 ns. Whatever the kernels leave (an
		// error, a full dst) goes on through Transform from there.
		n := len(dst)
		d, s := accelerate(dst[n:cap(dst)], src, k)
		dst, src = dst[:n+d], src[s:]
		c.stage, c.pos = stageBody, int64(s)
		if len(src) == 0 {
			return dst, nil
		}
	}
	for {
		n := len(dst)
		d, s, err := c.Transform(dst[n:cap(dst)], src, true)
		dst = dst[:n+d]
		src = src[s:]
		if err != transform.ErrShortDst {
			return dst, err
		}
		// Room for the worst case of well-formed input at once, so that big
		// inputs grow dst once and no more than they need (UTF-8 to UTF-16
		// at most doubles, UTF-16 to UTF-8 grows by half). What a policy
		// writes for one unit can outgrow that guess (an escaped 6-byte unit
		// is 24 characters, 96 bytes of UTF-32), so when the room already
		// there did not let one unit through, double it: every round then
		// either converts input or doubles the room, and the loop ends.
		num, den := growth(c.src, c.out)
		room := max((len(src)*num+den-1)/den+len(c.to.bom), 4*len(c.replacement()), 64)
		if d == 0 && s == 0 {
			room = max(room, 2*(cap(dst)-len(dst)))
		}
		dst = slices.Grow(dst, room)
	}
}

// plainStart reports whether a stream's start takes nothing of Transform but
// body: no chain or repair engine, no signature to read or write, BOMKeep,
// and no UTF8Only policy to refuse the source.
func (c *Converter) plainStart() bool {
	return c.chain == nil && !c.same && c.from.auto == nil && c.to.auto == nil &&
		c.bom == utf8x.BOMKeep && !(c.policy.UTF8Only() && c.from != utf8Form)
}

func (c *Converter) transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if c.stage == stageSignature {
		if c.policy.UTF8Only() && c.from != utf8Form {
			return 0, 0, errUTF8Only
		}
		f, n, ok := sniff(c.from, src, atEOF, c.order)
		if !ok {
			return 0, 0, transform.ErrShortSrc
		}
		if c.to.auto != nil {
			if len(dst) < len(c.to.bom) {
				return 0, 0, transform.ErrShortDst
			}
			nDst = copy(dst, c.to.bom)
		}
		c.src, nSrc = f, n
		c.stage = stageHead
		if c.bom == utf8x.BOMKeep {
			c.stage = stageBody
		}
	}
	if c.stage == stageHead {
		var (
			r    rune
			n    int
			kind utf8x.ErrorKind
		)
		if nSrc < len(src) {
			r, n, kind = c.src.decode(src[nSrc:], atEOF)
		}
		if n == 0 && !atEOF {
			return nDst, nSrc, transform.ErrShortSrc
		}
		had := n > 0 && kind == 0 && r == 0xFEFF
		want := c.bom.Output(had)
		switch {
		case had && !want, had && c.to.auto != nil:
			// Under BOMAdd the signature UTF-16 and UTF-32 have just
			// written is the one mark the output gets.
			nSrc += n
		case !had && want && c.to.auto == nil && c.to.bom != "":
			// A signature already written by UTF-16 or UTF-32 is the BOM.
			if len(dst)-nDst < len(c.to.bom) {
				return nDst, nSrc, transform.ErrShortDst
			}
			nDst += copy(dst[nDst:], c.to.bom)
		}
		c.stage = stageBody
	}
	return c.body(dst, src, nDst, nSrc, atEOF)
}

// sniff reads the signature of a form whose byte order it picks, and without
// one takes order, or for GuessOrder guesses it from the text (guessOrder).
// It returns the form to read the rest with and the signature's length, or
// ok == false when src is too short to tell.
func sniff(f *form, src []byte, atEOF bool, order ByteOrder) (_ *form, n int, ok bool) {
	if f.auto == nil {
		return f, 0, true
	}
	short := false
	for _, g := range f.auto {
		switch {
		case len(src) >= len(g.bom) && string(src[:len(g.bom)]) == g.bom:
			return g, len(g.bom), true
		case len(src) < len(g.bom) && string(src) == g.bom[:len(src)]:
			short = true
		}
	}
	switch {
	case short && !atEOF:
		return nil, 0, false
	case order == BigEndian:
		return f.auto[big], 0, true
	case order == LittleEndian:
		return f.auto[little], 0, true
	case len(src) < guessLen && !atEOF:
		// No signature: the order is guessed from the first guessLen bytes,
		// all of them, so that every way of cutting the stream agrees.
		return nil, 0, false
	}
	unit := 4
	if isUTF16(f) {
		unit = 2
	}
	return f.auto[guessOrder(src, unit)], 0, true
}

// body converts from src[nSrc:] to dst[nDst:], a kernel taking the well-formed
// runs and the loop below everything else, one unit at a time.
func (c *Converter) body(dst, src []byte, nDst, nSrc int, atEOF bool) (int, int, error) {
	k := c.kernel()
	if a := c.policy.Action(); k != noConv && (a == utf8x.ActionReplace || a == utf8x.ActionSkip || a == utf8x.ActionEscape) {
		if c.lossyFrom != c.src {
			c.lossyFrom = c.src
			c.lossy, c.lossyOK = convFor(c.src, c.out)
		}
		if c.lossyOK {
			d, s := c.lossyAccelerate(dst[nDst:], src[nSrc:], c.lossy, atEOF)
			nDst += d
			nSrc += s
		}
	}
	for nSrc < len(src) {
		if k != noConv {
			d, s, full := c.stream(k, dst[nDst:], src[nSrc:])
			nDst += d
			nSrc += s
			if full {
				return nDst, nSrc, transform.ErrShortDst
			}
			if nSrc == len(src) {
				break
			}
		}
		r, n, kind := c.decodeUnit(src[nSrc:], atEOF)
		if n == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if kind == 0 {
			w := c.encodeUnit(dst[nDst:], r)
			if w > 0 {
				nDst += w
				nSrc += n
				continue
			}
			if w == 0 {
				return nDst, nSrc, transform.ErrShortDst
			}
		}
		// An ill-formed unit, or r cannot be represented: the policy decides.
		w, err := c.handle(dst[nDst:], src, nSrc, n, r, kind)
		if err != nil {
			return nDst, nSrc, err
		}
		nDst += w
		nSrc += n
		c.fixed++
	}
	return nDst, nSrc, nil
}

// stream is k.run for Transform, which is called with the small buffers of
// a stream (transform.Reader's and Writer's are 4 KiB): there a vector
// kernel stops short of the end of dst at every call, where dst has less
// room left than the kernel wants for a whole block of the worst case, and
// the scalar kernel filling those last bytes cost as much as the vector
// kernel's whole 4 KiB. Instead the vector kernel converts the next window
// of src into c.pend; what fits goes into dst and the rest waits in c.pend
// for the next call (full reports that, dst being full). Every kernel's
// output is the scalar kernel's, so the bytes out are the same; only more
// input is consumed before they are all written.
func (c *Converter) stream(k conv, dst, src []byte) (nDst, nSrc int, full bool) {
	if c.noPend || !k.vectored() || !convkernel.Enabled() || len(src) < k.minLen() {
		d, s := k.run(dst, src)
		return d, s, false
	}
	minLen := k.minLen()
	i, j := 0, 0
	// direct: the kernel may go on straight into dst; cleared when it
	// stopped there, so that a dst too short for its next block is not
	// offered to it again before the scalar kernel has moved on.
	direct := true
	for {
		if rest := len(src) - i; rest < minLen && rest >= padMin {
			d, s, full := c.tail(k, dst[j:], src[i:])
			i += s
			j += d
			if full || i == len(src) {
				return j, i, full
			}
		}
		if len(src)-i >= minLen {
			if direct {
				// Into dst as long as it has room for whole blocks (all
				// of it, for text that grows no more than the worst case
				// the kernel allows for).
				d, s := k.vector(dst[j:], src[i:])
				i += s
				j += d
				if i == len(src) {
					return j, i, false
				}
				direct = false
			}
			if len(dst)-j < pendLen && len(src)-i >= minLen {
				d, s := k.vector(c.pend[:], src[i:min(len(src), i+pendWindow)])
				if s > 0 {
					n := c.emit(dst[j:], c.pend[:d])
					i += s
					j += n
					if n < d {
						c.pendLo, c.pendHi = uint16(n), uint16(d)
						return j, i, true
					}
					if i == len(src) {
						return j, i, false
					}
					continue
				}
			}
		}
		// The kernel stopped at a block it has no path for, or src has
		// less than a block left: the scalar kernel takes a window.
		end := min(len(src), i+scalarStep)
		d, s := k.scalar(dst[j:], src[i:end])
		i += s
		j += d
		direct = true
		if i == len(src) || s == 0 {
			return j, i, false
		}
	}
}

// emit copies the longest prefix of out, converted text, that fits in dst
// and ends on a character boundary, as the per-unit code's output always
// does (callers count what each call writes as text), and returns its
// length.
func (c *Converter) emit(dst, out []byte) int {
	if len(out) > len(dst) {
		out = out[:wholeChars(c.out, out[:len(dst)])]
	}
	return copy(dst, out)
}

// padMin is the shortest end of src that stream gives a vector kernel,
// padded to a whole block: below it the scalar kernel is as fast.
const padMin = 16

// tail converts the whole characters of src, shorter than a block, with the
// vector kernel: on a block holding them and then NULs, into c.pend, whose
// output it then cuts back by the NULs' (each one unit in and one out). The
// end of every 4 KiB chunk of a stream, and half of each of
// transform.String's 128-byte chunks, would otherwise go to the scalar
// kernel. Output that dst cannot take waits in c.pend (full), as in stream.
func (c *Converter) tail(k conv, dst, src []byte) (nDst, nSrc int, full bool) {
	n := wholeChars(c.src, src)
	if n < padMin {
		return 0, 0, false
	}
	var block [convkernel.MinLen]byte
	copy(block[:], src[:n])
	d, s := k.vector(c.pend[:], block[:])
	if s > n { // NULs of the padding
		d -= (s - n) / max(c.src.unit, 1) * max(c.out.unit, 1)
		s = n
	}
	m := c.emit(dst, c.pend[:d])
	if m < d {
		c.pendLo, c.pendHi = uint16(m), uint16(d)
		return m, s, true
	}
	return m, s, false
}

// wholeChars returns the length of the longest prefix of p, in form f, that
// a character cut by the end of p does not reach into; ill-formed input is
// left to the kernels, which stop before it. It returns 0 for the forms
// without vector kernels, which are neither the source nor the target of
// the conversions stream runs.
func wholeChars(f *form, p []byte) int {
	switch f {
	case utf8Form:
		// The last lead byte, at most 3 bytes back, and whether its
		// sequence fits.
		for back := 1; back <= min(4, len(p)); back++ {
			b := p[len(p)-back]
			if b < 0x80 {
				return len(p)
			}
			if b >= 0xC0 {
				need := 2
				if b >= 0xF0 {
					need = 4
				} else if b >= 0xE0 {
					need = 3
				}
				if need > back {
					return len(p) - back
				}
				return len(p)
			}
		}
		return len(p)
	case utf16LEForm, utf16BEForm:
		n := len(p) &^ 1
		hi := n - 1 // the high byte of the last unit
		if f == utf16BEForm {
			hi = n - 2
		}
		if n >= 2 && p[hi]&0xFC == 0xD8 { // a high surrogate
			n -= 2
		}
		return n
	case utf32LEForm, utf32BEForm:
		return len(p) &^ 3
	case latin1Form, cp1252Form:
		return len(p)
	}
	return 0
}

// useKernels is turned off by tests to compare the kernels with the per-unit
// code, the reference.
var useKernels = true

// handle applies the policy to src[at:at+n], an ill-formed unit of the kind
// given, or the character r that the target cannot represent when kind is 0.
// It writes the result at the start of dst and returns its length, or
// ErrShortDst when it does not fit.
func (c *Converter) handle(dst, src []byte, at, n int, r rune, kind utf8x.ErrorKind) (int, error) {
	bad := src[at : at+n]
	switch a := c.policy.Action(); {
	case a == utf8x.ActionReplace:
		repl := c.replacement()
		if len(repl) > len(dst) {
			return 0, transform.ErrShortDst
		}
		return copy(dst, repl), nil
	case a == utf8x.ActionSkip:
		return 0, nil
	case a == utf8x.ActionEscape || (kind != 0 && a != utf8x.ActionStrict):
		var text [32]byte // the longest: a 6-byte unit as 24 characters
		return c.writeText(dst, c.policy.AppendInvalid(text[:0], bad))
	case kind != 0:
		e := newError(c.src, src, at, n, kind)
		e.Offset += int(c.pos)
		return 0, e
	case a == utf8x.ActionHTML:
		return c.writeText(dst, appendCharRef(nil, r))
	}
	// Strict, and the byte-reading policies, which have no bytes to read here.
	e := newUnrepresentable(c.to, src, at, n, r)
	e.Offset += int(c.pos)
	return 0, e
}

// kernel picks the fast path for the pair of forms, if there is one.
func (c *Converter) kernel() conv {
	switch {
	case !useKernels:
		return noConv
	case c.src == utf8Form:
		return c.out.fromUTF8
	case c.out == utf8Form:
		return c.src.toUTF8
	}
	return pairKernel(c.src, c.out)
}

// String describes the conversion, as in "UTF-16 to UTF-8 (replace, bom strip)".
func (c *Converter) String() string {
	return fmt.Sprintf("%s to %s (%s, bom %s)", c.from, c.to, c.policy, c.bom)
}
