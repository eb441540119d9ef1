package main

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestNamesMatchPython compares explain's names with Python's
// unicodedata.name on every 7th Hangul syllable, samples of every CJK and
// Tangut ideograph range, and random code points of planes 0-3. Code points
// Python has no name for (controls, unassigned in its older database) are
// skipped.
func TestNamesMatchPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: names not compared")
	}
	var sample []rune
	for r := rune(hangulFirst); r <= hangulLast; r += 7 {
		sample = append(sample, r)
	}
	sample = append(sample, hangulLast)
	for _, rg := range [][2]rune{{0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0x20000, 0x2A6DF}, {0x2A700, 0x2EBE0}, {0x30000, 0x3134A}, {0x17000, 0x187F7}, {0x18D00, 0x18D08}} {
		for r := rg[0]; r <= rg[1]; r += 97 {
			sample = append(sample, r)
		}
		sample = append(sample, rg[1])
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for range 3000 {
		sample = append(sample, rune(rng.IntN(0x40000)))
	}
	var in bytes.Buffer
	for _, r := range sample {
		fmt.Fprintf(&in, "%X\n", r)
	}
	cmd := exec.Command(py, "-c", `
import sys, unicodedata
for line in sys.stdin:
    print(unicodedata.name(chr(int(line, 16)), ""))
`)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	s := bufio.NewScanner(bytes.NewReader(out))
	compared := 0
	for i := 0; s.Scan(); i++ {
		want := s.Text()
		if want == "" {
			continue
		}
		compared++
		if got := runeName(sample[i]); got != want {
			t.Errorf("U+%04X: %q, Python says %q", sample[i], got, want)
		}
	}
	if compared < 2000 || strings.Count(string(out), "\n") != len(sample) {
		t.Fatalf("only %d names compared of %d code points", compared, len(sample))
	}
	t.Logf("%d names compared", compared)
}
