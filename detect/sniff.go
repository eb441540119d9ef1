package detect

import "github.com/utf8x/utf8x/internal/sniff"

// SniffKind says what structure alone makes of the start of an input.
type SniffKind uint8

const (
	// Text: nothing structural; valid UTF-8 (NUL bytes and other controls
	// included) is UTF-8, anything else is for the statistics.
	Text SniffKind = SniffKind(sniff.Text)
	// Marked: a byte order mark of UTF-8, UTF-16 or UTF-32.
	Marked SniffKind = SniffKind(sniff.Marked)
	// Wide: UTF-16 or UTF-32 without a byte order mark, by where its NUL
	// bytes fall.
	Wide SniffKind = SniffKind(sniff.Wide)
	// Binary: not text in any encoding (the magic number of a known
	// format, or NULs and controls that no text pattern explains).
	Binary SniffKind = SniffKind(sniff.Binary)
)

// Sniffed is the structural verdict on the start of an input: the one
// judgement of byte order marks, BOM-less UTF-16 and UTF-32, and binary data
// that Detect and NewReader share, and that the transcode package's
// byte-order guess for utf-16 and utf-32 makes too (on the first 512 bytes of
// its input, and from 16 bytes on).
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
func Sniff(p []byte, cut bool) Sniffed { return sniffed(sniff.Sniff(p, cut)) }

func sniffed(r sniff.Result) Sniffed {
	return Sniffed{Kind: SniffKind(r.Kind), Encoding: r.Encoding, MarkLen: r.MarkLen, What: r.What}
}

// Magic names the binary format whose signature p starts with ("a PNG
// image"), or returns "". Sniff consults it only for input that is not
// valid UTF-8 (several signatures, "MZ", "BZh", "%PDF-", are ASCII a text
// may start with); a caller that knows the input is not UTF-8 further on
// may ask it directly.
func Magic(p []byte) string { return sniff.Magic(p) }

// Mark returns the encoding whose byte order mark p starts with and the
// mark's length, by the bytes alone (FF FE 00 00 is UTF-32LE's), or "" and
// 0. Sniff also checks that the text after a mark is valid in its form.
func Mark(p []byte) (encoding string, n int) { return sniff.Mark(p) }
