package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/utf8x/utf8x"
)

// scalarStats is the reference: one character (or ill-formed maximal
// subpart) at a time, with the library's scalar decoder.
func scalarStats(p []byte) statsReport {
	rep := statsReport{Bytes: int64(len(p)), ASCII: true, BOM: bytes.HasPrefix(p, []byte(utf8x.BOM)),
		ByLength: map[string]int64{"1": 0, "2": 0, "3": 0, "4": 0}}
	for i := 0; i < len(p); {
		r, size := utf8x.DecodeRune(p[i:])
		rep.Chars++
		if p[i] >= 0x80 {
			rep.ASCII = false
		}
		switch {
		case !utf8x.Valid(p[i : i+size]):
			rep.Invalid++
			rep.UTF16Units++
		case r >= 0x10000:
			rep.ByLength["4"]++
			rep.UTF16Units += 2
		default:
			rep.ByLength[string(rune('0'+size))]++
			rep.UTF16Units++
		}
		if p[i] == '\n' {
			rep.Lines++
		}
		i += size
	}
	if len(p) > 0 && p[len(p)-1] != '\n' {
		rep.Lines++
	}
	return rep
}

func sameCounts(got, want statsReport) bool {
	g, w := got.ByLength, want.ByLength
	return got.Bytes == want.Bytes && got.Chars == want.Chars && got.Lines == want.Lines &&
		got.UTF16Units == want.UTF16Units && got.ASCII == want.ASCII && got.BOM == want.BOM &&
		got.Invalid == want.Invalid && g["1"] == w["1"] && g["2"] == w["2"] && g["3"] == w["3"] && g["4"] == w["4"]
}

// TestStatsCountsMatchScalar compares stats' bulk counts with the scalar
// reference on random inputs (long enough to reach the vector kernels) and
// on the corpus, at several block sizes.
func TestStatsCountsMatchScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var inputs [][]byte
	rounds, every := 100, 1
	if testing.Short() { // a third of the random inputs, a quarter of the corpus
		rounds, every = 33, 4
	}
	for range rounds {
		p := interesting(rng, 1+rng.IntN(3000))
		if rng.IntN(2) == 0 { // long valid runs between the faults
			var q []byte
			for len(q) < 4000 {
				q = append(q, "plain ASCII text, then é, € and 😀 \n"...)
				if rng.IntN(4) == 0 {
					q = append(q, p[:rng.IntN(len(p))]...)
				}
			}
			p = q
		}
		inputs = append(inputs, p)
	}
	big := 4
	if testing.Short() {
		big = 1
	}
	for range big { // several blocks, so that block boundaries fall everywhere
		inputs = append(inputs, interesting(rng, 3*defaultBlockSize+rng.IntN(100)))
	}
	inputs = append(inputs, bytes.Repeat([]byte("all ASCII\n"), 20000)) // the shortcut
	files, _ := filepath.Glob("../../../shared/corpus/*/*.utf8.txt")
	if len(files) == 0 {
		t.Log("../shared/corpus is absent: random inputs only")
	}
	for i, f := range files {
		if i%every != 0 {
			continue
		}
		p, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, p)
	}
	for _, p := range inputs {
		want := scalarStats(p)
		for _, size := range []int{7, 1000, defaultBlockSize} {
			got, err := statsStream(bytes.NewReader(p), "in", size, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			if !sameCounts(got, want) {
				t.Fatalf("block size %d, %d-byte input %.60q...:\n got %+v\nwant %+v", size, len(p), p, got, want)
			}
		}
	}
}

// benchText is a mix of the corpus (or a generated mix when it is absent),
// repeated to size.
func benchText(b testing.TB, size int) []byte {
	var seed []byte
	files, _ := filepath.Glob("../../../shared/corpus/*/*.utf8.txt")
	for _, f := range files {
		p, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		seed = append(seed, p...)
	}
	if len(seed) == 0 {
		seed = []byte("Grüße, мир! 日本語 😀 plain ASCII text\n")
	}
	p := make([]byte, 0, size+len(seed))
	for len(p) < size {
		p = append(p, seed...)
	}
	return p[:size]
}

// BenchmarkStatsVsCheck measures stats and check on the same text (the
// corpus repeated to 32 MiB) in one run; stats must reach 0.8x of check's
// speed. Compare their MB/s, or read the ratio metric of "ratio".
//
//	go test ./cmd/utf8x -run '^$' -bench StatsVsCheck -benchtime 20x
func BenchmarkStatsVsCheck(b *testing.B) {
	p := benchText(b, 32<<20)
	check := func() {
		_, err := checkStream(bytes.NewReader(p), "in", checkOptions{maxErrors: 100, blockSize: defaultBlockSize}, func(*checkError) error { return nil }, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	stats := func() {
		if _, err := statsStream(bytes.NewReader(p), "in", defaultBlockSize, nil, false); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("check", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for range b.N {
			check()
		}
	})
	b.Run("stats", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for range b.N {
			stats()
		}
	})
	b.Run("stats-scripts", func(b *testing.B) {
		b.SetBytes(int64(len(p)))
		for range b.N {
			if _, err := statsStream(bytes.NewReader(p), "in", defaultBlockSize, nil, true); err != nil {
				b.Fatal(err)
			}
		}
	})
	// ratio times both alternately on one locked thread by the CPU time that
	// thread spends (on Linux; elsewhere by the clock), so that a busy
	// machine, which takes the thread away for a while, does not count.
	b.Run("ratio", func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		var tc, ts int64
		for range b.N {
			t0 := threadTime()
			check()
			t1 := threadTime()
			stats()
			t2 := threadTime()
			tc, ts = tc+t1-t0, ts+t2-t1
		}
		b.ReportMetric(float64(tc)/float64(ts), "stats/check-speed")
	})
	// ratio-cli runs the two commands on the text in a file, as a person
	// would, timed by the CPU time of the whole process (check reads in a
	// goroutine of its own).
	b.Run("ratio-cli", func(b *testing.B) {
		f := filepath.Join(b.TempDir(), "text")
		if err := os.WriteFile(f, p, 0o600); err != nil {
			b.Fatal(err)
		}
		var tc, ts int64
		for range b.N {
			t0 := processTime()
			if code := run([]string{"check", f}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("check: exit %d", code)
			}
			t1 := processTime()
			if code := run([]string{"stats", f}, nil, io.Discard, io.Discard); code != exitOK {
				b.Fatalf("stats: exit %d", code)
			}
			t2 := processTime()
			tc, ts = tc+t1-t0, ts+t2-t1
		}
		b.ReportMetric(float64(tc)/float64(ts), "stats/check-speed")
	})
}
