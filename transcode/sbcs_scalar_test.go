package transcode

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
)

// The scalar single-byte kernels, sbToUTF8 and utf8ToSB, are the reference
// the conv values (convkernel.SingleByte, its vector kernels and portable
// code) are tested against: table-driven and plain, built from the
// generated spec alone, and themselves checked against the per-unit code.

// sbRef holds what the scalar kernels read.
type sbRef struct {
	spec *sbSpec
	// utf8[b] is the UTF-8 of byte b in its low three bytes, first byte
	// lowest, and in the top byte its length with sbDefined set (0 for an
	// undefined byte): one 4-byte store writes it, and the AND of eight
	// entries tells whether all eight bytes are defined.
	utf8 [256]uint32
	// low[r-0x80] is the byte of U+0080..U+07FF, 0 when there is none; the
	// characters above, at most 128, are in wide, sorted.
	low  [0x780]byte
	wide []sbPair
}

type sbPair struct {
	r uint16
	b byte
}

// sbDefined marks a defined byte's entry in sbRef.utf8.
const sbDefined = 0x80 << 24

var (
	sbRefsOnce sync.Once
	sbRefs     [len(sbSpecs)]*sbRef
)

// sbRefOf returns the scalar tables of sbSpecs[i].
func sbRefOf(i int) *sbRef {
	sbRefsOnce.Do(func() {
		for i := range sbSpecs {
			sbRefs[i] = newSBRef(&sbSpecs[i])
		}
	})
	return sbRefs[i]
}

func newSBRef(spec *sbSpec) *sbRef {
	t := &sbRef{spec: spec}
	for c := range 0x80 {
		t.utf8[c] = uint32(c) | sbDefined | 1<<24
	}
	for i, r := range t.spec.high {
		b := byte(0x80 + i)
		if r == 0 {
			continue
		}
		var seq [4]byte
		n := putSeq(seq[:3], rune(r))
		seq[3] = byte(n)
		t.utf8[0x80+i] = binary.LittleEndian.Uint32(seq[:]) | sbDefined
		// The first byte of a character wins, as in the WHATWG encoders;
		// ASCII is always its own byte.
		switch {
		case r < 0x80:
		case r < 0x800:
			if t.low[r-0x80] == 0 {
				t.low[r-0x80] = b
			}
		default:
			if _, ok := t.wideByte(rune(r)); !ok {
				t.wide = append(t.wide, sbPair{r, b})
				sort.Slice(t.wide, func(i, j int) bool { return t.wide[i].r < t.wide[j].r })
			}
		}
	}
	return t
}

func (t *sbRef) wideByte(r rune) (byte, bool) {
	w := t.wide
	i := sort.Search(len(w), func(i int) bool { return rune(w[i].r) >= r })
	if i < len(w) && rune(w[i].r) == r {
		return w[i].b, true
	}
	return 0, false
}

// byteOf returns the byte of r if the encoding has one.
func (t *sbRef) byteOf(r rune) (byte, bool) {
	if r < 0x800 {
		if r < 0x80 {
			return byte(r), true
		}
		b := t.low[r-0x80]
		return b, b != 0
	}
	if r > 0xFFFF {
		return 0, false
	}
	return t.wideByte(r)
}

// sbToUTF8 is the scalar kernel from a single-byte encoding to UTF-8: it
// converts the longest prefix of src whose bytes t defines and whose
// conversion fits in dst, ASCII eight bytes at a time.
func sbToUTF8(t *sbRef, dst, src []byte) (nDst, nSrc int) {
	tab := &t.utf8
	i, j := 0, 0
	for i+8 <= len(src) && j+32 <= len(dst) {
		x := binary.LittleEndian.Uint64(src[i:])
		if x&hiBits == 0 {
			binary.LittleEndian.PutUint64(dst[j:], x)
			i += 8
			j += 8
			continue
		}
		s := src[i : i+8 : i+8]
		v0, v1, v2, v3 := tab[s[0]], tab[s[1]], tab[s[2]], tab[s[3]]
		v4, v5, v6, v7 := tab[s[4]], tab[s[5]], tab[s[6]], tab[s[7]]
		if v0&v1&v2&v3&v4&v5&v6&v7&sbDefined == 0 {
			break // an undefined byte among them: the loop below stops at it
		}
		d := dst[j : j+32 : j+32]
		k := 0
		for _, v := range [8]uint32{v0, v1, v2, v3, v4, v5, v6, v7} {
			binary.LittleEndian.PutUint32(d[k:k+4], v)
			k += int(v>>24) & 7
		}
		i += 8
		j += k
	}
	for i < len(src) {
		v := tab[src[i]]
		n := int(v>>24) & 7
		if n == 0 {
			break
		}
		if len(dst)-j < n {
			break
		}
		var seq [4]byte
		binary.LittleEndian.PutUint32(seq[:], v)
		copy(dst[j:], seq[:n])
		i++
		j += n
	}
	return j, i
}

// utf8ToSB is the scalar kernel from UTF-8 to a single-byte encoding: it
// converts the longest prefix of src that is well-formed, holds only
// characters t has, and fits in dst.
func utf8ToSB(t *sbRef, dst, src []byte) (nDst, nSrc int) {
	i, j := 0, 0
	for i < len(src) && j < len(dst) {
		c := src[i]
		if c < utf8x.RuneSelf {
			i, j = copyASCII(dst, src, i, j)
			if i == len(src) || j == len(dst) {
				break
			}
			if c = src[i]; c < utf8x.RuneSelf {
				dst[j] = c
				i++
				j++
				continue
			}
		}
		// Ill-formed input decodes to U+FFFD, which no table holds.
		r, n := utf8x.DecodeRune(src[i:])
		b, ok := t.byteOf(r)
		if !ok || r == utf8x.RuneError {
			break
		}
		dst[j] = b
		i += n
		j++
	}
	return j, i
}

// sbInputs returns random inputs for encoding i: bytes of the encoding
// (mostly defined high bytes, runs of ASCII, now and then an undefined
// byte) to decode, and UTF-8 (its characters, ASCII, and now and then a
// character it lacks, ill-formed UTF-8, or a sequence cut by the end) to
// encode, of lengths around the kernels' blocks.
func sbInputs(rng *rand.Rand, spec *sbSpec, n int) (legacy, text []byte) {
	var defined, undefined []byte
	for i, r := range spec.high {
		if r != 0 {
			defined = append(defined, byte(0x80+i))
		} else {
			undefined = append(undefined, byte(0x80+i))
		}
	}
	rare := rng.IntN(4) // how often the stoppers come: never, rarely, often
	for len(legacy) < n {
		switch k := rng.IntN(64); {
		case k < 16:
			run := rng.IntN(40)
			for j := 0; j < run; j++ {
				legacy = append(legacy, byte(0x20+rng.IntN(0x5F)))
			}
		case k < 16+rare && len(undefined) > 0:
			legacy = append(legacy, undefined[rng.IntN(len(undefined))])
		case k < 16+rare+1:
			legacy = append(legacy, byte(rng.IntN(0x80)))
		default:
			legacy = append(legacy, defined[rng.IntN(len(defined))])
		}
	}
	legacy = legacy[:n]
	stoppers := []string{"\xFF", "\x80", "\xC0\x80", "\xC2", "\xE0\x80\x80", "\xED\xA0\x80", "\xEF\xBB",
		"\xF0\x9F\x98\x80", "\xF4\x90\x80\x80", "\uFFFD", "\u07FF", "\u0800", "\uFFFF", "日", "Ω", "é", "\x00"}
	for len(text) < n {
		b := legacy[len(text)%len(legacy)]
		switch k := rng.IntN(64); {
		case k < rare:
			text = append(text, stoppers[rng.IntN(len(stoppers))]...)
		case b >= 0x80 && spec.high[b-0x80] != 0:
			text = utf8.AppendRune(text, rune(spec.high[b-0x80]))
		case b < 0x80:
			text = append(text, b)
		default:
			text = append(text, ' ')
		}
	}
	if rng.IntN(8) == 0 {
		// A sequence cut by the end of the input.
		text = append(text, "\xE2\x82"[:1+rng.IntN(2)]...)
	}
	return legacy, text
}

// TestSingleByteKernelSets: the conv values of every single-byte encoding,
// both directions, with every kernel set of internal/convkernel forced,
// convert exactly what the scalar kernels convert: the same bytes, stopping
// at the same place, with ample, exact and short room in dst; and
// AppendDecode and AppendEncode give what the per-unit code gives.
func TestSingleByteKernelSets(t *testing.T) {
	for i := range sbTables {
		if _, err := convkernel.NewSingleByte(func() *[128]rune {
			var h [128]rune
			for j, r := range sbSpecs[i].high {
				h[j] = rune(r)
				if r == 0 {
					h[j] = utf8.RuneError
				}
			}
			return &h
		}()); err != nil {
			t.Fatalf("%s: %v", sbSpecs[i].key, err)
		}
	}
	lengths := []int{0, 1, 7, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 200, 257, 1000, 4100}
	testsample.Transcoding.Each(t, func(t *testing.T) {
		t.Logf("kernel set %s", convkernel.Active())
		rng := rand.New(rand.NewPCG(3, 4))
		for i := range sbTables {
			tab, ref := &sbTables[i], sbRefOf(i)
			dec, enc := sbConvBase+conv(2*i), sbConvBase+conv(2*i+1)
			for _, n := range lengths {
				rounds := 6
				if testing.Short() {
					rounds = 2
				}
				for round := 0; round < rounds; round++ {
					legacy, text := sbInputs(rng, tab.spec, n)
					compareSB(t, tab.spec.key+" decode", dec, ref, legacy, 3*len(legacy)+8)
					compareSB(t, tab.spec.key+" encode", enc, ref, text, len(text)+8)
					// windows-1252's generated table has no form: cp1252Form
					// runs kernels of its own.
					if f := sbFormMap()[tab.spec.key]; f != nil && round == 0 {
						e := Encoding{f: f}
						for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.HTML} {
							compareAppend(t, e.WithPolicy(p), legacy, text)
						}
					}
				}
			}
		}
	})
}

// compareSB runs conv c and the scalar kernel of its direction on src with
// room bytes of dst and some less, then again past where they stop (the
// unit after it skipped), to the end of src.
func compareSB(t *testing.T, what string, c conv, ref *sbRef, src []byte, room int) {
	t.Helper()
	_, decode := c.sbOf()
	scalar := func(dst, src []byte) (int, int) {
		if decode {
			return sbToUTF8(ref, dst, src)
		}
		return utf8ToSB(ref, dst, src)
	}
	for at := 0; at < len(src); {
		rest := src[at:]
		need, stop := scalar(make([]byte, room), rest)
		for _, r := range []int{room, need, need - 1, need - 2, need / 2, need - 33} {
			if r < 0 {
				continue
			}
			a, b := make([]byte, r), make([]byte, r)
			da, sa := c.run(a, rest)
			db, sb := scalar(b, rest)
			if da != db || sa != sb || !bytes.Equal(a[:da], b[:db]) {
				t.Fatalf("%s with %d bytes of room at %d of % x:\nconv   (%d, %d) % x\nscalar (%d, %d) % x",
					what, r, at, src, da, sa, a[:da], db, sb, b[:db])
			}
		}
		at += stop
		if at < len(src) {
			_, n := utf8.DecodeRune(src[at:])
			if decode {
				n = 1
			}
			at += n
		}
	}
}

// compareAppend checks e's AppendDecode of legacy and AppendEncode of text
// against the per-unit code.
func compareAppend(t *testing.T, e Encoding, legacy, text []byte) {
	t.Helper()
	fast, ferr := e.AppendDecode(nil, legacy)
	useKernels = false
	slow, serr := e.appendDecode(nil, legacy)
	useKernels = true
	if !bytes.Equal(fast, slow) || fmt.Sprint(ferr) != fmt.Sprint(serr) {
		t.Fatalf("%s %s decode of % X: kernels %q %v, per unit %q %v", e, e.policy, legacy, fast, ferr, slow, serr)
	}
	fast, ferr = e.AppendEncode(nil, text)
	useKernels = false
	slow, serr = e.appendEncode(nil, text)
	useKernels = true
	if !bytes.Equal(fast, slow) || fmt.Sprint(ferr) != fmt.Sprint(serr) {
		t.Fatalf("%s %s encode of %q: kernels % X %v, per unit % X %v", e, e.policy, text, fast, ferr, slow, serr)
	}
}

// The scalar reference agrees with the per-unit code (decode and byteOf
// against spec.high directly) on every byte and on every BMP character.
func TestSingleByteScalarReference(t *testing.T) {
	for i := range sbSpecs {
		spec, ref := &sbSpecs[i], sbRefOf(i)
		first := map[rune]byte{}
		for b := 0; b < 256; b++ {
			want := rune(b)
			if b >= 0x80 {
				want = rune(spec.high[b-0x80])
			}
			var dst [4]byte
			n, s := sbToUTF8(ref, dst[:], []byte{byte(b)})
			if want == 0 && b != 0 {
				if s != 0 {
					t.Fatalf("%s: undefined byte %#x decoded to % x", spec.key, b, dst[:n])
				}
				continue
			}
			if got, _ := utf8.DecodeRune(dst[:n]); s != 1 || got != want {
				t.Fatalf("%s: byte %#x decoded to %U, want %U", spec.key, b, got, want)
			}
			if _, ok := first[want]; !ok && (want >= 0x80 || b < 0x80) {
				first[want] = byte(b)
			}
		}
		for r := rune(0); r <= 0xFFFF; r++ {
			if r >= 0xD800 && r <= 0xDFFF {
				continue
			}
			want, ok := first[r]
			src := utf8.AppendRune(nil, r)
			var dst [1]byte
			n, s := utf8ToSB(ref, dst[:], src)
			if ok != (s == len(src)) || ok && (n != 1 || dst[0] != want) {
				t.Fatalf("%s: %U encoded to (%d, %d) %x, want %x %v", spec.key, r, n, s, dst[:n], want, ok)
			}
		}
	}
}

// FuzzSingleByteKernels: on any bytes, in any encoding, the conv values
// convert exactly what the scalar kernels convert, both ways, with the
// kernel set this machine picks.
func FuzzSingleByteKernels(f *testing.F) {
	f.Add([]byte("abc\x80\x98\xff Съешь же \xd0"), uint8(0), uint16(64))
	f.Add([]byte("naïve € я \xff 日 \xe2\x82"), uint8(40), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, which uint8, room uint16) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		i := int(which) % len(sbSpecs)
		ref := sbRefOf(i)
		compareSB(t, sbSpecs[i].key+" decode", sbConvBase+conv(2*i), ref, data, min(int(room), 3*len(data)+8))
		compareSB(t, sbSpecs[i].key+" encode", sbConvBase+conv(2*i+1), ref, data, min(int(room), len(data)+8))
	})
}
