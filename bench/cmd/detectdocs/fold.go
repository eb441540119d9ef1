package main

import "strings"

// Text in a legacy encoding was written as that encoding could hold it:
// Romanian with ş and ţ (cedilla) where Unicode has ș and ț (comma below),
// Persian with the Arabic yeh and digits of Windows-1256, ASCII quotes
// and dashes in the ISO-8859 and DOS code pages. A document that does not
// encode losslessly into one of its language's encodings is folded with
// these conventions and tried again; the folded text is then the one the
// file must decode to, so the judge stays exact.
var (
	typographic = []string{"’", "'", "‘", "'", "‚", "'", "“", `"`, "”", `"`, "„", `"`, "«", `"`, "»", `"`,
		"…", "...", "—", "-", "–", "-", "‐", "-", "‑", "-", "→", "->", "←", "<-", "↑", "^", "↓", "v", "∶", ":",
		"•", "*", "€", "EUR", "™", "(TM)", "\u00A0", " ", "\u202F", " ", "\u2009", " ", "\u200B", ""}
	romanian  = []string{"ș", "ş", "Ș", "Ş", "ț", "ţ", "Ț", "Ţ"}
	arabicFix = []string{"ی", "ي", "ۍ", "ي", "ې", "ي", "\u0654", "", "ﻻ", "لا", "ﻼ", "لا",
		"٠", "0", "١", "1", "٢", "2", "٣", "3", "٤", "4", "٥", "5", "٦", "6", "٧", "7", "٨", "8", "٩", "9",
		"۰", "0", "۱", "1", "۲", "2", "۳", "3", "۴", "4", "۵", "5", "۶", "6", "۷", "7", "۸", "8", "۹", "9"}
	// ISO-8859-6 has neither the Persian letters nor the directional marks
	iso88596Fix = []string{"ک", "ك", "\u200F", "", "\u200E", "", "\u200C", "", "پ", "ب", "چ", "ج", "ژ", "ز", "گ", "ك"}
	// ISO-8859-8 has no Hebrew punctuation or points
	hebrewFix = []string{"׳", "'", "״", `"`, "־", "-"}
)

// folds maps, per encoding, characters to their conventional stand-ins.
var folds = map[string]map[rune]string{}

func init() {
	join := func(parts ...[]string) map[rune]string {
		m := map[rune]string{}
		for _, p := range parts {
			for i := 0; i+1 < len(p); i += 2 {
				r := []rune(p[i])
				if len(r) == 1 {
					m[r[0]] = p[i+1]
				}
			}
		}
		return m
	}
	for enc := range encodings {
		switch {
		case enc == "windows-1250" || enc == "iso-8859-2":
			folds[enc] = join(romanian, typographic)
		case enc == "windows-1256":
			folds[enc] = join(arabicFix, typographic)
		case enc == "iso-8859-6":
			folds[enc] = join(arabicFix, iso88596Fix, typographic)
		case enc == "iso-8859-8":
			folds[enc] = join(hebrewFix, typographic)
			// the points (niqqud) and cantillation marks are left out
			for c := rune(0x591); c <= 0x5C7; c++ {
				if c != 0x5BE && c != 0x5C0 && c != 0x5C3 && c != 0x5C6 {
					folds[enc][c] = ""
				}
			}
		case strings.HasPrefix(enc, "utf-") || enc == "gb18030":
		default:
			folds[enc] = join(typographic)
		}
	}
}

// fold returns text with each character enc cannot write replaced by its
// conventional stand-in (the others, € and curly quotes in Windows-1252
// included, stay as they are), and whether that changed anything.
func fold(enc, text string) (string, bool) {
	m := folds[enc]
	if m == nil {
		return text, false
	}
	e := encodings[enc].NewEncoder()
	can := map[rune]bool{}
	var b strings.Builder
	changed := false
	for _, r := range text {
		ok, seen := can[r]
		if !seen {
			_, err := e.String(string(r))
			ok = err == nil
			can[r] = ok
		}
		if rep, has := m[r]; !ok && has {
			b.WriteString(rep)
			changed = true
			continue
		}
		b.WriteRune(r)
	}
	return b.String(), changed
}
