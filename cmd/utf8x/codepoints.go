// Reading code points written the ways people copy them: U+20AC (Unicode),
// 0x20AC (C, most languages), \u20AC and \U0001F600 (C, Python, JSON, Go),
// \u{1F600} (JavaScript, Rust, Swift). One argument may hold several,
// separated by spaces or commas ("U+41 U+42"), or run together as escapes
// ("\u00e9\u20ac"); a JSON-style pair of \u surrogate escapes
// ("\ud83d\ude00") is the character it encodes.
package main

import (
	"strconv"
	"strings"
	"unicode/utf16"
)

// parseCodePoints reads arg as code points. ok is false, with no error, when
// arg is not made only of code points: it is then text to explain.
func parseCodePoints(arg string) (rs []rune, ok bool, err error) {
	tokens := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(tokens) == 0 {
		return nil, false, nil
	}
	for _, tok := range tokens {
		if _, ok := codePointDigits(tok); !ok {
			if _, ok := escapes(tok); !ok {
				return nil, false, nil
			}
		}
	}
	for _, tok := range tokens {
		if digits, ok := codePointDigits(tok); ok {
			r, err := codePointValue(tok, digits)
			if err != nil {
				return nil, false, err
			}
			rs = append(rs, r)
			continue
		}
		var units []rune
		esc, _ := escapes(tok)
		for _, e := range esc {
			r, err := codePointValue(e.text, e.digits)
			if err != nil {
				return nil, false, err
			}
			units = append(units, r)
		}
		for i := 0; i < len(units); i++ {
			if i+1 < len(units) && utf16.IsSurrogate(units[i]) && units[i] < 0xDC00 && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF {
				rs = append(rs, utf16.DecodeRune(units[i], units[i+1]))
				i++
				continue
			}
			rs = append(rs, units[i])
		}
	}
	return rs, true, nil
}

// codePointDigits returns the hex digits of a token written U+XXXX, u+XXXX,
// 0xXXXX or 0XXXXX, with 1 to 8 digits.
func codePointDigits(tok string) (string, bool) {
	if len(tok) < 3 || !(tok[0] == 'U' || tok[0] == 'u') || tok[1] != '+' {
		if len(tok) < 3 || tok[0] != '0' || !(tok[1] == 'x' || tok[1] == 'X') {
			return "", false
		}
	}
	digits := tok[2:]
	if n := hexDigits(digits, 8); n == 0 || n != len(digits) {
		return "", false
	}
	return digits, true
}

// escape is one escape of a token: its text and its hex digits.
type escape struct{ text, digits string }

// escapes reads tok as a run of escapes, each \uXXXX, \UXXXXXXXX or
// \u{X...} (1 to 8 digits); ok is false when tok is anything else.
func escapes(tok string) (esc []escape, ok bool) {
	for tok != "" {
		if len(tok) < 3 || tok[0] != '\\' {
			return nil, false
		}
		var n, skip int // digits, and bytes before them
		switch {
		case tok[1] == 'u' && tok[2] == '{':
			skip = 3
			n = hexDigits(tok[skip:], 8)
			if n == 0 || len(tok) <= skip+n || tok[skip+n] != '}' {
				return nil, false
			}
			esc = append(esc, escape{tok[:skip+n+1], tok[skip : skip+n]})
			tok = tok[skip+n+1:]
			continue
		case tok[1] == 'u':
			skip, n = 2, 4
		case tok[1] == 'U':
			skip, n = 2, 8
		default:
			return nil, false
		}
		if hexDigits(tok[skip:], n) != n {
			return nil, false
		}
		esc = append(esc, escape{tok[:skip+n], tok[skip : skip+n]})
		tok = tok[skip+n:]
	}
	return esc, len(esc) > 0
}

// hexDigits counts the hex digits s starts with, up to max.
func hexDigits(s string, max int) int {
	n := 0
	for n < len(s) && n < max && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	return n
}

// codePointValue reads hex digits written as tok; values past 0x7FFFFFFF
// are no code point in any form.
func codePointValue(tok, digits string) (rune, error) {
	v, err := strconv.ParseUint(digits, 16, 32)
	if err != nil || v > 0x7FFFFFFF {
		return 0, usageError("%s: not a code point (the largest is U+10FFFF)", tok)
	}
	return rune(v), nil
}
