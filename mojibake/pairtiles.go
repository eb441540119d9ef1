package mojibake

import (
	"sync/atomic"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// The pairs of characters below U+2000 (Latin, Greek, Cyrillic, Hebrew,
// Arabic, the scripts of India, Thai, Vietnamese: what misread text is made of and
// decodes to) are looked up in the model of real text for nearly every
// character a repair looks at. The model is a Bloom filter of 128 KiB: a
// hash with two multiplications and two loads far apart for each pair,
// which miss the processor's first cache most of the time.
//
// pairTiles caches the filter's answers densely, in tiles of 128 by 128
// characters (2 KiB each: one bit per pair, the first character's block
// of 128 by the second's), built from the filter itself, so a tile answers
// exactly what the filter answers, with one load near the last. A tile is
// built only once its pairs have been asked tileAfter times: a short text
// pays no more than the filter's lookups, and most texts need a few tiles
// (their script's own, and its pairs with ASCII).
const (
	tileLimit = 0x2000 // characters below it are tiled
	tileShift = 7      // 128 characters a side
	tileSide  = 1 << tileShift
	tileBlock = tileLimit >> tileShift
	tileAfter = 256
)

type pairTile [tileSide * tileSide / 8]byte

var (
	pairTiles    [tileBlock * tileBlock]atomic.Pointer[pairTile]
	pairTileWant [tileBlock * tileBlock]atomic.Int32
)

// tileLookup reports what modelHas(a, b) reports, for
// folded a, b with pairArray not nil, when a tile holds the pair (ok);
// small enough to be inlined where a loop asks for each pair, which then
// asks pairSeenSlow when !ok:
//
//	seen, ok := tileLookup(a, b)
//	if !ok {
//		seen = pairSeenSlow(a, b)
//	}
func tileLookup(a, b rune) (seen, ok bool) {
	if uint32(a|b) < tileLimit {
		if t := pairTiles[(uint32(a)>>tileShift*tileBlock|uint32(b)>>tileShift)%(tileBlock*tileBlock)].Load(); t != nil {
			i := uint32(a)%tileSide*tileSide | uint32(b)%tileSide
			return t[i/8%uint32(len(t))]>>(i%8)&1 != 0, true
		}
	}
	return false, false
}

// pairSeen is modelHas(a, b) through the tiles, for folded
// a, b with pairArray not nil.
func pairSeen(a, b rune) bool {
	seen, ok := tileLookup(a, b)
	if !ok {
		seen = pairSeenSlow(a, b)
	}
	return seen
}

// pairSeenSlow is pairSeenIn without a tile: the filter, counting towards
// the tile and building it when enough pairs asked for it.
func pairSeenSlow(a, b rune) bool {
	if uint32(a)|uint32(b) < tileLimit {
		k := a>>tileShift*tileBlock + b>>tileShift
		if pairTileWant[k].Add(1) == tileAfter {
			pairTiles[k].Store(buildTile(a>>tileShift<<tileShift, b>>tileShift<<tileShift))
		}
		return modelHas(a, b)
	}
	// modelHas's, here rather than in a call more: beyond the tiles, this
	// is the way of every pair (a word of Hangul or CJK beside ASCII).
	if uint32(a)|uint32(b) < 1<<21 {
		key := uint64(a)<<21 | uint64(b)
		if v := modelMemo[key*0x9E3779B97F4A7C15>>(64-memoBits)].Load(); v>>2 == key && v&2 != 0 {
			return v&1 != 0
		}
	}
	return modelAsk(a, b)
}

// buildTile returns the tile of the pairs (a0+i, b0+j) for i, j below
// tileSide, as the model (modelHas) answers them.
func buildTile(a0, b0 rune) *pairTile {
	t := new(pairTile)
	for i := range rune(tileSide) {
		for j := range rune(tileSide) {
			if pairs.HasIn(pairArray, a0+i, b0+j) {
				k := i<<tileShift | j
				t[k>>3] |= 1 << (k & 7)
			}
		}
	}
	// The filter's collisions the model denies (modelHas).
	pairFP.EachFrom(a0, a0+tileSide, func(a, b rune) {
		if b >= b0 && b < b0+tileSide {
			k := (a-a0)<<tileShift | (b - b0)
			t[k>>3] &^= 1 << (k & 7)
		}
	})
	return t
}
