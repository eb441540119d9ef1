package mojibake

import "testing"

// refBadnessUpTo is badnessUpTo as it was before its flags for telltale
// and its pointers to infos: infos copied, telltale asked after every lead.
func refBadnessUpTo(prev rune, s []rune, next rune, limit int) int {
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
			total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)]) // (classes are below maxClasses: the mask drops the bounds checks)
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
			if total >= limit {
				return total
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
		total += int(pairTable[x.class&(maxClasses-1)][y.class&(maxClasses-1)])
		if a >= 0xC2 && a <= 0xDE {
			total += telltale(z, w, a, next, none)
		}
		if x.flags&tMiddle != 0 && w.flags&y.flags&tLetter != 0 && z >= 0x80 && next >= 0x80 {
			total += 2
		}
	}
	return total
}

// TestBadnessUpToRandom checks badnessUpTo against refBadnessUpTo on
// random stretches mixing leads, continuations, quotes, ASCII, capitals,
// punctuation and characters beyond the dense table, for random limits:
// the same score, stopped at the same place.
func TestBadnessUpToRandom(t *testing.T) {
	buildTables()
	pool := []rune("aZ .'\"(«»Ã©Â Ä‘Ø§Ù†×‘Ð¿Ñ€Å“Ç’€™–—’‘“”„‹›…•ƒŠ†‡ˆ‰\u00A0\u0301ÉéЖжαΩ中한カ😀\uFFFD\u2603\u0085")
	pool = append(pool, none, invalidByte)
	rng := uint64(7)
	rnd := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	for k := range 400000 {
		s := make([]rune, rnd(12))
		for i := range s {
			if s[i] = pool[rnd(len(pool))]; s[i] == none {
				s[i] = 'x'
			}
		}
		prev, next := pool[rnd(len(pool))], pool[rnd(len(pool))]
		limit := 1 + rnd(40)
		if k%5 == 0 {
			limit = 1 << 30
		}
		if got, want := badnessUpTo(prev, s, next, limit), refBadnessUpTo(prev, s, next, limit); got != want {
			t.Fatalf("%q between %U and %U, limit %d: %d, reference %d", string(s), prev, next, limit, got, want)
		}
	}
}

// TestBadnessLeadsRandom checks badnessLeads, judge's one pass, against
// badness and hasLeadPair on random stretches (those of
// TestBadnessUpToRandom, longer, with letters of the Windows codepages
// that are leads and continuations: "Ð¿", "Ã©", "×‘"), and requires both
// answers of hasLeadPair to come up often.
func TestBadnessLeadsRandom(t *testing.T) {
	buildTables()
	pool := []rune("aZ .'\"(«»Ã©Â Ä‘Ø§Ù†×‘Ð¿Ñ€Å“Ç’€™–—’‘“”„‹›…•ƒŠ†‡ˆ‰\u00A0\u0301ÉéЖжαΩ中한カ😀\uFFFD\u2603\u0085šžčřůěпршאבגعربي中文字한국어カタかな")
	pool = append(pool, none, invalidByte, 0xF8FF, 0xFF21)
	rng := uint64(11)
	rnd := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	var with, without int
	for range 400000 {
		s := make([]rune, rnd(24))
		wide := rnd(3) == 0 // mostly wide letters, in runs, as CJK decodes
		for i := range s {
			if s[i] = pool[rnd(len(pool))]; wide && rnd(4) > 0 {
				s[i] = []rune("中文字한국어カタかな")[rnd(10)]
			}
		}
		prev, next := pool[rnd(len(pool))], pool[rnd(len(pool))]
		got, leads := badnessLeads(prev, s, next)
		if want, wantLeads := badness(prev, s, next), hasLeadPair(s); got != want || leads != wantLeads {
			t.Fatalf("%q between %U and %U: %d %v, want %d %v", string(s), prev, next, got, leads, want, wantLeads)
		}
		if leads {
			with++
		} else {
			without++
		}
	}
	if with < 10000 || without < 10000 {
		t.Fatalf("%d stretches with a lead pair, %d without: too few of one", with, without)
	}
}
