// Package sniff is the one structural judgement of the start of an input:
// byte order marks, UTF-16 and UTF-32 without a mark, and binary data. The
// detect package (Detect, Sniff, NewReader), the utf8x tool's check hint and
// convert's -f auto, and the transcode package's byte-order guess for utf-16
// and utf-32 all ask it, so that they cannot disagree on what the bytes
// alone say.
//
// It sits below both detect and transcode (transcode cannot import detect,
// which imports it). The one judgement that needs more than structure,
// which byte order of UTF-16 text whose NUL bytes do not settle it (CJK
// text, with few ASCII characters) reads better, is made by the function
// SetOrderJudge installs: the detect package installs its language models
// when it is linked into a program; without it, the plausibility scores of
// OrderScore decide.
package sniff

import (
	"bytes"
	"encoding/binary"
	"strings"
	"sync/atomic"

	"github.com/utf8x/utf8x"
)

// Kind says what structure alone makes of the start of an input.
type Kind uint8

const (
	// Text: nothing structural; valid UTF-8 (NUL bytes and other controls
	// included) is UTF-8, anything else is for the statistics.
	Text Kind = iota
	// Marked: a byte order mark of UTF-8, UTF-16 or UTF-32.
	Marked
	// Wide: UTF-16 or UTF-32 without a byte order mark, by where its NUL
	// bytes fall (or its surrogate pairs).
	Wide
	// Binary: not text in any encoding (the magic number of a known
	// format, or NULs and controls that no text pattern explains).
	Binary
)

// Result is the structural verdict on the start of an input.
type Result struct {
	Kind Kind
	// Encoding names the form for Marked and Wide ("utf-16le"), "" else.
	Encoding string
	// MarkLen is the length of the byte order mark, for Marked.
	MarkLen int
	// What says it in a phrase: "a PNG image", "UTF-16LE text without a
	// byte order mark (its NUL bytes fall where UTF-16LE text has them)".
	What string
}

// Sniff judges p, the start of an input, by structure; cut says the input
// goes on beyond p (a character cut by p's end is then not an error).
func Sniff(p []byte, cut bool) Result {
	valid := validPrefix(p, cut)
	if MayBeBOM(p) {
		if i, ok := MarkedIndex(p, cut, valid); ok {
			b := BOMs[i]
			return Result{Kind: Marked, Encoding: b.Name, MarkLen: len(b.Mark),
				What: strings.ToUpper(b.Name) + " text (it starts with the byte order mark " + hexBytes(b.Mark) + ")"}
		}
	}
	return Rest(p, cut, bytes.Count(p, []byte{0}), valid)
}

// Rest is Sniff after the byte order marks, for a p holding nuls NUL bytes
// that is valid UTF-8 (valid) or not.
func Rest(p []byte, cut bool, nuls int, valid bool) Result {
	r := rest(p, cut, nuls, valid)
	if r.Kind == Wide {
		up := strings.ToUpper(r.Encoding)
		r.What = up + " text without a byte order mark (its NUL bytes fall where " + up + " text has them)"
	}
	return r
}

// rest is Rest without the phrase of a Wide verdict, which is the one that
// allocates (Order needs only the verdict).
func rest(p []byte, cut bool, nuls int, valid bool) Result {
	if !valid {
		// Checked before the NUL patterns: an executable's header ("MZ",
		// then NULs) can look like UTF-16.
		if m := Magic(p); m != "" {
			return Result{Kind: Binary, What: m}
		}
	}
	if nuls > 0 {
		if enc, ok := WideForm(p, cut); ok && (!valid || !controlText(p)) && !nulUnits(p, enc) {
			return Result{Kind: Wide, Encoding: enc}
		}
	}
	if valid {
		return Result{}
	}
	if nuls > 0 && nuls*1024 >= len(p) {
		return Result{Kind: Binary, What: "binary data (it holds NUL bytes that no UTF-16 or UTF-32 text explains)"}
	}
	if ctrl := Controls(p); ctrl*20 >= len(p) {
		return Result{Kind: Binary, What: "binary data (one byte in twenty or more is a control code)"}
	}
	return Result{}
}

func hexBytes(s string) string {
	const digits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(digits[s[i]>>4])
		b.WriteByte(digits[s[i]&15])
	}
	return b.String()
}

// nulUnits reports whether p read as UTF-32 (enc "utf-32le" or "utf-32be")
// holds more than a twentieth of U+0000: NULs, not text (UTF-16 readings
// are held to that in WideForm already).
func nulUnits(p []byte, enc string) bool {
	if !strings.HasPrefix(enc, "utf-32") {
		return false
	}
	n, units := 0, len(p)/4
	for i := 0; i+4 <= len(p); i += 4 {
		if p[i]|p[i+1]|p[i+2]|p[i+3] == 0 {
			n++
		}
	}
	return n*20 > units
}

// Magic names the binary format whose signature p starts with ("a PNG
// image"), or returns "". Sniff consults it only for input that is not
// valid UTF-8 (several signatures, "MZ", "BZh", "%PDF-", are ASCII a text
// may start with).
func Magic(p []byte) string {
	for _, m := range magics {
		if bytes.HasPrefix(p, []byte(m.prefix)) {
			return m.what
		}
	}
	return ""
}

// BOM is a byte order mark.
type BOM struct {
	Mark, Name, Iconv string
	Unit              int  // 1, 2 or 4 bytes
	Big               bool // big-endian
}

// BOMs are the byte order marks, longest first where one begins another.
var BOMs = [...]BOM{
	{"\xff\xfe\x00\x00", "utf-32le", "UTF-32", 4, false},
	{"\x00\x00\xfe\xff", "utf-32be", "UTF-32", 4, true},
	{"\xef\xbb\xbf", "utf-8", "UTF-8", 1, false},
	{"\xff\xfe", "utf-16le", "UTF-16", 2, false},
	{"\xfe\xff", "utf-16be", "UTF-16", 2, true},
}

// Mark returns the encoding whose byte order mark p starts with and the
// mark's length, by the bytes alone (FF FE 00 00 is UTF-32LE's), or "" and
// 0. Sniff also checks that the text after a mark is valid in its form.
func Mark(p []byte) (encoding string, n int) {
	for _, b := range BOMs {
		if bytes.HasPrefix(p, []byte(b.Mark)) {
			return b.Name, len(b.Mark)
		}
	}
	return "", 0
}

// MayBeBOM reports whether p starts with a byte that starts a byte order
// mark: the common case, no mark, is decided without walking the marks.
func MayBeBOM(p []byte) bool {
	return len(p) >= 2 && (p[0] == 0xFF || p[0] == 0x00 || p[0] == 0xEF || p[0] == 0xFE)
}

// MarkedIndex recognises a byte order mark followed by text valid in its
// form, returning its index in BOMs. valid says p is known to hold no
// ill-formed UTF-8 but perhaps a sequence cut by its end (it spares
// validating p again).
func MarkedIndex(p []byte, truncated, valid bool) (int, bool) {
	if !MayBeBOM(p) {
		return 0, false
	}
	for i, b := range BOMs {
		if !bytes.HasPrefix(p, []byte(b.Mark)) {
			continue
		}
		rest := p[len(b.Mark):]
		ok := false
		switch b.Unit {
		case 4:
			ok = ValidUTF32(rest, b.Big, truncated)
		case 2:
			ok = ValidUTF16(rest, b.Big, truncated)
		case 1:
			if valid {
				// What FirstInvalid would say: nothing, or a sequence cut
				// by the end, which only a limit excuses.
				ok = completeLen(rest) == len(rest) || truncated
				break
			}
			off, _, kind := utf8x.FirstInvalid(rest)
			ok = off == len(rest) || truncated && kind == utf8x.Truncated && off+3 >= len(rest)
		}
		if !ok {
			// FF FE followed by 00 00 may be UTF-16LE with a NUL: let the
			// next mark try.
			continue
		}
		return i, true
	}
	return 0, false
}

// Unit16 reads the UTF-16 code unit at p[0:2].
func Unit16(p []byte, big bool) uint16 {
	if big {
		return uint16(p[0])<<8 | uint16(p[1])
	}
	return uint16(p[1])<<8 | uint16(p[0])
}

// ValidUTF16 reports whether p is UTF-16 with every surrogate paired (a
// pair or unit cut by the limit is allowed when truncated).
func ValidUTF16(p []byte, big, truncated bool) bool {
	if len(p)%2 != 0 && !truncated {
		return false
	}
	n := len(p) / 2
	mask := surrogateMask(big)
	for i := 0; i < n; i++ {
		if 2*i+8 <= len(p) && noUnitIn(p[2*i:], mask, 0xF8, 0xD8) {
			i += 3 // four units without a surrogate
			continue
		}
		u := Unit16(p[2*i:], big)
		switch {
		case u >= 0xD800 && u < 0xDC00:
			if i+1 == n {
				return truncated
			}
			if v := Unit16(p[2*i+2:], big); v < 0xDC00 || v >= 0xE000 {
				return false
			}
			i++
		case u >= 0xDC00 && u < 0xE000:
			return false
		}
	}
	return true
}

// ValidUTF32 reports whether p is UTF-32 holding only scalar values (a unit
// cut by the limit is allowed when truncated).
func ValidUTF32(p []byte, big, truncated bool) bool {
	if len(p)%4 != 0 && !truncated {
		return false
	}
	for i := 0; i+4 <= len(p); i += 4 {
		var v uint32
		if big {
			v = uint32(p[i])<<24 | uint32(p[i+1])<<16 | uint32(p[i+2])<<8 | uint32(p[i+3])
		} else {
			v = uint32(p[i+3])<<24 | uint32(p[i+2])<<16 | uint32(p[i+1])<<8 | uint32(p[i])
		}
		if v > 0x10FFFF || v >= 0xD800 && v < 0xE000 {
			return false
		}
	}
	return true
}

// OrderJudge chooses between the two byte orders of UTF-16 text that both
// read as text: the cost of p read in the order big selects (lower is
// better), false when it cannot judge that order.
type OrderJudge func(p []byte, big bool) (cost float64, ok bool)

var judge atomic.Pointer[OrderJudge]

// SetOrderJudge installs the judge of byte orders that structure leaves
// open (see the package comment). The detect package installs its
// language models' when it is initialised.
func SetOrderJudge(j OrderJudge) { judge.Store(&j) }

// orderCost is the installed judge, or else the plausibility scores. The
// judge is given a copy of p: a call through a function value would make p
// escape, and with it the buffers of every caller (transcode's conversions
// allocate nothing).
func orderCost(p []byte, big bool) (float64, bool) {
	if j := judge.Load(); j != nil {
		return (*j)(bytes.Clone(p), big)
	}
	return -float64(OrderScore(p, 2, big)) / float64(max(len(p), 1)), true
}

// WideForm recognises UTF-16 and UTF-32 without a byte order mark by their
// NUL bytes: text in them is full of zero high bytes (every ASCII
// character, space and line break), while text in the other encodings holds
// no NUL at all. It returns "utf-16le", "utf-16be", "utf-32le" or
// "utf-32be".
func WideForm(p []byte, truncated bool) (string, bool) {
	zeros := ZeroCounts(p)
	units := len(p) / 4
	switch {
	case units > 0 && zeros[3] == units && ValidUTF32(p, false, truncated):
		return "utf-32le", true
	case units > 0 && zeros[0] == units && ValidUTF32(p, true, truncated):
		return "utf-32be", true
	}
	// UTF-16 shows itself by NULs in the high bytes of an eighth of the
	// units (ASCII characters), or by surrogate pairs. Which byte order: the
	// one whose high bytes hold the NULs, unless both orders read as text
	// and the other reads better (see OrderJudge: CJK text has NULs only in
	// its few ASCII characters, which can sit on either side).
	units = len(p) / 2
	highLE, highBE := zeros[1]+zeros[3], zeros[0]+zeros[2]
	pairsLE, pairsBE := SurrogatePairs(p, false), SurrogatePairs(p, true)
	if highLE*8 < units && highBE*8 < units && pairsLE < 2 && pairsBE < 2 {
		return "", false
	}
	decisive := max(highLE, highBE)*4 >= units && max(highLE, highBE) >= 3*min(highLE, highBE)
	first := highBE > highLE
	var okBuf [2]bool
	ok := okBuf[:0]
	for _, big := range [2]bool{first, !first} {
		if len(ok) == 1 && decisive && !(pairsLE >= 2 && pairsBE == 0 && first) && !(pairsBE >= 2 && pairsLE == 0 && !first) {
			break // the first order is the answer whatever the other reads
		}
		if ValidUTF16(p, big, truncated) && WideText(p, big) {
			ok = append(ok, big)
		}
	}
	if len(ok) == 0 {
		return "", false
	}
	big := ok[0]
	switch {
	case len(ok) < 2:
	case pairsLE >= 2 && pairsBE == 0:
		big = false
	case pairsBE >= 2 && pairsLE == 0:
		big = true
	case !decisive:
		first, firstOK := orderCost(p, ok[0])
		second, secondOK := orderCost(p, ok[1])
		if secondOK && (!firstOK || second < first) {
			big = ok[1]
		}
	}
	if big {
		return "utf-16be", true
	}
	return "utf-16le", true
}

// SurrogatePairs counts the UTF-16 surrogate pairs in p: the bytes D8-DB
// then DC-DF at the high-byte places of two successive units, a pattern
// other text rarely forms and never keeps up.
func SurrogatePairs(p []byte, big bool) int {
	n := 0
	mask := surrogateMask(big)
	for i := 0; i+4 <= len(p); i += 2 {
		if i+16 <= len(p) && noUnitIn(p[i:], mask, 0xFC, 0xD8) && noUnitIn(p[i+8:], mask, 0xFC, 0xD8) {
			i += 14 // eight units, none a high surrogate (half the loop's turns)
			continue
		}
		if i+8 <= len(p) && noUnitIn(p[i:], mask, 0xFC, 0xD8) {
			i += 6 // four units, none a high surrogate, so none starts a pair
			continue
		}
		u, v := Unit16(p[i:], big), Unit16(p[i+2:], big)
		if u >= 0xD800 && u < 0xDC00 && v >= 0xDC00 && v < 0xE000 {
			n++
			i += 2
		}
	}
	return n
}

// WideText reports whether UTF-16 code units read as text: few controls
// (U+0000 included) among them.
func WideText(p []byte, big bool) bool {
	bad, n := 0, len(p)/2
	for i := 0; i < n; i++ {
		u := Unit16(p[2*i:], big)
		bad += int(NotText[u>>6] >> (u & 63) & 1)
	}
	return bad*20 <= n
}

// NotText is the set of UTF-16 units WideText counts against a reading, one
// bit each: a table lookup instead of four comparisons per unit. It holds
// the C0 controls but tab, LF and CR, DEL and the C1 controls, the private
// use area (E000-F8FF, words 380-3E3) and U+FFFE and U+FFFF. Written out,
// so that it is data in the binary, read only by the programs that look at
// UTF-16: built at start, it cost every program importing the detector
// its instructions, a stack of 8 KiB for the value and the pages it was
// written to (TestNotText builds it from the ranges and compares).
var NotText = [1 << 16 / 64]uint64{
	0x000: 0xFFFFFFFF &^ (1<<'\t' | 1<<'\n' | 1<<'\r'), // C0 but tab, LF, CR
	0x001: 1 << (0x7F - 64),                            // DEL
	0x002: 0xFFFFFFFF,                                  // C1
	0x380: ^uint64(0), 0x381: ^uint64(0), 0x382: ^uint64(0), 0x383: ^uint64(0),
	0x384: ^uint64(0), 0x385: ^uint64(0), 0x386: ^uint64(0), 0x387: ^uint64(0),
	0x388: ^uint64(0), 0x389: ^uint64(0), 0x38A: ^uint64(0), 0x38B: ^uint64(0),
	0x38C: ^uint64(0), 0x38D: ^uint64(0), 0x38E: ^uint64(0), 0x38F: ^uint64(0),
	0x390: ^uint64(0), 0x391: ^uint64(0), 0x392: ^uint64(0), 0x393: ^uint64(0),
	0x394: ^uint64(0), 0x395: ^uint64(0), 0x396: ^uint64(0), 0x397: ^uint64(0),
	0x398: ^uint64(0), 0x399: ^uint64(0), 0x39A: ^uint64(0), 0x39B: ^uint64(0),
	0x39C: ^uint64(0), 0x39D: ^uint64(0), 0x39E: ^uint64(0), 0x39F: ^uint64(0),
	0x3A0: ^uint64(0), 0x3A1: ^uint64(0), 0x3A2: ^uint64(0), 0x3A3: ^uint64(0),
	0x3A4: ^uint64(0), 0x3A5: ^uint64(0), 0x3A6: ^uint64(0), 0x3A7: ^uint64(0),
	0x3A8: ^uint64(0), 0x3A9: ^uint64(0), 0x3AA: ^uint64(0), 0x3AB: ^uint64(0),
	0x3AC: ^uint64(0), 0x3AD: ^uint64(0), 0x3AE: ^uint64(0), 0x3AF: ^uint64(0),
	0x3B0: ^uint64(0), 0x3B1: ^uint64(0), 0x3B2: ^uint64(0), 0x3B3: ^uint64(0),
	0x3B4: ^uint64(0), 0x3B5: ^uint64(0), 0x3B6: ^uint64(0), 0x3B7: ^uint64(0),
	0x3B8: ^uint64(0), 0x3B9: ^uint64(0), 0x3BA: ^uint64(0), 0x3BB: ^uint64(0),
	0x3BC: ^uint64(0), 0x3BD: ^uint64(0), 0x3BE: ^uint64(0), 0x3BF: ^uint64(0),
	0x3C0: ^uint64(0), 0x3C1: ^uint64(0), 0x3C2: ^uint64(0), 0x3C3: ^uint64(0),
	0x3C4: ^uint64(0), 0x3C5: ^uint64(0), 0x3C6: ^uint64(0), 0x3C7: ^uint64(0),
	0x3C8: ^uint64(0), 0x3C9: ^uint64(0), 0x3CA: ^uint64(0), 0x3CB: ^uint64(0),
	0x3CC: ^uint64(0), 0x3CD: ^uint64(0), 0x3CE: ^uint64(0), 0x3CF: ^uint64(0),
	0x3D0: ^uint64(0), 0x3D1: ^uint64(0), 0x3D2: ^uint64(0), 0x3D3: ^uint64(0),
	0x3D4: ^uint64(0), 0x3D5: ^uint64(0), 0x3D6: ^uint64(0), 0x3D7: ^uint64(0),
	0x3D8: ^uint64(0), 0x3D9: ^uint64(0), 0x3DA: ^uint64(0), 0x3DB: ^uint64(0),
	0x3DC: ^uint64(0), 0x3DD: ^uint64(0), 0x3DE: ^uint64(0), 0x3DF: ^uint64(0),
	0x3E0: ^uint64(0), 0x3E1: ^uint64(0), 0x3E2: ^uint64(0), 0x3E3: ^uint64(0),
	0x3FF: 3 << 62, // U+FFFE, U+FFFF
}

// validPrefix reports whether p is valid UTF-8, a sequence cut by its end
// allowed when cut.
func validPrefix(p []byte, cut bool) bool {
	off, _, kind := utf8x.FirstInvalid(p)
	return off == len(p) || cut && kind == utf8x.Truncated && off+3 >= len(p) && completeLen(p) == off
}

// completeLen returns the length of q without a UTF-8 sequence its end cuts
// short (by the lead bytes: whether the sequence is well formed is not
// looked at).
func completeLen(q []byte) int {
	for i := len(q) - 1; i >= 0 && i >= len(q)-3; i-- {
		if q[i] >= 0xC0 {
			n := 2
			if q[i] >= 0xF0 {
				n = 4
			} else if q[i] >= 0xE0 {
				n = 3
			}
			if len(q)-i < n {
				return i
			}
			break
		}
		if q[i] < 0x80 {
			break
		}
	}
	return len(q)
}

// controlText reports whether p read as UTF-8 is text despite its NULs:
// fewer than a tenth of its bytes are controls (NUL included). UTF-16 text
// in one alphabet read as UTF-8 has a control or NUL in every other byte;
// a stray NUL in UTF-8 ("hello\0world") is not UTF-16.
func controlText(p []byte) bool {
	return (Controls(p)+bytes.Count(p, []byte{0}))*10 < len(p)
}

// Controls counts the C0 controls of p other than NUL and those text
// holds (tab, LF, VT, FF, CR, ESC, and SUB, the old end-of-file mark), and
// DEL.
func Controls(p []byte) int {
	n := 0
	// Eight bytes at a time skip words with no byte below 20 and no DEL
	// (most of a text's): a byte at a time, this loop was a fortieth of
	// what detecting a small legacy file cost.
	for len(p) >= 8 {
		x := binary.LittleEndian.Uint64(p)
		if zeroBytes(x&(lows*0xE0))|zeroBytes(x^(lows*0x7F)) != 0 {
			for _, b := range p[:8] {
				n += int(controlByte[b])
			}
		}
		p = p[8:]
	}
	for _, b := range p {
		n += int(controlByte[b])
	}
	return n
}

// controlByte marks the bytes Controls counts (written out, as NotText is;
// TestControlByte checks it against its definition).
var controlByte = [256]uint8{
	0x01: 1, 0x02: 1, 0x03: 1, 0x04: 1, 0x05: 1, 0x06: 1, 0x07: 1, 0x08: 1,
	0x0E: 1, 0x0F: 1, 0x10: 1, 0x11: 1, 0x12: 1, 0x13: 1, 0x14: 1, 0x15: 1,
	0x16: 1, 0x17: 1, 0x18: 1, 0x19: 1, 0x1C: 1, 0x1D: 1, 0x1E: 1, 0x1F: 1,
	0x7F: 1,
}

// magics are the signatures of binary formats people feed to text tools.
var magics = []struct {
	prefix, what string
}{
	{"\x7fELF", "an ELF executable or object file"},
	{"MZ", "a Windows executable (PE/MZ)"},
	{"\xFE\xED\xFA\xCE", "a Mach-O executable"},
	{"\xFE\xED\xFA\xCF", "a Mach-O executable"},
	{"\xCE\xFA\xED\xFE", "a Mach-O executable"},
	{"\xCF\xFA\xED\xFE", "a Mach-O executable"},
	{"\xCA\xFE\xBA\xBE", "a Mach-O universal binary or Java class file"},
	{"PK\x03\x04", "a zip archive (or a format built on zip: docx, xlsx, jar, apk...)"},
	{"\x89PNG\r\n\x1a\n", "a PNG image"},
	{"\x1f\x8b", "gzip-compressed data"},
	{"%PDF-", "a PDF document"},
	{"\xFF\xD8\xFF", "a JPEG image"},
	{"GIF87a", "a GIF image"},
	{"GIF89a", "a GIF image"},
	{"\x28\xB5\x2F\xFD", "zstd-compressed data"},
	{"BZh", "bzip2-compressed data"},
	{"\xFD7zXZ\x00", "xz-compressed data"},
	{"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"},
	{"\x00asm", "a WebAssembly module"},
	{"SQLite format 3\x00", "an SQLite database"},
	{"RIFF", "a RIFF container (WAV, AVI, WebP)"},
	{"OggS", "an Ogg stream"},
	{"fLaC", "a FLAC audio file"},
	{"ID3", "an MP3 file"},
	{"\x00\x00\x01\x00", "a Windows icon"},
}
