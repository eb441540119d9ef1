package mojibake

import (
	"sync"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// implausibleAroundMargin's loop over a repair, for the characters most
// repairs are made of (below U+10A0, or in U+1E00..U+20FF),
// reads one descriptor per character, built once from the tables its
// general loop reads (lowInfo, scriptTable, pairs.Fold): what the rules
// ask of the character in bits, its folded form for the model's pairs, and
// its class for the shape of words, which a second table steps.

// A descriptor's bits.
const (
	fdScript     = 0xFF    // the character's script (scriptOf)
	fdControl    = 1 << 9  // a character that is bad, or a C1 control: "control"
	fdHigh       = 1 << 10 // beyond ASCII, of a script beyond Cyrillic: highScripts
	fdGlued      = 1 << 11 // beyond ASCII, a letter of Latin, Greek or Cyrillic: the rule against gluing
	fdCount      = 1 << 12 // of Cyrillic or a script after it: outScripts counts it (the rules read no other)
	fdMark       = 1 << 13 // a combining mark: the rules for marks
	fdClassShift = 16      // 5 bits: the character's class for shapeSteps
	fdMarkShift  = 24      // 8 bits: markScript of a mark
	fdFoldShift  = 32      // pairs.Fold of the character
)

// fastSpan is how many characters have a descriptor: U+0000..U+109F, then
// U+1E00..U+20FF (Vietnamese's letters, Greek's accented ones, punctuation).
const (
	fastLow   = 0x10A0
	fastPunct = 0x1E00
	fastSpan  = fastLow + 0x300
)

var (
	fastDesc     [fastSpan]uint64
	fastDescOnce sync.Once
	// wideRun: the letters isWideLetter reports step implausible's loop
	// as its run of them assumes (buildFastDesc checks the tables).
	wideRun bool
	// shapeSteps is unseen's step for the shape of a word, as a table:
	// indexed by the state (packShape) << 5 | the character's class, it
	// holds the state after << 2 | the unseen places the step counts.
	shapeSteps [64 << 5]uint8
)

// fastIndex returns r's index in fastDesc, or false.
func fastIndex(r rune) (uint32, bool) {
	x := uint32(r)
	if x >= fastLow {
		x -= fastPunct - fastLow
		if x-fastLow >= fastSpan-fastLow {
			return 0, false
		}
	}
	return x, true
}

// isWideLetter reports the CJK ideographs, Hangul syllables and kana
// that infoOf describes with cjkInfo and scriptOf gives scWide.
func isWideLetter(r rune) bool {
	return uint32(r)-0x4E00 <= 0x9FFF-0x4E00 || uint32(r)-0xAC00 <= 0xD7A3-0xAC00 ||
		uint32(r)-0x3041 <= 0x3096-0x3041 || uint32(r)-0x30A1 <= 0x30FA-0x30A1
}

func buildFastDesc() {
	buildTables()
	scriptOnce.Do(fillScripts)
	wideRun = cjkInfo.kind == kLetter && !cjkInfo.upper && !cjkInfo.lower && alphabetOf(scWide) > scCyrillic &&
		scriptOfSlow(0x4E00) == scWide && scriptOfSlow(0xAC00) == scWide && scriptTable[0x3042] == scWide && scriptTable[0x30A2] == scWide &&
		pairs.Fold(0x4E00) == 0x4E00 && pairs.Fold(0xAC00) == 0xAC00 && pairs.Fold(0x3042) == 0x3042 && pairs.Fold(0x30A2) == 0x30A2
	for i := range uint32(fastSpan) {
		r := rune(i)
		if i >= fastLow {
			r = rune(i - fastLow + fastPunct)
		}
		in := lowInfo[r]
		s := scriptTable[r]
		d := uint64(s)
		if in.kind == kMark {
			d |= fdMark | uint64(markScript(r))<<fdMarkShift
		}
		if in.kind == kBad || r >= 0x80 && r < 0xA0 {
			d |= fdControl
		}
		if r >= 0x80 && s > scCyrillic {
			d |= fdHigh
		}
		if s != scNone && r >= 0x80 && alphabetOf(s) <= scCyrillic {
			d |= fdGlued
		}
		if s >= scCyrillic {
			d |= fdCount
		}
		// A letter's or a mark's class: k is 0 for an upper-case one, 1 for
		// a lower-case one, 2 for neither; high, beyond ASCII.
		k, high := uint64(2), uint64(0)
		if in.upper {
			k = 0
		} else if in.lower {
			k = 1
		}
		if r >= 0x80 {
			high = 1
		}
		cls := uint64(0)
		if in.kind == kLetter {
			al := alphabetOf(s)
			if al > scCyrillic {
				al = scNone
			}
			cls = 1 + k*8 + high*4 + uint64(al)
		} else if in.kind == kMark {
			cls = 25 + k*2 + high
		}
		d |= cls << fdClassShift
		b := pairs.Fold(r)
		d |= uint64(uint32(b)) << fdFoldShift
		fastDesc[i] = d
	}
	for st := range 64 {
		for cls := range 32 {
			lower, caps, capsHigh, alpha := unpackShape(uint8(st))
			n := 0
			// A letter (classes 1..24) or a mark (25..30) steps the shape
			// alike: k is 0 for an upper-case one, 1 for a lower-case one.
			// A letter also changes the alphabet; a mark keeps it.
			var high, shaped bool
			var k int
			if cls == 0 {
				alpha = scNone
				lower, caps, capsHigh = false, 0, false
			} else if c := cls - 25; cls >= 25 && c < 6 {
				high, k, shaped = c&1 != 0, c>>1, true
			} else if c := cls - 1; c < 24 {
				al := uint8(c & 3)
				if al != scNone && alpha != scNone && al != alpha {
					n++
				}
				alpha = al
				high, k, shaped = c&4 != 0, c>>3, true
			}
			if shaped {
				switch k {
				case 0:
					if high && lower {
						n++
					}
					caps++
					capsHigh = capsHigh || high
				case 1:
					if caps >= 2 && capsHigh && !lower {
						n++
					}
					lower, caps = true, 0
				}
			}
			shapeSteps[st<<5|cls] = packShape(lower, caps, capsHigh, alpha)<<2 | uint8(n)
		}
	}
}

// packShape packs the state of a word's shape (see unseen): the count of
// capitals matters only up to 2 (it is compared with 2), the alphabet is
// none, Latin, Greek or Cyrillic.
func packShape(lower bool, caps int, capsHigh bool, alpha uint8) uint8 {
	s := uint8(min(caps, 2))<<1 | (alpha&3)<<4
	if lower {
		s |= 1
	}
	if capsHigh {
		s |= 8
	}
	return s
}

func unpackShape(s uint8) (lower bool, caps int, capsHigh bool, alpha uint8) {
	return s&1 != 0, int(s >> 1 & 3), s&8 != 0, s >> 4 & 3
}

// implState is the state implausibleAroundMargin's loop carries from one
// character of the repair to the next.
type implState struct {
	before  rune
	sBefore uint8
	shape   uint8
	ua      int
	ua0     rune
}

// implFast runs implausibleAroundMargin's loop from out[i] for as long as
// the characters have descriptors and no call is needed (a pair with no
// tile yet, a mark, a character after a letter of Latin, Greek or Cyrillic
// beyond the script table), and returns where it stopped, before changing
// anything for that character, or why the repair is refused.
func implFast(out []rune, i int, next rune, st *implState, highScripts *[4]uint64, outScripts *[64]int32) (int, string) {
	// The character before out[i] is st.before at i0, else out[i-1]: taken
	// where the rules ask for it, not carried through the loop (its state
	// is already more than the registers hold).
	i0 := i
	sBefore, sh, ua, ua0 := st.sBefore, st.shape, st.ua, st.ua0
	for ; i < len(out); i++ {
		x := uint32(out[i]) // fastIndex's, without its flag
		if x >= fastLow {
			x -= fastPunct - fastLow
			if x-fastLow >= fastSpan-fastLow {
				break
			}
		}
		d := fastDesc[x]
		b := rune(uint32(d >> fdFoldShift))
		unseenPair := 0
		// (pairs.Counted, for b below U+2E80; b is never U+FFFD.)
		if (ua0 >= 0x80 || b >= 0x80) && ua0 != 0xFFFD {
			// tileLookup's, with the answer as a count: a pair with no
			// tile yet is pairSeenSlow's (it counts towards the tile).
			if uint32(ua0|b) >= tileLimit {
				break
			}
			t := pairTiles[(uint32(ua0)>>tileShift*tileBlock|uint32(b)>>tileShift)%(tileBlock*tileBlock)].Load()
			if t == nil {
				break
			}
			j := uint32(ua0)%tileSide*tileSide | uint32(b)%tileSide
			unseenPair = int(t[j/8%uint32(len(t))]>>(j%8)&1 ^ 1)
		}
		s := uint8(d & fdScript)
		if d&(fdControl|fdMark|fdGlued) != 0 {
			// A letter of Latin, Greek or Cyrillic whose neighbours in the
			// repair are of its alphabet or of none of the three (the
			// commonest: inside a word, or beside a space) is glued to
			// none: the rules pass it without implRare's call. (implRare
			// may take the character before for none of them, never for
			// one.)
			if d&(fdControl|fdMark) != 0 || i+1 >= len(out) || uint32(out[i+1]) >= scriptDense || (glueBits[sBefore]|glueBits[scriptTable[out[i+1]]])&^glueBits[s] != 0 {
				before := st.before
				if i > i0 {
					before = out[i-1]
				}
				why, stop := implRare(out, i, next, d, before, sBefore)
				if why != "" {
					return i, why
				}
				if stop {
					break
				}
			}
		}
		// (The character before, of the same script, set its bit already:
		// a script beyond Cyrillic has no ASCII, TestImplFastHighScripts.)
		if d&fdHigh != 0 && (s != sBefore || i == i0) {
			highScripts[s>>6] |= 1 << (s & 63)
		}
		if d&fdCount != 0 {
			outScripts[s&63]++
		}
		ua0 = b
		t := shapeSteps[(uint32(sh)<<5|uint32(d>>fdClassShift)&31)%uint32(len(shapeSteps))]
		ua += unseenPair + int(t&3)
		sh = t >> 2
		sBefore = s
	}
	if i > i0 {
		st.before = out[i-1]
	}
	st.sBefore, st.shape, st.ua, st.ua0 = sBefore, sh, ua, ua0
	return i, ""
}

// glueBits has, for a script, a bit for its alphabet when that is Latin,
// Greek or Cyrillic (those the rule against gluing compares), else none.
var glueBits = func() (t [256]uint8) {
	for s := range t {
		if a := alphabetOf(uint8(s)); a != scNone && a <= scCyrillic {
			t[s] = 1 << a
		}
	}
	return t
}()

// implRare is implFast's rules for a character out[i] (descriptor d) that
// is a control, a mark, or a letter of Latin, Greek or Cyrillic not
// between two of its script: why the repair is refused, or stop when the
// general loop must take the character (scriptOf's call). Kept out of
// implFast's loop (noinline), whose state then stays in registers.
//
//go:noinline
func implRare(out []rune, i int, next rune, d uint64, before rune, sBefore uint8) (why string, stop bool) {
	r := out[i]
	if d&fdControl != 0 {
		return "control", false
	}
	if d&fdMark != 0 {
		// A mark with no letter to sit on, or on a letter of another
		// script, both written by the repair (see the general loop).
		if sBefore == scNone && infoOf(before).kind != kMark && before != 0xFFFD && !markAfterSeen(before, r) {
			return "mark", false
		}
		if ms := uint8(d >> fdMarkShift); i > 0 && sBefore != scNone && r>>7 != before>>7 && ms != scNone && alphabetOf(sBefore) != ms {
			return "mark", false
		}
	}
	s := uint8(d & fdScript)
	if d&fdGlued != 0 {
		// A neighbour beyond the stretch that is not ASCII may be a
		// misread character left as it was: it tells nothing; nor
		// does the name in a troff escape (roffEscapeBefore).
		sb, sa := sBefore, scNone
		if i == 0 && before >= 0x80 || i >= 3 && before < 0x80 && roffEscapeBefore(out, i) {
			sb = scNone
		}
		if i+1 < len(out) {
			c := out[i+1]
			if uint32(c) >= scriptDense {
				return "", true // scriptOf's call: the general loop's
			}
			sa = scriptTable[c]
		} else if next < 0x80 {
			sa = scriptOfASCII(next)
		}
		as := alphabetOf(s)
		if t := alphabetOf(sb); t != scNone && t <= scCyrillic && t != as {
			return "glued", false
		}
		if t := alphabetOf(sa); t != scNone && t <= scCyrillic && t != as {
			return "glued", false
		}
	}
	return "", false
}
