package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// The help is output like any other: when it cannot be written the exit
// status is 2, as for every other write error, and the reason is on stderr.
func TestHelpWriteErrorExits2(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"check", "--help"}, {"help", "fix"}, {}} {
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(""), failingWriter{errors.New("no space left on device")}, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), "cannot write to standard output: no space left on device") {
			t.Errorf("%q to a full device: exit %d, stderr %q; want 2 and the write error", args, code, errOut.String())
		}
	}
	// And with room, the help is all there.
	var out bytes.Buffer
	if code := run([]string{"check", "--help"}, strings.NewReader(""), &out, &bytes.Buffer{}); code != exitOK || !strings.Contains(out.String(), "--max-errors") {
		t.Errorf("check --help: exit %d, stdout %q", code, out.String())
	}
}

// Usage mistakes exit 2 with a message a person can act on.
func TestUsageMistakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"explain", ""}, "an empty argument has nothing to explain"},
		{[]string{"explain", "a", ""}, "an empty argument has nothing to explain"},
		{[]string{"detect", "--min-confidence", "abc"}, `invalid argument "abc" for "--min-confidence" flag: want a number from 0 to 1`},
		{[]string{"detect", "--min-confidence", "1.5"}, "want a number from 0 to 1"},
		{[]string{"detect", "--min-confidence", "NaN"}, "want a number from 0 to 1"},
		{[]string{"convert", "-f", "auto", "--min-confidence", "abc"}, "want a number from 0 to 1"},
		{[]string{"check", "-j", "-1"}, "-j must be 1 or more (or 0 for one per CPU)"},
		{[]string{"stats", "-j", "-1"}, "-j must be 1 or more (or 0 for one per CPU)"},
		{[]string{"fix", "-j", "-1"}, "-j must be 1 or more (or 0 for one per CPU)"},
		{[]string{"convert", "-j", "-1"}, "-j must be 1 or more (or 0 for one per CPU)"},
	} {
		var out, errOut bytes.Buffer
		code := run(tc.args, strings.NewReader("x"), &out, &errOut)
		if code != exitUsage || !strings.Contains(errOut.String(), tc.want) || strings.Contains(errOut.String(), "ParseFloat") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, errOut.String(), tc.want)
		}
	}
}

// -j 0 means one worker per CPU, the default, for every command that has -j,
// and the help of each says so.
func TestJobsZeroIsOnePerCPU(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	if err := os.WriteFile(in, []byte("caf\xc3\xa9\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", "-j", "0", in}, {"stats", "-j", "0", in}, {"fix", "-j", "0", in}, {"convert", "-j", "0", in}} {
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != exitOK {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut.String())
		}
		var help bytes.Buffer
		run([]string{args[0], "--help"}, strings.NewReader(""), &help, &bytes.Buffer{})
		if flat := strings.Join(strings.Fields(help.String()), " "); !strings.Contains(flat, "(0, the default: the number of CPUs") {
			t.Errorf("%s --help does not say what -j 0 means", args[0])
		}
	}
}

// fix -o OUT A B writes A's output then B's into OUT, as convert -o OUT A B
// does and as both do on standard output; a failing input leaves OUT
// unwritten.
func TestSeveralInputsIntoOneOutput(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.WriteFile(a, []byte("caf\xe9\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("ok\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range [][]string{{"fix", "-q"}, {"convert", "--invalid", "replace"}} {
		var stdout bytes.Buffer
		if code := run(append(cmd[:len(cmd):len(cmd)], a, b), strings.NewReader(""), &stdout, &bytes.Buffer{}); code != exitOK {
			t.Fatalf("%q a b: exit %d", cmd, code)
		}
		if want := "caf\uFFFD\nok\n"; stdout.String() != want {
			t.Errorf("%q a b: %q, want %q", cmd, stdout.String(), want)
		}
		out := filepath.Join(dir, cmd[0]+".out")
		var errOut bytes.Buffer
		if code := run(append(cmd[:len(cmd):len(cmd)], "-o", out, a, b), strings.NewReader(""), &bytes.Buffer{}, &errOut); code != exitOK {
			t.Fatalf("%q -o out a b: exit %d, stderr %q", cmd, code, errOut.String())
		}
		if got, err := os.ReadFile(out); err != nil || string(got) != stdout.String() {
			t.Errorf("%q -o out a b wrote %q (%v), standard output gets %q", cmd, got, err, stdout.String())
		}
		// A strict failure in the second input: OUT is not written.
		strictOut := filepath.Join(dir, cmd[0]+".strict")
		code := run([]string{cmd[0], "--invalid", "strict", "-o", strictOut, b, a}, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
		if _, err := os.Stat(strictOut); code != exitInvalid || !os.IsNotExist(err) {
			t.Errorf("%s --invalid strict -o out ok bad: exit %d, out stat %v; want 1 and no file", cmd[0], code, err)
		}
	}
}

// Every help fits 80 columns (flag descriptions wrapped, examples broken
// with \), and fix's and convert's end with their exit status in a
// paragraph of its own.
func TestHelpFits80Columns(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"check", "--help"}, {"fix", "--help"}, {"convert", "--help"},
		{"detect", "--help"}, {"stats", "--help"}, {"explain", "--help"}, {"merge", "--help"}, {"completion", "--help"}} {
		var out bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &bytes.Buffer{}); code != exitOK {
			t.Fatalf("%q: exit %d", args, code)
		}
		for i, line := range strings.Split(out.String(), "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("%q line %d has %d columns: %q", args, i+1, n, line)
			}
		}
		if args[0] == "fix" || args[0] == "convert" {
			if !strings.Contains(out.String(), "\n\nExit status:") {
				t.Errorf("%q: no paragraph of its own for the exit status", args)
			}
		}
	}
}

// The overview's one line on convert says it reads legacy encodings and
// guesses with -f auto.
func TestOverviewConvertLine(t *testing.T) {
	var out bytes.Buffer
	run([]string{"--help"}, strings.NewReader(""), &out, &bytes.Buffer{})
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "convert ") {
			if !strings.Contains(line, "legacy encodings") || !strings.Contains(line, "-f auto") {
				t.Errorf("convert's summary %q names neither the legacy encodings nor -f auto", line)
			}
			return
		}
	}
	t.Errorf("no convert line in %q", out.String())
}

// The README's synopsis names only flags the commands have.
func TestReadmeSynopsisFlags(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Skipf("no README beside the module: %v", err)
	}
	_, block, ok := strings.Cut(string(readme), "\n## The tool\n\n```\n")
	if !ok {
		t.Fatal("no synopsis block after \"## The tool\" in README.md")
	}
	block, _, _ = strings.Cut(block, "```")
	flagRE := regexp.MustCompile(`(?:^|[\s\[|])(--?[a-z0-9][a-z0-9-]*)`)
	var cmd *command
	checked := 0
	for _, line := range strings.Split(block, "\n") {
		switch {
		case strings.HasPrefix(line, "utf8x "):
			name := strings.Fields(line)[1]
			c := newApp([]string{name}).find(name)
			if c == nil {
				t.Fatalf("README synopsis: no command %q", name)
			}
			cmd = c
			line = strings.TrimPrefix(line, "utf8x "+name)
		case strings.HasPrefix(line, "              "): // a synopsis continues
		default:
			continue // the notes after it
		}
		for _, m := range flagRE.FindAllStringSubmatch(line, -1) {
			f := m[1]
			var found bool
			if long, ok := strings.CutPrefix(f, "--"); ok {
				found = cmd.Flags().Lookup(long) != nil
			} else {
				found = len(f) == 2 && cmd.Flags().ShorthandLookup(f[1:]) != nil
			}
			if !found {
				t.Errorf("README synopsis: %s has no flag %s", cmd.Name(), f)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Errorf("only %d flags found in the synopsis: is the block still there?", checked)
	}
}
