// explain --encoding FORM: the bytes read as CESU-8, modified UTF-8, WTF-8
// or the RFC 2279 legacy form, judged as 'utf8x check --encoding FORM' judges
// them. Characters whose bytes are the same as in UTF-8 get the usual
// explanation; the ones the form writes differently (a CESU-8 surrogate pair,
// MUTF-8's C0 80, a WTF-8 lone surrogate, a legacy 5- or 6-byte value) say
// how and what UTF-8 writes instead; faults are named with the form's kinds.
//
// The form's own validator (transcode.Encoding.FirstInvalid) is the only
// judge: a character's length is the shortest prefix it accepts, so this
// file holds no rules of its own that could disagree with check.
package main

import (
	"fmt"
	"strings"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// explainForm returns the form --encoding names, nil for UTF-8.
func explainForm(label string) (*transcode.Encoding, error) {
	e, err := transcode.Lookup(label)
	if err != nil {
		return nil, usageError("--encoding: %v", err)
	}
	for _, f := range checkForms {
		if f.Name() == e.Name() {
			if f.Name() == transcode.UTF8.Name() {
				return nil, nil
			}
			return &f, nil
		}
	}
	return nil, usageError("--encoding %s: explain reads utf-8, cesu-8, mutf-8, wtf-8 and utf-8-legacy; convert %s text to UTF-8 first ('utf8x convert -f %s -t utf-8')", label, e.Name(), e.Labels()[0])
}

// formBytes explains p read as the form x.form.
func (x *explainer) formBytes(p []byte) {
	e := *x.form
	for len(p) > 0 && x.err == nil {
		off, n, kind := e.FirstInvalid(p, true)
		if off == 0 && n > 0 {
			x.formFault(e, p, n, kind)
			p = p[n:]
			continue
		}
		if off == 0 {
			return // cannot happen: a non-empty input has a fault or a valid run
		}
		// The valid run p[:off]: one character at a time.
		for q := p[:off]; len(q) > 0 && x.err == nil; {
			k := formCharLen(e, q)
			x.formChar(e, q[:k])
			q = q[k:]
		}
		p = p[off:]
	}
}

// formCharLen is the length of the character at the start of valid p: the
// shortest prefix the form accepts.
func formCharLen(e transcode.Encoding, p []byte) int {
	for k := 1; k < len(p); k++ {
		if e.Valid(p[:k]) {
			return k
		}
	}
	return len(p)
}

// formValue decodes one well-formed unit of a form: a lead byte and its
// continuation bytes, with no range rules, or two 3-byte surrogates.
func formValue(u []byte) uint32 {
	if len(u) == 6 && u[0] == 0xED {
		hi, lo := formValue(u[:3]), formValue(u[3:])
		return 0x10000 + (hi-0xD800)<<10 + (lo - 0xDC00)
	}
	if len(u) == 1 {
		return uint32(u[0])
	}
	v := uint32(u[0] & (0x7F >> len(u)))
	for _, b := range u[1:] {
		v = v<<6 | uint32(b&0x3F)
	}
	return v
}

// formChar explains one character of a form.
func (x *explainer) formChar(e transcode.Encoding, u []byte) {
	v := formValue(u)
	r := rune(v)
	if v <= utf8x.MaxRune && string(utf8x.AppendRune(nil, r)) == string(u) && utf8x.Valid(u) {
		x.char(r) // the same bytes as UTF-8
		return
	}
	var how string
	switch {
	case v > utf8x.MaxRune:
		x.printf("0x%X  (a value, not a character)\n", v)
		how = fmt.Sprintf("%s writes values up to 0x7FFFFFFF in up to 6 bytes, as RFC 2279 did; this one is beyond U+10FFFF, the last code point, so it is no character and converting it to a Unicode encoding fails.", e.Name())
	case r >= 0xD800 && r <= 0xDFFF:
		x.printf("U+%04X  %s\n", r, runeName(r))
		how = fmt.Sprintf("A lone UTF-16 surrogate, which %s keeps so that any sequence of UTF-16 units (a Windows file name, a JavaScript string) round-trips; UTF-8 may not hold it (RFC 3629 section 3).", e.Name())
	case len(u) == 6:
		x.printf("U+%04X  %s  %s\n", r, quoteRune(r), runeName(r))
		hi, lo := formValue(u[:3]), formValue(u[3:])
		how = fmt.Sprintf("%s writes characters above U+FFFF as their UTF-16 surrogate pair %04X %04X, each as a 3-byte sequence; UTF-8 writes % X.", e.Name(), hi, lo, utf8x.AppendRune(nil, r))
	case r == 0:
		x.printf("U+0000  %s\n", runeName(0))
		how = fmt.Sprintf("%s writes U+0000 as the overlong C0 80 so that its strings never hold a zero byte (Java's DataOutput, JNI); UTF-8 writes 00.", e.Name())
	default:
		x.printf("U+%04X  %s  %s\n", r, quoteRune(r), runeName(r))
		how = fmt.Sprintf("%s writes it in %s; UTF-8 writes % X.", e.Name(), plural(len(u), "byte"), utf8x.AppendRune(nil, r))
	}
	x.printf("  %-9s % X  %s\n", e.Name(), u, plural(len(u), "byte"))
	x.printf("%s\n", wrap(how, "  ", 80))
}

// formFault explains the ill-formed unit p[:n] of a form.
func (x *explainer) formFault(e transcode.Encoding, p []byte, n int, kind utf8x.ErrorKind) {
	bad := hexString(p[:n])
	var why string
	switch kind {
	case utf8x.FourByte:
		why = fmt.Sprintf("%s is a 4-byte sequence, which %s never uses: it writes each character above U+FFFF as a UTF-16 surrogate pair of two 3-byte sequences.", bad, e.Name())
		if r, size := utf8x.DecodeRune(p); size == n && utf8x.Valid(p[:n]) {
			if enc, err := e.AppendEncode(nil, p[:n]); err == nil {
				why = fmt.Sprintf("%s is UTF-8's 4-byte form of U+%04X %s, which %s never uses: it writes the UTF-16 surrogate pair as two 3-byte sequences, % X.", bad, r, quoteRune(r), e.Name(), enc)
			}
		}
	case utf8x.NulByte:
		why = fmt.Sprintf("A zero byte, which %s never holds: it writes U+0000 as C0 80, so that its strings can end at a zero byte as C strings do.", e.Name())
	case utf8x.LoneSurrogate:
		why = fmt.Sprintf("%s encodes the UTF-16 surrogate U+%04X with no partner: %s writes surrogates only in high-low pairs (D800-DBFF then DC00-DFFF), for the characters above U+FFFF.", bad, formValue(p[:min(n, 3)]), e.Name())
	case utf8x.SurrogatePair:
		why = fmt.Sprintf("%s is a UTF-16 surrogate pair written as two 3-byte sequences, as CESU-8 does; %s writes the character they pair into as one 4-byte sequence and keeps only lone surrogates in 3 bytes.", bad, e.Name())
		if n == 6 {
			if r := rune(formValue(p[:6])); r <= utf8x.MaxRune {
				why = fmt.Sprintf("%s is the UTF-16 surrogate pair of U+%04X %s written as two 3-byte sequences, as CESU-8 does; %s writes that character as % X, as UTF-8 does, and keeps only lone surrogates in 3 bytes.", bad, r, quoteRune(r), e.Name(), utf8x.AppendRune(nil, r))
			}
		}
	default:
		what := map[utf8x.ErrorKind]string{
			utf8x.Overlong:               "a value written with more bytes than it needs, which has one valid form only",
			utf8x.Surrogate:              "a UTF-16 surrogate, which this form does not hold",
			utf8x.TooLarge:               "a value beyond the last one this form holds",
			utf8x.Truncated:              "a sequence cut off: its lead byte announces more continuation bytes (80-BF) than follow",
			utf8x.UnexpectedContinuation: "a continuation byte (80-BF) with no lead byte before it",
			utf8x.InvalidByte:            "a byte that never occurs in this form",
		}[kind]
		if what == "" {
			what = "ill-formed"
		}
		why = fmt.Sprintf("%s is %s.", bad, what)
		if n == 1 {
			why += cp1252Hint(p[0])
		}
	}
	x.printf("%s  not %s (%s)\n", x.paint(bad, "\x1b[1;31m"), e.Name(), kind)
	x.printf("%s", wrap(why, "  ", 80))
	x.printf("%s\n", wrap(fmt.Sprintf("utf8x check --encoding %s reports %s (%s)", strings.ToLower(e.Labels()[0]), kind, bad), "  ", 80))
}
