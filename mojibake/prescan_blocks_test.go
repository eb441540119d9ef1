package mojibake

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLetterRuns checks on the tables what letterRun.blocks assumes of the
// letters of each run: no pair of them is checked (none is a continuation
// byte in an encoding where another is a lead), none is a lead in
// strayMask, and the capitals are those the run counts as such.
func TestLetterRuns(t *testing.T) {
	for _, tc := range []struct {
		name            string
		r               letterRun
		first, last     rune
		lastCap, letter rune
	}{
		{"Cyrillic", cyrillicRun, 'А', 'я', 'Я', 'ж'},
		{"Greek", greekRun, 'Α', 'ώ', 'Ϋ', 'λ'},
	} {
		l := byte(tc.r.lead)
		uLo, uHi, capHi := byte(0x80-tc.r.lo&0xFF), byte(0x80-tc.r.hi1&0xFF-1), byte(0x80-tc.r.cap1&0xFF-1)
		var leads uint16
		n := 0
		for u := uLo; u <= uHi; u++ {
			r := rune(l&0x1F)<<6 | rune(u)
			leads |= lowMasks[r].lead
			n++
			if got := r == tc.first; got != (u == uLo) {
				t.Errorf("%s: first letter %U, want %U", tc.name, r, tc.first)
			}
			if u == uHi && r != tc.last {
				t.Errorf("%s: last letter %U, want %U", tc.name, r, tc.last)
			}
			if u == capHi && r != tc.lastCap {
				t.Errorf("%s: last capital %U, want %U", tc.name, r, tc.lastCap)
			}
		}
		for u := uLo; u <= uHi; u++ {
			r := rune(l&0x1F)<<6 | rune(u)
			m := lowMasks[r]
			if m.cont&leads != 0 {
				t.Errorf("%s: %c (%U) is a continuation byte where a letter of the run is a lead: %03x", tc.name, r, r, m.cont&leads)
			}
			if m.lead&strayMask != 0 {
				t.Errorf("%s: %c is a lead in strayMask", tc.name, r)
			}
			if infoOf(r).upper && u > capHi {
				t.Errorf("%s: capital %c after the run's capitals", tc.name, r)
			}
		}
		if n != int(tc.last-tc.first)+1 {
			t.Errorf("%s: %d letters", tc.name, n)
		}
		// blocks passes a text of the run's letters and spaces, and stops
		// before a capital followed by a space, any other byte, or a
		// letter cut short.
		word := strings.Repeat(string(tc.letter), 5) + " "
		text := []byte(strings.Repeat(word, 10))
		if k := tc.r.blocks(text, 0); k < len(text)-16 || !utf8.FullRune(text[k:]) && k != len(text) {
			t.Errorf("%s: blocks passed %d of %d bytes of %q", tc.name, k, len(text), word)
		}
		for _, bad := range []string{string(tc.lastCap) + " ", "é", "\xff", "\x80", string(tc.first)[:1], string(tc.first)[:1] + "a", string(tc.last + 1), string(tc.first - 1)} {
			for at := 0; at < 24; at++ {
				q := append([]byte(nil), text[:at]...)
				q = append(q, bad...)
				q = append(q, text...)
				if k := tc.r.blocks(q, 0); k > at {
					t.Errorf("%s: blocks passed %d bytes of %q", tc.name, k, q[:k+len(bad)])
				}
			}
		}
	}
}

// TestSkipQuiet checks that skipQuiet stops at or before every lead some
// encoding has (mayMatter), wherever it stands, and passes the others.
func TestSkipQuiet(t *testing.T) {
	quiet := "שלום " // Hebrew: no encoding has it
	for b := 0xC2; b <= 0xF4; b++ {
		size := 2
		if b >= 0xE0 {
			size = 3
		}
		if b >= 0xF0 {
			size = 4
		}
		ch := append([]byte{byte(b)}, []byte(strings.Repeat("\xa0", size-1))...)
		for at := 0; at < 20; at++ {
			p := []byte(strings.Repeat("x", at) + quiet + quiet)
			pos := at
			p = append(p[:pos], append(ch, p[pos:]...)...)
			p = append(p, strings.Repeat(quiet, 4)...)
			k := skipQuiet(p, 0)
			if mayMatter[b] && k > pos {
				t.Errorf("lead %02X at %d: skipQuiet passed it (%d)", b, pos, k)
			}
			if !utf8.RuneStart(p[k]) {
				t.Errorf("lead %02X at %d: skipQuiet stopped inside a character (%d)", b, pos, k)
			}
			if !mayMatter[b] && b != 0xE2 && b != 0xEF && (b < 0xC2 || b > 0xD2) && k <= pos+size {
				t.Errorf("lead %02X at %d: skipQuiet stopped at %d", b, pos, k)
			}
		}
	}
}
