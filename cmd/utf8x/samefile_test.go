package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// "utf8x fix f >> f" would read what it writes until the disk is full: like
// cat, the tool refuses when an output is the same file as an input, and
// writes nothing.
func TestRefuseOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f.txt")
	other := filepath.Join(dir, "other.txt")
	const content = "caf\xE9 au lait\n"
	reset := func() {
		for _, p := range []string{f, other} {
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		args   []string
		stdin  string // a file to open as standard input
		stdout string // a file to append standard output to
		want   string // the message
	}{
		{args: []string{"fix", f}, stdout: f, want: f + ": input file is output file"},
		{args: []string{"fix", other, f}, stdout: f, want: f + ": input file is output file"},
		{args: []string{"fix"}, stdin: f, stdout: f, want: "<stdin>: input file is output file"},
		{args: []string{"fix", "-"}, stdin: f, stdout: f, want: "<stdin>: input file is output file"},
		{args: []string{"fix", "-o", f, f}, want: f + ": input file is output file (use --in-place to rewrite it)"},
		{args: []string{"convert", "-f", "latin1", "-t", "utf-8", f}, stdout: f, want: f + ": input file is output file"},
		{args: []string{"convert", "-f", "latin1", "-t", "utf-8", other, f}, stdout: f, want: f + ": input file is output file"},
		{args: []string{"convert", "-f", "latin1", "-t", "utf-8", "-o", f, f}, want: f + ": input file is output file (use --in-place to rewrite it)"},
		{args: []string{"convert", "-f", "latin1", "-t", "utf-8", "-o", f}, stdin: f, want: "<stdin>: input file is output file"},
	}
	for _, tc := range tests {
		reset()
		var stdin *os.File
		if tc.stdin != "" {
			var err error
			if stdin, err = os.Open(tc.stdin); err != nil {
				t.Fatal(err)
			}
		}
		var stdout *os.File
		if tc.stdout != "" {
			var err error
			if stdout, err = os.OpenFile(tc.stdout, os.O_WRONLY|os.O_APPEND, 0); err != nil {
				t.Fatal(err)
			}
		}
		// Should the refusal ever break, the run would fill the disk: a
		// watchdog closes its output once the file grows past 1 MB.
		stop := make(chan struct{})
		if stdout != nil {
			go func(out *os.File) {
				for {
					select {
					case <-stop:
						return
					case <-time.After(5 * time.Millisecond):
						if fi, err := os.Stat(f); err == nil && fi.Size() > 1<<20 {
							out.Close()
							return
						}
					}
				}
			}(stdout)
		}
		var errOut bytes.Buffer
		var code int
		switch {
		case stdin != nil && stdout != nil:
			code = run(tc.args, stdin, stdout, &errOut)
		case stdin != nil:
			code = run(tc.args, stdin, &bytes.Buffer{}, &errOut)
		case stdout != nil:
			code = run(tc.args, strings.NewReader(""), stdout, &errOut)
		default:
			code = run(tc.args, strings.NewReader(""), &bytes.Buffer{}, &errOut)
		}
		close(stop)
		if stdin != nil {
			stdin.Close()
		}
		if stdout != nil {
			stdout.Close()
		}
		name := strings.Join(tc.args, " ")
		if code != 2 || errOut.String() != "utf8x: "+tc.want+"\n" {
			t.Errorf("utf8x %s: exit %d, stderr %q; want 2 and %q", name, code, errOut.String(), tc.want)
		}
		for _, p := range []string{f, other} {
			if got, _ := os.ReadFile(p); string(got) != content {
				t.Errorf("utf8x %s: %s changed to %q", name, filepath.Base(p), got)
			}
		}
		if left := tempLeftovers(t, dir); len(left) > 0 {
			t.Errorf("utf8x %s: temporary files left: %v", name, left)
		}
	}
	// Not regular files: /dev/null in and out is fine, as with cat.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer null.Close()
	if code := run([]string{"fix", os.DevNull}, nil, null, &bytes.Buffer{}); code != 0 {
		t.Errorf("utf8x fix %s > %[1]s: exit %d", os.DevNull, code)
	}
}
