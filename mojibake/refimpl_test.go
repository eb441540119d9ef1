package mojibake

// The fixer as it was before its speed work (commit f6ee47e): the reference
// TestMatchesReference and FuzzMatchesReference hold the fixer to. Only the
// parts that changed are here; the rest (units, the cost model's tables) is
// shared.

import (
	"bytes"
	"slices"
	"unicode/utf8"
)

// refFixer holds the scratch space of one caller; it is not safe for concurrent use.
type refFixer struct {
	rs     []rune
	offs   []int
	binary bool // the window holds a NUL or a byte that is not UTF-8
	// arena holds the decoded stretches of the current window, so that
	// judging them does not allocate.
	arena []rune
	depth [maxRounds]refScratch
	// leadMask is what refLeadsOf returns for rs, computed by decodeWindow.
	leadMask uint16
	// lineUnits, noLossy, scripts, banned and lone are fixer's.
	lineUnits []unit
	noLossy   bool
	scripts   lineScripts
	banned    []bannedStretch
	lone      []int32
	outer     outerLine // fixer's
	doc       docState  // fixer's
	at        int64     // fixer's
	lineStart bool      // fixer's
}

// decodeWindow fills f.rs and f.offs from w and returns the encodings whose
// telltale pairs occur in it. It does refLeadsOf's work for f.rs on the way,
// into f.depth[0].pos and f.leadMask, for plan to use at depth 0.
func (f *refFixer) decodeWindow(w []byte) uint16 {
	rs, offs, pos := f.rs[:0], f.offs[:0], f.depth[0].pos[:0]
	f.binary = bytes.IndexByte(w, 0) >= 0
	var cand uint16
	var prevLead uint16
	for i := 0; i < len(w); {
		c := w[i]
		if c < 0x80 {
			if prevLead != 0 && c == ' ' {
				pos = append(pos, int32(len(rs)-1)) // a lost no-break space
				cand |= prevLead & nbspMask
			} else if prevLead&strayMask != 0 && isASCIILetter(c) && strayPlace(rs, rune(c)) {
				pos = append(pos, int32(len(rs)-1)) // a lead whose continuation was lost
				cand |= prevLead & strayMask
			}
			rs = append(rs, rune(c))
			offs = append(offs, i)
			i++
			prevLead = 0
			continue
		}
		var r rune
		var n int
		if c < 0xE0 && c >= 0xC2 && i+1 < len(w) && w[i+1]&0xC0 == 0x80 {
			r, n = rune(c&0x1F)<<6|rune(w[i+1]&0x3F), 2
		} else if r, n = utf8.DecodeRune(w[i:]); r == utf8.RuneError && n == 1 {
			r = invalidByte
			f.binary = true
		}
		rs = append(rs, r)
		offs = append(offs, i)
		i += n
		if r < 0 {
			prevLead = 0
			continue
		}
		m := maskOf(r)
		if prevLead&m.cont != 0 || prevLead != 0 && r == 0xFFFD {
			cand |= prevLead & m.cont
			if r == 0xFFFD {
				cand |= prevLead & fffdMask
			}
			pos = append(pos, int32(len(rs)-2))
		}
		prevLead = m.lead
	}
	offs = append(offs, len(w))
	f.rs, f.offs, f.depth[0].pos = rs, offs, pos
	f.leadMask = cand
	return cand
}

// refLeadsOf returns the encodings whose telltale pairs occur in rs, and
// appends to pos the indexes of the characters that are a lead in some
// encoding and are followed by a continuation in one: where misread
// characters may start. Scanning those, rather than all of rs, is what
// makes a mostly ASCII line cheap to judge for each encoding.
func refLeadsOf(rs []rune, pos []int32) (uint16, []int32) {
	var cand, prevLead uint16
	for i, r := range rs {
		if r < 0x80 {
			if prevLead != 0 && r == ' ' {
				pos = append(pos, int32(i-1)) // a lost no-break space
				cand |= prevLead & nbspMask
			} else if prevLead&strayMask != 0 && isASCIILetter(byte(r)) && strayPlace(rs[:i], r) {
				pos = append(pos, int32(i-1)) // a lead whose continuation was lost
				cand |= prevLead & strayMask
			}
			prevLead = 0
			continue
		}
		m := maskOf(r)
		if prevLead&m.cont != 0 || prevLead != 0 && r == 0xFFFD {
			cand |= prevLead & m.cont
			if r == 0xFFFD {
				cand |= prevLead & fffdMask
			}
			pos = append(pos, int32(i-1))
		}
		prevLead = m.lead
	}
	return cand, pos
}

// refUnitsIn appends to us the misread characters of rs under e, left to
// right, trying the places pos (from refLeadsOf) only.
func refUnitsIn(us []unit, rs []rune, e Codepage, pos []int32) []unit {
	from := len(us)
	bit := uint16(1) << e
	i := 0 // no unit starts before i
	for _, p := range pos {
		if int(p) < i {
			continue
		}
		i = int(p)
		r := rs[i]
		if maskOf(r).lead&bit == 0 {
			continue
		}
		if i+1 < len(rs) {
			// Most leads are followed by no continuation: say so without a call.
			if n := rs[i+1]; n != ' ' && n != 0xFFFD && (n < 0x80 || maskOf(n).cont&bit == 0) {
				if u, ok := strayAt(rs, i, e); ok {
					us = append(us, u)
					i = int(u.end)
				}
				continue
			}
		}
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
			// ("HÃ  Nội") or a small letter after it ("SÃ i Gòn") gives
			// the lost one away. Â is judged with its line.
			continue
		}
		us = append(us, u)
		i = int(u.end)
	}
	var sp []place // the places droppedSpaces looks at: a lead, then a space
	for _, p := range pos {
		if int(p)+1 < len(rs) && rs[p+1] == ' ' {
			sp = append(sp, place{p, maskOf(rs[p]).lead})
		}
	}
	return droppedSpaces(loneLeads(us, rs, e, from), rs, e, from, sp)
}

// refScratch is the reusable memory of plan at one depth of rounds.
type refScratch struct {
	all, seen, chosen []candidate
	us                []unit
	// ranges holds, by their range, the stretches judged: where in seen,
	// and their refBadness as found (the encodings mostly find the same
	// stretches).
	ranges rangeTable
	// found holds the misread characters each encoding judged so far found,
	// in foundBuf (what a growing foundBuf left behind stays as it was).
	found    [][]unit
	foundBuf []unit
	// perfect holds the ranges of candidates that decode to text without
	// refBadness, in order.
	perfect [][2]int
	// pos holds where misread characters may start (refLeadsOf).
	pos []int32
	// mine holds the perfect ranges of the encoding being judged, in order.
	mine [][2]int
}

// refCoversAll reports whether every place in pos (ordered) lies inside one
// of the ranges rs (ordered by start).
func refCoversAll(rs [][2]int, pos []int32) bool {
	k, reach := 0, 0 // rs[:k] seen; reach is the farthest end among them
	for _, p := range pos {
		for k < len(rs) && rs[k][0] <= int(p) {
			reach = max(reach, rs[k][1])
			k++
		}
		if int(p) >= reach {
			return false
		}
	}
	return true
}

// coveredBy reports whether every unit of us was found, the same, by one
// encoding judged before.
func (sc *refScratch) coveredBy(us []unit) bool {
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
func (f *refFixer) plan(rs []rune, prev, next rune, depth int, budget *int) []candidate {
	sc := &f.depth[depth]
	var mask uint16
	if depth == 0 {
		mask = f.leadMask // decodeWindow has done refLeadsOf's work
	} else {
		mask, sc.pos = refLeadsOf(rs, sc.pos[:0])
	}
	if mask == 0 {
		return nil
	}
	all, seen, us, perfect := sc.all[:0], sc.seen[:0], sc.us, sc.perfect[:0]
	sc.ranges.reset()
	sc.found, sc.foundBuf = sc.found[:0], sc.foundBuf[:0]
	for e := Codepage(0); e < numEncodings; e++ {
		if mask&(1<<e) == 0 {
			continue
		}
		us = refUnitsIn(us[:0], rs, e, sc.pos)
		mine := sc.mine[:0]
		// An encoding that finds only what an earlier one found, read the
		// same way (ISO-8859-1 or Windows-1254 on text misread as
		// Windows-1252), has nothing to add: its stretches are pieces of
		// the earlier one's, which wins ties; but once a stretch was
		// refused, its pieces between ASCII (fixer.plan's).
		pieces := false
		if sc.coveredBy(us) {
			if depth > 0 || len(f.banned) == 0 {
				continue
			}
			pieces = true
		}
		if depth == 0 {
			f.lineUnits = us
		}
		at := len(sc.foundBuf)
		sc.foundBuf = append(sc.foundBuf, us...)
		sc.found = append(sc.found, sc.foundBuf[at:len(sc.foundBuf):len(sc.foundBuf)])
		for i := 0; i < len(us); {
			j := i + 1
			for j < len(us) && gapJoins(rs[int(us[j-1].end):int(us[j].start)]) {
				j++
			}
			stop := j
			if i, j = trimGuesses(rs, us, i, j, depth); i == j {
				i = stop
				continue
			}
			// A stretch inside one an earlier encoding decodes to text with
			// no refBadness left cannot beat it: its gain is at most its own
			// refBadness, which the larger stretch's counts in full, and ties
			// go to the earlier encoding.
			if start, end := int(us[i].start), int(us[j-1].end); !within(perfect, start, end) && (!pieces || piece(rs, start, end)) {
				if c, ok := f.judge(rs, us[i:j], e, prev, next, depth, budget, &seen); ok && (depth == 0 || !pieceOfLonger(rs, &c, e)) {
					all = append(all, c)
					if c.perfect {
						k, _ := slices.BinarySearchFunc(perfect, c.start, func(d [2]int, s int) int { return d[0] - s })
						perfect = slices.Insert(perfect, k, [2]int{c.start, c.end})
						mine = append(mine, [2]int{c.start, c.end})
					}
				}
			}
			i = stop
		}
		// When this encoding decodes every place a misread character may
		// start to text with no refBadness left, the others can only find
		// stretches inside its stretches, which cannot win. (Another
		// encoding's stretch may bridge two of different encodings.)
		sc.mine = mine
		if len(mine) > 0 && refCoversAll(mine, sc.pos) {
			break
		}
	}
	sc.all, sc.seen, sc.us, sc.perfect = all, seen, us, perfect
	if len(all) == 0 {
		return nil
	}
	// Best gain first, then the preferred encoding; keep what does not
	// overlap, chosen kept in order of position.
	slices.SortStableFunc(all, func(a, b candidate) int {
		if a.gain != b.gain {
			return b.gain - a.gain
		}
		if a.units.n != b.units.n {
			return int(b.units.n - a.units.n)
		}
		// Then the longer stretch, but for one that guesses lost bytes.
		la, lb := a.end-a.start, b.end-b.start
		if a.lossy {
			la = 0
		}
		if b.lossy {
			lb = 0
		}
		if la != lb {
			return lb - la
		}
		return int(a.chain[len(a.chain)-1]) - int(b.chain[len(b.chain)-1])
	})
	chosen := sc.chosen[:0]
	for _, c := range all {
		k, _ := slices.BinarySearchFunc(chosen, c.start, func(d candidate, start int) int { return d.start - start })
		if k > 0 && chosen[k-1].end > c.start || k < len(chosen) && chosen[k].start < c.end {
			continue
		}
		chosen = slices.Insert(chosen, k, c)
	}
	sc.chosen = chosen
	return chosen
}

// judge decides one stretch: the units us of rs under e.
func (f *refFixer) judge(rs []rune, us []unit, e Codepage, prev, next rune, depth int, budget *int, seen *[]candidate) (candidate, bool) {
	// A guess (a lost byte, a space taken for a no-break space) is made only
	// beside a misread character that needed none.
	evidence, lossy := false, false
	for _, u := range us {
		evidence = evidence || !u.space && !u.lossy ||
			u.space && !u.lossy && spaceEvidence(rs, u) ||
			!u.space && u.lossy && slices.Contains(rs[u.start:u.end], 0xFFFD)
		lossy = lossy || u.lossy || u.space
	}
	if !evidence && depth == 0 && droppedOnly(rs, us, e) && !quoted(rs, int(us[0].start), int(us[len(us)-1].end)) && sureOnLine(f.lineUnits) {
		evidence = true
	}
	if !evidence && depth == 0 && us[0].stray && strayEvidence(rs, us, f.lineUnits) {
		// A lead alone inside a word (strayAt) on a line misread
		// elsewhere: the line vouches for it. Alone, a capital inside a
		// word is a name in camel case as often ("getÄnderung").
		evidence = true
	}
	if !evidence {
		return candidate{}, false
	}
	start, end := int(us[0].start), int(us[len(us)-1].end)
	mark := len(f.arena)
	k := start
	for _, u := range us {
		f.arena = append(f.arena, rs[k:int(u.start)]...)
		f.arena = append(f.arena, u.r)
		k = int(u.end)
	}
	out := f.arena[mark:len(f.arena):len(f.arena)]
	// An encoding earlier in the order that read the same stretch the same
	// way has judged it already, and would win a tie. Stretches come in
	// order of position for each encoding, so look back from the end.
	sc := &f.depth[depth]
	// ent stays valid until the next insertion into this depth's table,
	// which the rounds below (a depth further) do not make.
	ent := sc.ranges.slot(start, end)
	if ent.gen == sc.ranges.gen {
		// (The reference keeps the candidates judged in seen, and the
		// index of a range's first there in outAt.)
		if slices.Equal((*seen)[ent.outAt].out, out) {
			f.arena = f.arena[:mark]
			return candidate{}, false
		}
	} else {
		*ent = rangeEntry{start: int32(start), end: int32(end), gen: sc.ranges.gen, outAt: int32(len(*seen)), before: -1}
		sc.ranges.n++
	}
	*seen = append(*seen, candidate{start: start, end: end, out: out})
	if start > 0 {
		prev = rs[start-1]
	}
	if end < len(rs) {
		next = rs[end]
	}
	before := int(ent.before)
	if before < 0 {
		before = refBadness(prev, rs[start:end], next)
		ent.before = int32(before)
	}
	symbols := depth == 0 && mayIslandSymbol(out)
	if before == 0 && !symbols {
		if f.noLossy && lossy {
			return candidate{}, false
		}
		if depth > 0 {
			su := unitsOf(us)
			su.outer = &f.outer
			if start == 0 && end == len(rs) {
				su.own = us
			}
			return modelOnlyCandidate(rs, start, end, su, nil, nil, e, out, lossy, nil, prev, next)
		}
		if isBanned(f.banned, start, end, e) {
			return candidate{}, false // (a model-only stretch checkChosen refused: see vouch)
		}
		return modelOnlyCandidate(rs, start, end, unitsOf(us), f.lineUnits, &f.scripts.docs, e, out, lossy, nil, prev, next)
	}
	after := refBadness(prev, out, next)
	var inner Chain
	if depth == 0 {
		// Each stretch of the text has its own budget; a decoding that
		// does not already look better than the text as found (a wrong
		// encoding's, mostly) gets one more round only.
		b := 1
		if after < before {
			b = maxLookahead
		}
		budget = &b
	}
	// Another round can only help a decoding that is still bad, by the
	// cost model or by the model of real text.
	if (after > 0 && !(lossy && lostOnly(prev, out, next)) || hasLeadPair(out) && (modelSees(prev, out, next) || shortPieces(out) && modelSeesN(prev, out, next, 1)) || mayIslandWord(out, prev, next) || mayIslandSymbol(out)) && depth+1 < maxRounds && *budget > 0 {
		*budget--
		if depth == 0 {
			f.outer = outerLine{rs, start, end, e}
		}
		if sub := f.plan(out, prev, next, depth+1, budget); len(sub) > 0 {
			if o, in, l := f.apply(out, sub, lossy); !baselessMark(prev, o) {
				out, inner, lossy = o, in, l
				after = refBadness(prev, out, next)
			}
		}
	}
	gain := before - after
	if gain <= 0 && len(inner) > 0 && symbols && before == 0 && after == 0 {
		gain = 1 // symbolIsland judges it at the window
	}
	if gain <= 0 {
		if len(inner) > 0 || f.noLossy && lossy {
			return candidate{}, false
		}
		if depth > 0 {
			su := unitsOf(us)
			su.outer = &f.outer
			if start == 0 && end == len(rs) {
				su.own = us
			}
			return modelOnlyCandidate(rs, start, end, su, nil, nil, e, out, lossy, nil, prev, next)
		}
		if isBanned(f.banned, start, end, e) {
			return candidate{}, false // (a model-only stretch checkChosen refused: see vouch)
		}
		return modelOnlyCandidate(rs, start, end, unitsOf(us), f.lineUnits, &f.scripts.docs, e, out, lossy, nil, prev, next)
	}
	// The rules of plausibility came after the speed work: shared, as the
	// units are (see window).
	if depth == 0 && isBanned(f.banned, start, end, e) {
		return candidate{}, false
	}
	chain := append(slices.Clip(inner), e)
	return candidate{start: start, end: end, out: out, chain: chain, gain: gain, lossy: lossy, perfect: after == 0, units: unitsOf(us)}, true
}

// apply rewrites rs by the candidates cs, returning the longest chain among them.
func (f *refFixer) apply(rs []rune, cs []candidate, lossy bool) ([]rune, Chain, bool) {
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

// window appends the repair of one window w to dst, telling emit (if not
// nil) of each change with offsets relative to w and to dst's length on
// entry, and returns how many changes it made.
func (f *refFixer) window(dst, w []byte, emit func(Change)) ([]byte, int) {
	mask := f.decodeWindow(w)
	if mask == 0 || f.binary {
		// A line holding bytes that are not UTF-8, or NUL, is not text this
		// package can judge: UTF-16, binary, or bytes for fix --invalid first.
		return append(dst, w...), 0
	}
	f.scripts, f.banned = lineScripts{}, f.banned[:0]
	f.scripts.units = func(e Codepage) []unit { return refUnitsIn(nil, f.rs, e, f.depth[0].pos) }
	judge := func() []candidate {
		f.scripts.sure = 0
		for {
			f.arena = f.arena[:0]
			cs := f.plan(f.rs, none, none, 0, nil)
			if checkChosen(f.rs, cs, &f.scripts, &f.banned, &f.lone, unseenMargin) {
				return cs
			}
		}
	}
	// As the fixer: a judgement that asked for the text's word tells the
	// text after it nothing.
	f.scripts.docs = docAsk{ok: f.doc.vouched(f.at)}
	cs := judge()
	sure := f.scripts.sure
	if f.scripts.docs.asked {
		sure = 0
	}
	if f.lineStart {
		f.doc.judged(f.at, sure)
	}
	base := len(dst)
	k := 0
	for _, c := range cs {
		from, to := f.offs[c.start], f.offs[c.end]
		dst = append(dst, w[k:from]...)
		outStart := len(dst)
		for _, r := range c.out {
			dst = utf8.AppendRune(dst, r)
		}
		k = to
		if emit != nil {
			emit(Change{
				InStart: int64(from), InEnd: int64(to),
				OutStart: int64(outStart - base), OutEnd: int64(len(dst) - base),
				Chain: c.chain, Lossy: c.lossy,
				Old: string(w[from:to]), New: string(dst[outStart:]),
			})
		}
	}
	return append(dst, w[k:]...), len(cs)
}

// refBadness scores s between the characters prev and next (-1 for none).
func refBadness(prev rune, s []rune, next rune) int {
	total := 0
	a := prev
	var x info
	if a >= 0x80 || a < 0 && a != none {
		x = infoOf(a)
	}
	// z is the character before a, for the one rule that looks at three.
	z, w := none, info{}
	for i, b := range s {
		if b < 0x80 && b >= 0 && a < 0x80 && a >= 0 {
			// Two ASCII characters cost nothing: skip the lookups, which
			// the gaps between misread characters are mostly made of.
			z, a = a, b
			continue
		}
		y := infoOf(b)
		total += int(y.cost)
		if a != none {
			if a < 0x80 && a >= 0 {
				x = lowInfo[a]
			}
			total += int(pairTable[x.class][y.class])
			if a >= 0xC2 && a <= 0xDE {
				after := next
				if i+1 < len(s) {
					after = s[i+1]
				}
				total += telltale(z, w, a, b, after)
			}
			if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && b >= 0x80 {
				total += 2 // tripleCost, from the flags
			}
		}
		z, w = a, x
		a, x = b, y
	}
	if next != none && a != none {
		if a < 0x80 && a >= 0 {
			x = infoOf(a)
		}
		y := infoOf(next)
		total += int(pairTable[x.class][y.class])
		if a >= 0xC2 && a <= 0xDE {
			total += telltale(z, w, a, next, none)
		}
		if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && next >= 0x80 {
			total += 2
		}
	}
	return total
}
