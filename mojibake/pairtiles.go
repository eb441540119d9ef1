package mojibake

import (
	"sync/atomic"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// The pairs of characters below U+2200 (Latin, Greek, Cyrillic, Hebrew,
// Arabic, the scripts of India, Thai, Vietnamese, punctuation: what
// misread text is made of and decodes to) are looked up in the model of
// real text for nearly every character a repair looks at, and so are the
// pairs of ASCII with a character of the BMP beyond them, either way (a
// word of Hangul or CJK after a space or before punctuation). The model
// is a Bloom filter of 128 KiB: a hash with two multiplications and two
// loads far apart for each pair, which miss the processor's first cache
// most of the time.
//
// pairTiles caches the filter's answers densely, in tiles of 128 by 128
// characters (2 KiB each: one bit per pair, the first character's block
// of 128 by the second's), built from the filter itself, so a tile answers
// exactly what the filter answers, with one load near the last. A tile is
// built only once its pairs have been asked tileAfter times: a short text
// pays no more than the filter's lookups, and most texts need a few tiles
// (their script's own, and its pairs with ASCII).
//
// The tiles are indexed by tileIndex: the blocks of two characters below
// tileLimit as a grid of rows of 128 (gridTiles), then a row for ASCII
// before a character below wideLimit (rowTiles) and a column for ASCII
// after one (colTiles).
const (
	tileLimit = 0x2200 // pairs of characters below it are tiled
	tileShift = 7      // 128 characters a side
	tileSide  = 1 << tileShift
	wideLimit = 0x10000 // and those of ASCII with a character below it
	gridTiles = tileLimit >> tileShift << tileShift
	rowTiles  = gridTiles
	colTiles  = rowTiles + wideLimit>>tileShift
	numTiles  = colTiles + wideLimit>>tileShift
	tileAfter = 256
)

type pairTile [tileSide * tileSide / 8]byte

var (
	pairTiles    [numTiles]atomic.Pointer[pairTile]
	pairTileWant [numTiles]atomic.Int32
)

// tileIndex returns the index in pairTiles of the tile of pair a, b, and
// false when no tile holds it. Small enough to be inlined.
func tileIndex(a, b rune) (uint32, bool) {
	switch {
	case uint32(a) < tileLimit && uint32(b) < tileLimit:
		return uint32(a)>>tileShift<<tileShift | uint32(b)>>tileShift, true
	case uint32(a) < 0x80 && uint32(b) < wideLimit:
		return rowTiles + uint32(b)>>tileShift, true
	case uint32(b) < 0x80 && uint32(a) < wideLimit:
		return colTiles + uint32(a)>>tileShift, true
	}
	return 0, false
}

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
	// (k is below numTiles: min spares the bounds check, here and where
	// the loops of implFast and unseen look tiles up. Without a tile for
	// the pair, k is 0, whose tile is loaded and not read.)
	k, in := tileIndex(a, b)
	if t := pairTiles[min(k, numTiles-1)].Load(); in && t != nil {
		i := uint32(a)%tileSide*tileSide | uint32(b)%tileSide
		return t[i/8%uint32(len(t))]>>(i%8)&1 != 0, true
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
	if k, ok := tileIndex(a, b); ok {
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
