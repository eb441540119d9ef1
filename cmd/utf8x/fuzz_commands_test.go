package main

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

// fuzzInvocations are the command lines FuzzCommands runs on each input; IN is
// the input given as standard input, TEXT the input as one argument, HEX the
// input spelled as hex bytes. Together they reach every command's input path.
var fuzzInvocations = [][]string{
	{"explain"},
	{"explain", "--", "TEXT"},
	{"explain", "--hex", "HEX"},
	{"explain", "--hex", "--", "TEXT"}, // hex parsing of arbitrary text
	{"explain", "--color", "always"},
	{"stats"},
	{"stats", "--json"},
	{"check"},
	{"check", "--json", "--max-errors", "1"},
	{"check", "--encoding", "cesu-8"},
	{"check", "--encoding", "mutf-8"},
	{"check", "--encoding", "wtf-8"},
	{"check", "--encoding", "utf-8-legacy", "--json"},
	{"fix"},
	{"fix", "--invalid", "strict"},
	{"fix", "--invalid", "escape", "--bom", "add"},
	{"fix", "--invalid", "cp1252", "--bom", "strip"},
	{"fix", "--invalid", "skip"},
	{"fix", "--replacement", "<?>"},
	{"convert", "-f", "utf-8", "-t", "utf-16"},
	{"convert", "-f", "utf-16", "-t", "utf-8", "--invalid", "replace"},
	{"convert", "-f", "utf-16le", "-t", "latin1", "--invalid", "escape"},
	{"convert", "-f", "utf-32", "-t", "utf-8", "--invalid", "skip", "--bom", "add"},
	{"convert", "-f", "utf-8", "-t", "cp1252", "--invalid", "replace", "--bom", "strip"},
	{"convert", "-f", "cp1252", "-t", "utf-32be"},
	{"convert", "-f", "latin1", "-t", "utf-16be", "--bom", "add"},
	{"convert", "-f", "wtf-8", "-t", "utf-32le", "--invalid", "escape"},
	{"convert", "-f", "cesu-8", "-t", "utf-8", "--invalid", "replace"},
	{"convert", "-f", "ascii", "-t", "iso-8859-15", "--invalid", "escape"},
	{"convert", "-f", "iso-8859-15", "-t", "ascii"},
	{"convert", "-f", "utf-16le", "-t", "utf-8"}, // strict: the line and column of the error
	{"convert", "-f", "auto", "-t", "utf-8"},
	{"convert", "-f", "auto", "-t", "utf-16le", "--min-confidence", "0"},
	{"convert", "-f", "windows-1251", "-t", "utf-8"},
	{"convert", "-f", "shift_jis", "-t", "utf-8", "--invalid", "escape"},
	{"fix", "--mojibake", "--explain"},
	{"fix", "--mojibake", "--json", "--invalid", "cp1252"},
	{"detect"},
	{"detect", "--json", "--all"},
	{"detect", "--read-all", "--min-confidence", "0.5"},
	{"check", "-q"},
	{"check", "-l"},
	{"stats", "--scripts"},
	{"explain", "--encoding", "cesu-8", "--hex", "HEX"},
	{"explain", "--encoding", "utf-8-legacy"},
	// A piece of a larger input: standard input at a byte offset, and the
	// --range and --offset values themselves as arbitrary text (parsed
	// before the file is opened; /dev/null is then refused as not a
	// regular file).
	{"check", "--json", "--max-errors", "0", "--offset", "1000"},
	{"stats", "--json", "--offset", "7"},
	{"fix", "--offset", "3"},
	{"convert", "-f", "utf-8", "-t", "utf-16", "--offset", "0"},
	{"check", "--json", "--range", "TEXT", "/dev/null"},
	{"stats", "--json", "--offset", "TEXT"},
}

// countingWriter keeps nothing and counts what it is given, so that a fuzz
// run holds no output however much a command writes.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// FuzzCommands runs every command on random input, in process: none may
// panic, each ends with one of the three documented exit statuses, and what it
// writes stays in proportion to what it read.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{
		"", "x", "x\xED\xA0\x80", "\xED\xA0\x80", "\xED\xA0\xBD\xED\xB8\x80", "\xED\xA0", "\xED",
		"caf\xE9\n", "\xEF\xBB\xBF", "\xFF\xFE\x00\xD8", "\xFE\xFF", "\xC0\x80", "\xF4\x90\x80\x80",
		"\xF8\x88\x80\x80\x80", "\xFC\x84\x80\x80\x80\x80", "E2 82 AC", "U+20AC", "0x41", "-",
		"\x00a\x00b\x00", "a\nb\r\n\xF0\x9F\x98\x80\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 1<<12 {
			in = in[:1<<12]
		}
		hexIn := hex.EncodeToString(in)
		if hexIn == "" {
			hexIn = "00"
		}
		for _, inv := range fuzzInvocations {
			args := make([]string, len(inv))
			for i, a := range inv {
				switch a {
				case "TEXT":
					a = string(in)
				case "HEX":
					a = hexIn
				}
				args[i] = a
			}
			var out, errOut countingWriter
			code := run(args, bytes.NewReader(in), &out, &errOut)
			if code < 0 || code > 2 {
				t.Errorf("utf8x %s on %q: exit status %d", strings.Join(inv, " "), in, code)
			}
			// The wordiest command, explain, writes a few hundred bytes per
			// input byte; anything far beyond that is runaway output.
			if limit := 4096*len(in) + 1<<16; out.n+errOut.n > limit {
				t.Errorf("utf8x %s on %d bytes wrote %d bytes", strings.Join(inv, " "), len(in), out.n+errOut.n)
			}
		}
	})
}

// Encoded surrogates, alone, at the end of the input and as the half of a
// pair cut short, once made explain panic: each runs through the real command
// line and must come out as a surrogate error.
func TestExplainLoneSurrogateAtEnd(t *testing.T) {
	for _, tc := range []struct {
		args []string
		in   string
	}{
		{[]string{"explain", "--hex", "ED A0 80"}, ""},
		{[]string{"explain"}, "x\xED\xA0\x80"},
		{[]string{"explain", "--hex", "ED B0 80"}, ""},
		{[]string{"explain", "--hex", "ED A0 BD ED B8"}, ""},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, strings.NewReader(tc.in), &out, &errOut)
		if code != 0 || !strings.Contains(out.String(), "not UTF-8 (surrogate)") {
			t.Errorf("utf8x %s <%q: exit %d, stdout %q, stderr %q", strings.Join(tc.args, " "), tc.in, code, out.String(), errOut.String())
		}
	}
}
