package transcode

import (
	"encoding/binary"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/utf8x/utf8x"
)

//go:generate go run ./internal/gen

// The single-byte legacy encodings: every WHATWG single-byte encoding and the
// DOS, Mac and other code pages iconv and uchardet name, each a table in
// sbtables.go generated from the WHATWG indexes and glibc's charmaps (see
// internal/gen). Bytes 00-7F are ASCII in all of them.
//
// The conversions to and from UTF-8 are one function pair, sbToUTF8 and
// utf8ToSB, scalar and table-driven with an ASCII fast path, behind the conv
// values sbDecodeConv and sbEncodeConv: a vector kernel replaces them there.

// sbSpec is one generated single-byte table.
type sbSpec struct {
	key    string // the WHATWG name, or glibc's in lower case
	name   string // Encoding.Name
	source string // where the table comes from
	// high[b-0x80] is the character of byte b, 0 where b is undefined.
	high [128]uint16
}

// sbTable holds what the kernels read, built from the spec when first used
// so that a program pays only for the encodings it converts.
type sbTable struct {
	spec  *sbSpec
	idx   int // index in sbSpecs, for the conv values
	once  sync.Once
	built atomic.Bool
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

// init builds the tables if they are not yet; the check is a load, so
// that the kernels' callers allocate nothing for it.
func (t *sbTable) init() {
	if !t.built.Load() {
		t.initSlow()
	}
}

func (t *sbTable) initSlow() {
	t.once.Do(t.build)
	t.built.Store(true)
}

// sbDefined marks a defined byte's entry in sbTable.utf8.
const sbDefined = 0x80 << 24

func (t *sbTable) build() {
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
		// ASCII is always its own byte (ARMSCII-8 has a second full stop,
		// comma and hyphen among its high bytes).
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
}

func (t *sbTable) wideByte(r rune) (byte, bool) {
	w := t.wide
	i := sort.Search(len(w), func(i int) bool { return rune(w[i].r) >= r })
	if i < len(w) && rune(w[i].r) == r {
		return w[i].b, true
	}
	return 0, false
}

// byteOf returns the byte of r, a non-ASCII character, if the encoding has
// one. t must be built.
func (t *sbTable) byteOf(r rune) (byte, bool) {
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

func (t *sbTable) decode(p []byte) (rune, int, utf8x.ErrorKind) {
	b := p[0]
	if b < utf8x.RuneSelf {
		return rune(b), 1, 0
	}
	if r := t.spec.high[b-0x80]; r != 0 {
		return rune(r), 1, 0
	}
	return utf8x.RuneError, 1, utf8x.Unmapped
}

func (t *sbTable) encode(p []byte, r rune) int {
	t.init()
	b, ok := t.byteOf(r)
	return putByte(p, b, ok)
}

// sbToUTF8 is the kernel from a single-byte encoding to UTF-8: it converts
// the longest prefix of src whose bytes t defines and whose conversion fits
// in dst, ASCII eight bytes at a time. A vector kernel can take its place in
// conv.run.
func sbToUTF8(t *sbTable, dst, src []byte) (nDst, nSrc int) {
	t.init()
	tab := &t.utf8
	i, j := 0, 0
	// Eight bytes at a time while dst has room for the longest outcome:
	// copied when all ASCII, else each through the table, the eight
	// lookups checked together.
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
		if len(dst)-j < 4 {
			if len(dst)-j < n {
				break
			}
			var seq [4]byte
			binary.LittleEndian.PutUint32(seq[:], v)
			copy(dst[j:], seq[:n])
		} else {
			// The bytes past n are overwritten next, or lie beyond what
			// is returned.
			binary.LittleEndian.PutUint32(dst[j:], v)
		}
		i++
		j += n
	}
	return j, i
}

// utf8ToSB is the kernel from UTF-8 to a single-byte encoding: it converts
// the longest prefix of src that is well-formed, holds only characters t
// has, and fits in dst, ASCII eight bytes at a time.
func utf8ToSB(t *sbTable, dst, src []byte) (nDst, nSrc int) {
	t.init()
	low := &t.low
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
		// Two 2-byte sequences at a time, as Cyrillic, Greek, Hebrew and
		// Arabic text mostly is.
		for i+4 <= len(src) && j+2 <= len(dst) {
			w := binary.LittleEndian.Uint32(src[i:])
			if w&0xC0E0C0E0 != 0x80C080C0 {
				break
			}
			r0 := (w&0x1F)<<6 | w>>8&0x3F
			r1 := (w>>16&0x1F)<<6 | w>>24&0x3F
			if r0 < 0x80 || r1 < 0x80 { // overlong C0 and C1 leads
				break
			}
			b0, b1 := low[r0-0x80], low[r1-0x80]
			if b0 == 0 || b1 == 0 {
				break
			}
			dst[j], dst[j+1] = b0, b1
			i += 4
			j += 2
		}
		if i == len(src) || j == len(dst) {
			break
		}
		if c = src[i]; c < utf8x.RuneSelf {
			continue
		}
		if c >= 0xC2 && c < 0xE0 && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
			// U+0080..U+07FF, where most of these encodings' letters are.
			b := low[(uint(c&0x1F)<<6|uint(src[i+1]&0x3F))-0x80]
			if b == 0 {
				break
			}
			dst[j] = b
			i += 2
			j++
			continue
		}
		// Ill-formed input decodes to U+FFFD, which no table holds.
		r, n := utf8x.DecodeRune(src[i:])
		b, ok := t.byteOf(r)
		if !ok || r < 0x800 {
			break
		}
		dst[j] = b
		i += n
		j++
	}
	return j, i
}

// sbTables are the tables of sbSpecs, in the same order (filled in by
// sbForms' initializer).
var sbTables [len(sbSpecs)]sbTable

// The conv values of the single-byte kernels: sbConvBase+2*i decodes
// sbSpecs[i], the next value encodes it.
const sbConvBase conv = 128

var _ = [256 - int(sbConvBase) - 2*len(sbSpecs)]struct{}{} // the conv values fit in a byte

func (c conv) isSB() bool { return c >= sbConvBase }

// sbOf returns the table of a single-byte conv and whether it decodes.
func (c conv) sbOf() (t *sbTable, decode bool) {
	i := int(c - sbConvBase)
	return &sbTables[i/2], i%2 == 0
}

func (c conv) sbRun(dst, src []byte) (nDst, nSrc int) {
	t, dec := c.sbOf()
	if dec {
		return sbToUTF8(t, dst, src)
	}
	return utf8ToSB(t, dst, src)
}

// sbForms are the forms of the generated encodings, by key, except
// windows-1252, whose form (cp1252Form) has vector kernels of its own.
var sbForms = func() map[string]*form {
	m := make(map[string]*form, len(sbSpecs))
	for i := range sbTables {
		t := &sbTables[i]
		t.spec, t.idx = &sbSpecs[i], i
		if t.spec.key == "windows-1252" {
			continue
		}
		m[t.spec.key] = &form{
			name: t.spec.name, id: sbID, ascii: true, maxLen: 1, sb: t,
			toUTF8:   sbConvBase + conv(2*i),
			fromUTF8: sbConvBase + conv(2*i+1),
		}
	}
	return m
}()

// latin9Form is ISO-8859-15, the generated table (the encoding's variable
// predates the others).
var latin9Form = sbForms["iso-8859-15"]
