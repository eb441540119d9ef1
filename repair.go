package utf8x

import (
	"slices"
	"unsafe"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// Repair: making any input valid UTF-8 under a Policy.
//
// Every function here walks the input as valid runs separated by ill-formed
// maximal subparts. The runs are validated and copied in bulk by one kernel
// pass (then the scalar reference for the last few bytes), so on valid input
// the cost is about one validation pass: nothing is decoded character by
// character.

// AppendValid appends src to dst with each ill-formed maximal subpart handled
// by p, and returns the extended buffer and the number of subparts p handled.
// It does not allocate when dst has room for the result; when it must grow dst
// it makes room for all of src at once.
//
// Under Strict it stops at the first ill-formed subpart: dst then holds the
// valid prefix of src, n is 0 and err is an *Error whose Offset is relative to
// src. Every other policy returns a nil error and a valid result.
func AppendValid(dst, src []byte, p Policy) (out []byte, n int, err error) {
	return appendValid(dst, src, p)
}

// AppendValidString is like AppendValid but its input is a string.
func AppendValidString(dst []byte, src string, p Policy) (out []byte, n int, err error) {
	return appendValid(dst, bytesOf(src), p)
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
	buf, n, err := repairFrom(b, off, p)
	// buf is never seen again, so the string may share its memory.
	return unsafe.String(unsafe.SliceData(buf), len(buf)), n, err
}

// ToValid is like ToValidString but its input and output are byte slices:
// src with each ill-formed maximal subpart handled by p, and the number of
// subparts p handled. The output is always a new slice, as
// bytes.ToValidUTF8's is: a copy of src when src is valid. Under Strict it is
// the valid prefix of src, and err an *Error for the first ill-formed subpart.
func ToValid(src []byte, p Policy) (out []byte, n int, err error) {
	off, _, _ := firstInvalid(src)
	if off == len(src) {
		return append(make([]byte, 0, len(src)), src...), 0, nil
	}
	return repairFrom(src, off, p)
}

// repairFrom returns b, whose first off bytes are valid, with each
// ill-formed maximal subpart handled by p, in a new slice.
func repairFrom(b []byte, off int, p Policy) (buf []byte, n int, err error) {
	// The result is allocated once, at its size (at least the input's,
	// which appendValid wants free for the rest of its input): a buffer
	// that had to grow would cost a second allocation and copy, and every
	// run after the output outgrew its input would be validated and
	// copied in two passes (appendRun wants room for all of its input),
	// which made ToValidString of text with an error every KiB 3 to 10
	// times slower than copying the string. Counting costs one more
	// validation pass over what follows the first error, far less than
	// either. The output only grows by appending, so no prefix of it is
	// longer than the whole, and with the room counted every run of an
	// output that grows fits whole.
	size := len(b)
	if p.action != ActionStrict {
		size = max(size, off+repairedLen(b[off:], p))
	}
	buf = make([]byte, 0, size)
	buf = append(buf, b[:off]...)
	buf, n, err = appendValid(buf, b[off:], p)
	if e, ok := err.(*Error); ok {
		e.Offset += off
	}
	return buf, n, err
}

// repairedLen returns the length of what appendValid writes for b under p,
// which is not Strict.
func repairedLen(b []byte, p Policy) int {
	n := len(b)
	off, size, _ := firstInvalid(b)
	for size > 0 {
		n += p.invalidLen(b[off:off+size]) - size
		b = b[off+size:]
		off, size, _ = nextInvalid(b)
	}
	return n
}

// appendValid is AppendValid on b, which may view a string's bytes: it only reads them.
func appendValid(dst, b []byte, p Policy) ([]byte, int, error) {
	if free := cap(dst) - len(dst); free < len(b) {
		dst = slices.Grow(dst, len(b))
	}
	n, base := 0, 0
	var off, size int
	var kind ErrorKind
	// Replace writes the same bytes for every subpart: fetched once here,
	// not through AppendInvalid's switch per error.
	var repl string
	if p.action == ActionReplace {
		repl = p.Replacement()
	}
	dst, off, size, kind = appendRun(dst, b)
	for {
		if size == 0 {
			return dst, n, nil
		}
		at := base + off
		if p.action == ActionStrict {
			return dst, 0, newError(b, at, size, kind)
		}
		if repl != "" {
			dst = append(dst, repl...)
		} else {
			dst = p.AppendInvalid(dst, b[at:at+size])
		}
		n++
		base = at + size
		if off < probeLen {
			dst, off, size, kind = appendNext(dst, b[base:])
		} else {
			dst, off, size, kind = appendRun(dst, b[base:])
		}
	}
}

// probeLen is how far appendNext looks with the scalar decoder before it
// calls the kernel: about what a kernel call costs in scalar steps. It is
// also the clustering test: only an error that followed the one before it
// within probeLen bytes is followed by a probe. Errors further apart go
// straight to the kernel, where a probe would find nothing at the cost of a
// scalar look (evenly spaced errors, 64 bytes and more apart, repaired at
// half the speed of kernel calls alone with a probe after each).
const probeLen = 32

// probe decodes up to probeLen bytes of b one by one. Errors come in clusters
// (a broken sequence, a run of Windows-1252), and a kernel call costs more than
// a scalar look at a few bytes, so this is how the input just after an
// ill-formed subpart is read. It returns the first ill-formed subpart found
// (offset, length, kind), or, with kind 0, how far it got.
func probe(b []byte) (i, size int, kind ErrorKind) {
	lim := min(len(b), probeLen)
	for i < lim {
		c := b[i]
		if c < RuneSelf {
			i++
			continue
		}
		// A well-formed character is stepped over here, checked as
		// decode checks it but without building the rune, which costs
		// a call and as much again as the check; anything else is
		// left to decode, which says what is wrong.
		if x := first[c]; x >= 0x10 {
			n := int(x >> 4)
			if ar := acceptRanges[x&0xF]; i+n <= len(b) && ar.lo <= b[i+1] && b[i+1] <= ar.hi &&
				(n < 3 || b[i+2]&0xC0 == 0x80) && (n < 4 || b[i+3]&0xC0 == 0x80) {
				i += n
				continue
			}
		}
		_, size, kind = decode(b[i:])
		if kind != 0 {
			return i, size, kind
		}
		i += size
	}
	return i, 0, 0
}

// appendNext is appendRun for the input just after an ill-formed subpart.
func appendNext(dst, b []byte) ([]byte, int, int, ErrorKind) {
	i, size, kind := probe(b)
	dst = append(dst, b[:i]...)
	if kind != 0 || i == len(b) {
		return dst, i, size, kind
	}
	dst, off, n, kind := appendRun(dst, b[i:])
	return dst, i + off, n, kind
}

// nextInvalid is firstInvalid for the input just after an ill-formed subpart,
// with probe's scalar look-ahead, for callers that do not copy.
func nextInvalid(b []byte) (off, n int, kind ErrorKind) {
	i, size, kind := probe(b)
	if kind != 0 || i == len(b) {
		return i, size, kind
	}
	off, n, kind = firstInvalid(b[i:])
	return i + off, n, kind
}

// appendRun appends the valid prefix of b to dst and returns the first
// ill-formed subpart as firstInvalid does. The kernel validates and copies in
// one pass, so each byte is read once, where validating then copying would
// read it twice; the scalar reference finishes from where the kernel stopped.
// appendValid makes room for all of its input first, so only output that has
// outgrown its input takes the two-pass path.
func appendRun(dst, b []byte) ([]byte, int, int, ErrorKind) {
	free := dst[len(dst):cap(dst)]
	if len(free) < len(b) || overlap(free[:len(b)], b) {
		// The kernel needs room for all of b, where the run may be short
		// and fit (growing here could allocate where AppendValid promises
		// not to), and it reads ahead of what it writes, where memmove
		// copes with overlap. Validate, then copy.
		off, size, kind := firstInvalid(b)
		return append(dst, b[:off]...), off, size, kind
	}
	k := utf8kernel.ValidCopy(free, b)
	dst = dst[:len(dst)+k]
	if k == len(b) {
		return dst, k, 0, 0
	}
	off, size, kind := scanFrom(b, k)
	return append(dst, b[k:off]...), off, size, kind
}

// overlap reports whether a and b share memory.
func overlap(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	pa, pb := uintptr(unsafe.Pointer(unsafe.SliceData(a))), uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	return pa < pb+uintptr(len(b)) && pb < pa+uintptr(len(a))
}
