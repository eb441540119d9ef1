package transcode

import (
	"bytes"
	"encoding/binary"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"testing"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
)

// The []uint16 functions run the byte kernels of the machine's order on a
// view of the units. These tests hold them to the UTF-16LE byte functions,
// to the standard library's unicode/utf16 and to a reference written here
// from utf8x.Decode and unicode/utf16 (refUTF8ToUnits, refUnitsToUTF8), with
// every kernel set: on random units weighted toward surrogates and the edges
// of each UTF-8 length, at every length from 0 to 256 with an error at every
// position, on every code point, and under a fuzz target.

// randomUnits returns up to 150 code units, lone surrogates among them.
func randomUnits(rng *rand.Rand) []uint16 {
	pool := []uint16{'a', 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x20AC, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF}
	u := make([]uint16, rng.IntN(150))
	for i := range u {
		switch rng.IntN(4) {
		case 0:
			u[i] = pool[rng.IntN(len(pool))]
		case 1:
			u[i] = uint16(rng.Uint32())
		default:
			u[i] = uint16(rng.IntN(0x80)) // ASCII runs, for the wide paths
		}
	}
	return u
}

// leBytes is u as UTF-16LE.
func leBytes(u []uint16) []byte {
	b := make([]byte, 2*len(u))
	for i, v := range u {
		binary.LittleEndian.PutUint16(b[2*i:], v)
	}
	return b
}

// leUnits reads UTF-16LE bytes as code units.
func leUnits(b []byte) []uint16 {
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return u
}

// randomUTF8 returns the UTF-8 of random units (the lone surrogates as the
// ill-formed ED A0-BF xx), with a few stray bytes.
func randomUTF8(rng *rand.Rand) []byte {
	var b []byte
	for _, r := range utf16.Decode(randomUnits(rng)) {
		switch {
		case rng.IntN(40) == 0:
			b = append(b, byte(rng.Uint32()))
		case r == utf8x.RuneError && rng.IntN(2) == 0:
			b = append(b, 0xED, 0xA0|byte(rng.IntN(32)), 0x80)
		default:
			b = utf8x.AppendRune(b, r)
		}
	}
	return b
}

func TestUnitsMatchBytePaths(t *testing.T) {
	rounds := 2000
	if testing.Short() {
		rounds = 400
	}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(15, 5))
		for range rounds {
			units := randomUnits(rng)
			room := rng.IntN(2*len(units) + 1) // growth from any room

			// []uint16 -> UTF-8 against UTF-16LE bytes -> UTF-8 and unicode/utf16.
			got, err := AppendUTF16ToUTF8(make([]byte, 0, room), units)
			want, wantErr := AppendUTF16LEToUTF8(nil, leBytes(units))
			if !bytes.Equal(got, want) {
				t.Fatalf("AppendUTF16ToUTF8(%04X) = %q, the byte path gives %q", units, got, want)
			}
			e, ok := err.(*Error)
			we, wok := wantErr.(*Error)
			switch {
			case ok != wok || (err == nil) != (wantErr == nil):
				t.Fatalf("AppendUTF16ToUTF8(%04X): error %v, the byte path's %v", units, err, wantErr)
			case ok && (2*e.Offset != we.Offset || e.Len != 1 || e.Kind != utf8x.LoneSurrogate || we.Kind != utf8x.LoneSurrogate):
				t.Fatalf("AppendUTF16ToUTF8(%04X): error %+v, the byte path's %+v", units, e, we)
			case err == nil && string(got) != string(utf16.Decode(units)):
				t.Fatalf("AppendUTF16ToUTF8(%04X) = %q, unicode/utf16 gives %q", units, got, string(utf16.Decode(units)))
			}
			replaced := len(string(utf16.Decode(units)))
			if n, m := UTF8LenFromUTF16(units), UTF8LenFromUTF16LE(leBytes(units)); n != replaced || m != replaced {
				t.Fatalf("UTF8LenFromUTF16(%04X) = %d, LE bytes %d; unicode/utf16 gives %d", units, n, m, replaced)
			}

			// UTF-8 -> []uint16 against UTF-8 -> UTF-16LE bytes and unicode/utf16.
			src := randomUTF8(rng)
			u, err := AppendUTF8ToUTF16(make([]uint16, 0, rng.IntN(len(src)+1)), src)
			b, wantErr := AppendUTF8ToUTF16LE(nil, src)
			if !slicesEqual(u, leUnits(b)) {
				t.Fatalf("AppendUTF8ToUTF16(% X) = %04X, the byte path gives %04X", src, u, leUnits(b))
			}
			e, ok = err.(*Error)
			we, wok = wantErr.(*Error)
			switch {
			case ok != wok || (err == nil) != (wantErr == nil):
				t.Fatalf("AppendUTF8ToUTF16(% X): error %v, the byte path's %v", src, err, wantErr)
			case ok && (e.Offset != we.Offset || e.Len != we.Len || e.Kind != we.Kind):
				t.Fatalf("AppendUTF8ToUTF16(% X): error %+v, the byte path's %+v", src, e, we)
			case err == nil && !slicesEqual(u, utf16.Encode([]rune(string(src)))):
				t.Fatalf("AppendUTF8ToUTF16(% X) = %04X, unicode/utf16 gives %04X", src, u, utf16.Encode([]rune(string(src))))
			}
		}
	})
}

// refUTF8ToUnits is the reference for AppendUTF8ToUTF16: the units of the
// longest valid prefix of src, then the first ill-formed sequence (off, n,
// kind) as utf8x.Decode reads it, kind 0 when there is none.
func refUTF8ToUnits(src []byte) (units []uint16, off, n int, kind utf8x.ErrorKind) {
	for off < len(src) {
		r, l, k := utf8x.Decode(src[off:])
		if k != 0 {
			return units, off, l, k
		}
		units = utf16.AppendRune(units, r)
		off += l
	}
	return units, off, 0, 0
}

// refUnitsToUTF8 is the reference for AppendUTF16ToUTF8: the UTF-8 of the
// units before the first lone surrogate, and its index (-1 when there is
// none).
func refUnitsToUTF8(src []uint16) (out []byte, lone int) {
	for i := 0; i < len(src); i++ {
		r := rune(src[i])
		if utf16.IsSurrogate(r) {
			if r >= 0xDC00 || i+1 == len(src) || src[i+1] < 0xDC00 || src[i+1] > 0xDFFF {
				return out, i
			}
			r = utf16.DecodeRune(r, rune(src[i+1]))
			i++
		}
		out = utf8x.AppendRune(out, r)
	}
	return out, -1
}

// checkUnits runs the three []uint16 functions on src and on utf8 (UTF-8
// input) against the references, each into a dst already holding a prefix
// and with room for room more elements.
func checkUnits(t testing.TB, units []uint16, text []byte, room int) {
	t.Helper()
	prefix := []byte("pre")
	got, err := AppendUTF16ToUTF8(append(make([]byte, 0, len(prefix)+room), prefix...), units)
	want, lone := refUnitsToUTF8(units)
	e, isErr := err.(*Error)
	switch {
	case !bytes.Equal(got, append(prefix, want...)):
		t.Fatalf("AppendUTF16ToUTF8(%04X) with room %d = %q, want %q", units, room, got, want)
	case (lone < 0) != (err == nil) || err != nil && !isErr:
		t.Fatalf("AppendUTF16ToUTF8(%04X): error %v, want one at unit %d", units, err, lone)
	case isErr && (e.Offset != lone || e.Len != 1 || e.Kind != utf8x.LoneSurrogate):
		t.Fatalf("AppendUTF16ToUTF8(%04X): error %+v, want a lone surrogate at unit %d", units, e, lone)
	}
	if n, want := UTF8LenFromUTF16(units), len(string(utf16.Decode(units))); n != want {
		t.Fatalf("UTF8LenFromUTF16(%04X) = %d, want %d", units, n, want)
	}

	upre := []uint16{0xFFFF, 'p'}
	u, err := AppendUTF8ToUTF16(append(make([]uint16, 0, len(upre)+room), upre...), text)
	wantU, off, n, kind := refUTF8ToUnits(text)
	e, isErr = err.(*Error)
	switch {
	case !slicesEqual(u, append(upre, wantU...)):
		t.Fatalf("AppendUTF8ToUTF16(% X) with room %d = %04X, want %04X", text, room, u, wantU)
	case (kind == 0) != (err == nil) || err != nil && !isErr:
		t.Fatalf("AppendUTF8ToUTF16(% X): error %v, want %v at %d", text, err, kind, off)
	case isErr && (e.Offset != off || e.Len != n || e.Kind != kind):
		t.Fatalf("AppendUTF8ToUTF16(% X): error %+v, want %v of %d bytes at %d", text, e, kind, n, off)
	}
}

// unitPieces are the characters the length sweep builds its inputs from:
// one of each UTF-8 length, and a pair.
var unitPieces = []rune{'a', 'z', 0xE9, 0x7FF, 0x800, 0x4E2D, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF}

// TestUnitsLengths checks every length from 0 to 256 units (and bytes of
// UTF-8), valid and with an error at each position: a lone high or low
// surrogate in the units, a stray or truncated byte in the UTF-8.
func TestUnitsLengths(t *testing.T) {
	testsample.Transcoding.Each(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(15, 7))
		for n := 0; n <= 256; n++ {
			var units []uint16
			for len(units) < n {
				r := unitPieces[rng.IntN(len(unitPieces))]
				if rng.IntN(2) == 0 {
					r = rune('a' + rng.IntN(26)) // ASCII runs, for the wide paths
				}
				if r >= 0x10000 && len(units)+2 > n {
					r = 0x20AC
				}
				units = utf16.AppendRune(units, r)
			}
			text := []byte(string(utf16.Decode(units)))
			for len(text) < n {
				text = append(text, 'x')
			}
			for len(text) > n { // cut back to n bytes on a character boundary, then pad
				_, size := utf8x.DecodeLastRune(text)
				text = text[:len(text)-size]
			}
			for len(text) < n {
				text = append(text, 'y')
			}
			checkUnits(t, units, text, 3*n+4)
			checkUnits(t, units, text, rng.IntN(3*n+4))
			for at := 0; at < n; at++ {
				if !testsample.Sampled(8, n, at) {
					continue
				}
				bad := append([]uint16(nil), units...)
				bad[at] = 0xDC00 + uint16(at)
				if at%2 == 1 {
					bad[at] = 0xD800 + uint16(at)
					if at+1 < n {
						bad[at+1] = 'b'
					}
				}
				badText := append([]byte(nil), text...)
				switch at % 3 {
				case 0:
					badText[at] = 0xFF
				case 1:
					badText[at] = 0xC3 // a lead byte before anything but a continuation: truncated
					if at+1 < n {
						badText[at+1] = 'c'
					}
				default:
					badText[at] = 0x80
				}
				checkUnits(t, bad, badText, rng.IntN(3*n+4))
			}
		}
	})
}

// TestUnitsAllCodePoints converts every scalar value, in one input, both ways.
func TestUnitsAllCodePoints(t *testing.T) {
	var text []byte
	var runes []rune
	for r := rune(0); r <= utf8x.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		text = utf8x.AppendRune(text, r)
		runes = append(runes, r)
	}
	want := utf16.Encode(runes)
	testsample.Transcoding.Each(t, func(t *testing.T) {
		units, err := AppendUTF8ToUTF16(nil, text)
		if err != nil || !slicesEqual(units, want) {
			t.Fatalf("AppendUTF8ToUTF16(every scalar value): %v, equal to unicode/utf16: %v", err, slicesEqual(units, want))
		}
		back, err := AppendUTF16ToUTF8(nil, units)
		if err != nil || !bytes.Equal(back, text) {
			t.Fatalf("AppendUTF16ToUTF8(every scalar value): %v, equal to the input: %v", err, bytes.Equal(back, text))
		}
		if n := UTF8LenFromUTF16(units); n != len(text) {
			t.Fatalf("UTF8LenFromUTF16(every scalar value) = %d, want %d", n, len(text))
		}
	})
}

// TestNativeOrder checks nativeBig, by which the []uint16 functions pick the
// byte kernels they run, against the machine.
func TestNativeOrder(t *testing.T) {
	u := []uint16{0x0102}
	if got := bytesOf(u)[0] == 0x01; got != nativeBig {
		t.Fatalf("nativeBig = %v, but this machine stores 0x0102 as % X", nativeBig, bytesOf(u))
	}
}

// FuzzUnits holds the []uint16 functions to the references on any input: the
// bytes as UTF-8, and as code units (little-endian pairs of bytes).
func FuzzUnits(f *testing.F) {
	for _, bg := range accelBackgrounds {
		f.Add(cycle(bg, 200), uint16(1000))
	}
	f.Add([]byte("\x00\xD8a\x00\x00\xDC\xED\xA0\x80"), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, room uint16) {
		units := leUnits(data)
		testsample.Transcoding.Runnable(func(string) {
			checkUnits(t, units, data, int(room)%(3*len(data)+8))
		})
	})
}
