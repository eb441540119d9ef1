package transcode

import (
	"errors"

	"github.com/utf8x/utf8x"
)

// Ranges: converting one piece of a larger input so that the pieces' outputs,
// put end to end, are the output of converting the whole.
//
// A range owns the units of the input whose first byte lies in it: for UTF-8
// the characters and ill-formed maximal subparts (utf8x.RangeBounds), for
// UTF-16 the 2-byte code units counted from the start of the input, a
// surrogate pair going with its high half, for UTF-32 the 4-byte units, for
// ISO-8859-1 and Windows-1252 the bytes. Finding them takes at most
// utf8x.RangeContext (3) bytes before the range and as many after it.

// errRangeForm is returned by AppendRange for input encodings whose units a
// range cannot find on its own.
var errRangeForm = errors.New("transcode: AppendRange needs input in UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or a single-byte encoding")

// errRangeStateful is returned by AppendRange for a target with shift
// states (Encoding.IsStateful).
var errRangeStateful = errors.New("transcode: AppendRange cannot write an encoding with shift states (ISO-2022-JP, ISO-2022-KR, HZ-GB-2312)")

// AppendRange converts the range src[start:end] of a larger input, of which
// src is a window starting at input offset base (0 when src is the whole
// input), and appends the result to dst. It converts exactly the units the
// range owns, input offsets [from, to): the units whose first byte lies in the
// range, finishing one that end cuts and skipping the rest of one that start
// cuts. So converting the ranges of any cut of an input, each on its own (in
// other goroutines, processes or machines), and putting the outputs end to
// end gives the bytes Append gives for the whole, and the Fixed counts after
// each call sum to its Fixed. Under Strict, the whole's error is that of the
// first range that returns one, with the same input offset, and the whole's
// output is everything before it.
//
// The range that starts the input (from == 0, and to > 0 unless the input is
// empty) writes what belongs to the start of a stream: the target's signature
// and what the BOM policy adds or strips; the others do not. (So an empty
// input must be converted as one range: each empty range of it would write
// the start of a stream.)
//
// The window must hold the utf8x.RangeContext bytes before start unless base
// is 0, and the utf8x.RangeContext bytes after end unless src ends where the input does. The input encoding
// must be UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or a single-byte
// encoding (IsSingleByte), the output one without shift states (not
// IsStateful): UTF-16 and UTF-32 take their byte order from a signature
// that only the first range sees, and the variant forms of UTF-8 have units a
// range cannot find on its own.
func (c *Converter) AppendRange(dst, src []byte, base, start, end int) (out []byte, from, to int, err error) {
	if base < 0 || start < 0 || start > end || end > len(src) {
		return dst, 0, 0, errors.New("transcode: AppendRange: need 0 <= base, 0 <= start <= end <= len(src)")
	}
	if base > 0 && start < utf8x.RangeContext {
		return dst, 0, 0, utf8x.ErrRangeWindow
	}
	if c.policy.UTF8Only() && c.from != utf8Form {
		return dst, 0, 0, errUTF8Only
	}
	if c.same {
		return c.appendRepairRange(dst, src, base, start, end)
	}
	if c.to.codec != nil && c.to.codec.stateful {
		return dst, 0, 0, errRangeStateful
	}
	f, t, ok := rangeBounds(c.from, src, base, start, end)
	if !ok {
		return dst, 0, 0, errRangeForm
	}
	c.Reset()
	c.pos = int64(base + f)
	if base+f != 0 || t == 0 && len(src) > 0 {
		c.stage = stageBody
	}
	relative := false
	if ch := c.chain; ch != nil {
		// Before a codec's encoder the conversion runs in the chain's
		// middle stage, which must know as much; the encoder counts the
		// UTF-8 it is given, which is the input when that is UTF-8. From
		// UTF-8 the middle stage is the root package's repair, which
		// counts from its own start and does the BOM step there: after the
		// first range, one that keeps the mark stands in for it.
		if ch.mid != nil {
			ch.mid.pos, ch.mid.stage = c.pos, c.stage
			if ch.mid.same && c.stage == stageBody {
				saved := ch.mid.rep
				ch.mid.rep = *utf8x.NewTransformer(c.policy, utf8x.BOMKeep)
				defer func() { ch.mid.rep = saved }()
				relative = true
			}
		}
		if ch.enc != nil {
			ch.enc.pos = c.pos
		}
		if ch.track != nil {
			// The encoder counts the middle stage's output from c.pos:
			// the tracker's output counts from there too, its input
			// from the range's first byte.
			ch.track.inPos, ch.track.outPos = c.pos, c.pos
		}
		ch.consumed, ch.body = c.pos, c.stage == stageBody
	}
	own := src[f:t]
	var n int
	dst, n, err = c.appendChunk(dst, own, false)
	if err == nil && n < len(own) {
		// The last unit may look unfinished on its own; the range's end
		// is a unit boundary, so it is finished, as it would be at the end
		// of the input.
		dst, _, err = c.appendChunk(dst, own[n:], true)
	}
	if e, ok := err.(*Error); ok && relative && e.Kind != utf8x.Unrepresentable {
		e.Offset += base + f
	}
	if e, ok := err.(*Error); ok && c.from == utf8Form && e.Kind != utf8x.Unrepresentable {
		// Seen alone, an ill-formed lead at the end of the range reads as
		// truncated; the byte after it, in the window, gives the kind the
		// whole input has.
		_, _, e.Kind = utf8x.Decode(src[e.Offset-base:])
	}
	return dst, base + f, base + t, err
}

// appendRepairRange is AppendRange from UTF-8 to UTF-8: the root package's
// utf8x.AppendValidRange, after the BOM step when the range starts the input.
func (c *Converter) appendRepairRange(dst, src []byte, base, start, end int) (out []byte, from, to int, err error) {
	f, t := utf8x.RangeBounds(src, start, end)
	c.Reset()
	if base+f == 0 && (t > 0 || len(src) == 0) {
		// The range that starts the input: the unit it owns first is the
		// signature if there is one, so it is stripped by moving start past
		// it (f is 0, base too).
		switch had := utf8x.HasBOM(src[f:t]); {
		case had && !c.bom.Output(true):
			start = len(utf8x.BOM)
			end = max(end, start)
		case !had && c.bom.Output(false):
			dst = append(dst, utf8x.BOM...)
		}
	}
	var n int
	dst, n, err = utf8x.AppendValidRange(dst, src, base, start, end, c.policy)
	c.fixed = int64(n)
	c.pos = int64(base + t)
	if err != nil {
		err = fromUTF8Error(err)
		if e, ok := err.(*Error); ok {
			c.pos = int64(e.Offset)
		}
	}
	return dst, base + f, base + t, err
}

// rangeBounds returns the part src[from:to] that the range src[start:end]
// owns, for input form f; ok is false for the forms it cannot tell.
func rangeBounds(f *form, src []byte, base, start, end int) (from, to int, ok bool) {
	switch f {
	case utf8Form:
		from, to = utf8x.RangeBounds(src, start, end)
		return from, to, true
	case latin1Form, cp1252Form, asciiForm:
		return start, end, true
	case utf16LEForm:
		return utf16Bound(src, base, start, false), utf16Bound(src, base, end, false), true
	case utf16BEForm:
		return utf16Bound(src, base, start, true), utf16Bound(src, base, end, true), true
	case utf32LEForm, utf32BEForm:
		return alignUp(src, base, start, 4), alignUp(src, base, end, 4), true
	}
	if f.sb != nil || f.full != nil {
		return start, end, true
	}
	return 0, 0, false
}

// alignUp returns the first offset at or after i that starts a unit of size
// bytes counted from the start of the input, or len(src) if src ends first
// (only where the input does, with a last incomplete unit).
func alignUp(src []byte, base, i, size int) int {
	if r := (base + i) % size; r != 0 {
		i += size - r
	}
	return min(i, len(src))
}

// utf16Bound returns the first unit boundary at or after i: a 2-byte code
// unit boundary that does not split a surrogate pair, nor a high surrogate
// from the last odd byte after it. The byte order is a bool, be, not a
// binary.ByteOrder: a call through an interface would make src escape.
func utf16Bound(src []byte, base, i int, be bool) int {
	i = alignUp(src, base, i, 2)
	if i >= 2 && i+1 == len(src) && isHighSurrogate(get16(src[i-2:], be)) {
		// A high surrogate and the input's last odd byte are one unit (one
		// U+FFFD), owned by the range that holds the surrogate. The window
		// holds RangeContext (3) bytes past any range, so only the input ends here.
		return len(src)
	}
	if i >= 2 && i+2 <= len(src) {
		hi, lo := get16(src[i-2:], be), get16(src[i:], be)
		if 0xD800 <= hi && hi < 0xDC00 && 0xDC00 <= lo && lo <= 0xDFFF {
			i += 2
		}
	}
	return i
}

func isHighSurrogate(u uint16) bool { return 0xD800 <= u && u < 0xDC00 }
