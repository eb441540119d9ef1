package transcode

import (
	"slices"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
)

// The kernels of the hot conversions pair a vector kernel of
// internal/convkernel, which takes whole 64-byte blocks it can convert, with
// the scalar kernel here, which finishes what the vector kernel leaves: the
// block it stopped at, short tails, errors. Their output is the scalar
// kernel's alone, byte for byte, and so are the places they stop at.

// scalarStep is how much input the scalar kernel converts after each stop of
// the vector kernel before handing back: long enough to get past the block the
// vector kernel refused (a 4-byte character, a surrogate pair, an error) and
// short enough to return to the vector kernel soon in mostly convertible text.
// It is even, so that it cuts UTF-16 on a unit boundary, and at least 8, so
// that a window always holds the first character whole.
const scalarStep = 64

// conv names an accelerated conversion, or a form's kernel (run). What a
// conversion is (its forms, whether and from what length a vector kernel
// runs, how much output its input can make) is its convSpec, one entry of
// convSpecs; its kernels' entry points are reached by a switch on it (run,
// vector, scalar), never through a function value, so that the compiler sees
// every call and the caller's dst and src do not escape: an Append function
// or a Converter converting between stack buffers does not allocate.
// Adding a conversion takes a constant here, its entry in convSpecs, and its
// kernels' cases in those switches.
type conv uint8

const (
	noConv conv = iota // no kernel
	latin1ToUTF8Conv
	utf8ToLatin1Conv
	utf8ToUTF16LEConv
	utf8ToUTF16BEConv
	utf16LEToUTF8Conv
	utf16BEToUTF8Conv
	utf8ToUTF32LEConv
	utf8ToUTF32BEConv
	utf32LEToUTF8Conv
	utf32BEToUTF8Conv
	// Kernels used only as form kernels (see kernel in converter.go), never
	// by appendStrict: they have vector and scalar kernels and nothing else;
	// but for the last two, which appendStrict runs too (Encoding.strict).
	utf16LEToUTF16BEConv
	utf16LEToUTF32LEConv
	utf16LEToUTF32BEConv
	utf16BEToUTF16LEConv
	utf16BEToUTF32LEConv
	utf16BEToUTF32BEConv
	utf32LEToUTF16LEConv
	utf32LEToUTF16BEConv
	utf32LEToUTF32BEConv
	utf32BEToUTF16LEConv
	utf32BEToUTF16BEConv
	utf32BEToUTF32LEConv
	cp1252ToUTF8Conv
	utf8ToCP1252Conv
	// Form kernels without a vector kernel: copies of the longest prefix
	// that reads the same in UTF-8 and the form (see run).
	utf8ToCESU8Conv // UTF-8 to CESU-8 (utf8ToBMPForm)
	cesu8ToUTF8Conv // CESU-8 to UTF-8 (bmpFormToUTF8)
	utf8ToMUTF8Conv // UTF-8 to modified UTF-8
	mutf8ToUTF8Conv // modified UTF-8 to UTF-8
	copyValidConv   // WTF-8, legacy UTF-8: valid UTF-8
	numConvs
)

// convSpec describes a conversion.
type convSpec struct {
	// from and to are the forms it converts between: their per-unit decode
	// and encode carry on where the kernels stop, and name them in errors.
	from, to *form
	// vector is set when a vector kernel of internal/convkernel runs before
	// the scalar kernel (accelerate); latin1 when that kernel's minimum
	// input length is convkernel.Latin1MinLen rather than MinLen.
	vector, latin1 bool
	// halves bounds the output: at most (halves*n+1)/2 bytes for n bytes of
	// input (2: n, 3: UTF-16 to UTF-8, 4: 2n, 6: 3n, 8: 4n).
	halves uint8
}

// convSpecs holds the spec of every conversion named above; the
// single-byte encodings' convs, numbered from sbFullConvBase on, are
// described by their tables (spec).
var convSpecs = [numConvs]convSpec{
	latin1ToUTF8Conv:     {latin1Form, utf8Form, true, true, 4},
	utf8ToLatin1Conv:     {utf8Form, latin1Form, true, true, 2},
	utf8ToUTF16LEConv:    {utf8Form, utf16LEForm, true, false, 4},
	utf8ToUTF16BEConv:    {utf8Form, utf16BEForm, true, false, 4},
	utf16LEToUTF8Conv:    {utf16LEForm, utf8Form, true, false, 3},
	utf16BEToUTF8Conv:    {utf16BEForm, utf8Form, true, false, 3},
	utf8ToUTF32LEConv:    {utf8Form, utf32LEForm, true, false, 8},
	utf8ToUTF32BEConv:    {utf8Form, utf32BEForm, true, false, 8},
	utf32LEToUTF8Conv:    {utf32LEForm, utf8Form, true, false, 2},
	utf32BEToUTF8Conv:    {utf32BEForm, utf8Form, true, false, 2},
	utf16LEToUTF16BEConv: {utf16LEForm, utf16BEForm, true, false, 2},
	utf16LEToUTF32LEConv: {utf16LEForm, utf32LEForm, true, false, 4},
	utf16LEToUTF32BEConv: {utf16LEForm, utf32BEForm, true, false, 4},
	utf16BEToUTF16LEConv: {utf16BEForm, utf16LEForm, true, false, 2},
	utf16BEToUTF32LEConv: {utf16BEForm, utf32LEForm, true, false, 4},
	utf16BEToUTF32BEConv: {utf16BEForm, utf32BEForm, true, false, 4},
	utf32LEToUTF16LEConv: {utf32LEForm, utf16LEForm, true, false, 2},
	utf32LEToUTF16BEConv: {utf32LEForm, utf16BEForm, true, false, 2},
	utf32LEToUTF32BEConv: {utf32LEForm, utf32BEForm, true, false, 2},
	utf32BEToUTF16LEConv: {utf32BEForm, utf16LEForm, true, false, 2},
	utf32BEToUTF16BEConv: {utf32BEForm, utf16BEForm, true, false, 2},
	utf32BEToUTF32LEConv: {utf32BEForm, utf32LEForm, true, false, 2},
	cp1252ToUTF8Conv:     {cp1252Form, utf8Form, true, false, 6},
	utf8ToCP1252Conv:     {utf8Form, cp1252Form, true, false, 2},
	utf8ToCESU8Conv:      {utf8Form, cesu8Form, false, false, 3},
	cesu8ToUTF8Conv:      {cesu8Form, utf8Form, false, false, 2},
	utf8ToMUTF8Conv:      {utf8Form, mutf8Form, false, false, 4},
	mutf8ToUTF8Conv:      {mutf8Form, utf8Form, false, false, 2},
	copyValidConv:        {nil, nil, false, false, 2},
}

// spec returns c's spec.
func (c conv) spec() convSpec {
	if c.isSB() {
		t, dec := c.sbOf()
		return singleByteSpec(sbFormMap()[t.spec.key], dec)
	}
	if c.isSBFull() {
		t, dec := c.sbFullOf()
		return singleByteSpec(sbFullForms[t.spec.key], dec)
	}
	return convSpecs[c]
}

// singleByteSpec is the spec of a single-byte encoding's conversion from (dec) or
// to UTF-8: up to three bytes of UTF-8 a byte.
func singleByteSpec(f *form, dec bool) convSpec {
	if dec {
		return convSpec{f, utf8Form, false, false, 6}
	}
	return convSpec{utf8Form, f, false, false, 2}
}

// run runs c as a form kernel (see form.fromUTF8).
func (c conv) run(dst, src []byte) (nDst, nSrc int) {
	switch c {
	case utf8ToCESU8Conv:
		return utf8ToBMPForm(dst, src, false)
	case cesu8ToUTF8Conv:
		return bmpFormToUTF8(dst, src, false)
	case utf8ToMUTF8Conv:
		return utf8ToBMPForm(dst, src, true)
	case mutf8ToUTF8Conv:
		return bmpFormToUTF8(dst, src, true)
	case copyValidConv:
		return copyValidUTF8(dst, src)
	}
	if c.isSB() {
		return c.sbRun(dst, src)
	}
	if c.isSBFull() {
		return c.sbFullRun(dst, src)
	}
	return accelerate(dst, src, c)
}

// vectored reports whether c's run is accelerate, a vector kernel with the
// scalar kernel behind it.
func (c conv) vectored() bool { return c < numConvs && convSpecs[c].vector }

// minLen is the input length below which the call of c's vector kernel costs
// more than the scalar kernel's work.
func (c conv) minLen() int {
	if c < numConvs && convSpecs[c].latin1 {
		return convkernel.Latin1MinLen()
	}
	return convkernel.MinLen
}

// vector runs c's vector kernel.
func (c conv) vector(dst, src []byte) (nDst, nSrc int) {
	switch c {
	case latin1ToUTF8Conv:
		return convkernel.Latin1ToUTF8(dst, src)
	case utf8ToLatin1Conv:
		return convkernel.UTF8ToLatin1(dst, src)
	case utf8ToUTF16LEConv:
		return convkernel.UTF8ToUTF16LE(dst, src)
	case utf8ToUTF16BEConv:
		return convkernel.UTF8ToUTF16BE(dst, src)
	case utf16LEToUTF8Conv:
		return convkernel.UTF16LEToUTF8(dst, src)
	case utf16BEToUTF8Conv:
		return convkernel.UTF16BEToUTF8(dst, src)
	case utf8ToUTF32LEConv:
		return convkernel.UTF8ToUTF32LE(dst, src)
	case utf8ToUTF32BEConv:
		return convkernel.UTF8ToUTF32BE(dst, src)
	case cp1252ToUTF8Conv:
		return convkernel.CP1252ToUTF8(dst, src)
	case utf8ToCP1252Conv:
		return convkernel.UTF8ToCP1252(dst, src)
	case utf32LEToUTF8Conv:
		return convkernel.UTF32LEToUTF8(dst, src)
	case utf32BEToUTF8Conv:
		return convkernel.UTF32BEToUTF8(dst, src)
	case utf16LEToUTF16BEConv:
		return convkernel.UTF16LEToBE(dst, src)
	case utf16LEToUTF32LEConv:
		return convkernel.UTF16LEToUTF32LE(dst, src)
	case utf16LEToUTF32BEConv:
		return convkernel.UTF16LEToUTF32BE(dst, src)
	case utf16BEToUTF16LEConv:
		return convkernel.UTF16BEToLE(dst, src)
	case utf16BEToUTF32LEConv:
		return convkernel.UTF16BEToUTF32LE(dst, src)
	case utf16BEToUTF32BEConv:
		return convkernel.UTF16BEToUTF32BE(dst, src)
	case utf32LEToUTF16LEConv:
		return convkernel.UTF32LEToUTF16LE(dst, src)
	case utf32LEToUTF16BEConv:
		return convkernel.UTF32LEToUTF16BE(dst, src)
	case utf32LEToUTF32BEConv:
		return convkernel.UTF32LEToBE(dst, src)
	case utf32BEToUTF16LEConv:
		return convkernel.UTF32BEToUTF16LE(dst, src)
	case utf32BEToUTF16BEConv:
		return convkernel.UTF32BEToUTF16BE(dst, src)
	case utf32BEToUTF32LEConv:
		return convkernel.UTF32BEToLE(dst, src)
	}
	return 0, 0
}

// scalar runs c's scalar kernel.
func (c conv) scalar(dst, src []byte) (nDst, nSrc int) {
	if c.isSB() {
		return c.sbRun(dst, src)
	}
	if c.isSBFull() {
		return c.sbFullRun(dst, src)
	}
	switch c {
	case latin1ToUTF8Conv:
		return latin1ToUTF8Go(dst, src)
	case utf8ToLatin1Conv:
		return utf8ToLatin1Go(dst, src)
	case utf8ToUTF16LEConv:
		return utf8ToUTF16LEGo(dst, src)
	case utf8ToUTF16BEConv:
		return utf8ToUTF16BEGo(dst, src)
	case utf16LEToUTF8Conv:
		return utf16LEToUTF8Go(dst, src)
	case utf16BEToUTF8Conv:
		return utf16BEToUTF8Go(dst, src)
	case utf8ToUTF32LEConv:
		return utf8ToUTF32LEGo(dst, src)
	case utf8ToUTF32BEConv:
		return utf8ToUTF32BEGo(dst, src)
	case utf32LEToUTF8Conv:
		return utf32ToUTF8(dst, src, false)
	case utf32BEToUTF8Conv:
		return utf32ToUTF8(dst, src, true)
	case cp1252ToUTF8Conv:
		return cp1252ToUTF8Go(dst, src)
	case utf8ToCP1252Conv:
		return utf8ToCP1252Go(dst, src)
	case utf16LEToUTF16BEConv:
		return utf16LEToUTF16BEGo(dst, src)
	case utf16LEToUTF32LEConv:
		return utf16LEToUTF32LEGo(dst, src)
	case utf16LEToUTF32BEConv:
		return utf16LEToUTF32BEGo(dst, src)
	case utf16BEToUTF16LEConv:
		return utf16BEToUTF16LEGo(dst, src)
	case utf16BEToUTF32LEConv:
		return utf16BEToUTF32LEGo(dst, src)
	case utf16BEToUTF32BEConv:
		return utf16BEToUTF32BEGo(dst, src)
	case utf32LEToUTF16LEConv:
		return utf32LEToUTF16LEGo(dst, src)
	case utf32LEToUTF16BEConv:
		return utf32LEToUTF16BEGo(dst, src)
	case utf32LEToUTF32BEConv:
		return utf32LEToUTF32BEGo(dst, src)
	case utf32BEToUTF16LEConv:
		return utf32BEToUTF16LEGo(dst, src)
	case utf32BEToUTF16BEConv:
		return utf32BEToUTF16BEGo(dst, src)
	case utf32BEToUTF32LEConv:
		return utf32BEToUTF32LEGo(dst, src)
	}
	return 0, 0
}

// forms returns the forms c converts between, for decoding what the kernels
// leave and for naming them in errors.
func (c conv) forms() (from, to *form) {
	sp := c.spec()
	if sp.from == nil {
		panic("transcode: conversion without forms")
	}
	return sp.from, sp.to
}

// decode is the source form's decode at the end of the input.
func (c conv) decode(p []byte) (rune, int, utf8x.ErrorKind) {
	from, _ := c.forms()
	return from.decode(p, true)
}

// encode is the target form's encode.
func (c conv) encode(p []byte, r rune) int {
	_, to := c.forms()
	return to.encode(p, r)
}

// grow bounds the output of n more input bytes.
func (c conv) grow(n int) int { return (int(c.spec().halves)*n + 1) / 2 }

// accelerate runs c's vector and scalar kernels by turns over src. It stops
// where the scalar kernel stops short of its window: at an error, a character
// the target lacks, or a full dst; that is where the scalar kernel alone would
// stop too, since the vector kernel stops before anything the scalar one
// would refuse. Inputs (and what is left of them) shorter than c.minLen go to
// the scalar kernel alone.
func accelerate(dst, src []byte, c conv) (nDst, nSrc int) {
	minLen := c.minLen()
	if !convkernel.Enabled() || len(src) < minLen || !c.vectored() {
		return c.scalar(dst, src)
	}
	i, j := 0, 0
	for {
		if len(src)-i >= minLen {
			d, s := c.vector(dst[j:], src[i:])
			i += s
			j += d
			if i == len(src) {
				return j, i
			}
		}
		end := min(len(src), i+scalarStep)
		d, s := c.scalar(dst[j:], src[i:end])
		i += s
		j += d
		if i == len(src) || s == 0 {
			return j, i
		}
	}
}

// appendStrict runs c's kernels over src into the spare capacity of dst,
// growing dst only when they stop for lack of room, and converting what they
// leave to the per-unit code.
func appendStrict(dst, src []byte, c conv) ([]byte, error) {
	i := 0
	for {
		n := len(dst)
		d, s := accelerate(dst[n:cap(dst)], src[i:], c)
		dst = dst[:n+d]
		i += s
		if i == len(src) {
			return dst, nil
		}
		r, l, kind := c.decode(src[i:])
		if kind != 0 {
			from, _ := c.forms()
			return dst, newError(from, src, i, l, kind)
		}
		w := c.encode(dst[len(dst):cap(dst)], r)
		switch {
		case w < 0:
			_, to := c.forms()
			return dst, newUnrepresentable(to, src, i, l, r)
		case w == 0:
			dst = slices.Grow(dst, c.grow(len(src)-i))
		default:
			dst = dst[:len(dst)+w]
			i += l
		}
	}
}
