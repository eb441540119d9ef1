// Package convkernel holds the vector kernels of package transcode: fast
// paths for the hot conversions between UTF-8 and UTF-16, UTF-32,
// ISO-8859-1 and Windows-1252, and between UTF-16 and UTF-32. The scalar code in transcode is the reference; everything here
// is an accelerator whose output must agree with it. SingleByte (its own
// contract, in singlebyte.go) is the exception: a whole converter, kernels
// and portable code, for every single-byte encoding over ASCII.
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
// No kernel keeps a reference to its arguments, and dispatch is a switch on a
// set id rather than a call through a function value, so that dst and src do
// not escape: a caller converting between stack buffers does not allocate.
//
// # Kernel sets and how an architecture adds its own
//
// One kernel set is chosen at start-up from the CPU's features by the registry
// of internal/kernelset; Use forces another, for tests and benchmarks. The portable
// set converts nothing: the scalar code in transcode is the portable
// implementation. An architecture's vector sets live in one file,
// convkernel_GOARCH.go (build constraint !purego), beside the generated
// convkernel_GOARCH.s and stubs_GOARCH.go (arm64's assembly is written by
// hand), and that file provides archSets, its sets best first, each a
// kernelset.Set[impl]: the name, the kernelset.Level of CPU features it needs, and an
// impl holding a set id unique within the file (not 0, the portable set) and
// its Latin-1 threshold.
//
// The arch functions, one per conversion (archLatin1ToUTF8, ...,
// archUTF32BEToUTF16BE), a switch on the set id calling that set's kernel and
// returning (0, 0) for a set without one, are generated from one table
// (internal/gen/dispatch) into dispatch_amd64.go, dispatch_arm64.go and
// dispatch_other.go, the last for the purego build and the architectures
// without vector sets, whose archSets (convkernel_other.go) is empty. The
// single-byte kernels' arch functions are in singlebyte_GOARCH.go.
//
// The vector sets exist only on little-endian machines so far, where a
// []uint16 is UTF-16LE in memory (see UTF8ToUnits).
package convkernel

//go:generate sh -c "cd ../gen && go run ./convkernel && go run ./dispatch"

import (
	"unsafe"

	"github.com/utf8x/utf8x/internal/kernelset"
)

// setID names a kernel set in the arch functions' switches; 0 is portable.
type setID uint8

// impl is what the entry points need of a kernel set.
type impl struct {
	id setID
	// latin1Min is the input length from which the Latin-1 kernels, which
	// convert a short tail too, beat the scalar code; the others need MinLen.
	latin1Min int
}

// portable leaves everything to the caller's scalar code.
var portable = kernelset.Set[impl]{Name: "go", Needs: kernelset.Portable}

// active is the impl of the set in use, which the registry keeps in step,
// so that the entry points read one variable. Its zero value, before the
// registry is made, dispatches to the portable code.
var active impl

var registry = kernelset.MakeRegistry(&active, archSets, portable)

// MinLen is the shortest input, in bytes, that the UTF-16 and UTF-32 kernels
// convert anything of: a caller may skip the call below it.
const MinLen = 64

// Latin1MinLen is the input length below which the caller's scalar code is
// at least as fast as the Latin-1 kernels (Latin1ToUTF8, UTF8ToLatin1) of the
// set in use, which may convert shorter inputs too.
func Latin1MinLen() int { return active.latin1Min }

// Enabled reports whether the kernel set in use converts anything at all, so
// that callers can skip the calls when it does not.
func Enabled() bool { return active.id != portable.Impl.id }

// Kernels lists the names of every kernel set compiled into this binary, best
// first, whether or not this CPU can run it.
func Kernels() []string { return registry.Names() }

// Active returns the name of the kernel set in use.
func Active() string { return registry.Active().Name }

// Supported reports whether name is a kernel set compiled into this binary
// that this CPU can run, and if not, what it lacks: "unknown kernel set" or
// the CPU feature level it needs.
func Supported(name string) (ok bool, lacks string) { return registry.Supported(name) }

// Use switches every kernel to the named set, for tests and benchmarks that
// must exercise each one. It reports false, changing nothing, when the name is
// unknown or this CPU cannot run that set. It is not safe to call while other
// goroutines use the package.
func Use(name string) bool { return registry.Use(name) }

// Reset restores the kernel set chosen at start-up.
func Reset() { registry.Reset() }

// Latin1ToUTF8 converts a prefix of src, ISO-8859-1, to UTF-8.
func Latin1ToUTF8(dst, src []byte) (nDst, nSrc int) { return archLatin1ToUTF8(active.id, dst, src) }

// UTF8ToLatin1 converts a prefix of src, UTF-8, to ISO-8859-1. It stops before
// ill-formed input and characters above U+00FF.
func UTF8ToLatin1(dst, src []byte) (nDst, nSrc int) { return archUTF8ToLatin1(active.id, dst, src) }

// UTF8ToUTF16LE converts a prefix of src, UTF-8, to UTF-16LE.
func UTF8ToUTF16LE(dst, src []byte) (nDst, nSrc int) { return archUTF8ToUTF16LE(active.id, dst, src) }

// UTF8ToUTF16BE converts a prefix of src, UTF-8, to UTF-16BE.
func UTF8ToUTF16BE(dst, src []byte) (nDst, nSrc int) { return archUTF8ToUTF16BE(active.id, dst, src) }

// UTF8ToUTF32LE converts a prefix of src, UTF-8, to UTF-32LE.
func UTF8ToUTF32LE(dst, src []byte) (nDst, nSrc int) { return archUTF8ToUTF32LE(active.id, dst, src) }

// UTF8ToUTF32BE converts a prefix of src, UTF-8, to UTF-32BE.
func UTF8ToUTF32BE(dst, src []byte) (nDst, nSrc int) { return archUTF8ToUTF32BE(active.id, dst, src) }

// UTF16LEToUTF8 converts a prefix of src, UTF-16LE, to UTF-8. nSrc is even.
func UTF16LEToUTF8(dst, src []byte) (nDst, nSrc int) { return archUTF16LEToUTF8(active.id, dst, src) }

// UTF16BEToUTF8 converts a prefix of src, UTF-16BE, to UTF-8. nSrc is even.
func UTF16BEToUTF8(dst, src []byte) (nDst, nSrc int) { return archUTF16BEToUTF8(active.id, dst, src) }

// The vector sets exist only on little-endian machines (amd64), where a
// []uint16 is UTF-16LE in memory; on others the portable set converts nothing
// and the reinterpretation below is never reached with a non-empty result.

// UTF8ToUnits converts a prefix of src, UTF-8, to UTF-16 code units and
// returns the units written and the bytes read.
func UTF8ToUnits(dst []uint16, src []byte) (nDst, nSrc int) {
	if !Enabled() {
		return 0, 0
	}
	d := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(dst))), 2*len(dst))
	n, s := archUTF8ToUTF16LE(active.id, d, src)
	return n / 2, s
}

// UnitsToUTF8 converts a prefix of src, UTF-16 code units, to UTF-8 and
// returns the bytes written and the units read.
func UnitsToUTF8(dst []byte, src []uint16) (nDst, nSrc int) {
	if !Enabled() {
		return 0, 0
	}
	s := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(src))), 2*len(src))
	d, n := archUTF16LEToUTF8(active.id, dst, s)
	return d, n / 2
}

// UTF32LEToUTF8 converts a prefix of src, UTF-32LE, to UTF-8. nSrc is a
// multiple of 4. It stops before surrogate code points and values above
// U+10FFFF.
func UTF32LEToUTF8(dst, src []byte) (nDst, nSrc int) { return archUTF32LEToUTF8(active.id, dst, src) }

// UTF32BEToUTF8 is like UTF32LEToUTF8 but reads UTF-32BE.
func UTF32BEToUTF8(dst, src []byte) (nDst, nSrc int) { return archUTF32BEToUTF8(active.id, dst, src) }

// CP1252ToUTF8 converts a prefix of src, Windows-1252 (the WHATWG reading of
// internal/cp1252), to UTF-8.
func CP1252ToUTF8(dst, src []byte) (nDst, nSrc int) { return archCP1252ToUTF8(active.id, dst, src) }

// UTF8ToCP1252 converts a prefix of src, UTF-8, to Windows-1252. It stops
// before ill-formed input and before any character outside ASCII and
// U+00A0..U+00FF: the rest of Windows-1252 is left to the scalar code.
func UTF8ToCP1252(dst, src []byte) (nDst, nSrc int) { return archUTF8ToCP1252(active.id, dst, src) }

// UTF16LEToBE converts a prefix of src, UTF-16LE, to UTF-16BE. nSrc is even.
// It stops before lone surrogates.
func UTF16LEToBE(dst, src []byte) (nDst, nSrc int) { return archUTF16LEToBE(active.id, dst, src) }

// UTF16BEToLE is like UTF16LEToBE the other way.
func UTF16BEToLE(dst, src []byte) (nDst, nSrc int) { return archUTF16BEToLE(active.id, dst, src) }

// UTF32LEToBE converts a prefix of src, UTF-32LE, to UTF-32BE. nSrc is a
// multiple of 4. It stops before surrogate code points and values above
// U+10FFFF.
func UTF32LEToBE(dst, src []byte) (nDst, nSrc int) { return archUTF32LEToBE(active.id, dst, src) }

// UTF32BEToLE is like UTF32LEToBE the other way.
func UTF32BEToLE(dst, src []byte) (nDst, nSrc int) { return archUTF32BEToLE(active.id, dst, src) }

// UTF16LEToUTF32LE converts a prefix of src, UTF-16LE, to UTF-32LE. It may
// stop before surrogates, which the caller's scalar code converts.
func UTF16LEToUTF32LE(dst, src []byte) (nDst, nSrc int) {
	return archUTF16LEToUTF32LE(active.id, dst, src)
}

// UTF16LEToUTF32BE converts a prefix of src, UTF-16LE, to UTF-32BE. It may
// stop before surrogates, which the caller's scalar code converts.
func UTF16LEToUTF32BE(dst, src []byte) (nDst, nSrc int) {
	return archUTF16LEToUTF32BE(active.id, dst, src)
}

// UTF16BEToUTF32LE converts a prefix of src, UTF-16BE, to UTF-32LE. It may
// stop before surrogates, which the caller's scalar code converts.
func UTF16BEToUTF32LE(dst, src []byte) (nDst, nSrc int) {
	return archUTF16BEToUTF32LE(active.id, dst, src)
}

// UTF16BEToUTF32BE converts a prefix of src, UTF-16BE, to UTF-32BE. It may
// stop before surrogates, which the caller's scalar code converts.
func UTF16BEToUTF32BE(dst, src []byte) (nDst, nSrc int) {
	return archUTF16BEToUTF32BE(active.id, dst, src)
}

// UTF32LEToUTF16LE converts a prefix of src, UTF-32LE, to UTF-16LE. It may
// stop before values above U+FFFF, which the caller's scalar code converts.
func UTF32LEToUTF16LE(dst, src []byte) (nDst, nSrc int) {
	return archUTF32LEToUTF16LE(active.id, dst, src)
}

// UTF32LEToUTF16BE converts a prefix of src, UTF-32LE, to UTF-16BE. It may
// stop before values above U+FFFF, which the caller's scalar code converts.
func UTF32LEToUTF16BE(dst, src []byte) (nDst, nSrc int) {
	return archUTF32LEToUTF16BE(active.id, dst, src)
}

// UTF32BEToUTF16LE converts a prefix of src, UTF-32BE, to UTF-16LE. It may
// stop before values above U+FFFF, which the caller's scalar code converts.
func UTF32BEToUTF16LE(dst, src []byte) (nDst, nSrc int) {
	return archUTF32BEToUTF16LE(active.id, dst, src)
}

// UTF32BEToUTF16BE converts a prefix of src, UTF-32BE, to UTF-16BE. It may
// stop before values above U+FFFF, which the caller's scalar code converts.
func UTF32BEToUTF16BE(dst, src []byte) (nDst, nSrc int) {
	return archUTF32BEToUTF16BE(active.id, dst, src)
}
