// Package transkernel holds the vector kernels of package transcode: fast
// paths for the hot conversions between UTF-8 and UTF-16, UTF-32 and
// ISO-8859-1. The scalar code in transcode is the reference; everything here
// is an accelerator whose output must agree with it.
//
// Contract shared by every kernel: it converts a prefix of src into dst and
// returns (nDst, nSrc), the bytes written and read. src[:nSrc] is well formed
// and ends on a character boundary, dst[:nDst] is its exact conversion, and
// the kernel never reads or writes outside src and dst (it may write into
// dst[nDst:] as scratch). It may stop anywhere, (0, 0) included: at a block
// holding an error or a character it has no vector path for, or where src or
// dst gets too short for a whole block. The caller carries on from there one
// character at a time and calls the kernel again later.
//
// One kernel set is chosen at start-up from the CPU's features; Use forces
// another, for tests and benchmarks. The portable set converts nothing: the
// scalar code in transcode is the portable implementation.
package transkernel

import "unsafe"

// impl is one complete set of kernels.
type impl struct {
	name      string
	vector    bool
	supported func() bool
	// latin1Min is the input length from which the Latin-1 kernels, which
	// convert a short tail too, beat the scalar code; the others need MinLen.
	latin1Min int

	latin1ToUTF8  func(dst, src []byte) (int, int)
	utf8ToLatin1  func(dst, src []byte) (int, int)
	utf8ToUTF16LE func(dst, src []byte) (int, int)
	utf8ToUTF16BE func(dst, src []byte) (int, int)
	utf8ToUTF32LE func(dst, src []byte) (int, int)
	utf8ToUTF32BE func(dst, src []byte) (int, int)
	utf16LEToUTF8 func(dst, src []byte) (int, int)
	utf16BEToUTF8 func(dst, src []byte) (int, int)
}

func none(dst, src []byte) (int, int) { return 0, 0 }

// portable leaves everything to the caller's scalar code.
var portable = impl{
	name:          "go",
	supported:     func() bool { return true },
	latin1ToUTF8:  none,
	utf8ToLatin1:  none,
	utf8ToUTF16LE: none,
	utf8ToUTF16BE: none,
	utf8ToUTF32LE: none,
	utf8ToUTF32BE: none,
	utf16LEToUTF8: none,
	utf16BEToUTF8: none,
}

// MinLen is the shortest input, in bytes, that the UTF-16 and UTF-32 kernels
// convert anything of: a caller may skip the call below it.
const MinLen = 64

// Latin1MinLen is the input length below which the caller's scalar code is
// at least as fast as the Latin-1 kernels (Latin1ToUTF8, UTF8ToLatin1) of the
// set in use, which may convert shorter inputs too.
func Latin1MinLen() int { return active.latin1Min }

// active is chosen once, at package initialisation, as the first supported
// entry of impls (best first).
var active = pick()

func pick() impl {
	for _, k := range impls {
		if k.supported() {
			return k
		}
	}
	return portable
}

// Enabled reports whether the kernel set in use converts anything at all, so
// that callers can skip the calls when it does not.
func Enabled() bool { return active.vector }

// Kernels lists the names of every kernel set compiled into this binary, best
// first, whether or not this CPU can run it.
func Kernels() []string {
	names := make([]string, len(impls))
	for i, k := range impls {
		names[i] = k.name
	}
	return names
}

// Active returns the name of the kernel set in use.
func Active() string { return active.name }

// Use switches every kernel to the named set, for tests and benchmarks that
// must exercise each one. It reports false, changing nothing, when the name is
// unknown or this CPU cannot run that set. It is not safe to call while other
// goroutines use the package.
func Use(name string) bool {
	for _, k := range impls {
		if k.name == name {
			if !k.supported() {
				return false
			}
			active = k
			return true
		}
	}
	return false
}

// Reset restores the kernel set chosen at start-up.
func Reset() { active = pick() }

// Latin1ToUTF8 converts a prefix of src, ISO-8859-1, to UTF-8.
func Latin1ToUTF8(dst, src []byte) (nDst, nSrc int) { return active.latin1ToUTF8(dst, src) }

// UTF8ToLatin1 converts a prefix of src, UTF-8, to ISO-8859-1. It stops before
// ill-formed input and characters above U+00FF.
func UTF8ToLatin1(dst, src []byte) (nDst, nSrc int) { return active.utf8ToLatin1(dst, src) }

// UTF8ToUTF16LE converts a prefix of src, UTF-8, to UTF-16LE.
func UTF8ToUTF16LE(dst, src []byte) (nDst, nSrc int) { return active.utf8ToUTF16LE(dst, src) }

// UTF8ToUTF16BE converts a prefix of src, UTF-8, to UTF-16BE.
func UTF8ToUTF16BE(dst, src []byte) (nDst, nSrc int) { return active.utf8ToUTF16BE(dst, src) }

// UTF8ToUTF32LE converts a prefix of src, UTF-8, to UTF-32LE.
func UTF8ToUTF32LE(dst, src []byte) (nDst, nSrc int) { return active.utf8ToUTF32LE(dst, src) }

// UTF8ToUTF32BE converts a prefix of src, UTF-8, to UTF-32BE.
func UTF8ToUTF32BE(dst, src []byte) (nDst, nSrc int) { return active.utf8ToUTF32BE(dst, src) }

// UTF16LEToUTF8 converts a prefix of src, UTF-16LE, to UTF-8. nSrc is even.
func UTF16LEToUTF8(dst, src []byte) (nDst, nSrc int) { return active.utf16LEToUTF8(dst, src) }

// UTF16BEToUTF8 converts a prefix of src, UTF-16BE, to UTF-8. nSrc is even.
func UTF16BEToUTF8(dst, src []byte) (nDst, nSrc int) { return active.utf16BEToUTF8(dst, src) }

// The vector sets exist only on little-endian machines (amd64), where a
// []uint16 is UTF-16LE in memory; on others the portable set converts nothing
// and the reinterpretation below is never reached with a non-empty result.

// UTF8ToUnits converts a prefix of src, UTF-8, to UTF-16 code units and
// returns the units written and the bytes read.
func UTF8ToUnits(dst []uint16, src []byte) (nDst, nSrc int) {
	if !active.vector {
		return 0, 0
	}
	d := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), 2*len(dst))
	n, s := active.utf8ToUTF16LE(d, src)
	return n / 2, s
}

// UnitsToUTF8 converts a prefix of src, UTF-16 code units, to UTF-8 and
// returns the bytes written and the units read.
func UnitsToUTF8(dst []byte, src []uint16) (nDst, nSrc int) {
	if !active.vector {
		return 0, 0
	}
	s := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), 2*len(src))
	d, n := active.utf16LEToUTF8(dst, s)
	return d, n / 2
}
