package transcode

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The kernels of the full single-byte encodings (sbFullKernel) against
// references written here from the generated table alone, one byte or one
// character at a time; and the conversions that use them against the
// Converter's per-unit code (useKernels off), under every policy.

// fullRef is the one-character-at-a-time reference of a table.
type fullRef struct {
	spec    *sbFullSpec
	letters []byte // bytes below 80 that are not their own ASCII character
	high    []byte // defined bytes from 80 up
	undef   []byte // undefined bytes
	chars   []rune // the table's characters that are not ASCII
}

func newFullRef(s *sbFullSpec) *fullRef {
	r := &fullRef{spec: s}
	for b, c := range s.table {
		switch {
		case c == 0 && b != 0:
			r.undef = append(r.undef, byte(b))
		case b < 0x80 && int(c) != b:
			r.letters = append(r.letters, byte(b))
		case b >= 0x80:
			r.high = append(r.high, byte(b))
		}
		if c >= 0x80 {
			r.chars = append(r.chars, rune(c))
		}
	}
	return r
}

// byteOf is the first byte whose character is c, by a search of the table.
func (r *fullRef) byteOf(c rune) (byte, bool) {
	for b, t := range r.spec.table {
		if rune(t) == c && (t != 0 || b == 0) {
			return byte(b), true
		}
	}
	return 0, false
}

// toUTF8 converts the longest prefix of src that is defined and whose UTF-8
// fits in room bytes.
func (r *fullRef) toUTF8(src []byte, room int) (out []byte, nSrc int) {
	for _, b := range src {
		c := r.spec.table[b]
		if c == 0 && b != 0 {
			break
		}
		if len(out)+utf8.RuneLen(rune(c)) > room {
			break
		}
		out = utf8.AppendRune(out, rune(c))
		nSrc++
	}
	return out, nSrc
}

// fromUTF8 converts the longest prefix of src that is whole, valid UTF-8 of
// characters the table has and fits in room bytes.
func (r *fullRef) fromUTF8(src []byte, room int) (out []byte, nSrc int) {
	for nSrc < len(src) && len(out) < room {
		if !utf8.FullRune(src[nSrc:]) {
			break
		}
		c, n := utf8.DecodeRune(src[nSrc:])
		if c == utf8.RuneError && n == 1 {
			break
		}
		b, ok := r.byteOf(c)
		if !ok {
			break
		}
		out = append(out, b)
		nSrc += n
	}
	return out, nSrc
}

// randBytes returns n bytes mixing text-like ASCII (letters, spaces, line
// feeds, NULs), the letters below 80 and bytes from 80 up, in runs of one
// kind or another so that whole 8-byte words of each occur.
func (r *fullRef) randBytes(rng *rand.Rand, n int) []byte {
	const ascii = "abcdefghijklmnopqrstuvwxyz ABC .,\n\t\x7f\x1f\x00\x01"
	p := make([]byte, n)
	kind := 0
	for i := range p {
		if rng.IntN(6) == 0 {
			kind = rng.IntN(4)
		}
		switch {
		case kind == 1 && len(r.letters) > 0:
			p[i] = r.letters[rng.IntN(len(r.letters))]
		case kind == 2 && len(r.high) > 0:
			p[i] = r.high[rng.IntN(len(r.high))]
		case kind == 3 && len(r.letters) > 0 && rng.IntN(2) == 0:
			p[i] = r.letters[rng.IntN(len(r.letters))]
		case kind == 3 && len(r.high) > 0:
			p[i] = r.high[rng.IntN(len(r.high))]
		default:
			p[i] = ascii[rng.IntN(len(ascii))]
		}
	}
	return p
}

// randText is the UTF-8 of n characters of the table (fewer when some of
// randBytes's are undefined: those are left out).
func (r *fullRef) randText(rng *rand.Rand, n int) []byte {
	var out []byte
	for _, b := range r.randBytes(rng, n) {
		if c := r.spec.table[b]; c != 0 || b == 0 {
			out = utf8.AppendRune(out, rune(c))
		}
	}
	return out
}

// fullBadUTF8 are units that no table encodes: characters without a byte
// (U+0002 is one where byte 02 is a letter), ill-formed UTF-8, and the
// beginning of a character cut short.
var fullBadUTF8 = []string{"€", "\x02", "😀", "\xff", "\xe1\xba", "\xc3", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf0\x9f\x98", "\x80", "\uFFFD"}

// fullKernelSpecs are the generated tables and, for the stops at undefined
// bytes and the encoders' choice among bytes of the same character (VISCII
// has neither), a copy of each with some bytes left undefined (an ASCII
// one, a letter below 80 and high bytes) and two that repeat the
// characters of earlier bytes (an ASCII one and a high one).
func fullKernelSpecs() []*sbFullSpec {
	var out []*sbFullSpec
	for i := range sbFullSpecs {
		s := &sbFullSpecs[i]
		out = append(out, s)
		h := *s
		h.key += "-holes"
		for _, b := range []byte{'q', 0x80, 0xC3, 0xFF} {
			h.table[b] = 0
		}
		if l := newFullRef(s).letters; len(l) > 0 {
			h.table[l[0]] = 0
		}
		h.table[0xFD] = 'A'
		h.table[0xFE] = h.table[0x81]
		out = append(out, &h)
	}
	return out
}

// insertAt returns p with bad inserted at i.
func insertAt(p []byte, i int, bad []byte) []byte {
	q := append(append(append([]byte(nil), p[:i]...), bad...), p[i:]...)
	return q
}

// The kernels convert exactly the prefix the references do, into dst of
// every size: every length 0..200, with an undefined byte (to decode) or a
// unit the table cannot encode (to encode) at every position.
func TestSBFullKernelAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1456))
	checked := 0
	for _, s := range fullKernelSpecs() {
		ref := newFullRef(s)
		k := newSBFullKernel(s)
		dec := func(src []byte, room int) {
			t.Helper()
			dst := make([]byte, room)
			d, n := k.toUTF8(dst, src)
			want, wn := ref.toUTF8(src, room)
			if n != wn || !bytes.Equal(dst[:d], want) {
				t.Fatalf("%s decode of % X into %d bytes: %d bytes to % X, want %d to % X", s.key, src, room, n, dst[:d], wn, want)
			}
			checked++
		}
		enc := func(src []byte, room int) {
			t.Helper()
			dst := make([]byte, room)
			d, n := k.fromUTF8(dst, src)
			want, wn := ref.fromUTF8(src, room)
			if n != wn || !bytes.Equal(dst[:d], want) {
				t.Fatalf("%s encode of %q into %d bytes: %d bytes to % X, want %d to % X", s.key, src, room, n, dst[:d], wn, want)
			}
			checked++
		}
		for n := 0; n <= 200; n++ {
			src := ref.randBytes(rng, n)
			dec(src, 3*n+4)
			dec(src, rng.IntN(3*n+4))
			text := ref.randText(rng, n)
			enc(text, len(text))
			enc(text, rng.IntN(len(text)+1))
			for i := 0; i <= n; i++ {
				if len(ref.undef) > 0 && i < n {
					p := bytes.Clone(src)
					p[i] = ref.undef[rng.IntN(len(ref.undef))]
					dec(p, 3*n)
				}
				// Inserted between characters, at character i.
				at := len(string([]rune(string(text))[:min(i, utf8.RuneCount(text))]))
				bad := []byte(fullBadUTF8[rng.IntN(len(fullBadUTF8))])
				enc(insertAt(text, at, bad), len(text)+4)
			}
		}
	}
	t.Logf("%d kernel calls checked", checked)
}

// Long inputs, which toUTF8 converts two bytes at a time (total tables)
// and fromUTF8 as two halves by turns: errors at random places and all
// around the middle, and dst as long as src or one byte shorter (converted
// as one stretch).
func TestSBFullKernelLong(t *testing.T) {
	rng := rand.New(rand.NewPCG(1456, 25))
	for _, s := range fullKernelSpecs() {
		ref := newFullRef(s)
		k := newSBFullKernel(s)
		for _, n := range []int{pairMin, pairMin + 1001} {
			src := ref.randBytes(rng, n)
			if len(ref.undef) > 0 {
				src[n-100] = ref.undef[0]
			}
			for _, room := range []int{3*n + 4, 2 * n, n + 7} {
				dst := make([]byte, room)
				d, m := k.toUTF8(dst, src)
				want, wm := ref.toUTF8(src, room)
				if m != wm || !bytes.Equal(dst[:d], want) {
					t.Fatalf("%s decode of %d bytes into %d: %d bytes read, want %d; output equal: %v", s.key, n, room, m, wm, bytes.Equal(dst[:d], want))
				}
			}
		}
		for _, n := range []int{700, 1000, 1500, 4099} {
			text := ref.randText(rng, n)
			var cases [][]byte
			cases = append(cases, text)
			mid := len(text) / 2
			for at := max(0, mid-12); at <= min(len(text), mid+12); at++ {
				for _, bad := range fullBadUTF8 {
					cases = append(cases, insertAt(text, at, []byte(bad)))
				}
			}
			for range 50 {
				bad := fullBadUTF8[rng.IntN(len(fullBadUTF8))]
				cases = append(cases, insertAt(text, rng.IntN(len(text)+1), []byte(bad)))
			}
			for _, src := range cases {
				for _, room := range []int{len(src), len(src) - 1, len(src) + 9} {
					dst := make([]byte, room)
					d, m := k.fromUTF8(dst, src)
					want, wm := ref.fromUTF8(src, room)
					if m != wm || !bytes.Equal(dst[:d], want) {
						t.Fatalf("%s encode of %d bytes into %d: %d bytes read, want %d; output equal: %v", s.key, len(src), room, m, wm, bytes.Equal(dst[:d], want))
					}
				}
			}
		}
	}
}

// errFields is an error as its fields, for comparing.
func errFields(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return fmt.Sprintf("%+v %q", *e, e.Error())
	}
	return fmt.Sprint(err)
}

// The conversions from and to each full single-byte encoding, through the
// kernels (Append functions, Converter), give the output, errors (offsets
// and all) and counts of the per-unit code, under every policy.
func TestSBFullConversionsAgainstPerUnit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 25))
	policies := []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.HTML, utf8x.ReplaceWith("?!")}
	for i := range sbFullSpecs {
		s := &sbFullSpecs[i]
		ref := newFullRef(s)
		e, err := Lookup(s.key)
		if err != nil {
			t.Fatal(err)
		}
		compare := func(decode bool, src []byte) {
			t.Helper()
			for _, p := range policies {
				e := e.WithPolicy(p)
				var fast, slow []byte
				var ferr, serr error
				from, to := e, UTF8
				if decode {
					fast, ferr = e.AppendDecode(nil, src)
				} else {
					from, to = UTF8, e
					fast, ferr = e.AppendEncode(nil, src)
				}
				c := NewConverter(from, to, p, utf8x.BOMKeep)
				conv, cerr := c.Append(nil, src)
				fixed := c.Fixed()
				useKernels = false
				slow, serr = c.Append(nil, src)
				slowFixed := c.Fixed()
				useKernels = true
				if !bytes.Equal(fast, slow) || errFields(ferr) != errFields(serr) {
					t.Fatalf("%s %s (decode %v) of %q: kernels %q %s, per unit %q %s", e, p, decode, src, fast, errFields(ferr), slow, errFields(serr))
				}
				if !bytes.Equal(conv, slow) || errFields(cerr) != errFields(serr) || fixed != slowFixed {
					t.Fatalf("%s %s (decode %v) of %q: Converter %q %s fixed %d, per unit %q %s fixed %d", e, p, decode, src, conv, errFields(cerr), fixed, slow, errFields(serr), slowFixed)
				}
			}
		}
		for n := 0; n <= 200; n++ {
			compare(true, ref.randBytes(rng, n))
			text := ref.randText(rng, n)
			compare(false, text)
			runes := []rune(string(text))
			for i := 0; i <= len(runes); i++ {
				at := len(string(runes[:i]))
				bad := []byte(fullBadUTF8[(n+i)%len(fullBadUTF8)])
				compare(false, insertAt(text, at, bad))
			}
		}
	}
}

// benchFullInput is the VISCII file named by $UTF8X_VISCII_BENCH, or
// generated Vietnamese text when it is unset.
func benchFullInput(b *testing.B) (viscii, text []byte) {
	e, err := Lookup("viscii")
	if err != nil {
		b.Fatal(err)
	}
	if name := os.Getenv("UTF8X_VISCII_BENCH"); name != "" {
		if viscii, err = os.ReadFile(name); err != nil {
			b.Fatal(err)
		}
	} else {
		const prose = "Tiếng Việt là ngôn ngữ của người Việt và là ngôn ngữ chính thức tại Việt Nam. ẲNG ẴNG ẪNG Ỷ Ỹ Ỵ.\n"
		viscii, err = e.AppendEncode(nil, bytes.Repeat([]byte(prose), 1<<20/len(prose)))
		if err != nil {
			b.Fatal(err)
		}
	}
	text, err = e.AppendDecode(nil, viscii)
	if err != nil {
		b.Fatal(err)
	}
	return viscii, text
}

func BenchmarkSBFullDecode(b *testing.B) {
	viscii, text := benchFullInput(b)
	e, _ := Lookup("viscii")
	dst := make([]byte, 0, len(text)+64)
	b.SetBytes(int64(len(viscii)))
	for b.Loop() {
		if _, err := e.AppendDecode(dst, viscii); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSBFullEncode(b *testing.B) {
	viscii, text := benchFullInput(b)
	e, _ := Lookup("viscii")
	dst := make([]byte, 0, len(viscii)+64)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		if _, err := e.AppendEncode(dst, text); err != nil {
			b.Fatal(err)
		}
	}
}
