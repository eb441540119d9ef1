// Reading code points written the ways people copy them: U+20AC (Unicode),
// 0x20AC (C, most languages), \u20AC and \U0001F600 (C, Python, JSON, Go),
// \u{1F600} (JavaScript, Rust, Swift). One argument may hold several,
// separated by spaces or commas ("U+41 U+42"), or run together as escapes
// ("\u00e9\u20ac"); a JSON-style pair of \u surrogate escapes
// ("\ud83d\ude00") is the character it encodes.
package main

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf16"
)

// codePointSyntax is the three patterns, compiled on first use rather than
// at start: every run of the tool paid about 0.1 ms compiling them, and
// only explain reads code points.
var codePointSyntax = sync.OnceValue(func() (re struct{ codePointToken, escapesToken, oneEscape *regexp.Regexp }) {
	re.codePointToken = regexp.MustCompile(`^(?:[Uu]\+|0[xX])([0-9A-Fa-f]{1,8})$`)
	re.escapesToken = regexp.MustCompile(`^(?:\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|\\u\{[0-9A-Fa-f]{1,8}\})+$`)
	re.oneEscape = regexp.MustCompile(`\\u\{([0-9A-Fa-f]{1,8})\}|\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})`)
	return re
})

// parseCodePoints reads arg as code points. ok is false, with no error, when
// arg is not made only of code points: it is then text to explain.
func parseCodePoints(arg string) (rs []rune, ok bool, err error) {
	re := codePointSyntax()
	codePointToken, escapesToken, oneEscape := re.codePointToken, re.escapesToken, re.oneEscape
	tokens := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(tokens) == 0 {
		return nil, false, nil
	}
	for _, tok := range tokens {
		if !codePointToken.MatchString(tok) && !escapesToken.MatchString(tok) {
			return nil, false, nil
		}
	}
	for _, tok := range tokens {
		if m := codePointToken.FindStringSubmatch(tok); m != nil {
			r, err := codePointValue(tok, m[1])
			if err != nil {
				return nil, false, err
			}
			rs = append(rs, r)
			continue
		}
		var units []rune
		for _, m := range oneEscape.FindAllStringSubmatch(tok, -1) {
			r, err := codePointValue(m[0], m[1]+m[2]+m[3])
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

// codePointValue reads hex digits written as tok; values past 0x7FFFFFFF
// are no code point in any form.
func codePointValue(tok, digits string) (rune, error) {
	v, err := strconv.ParseUint(digits, 16, 32)
	if err != nil || v > 0x7FFFFFFF {
		return 0, usageError("%s: not a code point (the largest is U+10FFFF)", tok)
	}
	return rune(v), nil
}
