package mojibake

import (
	"math"
	"sync"
	"sync/atomic"
	"unicode"
)

// The cost model. A stretch is rewritten only when its decoded form is less
// "bad" than the text as it stands, badness counting the marks misreading
// leaves in text and real writing rarely has: a letter glued to a symbol
// ("Ã©", "Ð¸"), symbols glued to each other ("€™"), a capital inside a
// lowercase word ("cafÃ"), Latin letters glued to Cyrillic or Greek ones, C1
// controls and unassigned code points, and the odd symbols legacy code pages
// fill their upper halves with. Nothing counts length: a decoding is always
// shorter, and shortness is no evidence. Text with no such marks therefore has
// badness 0 and is never changed, whatever re-encoding it would survive.

// kind is a character's role in the cost model.
type kind uint8

const (
	kOther  kind = iota // assigned and neutral: CJK, Indic, ...
	kLetter             // letters
	kMark               // combining marks
	kDigit              // decimal digits
	kSpace              // white space, no-break space included
	kOpen               // punctuation that opens: ( [ { „ ‚ (Ps)
	kClose              // punctuation that ends or joins words, and quotes, which open in one language and close in another: ) “ ” ‘ ’ « » – — … (Pe, Pi, Pf, Pd)
	kPunct              // other punctuation: • † ‡ ‰ § ¶ ¡ ¿ (Po)
	kSymbol             // symbols: currency, math, modifiers, superscripts, ordinals
	kBad                // C1 controls, unassigned, private use, noncharacters
	kBox                // box drawing and blocks: neutral among themselves, odd beside anything else
	kSup                // superscript digits: after a small letter a unit (m², см³), after a capital odd
)

// script groups letters whose mixing inside a word is telling.
const (
	sNone uint8 = iota
	sLatin
	sGreek
	sCyrillic
	sOther
)

// info is what the cost model knows of one character.
type info struct {
	kind   kind
	script uint8
	upper  bool
	lower  bool
	math   bool  // a mathematical symbol (Sm)
	cost   uint8 // badness of the character on its own
	class  uint8 // what pairCost looks at, as an index into pairTable
	flags  uint8 // what tripleCost looks at: tLetter, tMiddle
}

// Flags for tripleCost and for telltale (see telltaleFlags), computed
// once per character.
const (
	tLetter  uint8 = 1 << iota // a Latin, Greek or Cyrillic letter
	tMiddle                    // non-ASCII punctuation or symbol, not an apostrophe or dash
	tTellN                     // telltale counts it after a lead of C4..DE (see telltaleFlags)
	tTellW                     // telltale counts it after Â or Ã
	tQuote                     // isQuote
	tCapital                   // a capital letter (telltale's guard)
)

// telltaleFlags returns r's flags for telltale: tTellW (tTellN) when
// telltale counts r after a wide (narrow) lead with nothing before,
// telltale's own answer, and tQuote for a quote. Telltale
// counts nothing for other pairs: its cases depend on its a only through
// wide, and its guard and its quotes can only turn a count off. It needs
// cp1252Byte: buildTables builds the encodings' tables first.
func telltaleFlags(r rune) uint8 {
	if r < 0 || r >= maskDense {
		return 0 // Windows-1252's characters and the quotes are below it
	}
	var f uint8
	if telltale(none, info{}, 0xC4, r, none) > 0 {
		f |= tTellN
	}
	if telltale(none, info{}, 0xC2, r, none) > 0 {
		f |= tTellW
	}
	if isQuote(r) {
		f |= tQuote
	}
	return f
}

// tells reports whether telltale(z, w, a, b, after) may be more than 0,
// for a lead a (C2..DE), from the flags of b (yFlags) and z (wFlags, w's):
// b's say whether telltale's cases count it after a, and z's whether its
// guard lets them. When b is no quote (tQuote) it is then 2. See
// telltaleFlags; TestTelltaleFlags checks it.
func tells(a rune, yFlags uint8, z rune, wFlags uint8) bool {
	m := tTellN
	if a <= 0xC3 {
		m = tTellW
	}
	return yFlags&m != 0 && !(z != none && wFlags&tCapital != 0)
}

var lowInfo [maskDense]info

// initBadness builds the character tables badness reads (see buildTables).
func initBadness() {
	buildPairTable()
	for r := rune(0); r < maskDense; r++ {
		lowInfo[r] = classify(r)
	}
	cjkInfo = classify(0x4E00)
	noneInfo, invalidInfo = classify(none), classify(invalidByte)
}

// cjkInfo describes the CJK ideographs, Hangul syllables and kana.
var cjkInfo info

// The pair table. pairCost reads a few fields of each character's info and
// whether the character is ASCII, a space or a no-break space; those, with
// the fields it does not read for a kind cleared, make a class, and the
// classes are few. pairTable holds pairCost for every two classes, so that
// badness pays a lookup per pair instead of pairCost's branches; the test
// TestPairTable checks it against pairCost.
const maxClasses = 128

var (
	pairTable [maxClasses][maxClasses]int8
	classIDs  = map[uint16]uint8{}
	classReps []struct {
		r  rune
		in info
	}
)

// classKey packs the fields pairCost reads, the others cleared.
func classKey(r rune, in info) (uint16, info) {
	n := info{kind: in.kind}
	switch in.kind {
	case kLetter:
		n.script, n.upper, n.lower = in.script, in.upper, in.lower
	case kMark:
		n.script = in.script
	case kSymbol:
		n.math = in.math
	case kClose, kPunct:
		n.script = in.script // sOther for CJK punctuation (wideCJKPunct), else sNone
	}
	k := uint16(n.kind) | uint16(n.script)<<4
	if n.upper {
		k |= 1 << 7
	}
	if n.lower {
		k |= 1 << 8
	}
	if n.math {
		k |= 1 << 9
	}
	switch {
	case r == 0xA0:
		k |= 1 << 10
	case r == ' ':
		k |= 1 << 11
	case r == '[':
		k |= 1 << 13
	case r >= 0x80:
		k |= 1 << 12
	}
	return k, n
}

// classOf returns r's class, which buildPairTable made sure exists.
func classOf(r rune, in info) uint8 {
	k, _ := classKey(r, in)
	id, ok := classIDs[k]
	if !ok {
		panic("mojibake: character class missing from the pair table") // buildPairTable enumerates them all
	}
	return id
}

// buildPairTable enumerates every class a character can have and fills
// pairTable with pairCost for each two, from a representative of each.
func buildPairTable() {
	for k := kOther; k <= kSup; k++ {
		reps := []rune{'x', 0x1000} // ASCII or not
		if k == kSpace {
			reps = append(reps, ' ', 0xA0)
		}
		if k == kOpen {
			reps = append(reps, '[')
		}
		for sc := sNone; sc <= sOther; sc++ {
			for c := 0; c < 4; c++ {
				for _, m := range []bool{false, true} {
					for _, r := range reps {
						in := info{kind: k, script: sc, upper: c&1 != 0, lower: c&2 != 0, math: m}
						key, n := classKey(r, in)
						if _, ok := classIDs[key]; ok {
							continue
						}
						if len(classReps) == maxClasses {
							panic("mojibake: too many character classes")
						}
						classIDs[key] = uint8(len(classReps))
						classReps = append(classReps, struct {
							r  rune
							in info
						}{r, n})
					}
				}
			}
		}
	}
	for i, a := range classReps {
		for j, b := range classReps {
			pairTable[i][j] = int8(pairCost(a.r, a.in, b.r, b.in))
		}
	}
}

// infoOf returns what the cost model knows of r. The dense table is looked
// up here, small enough to be inlined: the cost model asks for every
// character it sees, and a call would cost more than the lookup.
//
// Beyond the table, infoBeyond returns where the info is kept rather than
// the info: returned by value, its eight bytes came back in eight
// registers, were stored one by one and loaded as one word, which the
// processor cannot forward (a stall of a dozen cycles per character of
// CJK, 3-10% of the time on misread CJK text).
func infoOf(r rune) info {
	if uint32(r) < maskDense {
		return lowInfo[r]
	}
	return *infoBeyond(r)
}

// infoBeyond is infoOf for r outside the dense table, as a pointer to the
// info kept for it. What no table keeps (beyond the SMP, rare) is
// classified on each call, as it always was, into a new variable.
func infoBeyond(r rune) *info {
	switch {
	case isWideLetter(r):
		// CJK ideographs, Hangul syllables, kana: what most misread text
		// decodes to beyond the dense table, and all plain letters.
		return &cjkInfo
	case maskDense <= r && r < 0x10000:
		return bmpInfoOf(r)
	case 0x10000 <= r && r < 0x20000:
		smpOnce.Do(fillSMP)
		return &smpPalette[smpInfo[r-0x10000]]
	case r == none:
		return &noneInfo
	case r == invalidByte:
		return &invalidInfo
	}
	in := classify(r)
	return &in
}

// noneInfo and invalidInfo are classify's for none (the edge of a line) and
// invalidByte, which the cost model asks about at every line's edges.
var noneInfo, invalidInfo info

// The Supplementary Multilingual Plane (emoji, historic scripts) is
// classified on first need too, as an index into the few distinct infos
// it holds: a misread emoji decodes to one, and classify per character
// would cost more than all the rest of the repair.
var (
	smpOnce    sync.Once
	smpInfo    []uint8
	smpPalette []info
	smpReady   atomic.Bool // set once smpInfo and smpPalette are filled
)

func fillSMP() {
	smpInfo = make([]uint8, 0x10000)
	seen := map[info]uint8{}
	for i := range smpInfo {
		in := classify(rune(0x10000 + i))
		k, ok := seen[in]
		if !ok {
			if len(smpPalette) == 256 {
				panic("mojibake: too many distinct infos in the SMP") // a new Unicode version would have to add hundreds of kinds
			}
			k = uint8(len(smpPalette))
			seen[in] = k
			smpPalette = append(smpPalette, in)
		}
		smpInfo[i] = k
	}
	smpReady.Store(true)
}

// The rest of the Basic Multilingual Plane is classified on first need
// only, a page of bmpPage code points at a time: most programs never look
// there, and the whole of it takes milliseconds (about 6 ms, half of a
// short fix --mojibake process, when buildTables' repairs of lone leads
// reached one character there and filled it all).
const bmpPage = 256

var (
	bmpInfo  [0x10000 - maskDense]info
	bmpPages [(0x10000 - maskDense) / bmpPage]sync.Once
	_        = [1]int{}[(0x10000-maskDense)%bmpPage] // whole pages (else this does not compile)
)

// bmpInfoOf is infoBeyond for maskDense <= r < 0x10000.
func bmpInfoOf(r rune) *info {
	i := int(r - maskDense)
	p := i / bmpPage
	bmpPages[p].Do(func() { fillBMPPage(p) })
	return &bmpInfo[i]
}

// fillBMPPage classifies the code points of page p of bmpInfo.
func fillBMPPage(p int) {
	for i := p * bmpPage; i < (p+1)*bmpPage; i++ {
		bmpInfo[i] = classify(rune(maskDense + i))
	}
}

// classify describes r, with its class for the pair table.
func classify(r rune) info {
	in := describe(r)
	in.class = classOf(r, in)
	var w, y info
	w.kind, w.script, y.kind, y.script = kLetter, sLatin, kLetter, sLatin
	if in.kind == kLetter && in.script != sOther && in.script != sNone {
		in.flags |= tLetter
	}
	if tripleCost(w, r, in, y) > 0 {
		in.flags |= tMiddle
	}
	in.flags |= telltaleFlags(r)
	if in.kind == kLetter && in.upper {
		in.flags |= tCapital
	}
	return in
}

func describe(r rune) info {
	var in info
	switch {
	case r < 0:
		return info{kind: kBad, cost: 3}
	case r == 0xFFFD:
		return info{kind: kSymbol, cost: 1}
	case r < 0x80:
		switch {
		case 'a' <= r && r <= 'z':
			return info{kind: kLetter, script: sLatin, lower: true}
		case 'A' <= r && r <= 'Z':
			return info{kind: kLetter, script: sLatin, upper: true}
		case '0' <= r && r <= '9':
			return info{kind: kDigit}
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v':
			return info{kind: kSpace}
		case r < 0x20 || r == 0x7F:
			return info{kind: kOther}
		case r == '(' || r == '[' || r == '{':
			return info{kind: kOpen}
		default:
			return info{kind: kClose}
		}
	case r&0xFFFE == 0xFFFE || 0xFDD0 <= r && r <= 0xFDEF:
		return info{kind: kBad, cost: 3}
	case unicode.Is(unicode.Cc, r):
		return info{kind: kBad, cost: 3}
	case unicode.Is(unicode.Co, r):
		return info{kind: kBad, cost: 2}
	}
	switch r {
	case 0xB5, 0x192, 0xAA, 0xBA: // micro sign, florin, ordinal indicators: letters by category, symbols in use
		in = info{kind: kSymbol}
		if r == 0xB5 || r == 0x192 {
			in.cost = 1
		}
		return in
	case 0xA4, 0xA6, 0xAC, 0xB6, 0xAD, 0x2310, 0x2320, 0x2321, 0x25CA, 0x2044:
		// ¤ ¦ ¬ ¶ soft hyphen, the IBM-PC corner pieces, Mac OS Roman's
		// lozenge and fraction slash: characters legacy code pages offer
		// but writing rarely uses. (Its √ ∞ ≈ ≠ ... are real mathematics.)
		return info{kind: kSymbol, cost: 1, math: unicode.Is(unicode.Sm, r)}
	case 0xA0:
		return info{kind: kSpace}
	case 0xB7, 0x2026:
		return info{kind: kClose}
	case 0xB2, 0xB3, 0xB9:
		return info{kind: kSup}
	}
	switch {
	case 0x2070 <= r && r <= 0x209F:
		return info{kind: kSup}
	case 0x2500 <= r && r <= 0x259F:
		return info{kind: kBox}
	case 0x25A0 <= r && r <= 0x25FF: // geometric shapes
		return info{kind: kSymbol}
	case r == 0xFB01 || r == 0xFB02: // the ligatures fi, fl
		return info{kind: kLetter, script: sLatin, lower: true, cost: 1}
	case unicode.IsLetter(r):
		in.kind = kLetter
		in.upper = unicode.IsUpper(r)
		in.lower = unicode.IsLower(r)
		switch {
		case unicode.Is(unicode.Latin, r):
			in.script = sLatin
		case unicode.Is(unicode.Greek, r):
			in.script = sGreek
		case unicode.Is(unicode.Cyrillic, r):
			in.script = sCyrillic
		default:
			in.script = sOther
		}
		if rareLetter(r) {
			in.cost = 1
		}
	case unicode.IsMark(r):
		in.kind = kMark
		if !unicode.Is(unicode.Inherited, r) {
			in.script = sOther // a mark of one script: Arabic, Devanagari, ...
		}
	case unicode.Is(unicode.Nd, r):
		in.kind = kDigit
	case unicode.IsSpace(r) || unicode.Is(unicode.Zs, r):
		in.kind = kSpace
	case unicode.Is(unicode.Ps, r):
		in.kind = kOpen
	case unicode.In(r, unicode.Pe, unicode.Pi, unicode.Pf, unicode.Pd):
		in.kind = kClose
	case unicode.Is(unicode.P, r):
		in.kind = kPunct
	case unicode.In(r, unicode.S, unicode.No):
		in.kind = kSymbol
		in.math = unicode.Is(unicode.Sm, r)
		if unicode.Is(unicode.Sk, r) {
			in.cost = 1 // spacing accents: ¨ ¯ ´ ¸ ˆ ˜ ˇ ˘ ˙ ˛ ˝
		}
	case unicode.Is(unicode.Cf, r):
		// Format characters are invisible, and a misreading that decodes
		// to one is suspect; but not the zero-width non-joiner, which
		// Persian (and Kurdish, Urdu, the Indic scripts) writes inside
		// words ("می‌شود", "کتاب‌ها") one to three times a line. At cost 1
		// it left a Persian line misread as Windows-1252 with badness
		// once repaired, so that plan's stop (coversAll over the
		// perfect stretches) never came, and ISO-8859-1, Windows-1250,
		// -1254, -1257 and Mac OS Roman were tried after it on every
		// such line (h33a: 415 of 1448 windows of Persian), for stretches
		// that never won: a quarter of the instructions on that text
		// (bench/results/mojispeed-2026-11-30-h34a). Without the cost no
		// repair of the golden file's 35,302 cases or of the training
		// text changed, only the Scores of 100 cases (Persian lines),
		// which no longer count the repaired text's non-joiners. The
		// same for the left-to-right and right-to-left marks (U+200E,
		// U+200F), which Hebrew, Arabic and Persian write around Latin
		// words and numbers: the Hebrew page misread as Windows-1252 kept
		// them as badness (-2.8% instructions there; golden: outputs
		// and changes identical, 70 Scores differ).
		if r != 0x200C && r != 0x200E && r != 0x200F {
			in.cost = 1
		}
	case !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co):
		// Unassigned (Go's unicode.C holds the unassigned code points too),
		// or a surrogate.
		return info{kind: kBad, cost: 3}
	}
	if (in.kind == kClose || in.kind == kPunct) && wideCJKPunct(r) {
		in.script = sOther // (pairCost reads it: oddNeighbours)
	}
	return in
}

// wideCJKPunct reports the punctuation of CJK Symbols and Punctuation
// (、。「」〈〉《》【】) and the full-width forms (，：；！？（）): what
// Chinese and Japanese write between their ideographs. Glued one to
// another ("）。", "」、") they are writing, not misread bytes: the cost
// model left Chinese and Japanese repaired with badness at every such
// pair (one a line or two), so that plan's stop (coversAll over the
// perfect stretches) did not come and five more encodings were tried
// on the line (bench/results/mojispeed-2026-11-30-h34a).
func wideCJKPunct(r rune) bool {
	return 0x3000 <= r && r <= 0x303F || 0xFF01 <= r && r <= 0xFF65
}

// pairCost is the badness of character a (described by x) directly followed
// by character b (y).
func pairCost(a rune, x info, b rune, y info) int {
	if a < 0x80 && b < 0x80 {
		return 0
	}
	if x.kind == kLetter && y.kind == kLetter && x.script == y.script && !(x.lower && y.upper) {
		return 0 // the common case of text in one script: nothing to say
	}
	c := 0
	aHigh, bHigh := a >= 0x80, b >= 0x80
	// The rules about letters glued to symbols look at the scripts misread
	// text is made of: Latin, Greek, Cyrillic. CJK, Arabic or Indic letters
	// meet their own punctuation with no space between ("。", "،", "।").
	if x.kind == kLetter && aHigh && x.script != sOther {
		switch y.kind {
		case kSymbol, kPunct, kBad, kBox:
			c += 2
		case kOpen:
			// Not '[' after a small letter: Wikipedia and Markdown glue
			// a note's number to the word it is about ("км[1]",
			// "obliquité[14]"). After a capital it is counted still:
			// Windows-1251 reads the last byte of a CJK character as
			// one ("ж—Ґ[1]" is 日[1]).
			if b != '[' || !x.lower {
				c++
			}
		case kSup:
			if x.upper {
				c += 2
			}
		}
	}
	if bHigh && y.kind == kLetter {
		switch x.kind {
		case kSymbol, kPunct, kBad, kBox:
			if aHigh && y.script != sOther {
				c++
			}
		case kLetter:
			if x.lower && y.upper {
				c++
			}
			if x.script != y.script && x.script != sOther && y.script != sOther {
				c += 2
			}
		}
	}
	if aHigh && bHigh && oddNeighbours(x, y) {
		c++
	}
	if (a == 0xA0 && b == ' ') || (a == ' ' && b == 0xA0) {
		c++
	}
	if y.kind == kMark && x.kind != kLetter && x.kind != kMark {
		c++
	}
	if y.kind == kMark && y.script == sOther && x.kind == kLetter && x.script != sOther {
		c += 2 // an Arabic or Indic mark on a Latin, Greek or Cyrillic letter
	}
	if x.kind == kLetter && y.kind == kLetter && aHigh != bHigh && x.script != y.script &&
		x.script != sOther && y.script != sOther {
		// already counted above when b is the high one
		if !bHigh {
			c += 2
		}
	}
	return c
}

// badness scores s between the characters prev and next (-1 for none).
func badness(prev rune, s []rune, next rune) int { return badnessUpTo(prev, s, next, math.MaxInt) }

// isBad reports whether badness(prev, s, next) > 0, stopping at the first
// mark of misreading: every term of the score is positive or zero.
func isBad(prev rune, s []rune, next rune) bool { return badnessUpTo(prev, s, next, 1) > 0 }

// badnessUpTo is badness, but returns as soon as the score reaches limit
// (with a score of at least limit, not necessarily the whole one).
func badnessUpTo(prev rune, s []rune, next rune, limit int) int {
	total := 0
	a := prev
	// x, y and w point to the infos of a, b and z: pointers stay in
	// registers, where infos, structs of eight fields, were copied
	// through the stack at every character.
	x := &noInfo
	if a >= 0x80 || a < 0 && a != none {
		x = infoPtr(a)
	}
	// z is the character before a, for the one rule that looks at three.
	z, w := none, &noInfo
	for i, b := range s {
		if b < 0x80 && b >= 0 && a < 0x80 && a >= 0 {
			// Two ASCII characters cost nothing: skip the lookups, which
			// the gaps between misread characters are mostly made of.
			z, a = a, b
			continue
		}
		y := infoPtr(b)
		total += int(y.cost)
		if a != none {
			if a < 0x80 && a >= 0 {
				x = &lowInfo[a]
			}
			total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)]) // (classes are below maxClasses: the mask drops the bounds checks)
			if a >= 0xC2 && a <= 0xDE && tells(a, y.flags, z, w.flags) {
				if y.flags&tQuote == 0 {
					total += 2 // telltale's, for a b that is no quote
				} else {
					after := next
					if i+1 < len(s) {
						after = s[i+1]
					}
					total += telltale(z, *w, a, b, after)
				}
			}
			if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && b >= 0x80 {
				total += 2 // tripleCost, from the flags
			}
			if total >= limit {
				return total
			}
		}
		z, w = a, x
		a, x = b, y
	}
	if next != none && a != none {
		if a < 0x80 && a >= 0 {
			x = &lowInfo[a]
		}
		y := infoPtr(next)
		total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)])
		if a >= 0xC2 && a <= 0xDE && tells(a, y.flags, z, w.flags) {
			total += telltale(z, *w, a, next, none)
		}
		if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && next >= 0x80 {
			total += 2
		}
	}
	return total
}

// badnessLeads is badness(prev, s, next) and hasLeadPair(s) in one pass:
// judge asks both of each decoding, and the second walked the decoding
// again, a table lookup for each character beyond ASCII. (A copy of
// badnessUpTo's loop, with no limit, rather than a flag in it: its other
// callers would pay for the masks.)
func badnessLeads(prev rune, s []rune, next rune) (int, bool) {
	total := 0
	a := prev
	// (See badnessUpTo.)
	x := &noInfo
	if a >= 0x80 || a < 0 && a != none {
		x = infoPtr(a)
	}
	z, w := none, &noInfo
	// hasLeadPair's: the lead mask of the character before, 0 for ASCII.
	// found: the continuation masks met after a lead of the same
	// encoding, ORed (no branch).
	var prevLead, found uint16
	// A wide letter after another (most of a CJK decoding) adds wideStep:
	// both infos are cjkInfo, which telltale and tripleCost never count
	// (no lead of C2..DE, no tMiddle), and no wide letter is a lead or a
	// continuation when they are all below highMasks' (maskOf). The loop
	// leaves such a run to the one after it, which steps it at once
	// (kept out of the loop, whose code for other text grew slower with
	// it inside).
	wideStep, wideRuns := int(cjkInfo.cost)+int(pairTable[cjkInfo.class&(maxClasses-1)][cjkInfo.class&(maxClasses-1)]), cjkInfo.flags&tMiddle == 0 && highMin > 0xD7A3
	i := 0
again:
	for ; i < len(s); i++ {
		b := s[i]
		if b < 0x80 && b >= 0 && a < 0x80 && a >= 0 {
			z, a = a, b
			continue // (prevLead is 0: a is ASCII)
		}
		var y *info
		if uint32(b) < maskDense {
			y = &lowInfo[b]
			if b >= 0x80 {
				m := lowMasks[b]
				found |= prevLead & m.cont
				prevLead = m.lead
			} else {
				prevLead = 0
			}
		} else {
			if isWideLetter(b) {
				if wideRuns && isWideLetter(a) {
					break // (a run of them: below)
				}
				y = &cjkInfo // (infoBeyond's, without its call)
			} else {
				y = infoBeyond(b)
			}
			m := maskOfDecoded(b)
			found |= prevLead & m.cont
			prevLead = m.lead
		}
		total += int(y.cost)
		if a != none {
			if a < 0x80 && a >= 0 {
				x = &lowInfo[a]
			}
			total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)])
			if a >= 0xC2 && a <= 0xDE && tells(a, y.flags, z, w.flags) {
				if y.flags&tQuote == 0 {
					total += 2
				} else {
					after := next
					if i+1 < len(s) {
						after = s[i+1]
					}
					total += telltale(z, *w, a, b, after)
				}
			}
			if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && b >= 0x80 {
				total += 2
			}
		}
		z, w = a, x
		a, x = b, y
	}
	if i < len(s) {
		// s[i] is a wide letter after one (x is a's info, cjkInfo;
		// prevLead is 0).
		for ; i < len(s) && isWideLetter(s[i]); i++ {
			total += wideStep
			z, w = a, x
			a = s[i]
		}
		goto again
	}
	if next != none && a != none {
		if a < 0x80 && a >= 0 {
			x = &lowInfo[a]
		}
		y := infoPtr(next)
		total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)])
		if a >= 0xC2 && a <= 0xDE && tells(a, y.flags, z, w.flags) {
			total += telltale(z, *w, a, next, none)
		}
		if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && next >= 0x80 {
			total += 2
		}
	}
	return total, found != 0
}

// noInfo is the zero info, which badnessUpTo starts from.
var noInfo info

// infoPtr is infoOf as a pointer to the info kept for r.
func infoPtr(r rune) *info {
	if uint32(r) < maskDense {
		return &lowInfo[r]
	}
	return infoBeyond(r)
}

// telltale is the badness of a capital of Latin-1 (or ×, Þ) that is a
// lead byte in Windows-1252, a followed by b, a character Windows-1252
// reads a continuation byte as: "Ãœber", "Ã–sterreich", "Ã“scar", "Â ",
// "Åœablono", "Ä‘", "×‘" are Über, Österreich, Óscar, a no-break space,
// Ŝablono, đ and Hebrew ב misread, and the general rules see nothing wrong
// in a capital followed by a letter, a dash or a quote. For Â and Ã, whose
// misreadings cover U+0080..U+00FF, any continuation counts ("Â«"); for
// the others only 80-A0, since a capital before a closing quote or « is
// writing. Z (w) is the character before: after a capital, a ends a word
// in capitals ("IRMÃ…") and is left alone; ’ after a capital is the
// elision of French or Italian ("Ç’a"); and a quote after a capital that
// follows a quote, with no letter after it, closes a letter quoted on its
// own („Ä“, “Ã”). After is the character after b.
func telltale(z rune, w info, a, b, after rune) int {
	if a < 0xC2 || a > 0xDE || z != none && w.kind == kLetter && w.upper {
		return 0
	}
	if isQuote(b) && (isQuote(z) || z == '(' || z == '[') && (after < 0 || infoOf(after).kind != kLetter) {
		return 0 // a letter quoted on its own: „Ä“, “Ã”, «Ã»
	}
	wide := a == 0xC2 || a == 0xC3
	switch {
	case b == 0xA0:
		return 2
	case b > 0xA0 && b < 0xC0:
		if wide {
			return 2
		}
	case b >= 0x100 && (b != 0x2019 || wide):
		if c, ok := cp1252Byte(b); ok && c < 0xA0 {
			return 2
		}
	}
	return 0
}

// isQuote reports quotation marks, which may enclose a single letter.
func isQuote(r rune) bool {
	switch r {
	case '"', '\'', 0xAB, 0xBB, 0x2018, 0x2019, 0x201A, 0x201B, 0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A:
		return true
	}
	return false
}

// cp1252Byte returns Windows-1252's byte for r.
func cp1252Byte(r rune) (byte, bool) { return encodeIn(Windows1252, r) }

// tripleCost is the badness of a mark of punctuation a (described by x)
// between two non-ASCII letters (w and y) with no space: "з›ё", "е…і",
// "ж”№" are Cyrillic letters around bytes of CJK characters. Apostrophes
// and dashes join words (l’été, Müller–Lüdenscheidt) and are left out.
func tripleCost(w info, a rune, x info, y info) int {
	if w.kind != kLetter || y.kind != kLetter || a < 0x80 || w.script == sOther || y.script == sOther {
		return 0
	}
	switch x.kind {
	case kClose, kOpen, kPunct, kSymbol:
		if a == 0x2019 || a == 0x2018 || a == 0x02BC || x.kind == kClose && unicode.Is(unicode.Pd, a) {
			return 0
		}
		return 2
	}
	return 0
}

// rareLetter reports letters of blocks that living languages hardly use,
// which a misreading decodes to more often than writing contains them: most
// of Latin Extended-B and the IPA, historic and minority Cyrillic, NKo and
// the blocks around it.
func rareLetter(r rune) bool {
	switch {
	case 0x0180 <= r && r <= 0x024F:
		// Vietnamese ơ ư, Romanian ș ț and pinyin's ǎ ǐ ǒ ǔ ǖ ǘ ǚ ǜ are common.
		return !(0x01A0 <= r && r <= 0x01B0 || 0x0218 <= r && r <= 0x021B || 0x01CD <= r && r <= 0x01DC)
	case 0x0250 <= r && r <= 0x02AF:
		return true
	case 0x0460 <= r && r <= 0x052F:
		return r != 0x0490 && r != 0x0491 // Ukrainian Ґ ґ
	case 0x07C0 <= r && r <= 0x08FF:
		return true
	}
	return false
}

// oddNeighbours reports symbols glued together the way misread bytes are
// ("€™", "├⌐"): two symbols or punctuation marks, or a box piece beside one.
func oddNeighbours(x, y info) bool {
	if x.math && y.math {
		return false // ≤≥, √±, ±∞: mathematics writes symbols together
	}
	if x.kind == kClose && x.script == sOther && y.script == sOther {
		// "）。", "」、": Chinese and Japanese close a bracket or a quote
		// and end the clause with no space between, both full width
		// (see wideCJKPunct). A misreading of UTF-8 decodes to them only
		// in text that was CJK.
		return false
	}
	return oddKinds(x.kind, y.kind)
}

func oddKinds(x, y kind) bool {
	sym := func(k kind) bool { return k == kSymbol || k == kPunct || k == kBad }
	switch {
	case sym(x) && sym(y), x == kClose && sym(y):
		// "€™", "»‡" (Vietnamese ệ misread): a quote or dash ends a
		// word and meets a space or ASCII punctuation, not a dagger.
		return true
	case x == kBox:
		return sym(y)
	case y == kBox:
		return sym(x)
	}
	return false
}
