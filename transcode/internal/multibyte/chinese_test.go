package multibyte

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"sort"
	"testing"
	"time"
	"unicode/utf8"
)

// EUC-TW and ISO-2022-CN against glibc's iconv, which Python lacks: every
// scalar value encoded byte for byte, every two-byte and four-byte sequence
// decoded, whole texts both ways, and the escapes. Each difference falls
// under a named rule (cnKnown), counted and logged; any other fails.

// iconvLines runs iconv -c over lines joined by line feeds and returns its
// output split at line feeds; it fails the test when the count differs
// (some input swallowed a line feed).
func iconvLines(t *testing.T, from, to string, lines [][]byte) [][]byte {
	t.Helper()
	iconv, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv not installed: skipping the comparison with glibc iconv")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, iconv, "-c", "-f", from, "-t", to)
	cmd.Stdin = bytes.NewReader(bytes.Join(lines, []byte{'\n'}))
	out, err := cmd.Output()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("iconv -f %s -t %s: %v", from, to, err)
	}
	if len(out) == 0 {
		t.Skipf("iconv -f %s -t %s wrote nothing: does this iconv have it?", from, to)
	}
	got := bytes.Split(out, []byte{'\n'})
	if len(got) != len(lines) {
		t.Fatalf("iconv -f %s -t %s: %d lines out for %d in", from, to, len(got), len(lines))
	}
	return got
}

// cnKnown names the rule a difference from glibc falls under, or "".
// ours and theirs are the two outputs of one line: for a decoder in UTF-8,
// for an encoder in the codec's bytes.
func cnKnown(c *Codec, in, ours, theirs []byte, encode bool) string {
	if os.Getenv("ICONVRAW") != "" {
		return ""
	}
	switch {
	case c == ISO2022CN && encode && len(in) == 1 && (in[0] == 0x0E || in[0] == 0x0F || in[0] == 0x1B):
		return "glibc passes SO, SI and ESC through from the text; we refuse them (they would change how the rest reads)"
	case c == ISO2022CN && encode && ss2Next(ours):
		return "glibc's encoder drops the SS2 (or the SO) before a character that follows a CNS plane 2 character; its own decoder misreads that output"
	case c == ISO2022CN && encode && !bytes.Equal(ours, noResume(ours)) && bytes.Equal(noResume(ours), dropStraySI(theirs)):
		return "after changing the SO designation in SO mode we write SO again (a no-op in ISO 2022); glibc does not, and its decoder then reads the old set"
	case c == ISO2022CN && !encode && len(in) >= 8 && string(in[:6]) == "\x1b$*H\x1bN" && len(ours) == 0 && bytes.Equal(theirs, in[6:]):
		return "an unmapped code after SS2 (ESC N): one unit to us; glibc drops the ESC N and reads the two bytes as ASCII"
	case c == ISO2022CN && encode:
		// glibc, after a character of plane 2 written by SS2 outside SO
		// mode, believes it is in a shifted set and writes SI before the
		// next ASCII byte (here the line end): a no-op for any reader.
		if bytes.Contains(ours, []byte("\x1bN")) && bytes.Equal(ours, dropStraySI(theirs)) {
			return "glibc writes a needless SI after a CNS plane 2 character (ESC N) written in ASCII mode"
		}
	case c == EUCTW && !encode && len(in) == 4 && in[0] == 0x8E && (bytes.Equal(theirs, skipDecode(EUCTW, in[1:])) || bytes.Equal(theirs, skipDecode(EUCTW, in[2:]))):
		return "an unmapped or ill-formed four-byte sequence 8E ..: one unit to us (as gb18030's four-byte ones in the Encoding Standard); glibc drops 8E (or 8E and the plane byte) and reads the rest again"
	case c == EUCTW && !encode:
		// The four-byte form of plane 1, 8E A1 xx yy: glibc reads it
		// (as the same character as xx yy) and we do too; nothing here.
		if len(in) >= 2 && in[0] >= 0xA1 && in[0] <= 0xFE && in[1] < 0x80 && len(ours) > 0 && bytes.HasSuffix(ours, in[1:]) && len(theirs) < len(ours) {
			return "a plane 1 lead before an ASCII byte: we read the ASCII byte again (the Encoding Standard's convention), glibc drops both"
		}
	}
	return ""
}

// noResume removes the SO that follows an SO designation written in SO
// mode: what glibc's encoder writes there.
func noResume(b []byte) []byte {
	var out []byte
	shifted := false
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case 0x0E:
			shifted = true
		case 0x0F, '\n':
			shifted = false
		case 0x1B:
			if i+4 < len(b) && b[i+1] == '$' && b[i+2] == ')' && b[i+4] == 0x0E && shifted {
				out = append(out, b[i:i+4]...)
				i += 4
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}

// ss2Next reports whether our ISO-2022-CN output has a character written
// by SS2 (ESC N) followed directly by another character that is not ASCII:
// where glibc's encoder goes wrong.
func ss2Next(b []byte) bool {
	shifted := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == 0x0E:
			shifted = true
		case c == 0x0F || c == '\n':
			shifted = false
		case c == 0x1B && i+3 < len(b) && b[i+1] == 'N':
			i += 3
			if i+1 < len(b) && (b[i+1] == 0x1B || b[i+1] == 0x0E || shifted && b[i+1] > 0x20 && b[i+1] < 0x7F) {
				return true
			}
		case c == 0x1B:
			i += 3
		case shifted && c > 0x20 && c < 0x7F:
			i++
		}
	}
	return false
}

// dropStraySI removes the SIs written outside SO mode.
func dropStraySI(b []byte) []byte {
	var out []byte
	shifted := false
	for _, c := range b {
		switch c {
		case 0x0E:
			shifted = true
		case '\n':
			shifted = false
		case 0x0F:
			if !shifted {
				continue
			}
			shifted = false
		}
		out = append(out, c)
	}
	return out
}

func skipDecode(c *Codec, in []byte) []byte {
	b, _ := run(c.NewDecoder(Skip), in)
	return b
}

// cnCompare compares our lines with iconv's, noting the rules.
func cnCompare(t *testing.T, c *Codec, what string, in, ours, theirs [][]byte, encode bool) {
	t.Helper()
	reasons := map[string]int{}
	var unexplained []string
	agree := 0
	for i := range in {
		if bytes.Equal(ours[i], theirs[i]) {
			agree++
			continue
		}
		k := cnKnown(c, in[i], ours[i], theirs[i], encode)
		if k == "" {
			if len(unexplained) < 20 {
				unexplained = append(unexplained, fmt.Sprintf("% x: ours %+q, iconv %+q", in[i], ours[i], theirs[i]))
			}
			k = "UNEXPLAINED"
		}
		reasons[k]++
	}
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	t.Logf("%s %s: %d of %d lines alike", c.Name, what, agree, len(in))
	for _, k := range keys {
		t.Logf("  %7d  %s", reasons[k], k)
	}
	if agree < len(in)/2 {
		t.Errorf("%s %s: only %d of %d lines alike: the comparison is broken", c.Name, what, agree, len(in))
	}
	for _, u := range unexplained {
		t.Errorf("%s %s: unexplained difference: %s", c.Name, what, u)
	}
}

// decodeLines decodes each line alone in Skip mode (what iconv -c does
// with what it cannot read: drop it).
func decodeLines(t *testing.T, c *Codec, lines [][]byte) [][]byte {
	out := make([][]byte, len(lines))
	dec := c.NewDecoder(Skip)
	for i, l := range lines {
		b, err := run(dec, l)
		if err != nil {
			t.Fatalf("%s: skip-mode decode of % x: %v", c.Name, l, err)
		}
		out[i] = b
	}
	return out
}

// TestIconvEncodeEveryScalar: every scalar value up to U+2FFFF (where every
// character of both encodings is), each on a line of its own, encoded byte
// for byte as glibc's iconv encodes it, or not at all by both.
func TestIconvEncodeEveryScalar(t *testing.T) {
	for _, c := range []*Codec{EUCTW, ISO2022CN} {
		t.Run(c.Name, func(t *testing.T) {
			var in [][]byte
			for r := rune(0); r < 0x30000; r++ {
				if r == '\n' || r >= 0xD800 && r <= 0xDFFF {
					continue
				}
				in = append(in, utf8.AppendRune(nil, r))
			}
			theirs := iconvLines(t, "UTF-8", iconvOracle[c], in)
			ours := make([][]byte, len(in))
			enc := mustEncoder(t, c, Skip, "")
			mapped := 0
			for i, l := range in {
				b, err := run(enc, l)
				if err != nil {
					t.Fatal(err)
				}
				ours[i] = b
				if len(b) > 0 && l[0] >= 0x80 {
					mapped++
				}
			}
			t.Logf("%s encodes %d non-ASCII scalar values", c.Name, mapped)
			cnCompare(t, c, "encoding every scalar value", in, ours, theirs, true)
		})
	}
}

// TestIconvDecodeEUCTWSequences: every two-byte sequence (but those ending
// in a line feed, the separator), every four-byte one with 8E and a plane
// byte A1-B0 (planes 1-16) and row and column A1-FE, and the four-byte
// ones with each byte at the edges of its range.
func TestIconvDecodeEUCTWSequences(t *testing.T) {
	if testing.Short() {
		t.Skip("runs iconv over 200,000 sequences: skipped under -short")
	}
	var in [][]byte
	for l := 0; l < 256; l++ {
		for tr := 0; tr < 256; tr++ {
			if l != '\n' && tr != '\n' {
				in = append(in, []byte{byte(l), byte(tr)})
			}
		}
	}
	for p := 0xA1; p <= 0xB0; p++ {
		for r := 0xA1; r <= 0xFE; r++ {
			for c := 0xA1; c <= 0xFE; c++ {
				in = append(in, []byte{0x8E, byte(p), byte(r), byte(c)})
			}
		}
	}
	edges := []byte{0x00, 0x21, 0x41, 0x7F, 0x80, 0x8E, 0xA0, 0xA1, 0xA2, 0xAF, 0xB0, 0xB1, 0xC4, 0xFE, 0xFF}
	for _, p := range edges {
		for _, r := range edges {
			for _, c := range edges {
				in = append(in, []byte{0x8E, p, r, c})
			}
		}
	}
	theirs := iconvLines(t, "EUC-TW", "UTF-8", in)
	cnCompare(t, EUCTW, "decoding every sequence", in, decodeLines(t, EUCTW, in), theirs, false)
}

// TestIconvDecodeISO2022CNSequences: every two-byte code 21-7E x 21-7E
// after each designation, in SO mode (GB 2312, CNS 11643 plane 1) and by
// SS2 (plane 2), each line designating what it uses.
func TestIconvDecodeISO2022CNSequences(t *testing.T) {
	var in [][]byte
	for _, pre := range []string{"\x1b$)A\x0e", "\x1b$)G\x0e", "\x1b$*H\x1bN"} {
		for r := 0x21; r <= 0x7E; r++ {
			for c := 0x21; c <= 0x7E; c++ {
				l := append([]byte(pre), byte(r), byte(c))
				if pre[len(pre)-1] == 0x0E {
					l = append(l, 0x0F)
				}
				in = append(in, l)
			}
		}
	}
	theirs := iconvLines(t, "ISO-2022-CN", "UTF-8", in)
	cnCompare(t, ISO2022CN, "decoding every code of each set", in, decodeLines(t, ISO2022CN, in), theirs, false)
}

// hanText makes lines of Chinese text from the characters of the tables
// (GB 2312's simplified, Big5's traditional ones: level 1 only, which is
// CNS 11643 plane 1, unless level2), with ASCII words, punctuation and runs
// of characters from one set and then another, the way mixed text switches.
func hanText(rng *rand.Rand, lines int, level2 bool) []byte {
	var pool [][]rune
	var gb, b5 []rune
	for i := 0; i < len(gb2312Dec)/2; i++ {
		if c := rune(u16at(gb2312Dec, i)); c >= 0x4E00 {
			gb = append(gb, c)
		}
	}
	end := (0xF9 - 0x81) * 157
	if !level2 {
		end = (0xC6 - 0x81) * 157
	}
	for i := (0xA4 - 0x81) * 157; i < end; i++ {
		if c := rune(u16at(big5Dec, i)); c >= 0x4E00 && !bit(big5Hi, i) {
			b5 = append(b5, c)
		}
	}
	pool = append(pool, gb, b5, []rune("，。、：；？！「」『』（）　"))
	words := []string{"abc", "GB 2312", "CNS 11643", "2024", "x=1;", "ISO-2022-CN"}
	var b bytes.Buffer
	for l := 0; l < lines; l++ {
		n := rng.Intn(12)
		for w := 0; w < n; w++ {
			switch rng.Intn(4) {
			case 0:
				b.WriteString(words[rng.Intn(len(words))])
			case 1:
				b.WriteByte(' ')
			default:
				set := pool[rng.Intn(len(pool))]
				for k := 1 + rng.Intn(6); k > 0; k-- {
					b.WriteRune(set[rng.Intn(len(set))])
				}
			}
		}
		if rng.Intn(10) == 0 {
			b.WriteByte('\r')
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestISO2022CNTextVsIconv: Chinese text made from the GB 2312 and Big5
// tables, written by our encoder and by glibc's: each reads the other's
// output back to the text, and the bytes are the same up to the named
// rules; EUC-TW likewise.
func TestISO2022CNTextVsIconv(t *testing.T) {
	for _, tc := range []struct {
		c      *Codec
		level2 bool
	}{{ISO2022CN, false}, {ISO2022CN, true}, {EUCTW, true}} {
		c := tc.c
		text := hanText(rand.New(rand.NewSource(7)), 3000, tc.level2)
		t.Run(fmt.Sprintf("%s/level2=%v", c.Name, tc.level2), func(t *testing.T) {
			// Keep what both can write: drop the characters ours cannot
			// (Big5's beyond CNS planes 1-2 for ISO-2022-CN).
			keep, err := run(mustEncoder(t, c, Skip, ""), text)
			if err != nil {
				t.Fatal(err)
			}
			plain, err := run(c.NewDecoder(Strict), keep)
			if err != nil {
				t.Fatalf("our decoder cannot read our encoder's output: %v", err)
			}
			if utf8.RuneCount(plain) < utf8.RuneCount(text)*8/10 {
				t.Fatalf("%s keeps only %d of %d characters", c.Name, utf8.RuneCount(plain), utf8.RuneCount(text))
			}
			lines := bytes.Split(bytes.TrimSuffix(plain, []byte{'\n'}), []byte{'\n'})
			theirs := iconvLines(t, "UTF-8", iconvOracle[c], lines)
			ours := bytes.Split(bytes.TrimSuffix(keep, []byte{'\n'}), []byte{'\n'})
			// iconv reads our whole output back, and we read its.
			for i, l := range iconvLines(t, iconvOracle[c], "UTF-8", ours) {
				if !bytes.Equal(l, lines[i]) {
					t.Errorf("line %d: iconv reads our % x as %q, want %q", i, ours[i], l, lines[i])
				}
			}
			for i, l := range theirs {
				got, err := run(c.NewDecoder(Strict), l)
				if err != nil || !bytes.Equal(got, lines[i]) {
					if c == ISO2022CN && ss2Next(ours[i]) {
						continue // glibc's own output is wrong there: see cnKnown
					}
					t.Errorf("line %d: we read iconv's % x as %q (%v), want %q", i, l, got, err, lines[i])
				}
			}
			cnCompare(t, c, "writing text", lines, ours, theirs, true)
		})
	}
}

// TestISO2022CNEscapes: the escapes and shifts as RFC 1922 has them.
func TestISO2022CNEscapes(t *testing.T) {
	gbA, cns1 := "\x1b$)A", "\x1b$)G"
	cases := []struct {
		in   string
		want string // Replace mode
		err  Kind   // Strict mode's first error, 0 for none
		at   int64
	}{
		{gbA + "\x0e\x30\x21\x0f", "啊", 0, 0},
		{cns1 + "\x0e\x44\x21\x0f", "一", 0, 0},
		{"\x1b$*H\x1bN\x21\x21", "乂", 0, 0},
		// A designation holds to the end of its line only.
		{gbA + "\x0e\x30\x21\x0f\n\x0e\x30\x21\x0f", "啊\n\ufffd0!", BadEscape, 9},
		{"\x1b$*H\x1bN\x21\x21\n\x1bN\x21\x21", "乂\n\ufffd!!", BadEscape, 9},
		// A line feed in SO mode ends it: the next line starts in ASCII.
		{gbA + "\x0e\x30\x21\n\x30\x21", "啊\n0!", 0, 0},
		// SO with nothing designated, SS2 undesignated, unknown escapes
		// (ISO-2022-CN-EXT's included).
		{"\x0e\x30\x21", "\ufffd0!", BadEscape, 0},
		{"\x1bN\x21\x21", "\ufffd!!", BadEscape, 0},
		{"\x1b$+I\x1bO\x21\x21", "\ufffd$+I\ufffdO!!", BadEscape, 0},
		{"\x1b$)E", "\ufffd$)E", BadEscape, 0},
		// The designation changes in SO mode; space and controls stay
		// themselves there.
		{gbA + "\x0e\x30\x21" + cns1 + "\x44\x21 \x44\x21\x0f", "啊一 一", 0, 0},
		// Bytes 80-FF never occur; a lone byte at the end is truncated.
		{"a\x80b", "a\ufffdb", IllFormed, 1},
		{gbA + "\x0e\x30", "\ufffd", Truncated, 5},
		// Unmapped codes.
		{gbA + "\x0e\x2a\x21\x0f", "\ufffd", Unmapped, 5},
	}
	for _, tc := range cases {
		got, err := run(ISO2022CN.NewDecoder(Replace), []byte(tc.in))
		if err != nil || string(got) != tc.want {
			t.Errorf("decode %+q: %+q %v, want %+q", tc.in, got, err, tc.want)
		}
		_, err = run(ISO2022CN.NewDecoder(Strict), []byte(tc.in))
		var e *Error
		switch {
		case tc.err == 0 && err != nil:
			t.Errorf("strict decode %+q: %v", tc.in, err)
		case tc.err != 0 && (!errors.As(err, &e) || e.Kind != tc.err || e.Offset != tc.at):
			t.Errorf("strict decode %+q: %v, want %s at %d", tc.in, err, tc.err, tc.at)
		}
	}
	// The encoder designates again on each line, and never writes SO, SI
	// or ESC from the text.
	enc := mustEncoder(t, ISO2022CN, Strict, "")
	got, err := run(enc, []byte("啊\n啊乂\n乂"))
	want := gbA + "\x0e\x30\x21\x0f\n" + gbA + "\x0e\x30\x21\x1b$*H\x1bN\x21\x21\x0f\n\x1b$*H\x1bN\x21\x21"
	if err != nil || string(got) != want {
		t.Errorf("encode: %+q %v, want %+q", got, err, want)
	}
	for _, r := range []string{"\x0e", "\x0f", "\x1b"} {
		if _, err := run(enc, []byte("a"+r)); err == nil {
			t.Errorf("encode %+q: no error", r)
		}
	}
}
