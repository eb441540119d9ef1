package main

import (
	"github.com/utf8x/utf8x/transcode"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/unicode/norm"

	"github.com/utf8x/utf8x/detect"
)

// noText are the answers that say the input is no text in any encoding:
// right for binary files, wrong for text.
func noText(label string) bool {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "", "none", "null", "unknown", "binary", "n/a-binary", "???":
		return true
	}
	return false
}

var pyCodec = regexp.MustCompile(`^(cp|ibm)(\d+)$`)

// normLabel turns the names the peers print (uchardet's "WINDOWS-1252",
// charset-normalizer's Python codec names "cp1252", "latin_1",
// "mac_cyrillic", enca's "CP1251") into one a decoder below knows.
func normLabel(label string) string {
	l := strings.ToLower(strings.TrimSpace(label))
	l = strings.ReplaceAll(l, "_", "-")
	switch l {
	case "latin-1", "latin1", "l1", "iso-8859-1", "iso8859-1", "iso-ir-100":
		return "iso-8859-1"
	case "mac-cyrillic", "maccyrillic", "x-mac-cyrillic":
		return "x-mac-cyrillic"
	case "mac-roman", "macroman", "macintosh":
		return "macintosh"
	case "utf-8-sig", "utf8":
		return "utf-8"
	case "utf-16-le":
		return "utf-16le"
	case "utf-16-be", "ucs-2", "ucs-2be", "unicode-1-1":
		return "utf-16be" // enca's UCS-2: big-endian without a byte order mark
	case "gb2312", "gbk", "cp936", "x-gbk", "euc-cn":
		return "gbk"
	case "cp949", "uhc", "ks-c-5601-1987":
		return "euc-kr"
	case "cp932", "windows-31j", "ms-kanji", "sjis", "shift-jis":
		return "shift_jis"
	case "tis-620", "cp874", "iso-8859-11":
		return "windows-874"
	case "ascii", "us-ascii", "7bit", "646":
		return "us-ascii"
	}
	if strings.HasPrefix(l, "iso8859-") {
		l = "iso-8859-" + l[len("iso8859-"):]
	}
	if m := pyCodec.FindStringSubmatch(l); m != nil {
		if strings.HasPrefix(m[2], "125") || m[2] == "874" {
			return "windows-" + m[2]
		}
		return "ibm" + m[2]
	}
	return l
}

// decoderFor returns the decoding a detector's answer names, nil for a
// name nothing here decodes.
func decoderFor(label string) encoding.Encoding {
	l := normLabel(label)
	switch l {
	case "utf-16le":
		return xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)
	case "utf-16be":
		return xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)
	case "utf-16":
		return xunicode.UTF16(xunicode.BigEndian, xunicode.UseBOM)
	case "utf-32le":
		return utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
	case "utf-32be":
		return utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
	case "utf-32":
		return utf32.UTF32(utf32.BigEndian, utf32.UseBOM)
	case "iso-8859-1":
		return charmap.ISO8859_1 // not WHATWG's windows-1252: C1 bytes stay controls
	case "windows-874":
		return charmap.Windows874
	case "x-mac-cyrillic":
		return charmap.MacintoshCyrillic
	case "macintosh":
		return charmap.Macintosh
	case "shift_jis":
		return japanese.ShiftJIS
	case "ibm866":
		return charmap.CodePage866
	case "ibm855":
		return charmap.CodePage855
	case "ibm852":
		return charmap.CodePage852
	case "koi8-u":
		return charmap.KOI8U
	case "gbk":
		return simplifiedchinese.GBK
	case "euc-kr":
		return korean.EUCKR
	case "iso-8859-16":
		return charmap.ISO8859_16
	}
	if e := detect.LegacyEncoding(l); e != nil {
		return e
	}
	if e, err := ianaindex.IANA.Encoding(l); err == nil && e != nil {
		return e
	}
	if e, err := htmlindex.Get(l); err == nil {
		return e
	}
	// what only utf8x and iconv know (MAC-CENTRALEUROPE, JOHAB)
	if e, err := transcode.Lookup(l); err == nil {
		return e
	}
	return nil
}

// decodable reports whether the judge knows the encoding a label names
// (here or, for file id, through Python's codecs).
func decodable(id int, label string) bool {
	l := normLabel(label)
	if _, ok := pyRight[pyKey(id, label)]; ok {
		return true
	}
	return noText(l) || l == "us-ascii" || l == "utf-8" || decoderFor(l) != nil
}

// right reports whether decoding s with the encoding label names gives
// back its text (NFC-compared): equivalent encodings count as right. For a
// binary file only an answer of no text is right.
func right(label string, s *sample) bool {
	if s.enc == "binary" {
		return noText(label)
	}
	if noText(label) {
		return false
	}
	l := normLabel(label)
	var got string
	switch l {
	case "us-ascii":
		return false // every sample holds a byte above 7F
	case "utf-8":
		if !utf8.Valid(s.bytes) {
			return false
		}
		got = string(s.bytes)
	default:
		e := decoderFor(l)
		if e == nil {
			return pyRight[pyKey(s.id, label)]
		}
		out, err := e.NewDecoder().Bytes(s.bytes)
		if err != nil {
			return false
		}
		got = string(out)
	}
	return sameText(got, s.text) || sameText(cedilla.Replace(got), cedilla.Replace(s.text))
}

// cedilla writes Romanian's comma-below letters as their cedilla forms.
// ISO-8859-16 reads ș and ț from the bytes where ISO-8859-2 and
// Windows-1250 read ş and ţ, and nothing in a file tells which its author
// meant (the fold makes ISO-8859-2 and Windows-1250 documents with the
// cedilla forms from text written with the comma ones): the judge counts
// the two forms as one letter, and the report says how many answers that
// made right (commaOnly).
var cedilla = strings.NewReplacer("ș", "ş", "Ș", "Ş", "ț", "ţ", "Ț", "Ţ")

// commaOnly reports whether label is right on s only because the judge
// takes the comma-below and cedilla forms as one letter.
func commaOnly(label string, s *sample) bool {
	if !right(label, s) {
		return false
	}
	l := normLabel(label)
	e := decoderFor(l)
	if e == nil || s.enc == "binary" {
		return false
	}
	out, err := e.NewDecoder().Bytes(s.bytes)
	return err == nil && !sameText(string(out), s.text)
}

func sameText(got, want string) bool {
	return got == want || norm.NFC.String(got) == norm.NFC.String(want)
}
