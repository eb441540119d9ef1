// Command repair measures utf8x's replace policy (AppendValid with Replace)
// against strings.ToValidUTF8, a unicode/utf8 decoding loop and
// golang.org/x/text's UTF-8 decoder, and against plain validation, on the
// corpus as it is (valid) and with 0.1% and 5% of its bytes corrupted. It
// prints Markdown tables of GB/s and ratios, all measured in one run. Run it
// from the bench directory:
//
//	go run ./cmd/repair [-corpus ../../shared/corpus] [-run regexp] [-rounds 5] [-dur 20ms]
//
// The goals, so that repairing costs little over validating: on valid input,
// replace at least 0.8x the speed of validation; at 0.1% corruption, at least
// 5x strings.ToValidUTF8.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
)

// Corruption levels, as fractions of the bytes.
var levels = []struct {
	name string
	rate float64
}{
	{"valid", 0}, {"0.1%", 0.001}, {"5%", 0.05},
}

// corrupt returns a copy of p with about rate*len(p) bytes, at random places,
// replaced by random bytes 80-FF: stray Windows-1252 or broken sequences,
// the damage real files show.
func corrupt(p []byte, rate float64, seed uint64) []byte {
	q := append([]byte(nil), p...)
	if rate == 0 {
		return q
	}
	r := rand.New(rand.NewPCG(seed, 42))
	for range int(float64(len(q)) * rate) {
		q[r.IntN(len(q))] = byte(0x80 + r.IntN(0x80))
	}
	return q
}

// str views p as a string without copying, so that the string functions are
// measured and not a conversion.
func str(p []byte) string { return unsafe.String(unsafe.SliceData(p), len(p)) }

// impls are measured on every input; the first is utf8x, the rest its peers.
// Each keeps its output buffer between calls, so that allocation is measured
// only where the API forces it (strings.ToValidUTF8 returns a new string).
// Validation is a baseline only for valid input: on broken input it stops at
// the first error.
func impls(valid bool) []table.Impl {
	var dst1, dst2, dst3, dst4 []byte
	grow := func(dst []byte, n int) []byte {
		if cap(dst) < n {
			return make([]byte, 0, n)
		}
		return dst[:0]
	}
	xdec := unicode.UTF8.NewDecoder()
	replace := table.Impl{Name: "utf8x replace", Run: func(p []byte) int {
		dst1 = grow(dst1, 2*len(p))
		out, n, _ := utf8x.AppendValid(dst1, p, utf8x.Replace)
		return len(out) + n
	}}
	baselines := []table.Impl{
		{Name: "utf8x.Valid", Run: func(p []byte) int {
			if utf8x.Valid(p) {
				return 1
			}
			return 0
		}},
		{Name: "utf8x.Valid+copy", Run: func(p []byte) int {
			dst2 = grow(dst2, len(p))
			ok := utf8x.Valid(p)
			dst2 = append(dst2, p...)
			if ok {
				return len(dst2)
			}
			return 0
		}},
	}
	peers := []table.Impl{
		{Name: "strings.ToValidUTF8", Run: func(p []byte) int {
			return len(strings.ToValidUTF8(str(p), "\uFFFD"))
		}},
		{Name: "unicode/utf8 loop", Run: func(p []byte) int {
			dst3 = grow(dst3, 2*len(p))
			for len(p) > 0 {
				if p[0] < utf8.RuneSelf {
					dst3 = append(dst3, p[0])
					p = p[1:]
					continue
				}
				r, size := utf8.DecodeRune(p)
				if r == utf8.RuneError && size == 1 {
					dst3 = append(dst3, "\uFFFD"...)
				} else {
					dst3 = append(dst3, p[:size]...)
				}
				p = p[size:]
			}
			return len(dst3)
		}},
		{Name: "x/text UTF8 decoder", Run: func(p []byte) int {
			dst4 = grow(dst4, 3*len(p)+3)
			xdec.Reset()
			n, _, err := xdec.Transform(dst4[:cap(dst4)], p, true)
			if err != nil && err != transform.ErrShortDst {
				panic(err)
			}
			return n
		}},
	}
	if valid {
		return append(append([]table.Impl{replace}, baselines...), peers...)
	}
	return append([]table.Impl{replace}, peers...)
}

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	run := flag.String("run", "", "measure only op/input names matching this regexp")
	rounds := flag.Int("rounds", 5, "timed rounds per cell; the median is reported")
	dur := flag.Duration("dur", 20*time.Millisecond, "minimum duration of one round")
	flag.Parse()

	base, err := table.Corpus(*corpusDir)
	if err != nil || len(base) == 0 {
		fmt.Fprintf(os.Stderr, "corpus %s not found or empty (%v): this benchmark needs it\n", *corpusDir, err)
		os.Exit(1)
	}

	start := time.Now()
	var ops []table.Op
	var results []table.Result
	for _, lv := range levels {
		var inputs []table.Input
		for i, in := range base {
			inputs = append(inputs, table.Input{Name: in.Name, Class: in.Class, Data: corrupt(in.Data, lv.rate, uint64(i))})
		}
		op := table.Op{Name: "Replace, corpus " + lv.name, Impls: impls(lv.rate == 0)}
		ops = append(ops, op)
		results = append(results, table.Run(table.Config{
			Ops: []table.Op{op}, Inputs: inputs, Rounds: *rounds, MinDur: *dur, Filter: table.Filter(*run),
			Results: func(r table.Result) { fmt.Fprintf(os.Stderr, "\r%-70s", r.Op+" "+r.Input) },
		})...)
	}
	fmt.Fprintf(os.Stderr, "\r%-70s\r", "")

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/repair %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "%s, %d logical CPUs; %s %s/%s; utf8x kernel: %s; %d rounds of >= %v per cell, median; run took %v.\n",
		table.CPU(false), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		utf8x.KernelSet(), *rounds, *dur, time.Since(start).Round(time.Second))
	table.Print(w, ops, results)
}
