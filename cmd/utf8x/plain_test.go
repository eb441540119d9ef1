package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plainRun is what one run of the tool did: its exit status, what it wrote
// and the files it left in its folder.
type plainRun struct {
	code        int
	out, errOut string
	files       map[string]string
}

// runIn runs the tool with args on stdin in a new folder holding files,
// with (plainOK) or without runPlain.
func runIn(t *testing.T, files map[string]string, args []string, stdin []byte, plainOK bool) plainRun {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var out, errOut bytes.Buffer
	code := exitStatus(runArgs(args, bytes.NewReader(stdin), &out, &errOut, plainOK), &errOut)
	r := plainRun{code: code, out: out.String(), errOut: errOut.String(), files: map[string]string{}}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		r.files[e.Name()] = string(data)
	}
	return r
}

var plainFiles = map[string]string{
	"good.txt": "ok\n",
	"bad.txt":  "caf\xe9 cr\xe8me br\xfbl\xe9e \xe0 la fran\xe7aise\n",
	"-q":       "caf\xe9\n",
	"u8.txt":   "caf\xc3\xa9 \xe2\x82\xac\n",
}

// comparePlain runs args with and without runPlain and reports any
// difference in what they did; it returns whether runPlain ran them.
func comparePlain(t *testing.T, args []string, stdin []byte) bool {
	t.Helper()
	done := false
	func() {
		dir := t.TempDir()
		t.Chdir(dir)
		done, _ = runPlainDone(args, stdin)
	}()
	plain := runIn(t, plainFiles, args, stdin, true)
	full := runIn(t, plainFiles, args, stdin, false)
	if plain.code != full.code || plain.out != full.out || plain.errOut != full.errOut {
		t.Errorf("utf8x %q: runPlain: exit %d, stdout %q, stderr %q; urfave/cli: exit %d, stdout %q, stderr %q",
			args, plain.code, plain.out, plain.errOut, full.code, full.out, full.errOut)
	}
	if len(plain.files) != len(full.files) {
		t.Errorf("utf8x %q: runPlain left %d files, urfave/cli %d", args, len(plain.files), len(full.files))
	}
	for name, data := range full.files {
		if plain.files[name] != data {
			t.Errorf("utf8x %q: %s: runPlain left %q, urfave/cli %q", args, name, plain.files[name], data)
		}
	}
	return done
}

// runPlainDone reports whether runPlain takes args (in an empty folder,
// its output thrown away).
func runPlainDone(args []string, stdin []byte) (bool, error) {
	return runPlain(args, bytes.NewReader(stdin), io.Discard, io.Discard)
}

// A command line that runPlain runs, it runs as urfave/cli's command line
// does (same exit status, output, messages and files); the rest it leaves
// to urfave/cli. The cases marked plain must be runPlain's, so that the
// comparison is not of urfave/cli with itself.
func TestPlainMatchesCLI(t *testing.T) {
	for _, tc := range []struct {
		line  string // the arguments, split at spaces ("" none)
		plain bool
	}{
		{"detect bad.txt", true},
		{"detect good.txt bad.txt u8.txt", true},
		{"detect --all bad.txt", true},
		{"detect --all=false --json bad.txt", true},
		{"detect -0 bad.txt good.txt", true},
		{"detect --json -0 bad.txt", true}, // exclusive flags
		{"detect --min-confidence 0.99 bad.txt", true},
		{"detect --min-confidence=0.5 bad.txt", true},
		{"detect --min-confidence x bad.txt", false},
		{"detect --min-confidence= bad.txt", false},
		{"detect --all=", false},
		{"detect --min-confidence", false},
		{"detect -m", false},
		{"detect --version", false}, // urfave/cli's root flags reach the commands
		{"detect --frobnicate bad.txt", false},
		{"detect missing.txt", true},
		{"detect", true},
		{"detect -", true},
		{"detect -- -q", true},
		{"detect bad.txt --json", true},
		{"detect --help", true},
		{"detect -h bad.txt", true},
		{"detect --help=false bad.txt", true},
		{"detect --help=x bad.txt", false},
		{"detect --generate-shell-completion", false},
		{"detect --al --generate-shell-completion", false},
		{"check bad.txt", true},
		{"check -rl0 .", true},
		{"check -ql bad.txt", true},
		{"check -j1 -l bad.txt good.txt", true},
		{"check --json --max-errors 1 bad.txt", true},
		{"check --max-errors=0 --json=false good.txt", true},
		{"check -j x", false},
		{"check -x", false},
		{"check --", true},
		{"convert -fcp1252 -tutf-8 bad.txt", true},
		{"convert bad.txt --from cp1252 --replacement -x -t ascii", true},
		{"convert -f cp1252 --replacement --help -t ascii bad.txt", true},
		{"convert --from", false},
		{"convert --from -- bad.txt", true}, // "--" is --from's value
		{"convert -l", false},
		{"convert --list", true},
		{"fix bad.txt", true},
		{"fix --mojibake --explain u8.txt", true},
		{"stats bad.txt u8.txt", true},
		{"stats --scripts --json u8.txt", true},
		{"explain U+20AC", true},
		{"explain --hex E2 82 AC", true},
		{"explain h", true},
		{"explain help", true},
		{"merge", true},
		{"merge good.txt", true},
		{"", true},
		{"--help", true},
		{"-h", true},
		{"help", true},
		{"--version", true},
		{"-v", true},
		{"--help=true", false},
		{"help detect", false},
		{"--help detect", false},
		{"help frobnicate", false},
		{"frobnicate", false},
		{"chek", false},
		{"--frobnicate", false},
		{"completion bash", false},
		{"--version --help", false},
	} {
		var args []string
		if tc.line != "" {
			args = strings.Split(tc.line, " ")
		}
		if done := comparePlain(t, args, []byte("caf\xe9 \xe2\x82\xac\n")); done != tc.plain {
			t.Errorf("utf8x %q: runPlain ran it: %v, want %v", args, done, tc.plain)
		}
	}
	// An empty argument is no command.
	comparePlain(t, []string{""}, nil)
	comparePlain(t, []string{"detect", ""}, nil)
	comparePlain(t, []string{"detect", " --json", "bad.txt"}, nil)
	comparePlain(t, []string{"detect", "--json ", "bad.txt"}, nil)
}

// FuzzPlainMatchesCLI compares runPlain with urfave/cli's command line on
// random command lines (the arguments split at NUL bytes), as
// TestPlainMatchesCLI does on chosen ones.
func FuzzPlainMatchesCLI(f *testing.F) {
	for _, s := range []string{
		"check\x00-rl0\x00bad.txt", "check\x00-", "check\x00--json\x00--max-errors\x001\x00bad.txt",
		"convert\x00-fcp1252\x00-t\x00utf-16\x00bad.txt", "detect\x00--all\x00-", "detect\x00-j4\x00--read-all",
		"explain\x00--hex\x00E2 82 AC", "fix\x00--mojibake\x00--explain\x00u8.txt",
		"stats\x00--scripts\x00--json", "merge", "help\x00convert", "--version", "-h",
		"detect\x00--min-confidence\x00 0.5\x00bad.txt", "detect\x00--json=\x00bad.txt", "",
	} {
		f.Add(s, []byte("caf\xE9 \xE2\x82\xAC\n"))
	}
	f.Fuzz(func(t *testing.T, line string, in []byte) {
		args, ok := fuzzArgs(line, in)
		if !ok {
			return
		}
		comparePlain(t, args, in)
	})
}
