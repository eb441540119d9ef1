package mojibake

import (
	"bytes"
	_ "embed"
	"fmt"
	bits64 "math/bits"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// pairModel is the model of real text: a Bloom filter of the pairs of
// adjacent characters (one at least not ASCII, letters folded to small
// ones) that the training text holds, built by mojibake/internal/gen from
// Debian's translated manual pages and gettext catalogs in all the
// languages the project trains on.
//
//go:embed pairs.bin
var pairModel []byte

// pairArray is pairModel as an array, for pairs.HasIn (inlined where every
// pair of a text is looked up); nil without a model, where every pair is
// plausible.
var pairArray = func() *[pairs.Bits / 8]byte {
	if len(pairModel) != pairs.Bits/8 {
		return nil
	}
	return (*[pairs.Bits / 8]byte)(pairModel)
}()

// commonModel is the filter of the pairs of pairModel that are common in
// real text: in pairs.CommonLines distinct lines of the training text or
// more.
//
//go:embed common.bin
var commonModel []byte

// pairFPTable lists the pairs misreading makes that the filter holds by a
// collision only, never seen in the training text (written by
// mojibake/internal/gen; see pairs.FalsePositives); pairFP is it as a set,
// read by buildTables.
//
//go:embed pairs-fp.bin
var pairFPTable []byte

var pairFP *pairs.FalsePositives

// modelHas is pairs.HasIn(pairArray, a, b) for folded, counted a, b with
// pairArray not nil, without the filter's collisions on the pairs
// misreading makes: whether the training text holds the pair. Every
// question to the model of real text is this one (the tiles are built
// from it).
func modelHas(a, b rune) bool {
	// The pairs beyond the tiles (tileLimit) are asked of the filter
	// every time: a word of Hangul or CJK after a space or before
	// punctuation, in each stretch of such text misread. The answers are
	// remembered in modelMemo, each entry holding its pair with the
	// answer, which makes it valid on its own (goroutines may race to
	// write it: each write is one whole entry, and any entry read answers
	// for its own pair only). This part is small enough to be inlined.
	if uint32(a)|uint32(b) < 1<<21 {
		key := uint64(a)<<21 | uint64(b)
		if v := modelMemo[key*0x9E3779B97F4A7C15>>(64-memoBits)].Load(); v>>2 == key && v&2 != 0 {
			return v&1 != 0
		}
	}
	return modelAsk(a, b)
}

// modelAsk is modelHas without modelMemo's answer: it asks the filter,
// and remembers the answer.
func modelAsk(a, b rune) bool {
	has := pairs.HasIn(pairArray, a, b) && !pairFP.Has(a, b)
	if uint32(a)|uint32(b) < 1<<21 {
		key := uint64(a)<<21 | uint64(b)
		v := key<<2 | 2
		if has {
			v |= 1
		}
		modelMemo[key*0x9E3779B97F4A7C15>>(64-memoBits)].Store(v)
	}
	return has
}

// modelMemo remembers modelHas's answers: an entry is the pair (a<<21 | b,
// both below 1<<21, past unicode.MaxRune) shifted left by two, then 2 (the entry is
// set) and the answer in the lowest bit. (The tables modelHas reads,
// pairArray and pairFP, are set before any question, as the tiles need
// too: buildTables.)
const memoBits = 12

var modelMemo [1 << memoBits]atomic.Uint64

// rarity scores the pairs of adjacent characters of prev, s, next (as
// unseen counts them, without the shape of words) by how rare real text
// has them: 2 for a pair it does not hold, 1 for one it holds but is not
// common, 0 for a common one.
func rarity(prev rune, s []rune, next rune) int {
	n := 0
	a := pairs.Fold(prev)
	for i := 0; i <= len(s); i++ {
		r := next
		if i < len(s) {
			r = s[i]
		}
		if r == none && i == len(s) {
			r = ' '
		}
		b := pairs.Fold(r)
		if pairs.Counted(a, b) && a != 0xFFFD && b != 0xFFFD {
			switch {
			case pairArray != nil && !modelHas(a, b):
				n += 2
			case !pairs.HasSized(commonModel, a, b):
				n++
			}
		}
		a = b
	}
	return n
}

// capitalInside reports whether s, a two-character misread character
// between prev and next (ASCII or the line's edge), is a capital glued to
// a small ASCII letter before it and a small letter after ("RepĂşblica",
// "submenĂş"), which words are not written with, and its repair out a
// small letter whose pairs there are common.
//
// A symbol, punctuation or box drawing glued to a letter beyond ASCII, in
// either order, is no more how words are written, wherever it stands in
// a word: it counts the same when the repair is a letter of the word's
// shape there (its pairs common):
//   - between two small ASCII letters, a small letter ("ob»õine", obține
//     read as Mac OS Roman);
//   - between two capitals, or at a word's start before a capital, a
//     capital ("DESCRIPCIÃ“N", Ó read as Windows-1252, whose "IÃ"
//     Vietnamese capitals hold: GIÃ; "├ûRNEK", ÖRNEK read as code page
//     437);
//   - at a word's start (prev a space, ASCII punctuation or the line's
//     edge) before a small letter, a capital, the word in title case
//     ("├änderung", Änderung read as code page 437; "Г„nderung", as
//     Windows-1251), or, when the pair begins with the symbol, a small
//     letter ("├«n", în read as code page 437; "»ôi", și read as Mac OS
//     Roman);
//   - after a capital at a word's start and before a small letter, when
//     the pair begins with the letter, a small letter ("SÃ¡nchez",
//     Sánchez read as Windows-1252);
//   - at a word's end after a small letter, a small letter ("sÄ…", są
//     read as Windows-1252);
//   - as a word of its own, when the pair begins with the symbol ("├á",
//     à read as code page 437).
//
// Real text puts a symbol before a word's first letter or after its last
// ("»Änderung«", "(Ära", "są…"), not between a letter and the rest, and
// a word of one letter is not written with a symbol glued to it.
func capitalInside(s, out []rune, prev, next rune) bool {
	if len(s) != 2 || len(out) != 1 {
		return false
	}
	k := infoOf(s[0]).kind
	if symFirst := (k >= kOpen && k <= kSymbol || k == kBox) && s[0] >= 0x80; symFirst || symbolAfterLetter(s) {
		in := infoOf(out[0])
		if in.kind != kLetter {
			return false
		}
		lowerP, upperP := 'a' <= prev && prev <= 'z', 'A' <= prev && prev <= 'Z'
		lowerN, upperN := 'a' <= next && next <= 'z', 'A' <= next && next <= 'Z'
		edgeP, edgeN := prev < 0x80 && !isWordChar(prev), next < 0x80 && !isWordChar(next)
		ok := false
		switch {
		case lowerP && lowerN, lowerP && edgeN:
			ok = in.lower
		case upperP && upperN, edgeP && upperN:
			ok = in.upper
		case edgeP && lowerN:
			ok = in.upper || symFirst && in.lower
		case upperP && lowerN:
			// A word in title case, its second letter misread: a letter
			// and then a symbol ("SÃ¡nchez", "DÃ¡niel"). Symbol first
			// stays: a capital, a mark and a letter is how names are
			// spelled ("D´Silva", "O’Brien").
			ok = !symFirst && in.lower
		case edgeP && edgeN:
			ok = symFirst
		}
		return ok && rarity(prev, out, pairNeighbour(next, true)) == 0
	}
	return 'a' <= prev && prev <= 'z' && !('A' <= next && next <= 'Z') &&
		infoOf(s[0]).upper && infoOf(s[1]).lower && infoOf(s[1]).kind == kLetter &&
		infoOf(out[0]).lower && rarity(prev, out, pairNeighbour(next, true)) == 0
}

// wideAlone reports whether rs[start:end] is one misread character of
// three bytes standing as a word of its own (between ASCII spaces,
// punctuation or the line's edges; not among other characters of a code
// page, "┤Áâà©" of a table of Mac OS Roman) whose repair out is one
// ideograph, kana or Hangul syllable, and whose two pairs inside are both
// pairs real text does not hold: a lead glued to two symbols ("| é”® |",
// 键; "(ãƒ„)", ツ; "'ä¾‹'", 例). One such character is a word in the
// languages that write them, and Latin text quotes them one at a time (a
// table of translations, a kaomoji), where a letter of an alphabet out of
// its script is a symbol misread (Hebrew, Arabic or IPA in Latin text stay
// refused).
func wideAlone(rs []rune, start, end int, us stretchUnits, out []rune, prev, next rune) bool {
	if end-start != 3 || us.n != 1 || us.firstWidth != 3 || us.outer != nil || len(out) != 1 || isWordChar(prev) || isWordChar(next) || prev >= 0x80 || next >= 0x80 || pairArray == nil {
		return false
	}
	s := rs[start:end]
	for i := 1; i < len(s); i++ {
		if a, b, ok := innerPair(s, i); !ok || modelHas(a, b) {
			return false
		}
	}
	return true
}

// innerPair returns the pair s[i-1], s[i] of a misread character's
// reading, folded as the model of real text counts pairs, and whether the
// model counts it: a continuation byte read as ASCII, or a pair of two
// ideographs, makes none it could judge.
func innerPair(s []rune, i int) (a, b rune, ok bool) {
	a, b = pairs.Fold(s[i-1]), pairs.Fold(s[i])
	return a, b, s[i] >= 0x80 && pairs.Counted(a, b)
}

// symbolAfterLetter reports whether s is a letter and then a symbol or
// punctuation beyond ASCII.
func symbolAfterLetter(s []rune) bool {
	k := infoOf(s[1]).kind
	return infoOf(s[0]).kind == kLetter && k >= kOpen && k <= kSymbol && s[1] >= 0x80
}

// loneInLine reports whether the line rs suits a lone misread character
// rs[start:end] repaired to out by the rarity of pairs alone (loneEnough,
// capitalInside): the repair's letter is of an alphabet the rest of the
// line is written in, and the stretch does not begin with a Greek letter,
// which beside a symbol is mathematics ("Γ²", "Π±") before it is Latin
// misread as Windows-1253.
//
// In a round inside another (us.outer), the line is the outer round's.
func loneInLine(rs []rune, start, end int, out []rune, us stretchUnits) bool {
	if len(out) != 1 || scriptOf(rs[start]) == scGreek {
		return false
	}
	a := alphabetOf(scriptOf(out[0]))
	if a == scNone {
		return false
	}
	if o := us.outer; o != nil {
		rs, start, end = o.rs, o.start, o.end
	}
	for i, r := range rs {
		if (i < start || i >= end) && (r >= 0x80 || 'A' <= r && r <= 'z') && alphabetOf(scriptOf(r)) == a {
			return true
		}
	}
	return false
}

// isIsland reports whether rs[start:end], a misread character standing as
// a word of its own between prev and next, is a word of Greek or Cyrillic
// letters in a line of Latin text without another letter of its alphabet,
// and its repair out a Latin letter whose pairs are common: Italian è read
// as Windows-1251 is "non ГЁ possibile", whose pairs are Russian enough
// (Гёте), and only the line tells.
func isIsland(rs []rune, start, end int, out []rune, prev, next rune) bool {
	return islandIn(rs, start, end, rs[start:end], out, prev, next)
}

// islandIn is isIsland for the word w, found on line between start and
// end: a round inside another (text misread twice) judges the outer
// round's decoding, and the line is the outer round's.
func islandIn(line []rune, start, end int, w, out []rune, prev, next rune) bool {
	if len(out) != 1 || out[0] < 0x80 || scriptOf(out[0]) != scLatin || isWordChar(prev) || isWordChar(next) || prev >= 0x80 || next >= 0x80 {
		return false
	}
	alpha := scNone
	for _, r := range w {
		a := alphabetOf(scriptOf(r))
		if a != scGreek && a != scCyrillic || alpha != scNone && a != alpha {
			return false
		}
		alpha = a
	}
	latin := 0
	for i, r := range line {
		if r < 'A' || i >= start && i < end {
			continue
		}
		switch alphabetOf(scriptOf(r)) {
		case scLatin:
			latin++
		case alpha:
			return false
		}
	}
	return latin >= islandLatin && rarity(prev, out, next) == 0
}

// islandOf is isIsland for a stretch judged in a round inside another as
// well, whose line us.outer gives: there the stretch must be the whole of
// the outer round's decoding ("Р“РЃ" is ГЁ, then è).
func islandOf(rs []rune, start, end int, us stretchUnits, out []rune, prev, next rune) bool {
	if us.n != 1 {
		return false
	}
	if o := us.outer; o != nil {
		return start == 0 && end == len(rs) && islandIn(o.rs, o.start, o.end, rs, out, prev, next)
	}
	return isIsland(rs, start, end, out, prev, next)
}

// outerLine is the line of a round inside another and the outer stretch on
// it, for islandOf.
type outerLine struct {
	rs         []rune
	start, end int
	enc        Codepage // the outer round's encoding
}

// islandLatin is how many Latin letters a line must hold for a word of
// another alphabet in it to be an island (see isIsland).
const islandLatin = 12

// loneRarity is the rarity a lone two-byte misread character with a
// single pair real text does not hold must have as found, its repair
// having only common pairs, to be repaired: that pair and a rare one
// ("non ├¿ possibile" is è: ├¿ unseen, ¿ and a space rare; " è" and "è "
// common). One pair unseen among common ones is too little: a name, a
// borrowed word.
const loneRarity = 3

// loneEnough reports whether a lone misread character s (between prev and
// next, ASCII or none) that makes only one pair real text does not hold,
// and whose repair out makes none, is rare enough by rarity to be
// repaired: loneRarity as found, and nothing but common pairs repaired.
// Callers ask only when the neighbours are ASCII or the line's edge: one
// that is not may be misread itself ("‚Ä¶" holds "Ä¶", Ķ misread), or the
// word a letter of another alphabet ("АРҐ" is Ukrainian), and its pairs
// tell nothing.
func loneEnough(prev rune, s, out []rune, next rune) bool {
	return rarity(prev, out, next) == 0 && rarity(prev, s, next) >= loneRarity
}

// unseenMargin is how far past the repair's count implausibleAround
// counts the unseen pairs of a stretch as found (modelOnly's, whose rules
// ask for up to three, and whose counts checkChosen adds up).
const unseenMargin = 16

// unseen returns how many pairs of adjacent characters of prev, s, next
// (none at a line's edge) real text does not hold, counting up to limit,
// and the places where the case of a word is not how words are written.
func unseen(prev rune, s []rune, next rune, limit int) int {
	n := 0
	a := pairs.Fold(prev)
	// The shape of the word so far, which the model, folding case, does
	// not see: a capital that is not ASCII inside a word in small letters
	// ("lĂŞer", "voilÃ"), or a run of capitals, one not ASCII, going on in
	// small letters ("ĆŹfqan"), is not how words are written.
	lowerSeen, caps, capsHigh := false, 0, false
	// The alphabet of the letter before, when Latin, Greek or Cyrillic:
	// two glued together ("reproducciГі") are no word either.
	var alpha uint8
	// j = 0 is prev (its shape only), 1..len(s) are s, len(s)+1 is next.
	j := 0
	if prev < 0 {
		j = 1
	}
	// fastOK: the descriptors of implFast are there (see below).
	fastOK := scriptReady.Load() && pairArray != nil
	if fastOK {
		fastDescOnce.Do(buildFastDesc)
	}
	for ; j <= len(s)+1; j++ {
		if fastOK && j >= 1 && j <= len(s) {
			// The characters of s with a descriptor (most of what misread
			// text is made of: Latin-1, the Windows codepages' punctuation,
			// Cyrillic, Greek), the steps below from implFast's tables: the
			// folded form, and the shape of words by shapeSteps. It stops,
			// before changing anything, at any other character, which the
			// steps below take, and at the end of s.
			k, sh := j-1, packShape(lowerSeen, caps, capsHigh, alpha)
			for ; k < len(s); k++ {
				if n >= limit {
					return n
				}
				x, ok := fastIndex(s[k])
				if !ok {
					break
				}
				d := fastDesc[x]
				b := rune(uint32(d >> fdFoldShift))
				// (pairs.Counted, for b below U+2E80; b is never U+FFFD.)
				if (a >= 0x80 || b >= 0x80) && a != 0xFFFD {
					// (tileLookup's, with the answer as a count.)
					var t *pairTile
					if uint32(a|b) < tileLimit {
						t = pairTiles[(uint32(a)>>tileShift*tileBlock|uint32(b)>>tileShift)%(tileBlock*tileBlock)].Load()
					}
					if t != nil {
						j := uint32(a)%tileSide*tileSide | uint32(b)%tileSide
						n += int(t[j/8%uint32(len(t))]>>(j%8)&1 ^ 1)
					} else if !pairSeenSlow(a, b) {
						n++
					}
				}
				a = b
				t := shapeSteps[(uint32(sh)<<5|uint32(d>>fdClassShift)&31)%uint32(len(shapeSteps))]
				n += int(t & 3)
				sh = t >> 2
			}
			lowerSeen, caps, capsHigh, alpha = unpackShape(sh)
			j = k + 1 // (at most len(s)+1: next)
		}
		var r rune
		switch {
		case j == 0:
			r = prev
		case j <= len(s):
			r = s[j-1]
		default:
			r = next
			if r == none {
				r = ' '
			}
		}
		if j > 0 {
			if n >= limit {
				return n
			}
			b := pairs.Fold(r)
			if pairs.Counted(a, b) && pairArray != nil && a != 0xFFFD && b != 0xFFFD {
				// U+FFFD stands for what is not known: its pairs tell nothing.
				seen, ok := tileLookup(a, b)
				if !ok {
					seen = pairSeenSlow(a, b)
				}
				if !seen {
					n++
				}
			}
			a = b
		}
		// The word's shape.
		in := infoOf(r)
		if in.kind == kLetter {
			al := alphabetOf(scriptOf(r))
			if al > scCyrillic {
				al = scNone
			}
			if al != scNone && alpha != scNone && al != alpha {
				n++
			}
			alpha = al
		} else if in.kind != kMark {
			alpha = scNone
		}
		switch {
		case in.kind != kLetter && in.kind != kMark:
			lowerSeen, caps, capsHigh = false, 0, false
		case in.upper:
			if r >= 0x80 && lowerSeen {
				n++
			}
			caps++
			capsHigh = capsHigh || r >= 0x80
		case in.lower:
			if caps >= 2 && capsHigh && !lowerSeen {
				n++
			}
			lowerSeen, caps = true, 0
		}
	}
	return n
}

// shapeStep is unseen's step for the shape of a word at character r
// (with its info and script): it returns the count and the state after r.
// implausible makes the step inline for each character of a repair, and
// calls this at the edges.
func shapeStep(r rune, in info, s uint8, n int, lowerSeen bool, caps int, capsHigh bool, alpha uint8) (int, bool, int, bool, uint8) {
	if in.kind == kLetter {
		al := alphabetOf(s)
		if al > scCyrillic {
			al = scNone
		}
		if al != scNone && alpha != scNone && al != alpha {
			n++
		}
		alpha = al
	} else if in.kind != kMark {
		alpha = scNone
	}
	switch {
	case in.kind != kLetter && in.kind != kMark:
		lowerSeen, caps, capsHigh = false, 0, false
	case in.upper:
		if r >= 0x80 && lowerSeen {
			n++
		}
		caps++
		capsHigh = capsHigh || r >= 0x80
	case in.lower:
		if caps >= 2 && capsHigh && !lowerSeen {
			n++
		}
		lowerSeen, caps = true, 0
	}
	return n, lowerSeen, caps, capsHigh, alpha
}

// modelSees reports whether s between prev and next holds enough pairs
// real text does not for modelOnly to rewrite it, neighbours that are not
// ASCII counting as spaces as in implausible: two inside a word ("a√±o",
// a decoding that is misread again), three else.
func modelSees(prev rune, s []rune, next rune) bool {
	if isWordChar(prev) || isWordChar(next) {
		return modelSeesN(prev, s, next, 2)
	}
	return modelSeesN(prev, s, next, 3)
}

// hasLeadPair reports whether rs holds a character that is a lead in some
// encoding followed by one that goes with it: where another round could
// find a misread character. Cheaper than asking the model.
func hasLeadPair(rs []rune) bool {
	var prevLead uint16
	for _, r := range rs {
		if r < 0x80 {
			prevLead = 0
			continue
		}
		m := maskOfDecoded(r)
		if prevLead&m.cont != 0 {
			return true
		}
		prevLead = m.lead
	}
	return false
}

// modelSeesN reports whether s between prev and next holds n pairs real
// text does not. The pre-scan asks for one: a stretch is judged whole, and
// each of its misread characters may make only one.
func modelSeesN(prev rune, s []rune, next rune, n int) bool {
	if prev >= 0x80 {
		prev = none
	}
	if next >= 0x80 {
		next = none
	}
	return unseen(prev, s, next, n) >= n
}

// Scripts, finer than the cost model's: a repair must not bring in a
// script the line has no other trace of.
const (
	scNone  uint8 = iota // not a letter
	scLatin              // including ASCII
	scGreek
	scCyrillic
	scIPA     // the IPA and phonetic extensions, and Latin Extended-B's rare letters, unless real text has them
	scRareCyr // historic and minority Cyrillic letters real text does not have
	scWide    // CJK, kana, Hangul: written mixed with Latin
	scOther
	// Scripts of their own from here on, numbered in scriptTables' order.
)

var scriptTables = []*unicode.RangeTable{
	unicode.Armenian, unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana,
	unicode.Nko, unicode.Samaritan, unicode.Mandaic, unicode.Devanagari, unicode.Bengali,
	unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu,
	unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Thai, unicode.Lao,
	unicode.Tibetan, unicode.Myanmar, unicode.Georgian, unicode.Ethiopic, unicode.Cherokee,
	unicode.Canadian_Aboriginal, unicode.Ogham, unicode.Runic, unicode.Khmer, unicode.Mongolian,
	unicode.Coptic, unicode.Tifinagh, unicode.Vai, unicode.Bopomofo,
}

const scriptDense = 0x3100 // through kana and Bopomofo

var (
	scriptOnce  sync.Once
	scriptTable [scriptDense]uint8 // scriptOf for r < scriptDense, once scriptReady
	scriptReady atomic.Bool
)

func fillScripts() {
	t := &scriptTable
	for r := rune(0); r < scriptDense; r++ {
		if r < 0x80 {
			t[r] = scriptOfASCII(r)
		} else {
			t[r] = classifyScript(r)
		}
	}
	scriptReady.Store(true)
}

func classifyScript(r rune) uint8 {
	// The Arabic tatweel is a modifier letter of the Common script, but
	// written in Arabic text only: a "ـ" out of a line of Latin letters
	// and symbols is a character of a script the line has no other trace
	// of. (A script's own digits are of none: a Devanagari "२" alone
	// between ASCII brackets is a footnote's number in Hindi text.)
	if r == 0x640 {
		return classifyScript('ب')
	}
	if !unicode.IsLetter(r) {
		return scNone
	}
	switch {
	case 0x250 <= r && r <= 0x2AF, 0x1D00 <= r && r <= 0x1DBF:
		if attested(r) {
			return scLatin // Azerbaijani ə, the ɛ ɔ ɓ ɗ of African orthographies
		}
		return scIPA
	case unicode.Is(unicode.Latin, r):
		if r >= 0x180 && r <= 0x24F && rareLetter(r) && !attested(r) {
			return scIPA
		}
		return scLatin
	case unicode.Is(unicode.Greek, r):
		return scGreek
	case unicode.Is(unicode.Cyrillic, r):
		if rareLetter(r) && !attested(r) {
			return scRareCyr
		}
		return scCyrillic
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
		return scWide
	case unicode.In(r, unicode.Common, unicode.Inherited):
		// Modifier letters (ʻ, ʼ), the kana length mark ー: every script's.
		return scNone
	}
	for i, t := range scriptTables {
		if unicode.Is(t, r) {
			return scOther + 1 + uint8(i)
		}
	}
	return scOther
}

// attested reports whether the model of real text has seen letter r begin
// or end a word, or beside a common vowel: the letters of a living
// orthography, not only of phonetics or history.
func attested(r rune) bool {
	f := pairs.Fold(r)
	for _, o := range [...]rune{' ', 'a', 'e', 'i', 'o', 'u'} {
		if pairArray == nil || modelHas(f, o) || modelHas(o, f) {
			return true
		}
	}
	return false
}

// scriptOf returns the script of letter r, scNone for what is no letter.
// The table's part is small enough to be inlined: the checks ask for the
// script of most characters they look at.
func scriptOf(r rune) uint8 {
	if uint32(r) < scriptDense && scriptReady.Load() {
		return scriptTable[r]
	}
	return scriptOfSlow(r)
}

func scriptOfASCII(r rune) uint8 {
	if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
		return scLatin
	}
	return scNone
}

// scriptOfSlow is scriptOf before the table is filled and beyond it.
func scriptOfSlow(r rune) uint8 {
	if r < 0 {
		return scNone
	}
	if r < 0x80 {
		return scriptOfASCII(r)
	}
	if r < scriptDense {
		scriptOnce.Do(fillScripts)
		return scriptTable[r]
	}
	if 0x3400 <= r && r <= 0x9FFF || 0xAC00 <= r && r <= 0xD7A3 {
		return scWide // CJK ideographs, Hangul syllables: what misread text decodes to most beyond the table
	}
	if 0x1F000 <= r && r < 0x20000 {
		return scNone // emoji and the SMP's other symbols, no letters (TestScriptOfSlowRanges): classifyScript's searches cost 10% of misread emoji
	}
	return classifyScript(r)
}

// alphabetOf returns the alphabet script s belongs to: rare letters are
// written among the common ones (Kazakh қ among Cyrillic, Old English ǽ
// among Latin).
func alphabetOf(s uint8) uint8 { return alphabets[s] }

// alphabets is alphabetOf's table: a lookup, cheaper than a switch in
// the loops that ask for each character.
var alphabets = func() (t [256]uint8) {
	for s := range t {
		t[s] = uint8(s)
	}
	t[scIPA], t[scRareCyr] = scLatin, scCyrillic
	return t
}()

// implausibleMargin (implausible, for short, throughout the package) says
// why the repair of rs[start:end] (misread characters us) into out must not
// be made, though the cost model prefers it ("" when it may), and how many
// pairs of characters real text does not hold the stretch has as found and
// as repaired. rs is the whole line, lineUnits the misread characters found
// on it under the same encoding, lc (if not nil) where the line's scripts
// are counted once. The rules are those of real text, whatever the cost
// model says:
//
//   - no control, unassigned or private-use character comes out;
//   - no combining mark comes out without a letter to sit on;
//   - no letter comes out of a script the line has no other trace of
//     (Hebrew, Arabic, Thaana or IPA in Latin text) unless the repair
//     writes a word of it (IPA never, rare Cyrillic only in a Cyrillic
//     word; one ideograph standing alone may be one, wideAlone), and none
//     glued to a letter of another alphabet (Latin in a Cyrillic word);
//   - a stretch that stands alone, one misread character or in quotes,
//     whose repair the line holds too as a word ("Ã©" is é), is text
//     about mojibake, not mojibake;
//   - the text as found must hold pairs of characters real text does not
//     (by the model of real text), more of them than the repair, and the
//     fewer misread characters the stretch holds, the clearer that must
//     be: a lone two-byte misread character must make two unseen pairs
//     and leave none.
//
// It counts the stretch's unseen pairs up to margin past the repair's:
// decisionMargin is all checkChosen's decisions need (and what a Change
// reports), unseenMargin for a Change explained (Options.Explain).
func implausibleMargin(rs []rune, start, end int, us stretchUnits, lineUnits []unit, out []rune, lc *lineScripts, margin int) (why string, unseenBefore, unseenAfter int) {
	prev, next := none, none
	if start > 0 {
		prev = rs[start-1]
	}
	if end < len(rs) {
		next = rs[end]
	}
	return implausibleAroundMargin(rs, start, end, us, lineUnits, out, lc, prev, next, margin)
}

// decisionMargin is the least margin for implausibleMargin that leaves its
// decision and checkChosen's the same as with unseenMargin: they compare
// the stretch's count with the repair's (ub <= ua), with 1 and 2, and add
// up ub-ua (never negative for what passes) to compare the sum with 2.
const decisionMargin = 2

// implausibleAround is implausible with the characters around the stretch
// given: beyond rs when rs is a round inside another.
func implausibleAround(rs []rune, start, end int, us stretchUnits, lineUnits []unit, out []rune, lc *lineScripts, prev, next rune) (why string, unseenBefore, unseenAfter int) {
	return implausibleAroundMargin(rs, start, end, us, lineUnits, out, lc, prev, next, unseenMargin)
}

// implSlowOnly, set by tests, keeps implausibleAroundMargin to its general
// loop (no implFast, no run of wide letters), the reference its fast paths
// are checked against.
var implSlowOnly bool

func implausibleAroundMargin(rs []rune, start, end int, us stretchUnits, lineUnits []unit, out []rune, lc *lineScripts, prev, next rune, margin int) (why string, unseenBefore, unseenAfter int) {
	if fontEscapeBefore(rs, start, out) {
		prev = ' '
	}
	// What comes out.
	var outScripts [64]int32 // (counts of a window's characters: int32 halves the clearing, at every call)
	before := prev
	// The evidence's count for out, unseen(p, out, n, math.MaxInt), is
	// made in this pass too, which looks each character up already: ua
	// and the state of unseen's loop (ua0 the last character folded, the
	// rest the word's shape), step for step as unseen makes them. A
	// neighbour that is not ASCII may be misread itself (the stretch next
	// to it was judged apart, or refused): the pairs it makes tell
	// nothing either way, so it counts as a space.
	p, n := pairNeighbour(prev, false), pairNeighbour(next, true)
	ua, ua0 := 0, pairs.Fold(p)
	uLower, uCaps, uCapsHigh, uAlpha := false, 0, false, scNone
	if p >= 0 {
		ua, uLower, uCaps, uCapsHigh, uAlpha = shapeStep(p, infoOf(p), scriptOf(p), ua, uLower, uCaps, uCapsHigh, uAlpha)
	}
	// Each character's script is looked up once: sBefore is before's,
	// sCur r's, sNext the next character's of out.
	sBefore := scriptOf(prev)
	sCur := scNone
	if len(out) > 0 {
		sCur = scriptOf(out[0])
	}
	// highScripts has a bit for each script beyond Cyrillic of a
	// character beyond ASCII that comes out: the rules below ask about
	// each script, not each character (they pass every script up to
	// Cyrillic).
	var highScripts [4]uint64
	var st implState // implFast's state
	// fastOK: the tables the loop without calls reads are there.
	fastOK := scriptReady.Load() && pairArray != nil && !implSlowOnly
	if fastOK {
		fastDescOnce.Do(buildFastDesc)
	}
	for i := 0; i < len(out); i++ {
		if _, ok := fastIndex(out[i]); ok && fastOK {
			// The characters below U+10A0 or in U+1E00..U+20FF (most of
			// what comes out: Latin, Vietnamese, Greek, Cyrillic, Hebrew, Arabic, the
			// scripts of India and Thai and their marks, punctuation), whose pair with the one before has its tile
			// built, in a loop without calls (implFast): the steps of the
			// loop below, from tables. It stops, before changing anything,
			// at any other character, which the loop below takes, and at
			// the end.
			// (Field by field into st, declared once: a composite literal
			// was built with byte stores, then copied with 16-byte loads
			// that the processor cannot forward from them, a stall at
			// every call.)
			st.before, st.sBefore, st.shape, st.ua, st.ua0 = before, sBefore, packShape(uLower, uCaps, uCapsHigh, uAlpha), ua, ua0
			var why string
			if i, why = implFast(out, i, next, &st, &highScripts, &outScripts); why != "" {
				return why, 0, 0
			}
			before, sBefore, ua, ua0 = st.before, st.sBefore, st.ua, st.ua0
			uLower, uCaps, uCapsHigh, uAlpha = unpackShape(st.shape)
			if i >= len(out) {
				break
			}
			sCur = scriptOf(out[i])
		}
		if fastOK && wideRun && isWideLetter(out[i]) {
			// A run of wide letters (CJK ideographs, Hangul syllables, kana:
			// most of a repair of Chinese, Japanese or Korean). Each steps
			// the loop below alike (infoOf's cjkInfo, a letter of no case;
			// scriptOf's scWide; a fold of its own), and the model counts
			// no pair of two of them, nor of one after a character at or
			// beyond U+2E80: the run looks up the first one's pair with the
			// character before it, as the loop below does, and steps the
			// rest at once.
			if b := out[i]; pairs.Counted(ua0, b) && ua0 != 0xFFFD { // (pairArray is there: fastOK)
				seen, ok := tileLookup(ua0, b)
				if !ok {
					seen = pairSeenSlow(ua0, b)
				}
				if !seen {
					ua++
				}
			}
			j := i + 1
			for j < len(out) && isWideLetter(out[j]) {
				j++
			}
			highScripts[scWide>>6] |= 1 << (scWide & 63)
			outScripts[scWide] += int32(j - i)
			before, ua0, sBefore, uAlpha = out[j-1], out[j-1], scWide, scNone
			i, sCur = j-1, scNone
			if j < len(out) {
				sCur = scriptOf(out[j])
			}
			continue
		}
		r := out[i]
		sNext := scNone
		if i+1 < len(out) {
			sNext = scriptOf(out[i+1])
		}
		in := infoOf(r)
		switch {
		case r == 0xFFFD:
		case in.kind == kBad || r >= 0xE000 && isPrivateUse(r) || r >= 0x80 && r < 0xA0:
			return "control", 0, 0
		case in.kind == kMark:
			if sBefore == scNone && infoOf(before).kind != kMark && before != 0xFFFD && !markAfterSeen(before, r) {
				return "mark", 0, 0
			}
			// (A mark in the block of the letter before it is of its
			// script: the common case, asked without a table.)
			if i > 0 && sBefore != scNone && r>>7 != before>>7 && markScript(r) != scNone && alphabetOf(sBefore) != markScript(r) {
				// A mark of one script on a letter of another, both
				// written by the repair: a Hebrew accent on an Armenian
				// letter ("Õ«Ö " read with a lost no-break space under
				// Windows-1254). A neighbour beyond the stretch may be a
				// misread character left as it was: it tells nothing.
				return "mark", 0, 0
			}
		}
		s := sCur
		if r >= 0x80 && s > scCyrillic {
			highScripts[s>>6] |= 1 << (s & 63)
		}
		if s != scNone {
			outScripts[s&63]++
			if r >= 0x80 && alphabetOf(s) <= scCyrillic {
				// A neighbour beyond the stretch that is not ASCII may be
				// a misread character left as it was (its bytes lost):
				// it tells nothing.
				sb, sa := sBefore, sNext
				if i == 0 && before >= 0x80 || i >= 3 && before < 0x80 && roffEscapeBefore(out, i) {
					// (Nor does the name in a troff escape:
					// "\fIчисло" is число in italics; see
					// roffEscapeBefore.)
					sb = scNone
				}
				if i+1 == len(out) {
					if next >= 0x80 {
						sa = scNone
					} else {
						sa = scriptOf(next)
					}
				}
				if sb != s || sa != s { // (inside a word of one script, the commonest, neither is glued)
					for _, n := range [2]uint8{sb, sa} {
						if t := alphabetOf(n); t != scNone && t <= scCyrillic && t != alphabetOf(s) {
							return "glued", 0, 0
						}
					}
				}
			}
		}
		// unseen's step for r.
		b := pairs.Fold(r)
		if pairs.Counted(ua0, b) && pairArray != nil && ua0 != 0xFFFD && b != 0xFFFD {
			seen, ok := tileLookup(ua0, b)
			if !ok {
				seen = pairSeenSlow(ua0, b)
			}
			if !seen {
				ua++
			}
		}
		ua0 = b
		if in.kind == kLetter {
			al := alphabetOf(s)
			if al > scCyrillic {
				al = scNone
			}
			if al != scNone && uAlpha != scNone && al != uAlpha {
				ua++
			}
			uAlpha = al
		} else if in.kind != kMark {
			uAlpha = scNone
		}
		switch {
		case in.kind != kLetter && in.kind != kMark:
			uLower, uCaps, uCapsHigh = false, 0, false
		case in.upper:
			if r >= 0x80 && uLower {
				ua++
			}
			uCaps++
			uCapsHigh = uCapsHigh || r >= 0x80
		case in.lower:
			if uCaps >= 2 && uCapsHigh && !uLower {
				ua++
			}
			uLower, uCaps = true, 0
		}
		before, sBefore, sCur = r, s, sNext
	}
	// unseen's last step, the character after.
	{
		r := n
		if r == none {
			r = ' '
		}
		b := pairs.Fold(r)
		if pairs.Counted(ua0, b) && pairArray != nil && ua0 != 0xFFFD && b != 0xFFFD {
			seen, ok := tileLookup(ua0, b)
			if !ok {
				seen = pairSeenSlow(ua0, b)
			}
			if !seen {
				ua++
			}
		}
		ua, _, _, _, _ = shapeStep(r, infoOf(r), scriptOf(r), ua, uLower, uCaps, uCapsHigh, uAlpha)
	}
	// (Without highScripts, the common case in Latin and Cyrillic text,
	// none of this asks anything.)
	if highScripts != [4]uint64{} {
		// Scripts of the line outside the stretch, needed only when a letter
		// of a script other than Latin, Greek or Cyrillic comes out.
		var ctx [64]bool
		// A word of the script written by the repair itself needs no more
		// (the rules below pass it whatever the line holds): only what they
		// might refuse is looked up in the line, which costs.
		// (Without highScripts, every letter beyond ASCII is Latin, Greek or
		// Cyrillic: the rules below pass them.)
		needCtx := false
		for w, bits := range highScripts {
			for ; bits != 0 && !needCtx; bits &= bits - 1 {
				s := uint8(w<<6 | bits64.TrailingZeros64(bits))
				switch {
				case s <= scCyrillic:
				case s == scRareCyr && outScripts[scCyrillic]+outScripts[scRareCyr] >= 3:
				case s != scIPA && s != scRareCyr && outScripts[s&63] >= 2:
				default:
					needCtx = true
				}
			}
		}
		if needCtx {
			if lc == nil {
				lc = &lineScripts{}
			}
			// ctx: the scripts of the letters outside the stretch. A stretch
			// that is most of its line (a line misread whole) is cheaper to
			// look around than to count and take from the line's count.
			if 2*(end-start) > len(rs) {
				for _, part := range [2][]rune{rs[:start], rs[end:]} {
					for _, r := range part {
						if r >= 0x80 || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
							ctx[scriptOf(r)&63] = true
						}
					}
				}
			} else {
				if !lc.ok {
					lc.count(rs)
				}
				var inside [64]int32
				for _, r := range rs[start:end] {
					if r >= 0x80 || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
						inside[scriptOf(r)&63]++
					}
				}
				for i := range ctx {
					ctx[i] = lc.n[i] > inside[i]
				}
			}
			// Misread characters of the line outside the stretch, under the
			// same encoding, count as the line's too: Persian misread whole is
			// cut into stretches at each zero-width non-joiner, and a word of
			// one letter stands among the others.
			if lineUnits == nil && lc.units != nil {
				lineUnits = lc.units(lc.enc)
			}
			var elsewhere [64]int
			for _, u := range lineUnits {
				if int(u.start) < start || int(u.start) >= end {
					// Two at least: the same stretch repeated does not vouch
					// for itself.
					s := scriptOf(u.r) & 63
					if elsewhere[s]++; elsewhere[s] >= 2 {
						ctx[s] = true
					}
				}
			}
		}
		for w, bits := range highScripts {
			for ; bits != 0; bits &= bits - 1 {
				s := uint8(w<<6 | bits64.TrailingZeros64(bits))
				if s <= scCyrillic || ctx[s&63] {
					// The alphabets misread text is mostly made of are judged by
					// the model and by their neighbours.
					continue
				}
				if s == scRareCyr && outScripts[scCyrillic]+outScripts[scRareCyr] >= 3 {
					continue // a word of Kazakh, Abkhaz, Tajik
				}
				if s == scWide && wideAlone(rs, start, end, us, out, prev, next) {
					continue
				}
				if s == scIPA || s == scRareCyr || outScripts[s&63] < 2 {
					return "script", 0, 0
				}
			}
		}
	}
	// Text about mojibake: the stretch is a word of its own, and its repair
	// stands elsewhere on the line.
	if !isWordChar(prev) && !isWordChar(next) && len(out) > 0 && (us.n == 1 || isQuote(prev) || isQuote(next)) && aboutMojibake(rs, start, end, out, lc, prev, next) {
		return "about", 0, 0
	}
	// The evidence: ua, counted above, for the repair; ub for the
	// stretch as found, with the same neighbours.
	// Past the repair's by a margin, the stretch's count changes nothing:
	// a long stretch misread whole is not counted to its end.
	ub := unseen(p, rs[start:end], n, ua+margin)
	island := false
	if ua == 0 && ub <= 1 && us.n == 1 {
		island = islandOf(rs, start, end, us, out, prev, next)
	}
	// A lead alone at a word's start or in a word in capitals leaves no
	// pair unseen: strayEvidence has weighed it (the line vouches for it).
	strayOK := us.n == 1 && us.stray && us.strayShape != strayInside && ua == 0 ||
		us.n == 1 && us.space && us.outer == nil && ua == 0 && (spaceAlone(rs, start, end) || frenchSpace(rs, start, end))
	c1 := -1 // C1 controls and U+FFFD in the stretch, counted when a rule below would refuse it
	if ub <= ua && !island && !strayOK {
		// (A lone ideograph's pairs with the ASCII around it are ones the
		// model, trained on Latin and Cyrillic text, seldom holds: its
		// misreading's pairs inside are the evidence, as for a symbol.)
		if isLoneSymbol(rs, start, end, us, out, prev, next) || outScripts[scWide] == 1 && wideAlone(rs, start, end, us, out, prev, next) {
			return "", ub, ua
		}
		if us.n >= 2 && us.outer == nil {
			// (checkChosen passes no units: the line's, as below.)
			if lineUnits == nil && lc != nil && lc.units != nil {
				lineUnits = lc.units(lc.enc)
			}
			if symbolRun(rs, start, end, lineUnits, prev, next) || spaceRun(rs, start, end, lineUnits) {
				return "", ub, ua
			}
		} else if us.n >= 2 && symbolRun(rs, start, end, us.own, prev, next) {
			// Symbols misread twice, a few apart ("â”‚a â”‚" once undone).
			return "", ub, ua
		}
		if c1 = c1Controls(rs[start:end]); ub+c1 <= ua {
			return "evidence", ub, ua
		}
		ub += c1
	}
	if us.n == 1 && us.firstWidth <= 2 && (ua > 0 || ub < 2 && !us.space && !us.stray) && !(ua == 0 && ub == 1 && prev < 0x80 && next < 0x80 && (loneEnough(p, rs[start:end], out, n) || capitalInside(rs[start:end], out, prev, next)) && loneInLine(rs, start, end, out, us)) && !island && !isLoneSymbol(rs, start, end, us, out, prev, next) {
		if c1 < 0 {
			c1 = c1Controls(rs[start:end])
		}
		if c1 == 0 || ua > 1 {
			return "lone", ub, ua
		}
		// A C1 control inside the misread character: real text writes
		// none (they stand for bytes 80-9F read as ISO-8859-1, or as
		// Windows-1252 where it has no character), so it is evidence of
		// its own, beside the repair's one unseen pair at most ("hÃ\u008doslainne",
		// hÍoslainne). So is U+FFFD glued to a lead: a decoder's mark
		// for the byte after the lead it could not read ("Ä\uFFFDe" is
		// U+FFFD, č or ĝ whose 8D or 9D was lost).
		if ub <= ua {
			ub = ua + c1
		}
	}
	return "", ub, ua
}

// fontEscapeBefore reports whether a troff font escape ("\fI", "\fB",
// "\fP") stands just before rs[start], whose repair out begins with a
// letter: the escape's letter is no letter the word is glued to
// ("\fIÃœf\fP" is \fIÜf\fP, "\fIчисло" misread from its first letter
// on), and the stretch is judged as at a word's start. Before a symbol
// or a space it stays the letter the symbol follows ("\fRÂ :", a
// no-break space glued to a word, as French writes one before a colon).
func fontEscapeBefore(rs []rune, start int, out []rune) bool {
	return fontEscapeEnds(rs, start) && rs[start-1] < 0x80 && len(out) > 0 && infoOf(out[0]).kind == kLetter
}

// fontEscapeEnds reports whether a troff font escape ("\\fI", "\\fR": a
// backslash, f and the font's letter) ends just before rs[i].
func fontEscapeEnds(rs []rune, i int) bool {
	return i >= 3 && rs[i-3] == '\\' && rs[i-2] == 'f'
}

// roffEscapeBefore reports whether out[i] follows a troff escape whose
// name ends just before it: a font ("\fI", "\fB"), a special character
// ("\(Fo" «, "\(lq") or a string ("\*(Aq" '). Its letters are markup, no
// Latin glued to the word after ("\(FoИзменение", «Изменение).
func roffEscapeBefore(out []rune, i int) bool {
	switch {
	case fontEscapeEnds(out, i):
		return true
	case i >= 4 && out[i-3] == '(' && out[i-4] == '\\':
		return true
	case i >= 5 && out[i-3] == '(' && out[i-4] == '*' && out[i-5] == '\\':
		return true
	}
	return false
}

// pairNeighbour returns r, a character before or after a stretch, as the
// pairs the stretch and its repair make with it are counted: none (the
// line's edge, a space) for one that is not ASCII, which may be misread
// itself, and, after the stretch, for a double quote. The model of real
// text holds a letter's pairs with a quote after it by chance only (the
// training text quotes with „…“, «…», \(lq…\(rq or gettext's quotes
// around a whole string): 'é"' and 'ä"' it holds, 'ö"', 'å"', 'Ü"' and
// 'Å"' it does not, and the heading of a manual page (.SH "SE OGSÅ")
// would be judged by that. (A quote before a letter, '"Ö', '"é', it holds.)
func pairNeighbour(r rune, after bool) rune {
	if r >= 0x80 || after && r == '"' {
		return none
	}
	return r
}

// c1Controls counts the C1 controls (U+0080-U+009F) and U+FFFD in s.
func c1Controls(s []rune) int {
	n := 0
	for _, r := range s {
		if r >= 0x80 && r < 0xA0 || r == 0xFFFD {
			n++
		}
	}
	return n
}

// stretchUnits is what implausible needs of a stretch's misread
// characters: how many, and how many characters the first one spans.
type stretchUnits struct {
	n, firstWidth int32
	space         bool       // the first is a lost no-break space (judge demands a capital glued to a small letter)
	stray         bool       // the first is a lead alone inside a word (strayAt demands a capital between small letters)
	strayShape    uint8      // where that lead stands (strayInside, strayStart, strayCaps)
	outer         *outerLine // in a round inside another, the line (see islandOf)
	// own, in a round inside another whose stretch is the whole of the
	// round's text (the outer stretch's decoding), holds the stretch's
	// units: the round's line units, for symbolRun.
	own []unit
}

// runUnits returns the units symbolRun asks for the stretch of us: the
// line's at a window's first round, the stretch's own in a round inside
// another (nil where its stretch is not the whole of the round's text).
func runUnits(lineUnits []unit, us stretchUnits) []unit {
	if us.outer != nil {
		return us.own
	}
	return lineUnits
}

func unitsOf(us []unit) stretchUnits {
	var s stretchUnits
	s.count(us)
	return s
}

// count sets what unitsOf tells of us in s, whose other fields it leaves
// as they are (judge's, on a candidate it cleared: no copy of a
// stretchUnits).
func (s *stretchUnits) count(us []unit) {
	if len(us) > 0 {
		s.n, s.firstWidth, s.space, s.stray, s.strayShape = int32(len(us)), us[0].end-us[0].start, us[0].space, us[0].stray, us[0].shape
	}
}

// lineScripts counts the letters of each script on a line, once for all
// the stretches judged on it (nil, or not ok: not counted yet).
type lineScripts struct {
	n  [64]int32
	ok bool
	// docs is what the line's judgement may ask of the text before it
	// (docState); sure, set by checkChosen when it passes a line, holds
	// the encodings the line is surely misread through.
	docs docAsk
	sure uint16
	// units, when set, gives the line's misread characters under enc, the
	// encoding judged, when implausible's caller passes none: finding them
	// costs, and only stretches decoding to a rarer script need them.
	units func(Codepage) []unit
	enc   Codepage
	// line is the window's text (set by the fixer for each window, nil
	// elsewhere); blocks, once blocksOK, has bit blockBit(c) set for each
	// character c of line: a filter, built at the window's first question,
	// that tells containsOutside most of the time, without reading the
	// line again, that a character is nowhere on it.
	line     []rune
	blocks   uint64
	blocksOK bool
	// wide says line holds a character at or beyond maskDense (see
	// noWide), as the fixer decoded it.
	wide bool
	// text is line as bytes (the window); escapes, once escOK, tells
	// whether it holds anything escapedOutside looks for (mayEscape),
	// asked once a window.
	text           []byte
	escapes, escOK bool
	// folds caches, for a folded character f (at f%len), the blocks of f
	// and of its orbit under unicode.SimpleFold.
	folds [32]struct {
		f      rune
		blocks uint64
	}
}

// blockBit is the bit of r in lineScripts.blocks: its block of 32 code
// points, taken modulo 64 blocks (exact below U+0800, where the alphabets
// misread text is made of stand apart from Latin-1 and ASCII).
func blockBit(r rune) uint64 {
	return 1 << (uint32(r) >> 5 & 63)
}

// lineBlocks returns the blocks of the characters of rs.
func lineBlocks(rs []rune) uint64 {
	// Four characters a step, read through a pointer (the loop's bound
	// keeps them in rs) into two words.
	var b0, b1 uint64
	i, p := 0, unsafe.Pointer(unsafe.SliceData(rs))
	for ; i+4 <= len(rs); i += 4 {
		q := (*[4]rune)(unsafe.Add(p, i*4)) // (rs[i : i+4], with i+4 <= len(rs))
		b0 |= 1 << (uint32(q[0]) >> 5 & 63)
		b1 |= 1 << (uint32(q[1]) >> 5 & 63)
		b0 |= 1 << (uint32(q[2]) >> 5 & 63)
		b1 |= 1 << (uint32(q[3]) >> 5 & 63)
	}
	for _, r := range rs[i:] {
		b0 |= blockBit(r)
	}
	return b0 | b1
}

// noWide reports whether line rs surely holds no character that folds
// as r does, for r a wide letter (isWideLetter: CJK, Hangul, kana, which
// no other character folds as; pairs.Fold leaves them as they are) when
// the fixer decoded no character at or beyond maskDense in the window's
// line: a test without a pass over the line, which mayHold's filter and
// containsOutside's search make (a repair of text in those scripts
// misread whole). lc may be nil; only the window's line is filtered.
func (lc *lineScripts) noWide(rs []rune, r rune) bool {
	return lc != nil && !lc.wide && isWideLetter(r) && len(rs) > 0 && len(lc.line) == len(rs) && &lc.line[0] == &rs[0]
}

// mayHold reports whether line rs may hold a character that folds as r
// does (false: it holds none); lc may be nil. Only the window's line
// (lc.line) is filtered, and only for r and Fold(r) not ASCII (the case in
// which containsOutside skips ASCII): other questions are always read.
// A character c with Fold(c) = f, f not ASCII, is f itself or in f's
// orbit under unicode.SimpleFold (TestFoldOrbit), so it is enough to look
// for the blocks of r, f and that orbit.
func (lc *lineScripts) mayHold(rs []rune, r rune) bool {
	if lc == nil || len(rs) == 0 || len(lc.line) != len(rs) || &lc.line[0] != &rs[0] {
		return true
	}
	f := pairs.Fold(r)
	if r < 0x80 || f < 0x80 {
		return true
	}
	if !lc.blocksOK {
		lc.blocks, lc.blocksOK = lineBlocks(rs), true
	}
	if lc.blocks&blockBit(r) != 0 {
		return true
	}
	e := &lc.folds[uint32(f)%uint32(len(lc.folds))]
	if e.f != f { // (an empty entry's f, 0, is never asked: f >= 0x80 here)
		e.f, e.blocks = f, blockBit(f)
		for c := unicode.SimpleFold(f); c != f; c = unicode.SimpleFold(c) {
			e.blocks |= blockBit(c)
		}
	}
	return lc.blocks&e.blocks != 0
}

func (lc *lineScripts) count(rs []rune) {
	lc.n = [64]int32{}
	for _, r := range rs {
		if r >= 0x80 || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			lc.n[scriptOf(r)&63]++
		}
	}
	lc.ok = true
}

// isPrivateUse reports the private-use code points (Co).
func isPrivateUse(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// isWordChar reports letters, marks and digits.
func isWordChar(r rune) bool {
	if r < 0 {
		return false
	}
	in := infoOf(r)
	return in.kind == kLetter || in.kind == kMark || in.kind == kDigit
}

// aboutMojibake reports whether the line rs, whose stretch rs[start:end]
// (between prev and next) is a word of its own, writes its repair out
// elsewhere: plainly (containsOutside), or, when the stretch is in quotes,
// as escapes (escapedOutside). (Not inlined: implausibleAroundMargin, on
// the hot path, keeps the size it had with the plain test alone.)
//
//go:noinline
func aboutMojibake(rs []rune, start, end int, out []rune, lc *lineScripts, prev, next rune) bool {
	// mayHold only saves containsOutside's search (it says false only
	// where the search finds nothing), at the price of a pass over the
	// whole line, once a window. A stretch that is most of its line (a
	// line misread whole, the commonest that asks) leaves less to search
	// than that pass: it is searched at once, unless the pass was made.
	if !lc.noWide(rs, out[0]) && (lc != nil && !lc.blocksOK && 2*(end-start) > len(rs) || lc.mayHold(rs, out[0])) && containsOutside(rs, start, end, out) {
		return true
	}
	return (isQuote(prev) || isQuote(next)) && escapedOutside(rs, start, end, out, lc)
}

// escapedOutside reports whether rs holds, outside rs[start:end], the
// UTF-8 bytes of out as escapes ("\xc3\xa9", "0xC3 0xA9"), or each of
// its characters as a code point ("\u00e9", "U+00E9", "&#233;",
// "&#xe9;"): a line that writes the repair so is about the mojibake
// beside it (decode(b'\xc3\xa9', 'ascii') == 'Ã©'), as one that writes
// it plainly is (containsOutside). It is asked of a stretch in quotes
// only, as code and prose about encodings write the mangled form. A
// URL's %-escapes do not count: a link's address holds its title's
// characters so, and the title is what gets misread ("[Mars â€“
// Wikipedia](https://…/Mars_%E2%80%93_Wikipedia)"). lc, when it is rs's,
// keeps mayEscape's answer for the window.
func escapedOutside(rs []rune, start, end int, out []rune, lc *lineScripts) bool {
	if len(out) > 4 {
		return false
	}
	if lc != nil && lc.text != nil && len(rs) > 0 && len(lc.line) == len(rs) && &lc.line[0] == &rs[0] {
		if !lc.escOK {
			lc.escapes, lc.escOK = mayEscape(lc.text), true
		}
		if !lc.escapes {
			return false
		}
	} else if !mayEscape([]byte(string(rs))) {
		return false
	}
	// The line's ASCII outside the stretch, in small letters (escapes are
	// ASCII, matched whatever their case), the stretch a space.
	line := make([]byte, 0, len(rs))
	for i, r := range rs {
		if i == start {
			line = append(line, ' ')
		}
		if i >= start && i < end {
			continue
		}
		if r >= 0x80 {
			r = ' '
		}
		line = append(line, byte(lowerASCII(r)))
	}
	var enc []byte
	for _, r := range out {
		enc = utf8.AppendRune(enc, r)
	}
	var form []byte
	for _, f := range [...]struct{ pre, sep string }{{`\x`, ""}, {"0x", " "}, {"0x", ", "}} {
		form = form[:0]
		for k, b := range enc {
			if k > 0 {
				form = append(form, f.sep...)
			}
			form = append(form, f.pre...)
			form = append(form, hexDigits[b>>4], hexDigits[b&15])
		}
		if containsWord(line, form) {
			return true
		}
	}
	for _, r := range out {
		found := false
		for _, f := range [...]string{`\u%04x`, "u+%04x", "&#%d;", "&#x%x;"} {
			if form = fmt.Appendf(form[:0], f, r); containsWord(line, form) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// mayEscape reports whether line, a window's text, holds the start of an
// escape escapedOutside looks for: "\x", "\u", "0x", "U+" or "&#", in
// either case. Most lines hold none, and are told so by a few searches.
func mayEscape(line []byte) bool {
	for _, f := range escapeStarts {
		if bytes.Contains(line, f) {
			return true
		}
	}
	return false
}

var escapeStarts = [...][]byte{[]byte(`\x`), []byte(`\X`), []byte(`\u`), []byte(`\U`), []byte("&#"), []byte("U+"), []byte("u+"), []byte("0x"), []byte("0X")}

const hexDigits = "0123456789abcdef"

func lowerASCII(r rune) rune {
	if 'A' <= r && r <= 'Z' {
		return r + 'a' - 'A'
	}
	return r
}

func isAlnumRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// containsWord reports whether p holds w with no letter or digit glued to
// it (an escape's own first and last characters, a backslash, an
// ampersand or a semicolon, mark its edges already).
func containsWord(p, w []byte) bool {
	for at := 0; ; {
		i := bytes.Index(p[at:], w)
		if i < 0 {
			return false
		}
		i += at
		j := i + len(w)
		before := i == 0 || !isAlnumRune(rune(p[i-1])) || w[0] == '\\' || w[0] == '&'
		after := j == len(p) || !isAlnumRune(rune(p[j])) || w[len(w)-1] == ';'
		if before && after {
			return true
		}
		at = i + 1
	}
}

// containsOutside reports whether rs holds out outside rs[start:end] as a
// word of its own, in either case (text in capitals writes the repair in
// capitals).
func containsOutside(rs []rune, start, end int, out []rune) bool {
	o0 := out[0]
	f0 := pairs.Fold(o0)
	asc := f0 < 0x80
	high := !asc && o0 >= 0x80 // then no ASCII character is o0 or folds as it does
	// Two spans: the places before the stretch where out ends before it
	// starts, and those from its end on.
	for _, span := range [2][2]int{{0, start - len(out) + 1}, {end, len(rs) - len(out) + 1}} {
		lo, hi := span[0], span[1]
		if lo >= hi {
			continue
		}
		for k, r := range rs[lo:hi] {
			// Folding keeps ASCII ASCII and the rest not: most characters
			// are told apart without it (the commonest, ASCII in a line
			// whose repair is not, in a test of its own).
			if high {
				if r < 0x80 || r != o0 && pairs.Fold(r) != f0 {
					continue
				}
			} else if r != o0 && ((r < 0x80) != asc || pairs.Fold(r) != f0) {
				continue
			}
			i := lo + k
			if !equalFolded(rs[i+1:i+len(out)], out[1:]) {
				continue
			}
			if (i == 0 || !isWordChar(rs[i-1])) && (i+len(out) == len(rs) || !isWordChar(rs[i+len(out)])) {
				return true
			}
		}
	}
	return false
}

// equalFolded reports whether a and b, of the same length, are equal
// character by character, folded.
func equalFolded(a, b []rune) bool {
	for i, c := range a {
		if d := b[i]; c != d && pairs.Fold(c) != pairs.Fold(d) {
			return false
		}
	}
	return true
}

// markScript returns the script of mark r when it belongs to one of the
// scripts scriptOf tells apart beyond Latin, Greek, Cyrillic and the wide
// ones (a Hebrew accent, a Devanagari vowel sign), else scNone (the
// combining marks every script shares).
func markScript(r rune) uint8 {
	if r < 0x300 || unicode.In(r, unicode.Inherited, unicode.Common) {
		return scNone
	}
	for i, t := range scriptTables {
		if unicode.Is(t, r) {
			return scOther + 1 + uint8(i)
		}
	}
	return scNone
}

// markAfterSeen reports whether real text, by the model, holds mark r
// after before, a character of no script (a space, a digit, punctuation,
// the line's edge): Arabic writes its sukun alone after a number for a
// degree ("30 ْ"), and a repair that writes it so is not refused for a
// mark without a letter to sit on. A mark real text never has there (a
// combining acute after a space) still is.
func markAfterSeen(before, r rune) bool {
	if before < 0 {
		before = ' '
	}
	if r == 0xFE0F && emojiBase(before) {
		return true // emoji presentation: "⚠️", "➡️", "❤️"
	}
	a, b := pairs.Fold(before), pairs.Fold(r)
	return pairArray != nil && pairs.Counted(a, b) && modelHas(a, b)
}

// emojiBase reports whether r is a symbol that the variation selector
// U+FE0F may follow to ask for its emoji presentation: arrows, technical
// and miscellaneous symbols, dingbats (U+2190-U+2BFF), ©, ®, ‼, ⁉, ™, ℹ,
// and the pictographs beyond the BMP. A mark glued to anything else is
// no writing.
func emojiBase(r rune) bool {
	switch {
	case r == 0xA9, r == 0xAE, r == 0x203C, r == 0x2049, r == 0x2122, r == 0x2139:
		return true
	case 0x2190 <= r && r <= 0x2BFF, 0x1F000 <= r && r < 0x1FB00:
		return !unicode.IsLetter(r)
	}
	return false
}

// loneSymbol reports whether s, one misread character standing alone
// between prev and next (ASCII or the line's edge), is overwhelming
// evidence on its own though the model of real text cannot judge its
// repair: out is one symbol ("20Â°C", "Â±0.5", "5 Ã— 3", "âˆ’3", "cm¬≤"),
// whose pairs with its neighbours the training text rarely holds (manual
// pages write few ×, − or ±), so that the rules for a lone misread
// character, which ask the repair for common pairs, refuse it. It is
// repaired when what misreading made of it is what clean text has no use
// for:
//
//   - every pair inside s is one real text does not hold ("Â°", "â€",
//     "€”"), the lead glued to what reads as symbols; past the lead's,
//     two symbols glued may be a pair real text holds rarely ("€“" of
//     "Ironâ€“nickel");
//   - a lead read as a capital (Â, Ã) is no end of a word in capitals
//     ("IRMÃ—", "CHÂ²" stay, and so does "GNUÂ®"); at a word's start it
//     may be a variable with a hat in mathematics ("Â²", "Â·B", "Â±|n⟩"):
//     there the symbol is no superscript, an operator (±, ×, ·) is
//     followed by a number, a space or the line's end ("Â±0.5", "5 Ã— 3"),
//     another symbol by anything but a letter, or a unit after a degree
//     sign ("[Â°]", "Â© 2020", "Â°C"); a lead read as a
//     letter is a Latin one (a Greek capital beside a symbol is
//     mathematics, "2Β²"; a Cyrillic В or в a word, "in": "В§2"), or,
//     before two characters (a character of three bytes: "в”‚" is │
//     read as Windows-1251), a small Cyrillic one;
//   - a lead read as a sign of logic or mathematics that stands before
//     its operand (Mac OS Roman's ¬ and √) has none: a root sign is
//     followed by no operand ("√∑" is a root of a sum), and a negation
//     at a word's start is followed by none, nor by a letter ("¬π", "¬µX"
//     stay); glued after a letter or digit, a negation is no logic
//     ("cm¬≤", "20¬∞");
//   - out is a symbol, punctuation or the micro sign, never a letter, a
//     space or a format character (U+00A0, U+00AD, U+200B-U+200F...).
func loneSymbol(s, out []rune, prev, next rune) bool {
	if len(out) != 1 || len(s) < 2 || len(s) > 3 || prev >= 0x80 || next >= 0x80 || pairArray == nil {
		return false
	}
	o := out[0]
	if utf8.RuneLen(o) != len(s) {
		return false // a byte lost (dropped, or a no-break space as a space)
	}
	switch {
	case o >= 0xA1 && o <= 0xBF && o != 0xAD && o != 0xAA && o != 0xBA, o == 0xD7, o == 0xF7:
	case o == 0xA0 && !unicode.IsLetter(s[0]):
		// A no-break space misread under an encoding whose lead C2 reads
		// as a sign ("¬†" Mac OS Roman, "┬á" IBM437): no word's letter.
		// (Â's is loneNoBreak's, В's symbolIsland's.)
	case o >= 0x2010 && o <= 0x2BFF && !(o >= 0x2028 && o <= 0x202F) && !(o >= 0x205F && o <= 0x206F) && !unicode.IsLetter(o):
	default:
		return false
	}
	for i := 1; i < len(s); i++ {
		a, b, ok := innerPair(s, i)
		if !ok || s[i] == 0xFFFD {
			return false
		}
		// Past the lead, two continuation bytes read as symbols glued
		// together ("€“" of "â€“") may be a pair real text holds rarely
		// (a list of keyboard symbols): the lead's pair with them, which
		// it does not hold, tells.
		//
		// A small Cyrillic letter and a letter, then a symbol, standing as
		// a word of its own, is a symbol of three bytes misread as
		// Windows-1251 ("вњ”" ✔, "вќЊ" ❌), even where the first two are
		// a pair inside words ("поравњање"): no word is two letters glued
		// to a symbol, and the pair the symbol makes, which real text does
		// not hold, tells.
		//
		// After a lead that reads as punctuation, two letters alone, no
		// letter after them ("‚Üí" is → misread as Mac OS Roman: a low
		// quotation mark and "Üí"), are no quoted word: no word is two
		// letters beyond ASCII.
		quoted := i == 2 && len(s) == 3 && !unicode.IsLetter(s[0]) && !isWordChar(next) && !pairs.HasSized(commonModel, a, b)
		if modelHas(a, b) && (i == 1 && !cyrillicWordless(s) || i > 1 && !quoted && (unicode.IsLetter(s[i-1]) || unicode.IsLetter(s[i]) || pairs.HasSized(commonModel, a, b))) {
			return false
		}
	}
	lead := s[0]
	letterAfter := isASCIILetterRune(next)
	letterBefore := isASCIILetterRune(prev)
	digitBefore := '0' <= prev && prev <= '9'
	switch {
	case unicode.IsLetter(lead):
		// A character of three bytes misread as Windows-1251 begins with
		// a small Cyrillic letter (E2 is в: "в”‚" │, "вњ”" ✔, "в–¶" ▶):
		// glued to two symbols, with ASCII or the line's edge around, it
		// is no preposition.
		// So does one misread as IBM437 with Γ (E2 again: "Γ£ö" ✔,
		// "Γ¥ä" ❄): no Greek lead of two bytes reads as a character of
		// three.
		cyrillic3 := len(s) == 3 && (scriptOf(lead) == scCyrillic && unicode.IsLower(lead) || lead == 'Γ')
		if !cyrillic3 && (scriptOf(lead) != scLatin || unicode.IsUpper(lead) && 'A' <= prev && prev <= 'Z') {
			// (A Greek capital beside a symbol is mathematics, "2Β²"; a
			// Cyrillic В or в is a word, the preposition "in": "В§2".)
			return false
		}
		if len(s) == 2 && unicode.IsUpper(lead) && !letterBefore && !digitBefore {
			// A capital at a word's start: a variable with a hat ("Â²",
			// "Â·B", "Â±|n⟩") unless what follows the symbol is what
			// follows one in writing: a number, a space, the line's end,
			// a unit after a degree sign ("Â°C").
			// Other symbols (°, ©, §, ½, currency) are no operators:
			// anything but a letter may follow them.
			o := out[0]
			switch {
			case infoOf(o).kind == kSup:
				return false
			case next == none || next == ' ' || '0' <= next && next <= '9':
			case o == '°' && letterAfter:
			case isQuote(o) && letterAfter && !letterBefore && !digitBefore:
				// A quotation mark before a word ("Der Abschnitt
				// Â»debian/rules"): mathematics writes no variable with a
				// hat before one.
			case unicode.Is(unicode.Sm, o) || o == '·' || letterAfter:
				return false
			}
		}
	case lead == '¬':
		if !letterBefore && !digitBefore && (letterAfter || operand(s[1])) {
			return false
		}
	case lead == '√':
		if operand(s[1]) {
			return false
		}
	default:
		// Another sign or punctuation (Mac OS Roman's ‚); not box drawing
		// (IBM437's ┬ and ├ beside shades are drawings).
		if k := infoOf(lead).kind; k != kOpen && k != kClose && k != kPunct && k != kSymbol {
			return false
		}
	}
	for _, r := range s[1:] {
		if infoOf(r).kind == kBox {
			return false
		}
	}
	return true
}

// cyrillicWordless reports whether s, three characters, is a small
// Cyrillic letter, a letter, and a symbol or punctuation beyond ASCII: as
// a word of its own (loneSymbol asks ASCII around it), none of the
// languages written in Cyrillic writes it.
func cyrillicWordless(s []rune) bool {
	return len(s) == 3 && scriptOf(s[0]) == scCyrillic && unicode.IsLower(s[0]) && unicode.IsLetter(s[1]) && s[2] >= 0x80 && !unicode.IsLetter(s[2])
}

// isLoneSymbol is loneSymbol for the stretch rs[start:end] of units us, on
// its line (not lossy: its bytes are all there), between prev and next.
// In a round inside another (text misread twice) it must be the whole of
// the outer round's decoding: "Ã¢Å“â€œ" is âœ“ once undone, and ✓ twice,
// as a lone misread symbol is alone on its line.
func isLoneSymbol(rs []rune, start, end int, us stretchUnits, out []rune, prev, next rune) bool {
	if !us.space && !us.stray && symbolIsland(rs, start, end, us, out, prev, next) {
		return true
	}
	return us.n == 1 && (us.outer == nil || start == 0 && end == len(rs)) && !us.space && !us.stray && int(us.firstWidth) == end-start &&
		(loneSymbol(rs[start:end], out, prev, next) || closesQuote(rs, start, end, out, prev, next) || loneNoBreak(rs[start:end], out, noBreakPrev(rs, start, prev), next) || boxSymbol(rs, start, end, us, out, prev, next))
}

// noBreakPrev returns prev, the character before rs[start], as loneNoBreak
// weighs it: after a troff font escape ("\fRÂ\u00a0:") a space, for the
// escape's letter ends no word (the word before it is closed).
func noBreakPrev(rs []rune, start int, prev rune) rune {
	if fontEscapeEnds(rs, start) && isASCIILetterRune(prev) {
		return ' '
	}
	return prev
}

// loneNoBreak reports whether s is a no-break space misread as Windows-1252
// or Latin-1 ("Â" and the no-break space) glued to the end of a word: after
// a small ASCII letter, a digit or punctuation that ends a word
// ("authors'Â\u00a0reputations", "refactorÂ\u00a0`x`", "-Â\u00a0X86"). A
// capital Â glued after a small letter or a digit is no word's letter, and
// a no-break space after it none of a word's characters either. After a
// capital it stays: a word in capitals may end in Â ("HÂLÂ"). After a
// space, markup or at the line's start, Â may be a word, which a no-break
// space binds to the next: it stays before a letter or a digit ("Â\u00a0all
// of it"), and is a no-break space misread where nothing follows to bind
// (the line's end, spaces, punctuation, markup: "CARD32 Â\u00a0",
// "Â\u00a0<br>").
func loneNoBreak(s, out []rune, prev, next rune) bool {
	if len(s) != 2 || s[0] != 'Â' || s[1] != 0xA0 || len(out) != 1 || out[0] != 0xA0 || next >= 0x80 {
		return false
	}
	switch prev {
	case '.', ',', ';', ':', '!', '?', '\'', '"', ')', ']', '}', '-':
		return true
	case none, ' ', '\t', '>':
		return !isASCIIAlnum(next)
	}
	return 'a' <= prev && prev <= 'z' || '0' <= prev && prev <= '9'
}

// symbolIsland reports whether rs[start:end], repaired to out, is made of
// Latin-1's symbols and no-break spaces misread as Windows-1251, each the
// capital В (the lead C2) glued to what the continuation byte reads as
// ("В©" ©, "В\u00a0" a no-break space, "В»" », "В·" ·, "ВІ" ², "ВЅ" ½),
// or Г (C3) to a dash or a dot ("Г—" ×, "Г·" ÷), with ASCII between
// them, on a line of Latin text that holds no other Cyrillic letter: each
// В is then a letter of an alphabet the line is not written in, glued to
// a symbol or to a letter of that alphabet, as islandIn judges a word of
// one. In Russian, В
// before a no-break space or a closing guillemet is ordinary typography
// (the preposition bound to the next word, «…В»): its line holds other
// Cyrillic letters. In a round inside another, the line is the outer
// round's, and the stretch must be the whole of its decoding.
func symbolIsland(rs []rune, start, end int, us stretchUnits, out []rune, prev, next rune) bool {
	if end-start < 2 || rs[start] != 'В' && rs[start] != 'Р' && rs[start] != 'Г' || prev >= 0x80 || next >= 0x80 {
		return false
	}
	// Each misread symbol is "В" and what the continuation byte reads as
	// (or "Г" and a dash or a dot), or, misread twice, "Р’" before "В"
	// and the symbol; out is the stretch with each the symbol alone.
	// syms counts the misread symbols, spaces the no-break spaces among
	// them, glued the no-break spaces right after another; first and last
	// are the first symbol and the last.
	n, syms, spaces, glued := 0, 0, 0, 0
	first, last, lastEnd := none, none, -1
	for i := start; i < end; i++ {
		r := rs[i]
		if r < 0x80 {
			n++
			continue
		}
		at := i
		if r == 'Р' && i+2 < end && rs[i+1] == '’' {
			i += 2
			if r = rs[i]; r != 'В' {
				return false
			}
		}
		if i+1 >= end || !latin1Symbol1251(r, rs[i+1]) {
			return false
		}
		sym := rs[i+1]
		if sym == 0xA0 {
			spaces++
			if lastEnd == at && last == 0xA0 {
				glued++
			}
		}
		if first == none {
			first = sym
		}
		last, lastEnd = sym, i+2
		syms++
		n++
		i++
	}
	if len(out) != n {
		return false
	}
	// Misread no-break spaces only, two of them glued together
	// ("В\u00a0В\u00a0", indenting a table's cell): Russian writes no
	// preposition В twice in a row. Or a pair of guillemets only, around
	// ASCII ("В«\ cat\ В»"). The line's other letters need not be Latin
	// (a cell of numbers, a short line), only not Cyrillic.
	run := spaces == syms && glued > 0 || syms == 2 && first == '«' && last == '»'
	line, ls, le, ok := stretchLine(rs, start, end, us)
	if !ok {
		return false
	}
	latin := 0
	for i := 0; i < len(line); i++ {
		r := line[i]
		if r < 0x80 {
			// (Most of a Latin line, and no call.)
			if c := r | 0x20; 'a' <= c && c <= 'z' && (i < ls || i >= le) {
				latin++
			}
			continue
		}
		if i >= ls && i < le {
			continue
		}
		switch alphabetOf(scriptOf(r)) {
		case scLatin:
			latin++
		case scCyrillic:
			if !symbolLead(line, i) && !inLatinWord(line, i) {
				return false
			}
		}
	}
	return latin >= islandLatin || run
}

// inLatinWord reports whether rs[i] stands in a word (a run of letters and
// marks) that holds an ASCII letter: a Latin letter misread beside it on a
// line misread whole ("auszufГјhren", ü read as Windows-1251), which no
// Cyrillic word is.
func inLatinWord(rs []rune, i int) bool {
	for _, step := range [2]int{-1, 1} {
		for k := i + step; k >= 0 && k < len(rs); k += step {
			r := rs[k]
			if isASCIILetterRune(r) {
				return true
			}
			if r < 0x80 || !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) {
				break
			}
		}
	}
	return false
}

// stretchLine returns the line the stretch rs[start:end] stands on and
// where on it: rs, or in a round inside another (text misread twice) the
// outer round's line, where the stretch must be the whole of the round's
// decoding (ok is false when it is not).
func stretchLine(rs []rune, start, end int, us stretchUnits) (line []rune, ls, le int, ok bool) {
	if o := us.outer; o != nil {
		if start != 0 || end != len(rs) {
			return nil, 0, 0, false
		}
		return o.rs, o.start, o.end, true
	}
	return rs, start, end, true
}

// symbolLead reports whether rs[i] is part of a symbol of Latin-1 misread
// as Windows-1251 (latin1Symbol1251: "В©", "ВІ", "Г—"), or misread twice
// ("Р’В©": the Р and the В).
func symbolLead(rs []rune, i int) bool {
	at := func(k int) rune {
		if k >= 0 && k < len(rs) {
			return rs[k]
		}
		return none
	}
	switch {
	case latin1Symbol1251(rs[i], at(i+1)), latin1Symbol1251(at(i-1), rs[i]):
		return true
	case rs[i] == 'В':
		return at(i-1) == '’' && at(i-2) == 'Р'
	case rs[i] == 'Р':
		return at(i+1) == '’' && at(i+2) == 'В'
	}
	return false
}

// latin1Symbol1251 reports whether a and b are a character of Latin-1
// misread as Windows-1251 (see latin1Symbol): "В©" ©, "В\u00a0", "ВІ" ²,
// "ВЅ" ½ after В; "Г—" ×, "Г·" ÷, "Г©" é after Г.
func latin1Symbol1251(a, b rune) bool { return latin1Symbol(Windows1251, a, b) }

// latin1Symbol reports whether a and b are a character of Latin-1 beyond
// its controls misread as e: the lead C2 and a continuation byte A0-BF but
// the soft hyphen (a symbol, or the no-break space), or C3 and any (a
// letter À-ÿ, or × and ÷). A letter misread stands as a word of its own
// in the languages that write one ("Г©" is Portuguese é, "Г\u00a0"
// French à), where its continuation byte reads as a symbol and islandIn,
// which asks letters of one alphabet, does not see it.
func latin1Symbol(e Codepage, a, b rune) bool {
	la, ok := encodeIn(e, a)
	c, ok2 := encodeIn(e, b)
	if !ok || !ok2 {
		return false
	}
	switch la {
	case 0xC2:
		return c >= 0xA0 && c <= 0xBF && c != 0xAD
	case 0xC3:
		return c >= 0x80 && c <= 0xBF
	}
	return false
}

// boxSymbol reports whether rs[start:end], repaired to out, is one symbol
// of Latin-1 misread as IBM437 between ASCII neighbours: the lead C2 or C3
// reads as box drawing (┬, ├) glued to what the continuation byte reads
// as, a shade, a line or a letter ("20┬░C" °, "┬▒0.5" ±, "5 ├ù 3" ×,
// "┬╜ cup" ½), on a line that holds no other box drawing, shade or block
// (rs, or the outer round's line in a round inside another, where the
// stretch must be its whole decoding). In a drawing, ┬ beside ░ is a
// drawing; in a line of text, a lone piece of one is a Windows console
// showing UTF-8.
func boxSymbol(rs []rune, start, end int, us stretchUnits, out []rune, prev, next rune) bool {
	if end-start != 2 || len(out) != 1 || us.n != 1 || prev >= 0x80 || next >= 0x80 || infoOf(rs[start]).kind != kBox || !latin1Symbol(IBM437, rs[start], rs[start+1]) {
		return false
	}
	line, ls, le, ok := stretchLine(rs, start, end, us)
	if !ok {
		return false
	}
	for i, r := range line {
		if r >= 0x2500 && r <= 0x259F && (i < ls || i >= le) {
			return false
		}
	}
	return true
}

// closesQuote reports whether rs[start:end], a misread guillemet after a
// capital ("-TÂ»", which loneSymbol leaves: a word in capitals may end
// with Â or Ã, "MAÇÃ»"), closes a quotation the line opened with the
// other guillemet misread the same way ("Â«dpkg-buildpackage -TÂ»", or
// German's "Â»…Â«"), and is, but for the capital before it, a lone
// symbol. Clean text does not hold both.
func closesQuote(rs []rune, start, end int, out []rune, prev, next rune) bool {
	if end-start != 2 || len(out) != 1 || !('A' <= prev && prev <= 'Z') {
		return false
	}
	other := rune(0xAB) // «
	switch out[0] {
	case 0xAB:
		other = 0xBB // »
	case 0xBB:
	default:
		return false
	}
	lead, opened := rs[start], false
	for i := start - 2; i >= 0 && !opened; i-- {
		opened = rs[i] == lead && rs[i+1] == other
	}
	return opened && loneSymbol(rs[start:end], out, ' ', next)
}

// operand reports whether r, read after a root or a negation sign, is what
// mathematics or logic writes there: a Greek letter, an n-ary operator, ∂,
// ∞, the micro sign (μ) or ø (the empty set, as typed).
func operand(r rune) bool {
	switch r {
	case '∑', '∏', '∫', '∂', '∞', 'µ', 'ø', 'Ø':
		return true
	}
	return unicode.Is(unicode.Greek, r)
}
