package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// namesDir makes a directory with a file whose name is not valid UTF-8 and
// holds a colon and a newline, and one with a plain name; both hold
// invalid UTF-8. It returns the two paths.
func namesDir(t *testing.T) (odd, plain string) {
	t.Helper()
	dir := t.TempDir()
	odd = filepath.Join(dir, "b\xffd:\nname")
	plain = filepath.Join(dir, "a")
	for _, p := range []string{odd, plain} {
		if err := os.WriteFile(p, []byte("caf\xe9 cr\xe8me\n"), 0o666); err != nil {
			t.Skipf("this file system refuses the name %q: %v", p, err)
		}
	}
	return odd, plain
}

// detect --json and stats --json carry a name that is not UTF-8 as
// check --json does: U+FFFD in "file", its bytes in "file_base64".
func TestJSONNamesNotUTF8(t *testing.T) {
	odd, plain := namesDir(t)
	for _, cmd := range []string{"check", "detect", "stats"} {
		var out, errOut bytes.Buffer
		run([]string{cmd, "--json", odd, plain}, strings.NewReader(""), &out, &errOut)
		var seen int
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			var rec struct {
				File       string  `json:"file"`
				FileBase64 *string `json:"file_base64"`
			}
			if err := json.Unmarshal([]byte(line), &rec); err != nil {
				t.Fatalf("%s --json: %q: %v", cmd, line, err)
			}
			switch rec.File {
			case strings.ToValidUTF8(odd, "\uFFFD"):
				seen++
				if rec.FileBase64 == nil {
					t.Errorf("%s --json: no file_base64 for %q: %s", cmd, odd, line)
					continue
				}
				if b, err := base64.StdEncoding.DecodeString(*rec.FileBase64); err != nil || string(b) != odd {
					t.Errorf("%s --json: file_base64 %q decodes to %q (%v), want %q", cmd, *rec.FileBase64, b, err, odd)
				}
			case plain:
				if rec.FileBase64 != nil {
					t.Errorf("%s --json: file_base64 for the valid name %q: %s", cmd, plain, line)
				}
			default:
				t.Errorf("%s --json: file %q is neither input", cmd, rec.File)
			}
		}
		if seen == 0 {
			t.Errorf("%s --json: no record for %q in %q (stderr %q)", cmd, odd, out.String(), errOut.String())
		}
	}
}

// -0 puts a NUL after each file name in place of what follows it, so a name
// with a colon and a newline comes back whole: check -l gives the names
// NUL-terminated (for xargs -0), detect gives NAME\0ANSWER lines, stats
// NAME\0 then the counts.
func TestNullNames(t *testing.T) {
	odd, plain := namesDir(t)
	names := []string{odd, plain}
	run0 := func(args ...string) string {
		var out, errOut bytes.Buffer
		run(args, strings.NewReader(""), &out, &errOut)
		if errOut.Len() != 0 {
			t.Errorf("%q: stderr %q", args, errOut.String())
		}
		return out.String()
	}
	if got, want := run0("check", "-l", "-0", odd, plain), odd+"\x00"+plain+"\x00"; got != want {
		t.Errorf("check -l -0: %q, want %q", got, want)
	}
	// Without -l every line a name starts has the NUL right after it.
	for _, cmd := range [][]string{{"check", "-0"}, {"detect", "-0"}, {"detect", "--null", "--all"}, {"stats", "--null"}} {
		out := run0(append(cmd[:len(cmd):len(cmd)], odd, plain)...)
		// A record starts with a name and its NUL and ends at the next
		// newline. The names here are absolute paths: the other lines
		// (detect --all's candidates, stats' counts, check's summary) do
		// not start with "/".
		var got []string
		for rest := out; rest != ""; {
			if !strings.HasPrefix(rest, "/") {
				_, rest, _ = strings.Cut(rest, "\n")
				continue
			}
			name, after, ok := strings.Cut(rest, "\x00")
			if !ok {
				t.Errorf("%q: no NUL in %q", cmd, rest)
				break
			}
			got = append(got, name)
			_, rest, _ = strings.Cut(after, "\n")
		}
		if len(got) < 2 || got[0] != odd || got[len(got)-1] != plain {
			t.Errorf("%q: names %q from %q, want %q first and %q last", cmd, got, out, odd, plain)
		}
		for _, n := range got {
			if n != odd && n != plain {
				t.Errorf("%q: name %q is neither input (%q)", cmd, n, names)
			}
		}
	}
	// Without -0, nothing changes.
	if got := run0("check", "-l", plain); got != plain+"\n" {
		t.Errorf("check -l: %q", got)
	}
	var errOut bytes.Buffer
	if code := run([]string{"check", "--json", "-0", plain}, strings.NewReader(""), &bytes.Buffer{}, &errOut); code != exitUsage {
		t.Errorf("check --json -0: exit %d, stderr %q; want 2", code, errOut.String())
	}
}
