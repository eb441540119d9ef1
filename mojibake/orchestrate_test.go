package mojibake

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

// TestAppendUTF8 checks window's encoder of a repair, appendUTF8, against
// utf8.AppendRune one rune at a time: on both of its paths (room for four
// bytes a rune, and less), for runes of every length, surrogates and
// values that are no code point.
func TestAppendUTF8(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []func() rune{
		func() rune { return rune(rng.IntN(0x80)) },
		func() rune { return 0x80 + rune(rng.IntN(0x800-0x80)) },
		func() rune { return 0x800 + rune(rng.IntN(0x10000-0x800)) },
		func() rune { return 0xD800 + rune(rng.IntN(0x800)) },
		func() rune { return 0x10000 + rune(rng.IntN(utf8.MaxRune+1-0x10000)) },
		func() rune { return rune(rng.Int32()) },
		func() rune { return -rune(rng.IntN(4)) - 1 },
		func() rune {
			return []rune{0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, utf8.MaxRune, utf8.MaxRune + 1}[rng.IntN(13)]
		},
	}
	fast, slow := 0, 0
	for range 20000 {
		rs := make([]rune, rng.IntN(40))
		for i := range rs {
			rs[i] = kinds[rng.IntN(len(kinds))]()
		}
		prefix := []byte("ab")[:rng.IntN(3)]
		var want []byte
		want = append(want, prefix...)
		for _, r := range rs {
			want = utf8.AppendRune(want, r)
		}
		// Room from none to plenty: below 4 a rune, appendUTF8 appends.
		room := rng.IntN(utf8.UTFMax*len(rs) + 8)
		dst := append(make([]byte, 0, len(prefix)+room), prefix...)
		if room >= utf8.UTFMax*len(rs) {
			fast++
		} else {
			slow++
		}
		got := appendUTF8(dst, rs)
		if !bytes.Equal(got, want) {
			t.Fatalf("appendUTF8(%q, %U) = %q, want %q", prefix, rs, got, want)
		}
		if room >= len(want)-len(prefix) && len(got) > 0 && &got[0] != &dst[:1][0] {
			t.Fatalf("appendUTF8 moved the output with room for it (%d bytes)", room)
		}
	}
	if fast < 1000 || slow < 1000 {
		t.Fatalf("paths tried: %d with room, %d without", fast, slow)
	}
}

// coversAllByPlace is coversAll as plan had it: place by place, with the
// farthest end of the ranges that start at or before it.
func coversAllByPlace(rs [][2]int, pos []place) bool {
	k, reach := 0, 0
	for _, pl := range pos {
		p := pl.at
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

// TestCoversAll checks coversAll, which searches the gaps between the
// ranges, against the scan of every place, on random ordered places and
// ranges ordered by start (apart, touching, overlapping and nested), half
// of them built to cover every place.
func TestCoversAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	yes := 0
	for n := range 200000 {
		size := 1 + rng.IntN(60)
		var pos []place
		for at := 0; at < size; at++ {
			if rng.IntN(3) == 0 {
				pos = append(pos, place{at: int32(at)})
			}
		}
		var rs [][2]int
		for start := rng.IntN(4); start < size; start += rng.IntN(8) {
			rs = append(rs, [2]int{start, start + 1 + rng.IntN(10)})
		}
		if n%2 == 0 {
			// Cover every place: a range for each place left out.
			for _, p := range pos {
				if !coversAllByPlace(rs, []place{p}) {
					rs = append(rs, [2]int{int(p.at), int(p.at) + 1 + rng.IntN(3)})
				}
			}
			slices.SortStableFunc(rs, func(a, b [2]int) int { return a[0] - b[0] })
		}
		want := coversAllByPlace(rs, pos)
		if got := coversAll(rs, pos); got != want {
			t.Fatalf("coversAll(%v, %v) = %v, want %v", rs, pos, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 50000 {
		t.Fatalf("only %d of 200000 covered", yes)
	}
}
