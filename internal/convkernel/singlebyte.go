package convkernel

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unicode/utf8"
)

// SingleByte converts between UTF-8 and one single-byte encoding whose bytes
// 00-7F are ASCII, both ways, with the kernels of the set in use and the
// portable code after them. It is built once per encoding by NewSingleByte
// and is safe for concurrent use: nothing in it changes after that.
//
// The decoding kernels read sbDec, the UTF-8 bytes of every high byte in
// three 128-byte planes (and 32-bit words for AVX2's gathers); the AVX-512
// and NEON encoders read sbEnc, the pages of the encoding's commonest
// characters, and the AVX2 encoder the portable code's own two-level table
// (page, blocks), all of it. See Decode and Encode for the contract: unlike
// the other kernels of the package, SingleByte converts all it can by
// itself, its kernels and portable code together.
type SingleByte struct {
	dec sbDec
	enc sbEnc
	// utf8 is the UTF-8 form of each high byte, little-endian in the low
	// three bytes with its length in the top one; 0 for an undefined byte.
	utf8 [128]uint32
	// page maps a BMP code point's page (r>>6) to its block in blocks, 0
	// (a block of zeros) when no byte maps into that page; block p maps
	// r&63, at blocks[64p+r&63], to the byte, 0 when none. The AVX2 encoder
	// reads both with 32-bit gathers, which read 3 bytes past an entry:
	// hence 4 bytes more at the end of each.
	page   [1024 + 4]uint8
	blocks []byte
}

// sbDec is what the decoding kernels read, in this layout: the lead byte of
// the UTF-8 form of each high byte (0xFF for an undefined byte, which ends
// the kernel there), its second byte, and its third (0 for two bytes); then,
// for the AVX2 kernel's gathers, the UTF-8 form of every byte in a 32-bit
// word, little-endian, 0x80000000 for an undefined byte (and bit 30 set for
// a high byte that maps to ASCII).
type sbDec struct {
	lead, second, third [128]byte
	word                [256]uint32
}

// sbEnc is what the encoding kernels read, in this layout. A character's
// page is its code point >> 6 and its place in the page r&63, the low six
// bits of its last UTF-8 byte. page2 maps a two-byte character's lead byte
// (its low six bits) to the index of its page in pages; page3 maps a
// three-byte character's second byte (low six bits, plus 64 when its lead
// is leads[1]) to its page, for the leads leads[0] and leads[1] only. 0xFF
// is no page. A page maps r&63 to the byte, 0 for none. Characters outside
// those pages end the AVX-512 and NEON encoders, and the portable code
// converts them.
type sbEnc struct {
	page2 [64]byte
	page3 [128]byte
	// leads holds the two three-byte leads page3 covers, then the number
	// of pairs of pages in use (the AVX-512 kernel looks up two at a time).
	leads [64]byte
	pages [sbMaxPages][64]byte
}

// sbMaxPages bounds the pages the encoding kernels look up; the rest of an
// encoding's characters (none, for most) go through the portable code.
const sbMaxPages = 16

// sbUndefined is the decoding kernels' lead byte of an undefined byte: no
// UTF-8 lead is 0xFF.
const sbUndefined = 0xFF

// NewSingleByte builds the converter of the encoding whose bytes 80-FF are
// high[0]..high[127]; U+FFFD marks a byte the encoding leaves undefined. It
// fails on a value that is not a BMP scalar value, which no single-byte
// encoding has.
func NewSingleByte(high *[128]rune) (*SingleByte, error) {
	t := &SingleByte{}
	type pageUse struct {
		key, n int
	}
	var count [1024]int
	blocks := [][64]byte{{}}
	for b := 0; b < 0x80; b++ {
		t.dec.word[b] = uint32(b)
	}
	for i, r := range high {
		if r < 0 || r > 0xFFFF || (r >= 0xD800 && r <= 0xDFFF) {
			return nil, fmt.Errorf("convkernel: byte %#x maps to %U, not a BMP scalar value", 0x80+i, r)
		}
		if r == utf8.RuneError {
			t.dec.lead[i] = sbUndefined
			t.dec.word[0x80+i] = 0x80000000
			continue
		}
		var b [4]byte
		n := utf8.EncodeRune(b[:], r)
		t.utf8[i] = uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(n)<<24
		t.dec.word[0x80+i] = t.utf8[i] & 0xFFFFFF
		t.dec.lead[i], t.dec.second[i], t.dec.third[i] = b[0], b[1], b[2]
		if n == 1 {
			// Bit 30 sends the AVX2 decoder to its path for any length.
			t.dec.word[0x80+i] |= 0x40000000
			t.dec.second[i], t.dec.third[i] = 0, 0
			continue // ASCII encodes as itself
		}
		// The first byte to map to a character is the one it encodes to,
		// as WHATWG's index lookups take the first pointer.
		p := int(r >> 6)
		if t.page[p] == 0 {
			t.page[p] = uint8(len(blocks))
			blocks = append(blocks, [64]byte{})
		}
		if blk := &blocks[t.page[p]]; blk[r&63] == 0 {
			blk[r&63] = byte(0x80 + i)
			count[p]++
		}
	}

	// The kernels' pages: the three-byte leads with most characters first,
	// two at most, then the pages with most characters, sbMaxPages at most.
	var leadCount [16]int
	for p, n := range count {
		if p >= 0x20 {
			leadCount[p>>6] += n
		}
	}
	leads := []int{}
	for len(leads) < 2 {
		best := -1
		for l, n := range leadCount {
			if n > 0 && (best < 0 || n > leadCount[best]) && !(len(leads) > 0 && leads[0] == l) {
				best = l
			}
		}
		if best < 0 {
			break
		}
		leads = append(leads, best)
	}
	var uses []pageUse
	for p, n := range count {
		if n == 0 {
			continue
		}
		if p >= 0x20 && !(len(leads) > 0 && p>>6 == leads[0]) && !(len(leads) > 1 && p>>6 == leads[1]) {
			continue
		}
		uses = append(uses, pageUse{p, n})
	}
	// Stable selection by count, highest first; ties by page.
	for i := 1; i < len(uses); i++ {
		for j := i; j > 0 && uses[j].n > uses[j-1].n; j-- {
			uses[j], uses[j-1] = uses[j-1], uses[j]
		}
	}
	if len(uses) > sbMaxPages {
		uses = uses[:sbMaxPages]
	}
	e := &t.enc
	for i := range e.page2 {
		e.page2[i] = 0xFF
	}
	for i := range e.page3 {
		e.page3[i] = 0xFF
	}
	// A lead no three-byte character has: E0|leads[k] never equals it.
	e.leads[0], e.leads[1] = 0, 0
	for k, l := range leads {
		e.leads[k] = byte(0xE0 | l)
	}
	e.leads[2] = byte((len(uses) + 1) / 2)
	for _, b := range blocks {
		t.blocks = append(t.blocks, b[:]...)
	}
	t.blocks = append(t.blocks, 0, 0, 0, 0)
	for k, u := range uses {
		e.pages[k] = blocks[t.page[u.key]]
		if u.key < 0x20 {
			e.page2[u.key] = byte(k)
			continue
		}
		off := u.key & 63
		if len(leads) > 1 && u.key>>6 == leads[1] {
			off += 64
		}
		e.page3[off] = byte(k)
	}
	return t, nil
}

// sbStep is how much of the input the portable code converts after a kernel
// stops before it calls the kernel again: enough to get past a character the
// kernel leaves to it without taking over from the kernel for long.
const sbStep = 32

// Decode converts a prefix of src, in t's encoding, to UTF-8 and returns the
// bytes written and read. It converts as far as it can: it stops before an
// undefined byte (src[nSrc] then is one) or where dst has no room for the
// next character, and otherwise reads all of src. It may write scratch into
// dst[nDst:].
func (t *SingleByte) Decode(dst, src []byte) (nDst, nSrc int) {
	for {
		if active.id != portable.Impl.id && len(src)-nSrc >= sbMinLen {
			d, s := archSBDecode(active.id, &t.dec, dst[nDst:], src[nSrc:])
			nDst += d
			nSrc += s
		}
		d, s := t.decodeGo(dst[nDst:], src[nSrc:], sbStep)
		nDst += d
		nSrc += s
		if s == 0 || nSrc == len(src) {
			return nDst, nSrc
		}
	}
}

// Encode converts a prefix of src, UTF-8, to t's encoding and returns the
// bytes written and read. It converts as far as it can: it stops before ill-
// formed or incomplete UTF-8, before a character the encoding lacks, and
// where dst is full, and otherwise reads all of src. It may write scratch
// into dst[nDst:].
func (t *SingleByte) Encode(dst, src []byte) (nDst, nSrc int) {
	for {
		if active.id != portable.Impl.id && len(src)-nSrc >= sbMinLen {
			d, s := archSBEncode(active.id, t, dst[nDst:], src[nSrc:])
			nDst += d
			nSrc += s
		}
		d, s := t.encodeGo(dst[nDst:], src[nSrc:], sbStep)
		nDst += d
		nSrc += s
		if s == 0 || nSrc == len(src) {
			return nDst, nSrc
		}
	}
}

// decodeGo is the portable decoder. Past a kernel it converts about max bytes
// of src, all of it when the kernel could not take the rest, and gives the
// kernel its turn again; without a kernel it converts all it can.
func (t *SingleByte) decodeGo(dst, src []byte, max int) (nDst, nSrc int) {
	if !Enabled() || len(src) < max+sbMinLen {
		max = len(src)
	}
	for nSrc < max {
		b := src[nSrc]
		if b < 0x80 {
			if len(src)-nSrc >= 8 && len(dst)-nDst >= 8 {
				// Eight bytes at once, the ASCII before the first high
				// byte kept (one at least) and the rest scratch.
				w := binary.LittleEndian.Uint64(src[nSrc:])
				binary.LittleEndian.PutUint64(dst[nDst:], w)
				n := bits.TrailingZeros64(w&0x8080808080808080) >> 3
				nSrc += n
				nDst += n
				continue
			}
			if nDst == len(dst) {
				break
			}
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		e := t.utf8[b&0x7F]
		n := int(e >> 24)
		if n == 0 {
			break
		}
		if len(dst)-nDst >= 4 {
			binary.LittleEndian.PutUint32(dst[nDst:], e)
		} else {
			if len(dst)-nDst < n {
				break
			}
			for k := 0; k < n; k++ {
				dst[nDst+k] = byte(e >> (8 * k))
			}
		}
		nDst += n
		nSrc++
	}
	return nDst, nSrc
}

// encodeGo is the portable encoder; max as in decodeGo.
func (t *SingleByte) encodeGo(dst, src []byte, max int) (nDst, nSrc int) {
	if !Enabled() || len(src) < max+sbMinLen {
		max = len(src)
	}
	for nSrc < max && nDst < len(dst) {
		b := src[nSrc]
		if b < 0x80 {
			if len(src)-nSrc >= 8 && len(dst)-nDst >= 8 {
				w := binary.LittleEndian.Uint64(src[nSrc:])
				binary.LittleEndian.PutUint64(dst[nDst:], w)
				n := bits.TrailingZeros64(w&0x8080808080808080) >> 3
				nSrc += n
				nDst += n
				continue
			}
			dst[nDst] = b
			nDst++
			nSrc++
			continue
		}
		r, size := utf8.DecodeRune(src[nSrc:])
		// RuneError is either ill-formed input or U+FFFD itself, which no
		// table maps a byte to; both stop here.
		if r == utf8.RuneError || r > 0xFFFF {
			break
		}
		c := t.blocks[int(t.page[r>>6])<<6|int(r&63)]
		if c == 0 {
			break
		}
		dst[nDst] = c
		nDst++
		nSrc += size
	}
	return nDst, nSrc
}

// Rune returns the character byte b decodes to, U+FFFD for an undefined
// byte: what a caller needs where Decode stops.
func (t *SingleByte) Rune(b byte) rune {
	if b < 0x80 {
		return rune(b)
	}
	e := t.utf8[b&0x7F]
	if e == 0 {
		return utf8.RuneError
	}
	var buf [4]byte
	binary.LittleEndian.PutUint32(buf[:], e)
	r, _ := utf8.DecodeRune(buf[:e>>24])
	return r
}

// Byte returns the byte r encodes to, and false when the encoding lacks r:
// what a caller needs where Encode stops.
func (t *SingleByte) Byte(r rune) (byte, bool) {
	if r >= 0 && r < 0x80 {
		return byte(r), true
	}
	if r < 0 || r > 0xFFFF {
		return 0, false
	}
	c := t.blocks[int(t.page[r>>6])<<6|int(r&63)]
	return c, c != 0
}
