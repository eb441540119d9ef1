package utf8x

import (
	"slices"
	"unsafe"
)

// Repair: making any input valid UTF-8 under a Policy.
//
// Every function here walks the input as valid runs separated by ill-formed
// maximal subparts. The runs are found by firstInvalid (a kernel, then the
// scalar reference for the last few bytes) and copied in bulk, so on valid
// input the cost is one validation pass plus one copy: nothing is decoded
// character by character.

// AppendValid appends src to dst with each ill-formed maximal subpart handled
// by p, and returns the extended buffer and the number of subparts p handled.
// It does not allocate when dst has room for the result; when it must grow dst
// it makes room for all of src at once.
//
// Under Strict it stops at the first ill-formed subpart: dst then holds the
// valid prefix of src, n is 0 and err is an *Error whose Offset is relative to
// src. Every other policy returns a nil error and a valid result.
func AppendValid(dst, src []byte, p Policy) (out []byte, n int, err error) {
	return appendValid(dst, src, src, p)
}

// AppendValidString is like AppendValid but its input is a string.
func AppendValidString(dst []byte, src string, p Policy) (out []byte, n int, err error) {
	return appendValid(dst, src, bytesOf(src), p)
}

// ToValidString returns s with each ill-formed maximal subpart handled by p,
// and the number of subparts p handled. When s is already valid it returns s
// itself without allocating. Under Strict it returns the valid prefix of s and
// an *Error for the first ill-formed subpart.
//
// ToValidString(s, Replace) differs from strings.ToValidUTF8(s, "\uFFFD") in
// writing one U+FFFD per maximal subpart, as the Unicode Standard recommends,
// where strings.ToValidUTF8 writes one per run of invalid bytes.
func ToValidString(s string, p Policy) (out string, n int, err error) {
	b := bytesOf(s)
	off, _, _ := firstInvalid(b)
	if off == len(b) {
		return s, 0, nil
	}
	buf := make([]byte, 0, len(s)+p.MaxInvalidLen(UTFMax-1))
	buf = append(buf, s[:off]...)
	buf, n, err = appendValid(buf, s[off:], b[off:], p)
	if e, ok := err.(*Error); ok {
		e.Offset += off
	}
	// buf is never seen again, so the string may share its memory.
	return unsafe.String(unsafe.SliceData(buf), len(buf)), n, err
}

// appendValid is AppendValid for either form of input; b views src's bytes.
func appendValid[T text](dst []byte, src T, b []byte, p Policy) ([]byte, int, error) {
	if free := cap(dst) - len(dst); free < len(b) {
		dst = slices.Grow(dst, len(b))
	}
	n, base := 0, 0
	var off, size int
	var kind ErrorKind
	dst, off, size, kind = appendFirstValid(dst, src, b)
	for {
		if base > 0 {
			dst = append(dst, src[base:base+off]...)
		}
		if size == 0 {
			return dst, n, nil
		}
		at := base + off
		if p.action == ActionStrict {
			return dst, 0, newError(b, at, size, kind)
		}
		dst = p.AppendInvalid(dst, b[at:at+size])
		n++
		base = at + size
		off, size, kind = nextInvalid(b[base:])
	}
}

// probeLen is how far nextInvalid looks with the scalar decoder before it
// calls the kernel: about what a kernel call costs in scalar steps.
const probeLen = 32

// nextInvalid is firstInvalid for the input just after an ill-formed subpart.
// Errors come in clusters (a broken sequence, a run of Windows-1252), and a
// kernel call costs more than a scalar look at a few bytes, so the next
// probeLen bytes are decoded one by one before the kernel takes over.
func nextInvalid(b []byte) (off, n int, kind ErrorKind) {
	lim := min(len(b), probeLen)
	i := 0
	for i < lim {
		if b[i] < RuneSelf {
			i++
			continue
		}
		_, size, k := decode(b[i:])
		if k != 0 {
			return i, size, k
		}
		i += size
	}
	if i == len(b) {
		return i, 0, 0
	}
	off, n, kind = firstInvalid(b[i:])
	return i + off, n, kind
}

// copyWindow is how much appendFirstValid validates before it copies: small
// enough that the copy reads from the nearest caches, large enough that a
// kernel call is amortised (16 KiB measured best on the corpus; see
// BENCHMARKS.md).
const copyWindow = 16 << 10

// appendFirstValid appends the valid prefix of src to dst and returns the
// first ill-formed subpart as firstInvalid does. It validates and copies
// window by window so that each copy reads bytes still in cache.
func appendFirstValid[T text](dst []byte, src T, b []byte) ([]byte, int, int, ErrorKind) {
	w := 0
	for {
		end := min(len(b), w+copyWindow)
		off, size, kind := firstInvalid(b[w:end])
		if end < len(b) && (size == 0 || kind == Truncated && off+size == end-w) {
			// valid up to w+off; a sequence cut by the window is looked at again
			dst = append(dst, src[w:w+off]...)
			w += off
			continue
		}
		dst = append(dst, src[w:w+off]...)
		return dst, w + off, size, kind
	}
}
