package mojibake

import (
	"math/rand/v2"
	"testing"
)

// TestMaxRuneBadness checks maxRuneBadness, which lets dominated skip
// scoring a short stretch: no character costs more than 3 on its own,
// no pair more than pairTable's largest, telltale and tripleCost add 2
// each; and badness stays within the bound on random strings of the
// characters misreading makes.
func TestMaxRuneBadness(t *testing.T) {
	buildTables()
	maxCost := int(infoOf(invalidByte).cost)
	for r := rune(0); r <= 0x10FFFF; r++ {
		maxCost = max(maxCost, int(infoOf(r).cost))
	}
	maxPair := 0
	for i := range pairTable {
		for j := range pairTable[i] {
			maxPair = max(maxPair, int(pairTable[i][j]))
		}
	}
	if b := maxCost + maxPair + 2 + 2; b > maxRuneBadness {
		t.Fatalf("a character may add %d (cost %d, pair %d, telltale 2, triple 2) > maxRuneBadness %d", b, maxCost, maxPair, maxRuneBadness)
	}
	// Misread characters (leads C2..DE and what follows them in Windows-1252
	// and Latin-1), C1 controls, quotes, marks, letters, ASCII.
	var pool []rune
	for r := rune(0x80); r < 0x100; r++ {
		pool = append(pool, r)
	}
	pool = append(pool, 0x2020, 0x2021, 0x2030, 0x2039, 0x203A, 0x2018, 0x2019, 0x201C, 0x201D, 0x201E,
		0x2022, 0x2013, 0x2014, 0x20AC, 0x2122, 0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017D, 0x017E,
		0x0192, 0x02C6, 0x02DC, 0xFFFD, 0x0301, 0x0627, 0x0628, 0x200C, 0x0430, 0x03B1, 0x4E2D, 0xAC00,
		'a', 'Z', ' ', '.', '"', '\'', '(', '[', '-', '1', invalidByte)
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() rune { return pool[rng.IntN(len(pool))] }
	for range 200000 {
		s := make([]rune, 1+rng.IntN(8))
		for i := range s {
			s[i] = pick()
		}
		prev, next := pick(), pick()
		if rng.IntN(8) == 0 {
			prev = none
		}
		if rng.IntN(8) == 0 {
			next = none
		}
		if b := badness(prev, s, next); b > maxRuneBadness*(len(s)+1) {
			t.Fatalf("badness(%q, %q, %q) = %d > %d", prev, string(s), next, b, maxRuneBadness*(len(s)+1))
		}
	}
}
