// Command transcode prints utf8x/transcode's conversion throughput beside
// golang.org/x/text's and unicode/utf16's as Markdown, all measured in one run:
//
//	cd bench && go run ./cmd/transcode [-corpus ../../shared/corpus] [-run regexp] [-max 1048576]
//
// Throughput is in GB/s of UTF-8 text, in both directions, so that the two
// directions of one input are comparable: decoders are timed on the input
// converted beforehand. The Latin-1 and Windows-1252 rows use the part of
// each text those encodings can hold (every other character dropped), plus
// the corpus's *.latin1.txt files.
//
// With -sets (the default), utf8x is also timed with each transcoding kernel
// set compiled in forced on (AVX-512 VBMI2, AVX-512BW, AVX2, portable: see
// internal/convkernel), so that one machine shows every CPU class, and each
// conversion's speed is given as a ratio to utf8x.Valid's on the same UTF-8
// text, which compares machines. A set this CPU cannot run is reported as
// SKIPPED, on stderr and in the output. The per-set tables give each set's
// ratio to x/text too, and their last line the smallest of those ratios.
//
// With -lossy (the default), each conversion is also timed under the Replace,
// Skip and Escape policies on the same valid input, and under Replace on
// input with one bad unit every 1000 and 100 bytes, beside Strict, with each
// kernel set forced; the tables give each policy's ratio to Strict.
//
// With -cputime, each round is timed by the CPU time of its thread rather
// than by the wall clock: on a machine busy with other work the ratios then
// stay put from run to run.
//
// Built with -tags pad32 (amd64), the command links 32 bytes more read-only
// data, which moves the data placed after it by 32 bytes: comparing the two
// builds shows whether a kernel's speed depends on where its tables land.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/transform"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	run := flag.String("run", "", "measure only op/input names matching this regexp")
	rounds := flag.Int("rounds", 5, "timed rounds per cell; the median is reported")
	dur := flag.Duration("dur", 20*time.Millisecond, "minimum duration of one round")
	maxSize := flag.Int("max", 1<<20, "largest generated input in bytes")
	sets := flag.Bool("sets", true, "also time utf8x with each transcoding kernel set forced, with its ratio to Valid")
	lossy := flag.Bool("lossy", true, "also time the Replace, Skip and Escape policies beside Strict, with each kernel set forced")
	cpu := flag.Bool("cputime", false, "time each round by its thread's CPU time, not the wall clock (steadier on a busy machine)")
	flag.Parse()
	table.CPUTime = *cpu

	inputs, err := table.Inputs(*corpusDir, *maxSize)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	// The Latin-1 rows: each text cut down to what Latin-1 holds, and the
	// corpus's real Latin-1 files.
	var latin []table.Input
	for _, in := range inputs {
		latin = append(latin, table.Input{Name: in.Name, Class: in.Class, Data: latin1Only(in.Data)})
	}
	files, _ := filepath.Glob(filepath.Join(*corpusDir, "*", "*.latin1.txt"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err == nil {
			rel, _ := filepath.Rel(*corpusDir, f)
			latin = append(latin, table.Input{Name: filepath.ToSlash(rel), Class: "latin1", Data: transcode.AppendLatin1ToUTF8(nil, b)})
		}
	}

	unicodeOps, latinOps, convs := ops()
	var skipped []string
	if *sets {
		unicodeOps, skipped = withSets(unicodeOps)
		latinOps, _ = withSets(latinOps)
		for _, m := range skipped {
			fmt.Fprintln(os.Stderr, m)
		}
	}
	start := time.Now()
	filter := table.Filter(*run)
	progress := func(r table.Result) { fmt.Fprintf(os.Stderr, "\r%-70s", r.Op+" "+r.Input) }
	results := table.Run(table.Config{Ops: unicodeOps, Inputs: inputs, Rounds: *rounds, MinDur: *dur, Filter: filter, Results: progress})
	results = append(results, table.Run(table.Config{Ops: latinOps, Inputs: latin, Rounds: *rounds, MinDur: *dur, Filter: filter, Results: progress})...)
	var lossyU, lossyL []table.Op
	if *lossy {
		lossyU, lossyL = lossyOps(convs[:4]), lossyOps(convs[4:])
		results = append(results, table.Run(table.Config{Ops: lossyU, Inputs: inputs, Rounds: *rounds, MinDur: *dur, Filter: filter, Results: progress})...)
		results = append(results, table.Run(table.Config{Ops: lossyL, Inputs: latin, Rounds: *rounds, MinDur: *dur, Filter: filter, Results: progress})...)
	}
	fmt.Fprintf(os.Stderr, "\r%-70s\r", "")

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/transcode %s`  \n", strings.Join(os.Args[1:], " "))
	clock := "wall"
	if *cpu {
		clock = "thread CPU"
	}
	fmt.Fprintf(w, "%d logical CPUs; %s %s/%s; %d rounds of >= %v per cell (%s time), median; run took %v.\n",
		runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, *rounds, *dur, clock, time.Since(start).Round(time.Second))
	for _, m := range skipped {
		fmt.Fprintf(w, "\n**%s**\n", m)
	}
	table.Print(w, append(unicodeOps, latinOps...), results)
	if *sets {
		printSets(w, append(unicodeOps, latinOps...), results)
	}
	printLossy(w, append(lossyU, lossyL...), results)
}

// validName is the column of utf8x.Valid on the same UTF-8 text.
const validName = "utf8x.Valid"

// withSets adds to each operation its first (utf8x) implementation with each
// transcoding kernel set forced, and utf8x.Valid on the same text, and
// returns a message for each set this CPU cannot run.
func withSets(ops []table.Op) (out []table.Op, skipped []string) {
	for _, op := range ops {
		first := op.Impls[0]
		for _, name := range transcode.KernelSets() {
			if err := runnable(name); err != nil {
				skipped = append(skipped, fmt.Sprintf("SKIPPED: not measured: %v", err))
				continue
			}
			op.Impls = append(op.Impls, table.Impl{Name: "utf8x/" + name, Run: first.Run, Transcode: name})
		}
		op.Impls = append(op.Impls, table.Impl{Name: validName, Run: func(p []byte) int {
			if utf8x.Valid(p) {
				return 1
			}
			return 0
		}})
		out = append(out, op)
	}
	return out, slices.Compact(skipped)
}

// printSets prints, per operation, each forced kernel set's speed and its
// ratio to utf8x.Valid on the same input, and the median ratio per set.
func printSets(w io.Writer, ops []table.Op, results []table.Result) {
	for _, op := range ops {
		valid, xtext := -1, -1
		var sets []int
		for j, impl := range op.Impls {
			switch {
			case impl.Name == "x/text":
				xtext = j
			case impl.Name == validName:
				valid = j
			case impl.Transcode != "":
				sets = append(sets, j)
			}
		}
		var rows []table.Result
		for _, r := range results {
			if r.Op == op.Name {
				rows = append(rows, r)
			}
		}
		if valid < 0 || len(sets) == 0 || len(rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n#### %s by kernel set (GB/s, and ratio to utf8x.Valid on the same text; to x/text where it has the conversion)\n\n", op.Name)
		head, rule := "| input | Valid |", "| --- | ---: |"
		for _, j := range sets {
			head += " " + op.Impls[j].Transcode + " | / Valid |"
			rule += " ---: | ---: |"
			if xtext >= 0 {
				head += " / x/text |"
				rule += " ---: |"
			}
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		ratios := make([][]float64, len(sets))
		xratios := make([][]float64, len(sets))
		for _, r := range rows {
			line := fmt.Sprintf("| %s | %.2f |", r.Input, r.GBps[valid])
			for k, j := range sets {
				q := r.GBps[j] / r.GBps[valid]
				ratios[k] = append(ratios[k], q)
				line += fmt.Sprintf(" %.2f | %.3f |", r.GBps[j], q)
				if xtext >= 0 {
					x := r.GBps[j] / r.GBps[xtext]
					if strings.Contains(r.Input, ".") && r.Size > 0 {
						xratios[k] = append(xratios[k], x) // corpus files, where the goal is stated
					}
					line += fmt.Sprintf(" %.1fx |", x)
				}
			}
			fmt.Fprintln(w, line)
		}
		line := "| median (x/text: corpus median / min) | |"
		for k := range sets {
			slices.Sort(ratios[k])
			line += fmt.Sprintf(" | %.3f |", ratios[k][len(ratios[k])/2])
			if xtext >= 0 && len(xratios[k]) > 0 {
				slices.Sort(xratios[k])
				line += fmt.Sprintf(" %.1fx / %.1fx |", xratios[k][len(xratios[k])/2], xratios[k][0])
			} else if xtext >= 0 {
				line += " |"
			}
		}
		fmt.Fprintln(w, line)
	}
}

func latin1Only(p []byte) []byte {
	var b []byte
	for _, r := range string(p) {
		if r <= 0xFF {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// buffers hands each implementation a destination of its own, large enough
// for any output, so that no timed call allocates.
type buffers struct{ b []byte }

func (s *buffers) get(n int) []byte {
	if cap(s.b) < n {
		s.b = make([]byte, n)
	}
	return s.b[:n]
}

// encoded converts every input once, before timing, for the decoders. The
// last input and its conversion are kept beside the map: a timed loop asks
// for the same one again and again, and the map lookup (about 10 ns) was a
// fixed cost as large as a whole conversion of the shortest inputs.
type encoded struct {
	conv     func([]byte) []byte
	memo     map[*byte][]byte
	lastKey  *byte
	lastLen  int
	lastConv []byte
}

// of returns the conversion of p, or p itself when e is nil.
func (e *encoded) of(p []byte) []byte {
	if e == nil {
		return p
	}
	if len(p) > 0 && &p[0] == e.lastKey && len(p) == e.lastLen {
		return e.lastConv
	}
	c := memoized(e.memo, p, e.conv)
	if len(p) > 0 {
		e.lastKey, e.lastLen, e.lastConv = &p[0], len(p), c
	}
	return c
}

func encodeWith(enc encoding.Encoding) *encoded {
	return &encoded{conv: func(p []byte) []byte {
		b, err := enc.NewEncoder().Bytes(p)
		if err != nil {
			panic(err)
		}
		return b
	}, memo: map[*byte][]byte{}}
}

// direct measures a utf8x append function.
func direct(f func(dst, src []byte) ([]byte, error), ratio int, in *encoded) func([]byte) int {
	var s buffers
	return func(p []byte) int {
		src := in.of(p)
		dst := s.get(ratio*len(src) + 8)
		out, err := f(dst[:0], src)
		if err != nil {
			panic(err)
		}
		return len(out)
	}
}

// transformer measures a golang.org/x/text transformer over the whole input
// into a preallocated destination.
func transformer(t transform.Transformer, ratio int, in *encoded) func([]byte) int {
	var s buffers
	return func(p []byte) int {
		src := in.of(p)
		dst := s.get(ratio*len(src) + 8)
		t.Reset()
		n, _, err := t.Transform(dst, src, true)
		if err != nil {
			panic(err)
		}
		return n
	}
}

func ops() (unicodeOps, latinOps []table.Op, convs []lossyConv) {
	le := unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	le32 := utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
	be32 := utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
	be16 := unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	in16, in32, in32be, in16be := encodeWith(le), encodeWith(le32), encodeWith(be32), encodeWith(be16)
	inL1, in1252 := encodeWith(charmap.ISO8859_1), encodeWith(charmap.Windows1252)
	units := func(p []byte) []uint16 { return utf16.Encode([]rune(string(p))) }
	unitsIn := map[*byte][]uint16{}

	unicodeOps = []table.Op{
		{Name: "UTF8toUTF16LE", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF8ToUTF16LE, 2, nil)},
			{Name: "utf8x.Encoder", Run: transformer(transcode.UTF16LE.NewEncoder(), 2, nil)},
			{Name: "x/text", Run: transformer(le.NewEncoder(), 2, nil)},
		}},
		{Name: "UTF16LEtoUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF16LEToUTF8, 2, in16)},
			{Name: "utf8x.Decoder", Run: transformer(transcode.UTF16LE.NewDecoder(), 2, in16)},
			{Name: "x/text", Run: transformer(le.NewDecoder(), 2, in16)},
		}},
		{Name: "UTF8toUTF16units", Impls: []table.Impl{
			{Name: "utf8x", Run: func() func([]byte) int {
				var dst []uint16
				return func(p []byte) int {
					if cap(dst) < len(p) {
						dst = make([]uint16, len(p))
					}
					out, _ := transcode.AppendUTF8ToUTF16(dst[:0], p)
					return len(out)
				}
			}()},
			{Name: "unicode/utf16", Run: func() func([]byte) int {
				var dst []uint16
				return func(p []byte) int {
					if cap(dst) < len(p) {
						dst = make([]uint16, len(p))
					}
					out := dst[:0]
					for _, r := range string(p) {
						out = utf16.AppendRune(out, r)
					}
					return len(out)
				}
			}()},
		}},
		{Name: "UTF16unitstoUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: func() func([]byte) int {
				var s buffers
				return func(p []byte) int {
					u := memoized(unitsIn, p, units)
					out, _ := transcode.AppendUTF16ToUTF8(s.get(3*len(u) + 8)[:0], u)
					return len(out)
				}
			}()},
			{Name: "unicode/utf16", Run: func() func([]byte) int {
				var s buffers
				return func(p []byte) int {
					u := memoized(unitsIn, p, units)
					out := s.get(3*len(u) + 8)[:0]
					for _, r := range utf16.Decode(u) { // allocates: the package has no appending decoder
						out = utf8.AppendRune(out, r)
					}
					return len(out)
				}
			}()},
		}},
		{Name: "UTF8toUTF32LE", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF8ToUTF32LE, 4, nil)},
			{Name: "x/text", Run: transformer(le32.NewEncoder(), 4, nil)},
		}},
		{Name: "UTF32LEtoUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF32LEToUTF8, 1, in32)},
			{Name: "x/text", Run: transformer(le32.NewDecoder(), 1, in32)},
		}},
		pairOp("UTF16LEtoUTF32LE", transcode.UTF16LE, transcode.UTF32LE, le, le32, in16, 2),
		pairOp("UTF32LEtoUTF16LE", transcode.UTF32LE, transcode.UTF16LE, le32, le, in32, 1),
		pairOp("UTF16BEtoUTF16LE", transcode.UTF16BE, transcode.UTF16LE, be16, le, in16be, 1),
		pairOp("UTF32BEtoUTF32LE", transcode.UTF32BE, transcode.UTF32LE, be32, le32, in32be, 1),
		{Name: "UTF32BEtoUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF32BEToUTF8, 1, in32be)},
			{Name: "x/text", Run: transformer(be32.NewDecoder(), 1, in32be)},
		}},
	}
	latinOps = []table.Op{
		{Name: "UTF8toLatin1", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.AppendUTF8ToLatin1, 1, nil)},
			{Name: "utf8x.Encoder", Run: transformer(transcode.Latin1.NewEncoder(), 1, nil)},
			{Name: "x/text", Run: transformer(charmap.ISO8859_1.NewEncoder(), 1, nil)},
		}},
		{Name: "Latin1toUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(func(dst, src []byte) ([]byte, error) { return transcode.AppendLatin1ToUTF8(dst, src), nil }, 2, inL1)},
			{Name: "utf8x.Decoder", Run: transformer(transcode.Latin1.NewDecoder(), 2, inL1)},
			{Name: "x/text", Run: transformer(charmap.ISO8859_1.NewDecoder(), 2, inL1)},
		}},
		{Name: "UTF8toCP1252", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.CP1252.AppendEncode, 1, nil)},
			{Name: "utf8x.Encoder", Run: transformer(transcode.CP1252.NewEncoder(), 1, nil)},
			{Name: "x/text", Run: transformer(charmap.Windows1252.NewEncoder(), 1, nil)},
		}},
		{Name: "CP1252toUTF8", Impls: []table.Impl{
			{Name: "utf8x", Run: direct(transcode.CP1252.AppendDecode, 3, in1252)},
			{Name: "utf8x.Decoder", Run: transformer(transcode.CP1252.NewDecoder(), 3, in1252)},
			{Name: "x/text", Run: transformer(charmap.Windows1252.NewDecoder(), 3, in1252)},
		}},
	}
	return unicodeOps, latinOps, lossyConvs(in16, in32, in1252)
}

// pairOp measures a conversion between two encodings other than UTF-8:
// utf8x's Converter against x/text's decoder of one chained to its encoder
// of the other, the way x/text converts between them.
func pairOp(name string, from, to transcode.Encoding, xfrom, xto encoding.Encoding, in *encoded, ratio int) table.Op {
	c := transcode.NewConverter(from, to, utf8x.Strict, utf8x.BOMKeep)
	return table.Op{Name: name, Impls: []table.Impl{
		{Name: "utf8x", Run: direct(c.Append, ratio, in)},
		{Name: "x/text", Run: transformer(transform.Chain(xfrom.NewDecoder(), xto.NewEncoder()), ratio, in)},
	}}
}

// memoized returns f(p), computed once per input (keyed by its first byte).
func memoized[T any](m map[*byte][]T, p []byte, f func([]byte) []T) []T {
	if len(p) == 0 {
		return nil
	}
	if u, ok := m[&p[0]]; ok {
		return u
	}
	u := f(p)
	m[&p[0]] = u
	return u
}

// runnable reports why this CPU cannot run the named transcoding kernel
// set, or nil when it can, leaving the set in use unchanged.
func runnable(name string) error {
	defer transcode.UseKernelSet("")
	return transcode.UseKernelSet(name)
}
