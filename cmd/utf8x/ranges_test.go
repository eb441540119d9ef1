package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runTool runs the tool in-process and returns its exit status and output.
func runTool(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// rangeInputs are files that put faults, LFs and characters of every length
// at every distance from range cuts: dense random mixes (see interesting), a
// valid text, an input that is all faults, and inputs whose start makes check
// give a hint.
func rangeInputs(t *testing.T) map[string]string {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(11, 11))
	inputs := map[string][]byte{
		"valid":     bytes.Repeat([]byte("héllo wörld € 😀\nline two\n"), 40),
		"allbad":    bytes.Repeat([]byte("\xFF\x80\xE2\x82"), 100),
		"bom":       append([]byte("\xEF\xBB\xBF"), bytes.Repeat([]byte("a\xE9b\n"), 50)...),
		"utf16bom":  append([]byte("\xFF\xFE"), bytes.Repeat([]byte("a\x00\n\x00"), 50)...),
		"nuls":      append(bytes.Repeat([]byte("a\x00"), 300), "\xFF"...),
		"errlast":   append(bytes.Repeat([]byte("x"), 500), "\xF0\x9F\x98"...),
		"nolf":      bytes.Repeat([]byte("€"), 300),
		"cr-errors": bytes.Repeat([]byte("\xED\xA0\x80\r\n\xC0\xAF"), 60),
		// UTF-16 ending in a high surrogate and a stray byte: one
		// ill-formed unit for the stream.
		"u16odd": append(bytes.Repeat([]byte("a\x00\xE9\x00"), 50), "\x3D\xD8\x00"...),
	}
	for i := range 4 {
		inputs[fmt.Sprintf("mix%d", i)] = interesting(rng, 300+rng.IntN(700))
	}
	paths := map[string]string{}
	for name, p := range inputs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = path
	}
	return paths
}

// rangeSizes are the range sizes tried: tiny ones put cuts inside every
// character and fault; 0 is the default (one range for these small files).
var rangeSizes = []string{"1", "2", "3", "4", "5", "7", "64", "301", "0"}

// compareRanges runs each command line streaming (--range-size -1) and in
// ranges of every size with -j 1 and -j 3, on every input, and requires the
// same status and output.
func compareRanges(t *testing.T, lines [][]string) {
	t.Helper()
	inputs := rangeInputs(t)
	for name, path := range inputs {
		for _, args := range lines {
			args := append(append([]string{}, args...), path)
			code, out, errOut := runTool(append([]string{args[0], "-j", "1", "--range-size", "-1"}, args[1:]...)...)
			if code == 2 {
				t.Fatalf("%v on %s: status 2: %s", args, name, errOut)
			}
			for _, size := range rangeSizes {
				for _, jobs := range []string{"1", "3"} {
					c, o, e := runTool(append([]string{args[0], "-j", jobs, "--range-size", size}, args[1:]...)...)
					if c != code || o != out || e != errOut {
						t.Fatalf("%v on %s, range size %s, -j %s: status %d\n%q\n%q\nstreaming: status %d\n%q\n%q",
							args, name, size, jobs, c, o, e, code, out, errOut)
					}
				}
			}
		}
	}
}

func TestCheckRangesSameAsOneJob(t *testing.T) {
	compareRanges(t, [][]string{
		{"check"},
		{"check", "--max-errors", "0"},
		{"check", "--max-errors", "3"},
		{"check", "--json", "--max-errors", "0"},
		{"check", "-q"},
		{"check", "-l"},
	})
}

// TestCheckRangesManyErrors makes ranges hold more errors than a worker
// lists, so that the emitting side checks them again in pieces.
func TestCheckRangesManyErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bad")
	p := bytes.Repeat([]byte("ab\xFF\n\xE2\x82c"), 3000) // 6000 errors in 21 KB
	if err := os.WriteFile(path, p, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, max := range []string{"0", "1500", "5000"} {
		code, out, _ := runTool("check", "-j", "1", "--range-size", "-1", "--max-errors", max, path)
		c, o, _ := runTool("check", "-j", "2", "--range-size", "9000", "--max-errors", max, path)
		if c != code || o != out {
			t.Fatalf("--max-errors %s: -j 2 differs from -j 1 (%d vs %d, %d vs %d lines)", max, c, code, strings.Count(o, "\n"), strings.Count(out, "\n"))
		}
		if code != 1 || strings.Count(out, "\n") < 1500 {
			t.Fatalf("--max-errors %s: status %d, %d lines", max, code, strings.Count(out, "\n"))
		}
	}
}

func TestStatsRangesSameAsOneJob(t *testing.T) {
	compareRanges(t, [][]string{
		{"stats"},
		{"stats", "--json", "--scripts"},
	})
}

func TestFixRangesSameAsOneJob(t *testing.T) {
	compareRanges(t, [][]string{
		{"fix"},
		{"fix", "--invalid", "escape", "--bom", "strip"},
		{"fix", "--invalid", "cp1252", "--bom", "add"},
		{"fix", "--invalid", "skip", "--bom", "keep"},
		{"fix", "--invalid", "replace", "--replacement", "<?>"},
		{"fix", "--invalid", "strict"},
	})
}

func TestConvertRangesSameAsOneJob(t *testing.T) {
	compareRanges(t, [][]string{
		{"convert", "-f", "utf-8", "-t", "utf-16le"},
		{"convert", "-f", "utf-8", "-t", "utf-16", "--invalid", "replace"},
		{"convert", "-f", "utf-8", "-t", "utf-32be", "--invalid", "escape", "--bom", "strip"},
		{"convert", "-f", "utf-8", "-t", "latin1", "--invalid", "replace", "--bom", "add"},
		{"convert", "-f", "utf-8", "-t", "cp1252", "--invalid", "skip"},
		{"convert", "-f", "utf-16le", "-t", "utf-8", "--invalid", "replace"},
		{"convert", "-f", "utf-16be", "-t", "utf-8"},
		{"convert", "-f", "utf-32le", "-t", "utf-8", "--invalid", "escape"},
		{"convert", "-f", "cp1252", "-t", "utf-16be"},
		{"convert", "-f", "latin1", "-t", "utf-8", "--bom", "add"},
	})
}

// FuzzRanges splits arbitrary files into ranges of arbitrary sizes and
// requires every command's output to be the streaming one.
func FuzzRanges(f *testing.F) {
	f.Add([]byte("a\xE2\x82\nb\xED\xA0\x80c\xF0\x9F\x98\x80\xFF"), uint8(3))
	f.Add([]byte("\xEF\xBB\xBFx\xC0\xAF\r\n\xE9"), uint8(1))
	f.Add([]byte("a\x00b\x00\x3D\xD8\x00"), uint8(2))
	f.Add([]byte("cafÃ©\nâ€™ ok\n\xFFÐŸÑ€Ð¸Ð²ÐµÑ‚\nÃ "), uint8(5))
	lines := [][]string{
		{"fix", "--mojibake", "--bom", "add"},
		{"fix", "--mojibake", "--invalid", "skip"},
		{"check", "--max-errors", "0"},
		{"check", "-l"},
		{"stats", "--json"},
		{"fix", "--invalid", "escape", "--bom", "strip"},
		{"fix", "--invalid", "strict"},
		{"convert", "-f", "utf-8", "-t", "utf-16be", "--invalid", "replace", "--bom", "add"},
		{"convert", "-f", "utf-16le", "-t", "utf-8", "--invalid", "replace"},
	}
	f.Fuzz(func(t *testing.T, p []byte, size uint8) {
		if len(p) > 4096 {
			return
		}
		path := filepath.Join(t.TempDir(), "in")
		if err := os.WriteFile(path, p, 0o644); err != nil {
			t.Fatal(err)
		}
		rs := fmt.Sprint(1 + int(size)%64)
		for _, args := range lines {
			code, out, errOut := runTool(append(append([]string{args[0], "-j", "1", "--range-size", "-1"}, args[1:]...), path)...)
			c, o, e := runTool(append(append([]string{args[0], "-j", "2", "--range-size", rs}, args[1:]...), path)...)
			if c != code || o != out || e != errOut {
				t.Fatalf("%v, range size %s, input %q: status %d\n%q\n%q\nstreaming: status %d\n%q\n%q", args, rs, p, c, o, e, code, out, errOut)
			}
		}
	})
}
