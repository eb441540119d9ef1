package main

import (
	"math/rand"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// The syntax of code points, as regular expressions (what parseCodePoints
// read with before it was written out by hand, so that the tool does not
// link regexp): the reference the hand-written reader must agree with.
var (
	refCodePointToken = regexp.MustCompile(`^(?:[Uu]\+|0[xX])([0-9A-Fa-f]{1,8})$`)
	refEscapesToken   = regexp.MustCompile(`^(?:\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|\\u\{[0-9A-Fa-f]{1,8}\})+$`)
	refOneEscape      = regexp.MustCompile(`\\u\{([0-9A-Fa-f]{1,8})\}|\\u([0-9A-Fa-f]{4})|\\U([0-9A-Fa-f]{8})`)
)

func refParseCodePoints(arg string) (rs []rune, ok bool, err error) {
	tokens := strings.FieldsFunc(arg, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(tokens) == 0 {
		return nil, false, nil
	}
	for _, tok := range tokens {
		if !refCodePointToken.MatchString(tok) && !refEscapesToken.MatchString(tok) {
			return nil, false, nil
		}
	}
	for _, tok := range tokens {
		if m := refCodePointToken.FindStringSubmatch(tok); m != nil {
			r, err := codePointValue(tok, m[1])
			if err != nil {
				return nil, false, err
			}
			rs = append(rs, r)
			continue
		}
		var units []rune
		for _, m := range refOneEscape.FindAllStringSubmatch(tok, -1) {
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

func checkSameCodePoints(t *testing.T, arg string) {
	t.Helper()
	rs, ok, err := parseCodePoints(arg)
	wrs, wok, werr := refParseCodePoints(arg)
	if !reflect.DeepEqual(rs, wrs) || ok != wok || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
		t.Errorf("parseCodePoints(%q) = %q, %v, %v; the expressions read %q, %v, %v", arg, rs, ok, err, wrs, wok, werr)
	}
}

func TestParseCodePointsAsExpressions(t *testing.T) {
	for _, arg := range []string{
		"U+20AC", "u+41", "0x20AC", "0X1f600", "U+", "0x", "U+123456789", "U+12345678", "U+FFFFFFFF", "U+G1",
		`\u20AC`, `\U0001F600`, `\u{1F600}`, `\u{}`, `\u{123456789}`, `\u{12345678}`, `\u{1F600`, `\u20A`, `\U0001F60`,
		`\ud83d\ude00`, `\ud83d`, `\ude00\ud83d`, `\u00e9\u20ac\U0001F600\u{41}`, `\x41`, `\\u0041`, `\u0041x`,
		"U+41 U+42", "U+41,0x42", "U+41 €", "€", "", " , ", "\tU+41\n", `U+41 \u0042`, "0x7FFFFFFF", "0x80000000",
	} {
		checkSameCodePoints(t, arg)
	}
	// Random strings of the characters the syntax is made of.
	const alphabet = `\uU{}+0xX19aAfFgG ,`
	rng := rand.New(rand.NewSource(1))
	for range 200000 {
		b := make([]byte, 1+rng.Intn(14))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		checkSameCodePoints(t, string(b))
	}
	// Random well-formed escapes and tokens, so that many are read.
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.Intn(4) {
			v := rng.Uint32() >> uint(rng.Intn(32))
			switch rng.Intn(5) {
			case 0:
				b.WriteString("U+" + strconv.FormatUint(uint64(v), 16) + " ")
			case 1:
				b.WriteString(`\u{` + strconv.FormatUint(uint64(v), 16) + "}")
			case 2:
				b.WriteString(`\u` + strconv.FormatUint(uint64(0x10000|v&0xFFFF), 16)[1:])
			case 3:
				b.WriteString(`\U` + strconv.FormatUint(uint64(1<<32|uint64(v)), 16)[1:])
			case 4:
				b.WriteString(`\ud83d\ude00`)
			}
		}
		checkSameCodePoints(t, b.String())
	}
}

// The hand-written reader and the expressions agree on any argument.
func FuzzParseCodePointsAsExpressions(f *testing.F) {
	for _, s := range []string{"U+20AC", `\ud83d\ude00`, `\u{1F600}`, "0x41,U+42", `\U0001F600x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) { checkSameCodePoints(t, arg) })
}
