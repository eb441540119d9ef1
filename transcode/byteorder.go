package transcode

import (
	"encoding/binary"
	"runtime"

	structure "github.com/utf8x/utf8x/internal/sniff"
)

// Byte order of UTF-16 and UTF-32 without a signature. RFC 2781 says
// big-endian, but iconv, Python, the WHATWG Encoding Standard and Windows,
// which writes most such files, say little-endian, and reading a file in the
// wrong order gives CJK-looking garbage without a single error. So the text
// is asked first, by the same structural judgement the detect package makes
// (internal/sniff): where its NUL bytes (or surrogate pairs) show UTF-16 or
// UTF-32 in one order, that order; else the reading that looks more like
// text, a tie going to little-endian.

// guessLen is how much of the input the guess reads: enough code units to
// outvote a few odd ones, few enough that a stream decides soon. It is a
// multiple of 4 and well under the 4096-byte buffers of transform.Reader and
// transform.Writer, which must be able to hold it.
const guessLen = 512

// guessOrder returns the byte order (big or little) in which p, the start
// of a UTF-16 (unit 2) or UTF-32 (unit 4) input without a signature, is
// read (internal/sniff.Order). Only p[:guessLen] counts, so that a stream, which
// waits for guessLen bytes or the end of the input, decides exactly as the
// slice conversion does.
func guessOrder(p []byte, unit int) int {
	if structure.Order(p[:min(len(p), guessLen)], unit) {
		return big
	}
	return little
}

// Reading and writing the code units of UTF-16 and UTF-32 in the byte order
// be selects.

// The byte orders as types, so that a kernel is written once and compiled
// once per order with the order a constant. A generic function over order
// has one instantiation per underlying type; in each, isBig folds to a
// constant and the branches of get16 and put16 vanish, as if the loop had
// been written twice. (Methods on the type parameter would not do: calls to
// them go through the instantiation's dictionary and never inline.)
type (
	littleEndian uint8
	bigEndian    uint16
)

type order interface{ littleEndian | bigEndian }

// isBig reports whether O is bigEndian.
func isBig[O order]() bool { return uint64(^O(0)) > 0xFF }

// nativeBig reports whether this machine stores a uint16 big end first: the
// byte order in which the []uint16 functions read and write their units
// through a byte view.
const nativeBig = runtime.GOARCH == "armbe" || runtime.GOARCH == "arm64be" || runtime.GOARCH == "m68k" ||
	runtime.GOARCH == "mips" || runtime.GOARCH == "mips64" || runtime.GOARCH == "mips64p32" ||
	runtime.GOARCH == "ppc" || runtime.GOARCH == "ppc64" || runtime.GOARCH == "s390" || runtime.GOARCH == "s390x" ||
	runtime.GOARCH == "sparc" || runtime.GOARCH == "sparc64"

// put16 stores one code unit in the byte order be selects.
func put16(p []byte, u uint16, be bool) {
	if be {
		binary.BigEndian.PutUint16(p, u)
	} else {
		binary.LittleEndian.PutUint16(p, u)
	}
}

func get16(p []byte, be bool) uint16 {
	if be {
		return binary.BigEndian.Uint16(p)
	}
	return binary.LittleEndian.Uint16(p)
}

// unit16 reads the code unit at p[i:i+2]. Indexing the two bytes, rather
// than slicing p, lets a loop bounded by i+1 < len(p) drop the bounds checks;
// the compiler still merges them into one load.
func unit16(p []byte, i int, be bool) uint16 {
	if be {
		return uint16(p[i])<<8 | uint16(p[i+1])
	}
	return uint16(p[i]) | uint16(p[i+1])<<8
}

func put32(p []byte, v uint32, be bool) {
	if be {
		binary.BigEndian.PutUint32(p, v)
	} else {
		binary.LittleEndian.PutUint32(p, v)
	}
}

func get32(p []byte, be bool) uint32 {
	if be {
		return binary.BigEndian.Uint32(p)
	}
	return binary.LittleEndian.Uint32(p)
}
