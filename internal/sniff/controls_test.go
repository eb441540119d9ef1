package sniff

import "testing"

// Controls, eight bytes at a time, counts what a byte-by-byte walk does,
// whatever the bytes and wherever they fall in a word.
func TestControlsMatchesWalk(t *testing.T) {
	walk := func(p []byte) int {
		n := 0
		for _, b := range p {
			if b > 0 && b < 0x20 && b != '\t' && b != '\n' && b != '\v' && b != '\f' && b != '\r' && b != 0x1A && b != 0x1B || b == 0x7F {
				n++
			}
		}
		return n
	}
	rng := uint32(7)
	for trial := 0; trial < 2000; trial++ {
		p := make([]byte, trial%37)
		for i := range p {
			rng = rng*1664525 + 1013904223
			switch rng >> 29 {
			case 0:
				p[i] = byte(rng >> 8 & 0x1F) // a control or NUL
			case 1:
				p[i] = 0x7F
			case 2:
				p[i] = byte(rng >> 8) // anything
			default:
				p[i] = 'a' + byte(rng>>8)%26
			}
		}
		if got, want := Controls(p), walk(p); got != want {
			t.Fatalf("%x: %d controls, walk %d", p, got, want)
		}
	}
}

// SurrogatePairs, skipping words without a high surrogate, counts what a
// unit-by-unit walk does.
func TestSurrogatePairsMatchesWalk(t *testing.T) {
	walk := func(p []byte, big bool) int {
		n := 0
		for i := 0; i+4 <= len(p); i += 2 {
			u, v := Unit16(p[i:], big), Unit16(p[i+2:], big)
			if u >= 0xD800 && u < 0xDC00 && v >= 0xDC00 && v < 0xE000 {
				n++
				i += 2
			}
		}
		return n
	}
	rng := uint32(11)
	for trial := 0; trial < 4000; trial++ {
		p := make([]byte, trial%53)
		for i := range p {
			rng = rng*1664525 + 1013904223
			switch rng >> 30 {
			case 0:
				p[i] = 0xD8 + byte(rng>>8)%8 // surrogate high bytes
			case 1:
				p[i] = byte(rng >> 8)
			default:
				p[i] = 'a' + byte(rng>>8)%26
			}
		}
		for _, big := range []bool{false, true} {
			if got, want := SurrogatePairs(p, big), walk(p, big); got != want {
				t.Fatalf("%x (big %v): %d pairs, walk %d", p, big, got, want)
			}
		}
	}
}
