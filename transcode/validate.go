package transcode

import (
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Validation in any encoding, so that callers can ask whether bytes are
// well-formed CESU-8, WTF-8, ... without converting them. Well-formed means
// what the encoding's decoder accepts: a lone surrogate is well-formed WTF-8
// and 0x7FFFFFFF well-formed legacy UTF-8, even though neither converts to
// UTF-8.

// FirstInvalid returns the offset, length and kind of the first unit of p
// that is ill-formed in e. When there is none, n is 0 and off is len(p), or,
// when atEOF is false and p ends with the beginning of a unit that more input
// could complete, the offset of that beginning: a caller reading a stream
// passes p[off:] again with what follows. For UTF-16 and UTF-32, p is the
// start of the input, whose signature picks the byte order, or without one
// its first 512 bytes (see the package documentation). For the multi-byte
// encodings, which are read in order from the start, p is the start of the
// input too.
func (e Encoding) FirstInvalid(p []byte, atEOF bool) (off, n int, kind utf8x.ErrorKind) {
	f := e.form()
	if f.codec != nil {
		return codecFirstInvalid(f.codec, p, atEOF)
	}
	if f.auto != nil {
		f, off, _ = sniff(f, p, true, e.order)
	}
	shortcut := hasValidPrefix(f)
	unitsTo := 0 // up to here units are decoded one at a time (unitSpan)
	for off < len(p) {
		if shortcut && off >= unitsTo {
			k := validPrefix(f, p[off:])
			if off += k; off == len(p) {
				break
			}
			if k < unitSpan {
				unitsTo = off + unitSpan
			}
		}
		if asciiUnit(f, p[off]) {
			off++
			continue
		}
		_, n, kind = f.decode(p[off:], atEOF)
		if n == 0 || kind != 0 {
			return off, n, kind
		}
		off += n
	}
	return off, 0, 0
}

// Valid reports whether p, a whole input, is well-formed in e.
func (e Encoding) Valid(p []byte) bool {
	_, n, _ := e.FirstInvalid(p, true)
	return n == 0
}

// Validate returns nil when p, a whole input, is well-formed in e, and
// otherwise an *Error describing its first ill-formed unit.
func (e Encoding) Validate(p []byte) error {
	off, n, kind := e.FirstInvalid(p, true)
	if n == 0 {
		return nil
	}
	return newError(e.form(), p, off, n, kind)
}

// RuneCount returns the number of characters in p, read as e: a surrogate
// pair of CESU-8 counts as one, as does each lone surrogate of WTF-8 and each
// ill-formed unit. A unit cut off at the end of p counts as one.
func (e Encoding) RuneCount(p []byte) int {
	f := e.form()
	if f.codec != nil {
		return codecRuneCount(f.codec, p)
	}
	off := 0
	if f.auto != nil {
		f, off, _ = sniff(f, p, true, e.order)
	}
	count := 0
	shortcut := hasValidPrefix(f)
	unitsTo := 0 // as in FirstInvalid
	for off < len(p) {
		if shortcut && off >= unitsTo {
			k := validPrefix(f, p[off:])
			count += utf8x.RuneCount(p[off : off+k])
			if off += k; off == len(p) {
				break
			}
			if k < unitSpan {
				unitsTo = off + unitSpan
			}
		}
		n := 1
		if !asciiUnit(f, p[off]) {
			_, n, _ = f.decode(p[off:], true)
		}
		off += n
		count++
	}
	return count
}

// asciiUnit reports whether b, the first byte of a unit in form f, is a
// well-formed unit of one byte by itself: an ASCII character in the forms
// that write ASCII as itself, but for the 00 of modified UTF-8.
func asciiUnit(f *form, b byte) bool {
	return b < utf8x.RuneSelf && (f.ascii || f.id == mutf8ID && b != 0)
}

// hasValidPrefix reports whether validPrefix has a shortcut for form f.
func hasValidPrefix(f *form) bool {
	switch f.id {
	case utf8ID, wtf8ID, legacyID, cesu8ID, mutf8ID:
		return true
	}
	return false
}

// validPrefix returns the length of the longest prefix of p that is valid
// UTF-8 and reads the same, character by character, in form f; 0 when f has
// no such shortcut (hasValidPrefix). A switch on the form's id, not a
// function value, so that p does not escape: the compiler sees every call.
func validPrefix(f *form, p []byte) int {
	switch f.id {
	case utf8ID, wtf8ID, legacyID:
		return utf8Prefix(p)
	case cesu8ID:
		return bmpPrefix(p, false)
	case mutf8ID:
		return bmpPrefix(p, true)
	}
	return 0
}

func utf8Prefix(p []byte) int {
	off, _, _ := utf8x.FirstInvalid(p)
	return off
}

// bmpWindow and bmpWindowMax are the first and the largest window the
// CESU-8 and modified UTF-8 kernels validate at once: the windows double from
// a few blocks, so that a call that stops early (at a fault, which the
// caller then takes one unit at a time) has not validated far past it, and
// stay small enough that a window validated and then copied is read from
// the nearest cache the second time.
const (
	bmpWindow    = 256
	bmpWindowMax = 16 << 10
)

// bmpSplit returns the length k of the longest prefix of w that is valid
// UTF-8, and whether w[:k] reads the same in CESU-8 (no 4-byte sequence) or,
// with nul, in modified UTF-8 (no 4-byte sequence and no 00 either). One
// pass of the validation kernel counts characters and UTF-16 units (equal
// when no character takes 4 bytes) and sees NULs; the kernel may stop a
// block short of a fault, and the scalar reference finds it from there.
func bmpSplit(w []byte, nul bool) (k int, clean bool) {
	var runes, units int
	var marks utf8kernel.Marks
	if nul {
		k, runes, units, _, marks = utf8kernel.ValidCountNUL(w)
	} else {
		k, runes, units = utf8kernel.ValidRunes(w)
	}
	clean = runes == units && marks&utf8kernel.NUL == 0
	if k < len(w) {
		if e := utf8Prefix(w[k:]); e > 0 {
			clean = clean && stopIndex(w[k:k+e], nul) == e
			k += e
		}
	}
	return k, clean
}

// cutByWindow reports whether the validation of a window that ends at end,
// short of the input's end n, stopped at k only because the window cuts a
// character: the next window then starts with it.
func cutByWindow(k, windowLen, end, n int) bool {
	return k > 0 && end < n && windowLen-k < utf8x.UTFMax
}

// bmpPrefix is utf8Prefix stopped at the first 4-byte sequence, or, with
// nul, at the first 00: the longest prefix of p that reads the same in
// UTF-8 and in CESU-8 (or modified UTF-8).
func bmpPrefix(p []byte, nul bool) int {
	n, window := 0, bmpWindow
	for n < len(p) {
		end := min(len(p), n+window)
		window = min(2*window, bmpWindowMax)
		w := p[n:end]
		k, clean := bmpSplit(w, nul)
		if !clean {
			return n + stopIndex(w[:k], nul)
		}
		n += k
		if k < len(w) && !cutByWindow(k, len(w), end, len(p)) {
			return n
		}
	}
	return n
}
