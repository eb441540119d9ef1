// Character names for explain: the Unicode Character Database's names from
// golang.org/x/text/unicode/runenames, plus the names the standard derives by
// rule rather than lists (Unicode chapter 4.8, rules NR1 and NR2), for which
// runenames gives only a range label such as "<CJK Ideograph>":
//
//   - Hangul syllables U+AC00..U+D7A3: "HANGUL SYLLABLE " and the short names
//     of the syllable's leading consonant, vowel and optional trailing
//     consonant (chapter 3.12, from Jamo.txt);
//   - CJK unified ideographs and Tangut ideographs: the block's prefix and the
//     code point in hex, "CJK UNIFIED IDEOGRAPH-4E2D".
package main

import (
	"fmt"
	"strings"

	"golang.org/x/text/unicode/runenames"
)

// Jamo short names (Jamo.txt) of the 19 leading consonants, 21 vowels and 28
// trailing consonants (the first: none) that compose a Hangul syllable.
var (
	jamoL = [19]string{"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ", "C", "K", "T", "P", "H"}
	jamoV = [21]string{"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO", "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"}
	jamoT = [28]string{"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT", "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"}
)

const (
	hangulFirst = 0xAC00
	hangulLast  = 0xD7A3
)

// unicodeName returns r's name in the Unicode Character Database, derived
// names included; "" when r has none (unassigned), and runenames' label in
// angle brackets for the other unnamed ranges (private use, surrogates).
func unicodeName(r rune) string {
	n := runenames.Name(r)
	switch {
	case r >= hangulFirst && r <= hangulLast:
		s := int(r - hangulFirst)
		return "HANGUL SYLLABLE " + jamoL[s/(21*28)] + jamoV[s%(21*28)/28] + jamoT[s%28]
	case strings.HasPrefix(n, "<CJK Ideograph"):
		return fmt.Sprintf("CJK UNIFIED IDEOGRAPH-%04X", r)
	case strings.HasPrefix(n, "<Tangut Ideograph"):
		return fmt.Sprintf("TANGUT IDEOGRAPH-%04X", r)
	}
	return n
}
