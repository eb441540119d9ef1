package transcode

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
)

// The []uint16 functions have scalar loops of their own beside the byte
// kernels. These tests hold them to the UTF-16LE byte functions and to the
// standard library's unicode/utf16, with every kernel set, on random units
// weighted toward surrogates and the edges of each UTF-8 length.

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
	forEachKernelSet(t, func(t *testing.T) {
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

// TestUnitsScalarKernels holds the scalar []uint16 kernels to the byte
// kernels, written apart from them, with every size of destination.
func TestUnitsScalarKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 6))
	for range 300 {
		units := randomUnits(rng)
		src := randomUTF8(rng)
		for room := 0; room <= 2*len(src)+2; room += 1 + room/8 {
			u := make([]uint16, room)
			d, s := utf8ToUnitsGo(u, src)
			b := make([]byte, 2*room)
			bd, bs := utf8ToUTF16LEGo(b, src)
			if 2*d != bd || s != bs || !slicesEqual(u[:d], leUnits(b[:bd])) {
				t.Fatalf("utf8ToUnitsGo(room %d, % X) = %d, %d; the byte kernel %d, %d", room, src, d, s, bd, bs)
			}
		}
		for room := 0; room <= 3*len(units)+2; room += 1 + room/8 {
			out := make([]byte, room)
			d, s := unitsToUTF8Go(out, units)
			ref := make([]byte, room)
			bd, bs := utf16LEToUTF8Go(ref, leBytes(units))
			if d != bd || 2*s != bs || !bytes.Equal(out[:d], ref[:bd]) {
				t.Fatalf("unitsToUTF8Go(room %d, %04X) = %d, %d; the byte kernel %d, %d", room, units, d, s, bd, bs)
			}
		}
	}
}
