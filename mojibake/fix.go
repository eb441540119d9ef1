package mojibake

import (
	"bytes"
	"encoding/binary"
	"iter"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

const (
	// maxWindow bounds the text a decision may look at. Windows are lines;
	// a longer line is cut after its last ASCII byte within maxWindow bytes
	// (where no misread character can be), or, without ASCII, before a
	// character that starts one (see windowEnd).
	maxWindow = 2048
	// maxGap is how many ASCII bytes may separate two misread characters for
	// them to be judged together, as one stretch: the words of one name or
	// one phrase, not the whole line.
	maxGap = 16
	// maxRounds bounds how many misreadings of one stretch are undone.
	maxRounds = 4
	// maxLookahead bounds the further rounds tried for one stretch: each
	// decoding is decoded again, for every encoding that fits, and text
	// built to fit many would otherwise cost exponential time.
	maxLookahead = 8
	// invalidByte stands for a byte that is not part of valid UTF-8: it is
	// kept as it is and no stretch crosses it.
	invalidByte rune = -2
	// none is the context at the edge of a window.
	none rune = -1
)

// unit is one misread character: the runes rs[start:end] that, re-encoded in
// the chain's encoding, are the UTF-8 of r.
type unit struct {
	start, end int32
	r          rune
	lossy      bool  // r stands for bytes partly lost (U+FFFD, or a guess)
	space      bool  // a plain space was read as the no-break space it had been
	stray      bool  // a lead alone inside a word, its continuation lost (see strayAt)
	shape      uint8 // where a stray lead stands: strayInside, strayStart or strayCaps
}

// candidate is a stretch that may be rewritten: rs[start:end] becomes out.
type candidate struct {
	start, end int
	out        []rune
	chain      Chain
	gain       int  // exact, or a lower bound when inexact
	after      int  // the badness of out
	inexact    bool // gain is a lower bound: plan computes the exact one when it needs it
	lossy      bool
	perfect    bool // out has no badness left
	// unseenBefore and unseenAfter count the pairs of characters real text
	// does not hold in the stretch as found and in out (see implausible).
	unseenBefore, unseenAfter int
	units                     stretchUnits
	checked                   bool // implausible has passed it
	lone                      bool // it passed as a lone misread character, on the line's support
	// vouch marks a stretch the model-only rule finds short of evidence
	// alone: checkChosen passes it only on the line's sure repairs
	// through the same encoding.
	vouch bool
}

// fixer holds the scratch space of one caller; it is not safe for concurrent use.
type fixer struct {
	// doc is what the text so far tells of the lines after it; at is the
	// stream offset of the window being judged, lineStart whether it
	// starts a line (both set by the Transformer).
	doc       docState
	at        int64
	lineStart bool
	// hist and histNow, one after the other, are the input just before
	// the window (histCut: hist's first byte may not start a line), set by
	// the Transformer for aboutBefore; histBuf is where they are joined.
	hist, histNow, histBuf []byte
	histCut                bool

	rs    []rune
	offs  []int32
	outAt []int32 // where each change of the window starts in its repair, for a report
	// texts and chains are the arenas report carves the changes' Old and
	// New, and their chains, from (see report).
	texts  []byte
	chains []Codepage
	// noTexts leaves the changes' Old and New to the caller (FixString).
	noTexts bool
	explain bool // Options.Explain
	binary  bool // the window holds a NUL or a byte that is not UTF-8
	// arena holds the decoded stretches of the current window, so that
	// judging them does not allocate.
	arena []rune
	depth [maxRounds]scratch
	// leadMask is what leadsOf returns for rs, computed by decodeWindow.
	leadMask uint16
	// wide is decodeWindow's windowDecoder.wide: rs holds a character at
	// or beyond maskDense.
	wide bool
	// loneMask holds the encodings in which a character of rs is a lead
	// not followed by a continuation (decodeWindow's): loneLeads finds
	// nothing on the window under the others.
	loneMask uint16
	// outer is the line and the stretch the rounds inside it judge.
	outer outerLine
	// noSkip turns off plan's skipping of dominated stretches, for its
	// second try when it cannot tell that skipping changed nothing.
	noSkip bool
	// lineUnits holds the misread characters of the window under the
	// encoding being judged at depth 0, for implausible.
	lineUnits []unit
	// allowed holds the encodings Options let be undone (0: all); noLossy
	// refuses repairs that guess lost bytes.
	allowed uint16
	noLossy bool
	// scripts counts the window's letters by script, for implausible.
	scripts lineScripts
	// banned holds the stretches implausible refused in this window;
	// unitsFor the misread characters of the window under one encoding.
	banned   []bannedStretch
	lone     []int32 // checkChosen's scratch
	unitsFor struct {
		us []unit
		e  Codepage
		ok bool
	}
}

// wantedUnits returns the misread characters of the window under e, found
// once for each encoding checkChosen judges.
func (f *fixer) wantedUnits(e Codepage) []unit {
	u := &f.unitsFor
	if !u.ok || u.e != e {
		u.us = unitsIn(u.us[:0], f.rs, e, f.depth[0].pos, f.loneMask)
		u.e, u.ok = e, true
	}
	return u.us
}

// windowEnd returns the length of p's first window, or 0 when p holds no
// whole window and more input may follow.
func windowEnd(p []byte, atEOF bool) int { return windowEndFrom(p, 0, atEOF) }

// windowEndFrom is windowEnd for p whose first nlFree bytes are known to
// hold no LF: a caller handed the same line again and again, a byte longer
// each time, does not look for the LF in it again.
func windowEndFrom(p []byte, nlFree int, atEOF bool) int {
	lim := min(len(p), maxWindow)
	k := min(nlFree, lim)
	if i := bytes.IndexByte(p[k:lim], '\n'); i >= 0 {
		return k + i + 1
	}
	if len(p) <= maxWindow {
		// Without a byte beyond the limit, whether the input ends here (one
		// window) or goes on (a cut) is not known yet.
		if atEOF {
			return len(p)
		}
		return 0
	}
	if len(p) < maxWindow+utf8.UTFMax && !atEOF {
		return 0 // the character at the limit may not be whole yet
	}
	for j := maxWindow - 1; j >= 0; j-- {
		if p[j] < 0x80 {
			return j + 1
		}
	}
	j := maxWindow
	for j > maxWindow-utf8.UTFMax && !utf8.RuneStart(p[j]) {
		j--
	}
	// No ASCII at all (CJK text, or text misread whole): cut before a
	// character that starts a misread one in Windows-1252 or ISO-8859-1
	// (a lead there, no continuation), the commonest misreadings, so as
	// not to cut one in two; failing that, at any character.
	for k, n := j, 0; k > 0 && n < 32; n++ {
		r, _ := utf8.DecodeRune(p[k:])
		if m := maskOf(r); m.lead != 0 && m.cont&(1<<Windows1252|1<<ISO8859_1) == 0 {
			return k
		}
		k--
		for k > 0 && !utf8.RuneStart(p[k]) {
			k--
		}
	}
	return j
}

// decodeWindow fills f.rs and f.offs from w and returns the encodings whose
// telltale pairs occur in it. It does leadsOf's work for f.rs on the way,
// into f.depth[0].pos and f.leadMask, for plan to use at depth 0.
func (f *fixer) decodeWindow(w []byte) uint16 {
	// A window has at most len(w) characters, and at most one place per
	// character: size rs, offs and pos once and store by index, which
	// costs less per character than append.
	if cap(f.rs) < len(w) {
		f.rs = make([]rune, len(w), max(len(w), maxWindow))
	}
	if cap(f.offs) < len(w)+1 {
		f.offs = make([]int32, len(w)+1, max(len(w), maxWindow)+1)
	}
	if cap(f.depth[0].pos) < len(w) {
		f.depth[0].pos = make([]place, 0, max(len(w), maxWindow))
	}
	// (Field by field: a composite literal was built in a temporary and
	// copied with 16-byte loads the processor cannot forward from the
	// stores that built it.)
	var d windowDecoder
	d.w, d.rs, d.offs, d.pos = w, f.rs[:len(w)], f.offs[:len(w)+1], f.depth[0].pos[:len(w)]
	f.binary = bytes.IndexByte(w, 0) >= 0
	for {
		// The characters that need no call (most of them) in a loop
		// without any, which keeps its state in registers; the others
		// one at a time.
		d.fast()
		if d.i >= len(w) {
			break
		}
		f.binary = d.step() || f.binary
	}
	d.offs[d.k] = int32(len(w))
	f.rs, f.offs, f.depth[0].pos = d.rs[:d.k], d.offs[:d.k+1], d.pos[:d.np]
	f.leadMask = d.cand
	f.wide = d.wide
	f.loneMask = d.lone | d.prevLead // (the last character has none after it)
	return d.cand
}

// lowMasks2 holds lowMasks (the two-byte characters and the three-byte
// ones below maskDense), each entry's lead in its low 16 bits and cont in
// its high ones: one load for both, in windowDecoder.fast.
var lowMasks2 [maskDense]uint32

// lowRefused[r] holds, for r below maskDense, what decodeSeq refuses (an
// unassigned code point or a noncharacter, not a C1 control): unitsFast's
// test in one load, not three of lowInfo's fields; cjkRefused is the same
// for the characters cjkInfo describes.
var (
	lowRefused [maskDense]bool
	cjkRefused bool
)

// wideRefused is lowRefused for the CJK symbols and punctuation and the
// kana (U+3000-30FF) and the half- and full-width forms (U+FF00-FFFF),
// which misread Chinese and Japanese hold beside the ideographs ("，",
// "。", "「"): filled on first need (fillWide), as their infos are, for
// unitsFast to read once wideReady is set.
var (
	wideRefused [0x200]bool
	wideOnce    sync.Once
	wideReady   atomic.Bool
)

// wideAt returns the index of r in wideRefused, or -1.
func wideAt(r rune) int {
	switch {
	case 0x3000 <= r && r < 0x3100:
		return int(r - 0x3000)
	case 0xFF00 <= r && r < 0x10000:
		return int(r-0xFF00) + 0x100
	}
	return -1
}

// fillWide fills wideRefused from infoOf, as decodeSeq refuses.
func fillWide() {
	for _, base := range []rune{0x3000, 0xFF00} {
		for r := base; r < base+0x100; r++ {
			in := infoOf(r)
			wideRefused[wideAt(r)] = seqRefused(r, in)
		}
	}
	wideReady.Store(true)
}

// initLowMasks2 fills lowMasks2 from lowMasks, and lowRefused and
// cjkRefused from lowInfo and cjkInfo, once those are built.
func initLowMasks2() {
	for r := range lowMasks2 {
		lowMasks2[r] = uint32(lowMasks[r].lead) | uint32(lowMasks[r].cont)<<16
	}
	for r := range lowRefused {
		lowRefused[r] = seqRefused(rune(r), lowInfo[r])
	}
	cjkRefused = seqRefused(0x4E00, cjkInfo)
}

// windowDecoder is decodeWindow's state: w decoded up to w[i] into rs[:k]
// (with their offsets in offs) and pos[:np]; prevLead is the lead mask of
// the last character, cand the encodings found so far, lone those in which
// a lead was followed by no continuation (see fixer.loneMask).
type windowDecoder struct {
	w                    []byte
	rs                   []rune
	offs                 []int32
	pos                  []place
	i, k, np             int
	prevLead, cand, lone uint16
	// wide is set once a character at or beyond maskDense is decoded
	// (CJK, Hangul, kana, emoji...): without one, no character of the
	// window is a wide letter (see lineScripts.noWide).
	wide bool
}

// fast decodes what needs no call: ASCII (but for a letter after a lead
// in strayMask, which strayPlace judges), two-byte characters and
// three-byte ones below U+D800 or whose masks are no map's. It stops
// before any other character, or at the end of w.
func (d *windowDecoder) fast() {
	w := d.w
	// rs, offs and pos have room for a character, an offset and a place
	// per byte of w, and k <= i, np <= k: stored through pointers, without
	// their lengths, which leaves the loop's state in registers.
	if len(d.rs) < len(w) || len(d.offs) < len(w) || len(d.pos) < len(w) {
		panic("mojibake: windowDecoder without room")
	}
	rp, op, pp := unsafe.Pointer(unsafe.SliceData(d.rs)), unsafe.Pointer(unsafe.SliceData(d.offs)), unsafe.Pointer(unsafe.SliceData(d.pos))
	i, k, np, prevLead, cand, lone := d.i, d.k, d.np, d.prevLead, d.cand, d.lone
	// While eight bytes are left, the loop below without its tests of the
	// room for a character's bytes (nor their bounds checks): each path
	// reads at most w[i:i+8]. It leaves the rest of w to the loop after
	// it, which is the same with those tests, and whatever that one stops
	// at to step.
	wp := unsafe.Pointer(unsafe.SliceData(w))
	for uint(i)+8 <= uint(len(w)) {
		c := *(*byte)(unsafe.Add(wp, i))
		if c-0xC2 < 0xE0-0xC2 {
			c1 := *(*byte)(unsafe.Add(wp, i+1))
			if int8(c1) >= -0x40 {
				goto done
			}
			r := uint32(c&0x1F)<<6 | uint32(c1&0x3F)
			lc := lowMasks2[r]
			*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = rune(r), int32(i)
			k++
			i += 2
			pc := prevLead & uint16(lc>>16)
			lone |= prevLead ^ pc
			if pc != 0 {
				cand |= pc
				*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 2), pc}
				np++
			}
			prevLead = uint16(lc)
			continue
		}
		if c < 0x80 {
			if prevLead != 0 {
				if c == ' ' {
					*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 1), prevLead}
					np++
					cand |= prevLead & nbspMask
				} else if prevLead&strayMask != 0 && isASCIILetter(c) {
					goto done
				}
				lone |= prevLead
				prevLead = 0
			}
			x := binary.LittleEndian.Uint64(w[i : i+8])
			hi := x & 0x8080808080808080
			if hi&0x8000 != 0 {
				*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = rune(c), int32(i)
				k++
				i++
				continue
			}
			n := 8
			if hi != 0 {
				n = bits.TrailingZeros64(hi) >> 3
			}
			r8, o8 := (*[8]rune)(unsafe.Add(rp, k*4)), (*[8]int32)(unsafe.Add(op, k*4))
			o := int32(i)
			r8[0], r8[1], r8[2], r8[3] = rune(x&0xFF), rune(x>>8&0xFF), rune(x>>16&0xFF), rune(x>>24&0xFF)
			r8[4], r8[5], r8[6], r8[7] = rune(x>>32&0xFF), rune(x>>40&0xFF), rune(x>>48&0xFF), rune(x>>56)
			o8[0], o8[1], o8[2], o8[3] = o, o+1, o+2, o+3
			o8[4], o8[5], o8[6], o8[7] = o+4, o+5, o+6, o+7
			k += n
			i += n
			continue
		}
		if c-0xE0 < 0xF0-0xE0 {
			c1, c2 := *(*byte)(unsafe.Add(wp, i+1)), *(*byte)(unsafe.Add(wp, i+2))
			if int8(c1) >= -0x40 || int8(c2) >= -0x40 {
				goto done
			}
			r := rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
			var lc uint32
			if r < maskDense {
				if r < 0x800 {
					goto done
				}
				lc = lowMasks2[r]
			} else if uint32(r-0xD800) <= 0xDFFF-0xD800 || r == 0xFFFD || highMin <= r && r <= highMax {
				goto done
			} else {
				d.wide = true
			}
			*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = r, int32(i)
			k++
			i += 3
			pc := prevLead & uint16(lc>>16)
			lone |= prevLead ^ pc
			if pc != 0 {
				cand |= pc
				*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 2), pc}
				np++
			}
			prevLead = uint16(lc)
			continue
		}
		goto done
	}
	for uint(i) < uint(len(w)) {
		c := w[i]
		// Two bytes first, the commonest character of misread text.
		if c-0xC2 < 0xE0-0xC2 && i+1 < len(w) {
			c1 := w[i+1]
			if int8(c1) >= -0x40 {
				break // no continuation byte (80-BF)
			}
			r := uint32(c&0x1F)<<6 | uint32(c1&0x3F)
			lc := lowMasks2[r] // below U+0800: lead and continuation in one load
			*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = rune(r), int32(i)
			k++
			i += 2
			// What follows a character is written out in each path, not
			// shared after both: a merge of the two cost register moves at
			// every character.
			pc := prevLead & uint16(lc>>16)
			lone |= prevLead ^ pc // prevLead &^ cont
			if pc != 0 {
				cand |= pc
				*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 2), pc}
				np++
			}
			prevLead = uint16(lc)
			continue
		}
		if c < 0x80 {
			if prevLead != 0 {
				if c == ' ' {
					*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 1), prevLead} // a lost no-break space
					np++
					cand |= prevLead & nbspMask
				} else if prevLead&strayMask != 0 && isASCIILetter(c) {
					break // maybe a lead whose continuation was lost: step's to decide
				}
				lone |= prevLead
				prevLead = 0
			}
			if i+8 <= len(w) {
				x := binary.LittleEndian.Uint64(w[i : i+8])
				hi := x & 0x8080808080808080
				if hi&0x8000 != 0 {
					// One character alone (a space between misread words).
					*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = rune(c), int32(i)
					k++
					i++
					continue
				}
				n := 8
				if hi != 0 {
					n = bits.TrailingZeros64(hi) >> 3 // at least 2 here
				}
				r8, o8 := (*[8]rune)(unsafe.Add(rp, k*4)), (*[8]int32)(unsafe.Add(op, k*4))
				o := int32(i)
				r8[0], r8[1], r8[2], r8[3] = rune(x&0xFF), rune(x>>8&0xFF), rune(x>>16&0xFF), rune(x>>24&0xFF)
				r8[4], r8[5], r8[6], r8[7] = rune(x>>32&0xFF), rune(x>>40&0xFF), rune(x>>48&0xFF), rune(x>>56)
				o8[0], o8[1], o8[2], o8[3] = o, o+1, o+2, o+3
				o8[4], o8[5], o8[6], o8[7] = o+4, o+5, o+6, o+7
				k += n
				i += n
				continue
			}
			*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = rune(c), int32(i)
			k++
			i++
			continue
		}
		if c-0xE0 < 0xF0-0xE0 && i+2 < len(w) {
			// Three bytes (the punctuation of Windows-1252 misread, CJK).
			// (i+2 < len(w): read without the bounds check the compiler
			// would make for w[i+1], not seeing that i+1 cannot overflow.)
			c1, c2 := *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(w)), i+1)), w[i+2]
			if int8(c1) >= -0x40 || int8(c2) >= -0x40 {
				break // no continuation bytes (80-BF)
			}
			r := rune(c&0x0F)<<12 | rune(c1&0x3F)<<6 | rune(c2&0x3F)
			var lc uint32 // beyond maskDense (outside the map): no lead, no continuation
			if r < maskDense {
				if r < 0x800 {
					break // overlong, not UTF-8: step's
				}
				lc = lowMasks2[r]
			} else if uint32(r-0xD800) <= 0xDFFF-0xD800 || r == 0xFFFD || highMin <= r && r <= highMax {
				break // not UTF-8, U+FFFD, or maskOf's map: step's
			} else {
				d.wide = true
			}
			*(*rune)(unsafe.Add(rp, k*4)), *(*int32)(unsafe.Add(op, k*4)) = r, int32(i)
			k++
			i += 3
			pc := prevLead & uint16(lc>>16)
			lone |= prevLead ^ pc // prevLead &^ cont
			if pc != 0 {
				cand |= pc
				*(*place)(unsafe.Add(pp, np*8)) = place{int32(k - 2), pc}
				np++
			}
			prevLead = uint16(lc)
			continue
		}
		break
	}
done:
	d.i, d.k, d.np, d.prevLead, d.cand, d.lone = i, k, np, prevLead, cand, lone
}

// step decodes one character of any kind, reporting whether it is a byte
// that is not part of valid UTF-8.
func (d *windowDecoder) step() (invalid bool) {
	w, rs := d.w, d.rs
	i, k := d.i, d.k
	c := w[i]
	if c < 0x80 {
		if d.prevLead != 0 && c == ' ' {
			d.pos[d.np] = place{int32(k - 1), d.prevLead} // a lost no-break space
			d.np++
			d.cand |= d.prevLead & nbspMask
		} else if d.prevLead&strayMask != 0 && isASCIILetter(c) && strayPlace(rs[:k], rune(c)) {
			d.pos[d.np] = place{int32(k - 1), d.prevLead & strayMask} // a lead whose continuation was lost
			d.np++
			d.cand |= d.prevLead & strayMask
		}
		rs[k], d.offs[k] = rune(c), int32(i)
		d.lone |= d.prevLead
		d.k, d.i, d.prevLead = k+1, i+1, 0
		return false
	}
	var m masks
	r, n := utf8.DecodeRune(w[i:])
	if r == utf8.RuneError && n == 1 {
		r = invalidByte
		invalid = true
	}
	if r >= 0 {
		m = maskOfDecoded(r)
	}
	if r >= maskDense {
		d.wide = true
	}
	rs[k], d.offs[k] = r, int32(i)
	k++
	d.k, d.i = k, i+n
	if d.prevLead&m.cont != 0 || d.prevLead != 0 && r == 0xFFFD {
		d.cand |= d.prevLead & m.cont
		if r == 0xFFFD {
			d.cand |= d.prevLead & fffdMask
		}
		d.pos[d.np] = place{int32(k - 2), placeMask(d.prevLead, m, r)}
		d.np++
	}
	if r == 0xFFFD {
		d.lone |= d.prevLead // (U+FFFD is no encoding's continuation byte, though it may stand for one)
	} else {
		d.lone |= d.prevLead &^ m.cont
	}
	d.prevLead = m.lead
	return invalid
}

// place is where a misread character may start: the index of a character
// that is a lead in some encoding, followed by one that goes with it; enc
// holds the encodings it may start one in.
type place struct {
	at  int32
	enc uint16
}

// placeMask returns the encodings in which a character that is a lead in
// lead, followed by r (not ASCII) with masks m, may start a misread
// character: a continuation in the same one, or a U+FFFD for a lost byte in
// any.
func placeMask(lead uint16, m masks, r rune) uint16 {
	if r == 0xFFFD {
		return lead
	}
	return lead & m.cont
}

// leadsOf returns the encodings whose telltale pairs occur in rs, and
// appends to pos the places where misread characters may start: characters
// that are a lead in some encoding and are followed by a continuation in
// one (or by a space, a lost no-break space, or U+FFFD, a lost byte).
// Scanning those, rather than all of rs, is what makes a mostly ASCII line
// cheap to judge for each encoding.
func leadsOf(rs []rune, pos []place) (uint16, []place) {
	var cand, prevLead uint16
	for i, r := range rs {
		if r < 0x80 {
			if prevLead != 0 && r == ' ' {
				pos = append(pos, place{int32(i - 1), prevLead}) // a lost no-break space
				cand |= prevLead & nbspMask
			} else if prevLead&strayMask != 0 && isASCIILetter(byte(r)) && strayPlace(rs[:i], r) {
				pos = append(pos, place{int32(i - 1), prevLead & strayMask}) // a lead whose continuation was lost
				cand |= prevLead & strayMask
			}
			prevLead = 0
			continue
		}
		m := maskOfDecoded(r)
		if prevLead&m.cont != 0 || prevLead != 0 && r == 0xFFFD {
			cand |= prevLead & m.cont
			if r == 0xFFFD {
				cand |= prevLead & fffdMask
			}
			pos = append(pos, place{int32(i - 1), placeMask(prevLead, m, r)})
		}
		prevLead = m.lead
	}
	return cand, pos
}

// findUnit reports whether a misread character starts at rs[i] under e.
func findUnit(rs []rune, i int, e Codepage) (unit, bool) {
	u, ok, usedSpace := findUnitIn(rs, i, e, true)
	if !ok && usedSpace {
		// Not a lost no-break space: maybe a dropped byte before a space.
		u, ok, _ = findUnitIn(rs, i, e, false)
	}
	if ok && u.space && len(tables[e].undefined) > 0 {
		d, ok, neither := droppedBeforeSpace(rs, u, e)
		if ok {
			return d, true
		}
		if neither {
			return unit{}, false
		}
	}
	return u, ok
}

// droppedBeforeSpace returns the other reading of u, a misread character
// whose last byte is a space taken for a lost no-break space: its last byte
// dropped (one e has no character for) and the space a space, as it was.
// It is taken when the model of real text holds the character it gives
// before a space, and not the one u gives before what follows: "à±
// à°ªà±Š" is ్ then a space (8D dropped), not ౠ glued to ప; "×œ× " is
// ם then a space, not נ. When several characters fit, U+FFFD stands for
// the one lost, when one of the characters that fit is one the model
// holds before a space. When neither reading gives a character the model
// holds there, neither is made (neither reports it): the characters were
// not misread ("«café» " is é and », not ” or 黠 with a byte lost).
func droppedBeforeSpace(rs []rune, u unit, e Codepage) (d unit, ok, neither bool) {
	next := rune(' ')
	if int(u.end) < len(rs) {
		next = rs[u.end]
	}
	if next >= 0x80 {
		// What follows is misread too: its pair is with what it stands for.
		var v unit
		if ok, _ := quickUnit(rs, int(u.end), e, &v); !ok {
			return unit{}, false, false
		}
		next = v.r
	}
	if seenPair(u.r, next) {
		return unit{}, false, false
	}
	d, ok = droppedReading(rs, u, e, false)
	if !ok {
		return unit{}, false, false
	}
	if d.r != 0xFFFD && !seenPair(d.r, ' ') || d.r == 0xFFFD && !fillSeenBeforeSpace(rs, u, e) {
		return unit{}, false, true
	}
	return d, true, false
}

// fillSeenBeforeSpace reports whether one of the characters u's bytes
// before its last (a space) make with a byte e has no character for, dropped
// after the lead (the last, or one inside: "ã¯ " is は, E3 81 AF, with 81
// dropped), is one the model of real text holds before a space.
func fillSeenBeforeSpace(rs []rune, u unit, e Codepage) bool {
	n := int(u.end-u.start) - 1
	var have, buf [utf8.UTFMax]byte
	for k := 0; k < n; k++ {
		b, _ := encodeIn(e, rs[int(u.start)+k]) // (droppedReading encoded them)
		have[k] = b
	}
	for at := 1; at <= n; at++ {
		copy(buf[:at], have[:at])
		copy(buf[at+1:n+1], have[at:n])
		for _, b := range tables[e].undefined {
			buf[at] = b
			if r, ok := decodeSeq(buf[:n+1]); ok && r >= 0xA0 && seenPair(r, ' ') {
				return true
			}
		}
	}
	return false
}

// droppedReading returns the reading of u, a misread character whose last
// byte is a space taken for a lost no-break space, as its last byte dropped
// (one e has no character for) before a space: the character when only
// one fits, else U+FFFD.
//
// A lead alone before the space is a lost character only glued to a
// misread one (see loneLeads): "PÅ " in capitals is PÅ, not a lost Ł. On a
// line that dropped bytes elsewhere (lineDropped), any lead is ("maksimÄlÄ
// vÄ“rtÄ«ba": the ā of maksimālā, not Ġ glued to a small letter).
func droppedReading(rs []rune, u unit, e Codepage, lineDropped bool) (unit, bool) {
	n := int(u.end-u.start) - 1 // the bytes before the space
	if n == 1 && !lineDropped {
		if u.start == 0 {
			return unit{}, false
		}
		if b, ok := encodeIn(e, rs[u.start-1]); !ok || b&0xC0 != 0x80 {
			return unit{}, false
		}
	}
	var buf [utf8.UTFMax]byte
	for k := 0; k < n; k++ {
		b, ok := encodeIn(e, rs[int(u.start)+k])
		if !ok {
			return unit{}, false
		}
		buf[k] = b
	}
	r, count := fillLost(buf[:n+1], []int{n}, tables[e].undefined, 0, 0, 0)
	switch {
	case count == 0:
		return unit{}, false
	case count > 1:
		r = 0xFFFD
	}
	return unit{start: u.start, end: u.end - 1, r: r, lossy: true}, true
}

// quoted reports whether rs[start:end] has a quotation mark beside it
// (text about mojibake: "ã¼": "ü").
func quoted(rs []rune, start, end int) bool {
	return start > 0 && isQuote(rs[start-1]) || end < len(rs) && isQuote(rs[end])
}

// droppedOnly reports whether us, misread characters under e, are all
// short of a dropped byte, not leads alone (strayAt judges those), each
// followed by ASCII or a lead in e: a byte was dropped between two misread
// characters, or before text that was ASCII. A character e has no byte
// for after one ("à¥•" read as Latin-1) tells of another misreading.
func droppedOnly(rs []rune, us []unit, e Codepage) bool {
	for _, u := range us {
		if !u.lossy || u.space || u.stray || slices.Contains(rs[u.start:u.end], 0xFFFD) {
			return false
		}
		if int(u.end) < len(rs) && rs[u.end] >= 0x80 {
			if b, ok := encodeIn(e, rs[u.end]); !ok || b < 0xC2 || b > 0xF4 {
				return false
			}
		}
	}
	return true
}

// droppedOnLine reports whether us, the misread characters of a line under
// one encoding, hold one whose bytes were dropped (a lead alone glued to
// another misread character, or a sequence short of its last byte), not
// read as U+FFFD: such a line lost bytes, not no-break spaces.
func droppedOnLine(rs []rune, us []unit) bool {
	for _, u := range us {
		if u.lossy && !u.space && !slices.Contains(rs[u.start:u.end], 0xFFFD) {
			return true
		}
	}
	return false
}

// seenPair reports whether the model of real text holds the pair a, b, or
// does not judge it (both CJK, both ASCII).
func seenPair(a, b rune) bool {
	a, b = pairs.Fold(a), pairs.Fold(b)
	return !pairs.Counted(a, b) || pairArray == nil || modelHas(a, b)
}

// quickUnit is findUnit for the common case, a misread character whose
// bytes are all there and all decode in e: sure reports whether it could
// tell; when not, findUnit must. It builds the rune from the bytes as it
// goes instead of through findUnitIn's buffer and decoder.
func quickUnit(rs []rune, i int, e Codepage, u *unit) (ok, sure bool) {
	b0, ok := encodeIn(e, rs[i])
	if !ok || b0 < 0xC2 || b0 > 0xF4 {
		return false, true
	}
	n, r := leadBits(b0)
	if i+n > len(rs) {
		return false, false
	}
	var b1 byte
	for k := 1; k < n; k++ {
		c := rs[i+k]
		b, ok := encodeIn(e, c)
		if !ok || b&0xC0 != 0x80 {
			if c == 0xFFFD || c == ' ' || k == n-1 && n > 2 && !noFill(e) {
				// A lost byte, a lost no-break space, or a last byte
				// dropped (where e has a byte to fill it with, see
				// findUnitIn): findUnit knows.
				return false, false
			}
			// Two bytes or more missing, or the one of a two-byte
			// sequence: no misread character, lossy or not.
			return false, true
		}
		if k == 1 {
			b1 = b
		}
		r = r<<6 | rune(b&0x3F)
	}
	switch {
	case n == 3 && b0 == 0xE0 && b1 < 0xA0, n == 4 && b0 == 0xF0 && b1 < 0x90, n == 4 && b0 == 0xF4 && b1 > 0x8F:
		return false, true // overlong or beyond U+10FFFF
	case n == 3 && b0 == 0xED && b1 >= 0xA0:
		// A surrogate, which CESU-8 writes: decodeSeq takes it as it is.
	default:
		if seqRefused(r, infoOf(r)) {
			return false, true // as decodeSeq refuses
		}
	}
	*u = unit{start: int32(i), end: int32(i + n), r: r}
	return true, true
}

// unitAtIn is quickUnit, or findUnit when quickUnit cannot tell.
func unitAtIn(rs []rune, i int, e Codepage, u *unit) bool {
	if ok, sure := quickUnit(rs, i, e, u); sure {
		return ok
	}
	var ok bool
	*u, ok = findUnit(rs, i, e)
	return ok
}

// c1Bytes holds the bytes 0x80..0x9F, in order: the C1 controls a Latin-1
// reading may have stripped.
var c1Bytes = func() (bs [0x20]byte) {
	for i := range bs {
		bs[i] = 0x80 + byte(i)
	}
	return bs
}()

// noFill reports whether e has no byte a lost last byte of a sequence
// may have been (loneFill's): no byte it lacks a character for, and not
// Latin-1, whose C1 controls a reading may strip. A sequence short of its
// last byte is then no misread character.
func noFill(e Codepage) bool {
	return e != ISO8859_1 && len(tables[e].undefined) == 0
}

// findUnitFillAlways, set by tests, keeps findUnitIn from refusing early a
// sequence short of its last byte under an encoding with no byte to fill
// it with: the reference its shortcut is checked against.
var findUnitFillAlways bool

// findUnitIn is findUnit, taking a space for a lost no-break space only
// when allowSpace; usedSpace reports whether it did.
func findUnitIn(rs []rune, i int, e Codepage, allowSpace bool) (u unit, ok, usedSpace bool) {
	b0, ok := encodeIn(e, rs[i])
	if !ok || b0 < 0xC2 || b0 > 0xF4 {
		return unit{}, false, usedSpace
	}
	n := 2
	switch {
	case b0 >= 0xF0:
		n = 4
	case b0 >= 0xE0:
		n = 3
	}
	t := tables[e]
	var buf [utf8.UTFMax]byte
	buf[0] = b0
	// lost holds the positions of bytes e has no character for, read as
	// U+FFFD: fewer than a sequence's bytes, in room on the stack (this
	// runs for every such misread character: an allocation each cost a
	// tenth of the time on text in a script that has them).
	var lostRoom [utf8.UTFMax]int
	lost := lostRoom[:0]
	space := false
	k, j := 1, i+1
	for ; k < n && j < len(rs); k, j = k+1, j+1 {
		r := rs[j]
		if b, ok := encodeIn(e, r); ok && b&0xC0 == 0x80 {
			buf[k] = b
			continue
		}
		switch {
		case r == 0xFFFD && len(t.undefined) > 0:
			lost = append(lost, k)
			continue
		case allowSpace && r == ' ' && !space && len(lost) == 0 && decodeIn(e, 0xA0) == 0xA0:
			// A no-break space that became a space: the last byte, or
			// one inside ("å ´" for 場, E5 A0 B4).
			buf[k], space, usedSpace = 0xA0, true, true
			continue
		}
		break
	}
	missing := n - k
	if missing > 1 || missing == 1 && (n < 3 || len(lost) > 0) || space && (missing > 0 || len(lost) > 0) {
		// One guess a misread character: a lost no-break space with
		// all the other bytes there.
		return unit{}, false, usedSpace
	}
	if missing == 1 && noFill(e) && !findUnitFillAlways {
		// No byte e lacks a character for (Mac OS Roman, KOI8-R, code
		// page 437): none was dropped, and the filling below finds none.
		// (Asked before lostReadOtherwise, which tries every encoding:
		// Mac OS Roman reads the Ù of Persian misread as Windows-1252 as
		// a lead of four bytes, one in most words.)
		return unit{}, false, usedSpace
	}
	if missing == 1 && lostReadOtherwise(rs, i, j, e) {
		return unit{}, false, usedSpace
	}
	u = unit{start: int32(i), end: int32(j), space: space}
	var fill []byte
	switch {
	case missing == 1 && e == ISO8859_1:
		// The last byte was a C1 control, stripped after a Latin-1 reading.
		lost = append(lost, n-1)
		fill = c1Bytes[:]
	case missing == 1:
		// The last byte was one e has no character for, dropped when read.
		lost = append(lost, n-1)
		fill = t.undefined
	default:
		fill = t.undefined
	}
	if len(lost) == 0 {
		r, ok := decodeSeq(buf[:n])
		if !ok {
			return unit{}, false, usedSpace
		}
		if space && rareLetter(r) && !attested(r) {
			// "Ñ " is likelier я with its second byte dropped, then a
			// space, than Ѡ with its no-break space lost.
			return unit{}, false, usedSpace
		}
		if space && n > 2 && infoOf(r).kind != kLetter {
			// Ending a longer sequence, a lost no-break space is believed
			// only for a letter (Thai ภ, Devanagari ठ): "â€ " is likelier ”
			// with its last byte dropped than †.
			return unit{}, false, usedSpace
		}
		u.r = r
		return u, true, usedSpace
	}
	// Try every filling of the lost bytes: one character fitting is that
	// character; several are a U+FFFD.
	found, count := fillLost(buf[:n], lost, fill, 0, 0, 0)
	switch count {
	case 0:
		return unit{}, false, usedSpace
	case 1:
		u.r = found
	default:
		u.r = 0xFFFD
	}
	u.lossy = true
	return u, true, usedSpace
}

// lostReadOtherwise reports whether the characters from rs[i], which e
// reads as a misread character whose last byte was lost before rs[end],
// are under another encoding a misread character whose bytes are all
// there, rs[end] among them, where e has no byte for rs[end]. Then nothing
// was lost: the byte e takes for lost is the next character, which e's
// reading does not explain ("Ù„" is ل misread as Windows-1252, not Ù with a C1
// control stripped after a Latin-1 reading, then „), and a reading that
// must guess a byte, U+FFFD mostly, is not made where one that guesses
// nothing explains the same characters. The other reading may be a C1
// control: the middle reading of a text misread twice holds them ("Â\u0092"
// is Latin-1's C2 92, not Â with a byte dropped after a Windows-1252
// reading). ASCII is never a continuation.
func lostReadOtherwise(rs []rune, i, end int, e Codepage) bool {
	if end >= len(rs) || rs[end] < 0x80 {
		return false
	}
	if _, ok := encodeIn(e, rs[end]); ok {
		// A character e has a byte for, which starts what follows: e's
		// reading explains it. (Another encoding's reading of it as a
		// continuation is a coincidence as often: "å‚æ", 参 misread as
		// Windows-1252 with 8F dropped, then 数, is 傿 in Windows-1257.)
		return false
	}
	for o := Codepage(0); o < numEncodings; o++ {
		if o == e {
			continue
		}
		var u unit
		if ok, sure := quickUnit(rs, i, o, &u); ok && sure && int(u.end) > end && !isHighSurrogate(u.r) && !isLowSurrogate(u.r) {
			return true
		}
	}
	return false
}

// fillLost tries the fillings of the bytes of seq at positions lost[x:]
// with the bytes of fill, and returns the last character found and how many
// different ones (in order of filling) fit, stopping at two.
func fillLost(seq []byte, lost []int, fill []byte, x int, found rune, count int) (rune, int) {
	if x == len(lost) {
		if r, ok := decodeSeq(seq); ok && r != found && !isLowSurrogate(r) && !isHighSurrogate(r) && (r < 0x80 || r >= 0xA0) {
			return r, count + 1
		}
		return found, count
	}
	for _, b := range fill {
		seq[lost[x]] = b
		if found, count = fillLost(seq, lost, fill, x+1, found, count); count > 1 {
			break // two are as many as any number: U+FFFD
		}
	}
	return found, count
}

// seqRefused reports whether decodeSeq refuses r, described by in, a
// character beyond ASCII: the units' tests (findUnit, unitsGuess,
// unitsFast and the tables it reads) ask it without decoding again.
func seqRefused(r rune, in info) bool {
	return in.kind == kBad && in.cost == 3 && r >= 0xA0
}

// decodeSeq decodes one UTF-8 sequence, accepting the surrogates CESU-8
// writes (paired by the caller) and refusing what no text should hold.
func decodeSeq(p []byte) (rune, bool) {
	if len(p) == 3 && p[0] == 0xED && p[1] >= 0xA0 && p[2]&0xC0 == 0x80 {
		return rune(p[0]&0x0F)<<12 | rune(p[1]&0x3F)<<6 | rune(p[2]&0x3F), true
	}
	r, n := utf8.DecodeRune(p)
	if n != len(p) || r == utf8.RuneError && n == 1 {
		return 0, false
	}
	if in := infoOf(r); in.kind == kBad && in.cost == 3 && (r < 0x80 || r >= 0xA0) {
		// Unassigned code points and noncharacters. A C1 control stays: a
		// text misread twice has them in its middle reading, and the cost
		// model weighs one left in the end.
		return 0, false
	}
	return r, true
}

func isHighSurrogate(r rune) bool { return 0xD800 <= r && r < 0xDC00 }
func isLowSurrogate(r rune) bool  { return 0xDC00 <= r && r < 0xE000 }

// unitsIn appends to us the misread characters of rs under e, left to
// right, trying the places pos (from leadsOf) only.
func unitsIn(us []unit, rs []rune, e Codepage, pos []place, lone uint16) []unit {
	us, _ = unitsGuess(us, rs, e, pos, lone)
	return us
}

// unitsGuess is unitsIn, also reporting whether the units it appends may
// hold a guess (a lost byte or a lost no-break space): false when all
// were found the plain way, by unitsFast or by the dense tables below,
// which find none, and nothing was added after.
//
// lone holds the encodings in which a character of rs may be a lead
// followed by no continuation (fixer.loneMask for a window, all for a
// round inside a stretch): loneLeads finds none under the others.
func unitsGuess(us []unit, rs []rune, e Codepage, pos []place, lone uint16) ([]unit, bool) {
	from := len(us)
	slow := false // a unit was found another way
	bit := uint16(1) << e
	low := &encLow[e]
	// Each place starts one misread character at most: room for them all
	// once, which lets unitsFast store without a call.
	us = slices.Grow(us, len(pos))
	i := 0 // no unit starts before i
	for j := 0; j < len(pos); j++ {
		// The places unitsFast decides without a call (most of them); the
		// one it stops at, the general way below.
		if j, i, us = unitsFast(us, rs, e, pos, j, i); j >= len(pos) {
			break
		}
		p := pos[j]
		// Most places are no lead in e, or not followed by what goes with
		// one: say so without looking at the characters.
		if p.enc&bit == 0 || int(p.at) < i {
			continue
		}
		i = int(p.at)
		// What quickUnit decides, decided here without its calls when every
		// character it looks at is in the dense table of e (the commonest
		// misread characters: Latin, Cyrillic, Greek, Hebrew, Arabic; CJK,
		// Hangul, punctuation, emoji): a misread character, or none. What
		// it would leave to findUnit, or a surrogate, goes the general way
		// below.
		if r0 := rs[i]; uint32(r0) < maskDense {
			b0 := byte(r0)
			if r0 >= 0x80 {
				b0 = low[r0]
			}
			if b0 < 0xC2 || b0 > 0xF4 {
				continue // no lead byte in e
			}
			n, r := leadBits(b0)
			if i+n <= len(rs) {
				var b1 byte
				k := 1
				for ; k < n; k++ {
					c := rs[i+k]
					if uint32(c) >= maskDense {
						break
					}
					b := byte(c)
					if c >= 0x80 {
						b = low[c]
					}
					if b&0xC0 != 0x80 {
						if c == ' ' || k == n-1 && n > 2 {
							break // findUnit's to decide
						}
						k = -1 // a byte or more missing: none
						break
					}
					if k == 1 {
						b1 = b
					}
					r = r<<6 | rune(b&0x3F)
				}
				if k < 0 {
					if u, ok := strayAt(rs, i, e); ok {
						us = append(us, u)
						i = int(u.end)
						slow = true
					}
					continue
				}
				if k == n && !(n == 3 && b0 == 0xED && b1 >= 0xA0) {
					if n == 3 && b0 == 0xE0 && b1 < 0xA0 || n == 4 && b0 == 0xF0 && b1 < 0x90 || n == 4 && b0 == 0xF4 && b1 > 0x8F {
						continue // overlong or beyond U+10FFFF
					}
					if wideAt(r) >= 0 && !wideReady.Load() {
						wideOnce.Do(fillWide) // for unitsFast, from now on
					}
					if seqRefused(r, infoOf(r)) {
						continue // as decodeSeq refuses
					}
					// Field by field into the slice: a unit built on the stack
					// and copied whole is stored in pieces and loaded in one,
					// which the processor cannot forward (a stall each time).
					k := len(us)
					us = append(us, unit{})
					us[k].start, us[k].end, us[k].r = int32(i), int32(i+n), r
					i += n
					continue
				}
			}
		}
		var u unit
		if !unitAtIn(rs, i, e, &u) {
			if u, ok := strayAt(rs, i, e); ok {
				us = append(us, u)
				i = int(u.end)
				slow = true
			}
			continue
		}
		if isLowSurrogate(u.r) {
			continue
		}
		if isHighSurrogate(u.r) {
			// CESU-8: a supplementary character as two 3-byte surrogates.
			lo, ok := unit{}, false
			if int(u.end) < len(rs) {
				ok = unitAtIn(rs, int(u.end), e, &lo)
			}
			if !ok || !isLowSurrogate(lo.r) {
				continue
			}
			u.r = 0x10000 + (u.r-0xD800)<<10 + (lo.r - 0xDC00)
			u.end = lo.end
			u.lossy = u.lossy || lo.lossy
		}
		if u.space && i > 0 && infoOf(rs[i-1]).upper && (int(u.end) >= len(rs) || rs[int(u.end)] != ' ' && !infoOf(rs[int(u.end)]).lower) &&
			rs[i] != 'Â' {
			// "IRMÃ E": a capital before a lone Ã and one space is more
			// likely Portuguese than a lost no-break space; a second space
			// ("HÃ  Nội") or a small letter after it ("SÃ i Gòn") gives the
			// lost one away. Â is no word's last letter but in Turkish
			// (HÂLÂ): it is judged with its line (frenchSpace before
			// French punctuation, "-L CÂ »"; spaceVouched).
			continue
		}
		us = append(us, u)
		i = int(u.end)
		slow = true
	}
	// loneLeads and droppedSpaces add guesses, and droppedSpaces rewrites
	// only lost no-break spaces, which are found the other way. Without a
	// guess among us, droppedSpaces has nothing to do: a line drops bytes
	// (droppedOnLine) only in a unit that guesses them.
	n := len(us)
	if lone&bit != 0 {
		us = loneLeads(us, rs, e, from)
	}
	if slow || len(us) != n {
		us = droppedSpaces(us, rs, e, from, pos)
	}
	return us, slow || len(us) != n
}

// unitsFast is unitsIn's loop over the places pos[j:] for what it decides
// without a call: places that are no lead in e or that fall inside the
// misread character before, and misread characters each of whose
// characters is in e's dense table (a lead, then continuations), that
// decode to a character of the dense table or to CJK, Hangul or kana. It
// stops at the first other place, before deciding anything about it, and
// returns its index (len(pos) at the end), with i and us as unitsIn's
// loop has them there. us has room for a unit per place.
func unitsFast(us []unit, rs []rune, e Codepage, pos []place, j, i int) (int, int, []unit) {
	bit := uint16(1) << e
	low := &encLow[e]
	// us has room for a unit for each place left (unitsGuess grows it so,
	// and a place adds one at most): checked once here, the units are
	// stored through a pointer, at index nu, with neither a check of the
	// room nor us's length and capacity kept in the loop.
	if cap(us)-len(us) < len(pos)-j {
		return j, i, us // (the general way appends)
	}
	up, nu := unsafe.Pointer(unsafe.SliceData(us)), len(us)
	for ; j < len(pos); j++ {
		p := &pos[j] // (a copy loaded its fields through two address computations each)
		if p.enc&bit == 0 || int(p.at) < i {
			continue
		}
		at := int(p.at)
		r0 := rs[at]
		if uint32(r0) >= maskDense {
			return j, i, us[:nu]
		}
		b0 := low[r0] // (for ASCII, itself or 0: no lead, no continuation)
		if b0 < 0xC2 || b0 > 0xF4 {
			i = at
			continue // no lead byte in e
		}
		if b0 < 0xE0 {
			// Two bytes, the commonest (Latin, Greek, Cyrillic, Hebrew,
			// Arabic misread): the loop and checks below, unrolled.
			if at+1 >= len(rs) {
				return j, i, us[:nu]
			}
			c := rs[at+1]
			if uint32(c) >= maskDense {
				return j, i, us[:nu]
			}
			b := low[c]
			if int8(b) >= -0x40 {
				return j, i, us[:nu] // no continuation (80-BF): findUnit's or strayAt's to decide
			}
			r := uint32(b0&0x1F)<<6 | uint32(b&0x3F) // not overlong (C2 on), below maskDense
			i = at
			if lowRefused[r] {
				continue // as decodeSeq refuses
			}
			u := (*unit)(unsafe.Add(up, uintptr(nu)*unsafe.Sizeof(unit{})))
			*u = unit{}
			u.start, u.end, u.r = int32(at), int32(at+2), rune(r)
			nu++
			i = at + 2
			continue
		}
		if b0 < 0xF0 {
			// Three bytes (CJK, Hangul, kana, the scripts of India and Thai,
			// punctuation misread), unrolled as well. Every way out before
			// i is set returns the same, so the checks may come in any order.
			if at+2 >= len(rs) {
				return j, i, us[:nu]
			}
			c1, c2 := rs[at+1], rs[at+2]
			if uint32(c1) >= maskDense || uint32(c2) >= maskDense {
				return j, i, us[:nu]
			}
			b1, b2 := low[c1], low[c2]
			if int8(b1) >= -0x40 || int8(b2) >= -0x40 {
				return j, i, us[:nu] // no continuations (80-BF): findUnit's or strayAt's to decide
			}
			if b0 == 0xED && b1 >= 0xA0 {
				return j, i, us[:nu] // a surrogate
			}
			i = at
			if b0 == 0xE0 && b1 < 0xA0 {
				continue // overlong
			}
			r := rune(b0&0x0F)<<12 | rune(b1&0x3F)<<6 | rune(b2&0x3F)
			var refused bool // as decodeSeq refuses (r is at least U+0800)
			switch {
			case r < maskDense:
				refused = lowRefused[r]
			case isWideLetter(r):
				refused = cjkRefused // as infoBeyond has it
			case (0x3000 <= r && r < 0x3100 || 0xFF00 <= r) && wideReady.Load():
				refused = wideRefused[int(r-0x3000)&0xFF|int(r>>15)<<8] // (wideAt's index, r below U+10000: its call costs 0.1-0.2% on CJK)
			default:
				return j, i, us[:nu] // (i is p.at, as the general way sets it)
			}
			if refused {
				continue
			}
			u := (*unit)(unsafe.Add(up, uintptr(nu)*unsafe.Sizeof(unit{})))
			*u = unit{}
			u.start, u.end, u.r = int32(at), int32(at+3), r
			nu++
			i = at + 3
			continue
		}
		n, r := leadBits(b0)
		if at+n > len(rs) {
			return j, i, us[:nu]
		}
		var b1 byte
		for k := 1; k < n; k++ {
			c := rs[at+k]
			if uint32(c) >= maskDense {
				return j, i, us[:nu]
			}
			b := low[c]
			if b&0xC0 != 0x80 {
				return j, i, us[:nu] // findUnit's or strayAt's to decide
			}
			if k == 1 {
				b1 = b
			}
			r = r<<6 | rune(b&0x3F)
		}
		if n == 3 && b0 == 0xED && b1 >= 0xA0 {
			return j, i, us[:nu] // a surrogate
		}
		i = at
		if n == 3 && b0 == 0xE0 && b1 < 0xA0 || n == 4 && b0 == 0xF0 && b1 < 0x90 || n == 4 && b0 == 0xF4 && b1 > 0x8F {
			continue // overlong or beyond U+10FFFF
		}
		var in info
		switch {
		case r < maskDense:
			in = lowInfo[r]
		case isWideLetter(r):
			in = cjkInfo // as infoBeyond has it
		case 0x10000 <= r && r < 0x20000 && smpReady.Load():
			in = smpPalette[smpInfo[r-0x10000]] // emoji, as infoBeyond has them
		default:
			return j, i, us[:nu] // (i is p.at, as the general way sets it)
		}
		if seqRefused(r, in) {
			continue
		}
		u := (*unit)(unsafe.Add(up, uintptr(nu)*unsafe.Sizeof(unit{})))
		*u = unit{}
		u.start, u.end, u.r = int32(at), int32(at+n), r
		nu++
		i = at + n
	}
	return j, i, us[:nu]
}

// droppedSpaces takes the lost no-break spaces among us[from:], the
// misread characters of line rs under e, for dropped bytes before a space
// when the line dropped bytes elsewhere (droppedOnLine): "ì— " is 에 with
// 90 dropped, not 엠, beside "íƒ" glued to "ì—" (택 with 9D dropped);
// pairs of CJK tell the two readings apart no better than chance.
//
// On such a line, a lead standing alone as a word, which no reading took,
// is a character whose other bytes were dropped too ("Ñ" in "начина� Ñ
// glibc", the Russian с with 81 dropped).
func droppedSpaces(us []unit, rs []rune, e Codepage, from int, pos []place) []unit {
	if len(tables[e].undefined) == 0 {
		return us
	}
	bit := uint16(1) << e
	lone := func(p place) bool {
		t := int(p.at)
		return p.enc&bit != 0 && t+1 < len(rs) && rs[t+1] == ' ' && (t == 0 || rs[t-1] == ' ' || rs[t-1] == '(')
	}
	// Most lines lost nothing: droppedOnLine says so looking at one field
	// of each misread character.
	if !droppedOnLine(rs, us[from:]) {
		return us
	}
	for k := from; k < len(us); k++ {
		if us[k].space {
			if d, ok := droppedReading(rs, us[k], e, true); ok {
				us[k] = d
			}
		}
	}
	n := len(us)
	for _, p := range pos {
		if !lone(p) {
			continue
		}
		t := int(p.at)
		if b0, ok := encodeIn(e, rs[t]); !ok || b0 < 0xC2 || b0 > 0xEF || loneRunes[e][b0-0xC2] == 0 {
			continue
		}
		if slices.ContainsFunc(us[from:n], func(u unit) bool { return int(u.start) <= t && t < int(u.end) }) {
			continue
		}
		us = append(us, loneUnit(rs, t, e))
	}
	if len(us) > n {
		slices.SortFunc(us[from:], func(a, b unit) int { return int(a.start) - int(b.start) })
	}
	return us
}

// strayShape reports whether r, after p2 p1 and before next (an ASCII
// small letter), is a capital inside a word in small letters, where a lead
// whose continuation byte was lost stands ("naÄtení" for načtení, 8D
// dropped) and words are not written so. Two letters before it, the
// second small, not one: Irish writes hÉireann, and a format string "%sÄr";
// or a small letter after the end of a misread character ("Å™eÄtina",
// řečtina: ™ is a continuation byte in Windows-1252).
func strayShape(p2, p1, r, next rune) bool {
	return 'a' <= next && next <= 'z' && p2 >= 0 && p1 >= 0 && infoOf(r).upper && infoOf(p1).lower && strayBefore(p2)
}

// strayPlace reports whether the last character of rs, a lead, followed by
// next (an ASCII small letter), stands where strayAt looks for a lead
// alone: inside a word (strayShape) or at its start (strayStartShape).
func strayPlace(rs []rune, next rune) bool {
	k := len(rs)
	if k >= 3 && strayShape(rs[k-3], rs[k-2], rs[k-1], next) {
		return true
	}
	p1 := none
	if k >= 2 {
		p1 = rs[k-2]
	}
	return k >= 1 && (strayStartShape(p1, rs[k-1], next) || strayCapsShape(p1, rs[k-1], next))
}

// strayCapsShape reports whether r, after p1 and before next (an ASCII
// capital), is a capital in a word in capitals ("TÃPUS" for TÍPUS, 8D
// dropped): p1 a capital, the line's edge, or ASCII that is neither a
// letter nor a digit.
func strayCapsShape(p1, r, next rune) bool {
	return 'A' <= next && next <= 'Z' && (p1 < 0 || p1 < 0x80 && !isASCIIAlnum(p1) || infoOf(p1).upper) && infoOf(r).upper
}

// strayStartShape reports whether r, after p1 and before next (an ASCII
// small letter), is a capital beginning a word, where a lead whose
// continuation byte was lost stands as well ("Äerpání" for čerpání, 8D
// dropped): p1 is the line's edge or ASCII that is neither a letter nor a
// digit. Capitals begin words of clean text too ("Änderung"): judge takes
// such a lead only on a line misread elsewhere.
func strayStartShape(p1, r, next rune) bool {
	return 'a' <= next && next <= 'z' && (p1 < 0 || p1 < 0x80 && !isASCIIAlnum(p1)) && infoOf(r).upper
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isASCIILetterRune is isASCIILetter for a rune (none is no letter).
func isASCIILetterRune(r rune) bool { return 'a' <= r|0x20 && r|0x20 <= 'z' }

// afterNoLetter reports whether p, the character before a misread one, is
// no letter: the line's edge (none), a space, a digit or punctuation.
func afterNoLetter(p rune) bool { return p < 0x80 && !isASCIILetterRune(p) }

func isASCIIAlnum(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// strayBefore reports whether p2, two characters before a lead alone, may
// begin its word: a letter, or the end of a misread character.
func strayBefore(p2 rune) bool {
	if infoOf(p2).kind == kLetter {
		return true
	}
	b, ok := encodeIn(Windows1252, p2)
	return ok && p2 >= 0x80 && b&0xC0 == 0x80
}

// strayAt returns the misread character whose lead, a capital, stands
// alone at rs[i] inside a word in small letters (strayShape), its
// continuation byte lost: dropped after a strict reading under e (one of
// the bytes e has no character for; see strayMask). The lost byte is the one that makes a small letter real
// text has between the letters around it ("naÄtení": č, not ā ď Đ ĝ);
// when several do, U+FFFD stands for it; when none, there is none ("hÉireann"
// is Irish: É with a lost byte is an IPA letter).
func strayAt(rs []rune, i int, e Codepage) (unit, bool) {
	if strayMask&(1<<e) == 0 || i+1 >= len(rs) {
		return unit{}, false
	}
	shape := uint8(strayInside)
	if i < 2 || !strayShape(rs[i-2], rs[i-1], rs[i], rs[i+1]) {
		p1 := none
		if i > 0 {
			p1 = rs[i-1]
		}
		switch {
		case strayStartShape(p1, rs[i], rs[i+1]) && (pairRank(rs[i], rs[i+1]) >= 1 || sureInWord(rs, i+1, e)):
			// At a word's start, where capitals of clean text stand
			// ("Änderung"), only where the lead makes a pair real text
			// rarely has with the letter after it, or in a word misread
			// itself ("ÄerpÃ¡nÃ­").
			shape = strayStart
		case strayCapsShape(p1, rs[i], rs[i+1]) && pairRank(rs[i], rs[i+1]) >= 1:
			// In capitals, only where the lead makes a pair real text
			// rarely has with the letter after it ("TÃPUS": ãp is rare;
			// "NÃO" is Portuguese).
			shape = strayCaps
		default:
			return unit{}, false
		}
	}
	b0, ok := encodeIn(e, rs[i])
	if !ok || b0 < 0xC2 || b0 >= 0xE0 {
		return unit{}, false
	}
	fill := tables[e].undefined
	a, z := rune(' '), rs[i+1]
	if i > 0 {
		a = rs[i-1]
	}
	found, count := rune(0), 0
	// A small letter inside a word and at its start, a capital in a word
	// in capitals; at a word's start a capital when no small letter fits
	// ("Æfqanıstan" is Əfqanıstan).
	for _, upper := range [2]bool{shape == strayCaps, shape != strayInside} {
		for _, b := range fill {
			r := rune(b0&0x1F)<<6 | rune(b&0x3F)
			if in := infoOf(r); r < 0xA0 || in.kind != kLetter || !upper && !in.lower || upper && !in.upper {
				continue
			}
			if f := pairs.Fold(r); !seenPair(a, f) || !seenPair(f, z) {
				continue
			}
			found = r
			count++
		}
		if count > 0 {
			break
		}
	}
	switch count {
	case 0:
		return unit{}, false
	case 1:
	default:
		found = 0xFFFD
	}
	return unit{start: int32(i), end: int32(i + 1), r: found, lossy: true, stray: true, shape: shape}, true
}

// sureInWord reports whether the word going on at rs[i] holds a misread
// character under e whose bytes are all there.
func sureInWord(rs []rune, i int, e Codepage) bool {
	for ; i < len(rs) && (rs[i] >= 0x80 || isASCIILetter(byte(rs[i]))); i++ {
		var u unit
		if ok, sure := quickUnit(rs, i, e, &u); rs[i] >= 0x80 && ok && sure {
			return true
		}
	}
	return false
}

// The places of a lead alone (strayAt).
const (
	strayInside = iota // inside a word in small letters (strayShape)
	strayStart         // at the start of a word (strayStartShape)
	strayCaps          // in a word in capitals (strayCapsShape)
)

// strayEvidence reports whether us, a stretch whose first misread
// character is a lead alone (strayAt) and whose others (if any) guess too,
// may be repaired: on a line misread elsewhere under the same encoding
// (lineUnits holds a sure misread character), inside a word or at its
// start, or in a word in capitals when the lead makes a pair real text
// rarely has with the letter after it ("TÃPUS": ãp is rare, "NÃO" is
// Portuguese); on a line alone, inside a word, when strayRare says so.
func strayEvidence(rs []rune, us []unit, lineUnits []unit) bool {
	u := us[0]
	if sureOnLine(lineUnits) {
		return true
	}
	return len(us) == 1 && strayRare(rs, u) || strayWord(rs, us)
}

// strayWord reports whether us are leads alone (strayAt), two or more, in
// one word ("TlÄcatlahtohcÄyÅtl", Tlācatlahtohcāyōtl with 81 and 8D
// dropped): a line with nothing else misread vouches for them together.
func strayWord(rs []rune, us []unit) bool {
	if len(us) < 2 {
		return false
	}
	for _, u := range us {
		if !u.stray {
			return false
		}
	}
	for _, r := range rs[us[0].start:us[len(us)-1].end] {
		if r < 0x80 && !isASCIILetter(byte(r)) {
			return false
		}
	}
	return true
}

// pairRank is 2 for a pair of characters real text does not hold, 1 for
// one it holds but is not common, 0 for a common one (as rarity counts).
func pairRank(a, b rune) int {
	a, b = pairs.Fold(a), pairs.Fold(b)
	switch {
	case !pairs.Counted(a, b) || pairArray == nil:
		return 0
	case !modelHas(a, b):
		return 2
	case !pairs.HasSized(commonModel, a, b):
		return 1
	}
	return 0
}

// strayRare reports whether u, a lead alone inside a word (strayAt) on a
// line with nothing else misread, is believable on its own: the lead as
// found, folded to a small letter, makes a pair real text rarely has with
// a neighbour ("OznaÄava": "aä" is rare), where the letters strayAt
// found fit real text's pairs. A capital in camel case makes common pairs
// folded ("getÄnderung": tä, än, "totalÅrsbelopp": lå, år), and stays.
func strayRare(rs []rune, u unit) bool {
	if u.shape != strayInside || u.start < 1 || int(u.end) >= len(rs) {
		return false
	}
	a, c, z := rs[u.start-1], rs[u.start], rs[u.end]
	return pairRank(a, c)+pairRank(c, z) >= 1
}

// loneLeads adds to the misread characters us[from:] of rs under e the
// leads of two- and three-byte characters whose other bytes were all lost
// (dropped after a
// strict reading: Windows-1252's 81 8D 8F 90 9D, Latin-1's C1 controls)
// that stand glued to one of them: "Ð°Ñ€" for "ар" is "Ð°Ñ" + the "с" of
// D1 81 dropped. Glued to a sure one only, so that a capital of clean text
// beside a stretch ("cafÃ© Élan") is never taken for one. The character
// comes back when only one fits, else as U+FFFD.
func loneLeads(us []unit, rs []rune, e Codepage, from int) []unit {
	if (fffdMask>>e)&1 == 0 && e != ISO8859_1 || len(us) == from {
		return us
	}
	// The scripts of the line are those of its misread characters
	// (unitScriptBits) and those of rs as found (runeScriptBits), each
	// found once asked: the misread characters alone, far fewer than the
	// line's characters, hold a lead's script most of the time.
	var unitMask, runeMask uint64
	unitsKnown, runesKnown := false, false
	lone := func(at int) bool {
		if at < 0 || at >= len(rs) || rs[at] < 0x80 {
			return false
		}
		b0, ok := encodeIn(e, rs[at])
		if !ok || b0 < 0xC2 || b0 > 0xEF || loneRunes[e][b0-0xC2] == 0 {
			return false
		}
		if at+1 < len(rs) {
			if b, ok := encodeIn(e, rs[at+1]); ok && b&0xC0 == 0x80 {
				return false // a continuation follows: not lost (findUnit judged it)
			}
		}
		// Another reading that explains the characters (lostReadOtherwise)
		// is asked first: it is the cheaper question where lone leads
		// abound and are read otherwise (Persian misread as Windows-1252
		// has a lead alone under Latin-1, which has no byte for its "‡"
		// or "…", in most words). Both questions only refuse.
		if lostReadOtherwise(rs, at, at+1, e) {
			return false
		}
		// The character lost must be one the line could hold: of a script
		// it has (loneScripts). "dâ€™échec" is d’échec: é (E9) alone stands
		// for an ideograph, U+9000-U+9FFF, in a line with none.
		m := loneScriptsOf(e, b0)
		if !unitsKnown {
			unitMask, unitsKnown = unitScriptBits(us[from:]), true
		}
		if m&unitMask == 0 {
			if !runesKnown {
				runeMask, runesKnown = runeScriptBits(rs), true
			}
			if m&runeMask == 0 && (m&loneCommon == 0 || !loneCommonFits(rs, at, b0, e)) {
				return false
			}
		}
		return true
	}
	// Leads glued one to the other are lost together ("ÑÑÐ½Ð¾" for ясно,
	// 8F and 81 dropped): a run of them glued to a sure one is taken whole.
	var room [32]int32 // (most lines need no more: no allocation)
	adds := room[:0]
	prevEnd := -1 // us[k-1].end (-1 for the first)
	for k := from; k < len(us); k++ {
		start, end := int(us[k].start), int(us[k].end)
		high := len(rs) // the first place past a lead to the right
		if k+1 < len(us) {
			high = int(us[k+1].start)
		}
		if start == prevEnd && end == high {
			// Glued to a misread character each side (the commonest, in
			// a line misread whole): no place for a lead on either, and
			// none for one alone as a word after it. The steps below
			// would find none.
			prevEnd = end
			continue
		}
		prevEnd = end
		low := 0 // the first place a lead to the left may be
		if k > from {
			low = int(us[k-1].end)
		}
		if len(adds) > 0 {
			low = max(low, int(adds[len(adds)-1])+1)
		}
		at := len(adds)
		// (ASCII is never a lead: asked here, without lone's call, for
		// the commonest neighbours of a misread character.)
		for s := start - 1; s >= low && rs[s] >= 0x80 && lone(s); s-- {
			adds = append(adds, int32(s))
		}
		if len(adds)-at > 1 {
			slices.Reverse(adds[at:])
		}
		for t := end; t < high && rs[t] >= 0x80 && lone(t); t++ {
			adds = append(adds, int32(t))
		}
		// A lead alone as a word between two words misread (" Ñ " in
		// "Ðµ Ñ Ð¿Ñ€Ð°Ð²Ð°", the Bulgarian с with 81 dropped): a space
		// each side, a sure misread character beyond each.
		if t := end; k+1 < len(us) && high == t+3 && rs[t] == ' ' && rs[t+2] == ' ' &&
			!us[k].lossy && !us[k+1].lossy && lone(t+1) {
			adds = append(adds, int32(t+1))
		}
	}
	if len(adds) == 0 {
		return us
	}
	// Merged in place, from the end: a lead goes after each unit that
	// starts at or before it.
	i, j := len(us)-1, len(adds)-1
	us = slices.Grow(us, len(adds))[:len(us)+len(adds)]
	for w := len(us) - 1; j >= 0; w-- {
		if i >= from && int(adds[j]) < int(us[i].start) {
			us[w] = us[i]
			i--
		} else {
			us[w] = loneUnit(rs, int(adds[j]), e)
			j--
		}
	}
	return us
}

// loneScriptsOf returns loneScripts(b0, loneFill(e)), from a table built
// on first use (scriptOf asks the model of real text).
func loneScriptsOf(e Codepage, b0 byte) uint64 {
	loneScriptOnce.Do(func() {
		for e := range loneScriptTab {
			fill := loneFill(Codepage(e))
			for b := range loneScriptTab[e] {
				loneScriptTab[e][b] = loneScripts(byte(0xC2+b), fill)
			}
		}
	})
	return loneScriptTab[e][b0-0xC2]
}

var (
	loneScriptOnce sync.Once
	loneScriptTab  [numEncodings][0xF0 - 0xC2]uint64
)

// loneCommon is loneScripts' bit for a filling of no script's own that
// real text writes (scripts are numbered below 63).
const loneCommon = 1 << 63

// loneCommonFits reports whether a filling of the lead rs[at] (b0 in e)
// of no script's own that real text writes (loneCommon) is one real text
// writes before the ASCII character after it: "„" before "c" (Czech „cd“, E2
// 80 9E with both C1 bytes stripped after a Latin-1 reading), not the ❏ a
// Windows-1252 reading of "â" (E2, two bytes dropped) could be, before
// "ge" of l’âge.
func loneCommonFits(rs []rune, at int, b0 byte, e Codepage) bool {
	next := none
	if at+1 < len(rs) && rs[at+1] < 0x80 {
		// (A neighbour beyond ASCII may be misread itself: its pair
		// tells nothing, as for implausible.)
		next = pairs.Fold(rs[at+1])
	}
	for r := range fillings(b0, loneFill(e)) {
		if _, common := anyScript(r); common && attested(r) && (next == none || modelHas(pairs.Fold(r), next)) {
			return true
		}
	}
	return false
}

// fillings yields the characters lead b0 (of two or three bytes) makes
// when each of its other bytes is one of fill, in order, each once per
// way of filling it (decodeSeq's, for the sequences that decode).
func fillings(b0 byte, fill []byte) iter.Seq[rune] {
	return func(yield func(rune) bool) {
		n, _ := leadBits(b0)
		seq := [3]byte{b0}
		for _, b1 := range fill {
			seq[1] = b1
			for k, b2 := range fill {
				if n == 2 {
					if k > 0 {
						break
					}
				} else {
					seq[2] = b2
				}
				if r, ok := decodeSeq(seq[:n]); ok && !yield(r) {
					return
				}
			}
		}
	}
}

// loneScripts returns the scripts (scriptOf, as bits) of the characters
// a lead b0 (C2..EF) whose other bytes, each one of fill, were all lost
// may stand for: the lead fixes the block (E9 is U+9000-U+9FFF, CJK; C3
// is U+00C0-U+00FF, Latin), the fillings the characters in it. A filling
// no script owns that real text writes (attested: "„" of E2 80 9E with
// both C1 bytes stripped after a Latin-1 reading) may stand in any line
// where real text writes it before the next character (loneCommonFits):
// then the bit loneCommon. One real text is not seen to write
// (Windows-1252's fillings of E2: ⁁ ⁍ ⁐, APL symbols, control pictures)
// stands for nothing. A Latin letter beyond Latin Extended-B that real text is not
// seen to write (attested: ꝁ ꝏ ꝝ of Latin Extended-D, EA's fillings in
// Windows-1252) counts as IPA, as classifyScript counts the rare letters
// of Extended-B.
func loneScripts(b0 byte, fill []byte) uint64 {
	var m uint64
	for r := range fillings(b0, fill) {
		if r >= 0x250 && scriptOf(r) == scLatin && !attested(r) {
			m |= 1 << scIPA
			continue
		}
		s, common := anyScript(r)
		if common {
			if attested(r) {
				m |= loneCommon
			}
			continue
		}
		m |= 1 << s
	}
	return m
}

// runeScriptBits and unitScriptBits return the scripts (anyScript, as
// bits) of the letters of a line rs as found and of the characters its
// misread characters us (but the guesses) stand for, marks among them
// (Thaana's vowel signs): together, the scripts of the line.
func runeScriptBits(rs []rune) uint64 {
	var m uint64
	for _, r := range rs {
		if s := scriptOf(r); s != scNone && s < 64 {
			m |= 1 << s
		}
	}
	return m
}

func unitScriptBits(us []unit) uint64 {
	var m uint64
	for i := range us {
		if !us[i].lossy {
			if s, _ := anyScript(us[i].r); s != scNone {
				m |= 1 << s
			}
		}
	}
	return m
}

// anyScript returns the script of r as scriptOf counts them, letter or
// not (a mark, a sign or a digit of a script is of it), and whether r is
// of no script of its own (Unicode's Common and Inherited: punctuation,
// symbols and marks shared by all). scNone for ASCII but letters.
func anyScript(r rune) (s uint8, common bool) {
	if s = scriptOf(r); s != scNone {
		if s >= 64 {
			s = scOther
		}
		return s, false
	}
	switch {
	case r < 0x80:
		return scNone, false
	case unicode.In(r, unicode.Common, unicode.Inherited):
		return scNone, true
	case unicode.Is(unicode.Latin, r):
		return scLatin, false
	case unicode.Is(unicode.Greek, r):
		return scGreek, false
	case unicode.Is(unicode.Cyrillic, r):
		return scCyrillic, false
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
		return scWide, false
	}
	for i, t := range scriptTables {
		if unicode.Is(t, r) {
			if s := scOther + 1 + uint8(i); s < 64 {
				return s, false
			}
			break
		}
	}
	return scOther, false
}

// loneUnit is the misread character of the lead at rs[at] (a lead of two
// or three bytes in e) whose other bytes were all lost (see loneRunes).
func loneUnit(rs []rune, at int, e Codepage) unit {
	b0, _ := encodeIn(e, rs[at])
	return unit{start: int32(at), end: int32(at + 1), r: loneRunes[e][b0-0xC2], lossy: true}
}

// loneRunes[e][b0-0xC2] is what a lead b0 (C2..EF) of e whose other bytes
// were all lost stands for (loneRune's with loneFill(e)): one entry per
// lead, rather than a try of every filling at each lead alone (Persian
// misread as Windows-1252 has one under Latin-1 in most words); 0 for a
// lead no filling completes (C2 of Windows-1252 or Latin-1: every filling
// is a C1 control), which is no lead alone. Built by buildTables.
var loneRunes [numEncodings][0xF0 - 0xC2]rune

// loneFill returns the bytes a lost byte of e may have been: those a strict
// decoder of e has no character for (dropped after a strict reading), or
// for Latin-1 the C1 controls a reading may have stripped.
func loneFill(e Codepage) []byte {
	if e == ISO8859_1 {
		return c1Bytes[:]
	}
	return tables[e].undefined
}

// loneRune is the character a lead b0 (C2..EF) stands for when its other
// bytes, each one of fill, were lost: the one filling that fits, U+FFFD
// when several do, 0 when none does (then nothing was lost there: U+FFFD
// would stand for a character no byte could have made).
func loneRune(b0 byte, fill []byte) rune {
	n, _ := leadBits(b0)
	seq := []byte{b0, 0, 0}[:n]
	lost := []int{1, 2}[:n-1]
	r, count := fillLost(seq, lost, fill, 0, 0, 0)
	switch {
	case count == 0:
		r = 0
	case count > 1:
		r = 0xFFFD
	}
	return r
}

// scratch is the reusable memory of plan at one depth of rounds.
type scratch struct {
	all, chosen []candidate
	// units holds the misread characters each encoding found, each in its
	// own buffer, which found then shares rather than copies.
	units [numEncodings][]unit
	// ranges holds, by their range, the stretches judged: where the
	// first decoding of each is in the arena, and their badness as found
	// (the encodings mostly find the same stretches).
	ranges rangeTable
	// found holds the misread characters each encoding judged so far
	// found (in units).
	found [][]unit
	// perfect holds the ranges of candidates that decode to text without
	// badness, in order.
	perfect [][2]int
	// pos holds where misread characters may start (leadsOf).
	pos []place
	// keys orders the candidates for plan's selection; sel marks those chosen.
	keys []uint64
	sel  []bool
	// doms holds the indexes of candidates that dominated a skipped stretch.
	doms []int32
	// mine holds the perfect ranges of the encoding being judged, in order.
	mine [][2]int
}

// rangeTable maps stretches, by range, to a rangeEntry: a hash table with
// open addressing whose entries of earlier generations count as empty, so
// that plan empties it in constant time.
type rangeTable struct {
	slots []rangeEntry
	gen   uint32
	n     int // entries of this generation
}

type rangeEntry struct {
	start, end int32
	gen        uint32 // the table's gen when written
	// outAt and outLen locate the range's first decoding judged in the
	// fixer's arena (which only grows while a plan runs: only the
	// decoding just made is dropped again, see judge).
	outAt, outLen int32
	before        int32 // its badness as found, -1 until known
}

// reset empties t.
func (t *rangeTable) reset() {
	t.gen++
	t.n = 0
	if t.gen == 0 { // wrapped: old entries might pass for new ones
		clear(t.slots)
		t.gen = 1
	}
}

// slot returns the entry of the range [start, end), or the empty one where
// it goes (gen differs from t.gen), making room for it first.
func (t *rangeTable) slot(start, end int) *rangeEntry {
	if 2*(t.n+1) > len(t.slots) {
		t.grow()
	}
	mask := uint32(len(t.slots) - 1)
	h := uint32(start)*0x9E3779B1 ^ uint32(end)*0x85EBCA77
	for i := (h ^ h>>15) & mask; ; i = (i + 1) & mask {
		e := &t.slots[i]
		if e.gen != t.gen || int(e.start) == start && int(e.end) == end {
			return e
		}
	}
}

func (t *rangeTable) grow() {
	old := t.slots
	t.slots = make([]rangeEntry, max(64, 2*len(old)))
	n := t.n
	for _, e := range old {
		if e.gen == t.gen {
			*t.slot(int(e.start), int(e.end)) = e
		}
	}
	t.n = n
}

// coversAll reports whether every place in pos (ordered) lies inside one
// of the ranges rs (ordered by start). It looks only in the gaps between
// the ranges, each with a search of pos: a window has many places and few
// ranges (a line misread whole is one or two stretches).
func coversAll(rs [][2]int, pos []place) bool {
	i, reach := 0, 0 // pos[:i] lie before reach, the farthest end of rs so far
	for _, r := range rs {
		if r[0] > reach {
			// [reach, r[0]) is covered by none: no place may lie in it.
			if i = placeFrom(pos, i, reach); i < len(pos) && int(pos[i].at) < r[0] {
				return false
			}
		}
		reach = max(reach, r[1])
	}
	return placeFrom(pos, i, reach) == len(pos)
}

// placeFrom returns the index of the first place of pos[i:] (ordered) at
// or after at, or len(pos).
func placeFrom(pos []place, i, at int) int {
	// A search whose steps move the base by arithmetic, not a branch:
	// which way each step goes is the data's, and mispredicted half the
	// time.
	//
	// coversAll's searches go forward a few places at a time (the places
	// of the stretch it passed): the first eight are looked at in turn.
	for end := min(i+8, len(pos)); i < end; i++ {
		if int(pos[i].at) >= at {
			return i
		}
	}
	if i >= len(pos) {
		return len(pos)
	}
	// (Read through a pointer: base+half < len(pos), as base+n <= len(pos)
	// holds throughout.)
	p := unsafe.Pointer(unsafe.SliceData(pos))
	base, n := i, len(pos)-i
	for n > 1 {
		half := n / 2
		// (x-at)>>63 is all ones when x < at, else 0: place offsets
		// and at are far from overflowing.
		x := int((*place)(unsafe.Add(p, uintptr(base+half)*unsafe.Sizeof(place{}))).at)
		base += half & ((x - at) >> 63)
		n -= half
	}
	if int(pos[base].at) < at {
		base++
	}
	return base
}

// within reports whether [start, end) lies inside one of the ordered,
// non-nested-by-start ranges rs.
func within(rs [][2]int, start, end int) bool {
	// k is the number of ranges that start at or before start (searched by
	// hand: the generic search's call and closure cost more than the
	// search, asked of most stretches).
	lo, hi := 0, len(rs)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); rs[m][0] <= start {
			lo = m + 1
		} else {
			hi = m
		}
	}
	k := lo
	// rs[:k] start at or before start; the nearest ones are likeliest to hold it.
	for i := k - 1; i >= 0 && i >= k-4; i-- {
		if rs[i][0] <= start && end <= rs[i][1] {
			return true
		}
	}
	return false
}

// coveredBy reports whether every unit of us was found, the same, by one
// encoding judged before.
func (sc *scratch) coveredBy(us []unit) bool {
	for _, f := range sc.found {
		j, ok := 0, true
		for _, u := range us {
			for j < len(f) && int(f[j].start) < int(u.start) {
				j++
			}
			if j == len(f) || f[j] != u {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// plan returns the stretches of rs worth rewriting, in order and not
// overlapping; prev and next are the characters around rs (none at an edge).
// The result lives in f's scratch space for this depth: use it before the
// next call at the same depth.
func (f *fixer) plan(rs []rune, prev, next rune, depth int, budget *int) []candidate {
	sc := &f.depth[depth]
	var mask uint16
	if depth == 0 {
		mask = f.leadMask // decodeWindow has done leadsOf's work
	} else {
		mask, sc.pos = leadsOf(rs, sc.pos[:0])
	}
	if f.allowed != 0 {
		mask &= f.allowed
	}
	if mask == 0 {
		return nil
	}
	all, perfect := sc.all[:0], sc.perfect[:0]
	sc.ranges.reset()
	sc.found = sc.found[:0]
	// Skipping dominated stretches (see dominated): n0 is how many
	// candidates the first encoding that found any found (all[:n0], in
	// order of position), skipped how many candidates all held at the first
	// skip (-1: none yet), and sc.doms the candidates that dominated one.
	n0, skipped := 0, -1
	mayskip := depth == 0 && !f.noSkip
	sc.doms = sc.doms[:0]
	// The encodings of mask, in order (a window holds few).
	for m := mask & (1<<numEncodings - 1); m != 0; m &= m - 1 {
		e := Codepage(bits.TrailingZeros16(m))
		// Most lines guess nothing (no lost byte, no lost no-break space),
		// which unitsGuess tells without a look at each unit: judge
		// then need not look for guesses in each stretch.
		lone := ^uint16(0)
		if depth == 0 {
			lone = f.loneMask
		}
		us, guess := unitsGuess(sc.units[e][:0], rs, e, sc.pos, lone)
		sc.units[e] = us
		if depth == 0 {
			f.lineUnits = us
		}
		mine := sc.mine[:0]
		// An encoding that finds only what an earlier one found, read the
		// same way (ISO-8859-1 or Windows-1254 on text misread as
		// Windows-1252), has nothing to add: its stretches are pieces of
		// the earlier one's, which wins ties. Once implausible has refused
		// a stretch of the window, the earlier one's stretch may be out,
		// and a piece of it this encoding reads may pass ("áµ‰ siÃ¨" is
		// refused for its IPA ᵉ under Windows-1252; Latin-1, which has no
		// byte for ‰, reads "Ã¨" alone): then only pieces between ASCII
		// are judged (see piece).
		pieces := false
		if sc.coveredBy(us) {
			if depth > 0 || len(f.banned) == 0 {
				continue
			}
			pieces = true
		}
		// What only the encodings after this one need (found, and mine
		// for the coversAll stop) is not kept for the last.
		last := m&(m-1) == 0
		if !last {
			sc.found = append(sc.found, us)
		}
		for i := 0; i < len(us); {
			j, end := stretchEnd(us, rs, i)
			// si and sj bound the units judged: the stretch but its guesses
			// at the edges that it does not need (trimIdle).
			si, sj := i, j
			if guess {
				if si, sj = trimGuesses(rs, us, i, j, depth); si == sj {
					i = j
					continue
				}
				end = int(us[sj-1].end)
			}
			// A stretch inside one an earlier encoding decodes to text with
			// no badness left cannot beat it: its gain is at most its own
			// badness, which the larger stretch's counts in full, and ties
			// go to the earlier encoding.
			start := int(us[si].start)
			if pieces && !piece(rs, start, end) {
				i = j
				continue
			}
			if mayskip && n0 > 0 {
				if d := f.dominated(rs, all[:n0], start, end, prev, next); d >= 0 {
					if skipped < 0 {
						skipped = len(all)
					}
					sc.doms = append(sc.doms, int32(d))
					i = j
					continue
				}
			}
			if skipped >= 0 || !within(perfect, start, end) {
				// (At the window's first round checkChosen refuses a piece
				// of a longer misread character; in a round inside another,
				// whose text is the outer stretch's decoding, it goes here:
				// "Γ£ö" once undone is ✔ as IBM437, not ã as Windows-1253
				// glued to an ö.)
				// judge writes the candidate in place, past all's end:
				// not returned and copied, then appended and copied again
				// (a candidate is 22 words).
				if len(all) == cap(all) {
					all = slices.Grow(all, 1)
				}
				if c := &all[:len(all)+1][len(all)]; f.judge(rs, us[si:sj], e, guess, prev, next, depth, budget, c) && (depth == 0 || !pieceOfLonger(rs, c, e)) {
					all = all[:len(all)+1]
					if c.perfect {
						if n := len(perfect); n == 0 || perfect[n-1][0] < c.start {
							// After all the others (the first encoding's
							// come in order): where the search would put it.
							// (Appended, then written element by element:
							// a pair built on the stack was copied with a
							// 16-byte load the processor cannot forward
							// from its two stores, a stall each time.)
							perfect = append(perfect, [2]int{})
							perfect[len(perfect)-1][0], perfect[len(perfect)-1][1] = c.start, c.end
						} else {
							k, _ := slices.BinarySearchFunc(perfect, c.start, func(d [2]int, s int) int { return d[0] - s })
							perfect = slices.Insert(perfect, k, [2]int{c.start, c.end})
						}
						if !last {
							mine = append(mine, [2]int{})
							mine[len(mine)-1][0], mine[len(mine)-1][1] = c.start, c.end
						}
					}
				}
			}
			i = j
		}
		// When this encoding decodes every place a misread character may
		// start to text with no badness left, the others can only find
		// stretches inside its stretches, which cannot win. (Another
		// encoding's stretch may bridge two of different encodings.)
		sc.mine = mine
		if skipped < 0 && len(mine) > 0 && coversAll(mine, sc.pos) { // (mine is empty for the last)
			break
		}
		if n0 == 0 {
			n0 = len(all)
		}
	}
	sc.all, sc.perfect = all, perfect
	if len(all) == 0 {
		return nil
	}
	if oneEncoding(all) {
		// One encoding's stretches do not overlap and come in order of
		// position: the selection below would keep them all, as they are.
		// They are returned in place, not copied to sc.chosen (a copy of
		// every candidate, write barriers and all): all is this depth's
		// scratch too, which the next call at this depth starts afresh.
		return all
	}
	for i := range all {
		exactGain(&all[i], rs, prev, next)
	}
	// Best gain first, then the preferred encoding; keep what does not
	// overlap, chosen kept in order of position.
	// The order is that of a stable sort, by keys: moving the candidates
	// themselves cost more than judging them. A key holds the gain
	// (inverted: best first), the number of misread characters (inverted),
	// the encoding and the candidate's index, which keeps equal ones in the
	// order they were found. Gains, counts and indexes are bounded by a
	// window's length, below the bits they get.
	//
	// Between equal gains, the stretch with more misread characters goes
	// first: a line misread whole as Windows-1250 holds characters that
	// Windows-1252 reads the same ("Ä—" is ė in both), and the stretch
	// holding them and the ones only Windows-1250 reads ("ÄŻ", į) is the
	// better reading.
	//
	// Between equal gains and counts, the longer stretch goes first: a
	// symbol misread as Mac OS Roman ("‚Ä¢" is •, "‚Ä¶" …) holds a
	// reading of Windows-1252 as long as its lead's pair, "Ä¢" (Ģ), which
	// leaves the "‚" before it; the stretch that explains every character
	// it rewrites is the better reading. Not so for a stretch that guesses
	// lost bytes: a longer one may only have taken in a space as a lost
	// no-break space ("reikšmĠneigiama"); those keep the encodings' order.
	// (Keys hold the length in 12 bits,
	// at most a window's characters, and the encoding and the index in 4
	// and 16: the index is below numEncodings*maxWindow, keyIndexFits.)
	keys := sc.keys[:0]
	for i, c := range all {
		length := c.end - c.start
		if c.lossy {
			length = 0
		}
		keys = append(keys, uint64(1<<20-1-min(c.gain, 1<<20-1))<<44|uint64(0xFFF-min(int(c.units.n), 0xFFF))<<32|uint64(0xFFF-min(length, 0xFFF))<<20|uint64(c.chain[len(c.chain)-1])<<16|uint64(i))
	}
	slices.Sort(keys)
	sc.keys = keys
	chosen := sc.chosen[:0]
	sel := slices.Grow(sc.sel[:0], len(all))[:len(all)]
	clear(sel)
	for _, key := range keys {
		i := key & (1<<16 - 1)
		c := &all[i]
		k, _ := slices.BinarySearchFunc(chosen, c.start, func(d candidate, start int) int { return d.start - start })
		if k > 0 && chosen[k-1].end > c.start || k < len(chosen) && chosen[k].start < c.end {
			continue
		}
		chosen = slices.Insert(chosen, k, *c)
		sel[i] = true
	}
	sc.chosen, sc.sel = chosen, sel
	if skipped >= 0 && !skipsHeld(sel, sc.doms, skipped) {
		// A skipped stretch might have mattered: judge them all.
		f.noSkip = true
		chosen = f.plan(rs, prev, next, depth, budget)
		f.noSkip = false
	}
	return chosen
}

// keyIndexFits fails to compile when plan's keys could not hold every
// candidate's index (one stretch a character of the window at most, for
// each encoding) in 16 bits and its encoding in 4.
const keyIndexFits = uint16(int(numEncodings)*maxWindow-1) + uint16(16-numEncodings)*0

// stretchEnd returns the index past the last unit of us joined to us[i]
// in one stretch, glued or across a gap gapJoins accepts, and where that
// unit ends. Kept out of plan (noinline): inside plan's loop, whose values
// live across judge's and dominated's calls, the loop over the units
// reloaded spilled values at every unit, and cost more than a call per
// stretch (cachegrind over the 40 inputs of bench/cmd/mojibake: plan
// -37.2M instructions a round, stretchEnd +32.5M).
//
//go:noinline
func stretchEnd(us []unit, rs []rune, i int) (int, int) {
	// end is the end of us[j-1], the last joined so far.
	j, end := i+1, us[i].end
	for ; j < len(us); j++ {
		// (Misread characters glued together, the commonest gap, join
		// without gapJoins' call.)
		u := &us[j]
		if u.start != end && !gapJoins(rs[end:u.start]) {
			break
		}
		end = u.end
	}
	return j, int(end)
}

// piece reports whether the stretch rs[start:end] of an encoding that
// reads only what an earlier one read stands between ASCII (or the
// window's edges): beside a character beyond ASCII it does not read, it
// may cut a misread character of the earlier reading in two ("Â³" of
// "ÃƒÂ³", ó misread twice, is no ³).
func piece(rs []rune, start, end int) bool {
	return (start == 0 || rs[start-1] < 0x80) && (end == len(rs) || rs[end] < 0x80)
}

// trimGuesses returns the units of the stretch us[i:j] that are judged:
// at depth 0, without the guesses at its edges the stretch does not need
// (trimIdle); in a round inside another, also without a misread character
// short of its last bytes at the end of the round's text (cutAtEnd). It
// may return none (i == j).
func trimGuesses(rs []rune, us []unit, i, j, depth int) (int, int) {
	if depth > 0 {
		for j > i && cutAtEnd(rs, us[j-1]) {
			j--
		}
	}
	if j-i > 1 {
		i, j = trimIdle(rs, us, i, j)
	}
	return i, j
}

// cutAtEnd reports whether u, a misread character of a round inside
// another (rs is the decoding of the outer round's stretch), is short of
// its last bytes at the end of rs: the outer stretch ends there, and the
// bytes are the characters after it, not lost ("Ã\u00a0Â¥" of
// "Ã\u00a0Â¥Â\u0096", ॖ misread twice as Latin-1, is "à¥" once undone,
// and Windows-1252, which has no byte for U+0096, ends its stretch
// before it).
func cutAtEnd(rs []rune, u unit) bool {
	return u.lossy && !u.space && !u.stray && int(u.end) == len(rs) && !slices.Contains(rs[u.start:u.end], 0xFFFD)
}

// trimIdle returns the units us[i:j] of one stretch (two or more) without
// the guesses at its edges the stretch does not need (idleEdge): the
// repair of a stretch is one decision, and a guess riding on the gain of
// the rest would otherwise be made with it. "Vypíše pÅ™Ã\u00adkazÅ¯" is
// clean "íš" then Czech misread: Windows-1252 reads "íš" as a lead of
// three bytes short of its last, a U+FFFD, which the stretch of příkazů
// would take along.
func trimIdle(rs []rune, us []unit, i, j int) (int, int) {
	for j-i > 1 && idleEdge(rs, us, i, i+1) {
		i++
	}
	for j-i > 1 && idleEdge(rs, us, j-1, j-2) {
		j--
	}
	return i, j
}

// idleEdge reports whether us[k], at a stretch's edge beside us[nb], is a
// guess the stretch does not need: a sequence short of a byte (two
// characters or more, a byte of them guessed), apart from us[nb] (ASCII
// between), and as found, between its neighbours, text that neither the
// cost model nor the model of real text finds anything wrong with. Its
// repair then adds nothing to the evidence for the stretch, and the guess
// it makes is all it brings. A guess that reads as mojibake ("â€" short of
// 9D before a space: a letter glued to a symbol) is evidence of its own,
// and stays. A lead alone is not judged here: the rules that take one
// (strayAt, loneLeads, droppedSpaces) weigh the line around it already.
func idleEdge(rs []rune, us []unit, k, nb int) bool {
	u := &us[k]
	if !u.lossy || u.space || u.stray || u.end-u.start < 2 {
		return false
	}
	if nb > k && u.end == us[nb].start || nb < k && us[nb].end == u.start {
		return false // glued to a misread character
	}
	p, n := none, none
	if u.start > 0 {
		p = rs[u.start-1]
	}
	if int(u.end) < len(rs) {
		n = rs[u.end]
	}
	s := rs[u.start:u.end]
	if isBad(p, s, n) {
		return false
	}
	// (A neighbour beyond ASCII may be misread itself: its pairs tell
	// nothing, as for implausible.)
	if p >= 0x80 {
		p = none
	}
	if n >= 0x80 {
		n = none
	}
	return unseen(p, s, n, 1) == 0
}

// dominated returns the index in cs (the candidates of the first encoding
// that found any, in order of position) of one that dominates the stretch
// rs[start:end] of a later encoding, or -1. A candidate dominates the
// stretch when it holds it and the stretch's badness as found, which
// bounds its gain, is no more than the candidate's gain: then the
// candidate is ranked first (ties go to the earlier encoding), and once
// chosen it shuts the stretch out, whatever the stretch decodes to. Such
// stretches are legion in text misread whole whose decoding keeps some
// badness (emoji glued together, Persian's zero-width non-joiner), and
// judging them cost more than all the rest.
//
// plan skips them, and checks after its selection that skipping changed
// nothing (skipsHeld); when it cannot tell, it plans again without.
func (f *fixer) dominated(rs []rune, cs []candidate, start, end int, prev, next rune) int {
	// k is the number of candidates that start at or before start (a
	// search by hand: cs is short, and the generic one's call and closure
	// cost more than the search).
	lo, hi := 0, len(cs)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); cs[m].start <= start {
			lo = m + 1
		} else {
			hi = m
		}
	}
	k := lo
	if k == 0 {
		return -1
	}
	c := &cs[k-1]
	if end > c.end {
		return -1
	}
	if (end-start+1)*maxRuneBadness <= c.gain {
		// Short enough that its badness cannot pass the gain, whatever
		// its characters: no need to score it.
		return k - 1
	}
	p, n := prev, next
	if start > 0 {
		p = rs[start-1]
	}
	if end < len(rs) {
		n = rs[end]
	}
	if badnessUpTo(p, rs[start:end], n, c.gain+1) > c.gain {
		if !c.inexact {
			return -1
		}
		// The bound on the candidate's gain was too low to tell.
		exactGain(c, rs, prev, next)
		if badnessUpTo(p, rs[start:end], n, c.gain+1) > c.gain {
			return -1
		}
	}
	return k - 1
}

// maxRuneBadness bounds what one character adds to badness (its cost, its
// pair with the one before, telltale's and tripleCost's 2), and what the
// character after a stretch adds: badness(prev, s, next) is at most
// maxRuneBadness*(len(s)+1). TestMaxRuneBadness checks it against the
// cost model's tables.
const maxRuneBadness = 10

// skipsHeld reports whether plan's selection sel (over its candidates) is
// the one it would have made without skipping dominated stretches: every
// candidate that dominated a skipped stretch was chosen, so shut it out;
// and no candidate found after the first skip (at index skipped on) was,
// for after a skip plan judges more than it would have (it no longer
// leaves out stretches inside one decoded to text without badness, nor
// stops when an encoding decodes every place so), and what was not chosen
// cannot have changed the choice of the others.
func skipsHeld(sel []bool, doms []int32, skipped int) bool {
	for _, d := range doms {
		if !sel[d] {
			return false
		}
	}
	for _, s := range sel[skipped:] {
		if s {
			return false
		}
	}
	return true
}

// oneRound holds the chain of one misreading in each encoding, shared by
// the candidates that need no more (a Change gets a copy): a chain
// allocated per candidate cost more than judging a short one.
var oneRound = func() (cs [numEncodings]Chain) {
	for e := range cs {
		cs[e] = Chain{Codepage(e)}[:1:1]
	}
	return cs
}()

// lazyMargin is how far past its decoding's badness judge scores a stretch
// as found before it stops (see judge).
const lazyMargin = 32

// oneEncoding reports whether the candidates cs were all found under one
// encoding at this depth.
func oneEncoding(cs []candidate) bool {
	e := cs[0].chain[len(cs[0].chain)-1]
	for _, c := range cs[1:] {
		if c.chain[len(c.chain)-1] != e {
			return false
		}
	}
	return true
}

// mayIslandWord reports whether out, a decoding between prev and next, is
// a word of two Greek or Cyrillic letters standing alone: misread again, it
// may be a Latin letter (see isIsland).
func mayIslandWord(out []rune, prev, next rune) bool {
	// (The length here, asked of every decoding judged; the rest in a call.)
	return len(out) == 2 && mayIslandWord2(out, prev, next)
}

func mayIslandWord2(out []rune, prev, next rune) bool {
	return !isWordChar(prev) && !isWordChar(next) && mayIsland(out[0], out[1])
}

// mayIslandSymbol reports whether out, a decoding, begins with a symbol of
// Latin-1 misread as Windows-1251 ("В\u00a0", "В»"): text misread twice,
// which another round may undo on a line of Latin text (symbolIsland),
// though neither the cost model nor the model of real text sees anything.
func mayIslandSymbol(out []rune) bool {
	return len(out) >= 2 && out[0] == 'В' && out[1] >= 0xA0 && out[1] <= 0xBF
}

// gapJoins reports whether two misread characters separated by gap belong to
// one stretch: a few ASCII characters on the same line.
func gapJoins(gap []rune) bool {
	if len(gap) > maxGap {
		return false
	}
	for _, r := range gap {
		if r >= 0x80 || r < 0 || r == '\n' || r == '\r' {
			return false
		}
	}
	return true
}

// lostSpaceAfter reports whether lead, a space after it and then after,
// may be a misread character whose no-break space became the space, after
// prev: a capital glued to a small letter ("voilÃ  tout", à; no word of
// small letters ends in a capital); Â after a capital before the
// punctuation French sets off with a no-break space ("-L CÂ »", "NOTESÂ
// :"; no word ends in â); or Â or Ã after no letter (the line's start, a
// space, a digit, punctuation), where neither is a word nor a word's
// letter: a no-break space misread ("12.Â Nulgrind", "\"Â \\fI"), à
// ("point-Ã -point").
func lostSpaceAfter(prev, lead, after rune) bool {
	if infoOf(prev).lower && infoOf(lead).upper {
		return true
	}
	if frenchShape(prev, lead, after) {
		return true
	}
	return (lead == 'Â' || lead == 'Ã') && afterNoLetter(prev)
}

// frenchShape reports whether lead is Â after a capital prev, before
// punctuation French sets off with a no-break space (after, past the
// space): "-L CÂ »", "NOTESÂ :".
func frenchShape(prev, lead, after rune) bool {
	return lead == 'Â' && infoOf(prev).upper && frenchSpaced(after)
}

// frenchSpaced reports whether r is punctuation French typography sets off
// with a no-break space before it.
func frenchSpaced(r rune) bool {
	return r == '»' || r == ':' || r == ';' || r == '!' || r == '?'
}

// spaceAlone reports whether rs[start:end], a misread character whose
// no-break space became a space, is Â or Ã after no letter (see
// lostSpaceAfter): a word of one letter, which neither is in any language,
// where the pairs it makes are common ("ã " ends Portuguese words) and its
// shape is the evidence. "12.Â Nulgrind" is a no-break space, "Ã  Paris"
// and "point-Ã -point" are à; Ã before a letter or a digit is not (à as a
// word has a space of its own after it). Not in a list of letters ("Á Â
// Ã Ä"): the words around are no other letter beyond ASCII; nor in text
// about the letter, which writes it inside a word too; nor in mathematics.
func spaceAlone(rs []rune, start, end int) bool {
	lead := rs[start]
	if end-start != 2 || lead != 'Â' && lead != 'Ã' || !afterNoLetter(runeBefore(rs, start)) {
		return false
	}
	if lead == 'Ã' && end < len(rs) && (unicode.IsLetter(rs[end]) || unicode.IsDigit(rs[end])) {
		return false
	}
	if p := runeBefore(rs, start); lead == 'Â' && (p == none || p == ' ' && runeBefore(rs, start-1) != 'Â') && end < len(rs) && infoOf(rs[end]).lower {
		// At a word's start before a word in small letters, not in a run
		// of them: Welsh's "with" begins a sentence ("Â phwy?").
		return false
	}
	if letterTalk(rs, start) {
		return false
	}
	listed := func(r rune) bool { return r >= 0x80 && unicode.IsLetter(r) && r != 'Â' && r != 'Ã' }
	k := start - 1
	for k >= 0 && rs[k] == ' ' {
		k--
	}
	if k >= 0 && listed(rs[k]) {
		return false
	}
	for k = end; k < len(rs) && rs[k] == ' '; k++ {
	}
	return k == len(rs) || !listed(rs[k])
}

// spaceEvidence reports whether u, a misread character of rs whose
// no-break space became a space, is evidence enough for that guess: a
// capital glued to a small letter, Â after a capital before French
// punctuation (see lostSpaceAfter), or Â or Ã standing alone
// (spaceAlone).
func spaceEvidence(rs []rune, u unit) bool {
	p := runeBefore(rs, int(u.start))
	return infoOf(p).lower && infoOf(rs[u.start]).upper || frenchSpace(rs, int(u.start), int(u.end)) || spaceAlone(rs, int(u.start), int(u.end))
}

// spaceVouched reports whether rs[start:end] is Â after a capital, a space
// after it, on a line that holds two lost no-break spaces or more that are
// evidence alone (spaceEvidence) outside it, among its misread characters
// lineUnits: "POSIXÂ PThreadsÂ API,Â detectionÂ of". A word in capitals
// may end in Â ("HÂLÂ"), but not on a line misread, where a real Â reads
// "Ã‚".
func spaceVouched(rs []rune, start, end int, lineUnits []unit) bool {
	if end-start != 2 || rs[start] != 'Â' || !infoOf(runeBefore(rs, start)).upper {
		return false
	}
	n := 0
	for _, u := range lineUnits {
		if int(u.start) != start && u.space && !u.lossy && spaceEvidence(rs, u) {
			if n++; n >= 2 {
				return true
			}
		}
	}
	return false
}

// letterTalk reports whether the line rs is text about the letter rs[start]
// or mathematics, where a lone Â or Ã is no misread character: text
// about the letter writes it inside words too ("Â is a letter in
// Romanian: ROMÂNIA", "România"), where no misreading puts it; and
// mathematics names a matrix Â ("NTT⁻¹(Â ∘ NTT(y))"), on a line that
// writes its symbols (a misread line holds them misread).
func letterTalk(rs []rune, start int) bool {
	lead := rs[start]
	for i, r := range rs {
		if r >= 0x80 && (unicode.Is(unicode.Sm, r) || infoOf(r).kind == kSup) {
			return true
		}
		if i > 0 && i+1 < len(rs) && unicode.ToUpper(r) == lead && i != start && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			return true
		}
	}
	return false
}

// frenchSpace reports whether rs[start:end], a misread character whose
// no-break space became a space, is Â after a capital before the
// punctuation French sets off with a no-break space ("-L CÂ »", "NOTESÂ
// :"): no word ends in â, and the pairs a capital makes with it are
// common (Romanian ÎNCÂNTAT).
func frenchSpace(rs []rune, start, end int) bool {
	return end-start == 2 && frenchShape(runeBefore(rs, start), rs[start], runeAt(rs, end)) && !letterTalk(rs, start)
}

// runeAt returns rs[i], or none past the end.
func runeAt(rs []rune, i int) rune {
	if i < len(rs) {
		return rs[i]
	}
	return none
}

// runeBefore returns rs[i-1], or none at the start.
func runeBefore(rs []rune, i int) rune {
	if i > 0 {
		return rs[i-1]
	}
	return none
}

// judge decides one stretch: the units us of rs under e. guess is false
// when no unit of us is a guess (a lost byte or a lost no-break space;
// see unitsGuess), true when one may be.
func (f *fixer) judge(rs []rune, us []unit, e Codepage, guess bool, prev, next rune, depth int, budget *int, c *candidate) bool {
	// A guess (a lost byte, a space taken for a no-break space) is made only
	// beside a misread character that needed none.
	evidence, lossy := true, false
	if guess {
		evidence = false
		for _, u := range us {
			if u.space || u.lossy {
				lossy = true
			} else {
				evidence = true // a misread character whose bytes are all there
			}
		}
	}
	if !evidence {
		for _, u := range us {
			// A capital glued to the end of a word in small letters ("voilÃ "
			// for voilà) is evidence enough for its lost no-break space, and a
			// U+FFFD in a misread character ("OznaÄ�ava") for its lost byte:
			// implausible still weighs them.
			evidence = evidence ||
				u.space && !u.lossy && spaceEvidence(rs, u) ||
				!u.space && u.lossy && slices.Contains(rs[u.start:u.end], 0xFFFD)
		}
	}
	if !evidence && depth == 0 && droppedOnly(rs, us, e) && !quoted(rs, int(us[0].start), int(us[len(us)-1].end)) && sureOnLine(f.lineUnits) {
		// Sequences short of a dropped byte ("â€\-â€", ” twice with 9D
		// dropped) on a line misread elsewhere: the line vouches for them.
		evidence = true
	}
	if !evidence && depth == 0 && len(us) == 1 && us[0].space && spaceVouched(rs, int(us[0].start), int(us[0].end), f.lineUnits) {
		// Â after a capital, its no-break space lost, on a line whose
		// other lost no-break spaces are sure (spaceVouched).
		evidence = true
	}
	if !evidence && depth == 0 && us[0].stray && strayEvidence(rs, us, f.lineUnits) {
		// A lead alone inside a word (strayAt) on a line misread
		// elsewhere: the line vouches for it. Alone, a capital inside a
		// word is a name in camel case as often ("getÄnderung").
		evidence = true
	}
	if !evidence {
		return false
	}
	start, end := int(us[0].start), int(us[len(us)-1].end)
	// The decoding is never longer than the stretch: room for that once,
	// then stores, rather than an append per piece (the gaps between
	// misread characters are mostly a space or none).
	mark := len(f.arena)
	f.arena = slices.Grow(f.arena, end-start)
	buf := f.arena[mark : mark+end-start]
	n := joinUnits(buf, rs, us, start)
	out := buf[:n:n]
	f.arena = f.arena[:mark+n]
	// An encoding earlier in the order that read the same stretch the same
	// way has judged it already, and would win a tie. Stretches come in
	// order of position for each encoding, so look back from the end.
	sc := &f.depth[depth]
	// ent stays valid until the next insertion into this depth's table,
	// which the rounds below (a depth further) do not make.
	ent := sc.ranges.slot(start, end)
	if ent.gen == sc.ranges.gen {
		if slices.Equal(f.arena[ent.outAt:ent.outAt+ent.outLen], out) {
			f.arena = f.arena[:mark]
			return false
		}
	} else {
		// (Field by field: a composite literal was built on the stack in
		// 4-byte stores and copied with 16-byte loads, which the
		// processor cannot forward from them.)
		ent.start, ent.end, ent.gen = int32(start), int32(end), sc.ranges.gen
		ent.outAt, ent.outLen, ent.before = int32(mark), int32(n), -1
		sc.ranges.n++
	}
	if start > 0 {
		prev = rs[start-1]
	}
	if end < len(rs) {
		next = rs[end]
	}
	before := int(ent.before)
	if before < 0 && !isBad(prev, rs[start:end], next) {
		before, ent.before = 0, 0
	}
	// symbols: a decoding that may be Latin-1's symbols misread as
	// Windows-1251 once more ("Р’В\u00a0" is "В\u00a0" once undone), in
	// which neither model sees anything: another round, and symbolIsland
	// at the window, judge it.
	symbols := depth == 0 && mayIslandSymbol(out)
	if before == 0 && !symbols {
		// Nothing to gain by the cost model (badness is never below 0);
		// the model of real text may still see mojibake ("especificaci├│n").
		return f.modelOnlyTo(c, rs, start, end, us, e, out, lossy, depth, prev, next)
	}
	// leads: hasLeadPair(out), for the round below, made in the same pass.
	after, leads := badnessLeads(prev, out, next)
	// The badness as found counts only through the gain, and the gain's
	// exact amount matters only when candidates of several encodings
	// compete, which plan sees and asks then: a long stretch, misread
	// whole, is scored only until its badness is past the decoding's by
	// a margin (enough for its gain to dominate short stretches, see
	// dominated). bound is then what it was scored to, a lower bound.
	bound := before
	if before < 0 && after == 0 {
		// No badness left: the stretch is rewritten unless another
		// encoding's stretch beats it, and its badness is positive.
		bound = 1
	} else if before < 0 {
		lim := after + lazyMargin
		if bound = badnessUpTo(prev, rs[start:end], next, lim); bound < lim {
			before, ent.before = bound, int32(bound) // scored whole
		}
	}
	var inner Chain
	if depth == 0 {
		// Each stretch of the text has its own budget; a decoding that
		// does not already look better than the text as found (a wrong
		// encoding's, mostly) gets one more round only.
		b := 1
		if after < bound { // after < before: bound is before, or past after
			b = maxLookahead
		}
		budget = &b
	}
	// Another round can only help a decoding that is still bad, by the
	// cost model or by the model of real text.
	// A lone misread character decoded (two or three characters) is tried
	// again on one unseen pair: the rules for a lone one judge it then
	// ("Ä‚Ĺ‚rdenes", órdenes misread twice, is "Ăłrdenes" once undone).
	if (after > 0 && !(lossy && lostOnly(prev, out, next)) || leads && (modelSees(prev, out, next) || shortPieces(out) && modelSeesN(prev, out, next, 1)) || mayIslandWord(out, prev, next) || mayIslandSymbol(out)) && depth+1 < maxRounds && *budget > 0 {
		*budget--
		if depth == 0 {
			f.outer = outerLine{rs, start, end, e}
		}
		if sub := f.plan(out, prev, next, depth+1, budget); len(sub) > 0 {
			// (A round inside that leaves a combining mark with no letter
			// under it, at the line's or a word's start, undid what was
			// never misread: "МіБ" once undone is Ukrainian, not "Мі",
			// U+0333, read as Windows-1251. Implausible would refuse the
			// whole stretch for it.)
			if o, in, l := f.apply(out, sub, lossy); !baselessMark(prev, o) {
				out, inner, lossy = o, in, l
				after = badness(prev, out, next)
			}
		}
	}
	inexact := before < 0
	if inexact && bound <= after {
		// Another round left more badness than the bound tells apart.
		before = badness(prev, rs[start:end], next)
		ent.before, inexact = int32(before), false
	}
	gain := before - after
	if inexact {
		gain = bound - after
	}
	if gain <= 0 {
		switch {
		case len(inner) > 0 && symbols && before == 0 && after == 0:
			// Undone twice to what the cost model finds as clean as the
			// text as found: implausible judges it by symbolIsland.
			gain = 1
		case len(inner) > 0:
			return false
		default:
			return f.modelOnlyTo(c, rs, start, end, us, e, out, lossy, depth, prev, next)
		}
	}
	if depth == 0 && (f.noLossy && lossy || f.isBanned(start, end, e)) {
		return false
	}
	chain := oneRound[e]
	if len(inner) > 0 {
		chain = append(slices.Clip(inner), e)
	}
	// At depth 0, implausible judges the candidates chosen (window), not
	// all of them: most lose to another encoding's anyway.
	// (Field by field into *c, cleared: a composite literal is built on
	// the stack and copied, 160 bytes twice.)
	*c = candidate{}
	c.start, c.end, c.out, c.chain = start, end, out, chain
	c.gain, c.after, c.inexact, c.lossy, c.perfect = gain, after, inexact, lossy, after == 0
	c.units.count(us) // (c.units is clear: as unitsOf(us))
	return true
}

// shortPieces reports whether out is three characters at most, or its
// characters beyond ASCII come in runs of two or three: a misread
// character decoded once ("вњ”" is ✔ misread twice as Windows-1251, once
// undone), or several with ASCII between ("вњ” y вњ”"), each of which the
// rules for a lone one judge. (Text misread once decodes to letters alone
// between ASCII, "ž a č": no round for it.)
func shortPieces(out []rune) bool {
	if len(out) <= 3 {
		return true
	}
	run := 0
	for _, r := range out {
		if r >= 0x80 {
			if run++; run > 3 {
				return false
			}
			continue
		}
		if run == 1 {
			return false
		}
		run = 0
	}
	return run != 1
}

// baselessMark reports whether out, after prev, holds a combining
// diacritic (U+0300-U+036F, the marks of no script) after no letter (the
// line's start, a space, punctuation) that real text does not write there:
// implausible's "mark". (A script's own marks stand alone in its lists of
// signs.)
func baselessMark(prev rune, out []rune) bool {
	for i, r := range out {
		if r < 0x300 || r > 0x36F {
			continue
		}
		b := prev
		if i > 0 {
			b = out[i-1]
		}
		if scriptOf(b) == scNone && infoOf(b).kind != kMark && b != 0xFFFD && !markAfterSeen(b, r) {
			return true
		}
	}
	return false
}

// joinUnits writes to buf the decoding of the stretch of rs from start
// made of the units us: each unit's character, and the characters between
// them as they are; it returns how many it wrote. Kept out of judge
// (noinline): inside judge, whose many values live across its calls, the
// loop kept its counters and each unit on the stack.
//
//go:noinline
func joinUnits(buf, rs []rune, us []unit, start int) int {
	n, k := 0, int32(start)
	for i := range us {
		s, e, r := us[i].start, us[i].end, us[i].r
		if s > k { // (glued to the one before, the commonest, it has no gap)
			for _, c := range rs[k:s] {
				buf[n] = c
				n++
			}
		}
		buf[n] = r
		n++
		k = e
	}
	return n
}

// lostOnly reports whether the badness of out, a decoding between prev
// and next, is all the U+FFFD's that stand for lost bytes: with each taken
// for the character before it, none is left. Another round cannot bring
// back what was lost, and would read the decoding's letters as bytes
// again ("έ�γ", ρ with 81 dropped, is not Greek misread twice).
func lostOnly(prev rune, out []rune, next rune) bool {
	if !slices.Contains(out, 0xFFFD) {
		return false
	}
	var room [64]rune
	var c []rune
	if len(out) <= len(room) {
		c = room[:len(out)]
	} else {
		c = make([]rune, len(out))
	}
	last := prev
	for i, r := range out {
		if r == 0xFFFD && last >= 0 && last != ' ' {
			r = last
		}
		c[i], last = r, r
	}
	return !isBad(prev, c, next)
}

// sureOnLine reports whether us, the misread characters of a line under
// one encoding, hold one whose bytes are all there.
func sureOnLine(us []unit) bool {
	for _, u := range us {
		if !u.lossy && !u.space {
			return true
		}
	}
	return false
}

// isBanned reports whether implausible refused the stretch [start, end)
// under e on this window.
func (f *fixer) isBanned(start, end int, e Codepage) bool { return isBanned(f.banned, start, end, e) }

func isBanned(banned []bannedStretch, start, end int, e Codepage) bool {
	for _, b := range banned {
		if int(b.start) == start && int(b.end) == end && b.e == e {
			return true
		}
	}
	return false
}

// bannedStretch is a candidate implausible refused.
type bannedStretch struct {
	start, end int32
	e          Codepage
}

// loneScore is the cost model's score that makes a lone misread character
// with one unseen pair believable on its own: a letter glued to a symbol
// and a telltale pair, "non Ã¨ possibile".
const loneScore = 4

// checkChosen runs implausible on the candidates plan chose at depth 0 on
// line rs, adding those it refuses to banned (lc gives the line's scripts
// and misread characters); it reports whether all passed. A lone misread
// character short of evidence on its own (one unseen pair) passes when the
// line's other repairs under the same encoding bring the rest ("Ã¨ vera ...
// Ãˆ uno" is two of them), or when the cost model scores it loneScore.
//
// margin is how far past the repair's the stretch's unseen pairs are
// counted (see implausibleMargin): decisionMargin, also when they are
// reported, unless the report explains them (Options.Explain, see Change).
func checkChosen(rs []rune, cs []candidate, lc *lineScripts, banned *[]bannedStretch, loneBuf *[]int32, margin int) bool {
	ok := true
	var support [numEncodings]int // unseen pairs of the passed and lone, by encoding
	var sure [numEncodings]int    // of the passed only
	var once [numEncodings]int    // of the passed misread once, for the text's evidence (docState)
	var onceSure uint16           // the encodings once holds two or more for
	lone := (*loneBuf)[:0]
	for i := range cs {
		c := &cs[i]
		e := c.chain[len(c.chain)-1]
		if pieceOfLonger(rs, c, e) {
			if debugVeto != nil {
				debugVeto(rs, c.start, c.end, c.out, "piece")
			}
			*banned = append(*banned, bannedStretch{int32(c.start), int32(c.end), e})
			ok = false
			continue
		}
		if c.checked {
			support[e] += c.unseenBefore - c.unseenAfter
			if !c.lone {
				sure[e] += c.unseenBefore - c.unseenAfter
				if len(c.chain) == 1 {
					if once[e] += c.unseenBefore - c.unseenAfter; once[e] >= 2 {
						onceSure |= 1 << e
					}
				}
			}
			continue
		}
		if c.vouch {
			lone = append(lone, int32(i))
			continue
		}
		lc.enc = e
		why, ub, ua := implausibleMargin(rs, c.start, c.end, c.units, nil, c.out, lc, margin)
		if why == "lone" && ua == 0 && ub == 1 {
			lone = append(lone, int32(i))
			support[e] += ub
			c.unseenBefore, c.unseenAfter = ub, ua
			continue
		}
		if why == "lone" && ua > 0 && ub > ua {
			// A lone misread character whose repair leaves a pair real
			// text does not hold (a foreign word: "KriyÃ²l", Kriyòl):
			// judged below by the line's sure repairs alone.
			lone = append(lone, int32(i))
			c.unseenBefore, c.unseenAfter = ub, ua
			continue
		}
		if why == "" && c.lossy && slices.Contains(c.out, 0xFFFD) && strangerBeside(rs, c, e, lc) {
			// A guess of lost bytes glued to what no misreading made
			// ("ªæ¸Æ¤µ", EBCDIC's characters in a row: E6 B8 short of a
			// byte, then Ƥ) has nothing around it to vouch for the loss.
			why = "stranger"
		}
		if why != "" {
			if debugVeto != nil {
				debugVeto(rs, c.start, c.end, c.out, why)
			}
			*banned = append(*banned, bannedStretch{int32(c.start), int32(c.end), e})
			ok = false
			continue
		}
		support[e] += ub - ua
		sure[e] += ub - ua
		if len(c.chain) == 1 {
			if once[e] += ub - ua; once[e] >= 2 {
				onceSure |= 1 << e
			}
		}
		c.checked, c.unseenBefore, c.unseenAfter = true, ub, ua
	}
	for _, i := range lone {
		c := &cs[i]
		e := c.chain[len(c.chain)-1]
		if c.vouch || c.unseenAfter > 0 {
			// Misreading changes every character of a text, not one: on a
			// line whose other stretches are surely misread through the
			// same encoding, a misread character that leaves fewer unseen
			// pairs repaired than as found was misread with them.
			// (One unseen pair of sure evidence elsewhere will do when the
			// stretch's own repair takes away two more than it leaves:
			// "LietuviÅ³" beside an en dash "â€“" between spaces.)
			// So does the text before the line, surely misread through
			// the same encoding (docState).
			if (sure[e] >= 2 || sure[e] >= 1 && c.unseenBefore-c.unseenAfter >= 2 || docVouches(rs, c, lc)) && !readBetterElse(rs, c.start, c.end, e, c.out) {
				c.checked, c.lone = true, true
				continue
			}
		} else if exactGain(c, rs, none, none); support[e] >= 2 || docVouches(rs, c, lc) || c.gain >= loneScore && !strangerBeside(rs, c, e, lc) {
			c.checked, c.lone = true, true
			continue
		}
		if debugVeto != nil {
			debugVeto(rs, c.start, c.end, c.out, "lone")
		}
		*banned = append(*banned, bannedStretch{int32(c.start), int32(c.end), e})
		ok = false
	}
	*loneBuf = lone
	if ok {
		lc.sure = onceSure
	}
	return ok
}

// strangerBeside reports whether a character beyond ASCII just before or
// after c's stretch of rs is no piece of a misread character of the line
// under e. Text misread under e holds none: every character beyond ASCII
// in it is a piece of one. So a lone misread character glued to one
// ("˘Ł¤Ą", Latin-2's letters in a row read under Windows-1257, which
// makes an Arabic-Indic digit of "Ł¤") has the cost model's score for
// the symbols it sits among, which any row of symbols and letters has:
// it does not stand on that alone.
func strangerBeside(rs []rune, c *candidate, e Codepage, lc *lineScripts) bool {
	if lc == nil || lc.units == nil {
		return false
	}
	var at [2]int
	n := 0
	if c.start > 0 && rs[c.start-1] >= 0x80 {
		at[n], n = c.start-1, n+1
	}
	if c.end < len(rs) && rs[c.end] >= 0x80 {
		at[n], n = c.end, n+1
	}
	if n == 0 {
		return false
	}
	us := lc.units(e)
	for _, i := range at[:n] {
		piece := false
		for _, u := range us {
			if int(u.start) <= i && i < int(u.end) {
				piece = true
				break
			}
		}
		if !piece {
			return true
		}
	}
	return false
}

// pieceOfLonger reports whether the stretch of c, read under e, ends glued
// to a character e has none of (text misread as e holds only e's), and
// another encoding reads the stretch's end with it as one misread
// character: "Γ£ö" is ✔ misread as IBM437, not ã misread as Windows-1253
// glued to an ö.
func pieceOfLonger(rs []rune, c *candidate, e Codepage) bool {
	// (The test of the character after, mostly ASCII or none, where it is
	// asked of every candidate; the rest in a call.)
	return c.end < len(rs) && rs[c.end] >= 0x80 && pieceOfLongerAt(rs, c, e)
}

// pieceOfLongerAt is pieceOfLonger for a stretch followed by a character
// beyond ASCII.
func pieceOfLongerAt(rs []rune, c *candidate, e Codepage) bool {
	if _, ok := encodeIn(e, rs[c.end]); ok {
		return false
	}
	for e2 := Codepage(0); e2 < numEncodings; e2++ {
		if e2 == e {
			continue
		}
		for k := max(c.start, c.end-3); k < c.end; k++ {
			if u, ok := findUnit(rs, k, e2); ok && int(u.end) > c.end {
				return true
			}
		}
	}
	return false
}

// readBetterElse reports whether another encoding than e reads rs[start:end]
// as one misread character that real text holds between its neighbours
// (no unseen pair), which e's reading does not: "Ä¯" is ĝ misread as
// Windows-1257 (9D is ¯ there) in "DoniÄ¯as", not į (C4 AF) as
// Windows-1252 reads it, though the line's other misread characters fit
// both. An encoding that reads it as out, as e does (ISO-8859-1 beside
// Windows-1252), reads it no better.
func readBetterElse(rs []rune, start, end int, e Codepage, out []rune) bool {
	prev, next := none, none
	if start > 0 {
		prev = rs[start-1]
	}
	if end < len(rs) {
		next = rs[end]
	}
	for e2 := range numEncodings {
		if e2 == e {
			continue
		}
		if u, ok := findUnit(rs, start, e2); ok && int(u.end) == end && !u.lossy && !slices.Equal(out, []rune{u.r}) && unseen(prev, []rune{u.r}, next, 1) == 0 {
			return true
		}
	}
	return false
}

// modelOnly decides a stretch the cost model finds nothing to gain in (box
// drawing glued to letters, "especificaci├│n", reads as clean to it): it is
// rewritten, to text without badness, only when the model of
// real text finds overwhelming evidence: the repair leaves no pair real
// text does not hold, and the stretch as found holds at least three (two
// inside a word, or in a misread character of three bytes or more).
// modelOnlyTo is modelOnly writing the candidate to *c (judge's way).
func (f *fixer) modelOnlyTo(c *candidate, rs []rune, start, end int, us []unit, e Codepage, out []rune, lossy bool, depth int, prev, next rune) bool {
	cand, ok := f.modelOnly(rs, start, end, us, e, out, lossy, depth, prev, next)
	if ok {
		*c = cand
	}
	return ok
}

func (f *fixer) modelOnly(rs []rune, start, end int, us []unit, e Codepage, out []rune, lossy bool, depth int, prev, next rune) (candidate, bool) {
	if f.noLossy && lossy {
		return candidate{}, false
	}
	if depth > 0 {
		// A round inside another (text misread twice): its line is the
		// outer round's decoding.
		su := unitsOf(us)
		su.outer = &f.outer
		if start == 0 && end == len(rs) {
			su.own = us
		}
		return modelOnlyCandidate(rs, start, end, su, nil, nil, e, out, lossy, nil, prev, next)
	}
	if f.isBanned(start, end, e) {
		return candidate{}, false
	}
	return modelOnlyCandidate(rs, start, end, unitsOf(us), f.lineUnits, &f.scripts.docs, e, out, lossy, &f.scripts, prev, next)
}

// attestedRare counts the letters of out the cost model takes for rare
// that real text has (Azerbaijani ə): each costs it one, and the model of
// real text knows better.
func attestedRare(out []rune) int {
	n := 0
	for _, r := range out {
		if r >= 0x180 && rareLetter(r) && attested(r) {
			n++
		}
	}
	return n
}

// modelOnlyCandidate is modelOnly's decision, shared with the reference.
// prev and next are the characters around the stretch, from beyond rs when
// rs is a round inside another; docs, when not nil, is what the text
// before the line vouches for, as the line's sure repairs do (docState).
func modelOnlyCandidate(rs []rune, start, end int, us stretchUnits, lineUnits []unit, docs *docAsk, e Codepage, out []rune, lossy bool, lc *lineScripts, prev, next rune) (candidate, bool) {
	if prev >= 0x80 || next >= 0x80 {
		docs = nil // (as docVouches: a stretch with ASCII or the line's edge around it)
	}
	if fontEscapeBefore(rs, start, out) {
		prev = ' '
	}
	// The cheap refusals first: most stretches here are another
	// encoding's reading of text misread, which leaves unseen pairs.
	p, n := pairNeighbour(prev, false), pairNeighbour(next, true)
	// Three unseen pairs, or two in a word or a misread character of three
	// bytes or more ("Espa√±a", "‚Äì").
	need := 3
	if isWordChar(prev) || isWordChar(next) || us.firstWidth >= 3 {
		need = 2
	}
	if us.n == 1 && (us.space || us.stray) {
		// A lost no-break space after a capital glued to a small letter
		// (judge demands it, and unseen counts it): "MunicipalitÃ  di".
		need = 1
		if us.stray && us.strayShape != strayInside || us.space && us.outer == nil && (spaceAlone(rs, start, end) || frenchSpace(rs, start, end)) {
			// A lead alone at a word's start or in a word in capitals
			// breaks no shape of words: the line vouched for it, and its
			// pair with the letter after (strayEvidence).
			need = 0
		}
	}
	judged := out
	if us.stray && slices.Contains(out, 0xFFFD) {
		// The U+FFFD of a lead alone in a word stands for a small letter
		// (strayAt): it is judged as one.
		judged = slices.Clone(out)
		for i, r := range judged {
			if r == 0xFFFD {
				judged[i] = 'x'
			}
		}
	}
	// A lone two-byte misread character between ASCII neighbours, short of
	// the pairs asked, is enough when it has one and its other pairs are
	// rare and its repair's common (loneEnough: "for ĂĄ fjerne", å read as
	// Windows-1250), or when a capital or a symbol glued inside a word
	// (capitalInside).
	lone := us.n == 1 && us.firstWidth <= 2 && prev < 0x80 && next < 0x80
	// A lone symbol (loneSymbol) is judged by what misreading made of it:
	// the model holds few of a symbol's pairs.
	// Symbols misread as Windows-1251 glued together ("В\u00a0В\u00a0",
	// no-break spaces indenting a table cell) are as clean as the cost
	// model finds their repair: only the line tells (symbolIsland).
	symIsland := !lossy && (rs[start] == 'В' || rs[start] == 'Р' || rs[start] == 'Г') && !us.space && !us.stray && symbolIsland(rs, start, end, us, out, prev, next)
	// Lost no-break spaces each of which would be taken alone, in one
	// stretch (spaceRun): their repair's pairs (no-break spaces side by
	// side, indenting) are as rare as a symbol's.
	spaces := us.n >= 2 && us.outer == nil && spaceRun(rs, start, end, lineUnits)
	// A no-break space misread alone, its own space lost, where nothing
	// follows to bind (the line's end: "ID Â "; a cell of spaces): its
	// repair's pairs (a space beside a no-break space) are as rare as a
	// symbol's. Before anything else, Â may be Welsh's "with" ("YNGLYN Â
	// %S", "Â phwy").
	nbspAlone := us.n == 1 && us.space && us.outer == nil && len(out) == 1 && out[0] == 0xA0 && ((next == none || next == ' ') && spaceAlone(rs, start, end) || spaceVouched(rs, start, end, lineUnits))
	sym := symIsland || spaces || nbspAlone || !lossy && (us.n == 1 && len(out) == 1 && isLoneSymbol(rs, start, end, us, out, prev, next) ||
		us.n >= 2 && symbolRun(rs, start, end, runUnits(lineUnits, us), prev, next))
	// vouch: refused for want of evidence only, the stretch may still pass
	// on the line's sure repairs (see mayVouch), judged by checkChosen.
	vouch := false
	// (The cost model finds a no-break space beside a space or the line's
	// end bad: where the rules take one, what it stands beside is the
	// text's layout.)
	nbsp := sym && len(out) == 1 && out[0] == 0xA0
	if !sym && unseen(p, out, n, 1) > 0 || !symIsland && !spaces && !nbspAlone && !nbsp && badness(prev, judged, next) > attestedRare(out) {
		if !mayVouch(start, end, lineUnits, docs, e, lossy, prev, judged, out, next) {
			if debugVeto != nil {
				debugVeto(rs, start, end, out, "model-only cheap")
			}
			return candidate{}, false
		}
		vouch = true
	}
	island := islandOf(rs, start, end, us, out, prev, next)
	// The whole of a round's text inside another through the same
	// encoding, or one that reads it the same (text misread twice alike,
	// the common double misreading:
	// "Ĺ\u0083â€“" once undone is "Ń–", twice the Ukrainian "і") needs one
	// unseen pair and a repair with none: the outer round's evidence
	// vouches for it, as a line's sure repairs do for a stretch at the
	// first round.
	twice := !lossy && us.outer != nil && start == 0 && end == len(rs) && sameBytes(rs, us.outer.enc, e)
	if ub := unseen(p, rs[start:end], n, need); ub < need && !(lone && ub >= 1 && (loneEnough(p, rs[start:end], out, n) || capitalInside(rs[start:end], out, prev, next)) && loneInLine(rs, start, end, out, us)) && !island && !sym && !(twice && ub >= 1) {
		if !vouch && !mayVouch(start, end, lineUnits, docs, e, lossy, prev, judged, out, next) {
			if debugVeto != nil {
				debugVeto(rs, start, end, out, "model-only cheap")
			}
			return candidate{}, false
		}
		vouch = true
	}
	why, ub, ua := implausibleAround(rs, start, end, us, lineUnits, out, lc, prev, next)
	if twice && !vouch && (why == "" || why == "lone") && ua == 0 && ub >= 1 {
		return candidate{start: start, end: end, out: out, chain: oneRound[e], gain: ub, lossy: lossy, perfect: true, unseenBefore: ub, units: us, checked: true}, true
	}
	if vouch || why != "" || ua > 0 && !sym || ub < need && !(lone && ub >= 1 && loneInLine(rs, start, end, out, us)) && !island && !sym {
		if (vouch || mayVouch(start, end, lineUnits, docs, e, lossy, prev, judged, out, next)) && ((why == "" || why == "lone") && ub > ua || why == "evidence" && ub == ua) {
			// Misreading changes a whole text, not one stretch: on a line
			// surely repaired elsewhere through the same encoding, a
			// stretch whose repair leaves fewer unseen pairs than as found
			// was misread with the rest ("KriyÃ²l" beside "cafÃ©"); so was
			// one whose repair leaves as many, which the cost model finds
			// clean ("en Ăşltimo caso, se harĂˇ": último beside hará, under
			// Windows-1250): on a misread line a real Ă reads "Ä‚".
			return candidate{start: start, end: end, out: out, chain: oneRound[e], gain: ub - ua, lossy: lossy, perfect: true, unseenBefore: ub, unseenAfter: ua, units: us, vouch: true}, true
		}
		if debugVeto != nil {
			debugVeto(rs, start, end, out, "model-only "+why)
		}
		return candidate{}, false
	}
	return candidate{start: start, end: end, out: out, chain: oneRound[e], gain: ub - ua, lossy: lossy, perfect: true, unseenBefore: ub, unseenAfter: ua, units: us, checked: true}, true
}

// sameBytes reports whether encodings a and b give the characters of rs
// the same bytes: a stretch that reads the same through both ("Ä«" is ī
// misread as Windows-1252 or as Windows-1257) was misread through either.
func sameBytes(rs []rune, a, b Codepage) bool {
	if a == b {
		return true
	}
	for _, r := range rs {
		x, okA := encodeIn(a, r)
		y, okB := encodeIn(b, r)
		if !okA || !okB || x != y {
			return false
		}
	}
	return true
}

// symbolRun reports whether the stretch rs[start:end] is misread symbols
// each of which loneSymbol would repair alone, with ASCII between them or
// none ("âœ” y âœ”", two check marks; "â–ˆâ–ˆâ–ˆ", a bar of blocks): a
// stretch takes in the misread characters a few ASCII characters apart,
// and its repair is then judged whole, where the model holds few of a
// symbol's pairs. Each is judged between its own neighbours, a misread
// character glued to it counting as the line's edge. The units are the
// line's (lineUnits, at a window's first round; a round inside another
// has none).
func symbolRun(rs []rune, start, end int, lineUnits []unit, prev, next rune) bool {
	k, _ := slices.BinarySearchFunc(lineUnits, int32(start), func(u unit, at int32) int { return int(u.start - at) })
	n := 0
	for ; k < len(lineUnits) && int(lineUnits[k].start) < end; k++ {
		u := &lineUnits[k]
		if u.lossy || u.space || u.stray {
			return false
		}
		p, nx := prev, next
		if int(u.start) > start {
			p = rs[u.start-1]
		}
		if int(u.end) < end {
			nx = rs[u.end]
		}
		if p >= 0x80 {
			p = none // the end of the misread character before
		}
		if nx >= 0x80 {
			nx = none
		}
		if !loneSymbol(rs[u.start:u.end], []rune{u.r}, p, nx) {
			return false
		}
		n++
	}
	return n >= 2
}

// spaceRun reports whether the stretch rs[start:end] is misread characters
// whose no-break spaces became spaces, each of which would be taken alone
// (spaceEvidence): "Â Â Â Â Release" is four no-break spaces indenting a
// line, "Il va Ã  Paris, Ã  Lyon" à twice. The units are the line's
// (lineUnits, at a window's first round).
func spaceRun(rs []rune, start, end int, lineUnits []unit) bool {
	k, _ := slices.BinarySearchFunc(lineUnits, int32(start), func(u unit, at int32) int { return int(u.start - at) })
	n := 0
	for ; k < len(lineUnits) && int(lineUnits[k].start) < end; k++ {
		if u := lineUnits[k]; !u.space || u.lossy || !spaceEvidence(rs, u) {
			return false
		}
		n++
	}
	return n >= 2
}

// mayVouch reports whether a stretch the model-only rule refuses may
// pass on the line's sure repairs (checkChosen decides): at a window's
// first round (lineUnits set; a round inside another has none), with no
// byte lost, a repair the cost model finds
// clean, and another misread character of the line under the same
// encoding, outside the stretch, whose bytes are all there, or the text
// before the line vouching for the encoding (docs, see docState).
func mayVouch(start, end int, lineUnits []unit, docs *docAsk, e Codepage, lossy bool, prev rune, judged, out []rune, next rune) bool {
	if lossy || !sureOutside(lineUnits, start, end) && !docs.vouches(e) {
		return false
	}
	return badness(prev, judged, next) <= attestedRare(out)
}

// sureOutside reports whether us, the misread characters of a line under
// one encoding, hold one outside [start, end) whose bytes are all there.
func sureOutside(us []unit, start, end int) bool {
	for _, u := range us {
		if !u.lossy && !u.space && (int(u.end) <= start || int(u.start) >= end) {
			return true
		}
	}
	return false
}

// explainScore bounds the score a Change explained (Options.Explain)
// reports for a long stretch.
const explainScore = 64

// debugVeto, when set (by tests), hears of each repair implausible refuses.
var debugVeto func(rs []rune, start, end int, out []rune, why string)

// exactGain makes c's gain exact; prev and next are the characters around
// rs, as plan has them.
func exactGain(c *candidate, rs []rune, prev, next rune) {
	if !c.inexact {
		return
	}
	if c.start > 0 {
		prev = rs[c.start-1]
	}
	if c.end < len(rs) {
		next = rs[c.end]
	}
	c.gain, c.inexact = badness(prev, rs[c.start:c.end], next)-c.after, false
}

// apply rewrites rs by the candidates cs, returning the longest chain among them.
func (f *fixer) apply(rs []rune, cs []candidate, lossy bool) ([]rune, Chain, bool) {
	mark := len(f.arena)
	var chain Chain
	k := 0
	for _, c := range cs {
		f.arena = append(f.arena, rs[k:c.start]...)
		f.arena = append(f.arena, c.out...)
		k = c.end
		if len(c.chain) > len(chain) {
			chain = c.chain
		}
		lossy = lossy || c.lossy
	}
	f.arena = append(f.arena, rs[k:]...)
	return f.arena[mark:len(f.arena):len(f.arena)], chain, lossy
}

// window appends the repair of one window w to dst and returns how many
// changes it made. If changes is not nil, it appends them to *changes with
// offsets relative to w and to dst's length on entry, and Line 0 and Column
// the number of characters of w before the stretch (w holds no LF but at
// its end, see windowEnd: the caller adds the window's own).
func (f *fixer) window(dst, w []byte, changes *[]Change) ([]byte, int) {
	mask := f.decodeWindow(w)
	if mask == 0 || f.binary {
		// A line holding bytes that are not UTF-8, or NUL, is not text this
		// package can judge: UTF-16, binary, or bytes for fix --invalid first.
		return append(dst, w...), 0
	}
	f.scripts.ok, f.unitsFor.ok, f.banned = false, false, f.banned[:0]
	f.scripts.line, f.scripts.text, f.scripts.blocksOK, f.scripts.escOK = f.rs, w, false, false
	f.scripts.wide = f.wide
	if f.scripts.units == nil {
		f.scripts.units = f.wantedUnits
	}
	var cs []candidate
	// The stretches' unseen pairs need counting only as far as the
	// decisions look, unless a report explains them (Options.Explain).
	margin := decisionMargin
	if changes != nil && f.explain {
		margin = unseenMargin
	}
	// What the line tells the text after it (its sure encodings) must
	// rest on the line alone (docState): a judgement that asked for the
	// text's word tells nothing. One that never asked went as it would
	// have gone without the text before, and asked or not is the same
	// either way (up to the first question, the two go alike).
	f.scripts.docs = docAsk{ok: f.doc.vouched(f.at)}
	cs = f.judgeWindow(margin)
	sure := f.scripts.sure
	if f.scripts.docs.asked {
		sure = 0
	}
	if f.lineStart {
		// (Asked only when the answer may change something: a line
		// that tells nothing, whose misreading the text vouches for, is
		// repaired either way.)
		if len(cs) == 1 && (sure != 0 || f.scripts.docs.ok&(1<<cs[0].chain[0]) == 0) && f.aboutBefore(&cs[0]) {
			// Text about mojibake tells the lines after it of no
			// misreading. (What a window tells them rests on its bytes
			// and the histReach bytes before it, not on the text's word:
			// a Transformer primed with the docReach+histReach bytes
			// before a piece decides it as within the whole.) It is left
			// as it is unless the text before vouches for its
			// misreading, as a text misread whole does: it does not write
			// the right form on purpose.
			sure = 0
			if f.scripts.docs.ok&(1<<cs[0].chain[0]) == 0 {
				cs = cs[:0]
			}
		}
		f.doc.judged(f.at, sure)
	}
	base := len(dst)
	k := 0
	f.outAt = f.outAt[:0]
	for i := range cs {
		c := &cs[i] // (not a copy of each candidate)
		from, to := int(f.offs[c.start]), int(f.offs[c.end])
		dst = append(dst, w[k:from]...)
		if changes != nil {
			f.outAt = append(f.outAt, int32(len(dst)-base))
		}
		dst = appendUTF8(dst, c.out)
		k = to
	}
	dst = append(dst, w[k:]...)
	if changes != nil && len(cs) > 0 {
		*changes = f.report(*changes, w, dst[base:], cs)
	}
	return dst, len(cs)
}

// histReach is how far back, in bytes of input, aboutBefore looks for a
// line quoting a repair: the lines starting within histReach bytes before
// the window.
const histReach = 1 << 10

// aboutBefore reports whether c, the one change a window starting a line
// would make, is text about mojibake that quotes the right form on a line
// before it rather than on its own (aboutMojibake): documentation and
// test code write the mangled form a few lines after the right one
// ("latin1(\"naïve\")" … "// Output: naÃ¯ve"; "foo-ä.html" …
// "foo-Ã¤.html"). It holds when c is one misread character, read once,
// of which a letter comes out, and the token c stands in (the characters
// around it up to a space, quote, bracket or punctuation), of three
// characters or more, stands as a token on one of the lines starting
// within histReach bytes before the window. (It asks nothing of the text
// before but its bytes: window asks whether that vouches for c.)
func (f *fixer) aboutBefore(c *candidate) bool {
	if c.units.n != 1 || len(c.chain) != 1 {
		return false
	}
	letter := false
	for _, r := range c.out {
		letter = letter || infoOf(r).kind == kLetter
	}
	if !letter || len(f.hist)+len(f.histNow) == 0 {
		return false
	}
	rs := f.rs
	ws, we := c.start, c.end
	for ws > 0 && !tokenEdge(rs[ws-1]) {
		ws--
	}
	for we < len(rs) && !tokenEdge(rs[we]) {
		we++
	}
	if c.start-ws+len(c.out)+we-c.end < 3 {
		return false
	}
	var tok [64]byte
	tb := tok[:0]
	var mid [2]int // where the repair is in tb
	for k, part := range [3][]rune{rs[ws:c.start], c.out, rs[c.end:we]} {
		if k == 2 {
			mid[1] = len(tb)
		}
		for _, r := range part {
			tb = utf8.AppendRune(tb, r)
		}
		if k == 0 {
			mid[0] = len(tb)
		}
	}
	h := f.histNow
	if len(f.hist) > 0 {
		f.histBuf = append(append(f.histBuf[:0], f.hist...), f.histNow...)
		h = f.histBuf
	}
	return containsToken(h[histFrom(h, f.histCut):], tb, mid)
}

// histFrom returns where, in h (the input just before a line), the lines
// starting within histReach bytes of h's end start; cut says h's first
// byte may not start a line.
func histFrom(h []byte, cut bool) int {
	k := 0
	if len(h) > histReach {
		k, cut = len(h)-histReach-1, true
	}
	if !cut {
		return 0
	}
	if i := bytes.IndexByte(h[k:], '\n'); i >= 0 {
		return k + i + 1
	}
	return len(h)
}

// tokenEdge reports the characters a token (see aboutBefore) ends at.
func tokenEdge(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\f', '\v', '"', '\'', '`', '(', ')', '[', ']', '{', '}', '<', '>',
		',', ';', ':', '.', '!', '?', '=', '|', '*', 0xA0, '“', '”', '‘', '’', '«', '»', '„':
		return true
	}
	return false
}

// containsToken reports whether p holds tok between token edges (or p's
// ends). It looks for the last byte of tok[mid[0]:mid[1]] (a repair, mostly
// beyond ASCII: its last byte a continuation byte, one of 64, where its first
// is one of the few leads every misread character of p starts with too),
// then for tok around it.
func containsToken(p, tok []byte, mid [2]int) bool {
	key := len(tok) - 1
	if mid[1] > mid[0] {
		key = mid[1] - 1
	}
	if key < 0 {
		// An empty token: any place between edges.
		for i := 0; i <= len(p); i++ {
			if tokenAt(p, i, i) {
				return true
			}
		}
		return false
	}
	c := tok[key]
	for at := key; at < len(p); {
		o := bytes.IndexByte(p[at:], c)
		if o < 0 {
			return false
		}
		at += o
		i := at - key // where tok would start
		if j := i + len(tok); j <= len(p) && bytes.Equal(p[i:j], tok) && tokenAt(p, i, j) {
			return true
		}
		at++
	}
	return false
}

// tokenAt reports whether p[i:j] stands between token edges (or p's ends).
func tokenAt(p []byte, i, j int) bool {
	if b, _ := utf8.DecodeLastRune(p[:i]); i == 0 || tokenEdge(b) {
		if a, _ := utf8.DecodeRune(p[j:]); j == len(p) || tokenEdge(a) {
			return true
		}
	}
	return false
}

// docVouches reports whether the text before the line vouches for c, a
// stretch misread once with ASCII or the line's edge around it (a piece of
// a longer stretch of characters beyond ASCII is no misread character of
// its own; a text misread twice vouches for the chain it was misread
// through, not for one round of it).
func docVouches(rs []rune, c *candidate, lc *lineScripts) bool {
	return len(c.chain) == 1 && runeBefore(rs, c.start) < 0x80 && runeAt(rs, c.end) < 0x80 && lc.docs.vouches(c.chain[0])
}

// docReach is how far back, in bytes of input, the text before a line
// vouches for it: the windows that start a line within docReach bytes
// before the line's window (see docState).
const docReach = 16 << 10

// docState is what the text before a line tells of it. Misreading changes
// a whole text, not one line, so two lines surely misread through one
// encoding (checkChosen's sure evidence, two unseen pairs or more from
// stretches misread once) starting within docReach bytes before a window
// vouch for a lone misread character on it, as the line's own sure
// repairs do ("ім'Ñ\u008f" alone on its line of a Ukrainian man page
// misread whole, "LoÃ¯c" in a list of names). A text that is not
// misread has no sure line, and vouches for nothing.
//
// What a window tells the text after it is a function of that window
// alone (a window whose judgement asked for the text's word tells
// nothing; one that did not ask judged as without it), and only
// windows that start a line tell it: so a window's decision rests on its
// own bytes and on the lines starting within docReach bytes before it,
// and a Transformer primed with those (Prime) decides a piece of a text
// as it decides it within the whole.
type docState struct {
	seen, ready uint16              // the encodings with one sure line, with two
	last, prev  [numEncodings]int64 // the stream offsets of the last two
}

// vouched returns the encodings the text before stream offset at vouches
// for.
func (d *docState) vouched(at int64) uint16 {
	var m uint16
	for r := d.ready; r != 0; r &= r - 1 {
		if e := bits.TrailingZeros16(r); d.prev[e] >= at-docReach {
			m |= 1 << e
		}
	}
	return m
}

// shift moves the stream offsets d holds by delta.
func (d *docState) shift(delta int64) {
	for e := range numEncodings {
		d.last[e] += delta
		d.prev[e] += delta
	}
}

// judged accounts for the window starting a line at stream offset at,
// surely misread through the encodings of sure.
func (d *docState) judged(at int64, sure uint16) {
	for ; sure != 0; sure &= sure - 1 {
		e := bits.TrailingZeros16(sure)
		d.prev[e], d.last[e] = d.last[e], at
		d.ready |= d.seen & (1 << e)
		d.seen |= 1 << e
	}
}

// docAsk is what a line's judgement may ask of the text before it: ok, the
// encodings the text vouches for (docState); asked, whether the judgement
// asked at all, whatever the answer.
type docAsk struct {
	ok    uint16
	asked bool
}

// vouches reports whether the text before the line vouches for a stretch
// misread through e, noting that it was asked. A nil d vouches for
// nothing.
func (d *docAsk) vouches(e Codepage) bool {
	if d == nil {
		return false
	}
	d.asked = true
	return d.ok&(1<<e) != 0
}

// judgeWindow plans the window decoded in f.rs, and plans again without
// what implausible refused, until what is chosen passes: each round bans
// one stretch more. It leaves in f.scripts.sure the encodings the line is
// surely misread through.
func (f *fixer) judgeWindow(margin int) []candidate {
	f.scripts.sure = 0
	for {
		f.arena = f.arena[:0]
		cs := f.plan(f.rs, none, none, 0, nil)
		if checkChosen(f.rs, cs, &f.scripts, &f.banned, &f.lone, margin) {
			return cs
		}
	}
}

// textChunk is the size of the arenas report carves the changes' texts
// and chains from: one allocation for many windows' changes, not one for
// each window. A change kept keeps its chunk.
const textChunk = 16 << 10

// report appends the changes cs made to window w, whose repair is out
// (f.outAt holding where each change starts in it), to changes, as window
// says. The stretches' texts are carved from one arena, f.texts, which
// only grows (the bytes a string was made of are never written again),
// and their chains from another, f.chains (each capped, so that appending
// to one cannot write into the next): an allocation for many windows, not
// three for every change.
func (f *fixer) report(changes []Change, w, out []byte, cs []candidate) []Change {
	size, links := 0, 0
	for i := range cs {
		c := &cs[i]
		size += int(f.offs[c.end] - f.offs[c.start])
		links += len(c.chain)
	}
	size += len(out) - len(w) + size // the repairs' bytes: the input's, plus what the window grew by
	if cap(f.texts)-len(f.texts) < size && !f.noTexts {
		f.texts = make([]byte, 0, max(size, textChunk))
	}
	if cap(f.chains)-len(f.chains) < links {
		f.chains = make([]Codepage, 0, max(links, textChunk))
	}
	changes = slices.Grow(changes, len(cs))
	for i := range cs {
		c := &cs[i]
		from, to := int(f.offs[c.start]), int(f.offs[c.end])
		outStart, outEnd := int(f.outAt[i]), f.outEnd(i, cs, w, out)
		var old, repl string
		if !f.noTexts {
			old, repl = f.text(w[from:to]), f.text(out[outStart:outEnd])
		}
		n := len(f.chains)
		f.chains = append(f.chains, c.chain...) // oneRound's are shared: each change gets its own
		// Score and UnseenBefore are what the decisions counted (see
		// Change), unless the caller asked them explained: counting
		// further, for the report alone, costs a fifth of the
		// Transformer's time on text misread whole, a walk of each
		// stretch by both models. (Stretches modelOnly passed were
		// counted further: to the same bound.)
		score, before := c.gain, min(c.unseenBefore, c.unseenAfter+decisionMargin)
		if f.explain {
			before = c.unseenBefore
			if c.inexact {
				// Scored to a bound only (see judge): score it further, as
				// far as an explanation needs, not to the end of a long
				// stretch.
				p, nx := none, none
				if c.start > 0 {
					p = f.rs[c.start-1]
				}
				if c.end < len(f.rs) {
					nx = f.rs[c.end]
				}
				score = max(score, badnessUpTo(p, f.rs[c.start:c.end], nx, c.after+explainScore)-c.after)
			}
		}
		changes = append(changes, Change{
			InStart: int64(from), InEnd: int64(to),
			OutStart: int64(outStart), OutEnd: int64(outEnd),
			Column: int64(c.start),
			Chain:  Chain(f.chains[n:len(f.chains):len(f.chains)]), Lossy: c.lossy,
			Score: score, UnseenBefore: before, UnseenAfter: c.unseenAfter,
			Old: old, New: repl,
		})
	}
	return changes
}

// text returns a string of the bytes p, copied to f.texts, which report
// has made room in.
func (f *fixer) text(p []byte) string {
	if len(p) == 0 {
		return ""
	}
	n := len(f.texts)
	f.texts = append(f.texts, p...)
	return unsafe.String(&f.texts[n], len(p))
}

// outEnd returns where the repair of cs[i] ends in out, the repair of
// window w: the unchanged bytes up to the next change (or to the end)
// are the input's, so it ends that many bytes before the next change's
// start (or out's end).
func (f *fixer) outEnd(i int, cs []candidate, w, out []byte) int {
	if i+1 < len(cs) {
		return int(f.outAt[i+1]) - int(f.offs[cs[i+1].start]-f.offs[cs[i].end])
	}
	return len(out) - (len(w) - int(f.offs[cs[i].end]))
}

// appendUTF8 appends the UTF-8 of rs to dst, as utf8.AppendRune would
// one rune at a time. With room for four bytes a rune, it stores by index
// in a loop without a call (append's growth check, and the call to
// appendRuneNonASCII, cost more than the stores); without, it appends. A
// window's output has room for the window, which rarely leaves less.
func appendUTF8(dst []byte, rs []rune) []byte {
	n := len(dst)
	if cap(dst)-n < utf8.UTFMax*len(rs) {
		for _, r := range rs {
			dst = utf8.AppendRune(dst, r)
		}
		return dst
	}
	// Four bytes of room for each rune, checked above: stores through a
	// pointer, without a bounds check for each rune.
	b := unsafe.Pointer(unsafe.SliceData(dst))
	for _, r := range rs {
		d := (*[utf8.UTFMax]byte)(unsafe.Add(b, n))
		switch x := uint32(r); {
		case x < 0x80:
			d[0] = byte(x)
			n++
		case x < 0x800:
			// Two bytes, the commonest decoding (Latin, Cyrillic, Greek,
			// Hebrew, Arabic).
			binary.LittleEndian.PutUint16(d[:2], utf8Pairs[x])
			n += 2
		case x < 0xD800 || 0xE000 <= x && x < 0x10000:
			// Three bytes (CJK, Hangul, punctuation), not a surrogate.
			d[0], d[1], d[2] = byte(0xE0|x>>12), byte(0x80|x>>6&0x3F), byte(0x80|x&0x3F)
			n += 3
		case 0x10000 <= x && x <= utf8.MaxRune:
			d[0], d[1], d[2], d[3] = byte(0xF0|x>>18), byte(0x80|x>>12&0x3F), byte(0x80|x>>6&0x3F), byte(0x80|x&0x3F)
			n += 4
		default: // a surrogate or no code point: U+FFFD, as AppendRune writes
			d[0], d[1], d[2] = 0xEF, 0xBF, 0xBD
			n += 3
		}
	}
	return dst[:n]
}

// utf8Pairs holds the UTF-8 of U+0080..U+07FF, as two bytes in the order
// they are stored (the first in the low byte), for appendUTF8.
var utf8Pairs = func() (t [0x800]uint16) {
	for x := range uint16(0x800) {
		t[x] = (0xC0 | x>>6) | (0x80|x&0x3F)<<8
	}
	return t
}()

// leadBits returns the length of the UTF-8 sequence that lead byte b0
// (C2..F4) starts and the code point bits it carries.
func leadBits(b0 byte) (int, rune) {
	switch {
	case b0 >= 0xF0:
		return 4, rune(b0 & 0x07)
	case b0 >= 0xE0:
		return 3, rune(b0 & 0x0F)
	}
	return 2, rune(b0 & 0x1F)
}
