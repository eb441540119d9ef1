package mojibake

import (
	"bytes"
	"math/rand/v2"
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
