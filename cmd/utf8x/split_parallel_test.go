package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Issue 26's done-when case: a 60 MB file with errors near the cuts, split
// by GNU parallel in uneven file ranges (--range) and in raw byte cuts of
// standard input (--pipepart, --recend empty, with --offset), merged by utf8x
// merge, gives exactly the single run's check --json (all errors, and the
// first 100) and stats --json; fix and convert -t utf-16 (with its byte
// order mark) range outputs put end to end are the single run's bytes; and
// strict convert places each range's first error at check's line and
// column, up to 60 MB deep. The file is made in a temporary folder at test
// time; the large outputs are compared by SHA-256 as they stream, never
// stored.
func TestSplitByParallel60MB(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: writes a 60 MB file and runs GNU parallel on it (about 3 s of CPU, 5 s on 2 busy cores)")
	}
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (CI installs it in .ci/run)")
	}
	if _, err := exec.LookPath("utf8x"); err != nil {
		t.Skip("no utf8x in $PATH (set up by TestMain)")
	}
	start := time.Now()
	const size = 60_000_000
	// Uneven file ranges, a 3-byte one among them; raw byte cuts every
	// block bytes, which do not fall on the ranges' cuts.
	bounds := []int64{0, 7_340_033, 7_340_036, 15_000_007, 29_999_999, 31_457_281, 44_000_002, 52_428_799, size}
	const block = 8_388_621
	cuts := append([]int64(nil), bounds[1:len(bounds)-1]...)
	for c := int64(block); c < size; c += block {
		cuts = append(cuts, c)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(path, splitInput(size, cuts), 0o600); err != nil {
		t.Fatal(err)
	}
	var ranges strings.Builder
	for i := 1; i < len(bounds); i++ {
		end := strconv.FormatInt(bounds[i], 10)
		if i == len(bounds)-1 {
			end = "" // to the end of the file
		}
		fmt.Fprintf(&ranges, "%d:%s\n", bounds[i-1], end)
	}
	if err := os.WriteFile(filepath.Join(dir, "ranges"), []byte(ranges.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(script string, status int) []byte {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = dir
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		if code != status {
			t.Fatalf("%s: status %d, want %d\nstderr: %s", script, code, status, errOut.Bytes())
		}
		return out.Bytes()
	}
	// digest is the SHA-256 of what script writes, read as it comes.
	digest := func(script string) [32]byte {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Dir = dir
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		n, _ := io.Copy(h, out)
		if err := cmd.Wait(); err != nil {
			t.Fatalf("%s: %v\nstderr: %s", script, err, errOut.Bytes())
		}
		if n == 0 {
			t.Fatalf("%s: no output", script)
		}
		return [32]byte(h.Sum(nil))
	}
	pp := "parallel --will-cite"
	pipepart := fmt.Sprintf(`%s --pipepart -a big.txt --block %d --recend ''`, pp, block)
	offset := fmt.Sprintf(`--offset \$(( ({#}-1) * %d ))`, block) // \$: for the shell parallel starts

	all := run("utf8x check --json --max-errors 0 big.txt", 1)
	first100 := run("utf8x check --json big.txt", 1)
	stats := run("utf8x stats --json big.txt", 0)
	// Standard input pieces merge to the run on standard input.
	allIn := run("utf8x check --json --max-errors 0 < big.txt", 1)
	first100In := run("utf8x check --json < big.txt", 1)
	statsIn := run("utf8x stats --json < big.txt", 0)
	for _, c := range []struct {
		name, script string
		status       int
		want         []byte
	}{
		{"check --range, all errors", pp + ` "utf8x check --json --max-errors 0 --range {} big.txt" < ranges | utf8x merge --json`, 1, all},
		{"check --range, the first 100", pp + ` "utf8x check --json --range {} big.txt" < ranges | utf8x merge --json`, 1, first100},
		{"stats --range", pp + ` "utf8x stats --json --range {} big.txt" < ranges | utf8x merge --json`, 0, stats},
		{"check --pipepart, all errors", pipepart + ` "utf8x check --json --max-errors 0 ` + offset + `" | utf8x merge --json`, 1, allIn},
		{"check --pipepart, the first 100", pipepart + ` "utf8x check --json ` + offset + `" | utf8x merge --json`, 1, first100In},
		{"stats --pipepart", pipepart + ` "utf8x stats --json ` + offset + `" | utf8x merge --json`, 0, statsIn},
	} {
		if got := run(c.script, c.status); !bytes.Equal(got, c.want) {
			t.Errorf("%s: merged report differs from the single run's\n got %.300q\nwant %.300q", c.name, got, c.want)
		}
	}

	for _, c := range []struct{ name, single, pieces string }{
		{"fix", "utf8x fix big.txt", pp + ` -k "utf8x fix --range {} big.txt" < ranges`},
		{"convert -t utf-16", "utf8x convert -f utf-8 -t utf-16 --invalid replace big.txt",
			pp + ` -k "utf8x convert -f utf-8 -t utf-16 --invalid replace --range {} big.txt" < ranges`},
	} {
		if digest(c.pieces) != digest(c.single) {
			t.Errorf("%s: the ranges' outputs put end to end are not the single run's", c.name)
		}
	}

	// Strict convert stops at a range's first error, named by its line and
	// column in the whole file; check's report has them all.
	type checkLine struct {
		Offset       *int64
		Line, Column int
	}
	var listed []checkLine
	for _, l := range bytes.Split(bytes.TrimSpace(all), []byte("\n")) {
		var c checkLine
		if err := json.Unmarshal(l, &c); err != nil {
			t.Fatalf("check --json: %v: %q", err, l)
		}
		if c.Offset != nil {
			listed = append(listed, c)
		}
	}
	if len(listed) < 100 {
		t.Fatalf("only %d errors: the input should have more than 100", len(listed))
	}
	// Each piece fails (status 1), which "; true" keeps from parallel's
	// status: the messages are what is compared.
	msgs := run(pp+` -k "utf8x convert -f utf-8 -t utf-16le --range {} big.txt 2>&1 >/dev/null; true" < ranges`, 0)
	// And the whole file's first error, the file split on the CPUs, read
	// as one stream, and read from a pipe (placed as it goes).
	for _, s := range []string{"big.txt", "-j 1 big.txt", "< big.txt"} {
		msgs = append(msgs, run("utf8x convert -f utf-8 -t utf-16le "+s+" 2>&1 >/dev/null", 1)...)
	}
	placed := regexp.MustCompile(`(?:big\.txt|<stdin>):(\d+):(\d+): invalid UTF-8 at byte (\d+)`).FindAllSubmatch(msgs, -1)
	if len(placed) < len(bounds)-2+3 {
		t.Fatalf("%d strict errors for %d ranges:\n%s", len(placed), len(bounds)-1, msgs)
	}
	for _, m := range placed {
		line, _ := strconv.Atoi(string(m[1]))
		col, _ := strconv.Atoi(string(m[2]))
		off, _ := strconv.ParseInt(string(m[3]), 10, 64)
		found := false
		for _, c := range listed {
			if *c.Offset == off {
				found = true
				if c.Line != line || c.Column != col {
					t.Errorf("byte %d: convert says %d:%d, check %d:%d", off, line, col, c.Line, c.Column)
				}
			}
		}
		if !found {
			t.Errorf("convert stopped at byte %d, where check lists no error", off)
		}
	}
	t.Logf("%d errors, %d strict positions compared, in %v", len(listed), len(placed), time.Since(start).Round(time.Millisecond))
}

// splitInput is size bytes of mixed-script text in lines of varied length,
// with clusters of ill-formed sequences of every kind around each cut: right
// before it, across it and right after it.
func splitInput(size int, cuts []int64) []byte {
	rng := rand.New(rand.NewPCG(26, 60))
	words := []string{"abc", "défi", "Ελλάδα", "Київ", "日本語", "😀🎉", "€", "x", "naïve", "한국", "ﬁ", "\t"}
	// A few thousand varied lines, repeated: cheap to make, and positions
	// still differ from cut to cut.
	var unit []byte
	for len(unit) < 1<<20 {
		for n := rng.IntN(40); n >= 0; n-- {
			unit = append(unit, words[rng.IntN(len(words))]...)
			unit = append(unit, ' ')
		}
		unit = append(unit, '\n')
	}
	p := make([]byte, 0, size)
	for len(p) < size {
		p = append(p, unit[:min(len(unit), size-len(p))]...)
	}
	faults := []string{"\xE2\x82", "\xFF", "\xC0\xAF", "\xED\xA0\x80", "\xF0\x9F\x98", "\x80\x80", "\xF4\x90\x80\x80", "\xE9"}
	for k, c := range cuts {
		// About eight sequences from 12 bytes before the cut to 12 after,
		// one of them across it, and now and then a line break right
		// before or after it.
		at := int(c) - 12
		for i := 0; at < int(c)+12; i++ {
			f := faults[(k+i)%len(faults)]
			if i == 3 {
				at = int(c) - len(f)/2 // across the cut
			}
			copy(p[at:], f)
			at += len(f) + rng.IntN(3)
		}
		if k%3 == 0 {
			p[c-1] = '\n'
		} else if k%3 == 1 {
			p[c] = '\n'
		}
	}
	return p
}
