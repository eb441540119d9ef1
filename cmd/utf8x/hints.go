// What an input that is not UTF-8 text looks like, said in one line instead of
// a flood of errors: UTF-16 or UTF-32 (a byte order mark, or the NULs of Latin
// text in every other or three of four bytes), or binary data (NULs
// elsewhere, or the magic number of a known format).
//
// check asks sniffHead about the start of each input. A byte order mark of
// UTF-16 or UTF-32 is never valid UTF-8, so it settles the matter at once;
// the other signs only explain the first error, so a valid UTF-8 file that
// happens to hold NULs is still reported valid. utf16Mismatch is for convert
// (through warnUTF16Order): it warns when UTF-16 is read in the byte order
// its text argues against. All of them ask detect.Sniff, the one structural
// judgement, which detect and convert's --byte-order guess make too.
package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/utf8x/utf8x/detect"
	"github.com/utf8x/utf8x/transcode"
)

// headLooks is what the start of an input looks like; what is "" for text.
type headLooks struct {
	what    string // "UTF-16LE text (it starts with the byte order mark FF FE)"
	from    string // the convert label that reads it, "" for binary data
	certain bool   // no UTF-8 text starts this way
	bom     int    // the length of the byte order mark, when certain
}

// hint is the line check prints for the input at path.
func (l headLooks) hint(path string) string {
	if l.from == "" {
		return "not UTF-8 text: " + l.what
	}
	cmd := "utf8x convert -f " + l.from + " -t utf-8"
	if path != "-" {
		cmd += " " + shellQuote(path)
	}
	return fmt.Sprintf("not UTF-8: looks like %s; to convert it: %s", l.what, cmd)
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	safe := s != ""
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./+,:@%=", c) >= 0) {
			safe = false
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sniffLimit is how much of the start of an input sniffHead looks at.
const sniffLimit = 4096

// sniffHead says what p, the start of an input, looks like: the detect
// package's structural judgement (detect.Sniff), which detect and
// convert -f auto make too, so the three never disagree.
func sniffHead(p []byte) headLooks {
	p = p[:min(len(p), sniffLimit)]
	// check asks only about input with an error (or to settle a mark at
	// once): a mark or a signature is then certain by its bytes alone.
	if enc, n := detect.Mark(p); n > 0 && enc != "utf-8" {
		return headLooks{what: fmt.Sprintf("%s text (it starts with the byte order mark % X)", strings.ToUpper(enc), p[:n]), from: enc, certain: true, bom: n}
	}
	if m := detect.Magic(p); m != "" {
		return headLooks{what: m}
	}
	// As if cut: a stray byte at the end of a short UTF-16 file (a line
	// feed appended) must not hide what the rest is.
	s := detect.Sniff(p, true)
	switch s.Kind {
	case detect.Marked:
		if s.Encoding == "utf-8" {
			return headLooks{} // a UTF-8 text with its mark: text
		}
		return headLooks{what: s.What, from: s.Encoding, certain: true, bom: s.MarkLen}
	case detect.Wide:
		return headLooks{what: s.What, from: s.Encoding}
	case detect.Binary:
		return headLooks{what: s.What}
	}
	return headLooks{}
}

// utf16Mismatch returns a warning when p, the start of UTF-16 to be read
// big-endian (little-endian when bigEndian is false), argues for the other
// byte order: it starts with the other order's byte order mark; or the one
// structural judgement (detect.Sniff, which check's hint, detect and
// convert's --byte-order guess make too) finds UTF-16 in the other order;
// or, when that judgement finds no UTF-16, the other order gives far fewer
// unassigned code points, controls and lone surrogates. It returns "" when
// nothing argues against the order chosen.
func utf16Mismatch(p []byte, bigEndian bool) string {
	p = p[:min(len(p), sniffLimit)&^1]
	chosen, other := "UTF-16LE", "UTF-16BE"
	otherBOM := "\xFE\xFF"
	if bigEndian {
		chosen, other = other, chosen
		otherBOM = "\xFF\xFE"
	}
	try := "; try -f " + strings.ToLower(other)
	if bytes.HasPrefix(p, []byte(otherBOM)) {
		return fmt.Sprintf("the input starts with the byte order mark of %s (% X), not %s: the result is garbage%s", other, []byte(otherBOM), chosen, try)
	}
	if s := detect.Sniff(p, true); s.Kind == detect.Wide && strings.HasPrefix(s.Encoding, "utf-16") {
		if s.Encoding == strings.ToLower(other) {
			return fmt.Sprintf("the input looks like %s, not %s: the result is likely garbage%s", s.What, chosen, try)
		}
		return ""
	}
	bad, badOther := implausibleUnits(p, bigEndian), implausibleUnits(p, !bigEndian)
	units := len(p) / 2
	if units >= 8 && bad*5 >= units && badOther*4 <= bad {
		return fmt.Sprintf("read as %s, %d of the first %d characters are unlikely in text (unassigned, controls, lone surrogates); read as %s, %d are%s", chosen, bad, units, other, badOther, try)
	}
	return ""
}

// utf16OrderWarner passes an input through, and on its first read tells
// warn if the data argues against the byte order of from (UTF-16LE or
// UTF-16BE; other encodings are not judged).
type utf16OrderWarner struct {
	r         io.Reader
	bigEndian bool
	warn      func(string)
	judged    bool
}

// warnUTF16Order wraps r so that BOM-less UTF-16 read in the wrong byte order
// gets a warning (see utf16Mismatch) through warn, once.
func warnUTF16Order(r io.Reader, from transcode.Encoding, warn func(string)) io.Reader {
	switch from.Name() {
	case transcode.UTF16LE.Name():
		return &utf16OrderWarner{r: r, warn: warn}
	case transcode.UTF16BE.Name():
		return &utf16OrderWarner{r: r, bigEndian: true, warn: warn}
	}
	return r
}

func (w *utf16OrderWarner) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if !w.judged && n > 0 {
		w.judged = true
		if msg := utf16Mismatch(p[:n], w.bigEndian); msg != "" {
			w.warn(msg)
		}
	}
	return n, err
}

// implausibleUnits counts what ordinary text does not hold among the UTF-16
// units of p in the given byte order: unpaired surrogates, controls other than
// tab, LF and CR, and unassigned or private-use code points.
func implausibleUnits(p []byte, bigEndian bool) int {
	units := make([]uint16, len(p)/2)
	for i := range units {
		a, b := uint16(p[2*i]), uint16(p[2*i+1])
		if bigEndian {
			units[i] = a<<8 | b
		} else {
			units[i] = b<<8 | a
		}
	}
	bad := 0
	for i := 0; i < len(units); i++ {
		u := rune(units[i])
		switch {
		case utf16.IsSurrogate(u):
			if u < 0xDC00 && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF {
				i++
				continue
			}
			bad++
		case u == '\t' || u == '\n' || u == '\r':
		case unicode.IsControl(u) || unicode.Is(unicode.Co, u) || !unicode.In(u, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z):
			bad++
		}
	}
	return bad
}
