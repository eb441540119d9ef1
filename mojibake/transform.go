package mojibake

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x/internal/utf8kernel"
)

// nextCandidate returns the offset in p of the first character that starts
// a misread character in some encoding, or -1. Unless atEOF, a character
// near the end of p that might start one once more input comes counts too.
//
// This is the pre-scan that lets clean text through fast: ASCII runs go
// through the kernel's vector scan; a character whose first two bytes no
// encoding's table reaches is skipped on those alone, and so are the
// blocks of eight bytes after it that hold no lead any encoding has
// (skipQuiet); runs of А..я or Α..ώ with the ASCII between them go eight
// bytes at a time (letterRun.blocks); the rest are looked
// up in a dense table, and only a lead followed by a continuation (in the
// same encoding) is checked further, with findUnit on the next few
// characters. A window the pre-scan passes holds no misread character, so
// rewriting it would leave it as it is: skipping it changes nothing.
func nextCandidate(p []byte, atEOF bool) int {
	c, _ := scanFrom(p, 0, atEOF)
	return c
}

// scanFrom is nextCandidate starting at p[from], which must be 0 or a
// resume point an earlier scan of p (or of a prefix of p) returned. Next to
// the candidate it returns a resume point: an offset up to which the scan
// found no candidate and where starting afresh (no lead before) leads it to
// the state it was in. That state depends on the last character only, and
// what the scan rejected with less input it rejects with more (unitAt says
// "maybe" whenever it runs out), so a later scan of the same bytes, longer
// or at the end of input, may start there.
func scanFrom(p []byte, from int, atEOF bool) (cand, resume int) {
	return scanVouched(p, from, atEOF, nil)
}

// vouchedReach says, for the encodings a text's lines before vouch for
// (docState: two lines surely misread through it, the later within
// docReach before), how far into the input scanned they still do.
type vouchedReach struct {
	any   uint16
	reach [numEncodings]int // offsets in the input scanned
}

// at returns the encodings vouched for at p[i].
func (v *vouchedReach) at(i int) uint16 {
	if v == nil {
		return 0
	}
	var m uint16
	for a := v.any; a != 0; a &= a - 1 {
		if e := bits.TrailingZeros16(a); i < v.reach[e] {
			m |= 1 << e
		}
	}
	return m
}

// scanVouched is scanFrom in a text whose lines before vouch for the
// encodings of v (nil: none): a misread character of one of them glued to
// a letter or digit after it needs one pair real text does not hold, not
// seesNeed's two (see unitAt), as the window's judgement does (docAsk).
// Without it a line whose only misread characters are ones the model sees
// one such pair in ("rá»«ng", rừng read as Windows-1252: á»« holds
// guillemets) was passed by the pre-scan while the same line in a window
// with another misread character was repaired. At a word's end on a line
// that opened a quotation with « such a character may be punctuation
// closing it ("«olá»…" is olá, », …, in Portuguese), and there the
// pre-scan asks what it asked before. Whether an encoding is vouched for
// at an offset depends on the text before it alone, so the result does not
// depend on how the input is split; its resume point holds for the same v
// only.
func scanVouched(p []byte, from int, atEOF bool, v *vouchedReach) (cand, resume int) {
	var prevLead uint16
	prevAt := 0
	n := len(p)
	// done is the resume point: after a character that is a lead in no
	// encoding, or at the start of one whose pair with the character
	// before was checked (processing it again sets the same state).
	done := from
	for i := from; i < n; {
		c := p[i]
		switch {
		case c < 0x80:
			if prevLead != 0 {
				if c == ' ' {
					if prevLead&nbspMask != 0 && lostNBSP(p, prevAt, atEOF) {
						// A capital glued to a small letter, then a space: a
						// no-break space may have become the space ("voilÃ  tout").
						return prevAt, done
					}
				} else if prevLead&strayMask != 0 && p[prevAt] < 0xE0 && strayCapital[p[prevAt]&0x1F]&(1<<(p[prevAt+1]&0x3F)) != 0 && 'a' <= c && c <= 'z' && strayLead(p, prevAt) {
					// A capital between small letters: a lead whose
					// continuation was lost ("naÄtení").
					return prevAt, done
				}
				prevLead = 0
			}
			i++
			if i+16 <= n {
				// A short run of ASCII (one or two bytes between words) is
				// passed with one 64-bit test, a long one by the kernel.
				if h := binary.LittleEndian.Uint64(p[i:]) & 0x8080808080808080; h != 0 {
					i += bits.TrailingZeros64(h) >> 3
				} else {
					i += 8 + utf8kernel.ASCIIPrefix(p[i+8:])
				}
			}
			done = i
			continue
		case c >= 0xC2 && c < 0xE0 && i+1 < n && p[i+1]&0xC0 == 0x80:
			if !mayMatter[c] { // Hebrew, Arabic, ...: no encoding has them
				prevLead = 0
				i = skipQuiet(p, i+2)
				done = i
				continue
			}
			if isBasicCyrillic(c, p[i+1]) {
				// А..я are a continuation byte in no encoding: a run of them
				// makes no pair but with what follows it, so only its last
				// letter counts. Russian is mostly such runs, with ASCII
				// between them, which blocks of eight bytes pass whole.
				if i+3 < n && (p[i+2] < 0x80 || isBasicCyrillic(p[i+2], p[i+3])) {
					// Not where a run is one letter (text misread as
					// Windows-1251: "РџСЂРёРІРµС‚"), where blocks would stop at once.
					if k := cyrillicRun.blocks(p, i); k > i {
						prevLead, prevAt, done = afterBlocks(p, k)
						i = k
						continue
					}
				}
				j := i + 2
				for j+1 < n && isBasicCyrillic(p[j], p[j+1]) {
					j += 2
				}
				prevLead, prevAt, done = lowMasks[rune(p[j-2]&0x1F)<<6|rune(p[j-1]&0x3F)].lead, j-2, j-2
				i = j
				continue
			}
			m := lowMasks[rune(c&0x1F)<<6|rune(p[i+1]&0x3F)]
			if prevLead&m.cont != 0 && unitAt(p, prevAt, prevLead&m.cont, atEOF, v.at(prevAt)) {
				return prevAt, done
			}
			prevLead, prevAt, done = m.lead, i, i
			if c&0xFE == 0xCE {
				// Greek: its pair with the character before is checked.
				if k := greekRun.blocks(p, i); k > i {
					prevLead, prevAt, done = afterBlocks(p, k)
					i = k
					continue
				}
			}
			i += 2
			continue
		case c >= 0xE0 && c < 0xF0 && i+2 < n && p[i+1]&0xC0 == 0x80 && p[i+2]&0xC0 == 0x80 &&
			!mayMatter3[int(c&0x0F)<<6|int(p[i+1]&0x3F)]:
			prevLead = 0
			i = skipQuiet(p, i+3)
			done = i
			continue
		case !mayMatter[c]:
			// Neither a lead nor a continuation in any encoding: skip it and
			// its continuation bytes, which can start no character.
			prevLead = 0
			done = i // cut short, the skip may stop inside the character
			i++
			for k := 0; k < 3 && i < n && p[i]&0xC0 == 0x80; k++ {
				i++
			}
			if i < n {
				done = i
			}
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && size == 1 {
			if !atEOF && !utf8.FullRune(p[i:]) {
				return i, done
			}
			prevLead = 0
			i++
			done = i
			continue
		}
		m := maskOf(r)
		if prevLead&m.cont != 0 && unitAt(p, prevAt, prevLead&m.cont, atEOF, v.at(prevAt)) {
			return prevAt, done
		}
		prevLead, prevAt, done = m.lead, i, i
		i += size
	}
	if prevLead != 0 && !atEOF {
		return prevAt, done
	}
	return -1, done
}

// skipQuiet returns the start of the first character at or after p[i] (a
// character's start, after one that is a lead in no encoding) that may be
// one: eight bytes at a time, it passes blocks holding no byte that starts
// a character any encoding maps a byte 80-FF to (mayMatter: C2-C6 CB CE CF
// D0-D2 E2 EF, tested as C2-D2, E2 and EF), and then the characters before
// the first such byte. Every character starting there is a lead and a
// continuation byte in no encoding, so the scan checks no pair there, and
// ASCII after it has no lead before it. Hebrew, Arabic, Hindi, CJK are
// mostly such blocks; the scan took them a character at a time. The test
// looks at leads only, so a block may start inside a character. A block
// of ASCII hands the run over to the kernel.
func skipQuiet(p []byte, i int) int {
	const lo7, hi = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	inside := false // i may be inside a character
	// Room for the block and the rest of the character across its end,
	// which the scan would otherwise read as cut short.
	for i+8+utf8.UTFMax <= len(p) {
		x := binary.LittleEndian.Uint64(p[i:])
		if x&hi == 0 {
			// ASCII: the kernel passes a long run faster.
			i += 8 + utf8kernel.ASCIIPrefix(p[i+8:])
			inside = false
			continue
		}
		v := x & lo7
		// Bytes C2-D2: the high bit set and the low seven bits 42-52.
		m := (v + (0x80-0x42)*(hi>>7)) &^ (v + (0x80-0x53)*(hi>>7)) & x
		// Bytes E2 and EF: a lane of x^E2.. or x^EF.. that is zero.
		e2, ef := x^0xE2E2E2E2E2E2E2E2, x^0xEFEFEFEFEFEFEFEF
		m |= ^((e2&lo7 + lo7) | e2) | ^((ef&lo7 + lo7) | ef)
		if m &= hi; m != 0 {
			return i + bits.TrailingZeros64(m)>>3 // a lead
		}
		i += 8
		inside = true
	}
	if inside {
		// The character across the last block's end starts inside it.
		for k := 0; k < utf8.UTFMax-1 && p[i]&0xC0 == 0x80; k++ {
			i++
		}
	}
	return i
}

// letterRun describes the letters of one alphabet that blocks passes:
// two-byte characters whose lead is L or L+1 (L even) and whose number u,
// the low bit of the lead then the low six bits of the continuation byte,
// is in uLo..uHi; the capitals among them are those up to capHi. Their
// masks are such that no pair of them is checked: none is a continuation
// byte in an encoding where another is a lead (the first of a checked pair).
// None is a lead in strayMask. TestLetterRuns checks both on the tables.
type letterRun struct {
	lead, lo, hi1, cap1 uint64 // L, 80-uLo, 80-(uHi+1), 80-(capHi+1), in each byte
}

func newLetterRun(l, uLo, uHi, capHi byte) letterRun {
	const ones = 0x0101010101010101
	return letterRun{uint64(l) * ones, uint64(0x80-uLo) * ones, uint64(0x80-uHi-1) * ones, uint64(0x80-capHi-1) * ones}
}

var (
	cyrillicRun = newLetterRun(0xD0, 0x10, 0x4F, 0x2F) // А..я, D0 90 to D1 8F; А..Я up to D0 AF
	greekRun    = newLetterRun(0xCE, 0x11, 0x4E, 0x2B) // Α..ώ, CE 91 to CF 8E; Α..Ϋ up to CE AB
)

// blocks returns how far from p[i], the start of a letter of r whose pair
// with the character before it the scan has checked, blocks of eight bytes
// hold only ASCII and letters of r, with no capital followed by a space (a
// lost no-break space, see lostNBSP). The scan checks no pair there: the
// letters make none with each other, nor with ASCII after them, and ASCII
// is a lead in no encoding. So Russian and Greek pass eight bytes at a time,
// the spaces between words with them, not a character at a time with a
// mispredicted branch at the end of every word. At a block that does not
// pass, blocks returns the start of its first character that does not
// (a lead, or a byte no lead comes before). The block after p[i] ends
// at a character's end: eight bytes on, or seven when the eighth is a lead.
// Each byte of a block is tested with the one or two after it (f, g).
func (r *letterRun) blocks(p []byte, i int) int {
	const ones, lo7, hi = 0x0101010101010101, 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	for i+10 <= len(p) {
		b := binary.LittleEndian.Uint64(p[i:])
		f := binary.LittleEndian.Uint64(p[i+1:])
		g := binary.LittleEndian.Uint64(p[i+2:])
		if b&hi == 0 {
			break // ASCII: the scan hands a long run to the kernel
		}
		// lead: the bytes that are L or L+1.
		y := (b ^ r.lead) &^ ones
		lead := ^((y&lo7 + lo7) | y) & hi
		// Every byte is ASCII, a lead, or the byte after one, which must
		// be a continuation byte (below).
		bad := b & hi &^ lead &^ (lead << 8)
		// A lead is followed by a continuation byte and makes a letter of r.
		u := f&(0x3F*ones) | (b&ones)<<6
		bad |= lead &^ ((u + r.lo) &^ (u + r.hi1) & f &^ (f << 1))
		// No capital is followed by a space.
		sp := g ^ (' ' * ones)
		bad |= lead & ^((sp&lo7 + lo7) | sp) &^ (u + r.cap1)
		if bad &= hi; bad != 0 {
			// The bytes before the first bad one hold letters and ASCII
			// whose pairs are checked, and the bad one starts a character.
			return i + bits.TrailingZeros64(bad)>>3
		}
		i += 8 - int(lead>>63)
	}
	return i
}

// afterBlocks returns the scan's state at p[k], where blocks stopped: the
// lead masks and place of the character before, and the resume point.
// That character is ASCII or a letter whose pair with the one before it
// blocks checked.
func afterBlocks(p []byte, k int) (prevLead uint16, prevAt, done int) {
	if p[k-1] < 0x80 {
		return 0, 0, k
	}
	return lowMasks[rune(p[k-2]&0x1F)<<6|rune(p[k-1]&0x3F)].lead, k - 2, k - 2
}

// modelMay reports whether a misread character the cost model finds clean
// is one the model of real text may repair on its own: a letter real text
// has, or a character of three bytes or more (– … •). A combining mark or
// a rare letter ("с²" read as KOI8-R is ӝ) would have the pre-scan stop in
// clean text for nothing, and Fix copy the whole text.
func modelMay(u unit) bool {
	in := infoOf(u.r)
	return in.kind == kLetter && !(in.cost > 0 && !attested(u.r)) || u.r >= 0x800
}

// seesNeed is how many pairs real text does not hold the pre-scan asks of
// a misread character the cost model sees nothing in: two, as a repair by
// the model alone needs (see modelOnly); one for a lost no-break space,
// which has its capital glued to a small letter besides. Asking one of all
// would stop it in clean Cyrillic text at every "с»".
func seesNeed(u unit) int {
	if u.space {
		return 1
	}
	return 2
}

// loneSees reports whether the model alone may repair the two-byte
// misread character s (decoding to r) between prev and next: one unseen
// pair, rare ones around it, a repair of common pairs (see loneEnough).
func loneSees(prev rune, s []rune, r, next rune) bool {
	if len(s) != 2 || prev >= 0x80 || next >= 0x80 {
		return false
	}
	return unseen(prev, s, next, 1) >= 1 && (loneEnough(prev, s, []rune{r}, next) || capitalInside(s, []rune{r}, prev, next))
}

// latinBeside reports whether the nearest letter before p[at] (or, at the
// start of a line, after the word there) is an ASCII one: the pre-scan's
// cheap guess that a word stands in Latin text (see isIsland), which
// keeps it from stopping at every "её" of Russian (ţ read as KOI8-R).
//
// No-break spaces, and no-break spaces misread as Windows-1251 once or
// twice ("В\u00a0", "Р’В\u00a0"), are passed over: a table's cells
// indented with them ("В\u00a0В\u00a0name") are the symbols misread
// symbolIsland judges.
func latinBeside(p []byte, at int) bool {
	for i := at - 1; i >= 0 && p[i] != '\n'; i-- {
		if c := p[i]; c == 0xA0 && i > 0 && p[i-1] == 0xC2 {
			i -= nbspEnding(p[:i+1]) - 1 // (each form ends in C2 A0)
		} else if c >= 0x80 {
			return false
		} else if isASCIILetter(c) {
			return true
		}
	}
	// The start of the line (or of p): look after the word there.
	i := at
	for i < len(p) && p[i] != ' ' && p[i] != '\n' && !(p[i] == 0xC2 && i+1 < len(p) && p[i+1] == 0xA0) {
		i++
	}
	for i < len(p) && p[i] != '\n' {
		c := p[i]
		if c < 0x80 {
			if isASCIILetter(c) {
				return true
			}
			i++
			continue
		}
		n := nbspStarting(p[i:])
		if n == 0 {
			return false
		}
		i += n
	}
	return false
}

// The UTF-8 of a no-break space, and of it misread as Windows-1251 once
// ("В\u00a0") and twice ("Р’В\u00a0").
var nbspForms = [...][]byte{[]byte("\u00a0"), []byte("В\u00a0"), []byte("Р’В\u00a0")}

// nbspStarting returns the length of the no-break space (or its misreading,
// nbspForms) p starts with, 0 if none; the longest.
func nbspStarting(p []byte) int {
	for k := len(nbspForms) - 1; k >= 0; k-- {
		if bytes.HasPrefix(p, nbspForms[k]) {
			return len(nbspForms[k])
		}
	}
	return 0
}

// nbspEnding is nbspStarting for the end of p.
func nbspEnding(p []byte) int {
	for k := len(nbspForms) - 1; k >= 0; k-- {
		if bytes.HasSuffix(p, nbspForms[k]) {
			return len(nbspForms[k])
		}
	}
	return 0
}

// boxFreeLine reports whether the line of p around p[at:end] holds no box
// drawing, shade or block (U+2500-U+259F, E2 94 80 to E2 96 9F) outside
// it: boxSymbol's test of the line, for the pre-scan, which stops at a
// piece of a drawing only where the window would judge it a symbol.
func boxFreeLine(p []byte, at, end int) bool {
	s := bytes.LastIndexByte(p[:at], '\n') + 1
	e := len(p)
	if k := bytes.IndexByte(p[end:], '\n'); k >= 0 {
		e = end + k
	}
	for i := s; i+2 < e; i++ {
		if p[i] == 0xE2 && p[i+1] >= 0x94 && p[i+1] <= 0x96 && (i < at || i >= end) {
			return false
		}
	}
	return true
}

// mayIsland reports whether a and b are letters of one alphabet, Greek or
// Cyrillic, as isIsland asks of a misread character.
func mayIsland(a, b rune) bool {
	s := alphabetOf(scriptOf(a))
	return (s == scGreek || s == scCyrillic) && alphabetOf(scriptOf(b)) == s
}

// lostNBSP reports whether the lead at p[at], followed by a space, may be a
// misread character whose no-break space became that space: a capital glued
// to a small letter (see judge), and a unit by unitAt.
func lostNBSP(p []byte, at int, atEOF bool) bool {
	var r rune
	if c := p[at]; c < 0xE0 && at+1 < len(p) {
		// Two bytes, the common case (the last letter of every word of a
		// Cyrillic or Greek text comes here): decoded without a call.
		r = rune(c&0x1F)<<6 | rune(p[at+1]&0x3F)
	} else {
		r, _ = utf8.DecodeRune(p[at:])
	}
	prev, after := none, none
	if at > 0 {
		prev, _ = utf8.DecodeLastRune(p[:at])
	}
	if k := at + utf8.RuneLen(r) + 1; k < len(p) {
		after, _ = utf8.DecodeRune(p[k:])
	}
	if !lostSpaceAfter(prev, r, after) {
		return false
	}
	return unitAt(p, at, maskOf(r).lead&nbspMask, atEOF, 0)
}

// strayLead reports whether the lead at p[at], which a small ASCII letter
// follows, is a capital in the place strayShape says: the window
// judges whether it is a lead whose continuation byte was lost.
func strayLead(p []byte, at int) bool {
	c := p[at]
	if at == 0 || c >= 0xE0 || at+1 >= len(p) {
		return false // a three-byte lead is no capital in any encoding
	}
	r := rune(c&0x1F)<<6 | rune(p[at+1]&0x3F)
	if !infoOf(r).upper {
		return false
	}
	p1, n := utf8.DecodeLastRune(p[:at])
	if p1 == utf8.RuneError || !infoOf(p1).lower {
		return false
	}
	p2, _ := utf8.DecodeLastRune(p[:at-n])
	return p2 != utf8.RuneError && strayBefore(p2)
}

// isBasicCyrillic reports whether the bytes b0 b1 are the UTF-8 of one of
// А..я (U+0410..U+044F, D0 90 to D1 8F).
func isBasicCyrillic(b0, b1 byte) bool {
	// As one number D090..D18F, but b1 must be a continuation byte: D0 E2
	// falls in that span and is no letter.
	return b1&0xC0 == 0x80 && uint16(b0)<<8|uint16(b1)-0xD090 <= 0xFF
}

// leadsNone reports whether p's first character is a lead in no encoding,
// as the scan classifies it: a scan starting there checks no pair at it.
func leadsNone(p []byte) bool {
	if len(p) == 0 || p[0] < 0x80 {
		return true
	}
	r, size := utf8.DecodeRune(p)
	if r == utf8.RuneError && size <= 1 {
		return true
	}
	return maskOf(r).lead == 0
}

// twoBytes reports whether c0, c1 are a two-byte UTF-8 sequence, the
// character rune(c0&0x1F)<<6 | rune(c1&0x3F).
func twoBytes(c0, c1 byte) bool { return c0-0xC2 < 0xE0-0xC2 && c1&0xC0 == 0x80 }

// threeBytes reports whether c0, c1, c2 are a character of three bytes
// as utf8.DecodeRune takes one: a lead E0-EF and two continuation bytes,
// neither overlong (E0 before 80-9F) nor a surrogate (ED before A0-BF).
func threeBytes(c0, c1, c2 byte) bool {
	return c0&0xF0 == 0xE0 && c1&0xC0 == 0x80 && c2&0xC0 == 0x80 && (c0 != 0xE0 || c1 >= 0xA0) && (c0 != 0xED || c1 < 0xA0)
}

// unitAt reports whether a misread character under one of the encodings in
// mask starts at p[at] and is bad between its neighbours; or whether one
// might, once more input comes (unless atEOF). A stretch is rewritten only
// for a gain, so only if it is bad, and its badness is that of its misread
// characters with their neighbours (the ASCII between them costs nothing;
// a guessed character needs a sure one beside it), or the model of real
// text sees one (modelOnly): windows without such a character would come
// out as they went in.
//
// For the encodings in lenient, which the text before vouches for (see
// scanVouched), the model of real text need see one pair real text does
// not hold, not seesNeed's, in a misread character glued to a letter or
// digit after it, or at a word's end on a line with no « before it.
func unitAt(p []byte, at int, mask uint16, atEOF bool, lenient uint16) bool {
	var rs [utf8.UTFMax*2 + 1]rune
	k := 0
	for j := at; k < len(rs); k++ {
		if j >= len(p) {
			if !atEOF {
				return true
			}
			break
		}
		var r rune
		var size int
		if c := p[j]; c < 0x80 {
			// ASCII (the letters around a misread character in Latin
			// text) and two bytes (most misread text): without
			// DecodeRune's call.
			r, size = rune(c), 1
		} else if j+1 < len(p) && twoBytes(c, p[j+1]) {
			r, size = rune(c&0x1F)<<6|rune(p[j+1]&0x3F), 2
		} else if j+2 < len(p) && threeBytes(c, p[j+1], p[j+2]) {
			// (The punctuation of Windows-1252 misread, CJK, Hangul.)
			r, size = rune(c&0x0F)<<12|rune(p[j+1]&0x3F)<<6|rune(p[j+2]&0x3F), 3
		} else {
			r, size = utf8.DecodeRune(p[j:])
		}
		if r == utf8.RuneError && size == 1 {
			if !atEOF && !utf8.FullRune(p[j:]) {
				return true
			}
			r = invalidByte
		}
		rs[k] = r
		j += size
	}
	prev := none
	if at > 0 {
		prev, _ = utf8.DecodeLastRune(p[:at])
		if prev == utf8.RuneError {
			prev = invalidByte
		}
	}
	for e := Codepage(0); e < numEncodings; e++ {
		if mask&(1<<e) == 0 {
			continue
		}
		var u unit
		ok := unitAtIn(rs[:k], 0, e, &u)
		if !ok || u.lossy && (u.space || !slices.Contains(rs[:u.end], 0xFFFD)) || u.space && !lostSpaceAfter(prev, rs[0], runeAt(rs[:k], int(u.end))) {
			// A lost no-break space stands only beside a sure misread
			// character, or where lostSpaceAfter finds its shape
			// ("voilÃ ", "12.Â ", see judge); a lost byte only beside
			// one, or where a U+FFFD stands for it.
			continue
		}
		if int(u.end) >= k && !atEOF {
			return true
		}
		if isHighSurrogate(u.r) {
			return true // half of a CESU-8 pair: judged in the window
		}
		if u.space && !infoOf(prev).lower {
			return true // Â or Ã after no letter or a capital, a space after it (see lostSpaceAfter): the window judges
		}
		next := none
		if int(u.end) < k {
			next = rs[int(u.end)]
		}
		if isBad(prev, rs[:int(u.end)], next) || modelMay(u) && (modelSeesN(prev, rs[:int(u.end)], next, seesNeed(u)) || loneSees(prev, rs[:int(u.end)], u.r, next)) {
			return true
		}
		if lenient&(1<<e) != 0 && modelMay(u) && (isWordChar(next) || !guillemetBefore(p, at)) && modelSeesN(prev, rs[:int(u.end)], next, 1) {
			// Glued to the letter or digit after it, or at a word's end
			// on a line that opened no quotation with a guillemet (where
			// the misread character may be punctuation closing it: "«olá»…"
			// is olá, », …).
			return true
		}
		if u.end == 2 && prev < 0x80 && next < 0x80 && !isWordChar(prev) && !isWordChar(next) && scriptOf(u.r) == scLatin && mayIsland(rs[0], rs[1]) && latinBeside(p, at) {
			// A word of two Greek or Cyrillic letters that is a Latin
			// letter misread, beside Latin words: the window tells
			// whether the line is Latin (see isIsland).
			return true
		}
		if (u.end == 3 || u.end == 2 && u.r < 0x100) && prev < 0x80 && next < 0x80 && loneSymbol(rs[:u.end], []rune{u.r}, prev, next) {
			// A symbol of three bytes misread alone ("вњ”" is ✔ read as
			// Windows-1251), one of whose pairs inside real text may
			// hold, or of Latin-1 the cost model finds no fault with
			// ("\"Â«." after a quotation mark): the window judges it
			// (isLoneSymbol).
			return true
		}
		if u.end == 2 && u.r == 0xA0 && rs[0] == 'Â' && isASCIILetterRune(prev) && at >= 3 && p[at-3] == '\\' && p[at-2] == 'f' && loneNoBreak(rs[:2], []rune{0xA0}, ' ', next) {
			// A no-break space misread after a troff font escape
			// ("\fRÂ\u00a0:"), which the cost model sees as glued to a
			// capital: the window judges it (see noBreakPrev).
			return true
		}
		if e == IBM437 && u.end == 2 && prev < 0x80 && next < 0x80 && infoOf(rs[0]).kind == kBox && latin1Symbol(IBM437, rs[0], rs[1]) &&
			boxFreeLine(p, at, at+utf8.RuneLen(rs[0])+utf8.RuneLen(rs[1])) {
			// A symbol of Latin-1 misread as IBM437 ("┬░" °), which only
			// its line tells from a piece of a drawing (see boxSymbol).
			return true
		}
		if e == Windows1251 && u.end == 2 && (latin1Symbol1251(rs[0], rs[1]) || u.r == 'В' && next == 'В') && latinBeside(p, at) {
			// A symbol of Latin-1 misread as Windows-1251 ("В©", "Г—"),
			// once or twice ("Р’В©"), which only its line tells from
			// Russian's "В" (see symbolIsland).
			return true
		}
		if next >= 0x80 && modelMay(u) && int(u.end)+1 < k && maskOf(next).lead&(1<<e) != 0 {
			// Another misread character may follow, glued: the stretch is
			// judged whole, and the pair the two make counts ("╨╜╨░" is
			// на read as IBM437, each half with one unseen pair alone).
			p := prev
			if p >= 0x80 {
				p = none
			}
			if unseen(p, rs[:int(u.end)+1], none, seesNeed(u)) >= seesNeed(u) {
				return true
			}
		}
	}
	return false
}

// guillemetBefore reports whether the line of p[at], as far as p holds it,
// has an opening guillemet « before at.
func guillemetBefore(p []byte, at int) bool {
	line := p[bytes.LastIndexByte(p[:at], '\n')+1 : at]
	return bytes.Contains(line, []byte("«"))
}

// Transformer undoes mojibake in a stream: it implements
// golang.org/x/text/transform.Transformer. Its output for an input is the
// same however the input is split into calls, and its memory stays bounded:
// each decision looks at one line at most (at most 2 KiB of it), at
// what the lines starting within the 16 KiB before it were surely misread
// through (an encoding each), and at whether the lines starting within
// the 1 KiB before it write the right form of a word it would repair
// alone (text about mojibake). A piece of a text starting after an LF is
// repaired as within the whole by a Transformer primed with the text
// before it (Prime).
type Transformer struct {
	// Report, if set before the first call to Transform, is called with
	// each change made, offsets counted from the start of the stream.
	Report func(Change)

	f fixer
	// primed is what Prime learnt of the text before: Reset goes back to
	// it. scratch is where Prime's output goes.
	primed  docState
	scratch []byte
	// held is the end of a window's repair that did not fit in the dst of
	// the call that made it (a repair may be longer than its window): the
	// next call writes it first.
	held []byte
	// hist holds the input consumed before the current call to Transform
	// (its last bytes: at least histReach+1 of them, when there were
	// that many), for the lines before a window that quote its repair
	// (aboutBefore); histCut says hist's first byte may not start a line.
	// primedHist and primedCut are what Prime left them as: Reset goes
	// back to them.
	hist, primedHist   []byte
	histCut, primedCut bool

	in, out int64 // bytes consumed and written so far
	// midLine says the input consumed so far does not end with an LF: the
	// next window does not start a line.
	midLine bool
	line    int64 // LFs consumed so far, counted only for Report
	col     int64 // characters consumed since the last LF, counted only for Report
	changes int64
	// The last pre-scan started at stream offset scanBase and found no
	// candidate before scanResume, a resume point (see scanFrom): input
	// handed in again after ErrShortSrc is not scanned twice, which made
	// tiny chunks cost time quadratic in a window.
	scanBase, scanResume int64
	// The input from t.in to nlFree holds no LF: for the same reason.
	nlFree int64
	// pending holds a window's changes before Report hears of them; sink,
	// set by Fix instead of Report, collects them all.
	pending []Change
	sink    *[]Change
	// looked counts the bytes the pre-scan and the searches for LF went
	// over, for the test that they go over each byte a bounded number of
	// times however small the chunks.
	looked int64
}

// Options narrow what Fix, FixString and a Transformer repair, and say
// how far the changes they report are explained; the zero value narrows
// nothing.
type Options struct {
	// Codepages, when not empty, are the only misreadings undone, in every
	// round of a chain: a text misread as Windows-1252 and then as
	// ISO-8859-1 needs both.
	Codepages []Codepage
	// Encodings is Codepages' former name: its codepages are undone too.
	//
	// Deprecated: use Codepages.
	Encodings []Codepage
	// NoLossy refuses repairs that guess what was lost: bytes read as
	// U+FFFD, dropped or stripped, and spaces taken for the no-break
	// spaces they had been.
	NoLossy bool
	// Explain counts each Change's evidence further than the decision
	// needed: Score up to 64 and UnseenBefore up to UnseenAfter+16, as
	// utf8x fix --explain and --json show them (see Change). It costs about
	// a fifth more time on text misread whole, and changes no decision.
	Explain bool
}

// apply sets f up for o.
func (o Options) apply(f *fixer) {
	f.allowed, f.noLossy, f.explain = 0, o.NoLossy, o.Explain
	for _, cps := range [2][]Codepage{o.Codepages, o.Encodings} {
		for _, e := range cps {
			if e < numEncodings {
				f.allowed |= 1 << e
			}
		}
	}
	if len(o.Codepages)+len(o.Encodings) > 0 && f.allowed == 0 {
		f.allowed = 1 << 15 // none of the known encodings: nothing is undone
	}
}

// NewTransformer returns a Transformer that undoes mojibake, narrowed by
// opts (at most one is used).
func NewTransformer(opts ...Options) *Transformer {
	t := &Transformer{}
	if len(opts) > 0 {
		opts[0].apply(&t.f)
	}
	return t
}

// Reset implements transform.Transformer.
func (t *Transformer) Reset() {
	t.f.doc = t.primed
	t.hist, t.histCut = append(t.hist[:0], t.primedHist...), t.primedCut
	t.midLine = false
	t.in, t.out, t.line, t.col, t.changes = 0, 0, 0, 0, 0
	t.held = t.held[:0]
	t.scanBase, t.scanResume, t.nlFree = 0, 0, 0
}

// PrimeSize is as much of the text before a piece as Prime looks at.
const PrimeSize = docReach + histReach + 1

// Prime tells t, new or just Reset, of the text before the piece it will
// read, so that t repairs the piece as it would within the whole text:
// the piece starts a line (before is empty or ends with an LF), and before
// holds the text up to it, or at least its last PrimeSize bytes, after any
// other repair the stream has (utf8x's of invalid bytes) as t would have
// read them. fromStart says before starts the text. Prime writes nothing
// and reports no change; the offsets, lines and columns of the changes t
// reports are counted from the piece's start. What Prime learnt stays
// until the next Prime: Reset (which transform.NewReader and
// transform.Bytes call) goes back to it, and Prime(nil, true) forgets it.
func (t *Transformer) Prime(before []byte, fromStart bool) {
	t.primed, t.primedHist, t.primedCut = docState{}, t.primedHist[:0], false
	t.Reset()
	end := bytes.LastIndexByte(before, '\n') + 1
	from := 0
	if k := len(before) - docReach; k > 0 || !fromStart {
		// Only the lines starting within docReach bytes of the piece
		// count: from just after the first LF at or after k-1.
		k = max(k, 1)
		if k > end {
			return // (no LF from k-1 on)
		}
		i := bytes.IndexByte(before[k-1:end], '\n')
		if i < 0 {
			return
		}
		from = k + i
	}
	if from >= end {
		return
	}
	// The windows replayed look at the lines starting within histReach
	// bytes before them (aboutBefore), as within the whole text: those
	// bytes are there.
	hs := max(from-histReach-1, 0)
	t.hist, t.histCut = append(t.hist[:0], before[hs:from]...), hs > 0 || !fromStart
	report, sink := t.Report, t.sink
	t.Report, t.sink = nil, nil
	src := before[from:end]
	// The output goes nowhere: into scratch, a window's room at least,
	// a piece at a time (Transform returns ErrShortDst when it is full).
	if t.scratch == nil {
		t.scratch = make([]byte, 2*maxWindow)
	}
	for len(src) > 0 {
		_, n, err := t.Transform(t.scratch, src, true)
		src = src[n:]
		if err != nil && (err != transform.ErrShortDst || n == 0) {
			break // (cannot happen: a window fits in scratch)
		}
	}
	t.primed = t.f.doc
	t.primed.shift(int64(from - len(before))) // the piece starts at offset 0
	t.primedHist, t.primedCut = append(t.primedHist[:0], t.hist...), t.histCut
	t.Reset()
	t.Report, t.sink = report, sink
}

// Context is what a Transformer learnt of the text it read that bears on
// the lines after it: the encodings the lines within the last 16 KiB were
// surely misread through, and the last bytes it read (the lines before a
// line that may quote its repair; see Prime).
type Context struct {
	doc  docState
	hist []byte // the input's last bytes (see Transformer.hist)
	cut  bool
}

// Context returns what t learnt of the text it read, for a Transformer
// that reads the text after it (PrimeContext). t's input so far must end
// with an LF, or be empty.
func (t *Transformer) Context() Context {
	c := Context{doc: t.f.doc, hist: slices.Clone(t.hist), cut: t.histCut}
	c.doc.shift(-t.in) // the next text starts at offset 0
	return c
}

// PrimeContext is Prime for a Transformer that reads the text after what
// the Transformer c came from had read, without reading that text again.
// What PrimeContext learnt stays until the next Prime or PrimeContext, as
// Prime's does.
func (t *Transformer) PrimeContext(c Context) {
	t.primed = c.doc
	t.primedHist, t.primedCut = append(t.primedHist[:0], c.hist...), c.cut
	t.Reset()
}

// lastLF is bytes.LastIndexByte(rest[:limit], '\n') for rest, the input
// from t.in on, not looking again where an earlier call found no LF.
func (t *Transformer) lastLF(rest []byte, limit int) int {
	k := int(min(max(t.nlFree-t.in, 0), int64(limit)))
	t.looked += int64(limit - k)
	// (Mostly there is none: the window goes on before the candidate.
	// LastIndexByte tells that a byte at a time; IndexByte, in assembly,
	// many at once. The last LF is searched for only once one is there.)
	if p := rest[k:limit]; bytes.IndexByte(p, '\n') >= 0 {
		return k + bytes.LastIndexByte(p, '\n')
	}
	t.nlFree = max(t.nlFree, t.in+int64(limit))
	return -1
}

// windowEnd is windowEnd(rest, atEOF) for rest, the input from t.in on,
// not looking again where an earlier call found no LF.
func (t *Transformer) windowEnd(rest []byte, atEOF bool) int {
	k := int(min(max(t.nlFree-t.in, 0), int64(len(rest))))
	t.looked += int64(max(min(len(rest), maxWindow)-k, 0))
	w := windowEndFrom(rest, k, atEOF)
	if w == 0 {
		t.nlFree = max(t.nlFree, t.in+int64(min(len(rest), maxWindow)))
	}
	return w
}

// scan is nextCandidate on rest, the input from stream offset t.in on,
// starting where the last scan's resume point allows.
func (t *Transformer) scan(rest []byte, atEOF bool) int {
	if t.f.doc.ready != 0 {
		var v vouchedReach
		for m := t.f.doc.ready; m != 0; m &= m - 1 {
			e := bits.TrailingZeros16(m)
			if r := t.f.doc.prev[e] + docReach - t.in; r > 0 {
				v.reach[e], v.any = int(min(r, int64(len(rest)))), v.any|1<<e
			}
		}
		if v.any != 0 {
			// (No resume point: it holds for one v, and v changes as t.in
			// moves on.)
			c, _ := scanVouched(rest, 0, atEOF, &v)
			if c < 0 {
				t.looked += int64(len(rest))
			} else {
				t.looked += int64(c)
			}
			t.scanBase, t.scanResume = t.in, 0
			return c
		}
	}
	from := 0
	if r := t.scanResume - t.in; r > 0 && r <= int64(len(rest)) && (t.scanBase == t.in || leadsNone(rest)) {
		// From a later start the scan meets the same states, but for the
		// pair at the start itself, which it does not check: none when
		// the first character is no lead.
		from = int(r)
	}
	c, resume := scanFrom(rest, from, atEOF)
	if c < 0 {
		t.looked += int64(len(rest) - from)
	} else {
		t.looked += int64(max(c-from, 0))
	}
	if resume > from {
		t.scanBase, t.scanResume = t.in, t.in+int64(resume)
	} else if from == 0 {
		t.scanBase, t.scanResume = t.in, 0
	}
	return c
}

// Changes returns how many stretches have been rewritten so far.
func (t *Transformer) Changes() int64 { return t.changes }

// Transform implements transform.Transformer.
func (t *Transformer) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	nDst, nSrc, err = t.transform(dst, src, atEOF)
	t.keep(src[:nSrc])
	return nDst, nSrc, err
}

// keep adds p, input consumed, to t.hist, which keeps at least the last
// histReach+1 bytes and at most twice that many (so that tiny calls copy
// each byte a bounded number of times).
func (t *Transformer) keep(p []byte) {
	const most = 2 * (histReach + 1)
	if len(p) >= histReach+1 {
		t.hist, t.histCut = append(t.hist[:0], p[len(p)-histReach-1:]...), true
		return
	}
	if len(t.hist)+len(p) > most {
		drop := len(t.hist) + len(p) - (histReach + 1)
		t.hist, t.histCut = append(t.hist[:0], t.hist[drop:]...), true
	}
	t.hist = append(t.hist, p...)
}

func (t *Transformer) transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	buildTables()
	if len(t.held) > 0 {
		nDst = copy(dst, t.held)
		t.held = t.held[nDst:]
		if len(t.held) > 0 {
			return nDst, 0, transform.ErrShortDst
		}
	}
	for nSrc < len(src) {
		rest := src[nSrc:]
		c := t.scan(rest, atEOF)
		// safe is a window boundary before which rest holds no candidate.
		var safe int
		switch {
		case c < 0 && atEOF:
			safe = len(rest)
		case c < 0:
			safe = t.lastLF(rest, len(rest)) + 1
			if safe == 0 {
				safe = t.windowEnd(rest, false)
			}
		default:
			safe = t.lastLF(rest, c) + 1
		}
		if safe > 0 {
			if room := len(dst) - nDst; safe > room {
				safe = lastBoundary(rest, room)
				if safe == 0 {
					return nDst, nSrc, transform.ErrShortDst
				}
			}
			t.pass(rest[:safe])
			nDst += copy(dst[nDst:], rest[:safe])
			nSrc += safe
			continue
		}
		if c < 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		// rest starts with a window boundary and holds a candidate at c:
		// pass the windows before it, then rewrite the one holding it.
		w := t.windowEnd(rest, atEOF)
		if w == 0 {
			return nDst, nSrc, transform.ErrShortSrc
		}
		if len(dst)-nDst < w {
			return nDst, nSrc, transform.ErrShortDst
		}
		if w <= c {
			t.pass(rest[:w])
			nDst += copy(dst[nDst:], rest[:w])
			nSrc += w
			continue
		}
		t.f.hist, t.f.histNow, t.f.histCut = t.hist, src[:nSrc], t.histCut
		room := len(dst) - nDst
		out := t.rewrite(dst[nDst:nDst:len(dst)], rest[:w])
		t.f.hist, t.f.histNow = nil, nil // (not keeping the caller's src)
		nSrc += w
		if len(out) > room {
			// The repair outgrew the room dst had, which holds the window
			// (a lost byte written as U+FFFD, three bytes, in place of the
			// misread character of two left of it: "ÃA"): what does not
			// fit waits for the next call.
			k := copy(dst[nDst:], out)
			t.held = append(t.held[:0], out[k:]...)
			return nDst + k, nSrc, transform.ErrShortDst
		}
		nDst += len(out)
	}
	return nDst, nSrc, nil
}

// lastBoundary returns the last window boundary in p no farther than limit, or 0.
func lastBoundary(p []byte, limit int) int {
	if b := bytes.LastIndexByte(p[:limit], '\n') + 1; b > 0 {
		return b
	}
	at := 0
	for {
		w := windowEnd(p[at:], false)
		if w == 0 || at+w > limit {
			return at
		}
		at += w
	}
}

// pass accounts for unchanged input.
func (t *Transformer) pass(p []byte) {
	t.in += int64(len(p))
	t.out += int64(len(p))
	if len(p) > 0 {
		t.midLine = p[len(p)-1] != '\n'
	}
	if t.Report != nil || t.sink != nil {
		// Windows and the stretches passed whole end before a character
		// or an LF (or at the end of input), so counting each piece on its
		// own counts the line's characters. Most end with an LF.
		i := len(p) - 1
		if i < 0 || p[i] != '\n' {
			if bytes.IndexByte(p, '\n') < 0 {
				t.col += int64(runeCount(p))
				return
			}
			i = bytes.LastIndexByte(p, '\n')
		}
		t.line += int64(bytes.Count(p[:i+1], []byte{'\n'}))
		t.col = int64(runeCount(p[i+1:]))
	}
}

// runeCount is utf8.RuneCount (a byte that is not part of valid UTF-8
// counts as one), counting the valid stretches with the kernel:
// utf8.RuneCount converts its input to a string past the first byte
// beyond ASCII, and decodes a character at a time.
func runeCount(p []byte) int {
	n := 0
	for len(p) > 0 {
		k, runes, _ := utf8kernel.ValidRunes(p)
		n += runes
		if p = p[k:]; len(p) > 0 {
			_, size := utf8.DecodeRune(p)
			n++
			p = p[size:]
		}
	}
	return n
}

// rewrite appends the repair of window w to dst, which has room for len(w)
// bytes, and accounts for it.
func (t *Transformer) rewrite(dst, w []byte) []byte {
	cs := t.sink
	if cs == nil && t.Report != nil {
		cs = &t.pending
	}
	var out []byte
	var n int
	t.f.at, t.f.lineStart = t.in, !t.midLine
	if cs == nil {
		out, n = t.f.window(dst, w, nil)
	} else {
		mark := len(*cs)
		out, n = t.f.window(dst, w, cs)
		// The window's changes come relative to it; w holds no LF before
		// them, so their line is the one going on at w's start.
		for i := range (*cs)[mark:] {
			c := &(*cs)[mark+i]
			c.Line, c.Column = t.line+1, t.col+c.Column+1
			c.InStart += t.in
			c.InEnd += t.in
			c.OutStart += t.out
			c.OutEnd += t.out
		}
		if cs == &t.pending {
			// Emptied first: should Report panic, the next window does not
			// report these again.
			p := t.pending
			t.pending = t.pending[:0]
			for _, c := range p {
				t.Report(c)
			}
			clear(p) // (not keeping the texts alive)
		}
	}
	t.changes += int64(n)
	if cs != nil && len(w) > 0 && w[len(w)-1] == '\n' {
		// A window holds no LF but at its end: pass's count of them,
		// over the whole window, is not needed.
		t.in += int64(len(w))
		t.out += int64(len(out))
		t.line, t.col, t.midLine = t.line+1, 0, false
		return out
	}
	t.pass(w)
	t.out += int64(len(out) - len(w))
	return out
}

// fixState is what Fix needs besides its output: a Transformer, with its
// fixer's scratch space, and the changes so far. Fix takes one from
// fixPool, so that calls in a row reuse them.
type fixState struct {
	t       Transformer
	changes []Change
}

var fixPool = sync.Pool{New: func() any { return new(fixState) }}

// maxPooledChanges bounds the changes a fixState kept in fixPool has room
// for: a text with more gets its own.
const maxPooledChanges = 1 << 14

// Fix returns s with its mojibake undone, and the changes made, narrowed by
// opts (at most one is used). It returns s itself when nothing changed.
func Fix(s []byte, opts ...Options) ([]byte, []Change) {
	return fix(s, opts, false)
}

// fix is Fix; noTexts leaves the changes' Old and New empty, for the
// caller to fill.
func fix(s []byte, opts []Options, noTexts bool) ([]byte, []Change) {
	buildTables()
	in := s
	c, resume := scanFrom(s, 0, true)
	if c < 0 {
		return s, nil
	}
	st := fixPool.Get().(*fixState)
	t := &st.t
	t.Reset()
	o := Options{}
	if len(opts) > 0 {
		o = opts[0]
	}
	o.apply(&t.f)
	t.f.noTexts = noTexts
	// The changes are collected in st.changes, which calls in a row
	// reuse, and copied once to a slice of their number: appending to a
	// slice of Change (whose growth copies them and clears pointers for
	// the collector at each step) cost more than the copy.
	t.sink = &st.changes
	t.scanResume = int64(resume) // the Transformer's first scan goes on from there
	// The output rarely outgrows the input (a lost byte written as U+FFFD
	// in place of one misread character does), so one call mostly does it
	// all; the loop grows dst and takes what the Transformer held back.
	dst := make([]byte, len(s)+maxWindow)
	out := dst[:0]
	for len(s) > 0 || len(t.held) > 0 {
		nDst, nSrc, _ := t.Transform(dst[len(out):cap(dst)], s, true)
		out = dst[:len(out)+nDst]
		s = s[nSrc:]
		if nSrc == 0 && nDst == 0 && cap(dst)-len(out) > len(s)+maxWindow {
			out = append(out, s...) // no progress with room to spare: keep the rest as it is
			break
		}
		if (len(s) > 0 || len(t.held) > 0) && len(out)+maxWindow > cap(dst) {
			dst = append(out, make([]byte, len(s)+maxWindow)...)
		}
	}
	var changes []Change
	if len(st.changes) > 0 {
		changes = slices.Clone(st.changes)
	}
	clear(st.changes) // (the pool keeps no texts alive)
	st.changes = st.changes[:0]
	t.sink, t.f.noTexts = nil, false
	if cap(st.changes) <= maxPooledChanges {
		fixPool.Put(st)
	}
	if len(changes) == 0 {
		return in, nil
	}
	return out, changes
}

// FixString is Fix for a string.
func FixString(s string, opts ...Options) (string, []Change) {
	// Fix only reads its input, and the output it makes is no one else's:
	// both are strings without a copy, and the changes' texts are slices
	// of them.
	out, cs := fix(unsafe.Slice(unsafe.StringData(s), len(s)), opts, true)
	if len(cs) == 0 {
		return s, nil
	}
	o := unsafe.String(unsafe.SliceData(out), len(out))
	for i := range cs {
		c := &cs[i]
		c.Old, c.New = s[c.InStart:c.InEnd], o[c.OutStart:c.OutEnd]
	}
	return o, cs
}
