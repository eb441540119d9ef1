package transcode

import (
	"encoding/binary"
	"errors"
	"io"

	"github.com/utf8x/utf8x"
)

// MUTF8 is Java's "modified UTF-8", the form of DataOutput.writeUTF, class
// files and JNI, without writeUTF's 2-byte length (AppendMUTF8WithLength and
// DecodeMUTF8WithLength handle that): CESU-8, except that U+0000 is written
// as C0 80, so that a string never holds a zero byte.
//
// What the decoder reports, besides the kinds of CESU-8:
//   - a 00 byte: NulByte, 1 byte. Java's readUTF would accept it, but no
//     modified UTF-8 writer produces one and a C string would end there, so
//     it marks input that is not what it claims; the Replace policy reads it
//     as U+FFFD and the Skip policy drops it.
//   - C0 followed by 81-BF: Overlong, 1 byte, as in UTF-8. C0 80 is the only
//     overlong form allowed; C0 at the end or before a byte that is not a
//     continuation byte is Truncated.
//
// Java strings may hold lone surrogates, which writeUTF writes as 3-byte
// sequences; like CESU-8, this form reports them as LoneSurrogate.
var MUTF8 = Encoding{f: mutf8Form}

var mutf8Form = &form{
	name:   "MUTF-8",
	labels: []string{"mutf-8", "mutf8", "modified-utf-8", "java-modified-utf-8"},
	id:     mutf8ID, maxLen: 6, bom: utf8x.BOM,
	fromUTF8: utf8ToMUTF8Conv, toUTF8: mutf8ToUTF8Conv,
}

func decodeMUTF8(p []byte, atEOF bool) (rune, int, utf8x.ErrorKind) {
	switch p[0] {
	case 0x00:
		return utf8x.RuneError, 1, utf8x.NulByte
	case 0xC0:
		switch {
		case len(p) < 2 && !atEOF:
			return 0, 0, 0
		case len(p) >= 2 && p[1] == 0x80:
			return 0, 2, 0
		case len(p) >= 2 && isCont(p[1]):
			return utf8x.RuneError, 1, utf8x.Overlong
		}
		return utf8x.RuneError, 1, utf8x.Truncated
	}
	return decodeCESU8(p, atEOF)
}

func encodeMUTF8(p []byte, r rune) int {
	if r != 0 {
		return encodeCESU8(p, r)
	}
	if len(p) < 2 {
		return 0
	}
	p[0], p[1] = 0xC0, 0x80
	return 2
}

// ErrMUTF8TooLong is returned by AppendMUTF8WithLength for text whose
// modified UTF-8 takes more than 65535 bytes, which the 2-byte length of
// DataOutput.writeUTF cannot count (Java throws UTFDataFormatException).
var ErrMUTF8TooLong = errors.New("transcode: modified UTF-8 longer than 65535 bytes")

// AppendMUTF8WithLength appends src, UTF-8 text, to dst as
// DataOutput.writeUTF writes a string: the length of the modified UTF-8 in
// bytes, 2 bytes big-endian, then the modified UTF-8. Ill-formed UTF-8 in
// src is an *Error; dst is returned unchanged on any error.
func AppendMUTF8WithLength(dst, src []byte) ([]byte, error) {
	start := len(dst)
	out, err := MUTF8.AppendEncode(append(dst, 0, 0), src)
	if err != nil {
		return dst[:start], err
	}
	n := len(out) - start - 2
	if n > 0xFFFF {
		return dst[:start], ErrMUTF8TooLong
	}
	binary.BigEndian.PutUint16(out[start:], uint16(n))
	return out, nil
}

// DecodeMUTF8WithLength reads one string as DataInput.readUTF does from the
// start of src: a 2-byte big-endian length, then that many bytes of modified
// UTF-8. It appends the text to dst as UTF-8 and returns the extended buffer
// and the number of bytes of src read. Input shorter than its length says is
// io.ErrUnexpectedEOF; ill-formed modified UTF-8 is an *Error whose Offset
// counts from the start of src, the length included.
func DecodeMUTF8WithLength(dst, src []byte) (out []byte, n int, err error) {
	if len(src) < 2 {
		return dst, 0, io.ErrUnexpectedEOF
	}
	n = 2 + int(binary.BigEndian.Uint16(src))
	if len(src) < n {
		return dst, 0, io.ErrUnexpectedEOF
	}
	out, err = MUTF8.AppendDecode(dst, src[2:n])
	if e, ok := err.(*Error); ok { // not errors.As: its target would be an allocation per call
		e.Offset += 2
	}
	if err != nil {
		return out, 0, err
	}
	return out, n, nil
}
