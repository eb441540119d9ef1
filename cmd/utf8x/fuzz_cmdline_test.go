package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// FuzzCommandLine runs the tool on random command lines (the arguments
// split at NUL bytes) over random standard input, in process and in an
// empty folder of its own: the argument reading (short flags run together,
// values glued to their flag, flags after operands, "--", completion), every
// command's flags and values. None may panic; each ends with one of the
// three documented exit statuses, and what it writes stays in proportion to
// what it was given. Arguments naming a path outside the folder ("/", "."
// or "..") are left out, so that a run reads and writes nothing else. The
// input is given as standard input and as the file in.txt in that folder.
func FuzzCommandLine(f *testing.F) {
	for _, s := range []string{
		"check\x00-rl0", "check\x00-", "check\x00--json\x00--max-errors\x001",
		"convert\x00-fcp1252\x00-t\x00utf-16", "convert\x00-f\x00auto\x00-t\x00utf-8\x00-v",
		"convert\x00-0", "detect\x00--all\x00-", "detect\x00-j4\x00--read-all",
		"explain\x00--hex\x00E2 82 AC", "explain\x00U+20AC", "fix\x00--mojibake\x00--explain",
		"stats\x00--scripts\x00--json", "merge", "help\x00convert", "--version", "-h",
		"completion\x00bash", "detect\x00--generate-shell-completion", "check\x00--\x00-x",
		"check\x00--jobs=2\x00--color=never", "chek", "convert\x00--frobnicate", "",
		"detect\x00in.txt", "check\x00--json\x00in.txt", "fix\x00--mojibake\x00-w\x00in.txt",
		"convert\x00-f\x00auto\x00-t\x00utf-16\x00in.txt\x00-o\x00out.txt", "stats\x00in.txt\x00in.txt",
	} {
		f.Add(s, []byte("caf\xE9 \xE2\x82\xAC\n"))
	}
	f.Fuzz(func(t *testing.T, line string, in []byte) {
		args, ok := fuzzArgs(line, in)
		if !ok {
			return
		}
		t.Chdir(t.TempDir())
		// The same bytes as a regular file too, so that commands naming
		// in.txt read them through the tool's file opening (openRead), not
		// only from standard input.
		if err := os.WriteFile("in.txt", in, 0o600); err != nil {
			t.Fatal(err)
		}
		var out, errOut countingWriter
		code := run(args, bytes.NewReader(in), &out, &errOut)
		if code < 0 || code > 2 {
			t.Errorf("utf8x %q: exit status %d", args, code)
		}
		// The completion scripts and the help are the largest fixed
		// outputs; beyond them, explain's few hundred bytes per input byte.
		if limit := 4096*(len(in)+len(line)) + 1<<17; out.n+errOut.n > limit {
			t.Errorf("utf8x %q on %d bytes wrote %d bytes", args, len(in), out.n+errOut.n)
		}
	})
}

// fuzzArgs splits a fuzzed command line at NUL bytes into the arguments
// the fuzz targets run; ok is false for inputs they skip: long ones, and
// lines naming a path outside the test's own folder (a "/", "." or "..",
// which a recursive command would walk).
func fuzzArgs(line string, in []byte) (args []string, ok bool) {
	if len(line) > 256 || len(in) > 1<<12 {
		return nil, false
	}
	if line != "" {
		args = strings.Split(line, "\x00")
	}
	for _, a := range args {
		if strings.Contains(a, "/") || a == "." || a == ".." {
			return nil, false
		}
	}
	return args, true
}
