package pairs

import (
	"encoding/binary"
	"slices"
)

// A Bloom filter holds some pairs it was never given: the ones whose two
// places collide with those of others (about 1% of pairs with Bits and the
// training text's pairs). Among the pairs misreading makes ("â€", the start
// of every misread quotation mark and dash), such a collision makes the
// repair take mojibake for real text. The generator lists the pairs
// misreading makes that the filter holds by a collision only
// (mojibake/pairs-fp.bin), and the repair asks this exact set after the
// filter.

// FalsePositives is an exact set of pairs, built from the generator's
// table: keys a<<32|b, sorted, eight bytes each, little-endian.
type FalsePositives struct {
	keys []uint64
	near [fpNearBits / 64]uint64 // a bit per hash of the keys: most pairs are told apart here
}

const fpNearBits = 1 << 14

// BuildFalsePositives returns the table of the pairs ps, for
// NewFalsePositives.
func BuildFalsePositives(ps [][2]rune) []byte {
	keys := make([]uint64, len(ps))
	for i, p := range ps {
		keys[i] = fpKey(p[0], p[1])
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	out := make([]byte, 8*len(keys))
	for i, k := range keys {
		binary.LittleEndian.PutUint64(out[8*i:], k)
	}
	return out
}

// NewFalsePositives reads a table BuildFalsePositives wrote; nil for a
// table that is not one (no set: Has reports false).
func NewFalsePositives(table []byte) *FalsePositives {
	if len(table)%8 != 0 {
		return nil
	}
	f := &FalsePositives{keys: make([]uint64, len(table)/8)}
	for i := range f.keys {
		f.keys[i] = binary.LittleEndian.Uint64(table[8*i:])
		if i > 0 && f.keys[i] <= f.keys[i-1] {
			return nil
		}
		h := fpNear(f.keys[i])
		f.near[h/64] |= 1 << (h % 64)
	}
	return f
}

// Has reports whether the pair a, b is in the set.
func (f *FalsePositives) Has(a, b rune) bool {
	if f == nil {
		return false
	}
	k := fpKey(a, b)
	if h := fpNear(k); f.near[h/64]>>(h%64)&1 == 0 {
		return false
	}
	_, found := slices.BinarySearch(f.keys, k)
	return found
}

// EachFrom calls fn with each pair a, b of the set with a0 <= a < a1, in
// order.
func (f *FalsePositives) EachFrom(a0, a1 rune, fn func(a, b rune)) {
	if f == nil {
		return
	}
	i, _ := slices.BinarySearch(f.keys, fpKey(a0, 0))
	for ; i < len(f.keys) && f.keys[i] < fpKey(a1, 0); i++ {
		fn(rune(f.keys[i]>>32), rune(uint32(f.keys[i])))
	}
}

// Len is how many pairs the set holds.
func (f *FalsePositives) Len() int {
	if f == nil {
		return 0
	}
	return len(f.keys)
}

func fpKey(a, b rune) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

func fpNear(k uint64) uint32 { return uint32((k*0x9E3779B97F4A7C15)>>50) % fpNearBits }
