package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// runToolIn is runTool with stdin.
func runToolIn(stdin []byte, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// shortInputs adds to the inputs their first 120 bytes, named NAME-short,
// whose every cut is tried.
func shortInputs(t *testing.T, paths map[string]string) map[string]string {
	all := map[string]string{}
	for name, path := range paths {
		all[name] = path
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		short := path + "-short"
		if err := os.WriteFile(short, data[:min(len(data), 120)], 0o644); err != nil {
			t.Fatal(err)
		}
		all[name+"-short"] = short
	}
	return all
}

// pieceCuts are the cuts tried on an input of n bytes: every single cut
// (two pieces), and random cuts into 3 to 6 uneven pieces, some empty. In
// short mode every 24th single cut, from a varying start, and 2 random ones.
func pieceCuts(rng *rand.Rand, n int, every bool) [][]int {
	var cuts [][]int
	step, random := 1, 10
	if testing.Short() {
		step, random = 24, 2
	}
	if every {
		for a := rng.IntN(step); a <= n; a += step {
			cuts = append(cuts, []int{0, a, n})
		}
	}
	for range random {
		c := []int{0, n}
		for range 2 + rng.IntN(4) {
			c = append(c, rng.IntN(n+1))
		}
		slices.Sort(c)
		cuts = append(cuts, c)
	}
	return cuts
}

// mergePieces runs cmdline with --range (or --offset, reading the pieces from
// standard input) on every piece of the cut, shuffles the partial reports and
// merges them with mergeArgs.
func mergePieces(t *testing.T, rng *rand.Rand, path string, data []byte, cut []int, offset bool, cmdline []string, mergeArgs []string) (int, string, string) {
	t.Helper()
	var lines []string
	for i := 0; i+1 < len(cut); i++ {
		a, b := cut[i], cut[i+1]
		var code int
		var out, errOut string
		if offset {
			args := append(slices.Clone(cmdline), "--offset", fmt.Sprint(a))
			code, out, errOut = runToolIn(data[a:b], args...)
		} else {
			args := append(slices.Clone(cmdline), "--range", fmt.Sprintf("%d:%d", a, b), path)
			code, out, errOut = runTool(args...)
		}
		if code != 0 || errOut != "" {
			t.Fatalf("%v piece %d:%d: status %d, %s", cmdline, a, b, code, errOut)
		}
		lines = append(lines, out)
	}
	rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	dir := t.TempDir()
	args := slices.Clone(mergeArgs)
	// Half through files, half through standard input.
	if rng.IntN(2) == 0 {
		for i, l := range lines {
			p := filepath.Join(dir, fmt.Sprintf("part%d.json", i))
			if err := os.WriteFile(p, []byte(l), 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, p)
		}
		return runTool(append([]string{"merge"}, args...)...)
	}
	return runToolIn([]byte(strings.Join(lines, "")), append([]string{"merge"}, args...)...)
}

// TestMergeEveryCut: check and stats of the pieces of every cut of inputs with
// faults, LFs and characters of every length at the cuts (and inputs that make
// check give hints), merged in any order, print what one run prints, status
// included; with --range pieces of the file and --offset pieces of standard
// input (raw byte cuts, no context).
func TestMergeEveryCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 26))
	type variant struct {
		single, piece, merge []string
	}
	variants := []variant{
		{[]string{"check", "--max-errors", "0"}, []string{"check", "--json", "--max-errors", "0"}, nil},
		{[]string{"check", "--json", "--max-errors", "0"}, []string{"check", "--json", "--max-errors", "0"}, []string{"--json"}},
		{[]string{"check"}, []string{"check", "--json"}, nil},
		{[]string{"check", "--json", "--max-errors", "3"}, []string{"check", "--json", "--max-errors", "3"}, []string{"--json"}},
		{[]string{"stats"}, []string{"stats", "--json"}, nil},
		{[]string{"stats", "--json", "--scripts"}, []string{"stats", "--json", "--scripts"}, []string{"--json"}},
	}
	for name, path := range shortInputs(t, rangeInputs(t)) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// Every cut of the short ones; random ones of the others.
		every := strings.HasSuffix(name, "-short")
		for vi, v := range variants {
			if testing.Short() && (vi+len(name)+int(name[0]))%2 == 1 {
				continue // -short: each variant on about half the inputs
			}
			wantCode, want, _ := runTool(append(slices.Clone(v.single), "--range-size", "-1", path)...)
			// The same run on standard input, which --offset pieces merge to.
			wantInCode, wantIn, _ := runToolIn(data, append(slices.Clone(v.single), "--range-size", "-1")...)
			for _, cut := range pieceCuts(rng, len(data), every && (vi == 1 || vi == 4)) {
				code, got, errOut := mergePieces(t, rng, path, data, cut, false, v.piece, v.merge)
				if code != wantCode || got != want {
					t.Fatalf("%s %v cut %v: merge gave status %d\n%s%s\nwant status %d\n%s", name, v.single, cut, code, got, errOut, wantCode, want)
				}
				if vi == 1 || len(cut) > 3 {
					code, got, errOut = mergePieces(t, rng, "-", data, cut, true, v.piece, v.merge)
					if code != wantInCode || got != wantIn {
						t.Fatalf("%s %v --offset cut %v: merge gave status %d\n%s%s\nwant status %d\n%s", name, v.single, cut, code, got, errOut, wantInCode, wantIn)
					}
				}
			}
		}
	}
}

// TestRangeOutputsConcatenate: fix and convert of the --range pieces of every
// cut put end to end are one run's output, byte order marks and strict
// errors included (the pieces stop at the first error, which is one run's).
func TestRangeOutputsConcatenate(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 26))
	cmdlines := [][]string{
		{"fix"},
		{"fix", "--bom", "add", "--invalid", "escape"},
		{"fix", "--bom", "strip", "--invalid", "skip"},
		{"fix", "--invalid", "strict"},
		{"convert", "-f", "utf-8", "-t", "utf-16", "--invalid", "replace"},
		{"convert", "-f", "utf-8", "-t", "utf-16le", "--bom", "add", "--invalid", "escape"},
		{"convert", "-f", "utf-8", "-t", "utf-32be"},
		{"convert", "-f", "cp1252", "-t", "utf-8", "--bom", "strip"},
	}
	for name, path := range shortInputs(t, rangeInputs(t)) {
		data, _ := os.ReadFile(path)
		every := strings.HasSuffix(name, "-short")
		for ci, cl := range cmdlines {
			_, want, wantErr := runTool(append(slices.Clone(cl), "--range-size", "-1", path)...)
			for _, cut := range pieceCuts(rng, len(data), every && (ci == 1 || ci == 4)) {
				var got, gotErr string
				for i := 0; i+1 < len(cut); i++ {
					code, out, errOut := runTool(append(slices.Clone(cl), "--range", fmt.Sprintf("%d:%d", cut[i], cut[i+1]), path)...)
					got += out
					if code != 0 {
						gotErr = errOut
						break
					}
				}
				if strings.HasPrefix(cl[0], "fix") && gotErr == "" {
					wantErr = "" // the count of fixed sequences is per piece
				}
				if got != want || gotErr != wantErr {
					t.Fatalf("%s %v cut %v:\n got %q %q\nwant %q %q", name, cl, cut, got, gotErr, want, wantErr)
				}
			}
		}
	}
}

// TestMergeRefuses: pieces that overlap, leave bytes out, are cut short, are
// of other inputs or commands or were made with other options, and text that
// is no report, are refused with status 2 and a message.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "in.txt")
	other := filepath.Join(dir, "other.txt")
	data := []byte("caf\xE9 \xE2\x82\xAC\n\xF0\x9F\x98\x80 and more text here\xFF\n")
	os.WriteFile(path, data, 0o644)
	os.WriteFile(other, data, 0o644)
	part := func(args ...string) string {
		code, out, errOut := runTool(args...)
		if code != 0 {
			t.Fatalf("%v: %d %s", args, code, errOut)
		}
		return out
	}
	a := part("check", "--json", "--range", ":10", path)
	b := part("check", "--json", "--range", "10:", path)
	bOver := part("check", "--json", "--range", "9:", path)
	bLate := part("check", "--json", "--range", "11:", path)
	bShort := part("check", "--json", "--range", "10:20", path)
	bOther := part("check", "--json", "--range", "10:", other)
	bMax := part("check", "--json", "--max-errors", "1", "--range", "10:", path)
	sb := part("stats", "--json", "--range", "10:", path)
	if code, _, _ := runToolIn([]byte(a+b), "merge"); code != 1 {
		t.Fatalf("the good merge: status %d", code)
	}
	var rep partialReport
	json.Unmarshal([]byte(b), &rep)
	rep.Check.Runes += 1000 // more characters than bytes
	lie, _ := json.Marshal(rep)
	json.Unmarshal([]byte(b), &rep)
	rep.Tail = rep.Tail[:2]
	cutTail, _ := json.Marshal(rep)
	for name, in := range map[string]string{
		"overlap":      a + bOver,
		"gap":          a + bLate,
		"missing end":  a + bShort,
		"missing":      b,
		"twice":        a + a + b,
		"other input":  a + bOther,
		"other option": a + bMax,
		"commands":     a + sb,
		"truncated":    a + b[:len(b)/2],
		"garbage":      "hello\n",
		"empty":        "",
		"damaged":      a + string(lie) + "\n",
		"tail":         a + string(cutTail) + "\n",
		"unknown key":  strings.Replace(a, `"format"`, `"extra":1,"format"`, 1) + b,
		"version":      strings.Replace(a, `"version":1`, `"version":2`, 1) + b,
	} {
		code, out, errOut := runToolIn([]byte(in), "merge")
		if code != 2 || out != "" || !strings.Contains(errOut, "merge") {
			t.Errorf("%s: status %d, stdout %q, stderr %q; want status 2, a message and no output", name, code, out, errOut)
		}
	}
}

// FuzzMerge: whatever merge reads, it does not panic, and it either refuses
// with status 2 and no output or prints a report.
func FuzzMerge(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "in.txt")
	os.WriteFile(path, []byte("ab\xE2\x82\n\xC0\xAFz \xF0\x9F\x98\x80 text\xE2"), 0o644)
	for _, args := range [][]string{
		{"check", "--json", "--range", ":7", path}, {"check", "--json", "--range", "7:", path},
		{"stats", "--json", "--range", ":5", path}, {"stats", "--json", "--scripts", "--range", "5:", path},
	} {
		_, out, _ := runTool(args...)
		f.Add([]byte(out))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		// --json first: its report says whether the merged result is a
		// valid check, which in text mode, as check itself, prints nothing.
		validCheck := false
		for _, args := range [][]string{{"merge", "--json"}, {"merge"}} {
			code, out, errOut := runToolIn(in, args...)
			if len(args) == 2 {
				validCheck = code == 0 && strings.HasPrefix(out, `{"type":"file",`) && strings.Contains(out, `"valid":true`)
			}
			switch {
			case code == 2 && (out != "" || errOut == ""):
				t.Fatalf("refused with output %q and message %q", out, errOut)
			case code != 2 && out == "" && !(len(args) == 1 && code == 0 && validCheck):
				t.Fatalf("%v: status %d without a report (%q)", args, code, errOut)
			case code > 2:
				t.Fatalf("status %d", code)
			}
		}
	})
}
