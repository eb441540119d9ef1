package mojibake

import "testing"

// TestTelltaleFlags checks badnessUpTo's use of the telltale flags (a call
// only after a lead where tells, 2 without one for a character that is no quote)
// against telltale itself, for every lead and every character of the
// dense table, around characters before and after that its guard and its
// quotes look at.
func TestTelltaleFlags(t *testing.T) {
	buildTables()
	var as []rune
	for a := rune(0x80); a < 0x100; a++ {
		as = append(as, a)
	}
	as = append(as, 'A', 'x', 0x100, 0x2019, 0x410, none, -2)
	bs := []rune{none, -2, 0x2600, 0x4E00, 0xAC00, 0x1F600}
	for b := rune(0); b < maskDense; b++ {
		bs = append(bs, b)
	}
	zs := []rune{none, 'a', 'A', 'É', 'é', '"', '(', '[', 0x201C, 'Ж', ' ', '1'}
	afters := []rune{none, 'a', ' ', 'É', 0x201D}
	n := 0
	for _, a := range as {
		for _, b := range bs {
			y := infoOf(b)
			for _, z := range zs {
				w := info{}
				if z != none {
					w = infoOf(z)
				}
				for _, after := range afters {
					got := 0
					if a >= 0xC2 && a <= 0xDE && tells(a, y.flags, z, w.flags) {
						got = 2
						if y.flags&tQuote != 0 {
							got = telltale(z, w, a, b, after)
						}
					}
					if want := telltale(z, w, a, b, after); got != want {
						t.Fatalf("a %U b %U z %U after %U: flags give %d, telltale %d", a, b, z, after, got, want)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("nothing checked")
	}
	// telltaleFlags gives nothing from maskDense on: telltale counts none
	// of those characters.
	for b := rune(maskDense); b < 0x30000; b++ {
		for _, a := range []rune{0xC2, 0xC5} {
			if telltale(none, info{}, a, b, none) != 0 {
				t.Fatalf("telltale counts %U after %U", b, a)
			}
		}
	}
}
