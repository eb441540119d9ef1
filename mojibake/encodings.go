package mojibake

import (
	"github.com/utf8x/utf8x/mojibake/internal/pairs"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/internal/cp1252"
)

// Codepage is a legacy single-byte encoding that UTF-8 can be misread as.
// (transcode.Encoding converts text between encodings; a Codepage only names
// a misreading the fixer undoes.)
type Codepage uint8

// Encoding is Codepage's former name.
//
// Deprecated: use Codepage; this package's Encoding read as a third type
// beside transcode.Encoding and x/text's encoding.Encoding.
type Encoding = Codepage

// The encodings the fixer knows, in the order it prefers them when several
// undo a stretch equally well: the commonest misreadings first.
const (
	Windows1252 Codepage = iota // Windows-1252, with WHATWG's C1 controls for its five unassigned bytes
	ISO8859_1                   // ISO-8859-1 (Latin-1)
	Windows1250                 // Windows-1250 (Central European)
	Windows1251                 // Windows-1251 (Cyrillic)
	Windows1253                 // Windows-1253 (Greek)
	Windows1254                 // Windows-1254 (Turkish)
	Windows1257                 // Windows-1257 (Baltic)
	Macintosh                   // Mac OS Roman
	IBM437                      // IBM code page 437 (the original PC)
	KOI8R                       // KOI8-R (Russian)
	numEncodings
)

var encodingNames = [numEncodings]string{
	"windows-1252", "iso-8859-1", "windows-1250", "windows-1251", "windows-1253",
	"windows-1254", "windows-1257", "macintosh", "ibm437", "koi8-r",
}

// String returns the codepage's WHATWG/IANA label, such as "windows-1252".
func (e Codepage) String() string {
	if e < numEncodings {
		return encodingNames[e]
	}
	return "unknown"
}

// ParseCodepage returns the codepage named name: its label (String), or a
// common alias such as "latin-1", "cp1252", "mac-roman" or "cp437", in any
// case.
func ParseCodepage(name string) (Codepage, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for e := Codepage(0); e < numEncodings; e++ {
		if n == encodingNames[e] {
			return e, true
		}
	}
	switch n {
	case "cp1252", "windows1252":
		return Windows1252, true
	case "latin-1", "latin1", "iso8859-1", "iso_8859-1", "l1":
		return ISO8859_1, true
	case "cp1250", "windows1250":
		return Windows1250, true
	case "cp1251", "windows1251":
		return Windows1251, true
	case "cp1253", "windows1253":
		return Windows1253, true
	case "cp1254", "windows1254":
		return Windows1254, true
	case "cp1257", "windows1257":
		return Windows1257, true
	case "mac-roman", "macroman", "mac", "x-mac-roman":
		return Macintosh, true
	case "cp437", "ibm-437", "437":
		return IBM437, true
	case "koi8r":
		return KOI8R, true
	}
	return 0, false
}

// ParseEncoding is ParseCodepage.
//
// Deprecated: use ParseCodepage.
func ParseEncoding(name string) (Codepage, bool) { return ParseCodepage(name) }

// Encodings is Codepages.
//
// Deprecated: use Codepages.
func Encodings() []Codepage { return Codepages() }

// Codepages returns every codepage the fixer undoes, in its order of
// preference.
func Codepages() []Codepage {
	es := make([]Codepage, numEncodings)
	for i := range es {
		es[i] = Codepage(i)
	}
	return es
}

// table is one encoding's byte <-> character mapping over the bytes 80-FF
// (00-7F are ASCII in all of them).
type table struct {
	dec       [128]rune // rune for byte 0x80+i; -1 where the byte is unassigned
	enc       map[rune]byte
	undefined []byte // continuation bytes (80-BF) a strict decoder has no character for
}

var tables [numEncodings]*table

// Masks over encodings, one bit per Codepage: which encodings turn a rune into
// a UTF-8 lead byte (C2-F4) and which into a continuation byte (80-BF).
// lowMasks covers U+0080..maskDense-1 densely; the rare others live in highMasks.
const maskDense = 0x2600

type masks struct{ lead, cont uint16 }

var (
	lowMasks  [maskDense]masks
	highMasks = map[rune]masks{}
	// encLow[e][r] is encoding e's byte for rune r < maskDense (0 when none).
	encLow [numEncodings][maskDense]byte
	// mayMatter[b] says whether a UTF-8 sequence starting with byte b can be a
	// character some encoding maps a byte 80-FF to; the pre-scan skips the rest.
	mayMatter [256]bool
	// mayMatter3 is mayMatter for three-byte sequences, by the low bits of
	// their first two bytes: most of them (CJK, Indic, ...) never matter.
	mayMatter3 [16 << 6]bool
)

// initEncodings builds each encoding's tables and the pre-scan's byte masks
// (see buildTables).
// buildTables builds every table the fixer reads, once, on first use. They
// take about a millisecond, which a program that imports the package without
// fixing anything (the utf8x tool checking a file) should not pay at start.
// Every entry point that reads a table (Fix, Transformer.Transform) calls it.
var buildTables = sync.OnceFunc(func() {
	pairFP = pairs.NewFalsePositives(pairFPTable)
	initEncodings() // (classify's telltaleFlags reads cp1252Byte)
	initBadness()
	initHighRange()
	initLowMasks2()
	for e := Codepage(0); e < numEncodings; e++ {
		if decodeIn(e, 0xA0) == 0xA0 {
			nbspMask |= 1 << e
		}
		if len(tables[e].undefined) > 0 {
			fffdMask |= 1 << e
		}
		for b0 := byte(0xC2); b0 < 0xF0; b0++ {
			loneRunes[e][b0-0xC2] = loneRune(b0, loneFill(e))
		}
	}
	strayMask = 1 << Windows1252
	for r := rune(0x80); r < 0x800; r++ {
		if b, ok := encodeIn(Windows1252, r); ok && b >= 0xC2 && b < 0xE0 && infoOf(r).upper {
			strayCapital[r>>6] |= 1 << (r & 63)
		}
	}
})

// strayCapital holds the capitals (below U+0800) that are a two-byte lead
// in Windows-1252: what the pre-scan asks of a lead alone inside a word
// (see strayLead) at every small letter after an accented one.
var strayCapital [0x800 / 64]uint64

// nbspMask holds the encodings that read A0 as a no-break space, which may
// have become a space; fffdMask those with bytes a strict decoder reads as
// U+FFFD. A lead followed by either may start a misread character in them.
var nbspMask, fffdMask uint16

// strayMask holds the encodings whose misread text may hold a lead alone
// in a word, its continuation byte lost (see strayAt): Windows-1252, whose
// five unassigned bytes strict decoders drop, the commonest misreading.
// Others would read the same capital each with their own lost bytes, and
// the repair would be a guess among them.
var strayMask uint16

func initEncodings() {
	maps := [numEncodings]*charmap.Charmap{
		charmap.Windows1252, charmap.ISO8859_1, charmap.Windows1250, charmap.Windows1251,
		charmap.Windows1253, charmap.Windows1254, charmap.Windows1257, charmap.Macintosh,
		charmap.CodePage437, charmap.KOI8R,
	}
	for e, m := range maps {
		t := &table{enc: make(map[rune]byte, 128)}
		for i := range 128 {
			b := byte(0x80 + i)
			r := m.DecodeByte(b)
			switch {
			case Codepage(e) == Windows1252:
				r = cp1252.Decode(b) // WHATWG: 81 8D 8F 90 9D are the C1 controls
			case r == 0xFFFD && b < 0xA0 && Codepage(e) != Macintosh && Codepage(e) != IBM437 && Codepage(e) != KOI8R:
				// WHATWG reads the unassigned 80-9F of the windows-125x family as C1 controls too.
				r = rune(b)
			}
			if r == 0xFFFD {
				r = -1
				if b < 0xC0 {
					t.undefined = append(t.undefined, b)
				}
			} else {
				t.enc[r] = b
			}
			t.dec[i] = r
		}
		// The five bytes Windows-1252 leaves unassigned are lost by strict decoders
		// (Python's, x/text's) even though WHATWG keeps them as C1 controls.
		if Codepage(e) == Windows1252 {
			t.undefined = []byte{0x81, 0x8D, 0x8F, 0x90, 0x9D}
		}
		tables[e] = t
		bit := uint16(1) << e
		for r, b := range t.enc {
			var mk masks
			if r < maskDense {
				mk = lowMasks[r]
				encLow[e][r] = b
			} else {
				mk = highMasks[r]
			}
			switch {
			case b >= 0x80 && b < 0xC0:
				mk.cont |= bit
			case b >= 0xC2 && b <= 0xF4:
				mk.lead |= bit
			}
			if r < maskDense {
				lowMasks[r] = mk
			} else {
				highMasks[r] = mk
			}
			var buf [utf8.UTFMax]byte
			if utf8.EncodeRune(buf[:], r) == 3 {
				mayMatter3[int(buf[0]&0x0F)<<6|int(buf[1]&0x3F)] = true
			}
			mayMatter[buf[0]] = true
		}
		if len(t.undefined) > 0 {
			mk := highMasks[0xFFFD]
			mk.cont |= bit
			highMasks[0xFFFD] = mk
			mayMatter[0xEF] = true
			mayMatter3[0xF<<6|0x3F] = true // EF BF: U+FFFD
		}
	}
}

// initHighRange bounds the characters highMasks holds, once it is built.
func initHighRange() {
	highMin, highMax = utf8.MaxRune+1, 0
	for r := range highMasks {
		highMin, highMax = min(highMin, r), max(highMax, r)
	}
}

// maskOf returns which encodings make r a lead and a continuation byte.
func maskOf(r rune) masks {
	if r < maskDense {
		if r < 0x80 {
			return masks{}
		}
		return lowMasks[r]
	}
	if r < highMin {
		return masks{} // CJK, Hangul, ...: below every character highMasks holds
	}
	return highMasks[r]
}

// maskOfDecoded is maskOf for the decoded text rounds after the first look
// at (and decodeWindow): it answers above highMax (emoji, which text
// misread whole decodes to in numbers) without the map. The pre-scan keeps
// maskOf, a compare shorter, which its loop over clean text feels.
func maskOfDecoded(r rune) masks {
	if r > highMax {
		return masks{}
	}
	return maskOf(r)
}

// highMin and highMax are the smallest and largest characters highMasks
// holds (U+F8FF, the Apple logo, and U+FFFD).
var highMin, highMax rune

// encodeIn returns encoding e's byte for r, and false when e has none.
func encodeIn(e Codepage, r rune) (byte, bool) {
	if r < 0x80 {
		return byte(r), r >= 0
	}
	if r < maskDense {
		b := encLow[e][r]
		return b, b != 0
	}
	b, ok := tables[e].enc[r]
	return b, ok
}

// decodeIn returns encoding e's character for byte b, or -1 when b is unassigned.
func decodeIn(e Codepage, b byte) rune {
	if b < 0x80 {
		return rune(b)
	}
	return tables[e].dec[b-0x80]
}
