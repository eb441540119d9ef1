package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The command line reads as getopt_long would: short flags grouped or with
// their value attached, flags after operands, "--" ending the flags, and an
// operand that looks like a flag only after "--". Each case runs the tool.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	dash := filepath.Join(dir, "-q")
	for name, data := range map[string]string{good: "ok\n", bad: "caf\xe9\n", dash: "caf\xe9\n"} {
		if err := os.WriteFile(name, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args     []string
		code     int
		out, err string // substrings of stdout and stderr ("" for none)
		noOut    bool
	}{
		{args: []string{"check", bad, "-q"}, code: 1, noOut: true}, // a flag after an operand
		{args: []string{"check", "-q", bad}, code: 1, noOut: true},
		{args: []string{"check", "-ql", bad}, code: 2, err: "[files-with-errors quiet] were all set"},
		{args: []string{"check", "-rl0", dir}, code: 1, out: bad + "\x00"}, // -r -l -0 (a grouped -0)
		{args: []string{"check", "-l", "-0", bad}, code: 1, out: bad + "\x00"},
		{args: []string{"check", "-j1", "-l", bad}, code: 1, out: bad + "\n"}, // a value attached
		{args: []string{"check", "-j=1", "-l", bad}, code: 1, out: bad + "\n"},
		{args: []string{"check", "-lj", "1", bad}, code: 1, out: bad + "\n"}, // the last of a group takes the next argument
		{args: []string{"check", "--max-errors=0", "--json=false", good}, code: 0},
		{args: []string{"check", "-l", "--", dash}, code: 1, out: dash + "\n"}, // after --, "-q" is a file
		{args: []string{"check", "-l", dir + "/../" + filepath.Base(dir) + "/bad.txt", "--", "--json"}, code: 2, err: "--json"},
		{args: []string{"explain", "h"}, code: 0, out: "LATIN SMALL LETTER H"}, // not help's alias
		{args: []string{"explain", "help"}, code: 0, out: "LATIN SMALL LETTER P"},
		{args: []string{"explain", " --hex"}, code: 0, out: "HYPHEN-MINUS"}, // an operand, not a flag
		{args: []string{"explain", "--", "-x"}, code: 0, out: "LATIN SMALL LETTER X"},
		{args: []string{"convert", "-fcp1252", "-tutf-8", bad}, code: 0, out: "café"},
		{args: []string{"convert", bad, "--from", "cp1252", "--replacement", "-x", "-t", "ascii"}, code: 0, out: "caf-x"},
		{args: []string{"check", bad, "--help"}, code: 0, out: "Usage:\n  utf8x check [flags] [FILE...]"},
		{args: []string{"check", "--help=false", "-l", bad}, code: 1, out: bad + "\n"},
		{args: []string{"convert", "-f", "cp1252", "--replacement", "--help", "-t", "ascii", bad}, code: 0, out: "caf--help"},
		{args: []string{"check", "-h"}, code: 0, out: "  -h, --help "},
		{args: []string{"help", "detect"}, code: 0, out: "Usage:\n  utf8x detect [flags] [FILE...]"},
		{args: []string{"--help", "detect"}, code: 0, out: "Usage:\n  utf8x detect [flags] [FILE...]"},
		{args: []string{"help", "frobnicate"}, code: 2, err: `unknown help topic "frobnicate": the commands are check, convert, detect, explain, fix, merge, stats`},
		{args: []string{}, code: 0, out: "Start here:"},
		{args: []string{"frobnicate"}, code: 2, err: `unknown command "frobnicate" for "utf8x"`},
		{args: []string{"--version"}, code: 0, out: "utf8x "},
		{args: []string{"-v"}, code: 0, out: "built with go"},
		{args: []string{"check", "-x"}, code: 2, err: "unknown shorthand flag: 'x' in -x\nRun 'utf8x check --help' for usage."},
		{args: []string{"check", "-lx"}, code: 2, err: "unknown shorthand flag: 'x' in -lx"},
		{args: []string{"check", "-1"}, code: 2, err: "unknown shorthand flag: '1' in -1"},
		{args: []string{"check", "--frobnicate"}, code: 2, err: "unknown flag: --frobnicate\nRun 'utf8x check --help' for usage."},
		{args: []string{"--frobnicate"}, code: 2, err: "unknown flag: --frobnicate\nRun 'utf8x --help' for usage."},
		{args: []string{"check", "-j"}, code: 2, err: "flag needs an argument: 'j' in -j"},
		{args: []string{"check", "--jobs"}, code: 2, err: "flag needs an argument: --jobs"},
		{args: []string{"check", "-j", "x"}, code: 2, err: `invalid argument "x" for "-j, --jobs" flag: strconv.ParseInt: parsing "x": invalid syntax`},
		{args: []string{"check", "--range-size", "x", good}, code: 2, err: `invalid argument "x" for "--range-size" flag`},
		{args: []string{"chek"}, code: 2, err: "unknown command \"chek\" for \"utf8x\"\n\nDid you mean this?\n\tcheck"},
		{args: []string{"detect", "--json", "-0", good}, code: 2, err: "if any flags in the group [null json] are set none of the others can be; [json null] were all set"},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &out, &errOut)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errOut.String(), tc.err) ||
			tc.noOut && out.Len() > 0 || tc.err == "" && errOut.Len() > 0 && code != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				tc.args, code, out.String(), errOut.String(), tc.code, tc.out, tc.err)
		}
	}
}
