// Package model holds the detector's encodings, its per-language character
// models and the scoring of decoded text against them. The tables are
// generated (see ../gen); this package only reads them, so the generator can
// build a Model in memory, calibrate it, and then write it out.
package model

import (
	"fmt"
	"math/bits"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// Encoding is one legacy encoding the statistics can choose.
type Encoding struct {
	Name  string            // WHATWG-style name, lower case: "windows-1251"
	Iconv string            // a label glibc iconv accepts: "WINDOWS-1251"
	Enc   encoding.Encoding // the decoder (golang.org/x/text)
	Langs []string          // the language tags whose text it commonly carries
	// Prior is the cost in quarter-bits of choosing this encoding over the
	// most common one of its script, so that when two encodings read a text
	// equally well the one people actually use wins (not fitted to any data:
	// a fixed judgement, documented here).
	Prior int
	// Table maps each byte to its rune for single-byte encodings; 0xFFFD for
	// bytes the encoding leaves undefined. Nil for multi-byte encodings.
	// Every rune of a single-byte encoding is in the BMP: 16 bits hold it,
	// and the generated tables are read in place (byteTables).
	Table *[256]uint16
	// lowASCII says Table maps the bytes 00-7F to themselves.
	lowASCII bool
	// decoders holds decoders of Enc for reuse (see decode): transcode's
	// cost about 10 µs and 9 KiB each to make.
	decoders sync.Pool
}

// decode decodes p with e.Enc through a decoder used before when there is
// one (Decoder.Bytes resets it first).
func (e *Encoding) decode(p []byte) ([]byte, error) {
	d, _ := e.decoders.Get().(*encoding.Decoder)
	if d == nil {
		d = e.Enc.NewDecoder()
	}
	out, err := d.Bytes(p)
	e.decoders.Put(d)
	return out, err
}

// decodeRoom is the room of a buffer of decodeBufs for a text of n bytes
// (or for the decoding of one): 3n+16 bytes, what decodeTo needs, rounded
// up to a power of two, and at least 16 KiB, what a 4 KiB window's texts
// need. Every use of the buffers (the joined pieces, their decoding,
// decodeJoined's chunks and output) sizes them so: the readings of a
// 4 KiB Russian text decode texts of 460 to 2,700 bytes, and the buffers
// were made again and again as they grew, in size classes of their own
// (pages new to the process); now a few buffers serve every use. (Only
// the pages written are touched.)
func decodeRoom(n int) int { return 1 << bits.Len(uint(max(3*n+15, 16<<10-1))) }

// decodeBufs holds the buffers decodeTo decodes into, between windows.
var decodeBufs = sync.Pool{New: func() any { return new([]byte) }}

// decodeTo is decode into *buf (grown as needed, and kept grown): the
// text is read and dropped before the buffer's next use. Decoder.Bytes
// allocated a buffer the size of p for every reading of every window,
// and grew it again and again (1 byte becomes up to 3 of UTF-8).
func (e *Encoding) decodeTo(buf *[]byte, p []byte) ([]byte, error) {
	d, _ := e.decoders.Get().(*encoding.Decoder)
	if d == nil {
		d = e.Enc.NewDecoder()
	}
	defer e.decoders.Put(d)
	d.Reset()
	if need := decodeRoom(len(p)); cap(*buf) < need {
		*buf = make([]byte, need)
	}
	dst := (*buf)[:cap(*buf)]
	pDst, pSrc := 0, 0
	for {
		nDst, nSrc, err := d.Transform(dst[pDst:], p[pSrc:], true)
		pDst += nDst
		pSrc += nSrc
		if err != transform.ErrShortDst {
			if err != nil {
				return nil, err
			}
			return dst[:pDst], nil
		}
		if nDst == 0 {
			grown := make([]byte, 2*len(dst)+64)
			copy(grown, dst[:pDst])
			dst = grown
			*buf = grown
		}
	}
}

// Single-byte language groups.
var (
	western  = []string{"en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "ca"}
	central  = []string{"cs", "pl", "hu", "sk", "sl", "hr", "ro"}
	cyrillic = []string{"ru", "uk", "bg", "sr", "mk", "be"}
	baltic   = []string{"lt", "lv", "et"}
	// westernIs is western and Icelandic, whose ð, þ and ý the ISO Latin-1
	// family and Windows-1252 hold (Mac OS Roman does not: Mac OS wrote
	// Icelandic in a code page of its own); westernEtIs adds Estonian,
	// whose š and ž are in Windows-1252 and ISO-8859-15. Written out: an
	// append here was a heap object (and a size class of its own) at
	// every start. TestWesternLists holds them to western.
	westernIs   = []string{"en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "ca", "is"}
	westernEtIs = []string{"en", "fr", "de", "es", "it", "pt", "nl", "sv", "da", "no", "fi", "ca", "et", "is"}
)

// Encodings lists every legacy encoding, most common of each script first.
//
// The Mac OS and DOS code pages, ISO-8859-3, -4, -5 and -10, VISCII, EUC-TW
// and Johab carry twice the priors they had until 2026-12-02 (5 to 7 bits
// for the Mac and DOS Latin pages): files in them are rare today, and a
// Go or Python source file with a middle dot or a 'spœm' among its ASCII,
// read as a Mac or DOS letter, was a confident wrong answer on real files
// (real re-encoded set: wrong at >= 0.9 37 -> 29 of about 900; 16-byte
// held-out samples, spread evenly over the encodings, 95.7% -> 95.1% right).
var Encodings = []*Encoding{
	// Estonian's š and ž are in Windows-1252 and ISO-8859-15 (not in
	// ISO-8859-1), which carried it beside Windows-1257.
	{Name: "windows-1252", Iconv: "WINDOWS-1252", Enc: charmap.Windows1252, Langs: westernEtIs},
	{Name: "iso-8859-1", Iconv: "ISO-8859-1", Enc: charmap.ISO8859_1, Langs: westernIs, Prior: 1},
	{Name: "iso-8859-15", Iconv: "ISO-8859-15", Enc: charmap.ISO8859_15, Langs: westernEtIs, Prior: 4},
	{Name: "macintosh", Iconv: "MACINTOSH", Enc: charmap.Macintosh, Langs: western, Prior: 24},
	{Name: "iso-8859-10", Iconv: "ISO-8859-10", Enc: charmap.ISO8859_10, Langs: []string{"fi", "sv", "da", "no", "is"}, Prior: 24},
	// ISO-8859-16 reads Romanian's ș and ț where Windows-1250 and
	// ISO-8859-2 read ş and ţ from the same bytes, and nothing in the bytes
	// tells which was meant: the models fold the two forms alike, and
	// readings that differ only in them are one answer (see sameReading).
	// Standing first, with Romanian its only language, it names that answer
	// for Romanian text, as today's orthography writes the comma forms;
	// Windows-1250 names it for the other languages.
	{Name: "iso-8859-16", Iconv: "ISO-8859-16", Enc: charmap.ISO8859_16, Langs: []string{"ro"}},
	{Name: "windows-1250", Iconv: "WINDOWS-1250", Enc: charmap.Windows1250, Langs: central},
	{Name: "iso-8859-2", Iconv: "ISO-8859-2", Enc: charmap.ISO8859_2, Langs: central, Prior: 2},
	{Name: "ibm852", Iconv: "IBM852", Enc: charmap.CodePage852, Langs: central, Prior: 20},
	// Mac OS Central European: the Latin-script languages of central Europe
	// and the Baltic (not Croatian, Slovenian or Romanian, which had their
	// own Mac code pages).
	{Name: "mac-centraleurope", Iconv: "MAC-CENTRALEUROPE", Enc: replacing("mac-centraleurope"), Langs: []string{"cs", "pl", "hu", "sk", "lt", "lv", "et"}, Prior: 28},
	{Name: "windows-1251", Iconv: "WINDOWS-1251", Enc: charmap.Windows1251, Langs: cyrillic},
	{Name: "koi8-r", Iconv: "KOI8-R", Enc: charmap.KOI8R, Langs: cyrillic, Prior: 2},
	{Name: "koi8-u", Iconv: "KOI8-U", Enc: charmap.KOI8U, Langs: cyrillic, Prior: 4},
	{Name: "ibm866", Iconv: "IBM866", Enc: charmap.CodePage866, Langs: cyrillic, Prior: 12},
	{Name: "iso-8859-5", Iconv: "ISO-8859-5", Enc: charmap.ISO8859_5, Langs: cyrillic, Prior: 16},
	{Name: "x-mac-cyrillic", Iconv: "MAC-CYRILLIC", Enc: charmap.MacintoshCyrillic, Langs: cyrillic, Prior: 16},
	{Name: "ibm855", Iconv: "IBM855", Enc: charmap.CodePage855, Langs: cyrillic, Prior: 24},
	{Name: "windows-1253", Iconv: "WINDOWS-1253", Enc: charmap.Windows1253, Langs: []string{"el"}},
	{Name: "iso-8859-7", Iconv: "ISO-8859-7", Enc: charmap.ISO8859_7, Langs: []string{"el"}, Prior: 2},
	{Name: "windows-1254", Iconv: "WINDOWS-1254", Enc: charmap.Windows1254, Langs: []string{"tr"}},
	{Name: "iso-8859-9", Iconv: "ISO-8859-9", Enc: charmap.ISO8859_9, Langs: []string{"tr"}, Prior: 2},
	// ISO-8859-3 carried Esperanto and Maltese (no other encoding here
	// holds their ĉ ĝ ĥ ĵ ŝ ŭ or ċ ġ ħ ż), and Turkish before ISO-8859-9.
	// Maltese has no model: the training catalogs hold about 10 KB of it,
	// under the generator's floor.
	{Name: "iso-8859-3", Iconv: "ISO-8859-3", Enc: charmap.ISO8859_3, Langs: []string{"eo", "tr"}, Prior: 24},
	{Name: "windows-1255", Iconv: "WINDOWS-1255", Enc: charmap.Windows1255, Langs: []string{"he"}},
	{Name: "iso-8859-8", Iconv: "ISO-8859-8", Enc: charmap.ISO8859_8, Langs: []string{"he"}, Prior: 2},
	{Name: "windows-1256", Iconv: "WINDOWS-1256", Enc: charmap.Windows1256, Langs: []string{"ar", "fa"}},
	{Name: "iso-8859-6", Iconv: "ISO-8859-6", Enc: charmap.ISO8859_6, Langs: []string{"ar"}, Prior: 4},
	{Name: "windows-1257", Iconv: "WINDOWS-1257", Enc: charmap.Windows1257, Langs: baltic},
	{Name: "iso-8859-13", Iconv: "ISO-8859-13", Enc: charmap.ISO8859_13, Langs: baltic, Prior: 2},
	{Name: "iso-8859-4", Iconv: "ISO-8859-4", Enc: charmap.ISO8859_4, Langs: baltic, Prior: 8},
	{Name: "windows-1258", Iconv: "WINDOWS-1258", Enc: charmap.Windows1258, Langs: []string{"vi"}},
	// VISCII (RFC 1456) puts six capitals with hooks and tildes on C0
	// control bytes: the scores read only its bytes above 7F.
	{Name: "viscii", Iconv: "VISCII", Enc: replacing("viscii"), Langs: []string{"vi"}, Prior: 16},
	{Name: "windows-874", Iconv: "WINDOWS-874", Enc: charmap.Windows874, Langs: []string{"th"}},
	{Name: "shift_jis", Iconv: "CP932", Enc: japanese.ShiftJIS, Langs: []string{"ja"}},
	{Name: "euc-jp", Iconv: "EUC-JP", Enc: japanese.EUCJP, Langs: []string{"ja"}},
	{Name: "gb18030", Iconv: "GB18030", Enc: simplifiedchinese.GB18030, Langs: []string{"zh-hans"}},
	{Name: "big5", Iconv: "BIG5", Enc: traditionalchinese.Big5, Langs: []string{"zh-hant"}},
	// EUC-TW: CNS 11643, Taiwan's Unix encoding.
	{Name: "euc-tw", Iconv: "EUC-TW", Enc: replacing("euc-tw"), Langs: []string{"zh-hant"}, Prior: 20},
	{Name: "euc-kr", Iconv: "EUC-KR", Enc: korean.EUCKR, Langs: []string{"ko"}},
	// Johab (KS X 1001:1992 annex 3) spells every modern Hangul syllable
	// by its letters; it was the other Korean encoding of DOS and early
	// Windows.
	{Name: "johab", Iconv: "JOHAB", Enc: replacing("johab"), Langs: []string{"ko"}, Prior: 24},
}

// ISO2022JP is recognised by its escape sequences, not by statistics.
var ISO2022JP = &Encoding{Name: "iso-2022-jp", Iconv: "ISO-2022-JP", Enc: japanese.ISO2022JP, Langs: []string{"ja"}}

// HZGB2312 (RFC 1843) is recognised by its "~{" and "~}" escapes. The
// WHATWG Encoding Standard maps its label to the replacement encoding (it
// is not for the web); here it names what such a file is.
var HZGB2312 = &Encoding{Name: "hz-gb-2312", Iconv: "HZ", Enc: simplifiedchinese.HZGB2312, Langs: []string{"zh-hans"}}

// replacing returns transcode's encoding called label, its decoder writing
// U+FFFD for each ill-formed unit as x/text's do (the scores count them).
// The lookup waits for the first use: building transcode's registry cost
// every program that imports the detector about 0.7 million instructions
// at start, and only decoding text with the encoding needs it (its byte
// table is generated, see ByteTableData).
func replacing(label string) encoding.Encoding { return &lazyEncoding{label: label} }

// lazyEncoding is transcode's encoding called label, looked up on first use.
type lazyEncoding struct {
	label string
	once  sync.Once
	enc   encoding.Encoding
}

func (l *lazyEncoding) get() encoding.Encoding {
	l.once.Do(func() {
		e, err := transcode.Lookup(l.label)
		if err != nil {
			panic(err)
		}
		l.enc = e.WithPolicy(utf8x.Replace)
	})
	return l.enc
}

func (l *lazyEncoding) NewDecoder() *encoding.Decoder { return l.get().NewDecoder() }
func (l *lazyEncoding) NewEncoder() *encoding.Encoder { return l.get().NewEncoder() }

// Unwrap returns the encoding e stands for: e itself, or the transcode
// encoding behind a lookup deferred to its first use.
func Unwrap(e encoding.Encoding) encoding.Encoding {
	if l, ok := e.(*lazyEncoding); ok {
		return l.get()
	}
	return e
}

// ComputeTable computes e's Table from its decoder: each byte's rune,
// U+FFFD for the bytes it leaves undefined; nil for a multi-byte encoding.
// The generator writes what it computes (ByteTableData), which init reads.
func ComputeTable(e *Encoding) *[256]rune {
	t := new([256]rune)
	switch c := Unwrap(e.Enc).(type) {
	case *charmap.Charmap:
		for b := range t {
			t[b] = c.DecodeByte(byte(b))
		}
	case transcode.Encoding:
		if !c.IsSingleByte() {
			return nil
		}
		for b := range t {
			out, _ := c.NewDecoder().Bytes([]byte{byte(b)})
			t[b], _ = utf8.DecodeRune(out) // U+FFFD when undefined
		}
	default:
		return nil
	}
	return t
}

// ByteTableData is what the generator writes for each of Encodings: its
// name, and the index of its Table in byteTables (-1 for a multi-byte
// encoding), which maps the bytes 00-7F to themselves when LowASCII.
type ByteTableData struct {
	Name     string
	Index    int
	LowASCII bool
}

// The tables are generated (byteTableData, one for each of Encodings in
// order, and byteTables, see ComputeTable) in the form Table points to:
// reading them from the decoders at start cost every program that imports
// the detector 0.1 to 3 million instructions (transcode's decoders build
// kernel tables on first use), and copying them into the heap 33 KB and
// some 30,000 instructions. When the generated list does not match
// Encodings (an encoding added since the tables were generated) they are
// computed.
func init() {
	generated := len(byteTableData) == len(Encodings)
	for i, e := range Encodings {
		generated = generated && byteTableData[i].Name == e.Name
	}
	for i, e := range Encodings {
		if !generated {
			e.Table = Table16(ComputeTable(e))
			if e.Table != nil {
				e.lowASCII = true
				for b := range 0x80 {
					e.lowASCII = e.lowASCII && e.Table[b] == uint16(b)
				}
			}
			continue
		}
		if g := &byteTableData[i]; g.Index >= 0 {
			e.Table, e.lowASCII = &byteTables[g.Index], g.LowASCII
		}
	}
}

// Table16 is t in 16 bits a rune (nil for nil); it panics if a rune is
// beyond the BMP, which no single-byte encoding's is.
func Table16(t *[256]rune) *[256]uint16 {
	if t == nil {
		return nil
	}
	u := new([256]uint16)
	for b, r := range t {
		if r < 0 || r > 0xFFFF {
			panic(fmt.Sprintf("byte %#02x reads %U, beyond the BMP", b, r))
		}
		u[b] = uint16(r)
	}
	return u
}

// Lookup returns the encoding called name, or nil.
func Lookup(name string) *Encoding {
	for _, e := range Encodings {
		if e.Name == name {
			return e
		}
	}
	switch name {
	case ISO2022JP.Name:
		return ISO2022JP
	case HZGB2312.Name:
		return HZGB2312
	}
	return nil
}

// Decode decodes p with the encoding called name (a legacy one, or
// utf-16le/utf-16be), reporting false for unknown names or decoder errors.
func Decode(name string, p []byte) (string, bool) {
	switch name {
	case "utf-16le", "utf-16be":
		if len(p)%2 != 0 {
			return "", false
		}
		rs := make([]rune, 0, len(p)/2)
		u := make([]uint16, len(p)/2)
		for i := range u {
			if name == "utf-16le" {
				u[i] = uint16(p[2*i]) | uint16(p[2*i+1])<<8
			} else {
				u[i] = uint16(p[2*i])<<8 | uint16(p[2*i+1])
			}
		}
		rs = append(rs, utf16.Decode(u)...)
		return string(rs), true
	}
	e := Lookup(name)
	if e == nil {
		return "", false
	}
	b, err := e.Enc.NewDecoder().Bytes(p)
	return string(b), err == nil
}
