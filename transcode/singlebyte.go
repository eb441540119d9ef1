package transcode

import "github.com/utf8x/utf8x"

// US-ASCII, a single-byte encoding iconv users name often. It has no fast
// kernels: the Converter's unit-at-a-time loop is fast enough for what it is
// used for.

var (
	asciiForm = &form{
		name: "US-ASCII",
		labels: []string{"us-ascii", "ascii", "ansi_x3.4-1968", "ansi_x3.4-1986", "iso646-us", "iso_646.irv:1991",
			"iso-ir-6", "us", "ibm367", "cp367", "csascii", "646"},
		id: asciiID, ascii: true, maxLen: 1,
	}
)

// decodeASCII reads one byte; 80-FF are not ASCII (invalid-byte).
func decodeASCII(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	if p[0] >= utf8x.RuneSelf {
		return 0, 1, utf8x.InvalidByte
	}
	return rune(p[0]), 1, 0
}

func encodeASCII(p []byte, r rune) int { return putByte(p, byte(r), r < utf8x.RuneSelf) }

// putByte is the encode of the single-byte forms, given the character's
// byte b if it has one (ok): -1 when it has none, 0 when p has no room, else
// 1 with b written.
func putByte(p []byte, b byte, ok bool) int {
	switch {
	case !ok:
		return -1
	case len(p) == 0:
		return 0
	}
	p[0] = b
	return 1
}
