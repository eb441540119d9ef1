package transcode

import "github.com/utf8x/utf8x"

// Validation in any encoding, so that utf8x check --encoding and callers can
// ask whether bytes are well-formed CESU-8, WTF-8, ... without converting
// them. Well-formed means what the encoding's decoder accepts: a lone
// surrogate is well-formed WTF-8 and 0x7FFFFFFF well-formed legacy UTF-8,
// even though neither converts to UTF-8.

// FirstInvalid returns the offset, length and kind of the first unit of p
// that is ill-formed in e. When there is none, n is 0 and off is len(p), or,
// when atEOF is false and p ends with the beginning of a unit that more input
// could complete, the offset of that beginning: a caller reading a stream
// passes p[off:] again with what follows. For UTF-16 and UTF-32, p is the
// start of the input, whose signature picks the byte order, or without one
// its first 512 bytes (see the package documentation).
func (e Encoding) FirstInvalid(p []byte, atEOF bool) (off, n int, kind utf8x.ErrorKind) {
	f := e.form()
	if f.auto != nil {
		f, off, _ = sniff(f, p, true)
	}
	shortcut := hasValidPrefix(f)
	for off < len(p) {
		if shortcut {
			if off += validPrefix(f, p[off:]); off == len(p) {
				break
			}
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
	off := 0
	if f.auto != nil {
		f, off, _ = sniff(f, p, true)
	}
	count := 0
	shortcut := hasValidPrefix(f)
	for off < len(p) {
		if shortcut {
			k := validPrefix(f, p[off:])
			count += utf8x.RuneCount(p[off : off+k])
			if off += k; off == len(p) {
				break
			}
		}
		_, n, _ := f.decode(p[off:], true)
		off += n
		count++
	}
	return count
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
		return bmpPrefix(p, 0xF0)
	case mutf8ID:
		return bmpPrefix(p, 0x00)
	}
	return 0
}

func utf8Prefix(p []byte) int {
	off, _, _ := utf8x.FirstInvalid(p)
	return off
}

// bmpPrefix is utf8Prefix stopped at the first 4-byte sequence, or at nul.
// It works a window at a time, the windows growing from a few bytes, so that
// the work stays proportional to the prefix whether it ends at a stop byte or
// at an invalid one: callers meet one at every supplementary character.
func bmpPrefix(p []byte, nul byte) int {
	n, window := 0, 16
	for n < len(p) {
		w := p[n:min(len(p), n+window)]
		window = min(2*window, 4096)
		cut := n+len(w) < len(p) // the window may end inside a character
		for i, b := range w {
			if b >= 0xF0 || b == nul { // never inside a valid character
				w, cut = w[:i], false
				break
			}
		}
		k := utf8Prefix(w)
		n += k
		switch {
		case k == len(w) && cut:
		case cut && k > 0 && len(w)-k < utf8x.UTFMax:
			// a character cut by the window: the next window starts with it
		default:
			return n
		}
	}
	return n
}
