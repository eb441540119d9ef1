package detect

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/utf8x/utf8x"
)

// SniffKind says what structure alone makes of the start of an input.
type SniffKind uint8

const (
	// Text: nothing structural; valid UTF-8 (NUL bytes and other controls
	// included) is UTF-8, anything else is for the statistics.
	Text SniffKind = iota
	// Marked: a byte order mark of UTF-8, UTF-16 or UTF-32.
	Marked
	// Wide: UTF-16 or UTF-32 without a byte order mark, by where its NUL
	// bytes fall.
	Wide
	// Binary: not text in any encoding (the magic number of a known
	// format, or NULs and controls that no text pattern explains).
	Binary
)

// Sniffed is the structural verdict on the start of an input: the one
// judgement of byte order marks, BOM-less UTF-16 and UTF-32, and binary
// data that Detect, the utf8x tool's check hint and convert -f auto share.
type Sniffed struct {
	Kind SniffKind
	// Encoding names the form for Marked and Wide ("utf-16le"), "" else.
	Encoding string
	// MarkLen is the length of the byte order mark, for Marked.
	MarkLen int
	// What says it in a phrase: "a PNG image", "UTF-16LE text without a
	// byte order mark (its NUL bytes fall where UTF-16LE text has them)".
	What string
}

// BinaryName is the Candidate.Encoding of an input that is no text at all.
const BinaryName = "binary"

// Sniff judges p, the start of an input, by structure; cut says the input
// goes on beyond p (a character cut by p's end is then not an error).
func Sniff(p []byte, cut bool) Sniffed {
	valid := validPrefix(p, cut)
	if mayBeBOM(p) {
		if c, ok := bomCandidate(p, cut, valid); ok {
			for _, b := range boms {
				if b.name == c.Encoding && bytes.HasPrefix(p, []byte(b.mark)) {
					return Sniffed{Kind: Marked, Encoding: c.Encoding, MarkLen: len(b.mark),
						What: fmt.Sprintf("%s text (it starts with the byte order mark % X)", strings.ToUpper(c.Encoding), []byte(b.mark))}
				}
			}
		}
	}
	return sniffRest(p, cut, bytes.Count(p, []byte{0}), valid)
}

// sniffRest is Sniff after the byte order marks, for a p holding nuls NUL
// bytes that is valid UTF-8 or not.
func sniffRest(p []byte, cut bool, nuls int, valid bool) Sniffed {
	if !valid {
		// Checked before the NUL patterns: an executable's header ("MZ",
		// then NULs) can look like UTF-16.
		if m := Magic(p); m != "" {
			return Sniffed{Kind: Binary, What: m}
		}
	}
	if nuls > 0 {
		if c, ok := wideCandidate(p, cut); ok && (!valid || !controlText(p)) && !nulUnits(p, c.Encoding) {
			up := strings.ToUpper(c.Encoding)
			return Sniffed{Kind: Wide, Encoding: c.Encoding,
				What: up + " text without a byte order mark (its NUL bytes fall where " + up + " text has them)"}
		}
	}
	if valid {
		return Sniffed{}
	}
	if nuls > 0 && nuls*1024 >= len(p) {
		return Sniffed{Kind: Binary, What: "binary data (it holds NUL bytes that no UTF-16 or UTF-32 text explains)"}
	}
	if ctrl := controls(p); ctrl*20 >= len(p) {
		return Sniffed{Kind: Binary, What: "binary data (one byte in twenty or more is a control code)"}
	}
	return Sniffed{}
}

// nulUnits reports whether p read as UTF-32 (enc "utf-32le" or "utf-32be")
// holds more than a twentieth of U+0000: NULs, not text (UTF-16 readings
// are held to that in wideCandidate already).
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
// may start with); a caller that knows the input is not UTF-8 further on
// may ask it directly.
func Magic(p []byte) string {
	for _, m := range magics {
		if bytes.HasPrefix(p, []byte(m.prefix)) {
			return m.what
		}
	}
	return ""
}

// Mark returns the encoding whose byte order mark p starts with and the
// mark's length, by the bytes alone (FF FE 00 00 is UTF-32LE's), or "" and
// 0. Sniff also checks that the text after a mark is valid in its form.
func Mark(p []byte) (encoding string, n int) {
	for _, b := range boms {
		if bytes.HasPrefix(p, []byte(b.mark)) {
			return b.name, len(b.mark)
		}
	}
	return "", 0
}

// validPrefix reports whether p is valid UTF-8, a sequence cut by its end
// allowed when cut.
func validPrefix(p []byte, cut bool) bool {
	off, _, kind := utf8x.FirstInvalid(p)
	return off == len(p) || cut && kind == utf8x.Truncated && off+3 >= len(p) && completeLen(p) == off
}

// controlText reports whether p read as UTF-8 is text despite its NULs:
// fewer than a tenth of its bytes are controls (NUL included). UTF-16 text
// in one alphabet read as UTF-8 has a control or NUL in every other byte;
// a stray NUL in UTF-8 ("hello\0world") is not UTF-16.
func controlText(p []byte) bool {
	return (controls(p)+bytes.Count(p, []byte{0}))*10 < len(p)
}

// controls counts the C0 controls of p other than NUL and those text
// holds (tab, LF, VT, FF, CR, ESC, and SUB, the old end-of-file mark), and
// DEL.
func controls(p []byte) int {
	n := 0
	for _, b := range p {
		n += int(controlByte[b])
	}
	return n
}

var controlByte = func() (t [256]uint8) {
	for b := 1; b < 0x20; b++ {
		t[b] = 1
	}
	for _, b := range []byte{'\t', '\n', '\v', '\f', '\r', 0x1A, 0x1B} {
		t[b] = 0
	}
	t[0x7F] = 1
	return t
}()

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
