// utf8x explain: how characters become bytes, and why bytes are not UTF-8.
//
// For each character it prints the code point, its Unicode name, the UTF-8
// bytes in hex, binary (marker bits, then payload bits) and octal, the code
// point's bits placed under the payload bits they become, and the UTF-16 code
// units. For each ill-formed sequence it says in words what is wrong and how
// utf8x check reports it. --table prints the encoding table and the lead bytes
// in octal, laid out as "A guide to UTF-8 and related encodings" draws them,
// where the digits of a lead show the bits it adds to the code point.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func init() { addCommand("explain", newExplainCmd) }

// explainStdinLimit bounds what explain reads from standard input: each byte
// becomes several lines, so more is a job for check or stats.
const explainStdinLimit = 64 << 10

func newExplainCmd() *command {
	var hexInput, table bool
	var colorMode, encoding string
	cmd := &command{
		Use:   "explain [flags] [TEXT | U+XXXX]...",
		Short: "Show how characters become UTF-8 bytes and why bytes are not UTF-8",
		Long: `Explain shows, for each character of TEXT (or of standard input when there is
no argument), its code point and Unicode name, its UTF-8 bytes in hex, binary
and octal, which bits of the code point land in which byte, and its UTF-16 code
units. An argument made of code points names them: U+20AC, 0x20AC, \u20AC,
\U0001F600, \u{1F600}, several in one argument ("U+41 U+42"), and a \u
surrogate pair as in JSON ("\ud83d\ude00"). With --hex the arguments are
bytes, written as "E2 82 AC", "e282ac", "\xe2\x82\xac" or "0xE2 0x82 0xAC".

Bytes that are not UTF-8 are explained in plain words: which rule they break,
what they would have meant, and how 'utf8x check' reports them.

--encoding FORM reads the bytes as cesu-8, mutf-8, wtf-8 or utf-8-legacy, as
'utf8x check --encoding FORM' checks them: what the form writes differently
from UTF-8 (a CESU-8 surrogate pair, MUTF-8's C0 80), and the form's faults.

Colour shows which code point bits land in which byte when standard output is
a terminal; NO_COLOR (https://no-color.org) or --color never turns it off.`,
		Example: `  utf8x explain €
  utf8x explain U+1F600
  utf8x explain --hex "C0 AF"
  printf 'caf\xe9' | utf8x explain
  utf8x explain --table`,
		RunE: func(cmd *command, args []string) error {
			out := cmd.OutOrStdout()
			color, err := useColor(colorMode, out)
			if err != nil {
				return err
			}
			x := &explainer{w: out, color: color}
			if x.form, err = explainForm(encoding); err != nil {
				return err
			}
			if table {
				if len(args) > 0 || hexInput {
					return usageError("--table takes no input")
				}
				x.table()
				return x.err
			}
			switch {
			case hexInput:
				if len(args) == 0 {
					return usageError("--hex needs the bytes as arguments, such as --hex \"E2 82 AC\"")
				}
				p, err := parseHex(strings.Join(args, " "))
				if err != nil {
					return err
				}
				x.bytes(p)
			case len(args) == 0:
				if isTerminal(cmd.InOrStdin()) {
					return usageError("give TEXT, U+XXXX or --hex BYTES to explain, or pipe text in (see 'utf8x explain --help')")
				}
				p, err := io.ReadAll(io.LimitReader(cmd.InOrStdin(), explainStdinLimit+1))
				if err != nil {
					return readError("-", int64(len(p)), err)
				}
				if len(p) > explainStdinLimit {
					return usageError("%s: explain reads at most %d KiB; use 'utf8x check' or 'utf8x stats' on big inputs", stdinName, explainStdinLimit>>10)
				}
				x.bytes(p)
			default:
				for _, arg := range args {
					if arg == "" {
						return usageError("an empty argument has nothing to explain: give TEXT, U+XXXX or --hex BYTES (see 'utf8x explain --help')")
					}
				}
				for _, arg := range args {
					if rs, ok, err := parseCodePoints(arg); err != nil {
						return err
					} else if ok {
						for _, r := range rs {
							x.codePoint(r)
						}
					} else {
						x.bytes([]byte(arg))
					}
				}
			}
			return x.err
		},
	}
	f := cmd.Flags()
	f.BoolVar(&hexInput, "hex", false, "read the arguments as hex bytes")
	f.BoolVar(&table, "table", false, "print the UTF-8 encoding table and the octal lead-byte table")
	f.StringVar(&encoding, "encoding", "utf-8", "read the bytes as `FORM`: utf-8, cesu-8, mutf-8, wtf-8 or utf-8-legacy")
	addColorFlag(cmd, &colorMode)
	return cmd
}

// addColorFlag adds --color to cmd; read it with useColor.
func addColorFlag(cmd *command, mode *string) {
	cmd.Flags().StringVar(mode, "color", "auto", "colour output: `WHEN` is auto (on a terminal without NO_COLOR), always or never")
}

// useColor decides --color: auto means stdout is a terminal and NO_COLOR is
// unset or empty.
func useColor(mode string, out io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		return os.Getenv("NO_COLOR") == "" && isTerminal(out), nil
	}
	return false, usageError("--color must be auto, always or never, not %q", mode)
}

// parseHex reads bytes written as "E2 82 AC", "e282ac", `\xe2\x82\xac`,
// "0xE2,0x82,0xAC" or a mix; spaces, commas and colons separate.
func parseHex(s string) ([]byte, error) {
	var digits strings.Builder
	for _, tok := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ':' || r == '\t' || r == '\n' }) {
		for _, part := range strings.Split(tok, `\x`) {
			part = strings.TrimPrefix(strings.TrimPrefix(part, "0x"), "0X")
			if len(part)%2 != 0 {
				return nil, usageError("--hex %q: %q has an odd number of hex digits (write each byte as two, such as 0A)", s, tok)
			}
			digits.WriteString(part)
		}
	}
	var p []byte
	h := digits.String()
	for i := 0; i < len(h); i += 2 {
		b, err := strconv.ParseUint(h[i:i+2], 16, 8)
		if err != nil {
			return nil, usageError("--hex %q: %q is not a hex byte", s, h[i:i+2])
		}
		p = append(p, byte(b))
	}
	if len(p) == 0 {
		return nil, usageError("--hex %q: no bytes", s)
	}
	return p, nil
}

// explainer writes explanations to w, remembering the first write error.
type explainer struct {
	w     io.Writer
	color bool
	err   error
	form  *transcode.Encoding // --encoding; nil for UTF-8
}

func (x *explainer) printf(format string, args ...any) {
	if x.err == nil {
		_, x.err = fmt.Fprintf(x.w, format, args...)
	}
}

// Colours of the code point's bit groups, from the lead byte on.
var groupColors = [...]string{"\x1b[1;35m", "\x1b[1;32m", "\x1b[1;34m", "\x1b[1;33m"}

const (
	dim   = "\x1b[2m"
	reset = "\x1b[0m"
)

func (x *explainer) paint(s, color string) string {
	if !x.color || s == "" {
		return s
	}
	return color + s + reset
}

// bytes explains p element by element: characters, and ill-formed sequences.
func (x *explainer) bytes(p []byte) {
	if x.form != nil {
		x.formBytes(p)
		return
	}
	for len(p) > 0 && x.err == nil {
		r, size := utf8x.DecodeRune(p)
		if utf8x.Valid(p[:size]) {
			x.char(r)
		} else {
			size = x.fault(p)
		}
		p = p[size:]
	}
}

// codePoint explains a code point named as U+XXXX, even one UTF-8 cannot hold.
func (x *explainer) codePoint(r rune) {
	if x.form != nil && utf8x.ValidRune(r) {
		if enc, err := x.form.AppendEncode(nil, utf8x.AppendRune(nil, r)); err == nil {
			x.formBytes(enc)
			return
		}
	}
	switch {
	case r >= 0xD800 && r <= 0xDFFF:
		x.printf("U+%04X  %s\n%s\n", r, runeName(r), wrap(fmt.Sprintf("A UTF-16 surrogate code point, not a character: UTF-16 pairs a high surrogate (D800-DBFF) with a low one (DC00-DFFF) to reach U+10000..U+10FFFF, and UTF-8 may not encode either (RFC 3629 section 3); the bytes it would take, % X, are ill-formed.", looseEncode(r)), "  ", 80))
	case r > utf8x.MaxRune:
		x.printf("U+%04X\n%s\n", r, wrap("Beyond U+10FFFF, the last code point: UTF-8 stops there to match UTF-16 (RFC 3629 section 3).", "  ", 80))
	default:
		x.char(r)
	}
}

// char explains one valid character.
func (x *explainer) char(r rune) {
	enc := utf8x.AppendRune(nil, r)
	n := len(enc)
	const cell = "%-11s"

	header := fmt.Sprintf("U+%04X", r)
	if show := printable(r); show != "" {
		header += "  " + show
	}
	x.printf("%s  %s\n", header, runeName(r))

	var hexRow, binRow, bitRow, octRow strings.Builder
	widths := make([]int, n)
	for i, b := range enc {
		marker := 2 // 10xxxxxx
		switch {
		case n == 1:
			marker = 1
		case i == 0:
			marker = n + 1
		}
		bits := fmt.Sprintf("%08b", b)
		widths[i] = 8 - marker
		color := groupColors[i]
		hexRow.WriteString(fmt.Sprintf(cell, fmt.Sprintf("%02X", b)))
		octRow.WriteString(fmt.Sprintf(cell, fmt.Sprintf("%03o", b)))
		binRow.WriteString(x.paint(bits[:marker], dim) + " " + x.paint(bits[marker:], color) + "  ")
		bitRow.WriteString(strings.Repeat(" ", marker+1) + x.paint(bits[marker:], color) + "  ")
	}
	total := 0
	var split []string
	for _, w := range widths {
		total += w
		split = append(split, strconv.Itoa(w))
	}
	cp := fmt.Sprintf("%0*b", total, r)
	var groups []string
	for i, w := range widths {
		groups = append(groups, x.paint(cp[:w], groupColors[i]))
		cp = cp[w:]
	}
	x.printf("  UTF-8     %s  %s\n", strings.TrimRight(hexRow.String(), " "), plural(n, "byte"))
	x.printf("  binary    %s\n", strings.TrimRight(binRow.String(), " "))
	x.printf("  bits      %s   U+%04X = %s (%d bits", strings.TrimRight(bitRow.String(), " "), r, strings.Join(groups, " "), total)
	if n > 1 {
		x.printf(": %s", strings.Join(split, " + "))
	}
	x.printf(")\n")
	x.printf("  octal     %s\n", strings.TrimRight(octRow.String(), " "))
	x.printf("  UTF-16    %s\n\n", utf16Units(r))
}

// utf16Units formats r's UTF-16 code units, "20AC" or "D83D DE00 (surrogate pair)".
func utf16Units(r rune) string {
	if hi, lo := utf16.EncodeRune(r); hi != utf8x.RuneError {
		return fmt.Sprintf("%04X %04X (surrogate pair)", hi, lo)
	}
	return fmt.Sprintf("%04X", r)
}

// controlName names the controls people meet; runenames calls them all
// <control>. (A switch: a map variable was built at every start.)
func controlName(r rune) (string, bool) {
	switch r {
	case 0x00:
		return "NULL", true
	case 0x07:
		return "BELL", true
	case 0x08:
		return "BACKSPACE", true
	case 0x09:
		return "CHARACTER TABULATION (tab)", true
	case 0x0A:
		return "LINE FEED (LF)", true
	case 0x0B:
		return "LINE TABULATION", true
	case 0x0C:
		return "FORM FEED (FF)", true
	case 0x0D:
		return "CARRIAGE RETURN (CR)", true
	case 0x1B:
		return "ESCAPE", true
	case 0x7F:
		return "DELETE", true
	case 0x85:
		return "NEXT LINE (NEL)", true
	}
	return "", false
}

func runeName(r rune) string {
	if n, ok := controlName(r); ok {
		return n
	}
	switch n := unicodeName(r); {
	case n == "":
		if r&0xFFFE == 0xFFFE || r >= 0xFDD0 && r <= 0xFDEF {
			return "<noncharacter>"
		}
		return "<unassigned>"
	default:
		return n
	}
}

// printable returns r quoted for display, or "" when it would not show.
func printable(r rune) string {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return "'◌" + string(r) + "'" // a combining mark shown on a dotted circle
	case unicode.IsPrint(r) || r == 0xA0:
		return "'" + string(r) + "'"
	}
	return ""
}

// looseEncode encodes any value below 2^21 with the UTF-8 bit layout, as a
// careless encoder would (surrogates included).
func looseEncode(r rune) []byte {
	switch {
	case r < 0x80:
		return []byte{byte(r)}
	case r < 0x800:
		return []byte{0xC0 | byte(r>>6), 0x80 | byte(r)&0x3F}
	case r < 0x10000:
		return []byte{0xE0 | byte(r>>12), 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
	}
	return []byte{0xF0 | byte(r>>18)&0x07, 0x80 | byte(r>>12)&0x3F, 0x80 | byte(r>>6)&0x3F, 0x80 | byte(r)&0x3F}
}

// seqLen is the length a lead byte announces (C0-DF: 2, E0-EF: 3, F0-F7: 4), or 0.
func seqLen(b byte) int {
	switch {
	case b >= 0xC0 && b <= 0xDF:
		return 2
	case b >= 0xE0 && b <= 0xEF:
		return 3
	case b >= 0xF0 && b <= 0xF7:
		return 4
	}
	return 0
}

// looseDecode reads a lead byte and its continuation bytes without RFC 3629's
// range rules. ok is false unless p starts with all of them; p may be empty
// (a lone surrogate at the end of the input has nothing after it).
func looseDecode(p []byte) (r rune, n int, ok bool) {
	if len(p) == 0 {
		return 0, 0, false
	}
	n = seqLen(p[0])
	if n == 0 || len(p) < n {
		return 0, n, false
	}
	r = rune(p[0] & (0x7F >> n))
	for _, b := range p[1:n] {
		if b&0xC0 != 0x80 {
			return 0, n, false
		}
		r = r<<6 | rune(b&0x3F)
	}
	return r, n, true
}

func isCont(b byte) bool { return b&0xC0 == 0x80 }

// fault explains the ill-formed sequence at the start of p and returns how
// many bytes the explanation covers: one maximal subpart, or the whole
// overlong, surrogate or too-large form when its bytes are all there.
func (x *explainer) fault(p []byte) int {
	_, size, kind := utf8x.FirstInvalid(p)
	covered := size
	var why string
	lead := p[0]
	r, n, whole := looseDecode(p)
	if !whole && (kind == utf8x.Overlong || kind == utf8x.Surrogate || kind == utf8x.TooLarge) {
		// Cover the lead and the continuation bytes that were meant to follow it.
		for covered < min(n, len(p)) && isCont(p[covered]) {
			covered++
		}
	}
	switch kind {
	case utf8x.Overlong:
		if whole {
			covered = n
			short := utf8x.AppendRune(nil, r)
			why = fmt.Sprintf("% X is an overlong encoding of U+%04X %s: it takes %d bytes where %d %s (% X), the only valid form.",
				p[:n], r, quoteRune(r), n, len(short), pick(len(short) == 1, "does", "do"), short)
			if r < 0x80 && r != 0 && printable(r) != "" {
				why += fmt.Sprintf(" A decoder that accepted it would let %s slip past a filter that looks for the byte %02X (RFC 3629 section 10).", quoteRune(r), r)
			}
			if r == 0 {
				why += " Java's \"modified UTF-8\" writes U+0000 this way so that strings hold no zero byte; strict UTF-8 does not allow it."
			}
		} else {
			why = fmt.Sprintf("% X can only start an overlong encoding (a character written with more bytes than it needs), which UTF-8 forbids (RFC 3629 section 3).", p[:covered])
			if lead == 0xC0 || lead == 0xC1 {
				why = fmt.Sprintf("%02X never occurs in UTF-8: as a lead byte it could only encode U+0000..U+007F in two bytes, and those take one.", lead)
			}
		}
	case utf8x.Surrogate:
		if whole {
			covered = n
			why = fmt.Sprintf("% X encodes U+%04X, a UTF-16 surrogate, which UTF-8 forbids: surrogates are halves of UTF-16 pairs, not characters (RFC 3629 section 3).", p[:3], r)
			if lo, _, ok := looseDecode(p[3:min(len(p), 6)]); len(p) >= 6 && ok && r <= 0xDBFF && lo >= 0xDC00 && lo <= 0xDFFF {
				covered = 6
				pair := utf16.DecodeRune(r, lo)
				why = fmt.Sprintf("% X is the UTF-16 surrogate pair %04X %04X of U+%04X %s written as two 3-byte sequences (CESU-8, or Java's modified UTF-8); UTF-8 writes that character as % X.",
					p[:6], r, lo, pair, quoteRune(pair), utf8x.AppendRune(nil, pair))
			}
		} else {
			why = fmt.Sprintf("% X starts the encoding of a UTF-16 surrogate (U+D800..U+DFFF), which UTF-8 forbids (RFC 3629 section 3).", p[:covered])
		}
	case utf8x.TooLarge:
		if whole {
			covered = n
			why = fmt.Sprintf("% X would encode U+%04X, beyond U+10FFFF, the last code point: UTF-8 stops there to match UTF-16 (RFC 3629 section 3).", p[:n], r)
		} else {
			why = fmt.Sprintf("% X can only start a value beyond U+10FFFF, the last code point (RFC 3629 section 3).", p[:covered])
			if lead >= 0xF5 {
				why = fmt.Sprintf("%02X never occurs in UTF-8: as a lead byte it could only start a value beyond U+10FFFF, the last code point.", lead)
			}
		}
	case utf8x.Truncated:
		why = fmt.Sprintf("% X is a %d-byte sequence cut off after %s", p[:size], n, plural(size, "byte"))
		if size < len(p) {
			why += fmt.Sprintf(": the next byte, %02X, is not a continuation byte (80-BF).", p[size])
		} else {
			why += ": the input ends there."
		}
		if size == 1 {
			why += cp1252Hint(lead)
		}
	case utf8x.UnexpectedContinuation:
		why = fmt.Sprintf("%02X is a continuation byte (10xxxxxx) with no lead byte before it: it can only follow C2-F4.%s", lead, cp1252Hint(lead))
	case utf8x.InvalidByte:
		if n, legacy, ok := legacyFault(p); ok {
			covered, why = n, legacy
			break
		}
		why = fmt.Sprintf("%02X never occurs in UTF-8: %s.%s", lead, pick(lead < 0xFE, "F8-FD began the 5- and 6-byte forms of the obsolete RFC 2279", "FE and FF were never used, not even by RFC 2279"), cp1252Hint(lead))
	}
	x.printf("%s  not UTF-8 (%s)\n", x.paint(hexString(p[:covered]), "\x1b[1;31m"), kind)
	x.printf("%s", wrap(why, "  ", 80))
	x.printf("%s\n", wrap("utf8x check reports "+subparts(p, covered), "  ", 80))
	return covered
}

// legacyFault explains a whole 5- or 6-byte sequence of RFC 2279 (leads
// F8-FD) at the start of p: what value it held, and why UTF-8 no longer has
// it. ok is false unless p starts with the lead and all its continuation
// bytes.
func legacyFault(p []byte) (n int, why string, ok bool) {
	lead := p[0]
	switch {
	case lead >= 0xF8 && lead <= 0xFB:
		n = 5
	case lead == 0xFC || lead == 0xFD:
		n = 6
	default:
		return 0, "", false
	}
	if len(p) < n {
		return 0, "", false
	}
	v := uint32(lead & (0x7F >> n))
	for _, b := range p[1:n] {
		if !isCont(b) {
			return 0, "", false
		}
		v = v<<6 | uint32(b&0x3F)
	}
	why = fmt.Sprintf("% X is a %d-byte sequence of the obsolete RFC 2279 form of UTF-8 (leads F8-FB took 5 bytes, FC-FD 6, for values up to 0x7FFFFFFF)", p[:n], n)
	if least := uint32(1) << (5*n - 4); v < least {
		return n, why + fmt.Sprintf(", but an overlong one: its value 0x%X needs fewer bytes, so even RFC 2279 rejected it.", v), true
	}
	return n, why + fmt.Sprintf(", holding the value 0x%X, beyond U+10FFFF, the last code point. RFC 3629 cut UTF-8 down to 4 bytes and U+10FFFF to match UTF-16 (section 3), so F8-FF never occur. 'utf8x check --encoding utf-8-legacy' accepts it; converting it to a Unicode encoding fails, naming the value.", v), true
}

// subparts lists the errors utf8x check reports for p[:covered], judged in the
// context of all of p (E0 before 80 is overlong, E0 alone is truncated).
// covered always ends on an element boundary and holds no valid text.
func subparts(p []byte, covered int) string {
	var parts []string
	for i := 0; i < covered; {
		off, n, kind := utf8x.FirstInvalid(p[i:])
		if off != 0 || n == 0 {
			break // cannot happen: see above
		}
		parts = append(parts, kind.String()+" ("+hexString(p[i:i+n])+")")
		i += n
	}
	return strings.Join(parts, ", ") + fmt.Sprintf("; a decoder writes %d × U+FFFD", len(parts))
}

// cp1252Hint says what a lone byte 80-FF means in Windows-1252, the usual
// source of stray bytes in text that should be UTF-8.
func cp1252Hint(b byte) string {
	if b < 0x80 {
		return ""
	}
	// Every byte has a character in Windows-1252 as WHATWG maps it: the
	// five it leaves unassigned are the C1 controls of the same number.
	out, err := transcode.CP1252.AppendDecode(make([]byte, 0, utf8x.UTFMax), []byte{b})
	r, _ := utf8x.DecodeRune(out)
	if err != nil || r < 0xA0 {
		return "" // one of the five bytes Windows-1252 leaves unassigned
	}
	return fmt.Sprintf(" In Windows-1252 it is %s (U+%04X): the text may be Windows-1252.", quoteRune(r), r)
}

func quoteRune(r rune) string {
	if s := printable(r); s != "" {
		return s
	}
	return runeName(r)
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// wrap breaks s into lines of at most width columns, each starting with indent.
func wrap(s, indent string, width int) string {
	var b strings.Builder
	line := indent
	for _, word := range strings.Fields(s) {
		if len([]rune(line))+1+len([]rune(word)) > width && line != indent {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += word
	}
	b.WriteString(line + "\n")
	return b.String()
}

// table prints the encoding table and the guide's octal lead-byte table.
func (x *explainer) table() {
	x.printf(`UTF-8 (RFC 3629): the x bits, in order, are the code point's bits

Code points           Bytes  Byte 1    Byte 2    Byte 3    Byte 4    Characters
U+0000..U+007F        1      0xxxxxxx                                      128
U+0080..U+07FF        2      110xxxxx  10xxxxxx                          1,920
U+0800..U+FFFF        3      1110xxxx  10xxxxxx  10xxxxxx               61,440 (63,488 less 2,048 surrogates)
U+10000..U+10FFFF     4      11110xxx  10xxxxxx  10xxxxxx  10xxxxxx  1,048,576
                                                              total  1,112,064

Only the shortest form is valid, so some second bytes are limited:
  after E0 only A0-BF   (E0 80-9F would be overlong)
  after ED only 80-9F   (ED A0-BF would encode the surrogates U+D800..U+DFFF)
  after F0 only 90-BF   (F0 80-8F would be overlong)
  after F4 only 80-8F   (F4 90-BF would go beyond U+10FFFF)
  C0, C1 and F5-FF never occur.

Lead bytes in octal, as "a guide to UTF-8" draws them: a continuation byte is
2xx in octal and adds its two digits xx; a lead byte 3xx adds the digits shown,
and each continuation byte fills two of the x's.

`)
	x.printf("     %s\n", strings.TrimRight(fmt.Sprintf("%8d%8d%8d%8d%8d%8d%8d%8d", 0, 1, 2, 3, 4, 5, 6, 7), " ")[4:])
	for row := 030; row <= 036; row++ {
		var cells []string
		for col := 0; col < 8; col++ {
			lead := byte(row<<3 | col)
			if lead > 0xF4 {
				break
			}
			cells = append(cells, fmt.Sprintf("%8s", octalLead(lead)))
		}
		x.printf("%02ox%s\n", row, strings.Join(cells, ""))
	}
	x.printf(`
In RFC 3629's UTF-8, 300 and 301 (C0, C1) are never used: they could only write
ASCII in two bytes. 340 (E0) needs a continuation byte 240 or above, 360 (F0) one
220 or above; 355 (ED) needs one below 240 (no surrogates), 364 (F4) one below
220 (nothing beyond U+10FFFF); 365-377 (F5-FF) are never used.
`)
}

// octalLead draws the digits lead byte b contributes, then two x's per
// continuation byte: 342 (E2) gives "2xxxx".
func octalLead(b byte) string {
	n := seqLen(b)
	v := int(b & (0x7F >> n))
	s := ""
	if v != 0 {
		s = strconv.FormatInt(int64(v), 8)
	}
	return s + strings.Repeat("xx", n-1)
}
