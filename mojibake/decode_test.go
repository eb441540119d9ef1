package mojibake

import (
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x/internal/testsample"
)

// TestDecodeWindowAgainstRef holds decodeWindow (windowDecoder.fast, whose
// ASCII runs go eight bytes at a time, and step) to refFixer.decodeWindow,
// which decodes one character at a time with appends: the same characters,
// offsets, places, encodings and binary flag. loneMask is checked against
// its definition, folded here over the characters refFixer decodes.
func TestDecodeWindowAgainstRef(t *testing.T) {
	var f fixer
	var ref refFixer
	n := 0
	check := func(w []byte) {
		t.Helper()
		n++
		mask := f.decodeWindow(w)
		refMask := ref.decodeWindow(w)
		if mask != refMask || f.binary != ref.binary {
			t.Fatalf("%q: mask %b binary %v, reference %b %v", w, mask, f.binary, refMask, ref.binary)
		}
		if !slices.Equal(f.rs, ref.rs) {
			t.Fatalf("%q: characters\n%q\nreference\n%q", w, f.rs, ref.rs)
		}
		if wide := slices.ContainsFunc(ref.rs, func(r rune) bool { return r >= maskDense }); f.wide != wide {
			t.Fatalf("%q: wide %v, want %v", w, f.wide, wide)
		}
		if len(f.offs) != len(ref.offs) {
			t.Fatalf("%q: %d offsets, reference %d", w, len(f.offs), len(ref.offs))
		}
		for i, o := range f.offs {
			if int(o) != ref.offs[i] {
				t.Fatalf("%q: offset %d is %d, reference %d", w, i, o, ref.offs[i])
			}
		}
		at := make([]int32, len(f.depth[0].pos))
		for i, p := range f.depth[0].pos {
			at[i] = p.at
		}
		if !slices.Equal(at, ref.depth[0].pos) {
			t.Fatalf("%q: places %v, reference %v", w, at, ref.depth[0].pos)
		}
		// loneMask: the encodings in which a character is a lead and the
		// next is not a continuation (U+FFFD, which may stand for one,
		// counts as none; the last character has no next).
		var lone, prev uint16
		for _, r := range ref.rs {
			var m masks
			if r >= 0 {
				m = maskOf(r)
			}
			if r == 0xFFFD {
				lone |= prev
			} else {
				lone |= prev &^ m.cont
			}
			prev = m.lead
		}
		if lone |= prev; f.loneMask != lone {
			t.Fatalf("%q: loneMask %b, want %b", w, f.loneMask, lone)
		}
	}
	// Pieces of every kind fast and step meet: ASCII runs of every length
	// around eight (the stray letter and the lost no-break space after a
	// lead among them), two-, three- and four-byte characters, the ones
	// maskOf's map holds, U+FFFD, surrogates, bytes that are not UTF-8,
	// sequences cut short, NUL.
	pieces := []string{
		"Ã", "Ð", "Ø", "×", "Â", "Å", "Ä", "©", "€", "™", "œ", "¢", "\u00a0",
		"ü", "é", "Ñ", "ƒ", "ˆ", "‰", "Ž", "•", "–", "—", "…", "†",
		"Р", "С", "ё", "Ђ", "ѓ", "љ", "ћ", "ў", "א", "ب", "Ω", "Ж", "ệ",
		"中", "한", "の", "\u0900", "\u0e01", "\u2600", "\u3000", "\uff01", "\ufffd",
		"😀", "\U00010000", "\U0010ffff",
		"\xed\xa0\x80", "\xed\xbf\xbf", "\xe0\x80\x80", "\xe0\x9f\xbf", "\xc0\x80", "\xc1",
		"\xff", "\x80", "\xbf", "\xc3", "\xe2\x82", "\xf0\x9f", "\xf0\x9f\x98", "\x00",
		" ", "a", "Z", "q", "0", ".", "(", "\n", "\t", "ab", "x y",
	}
	for i := range 64 {
		// Runes of every kind just before and after every run length, at
		// every alignment.
		for _, p := range pieces {
			for _, q := range []string{"Ã", "a", " ", "€", "\xff", "中"} {
				run := make([]byte, i%20)
				for j := range run {
					run[j] = byte('a' + (i+j)%26)
				}
				if i >= 20 {
					run = append(run, " xyz012"[:i%7]...)
				}
				check([]byte(p + string(run) + q))
				check([]byte(q + p + string(run) + p + q))
			}
		}
	}
	rng := rand.New(rand.NewPCG(26, 1))
	for range 20000 {
		var w []byte
		for len(w) < 300 && rng.IntN(40) != 0 {
			switch rng.IntN(4) {
			case 0:
				for k := rng.IntN(24); k > 0; k-- {
					w = append(w, byte(0x20+rng.IntN(0x5f)))
				}
			case 1:
				w = append(w, pieces[rng.IntN(len(pieces))]...)
			case 2:
				w = utf8.AppendRune(w, rune(rng.IntN(0x3000)))
			default:
				w = append(w, byte(rng.IntN(256)))
			}
		}
		check(w)
	}
	for i, s := range sentences(t, 2) {
		for _, mode := range []loss{lossNone, lossFFFD, lossNBSP} {
			m, ok := misread(s, Codepage(i%int(numEncodings)), mode)
			if !ok {
				continue
			}
			check([]byte(s))
			check([]byte(m))
		}
	}
	t.Logf("%d windows", n)
}

// TestEncLowASCII checks what unitsFast assumes when it looks an ASCII
// character up in encLow as it does any other: its byte there is neither a
// lead nor a continuation, as its own byte is not.
func TestEncLowASCII(t *testing.T) {
	buildTables()
	for e := range numEncodings {
		for c := range 0x80 {
			if b := encLow[e][c]; b >= 0x80 {
				t.Errorf("%v: encLow[%#x] = %#x", e, c, b)
			}
		}
	}
}

// refUnits is unitsGuess's general way alone, its reference: every place
// through unitAtIn (quickUnit, else findUnit) and strayAt, without
// unitsFast and the dense tables, lone leads by refLoneLeads, and
// droppedSpaces always.
func refUnits(rs []rune, e Codepage, pos []place, lone uint16) []unit {
	var us []unit
	bit := uint16(1) << e
	i := 0
	for _, p := range pos {
		if p.enc&bit == 0 || int(p.at) < i {
			continue
		}
		i = int(p.at)
		var u unit
		if !unitAtIn(rs, i, e, &u) {
			if u, ok := strayAt(rs, i, e); ok {
				us = append(us, u)
				i = int(u.end)
			}
			continue
		}
		if isLowSurrogate(u.r) {
			continue
		}
		if isHighSurrogate(u.r) {
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
		if u.space && i > 0 && infoOf(rs[i-1]).upper && (int(u.end) >= len(rs) || rs[int(u.end)] != ' ' && !infoOf(rs[int(u.end)]).lower) && rs[i] != 'Â' {
			continue // (Â is judged with its line)
		}
		us = append(us, u)
		i = int(u.end)
	}
	if lone&bit != 0 {
		us = refLoneLeads(us, rs, e, 0)
	}
	return droppedSpaces(us, rs, e, 0, pos)
}

// refLoneLeads is loneLeads as it was before its questions were reordered
// (the scripts of the line first, then lostReadOtherwise), its reference.
func refLoneLeads(us []unit, rs []rune, e Codepage, from int) []unit {
	if (fffdMask>>e)&1 == 0 && e != ISO8859_1 || len(us) == from {
		return us
	}
	var lineMask uint64 // the scripts of the line (lineScriptBits), once asked
	lineKnown := false
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
		// The character lost must be one the line could hold: of a script
		// it has (loneScripts). "dâ€™échec" is d’échec: é (E9) alone stands
		// for an ideograph, U+9000-U+9FFF, in a line with none.
		if !lineKnown {
			lineMask, lineKnown = runeScriptBits(rs)|unitScriptBits(us[from:]), true
		}
		if m := loneScriptsOf(e, b0); m&lineMask == 0 && (m&loneCommon == 0 || !loneCommonFits(rs, at, b0, e)) {
			return false
		}
		return !lostReadOtherwise(rs, at, at+1, e)
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

// TestUnitsGuessAgainstRef holds unitsGuess (unitsFast, then the dense
// tables, then the general way) to refUnits under every encoding, on the
// misread sentences (lossy ones included) and on the windows of the
// mangled corpus inputs when ../shared/corpus is there.
func TestUnitsGuessAgainstRef(t *testing.T) {
	var f fixer
	n := 0
	check := func(w []byte) {
		t.Helper()
		f.decodeWindow(w)
		for e := range numEncodings {
			got, _ := unitsGuess(nil, f.rs, e, f.depth[0].pos, f.loneMask)
			if want := refUnits(f.rs, e, f.depth[0].pos, f.loneMask); !slices.Equal(got, want) {
				t.Fatalf("%q under %v: units\n%+v\nreference\n%+v", w, e, got, want)
			}
			n++
		}
	}
	for i, s := range sentences(t, 2) {
		for _, mode := range []loss{lossNone, lossFFFD, lossDrop, lossNBSP} {
			for _, e := range []Codepage{Codepage(i % int(numEncodings)), Windows1252, Windows1251} {
				if m, ok := misread(s, e, mode); ok {
					check([]byte(m))
				}
			}
		}
	}
	// Random windows of characters that are leads and continuations in
	// some encoding, cut short and glued in any order: what text misread
	// under one encoding is under the others (Mac OS Roman's leads of four
	// bytes in Persian misread as Windows-1252), and a lead before a space,
	// an ASCII letter (a stray lead) or a character beyond the dense tables.
	rng := rand.New(rand.NewPCG(33, 1))
	pool := decodedPool()
	pool = append(pool, ' ', ' ', 'a', 'n', 'T', '1', 0xFFFD, 0x00A0, 0x4E2D, 0x1F600, 0x2600, 0x25FF)
	var w []byte
	for range 60000 {
		w = w[:0]
		for range 2 + rng.IntN(12) {
			w = utf8.AppendRune(w, pool[rng.IntN(len(pool))])
		}
		check(w)
	}
	for _, name := range testsample.CorpusFiles("wikipedia_mars/*.utf8.txt") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range []Codepage{Windows1252, Windows1251} {
			m, ok := misread(string(data), e, lossNone)
			if !ok {
				continue
			}
			for p := []byte(m); len(p) > 0; {
				k := windowEnd(p, true)
				check(p[:k])
				p = p[k:]
			}
		}
	}
	t.Logf("%d windows and encodings", n)
}

// TestTwoBytes checks twoBytes, which unitAt decodes a two-byte character
// with, against utf8.DecodeRune, for every pair of bytes.
func TestTwoBytes(t *testing.T) {
	for c0 := range 256 {
		for c1 := range 256 {
			p := []byte{byte(c0), byte(c1)}
			r, n := utf8.DecodeRune(p)
			got := twoBytes(p[0], p[1])
			if got != (n == 2) || got && rune(p[0]&0x1F)<<6|rune(p[1]&0x3F) != r {
				t.Fatalf("% X: twoBytes %v, DecodeRune %U, %d", p, got, r, n)
			}
		}
	}
}

// TestThreeBytes checks threeBytes, and unitAt's decoding with it,
// against utf8.DecodeRune on every three bytes.
func TestThreeBytes(t *testing.T) {
	for c0 := range 256 {
		for c1 := range 256 {
			for c2 := range 256 {
				p := []byte{byte(c0), byte(c1), byte(c2)}
				r, n := utf8.DecodeRune(p)
				got := threeBytes(p[0], p[1], p[2])
				if got != (n == 3) || got && rune(p[0]&0x0F)<<12|rune(p[1]&0x3F)<<6|rune(p[2]&0x3F) != r {
					t.Fatalf("% X: threeBytes %v, DecodeRune %U, %d", p, got, r, n)
				}
			}
		}
	}
}

// TestLowMasks2 checks the packed copy of lowMasks windowDecoder.fast reads
// for two-byte characters and three-byte ones below maskDense.
func TestLowMasks2(t *testing.T) {
	buildTables()
	for r := range rune(maskDense) {
		m := lowMasks[r]
		if got := lowMasks2[r]; uint16(got) != m.lead || uint16(got>>16) != m.cont {
			t.Fatalf("%U: lowMasks2 %#x, lowMasks %+v", r, got, m)
		}
	}
	// lowRefused and cjkRefused: what decodeSeq refuses, asked of it.
	for r := range rune(maskDense) {
		if r < 0x80 || r >= 0xD800 && r < 0xE000 {
			continue
		}
		_, ok := decodeSeq(utf8.AppendRune(nil, r))
		if want := !ok && r >= 0xA0; lowRefused[r] != want {
			t.Fatalf("%U: lowRefused %v, decodeSeq refuses it: %v", r, lowRefused[r], want)
		}
	}
	wideOnce.Do(fillWide)
	for r := rune(0x3000); r < 0x10000; r++ {
		if wideAt(r) < 0 {
			continue
		}
		_, ok := decodeSeq(utf8.AppendRune(nil, r))
		if i := int(r-0x3000)&0xFF | int(r>>15)<<8; wideRefused[i] == ok || i != wideAt(r) {
			t.Fatalf("%U: wideRefused %v (at %d, wideAt %d), decodeSeq takes it: %v", r, wideRefused[i], i, wideAt(r), ok)
		}
	}
	for _, r := range []rune{0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0x3041, 0x30FA} {
		if _, ok := decodeSeq(utf8.AppendRune(nil, r)); cjkRefused == ok {
			t.Fatalf("%U: cjkRefused %v, decodeSeq takes it: %v", r, cjkRefused, ok)
		}
	}
}

// TestFindUnitNoFill holds findUnitIn's and quickUnit's early refusal of a
// sequence short of its last byte under an encoding with no byte to fill
// it with (noFill: Mac OS Roman, KOI8-R, code page 437) to the way
// findUnitIn had (lostReadOtherwise, then the filling, which finds none):
// at every character of random
// windows of the encodings' leads and continuations and of the misread
// sentences, under every encoding, with and without a space allowed.
func TestFindUnitNoFill(t *testing.T) {
	buildTables()
	rng := rand.New(rand.NewPCG(33, 2))
	pool := decodedPool()
	pool = append(pool, ' ', ' ', 'a', 'T', 0xFFFD, 0x00A0)
	var windows [][]rune
	for range 20000 {
		rs := make([]rune, 2+rng.IntN(8))
		for i := range rs {
			rs[i] = pool[rng.IntN(len(pool))]
		}
		windows = append(windows, rs)
	}
	for i, s := range sentences(t, 2) {
		for _, mode := range []loss{lossNone, lossDrop} {
			if m, ok := misread(s, Codepage(i%int(numEncodings)), mode); ok {
				windows = append(windows, []rune(m))
			}
		}
	}
	short := 0 // sequences short of their last byte, where the shortcut answers
	for _, rs := range windows {
		for i := range rs {
			for e := range numEncodings {
				for _, allow := range []bool{false, true} {
					got, gotOK, gotSpace := findUnitIn(rs, i, e, allow)
					findUnitFillAlways = true
					want, wantOK, wantSpace := findUnitIn(rs, i, e, allow)
					findUnitFillAlways = false
					if got != want || gotOK != wantOK || gotSpace != wantSpace {
						t.Fatalf("%q at %d under %v (space %v): %+v %v %v, the full way %+v %v %v", string(rs), i, e, allow, got, gotOK, gotSpace, want, wantOK, wantSpace)
					}
				}
				// quickUnit, which refuses such a sequence itself now, to
				// findUnit the full way where it is sure.
				var u unit
				if ok, sure := quickUnit(rs, i, e, &u); sure {
					findUnitFillAlways = true
					want, wantOK := findUnit(rs, i, e)
					findUnitFillAlways = false
					if ok != wantOK || ok && u != want {
						t.Fatalf("%q at %d under %v: quickUnit %+v %v, findUnit the full way %+v %v", string(rs), i, e, u, ok, want, wantOK)
					}
				}
				if noFill(e) && shortOfLast(rs, i, e) {
					short++
				}
			}
		}
	}
	if short < 1000 {
		t.Fatalf("only %d sequences short of a byte under encodings without undefined bytes", short)
	}
	t.Logf("%d windows, %d sequences where the shortcut may answer", len(windows), short)
}

// shortOfLast reports whether rs[i] is a lead of three or four bytes in e
// followed by its continuations but the last, in place of which stands a
// character that is none (nor a space or U+FFFD, which findUnit may take
// for a lost byte).
func shortOfLast(rs []rune, i int, e Codepage) bool {
	b0, ok := encodeIn(e, rs[i])
	if !ok || b0 < 0xE0 || b0 > 0xF4 {
		return false
	}
	n, _ := leadBits(b0)
	if i+n > len(rs) {
		return false
	}
	for k := 1; k < n; k++ {
		b, ok := encodeIn(e, rs[i+k])
		cont := ok && b&0xC0 == 0x80
		if k < n-1 && !cont {
			return false
		}
		if k == n-1 {
			return !cont && rs[i+k] != ' ' && rs[i+k] != 0xFFFD
		}
	}
	return false
}

// decodedPool returns every character some encoding decodes a byte 80-FF
// to (leads and continuation bytes of every reading), for random windows.
func decodedPool() []rune {
	var pool []rune
	for e := range numEncodings {
		for _, r := range tables[e].dec {
			if r > 0 {
				pool = append(pool, r)
			}
		}
	}
	return pool
}
