package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fix and convert show the same bar as check on big inputs, on a terminal
// only, and erase it when done.
func TestFixConvertProgressBar(t *testing.T) {
	defer func(f func(any) bool, n int64) { isTerminal, progressMinBytes = f, n }(isTerminal, progressMinBytes)
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("caf\xE9 "), 40000), 0o666); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	progressMinBytes = 100 << 10
	for _, tc := range []struct {
		terminal bool
		args     []string
		want     bool
	}{
		{true, []string{"fix", "-q", big}, true},
		{true, []string{"fix", "-q", "-o", out, big}, true},
		{true, []string{"convert", "-f", "latin1", big}, true},
		{true, []string{"convert", "-f", "latin1", "-t", "utf-16", "-o", out, big}, true},
		{false, []string{"fix", "-q", big}, false},
		{false, []string{"convert", "-f", "latin1", big}, false},
		{true, []string{"fix", "-q", "testdata/script/help.txtar"}, false}, // small
	} {
		isTerminal = func(any) bool { return tc.terminal }
		var stdout, errOut bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &stdout, &errOut); code != exitOK {
			t.Fatalf("%v: exit %d, stderr %q", tc.args, code, errOut.String())
		}
		bar := errOut.String()
		if got := strings.Contains(bar, "%"); got != tc.want {
			t.Errorf("%v, terminal %v: stderr %q", tc.args, tc.terminal, bar)
		}
		if tc.want && !strings.HasSuffix(bar, "\r\x1b[K") {
			t.Errorf("%v: the bar does not erase itself: %q", tc.args, bar)
		}
	}
}

// fix and convert typed at a terminal with no FILE say what they want
// instead of waiting silently, as check, stats and explain do; "-" still
// reads the terminal for whoever means it.
func TestFixConvertAtTerminalExplainInsteadOfWaiting(t *testing.T) {
	defer func(f func(any) bool) { isTerminal = f }(isTerminal)
	isTerminal = func(any) bool { return true }
	for _, args := range [][]string{{"fix"}, {"fix", "--invalid", "escape"}, {"convert", "-f", "latin1"}} {
		var out, errOut bytes.Buffer
		code := run(args, strings.NewReader("never read"), &out, &errOut)
		want := "give FILE arguments or pipe text in (see 'utf8x " + args[0] + " --help')"
		if code != exitUsage || out.Len() != 0 || !strings.Contains(errOut.String(), want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, out.String(), errOut.String(), want)
		}
	}
	var out bytes.Buffer
	if code := run([]string{"fix", "-"}, strings.NewReader("typed\n"), &out, &bytes.Buffer{}); code != 0 || out.String() != "typed\n" {
		t.Errorf("fix - at a terminal: exit %d, stdout %q", code, out.String())
	}
}
