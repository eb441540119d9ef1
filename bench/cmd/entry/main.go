// Command entry measures every library entry point a user can reach a
// conversion or a repair through, beside the slice function under it, in
// memory, on inputs of 64 KiB and more, all in one run with the rounds of the
// entry points alternating, and prints each one's throughput and its ratio to
// the slice function as Markdown:
//
//	cd bench && go run ./cmd/entry [-corpus ../../shared/corpus] [-all] [-run regexp]
//
// For every encoding of transcode, in both directions (from UTF-8: encode;
// to UTF-8: decode), the slice function is the direct Append function where
// the package has one (AppendUTF8ToUTF16LE, ...) and Encoding.AppendEncode or
// AppendDecode otherwise; the entry points are Converter.Append on a
// Converter made once, NewEncoder().Bytes and .String (NewDecoder for
// decoding), transform.NewReader with io.Copy, and transform.NewWriter. For
// the root package's repair (the Replace policy, on valid input and on input
// with an error every KiB or so) the slice function is AppendValid and the
// entry points are ToValidString, utf8x.NewReader with io.Copy, and
// utf8x.NewTransformer inside transform.NewReader, transform.NewWriter and
// transform.Bytes. GB/s count the bytes of each conversion's input.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
	"golang.org/x/text/transform"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	all := flag.Bool("all", false, "every corpus file and every generated kind, not the three files of issue 11 and mixed text")
	run := flag.String("run", "", "measure only rows whose \"operation/input\" matches this regexp")
	rounds := flag.Int("rounds", 5, "timed rounds per cell; the median is reported")
	dur := flag.Duration("dur", 10*time.Millisecond, "minimum duration of one round")
	wall := flag.Bool("wall", false, "time by the wall clock instead of the process's CPU time")
	flag.Parse()

	inputs := loadInputs(*corpusDir, *all)
	filter := table.Filter(*run)
	start := time.Now()
	var cells []cell
	for _, op := range operations() {
		for _, in := range inputs {
			name := op.name + "/" + in.Name
			if filter != nil && !filter.MatchString(name) {
				continue
			}
			src := op.prepare(in.Data)
			if len(src) < 64<<10 {
				continue // the goal is stated for 64 KiB and more
			}
			fmt.Fprintf(os.Stderr, "\r%-72s", name)
			impls := op.impls()
			var gbps []float64
			if *wall {
				gbps = table.Measure(impls, src, *rounds, *dur)
			} else {
				gbps = measureCPU(impls, src, *rounds, *dur)
			}
			cells = append(cells, cell{op: op.name, input: in.Name, size: len(src), names: names(impls), gbps: gbps})
		}
	}
	fmt.Fprintf(os.Stderr, "\r%-72s\r", "")

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/entry %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "%s, %d logical CPUs, %s %s/%s; load average before the run: %s; %d rounds of >= %v per cell, median; run took %v.\n",
		table.CPU(true), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "),
		*rounds, *dur, time.Since(start).Round(time.Second))
	if *wall {
		fmt.Fprintln(w, "Times are wall-clock time.")
	} else {
		fmt.Fprintln(w, "Times are the process's CPU time (user + system, garbage collector included), which a loaded machine disturbs less than the wall clock (-wall).")
	}
	printCells(w, cells)
	printSummary(w, cells)
}

type cell struct {
	op, input string
	size      int
	names     []string
	gbps      []float64 // the slice function first
}

func names(impls []table.Impl) []string {
	var out []string
	for _, i := range impls {
		out = append(out, i.Name)
	}
	return out
}

// loadInputs returns the UTF-8 texts: by default the three files of issue
// 11's table and 1 MiB of mixed text.
func loadInputs(corpusDir string, all bool) []table.Input {
	var out []table.Input
	corpus, err := table.Corpus(corpusDir)
	if err != nil || len(corpus) == 0 {
		fmt.Fprintf(os.Stderr, "corpus %s not found: generated inputs only\n", corpusDir)
	}
	for _, in := range corpus {
		switch {
		case all,
			in.Name == "lipsum/Latin-Lipsum.utf8.txt",
			in.Name == "wikipedia_mars/english.html",
			in.Name == "lipsum/Chinese-Lipsum.utf8.txt":
			out = append(out, in)
		}
	}
	gen := table.Generated([]int{64 << 10, 1 << 20}, []string{"64KiB", "1MiB"})
	for _, in := range gen {
		if all || in.Name == "mixed/1MiB" {
			out = append(out, in)
		}
	}
	return out
}

// operation is one conversion or repair with its slice function and entry
// points.
type operation struct {
	name    string
	prepare func(text []byte) []byte // the input of the operation, made from UTF-8 text
	impls   func() []table.Impl      // the slice function first
}

// singleByteOnly keeps the characters that both ISO-8859-1 and
// Windows-1252 hold.
func singleByteOnly(p []byte) []byte {
	var b []byte
	for _, r := range string(p) {
		if r < 0x80 || 0xA0 <= r && r <= 0xFF {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// sink is an io.Writer that only counts, so that io.Copy uses its own buffer
// and transform.Writer's writes cost nothing.
type sink struct{ n int }

func (s *sink) Write(p []byte) (int, error) { s.n += len(p); return len(p), nil }

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// direct are the slice functions transcode has for a pair of encodings.
var directEncode = map[string]func(dst, src []byte) ([]byte, error){
	"UTF-16LE": transcode.AppendUTF8ToUTF16LE, "UTF-16BE": transcode.AppendUTF8ToUTF16BE,
	"UTF-32LE": transcode.AppendUTF8ToUTF32LE, "UTF-32BE": transcode.AppendUTF8ToUTF32BE,
	"ISO-8859-1": transcode.AppendUTF8ToLatin1,
}

var directDecode = map[string]func(dst, src []byte) ([]byte, error){
	"UTF-16LE": transcode.AppendUTF16LEToUTF8, "UTF-16BE": transcode.AppendUTF16BEToUTF8,
	"UTF-32LE": transcode.AppendUTF32LEToUTF8, "UTF-32BE": transcode.AppendUTF32BEToUTF8,
	"ISO-8859-1": func(dst, src []byte) ([]byte, error) { return transcode.AppendLatin1ToUTF8(dst, src), nil },
}

func operations() []operation {
	var ops []operation
	for _, e := range transcode.Encodings() {
		text := func(p []byte) []byte {
			if e == transcode.Latin1 || e == transcode.CP1252 {
				return singleByteOnly(p)
			}
			return p
		}
		ops = append(ops, operation{
			name:    "UTF-8 to " + e.Name(),
			prepare: text,
			impls:   func() []table.Impl { return convImpls(e, true) },
		})
		if e == transcode.UTF8 {
			continue // decoding is the same conversion
		}
		ops = append(ops, operation{
			name: e.Name() + " to UTF-8",
			prepare: func(p []byte) []byte {
				b, err := e.AppendEncode(nil, text(p))
				must(err)
				return b
			},
			impls: func() []table.Impl { return convImpls(e, false) },
		})
	}
	for _, withErrors := range []bool{false, true} {
		name := "repair (replace), valid input"
		prepare := func(p []byte) []byte { return p }
		if withErrors {
			name = "repair (replace), an error every KiB"
			prepare = sprinkle
		}
		ops = append(ops, operation{name: name, prepare: prepare, impls: repairImpls})
	}
	return ops
}

// sprinkle puts an ill-formed sequence after the character that reaches
// each KiB boundary.
func sprinkle(p []byte) []byte {
	bad := []string{"\xE2\x82", "\xC0", "\x80", "\xED\xA0\x80", "\xFF"}
	var b []byte
	next, k := 1<<10, 0
	for i, r := range string(p) {
		b = utf8.AppendRune(b, r)
		if i >= next {
			b = append(b, bad[k%len(bad)]...)
			next += 1 << 10
			k++
		}
	}
	return b
}

// convImpls returns the slice function and the entry points of e in one
// direction.
func convImpls(e transcode.Encoding, encode bool) []table.Impl {
	var dst []byte
	grow := func(n int) []byte {
		if cap(dst) < n {
			dst = make([]byte, 0, n)
		}
		return dst[:0]
	}
	from, to := transcode.UTF8, e
	if !encode {
		from, to = e, transcode.UTF8
	}
	outMax := func(p []byte) int { return 4*len(p) + 64 }
	var slice table.Impl
	fn, ok := directEncode[e.Name()]
	if !encode {
		fn, ok = directDecode[e.Name()]
	}
	switch {
	case ok:
		name := "Append" + strings.ReplaceAll(from.Name()+"To"+to.Name(), "-", "")
		if e == transcode.Latin1 {
			name = map[bool]string{true: "AppendUTF8ToLatin1", false: "AppendLatin1ToUTF8"}[encode]
		}
		slice = table.Impl{Name: name, Run: func(p []byte) int {
			out, err := fn(grow(outMax(p)), p)
			must(err)
			return len(out)
		}}
	case encode:
		slice = table.Impl{Name: "AppendEncode", Run: func(p []byte) int {
			out, err := e.AppendEncode(grow(outMax(p)), p)
			must(err)
			return len(out)
		}}
	default:
		slice = table.Impl{Name: "AppendDecode", Run: func(p []byte) int {
			out, err := e.AppendDecode(grow(outMax(p)), p)
			must(err)
			return len(out)
		}}
	}
	conv := transcode.NewConverter(from, to, e.Policy(), e.BOMPolicy())
	newT := func() transform.Transformer {
		if encode {
			return e.NewEncoder()
		}
		return e.NewDecoder()
	}
	coder := "NewEncoder()"
	if !encode {
		coder = "NewDecoder()"
	}
	var buf bytes.Reader
	return []table.Impl{
		slice,
		{Name: "Converter.Append", Run: func(p []byte) int {
			out, err := conv.Append(grow(outMax(p)), p)
			must(err)
			return len(out)
		}},
		{Name: coder + ".Bytes", Run: func(p []byte) int {
			var out []byte
			var err error
			if encode {
				out, err = e.NewEncoder().Bytes(p)
			} else {
				out, err = e.NewDecoder().Bytes(p)
			}
			must(err)
			return len(out)
		}},
		{Name: coder + ".String", Run: func(p []byte) int {
			var out string
			var err error
			s := unsafeString(p)
			if encode {
				out, err = e.NewEncoder().String(s)
			} else {
				out, err = e.NewDecoder().String(s)
			}
			must(err)
			return len(out)
		}},
		{Name: "transform.NewReader + io.Copy", Run: func(p []byte) int {
			buf.Reset(p)
			var s sink
			_, err := io.Copy(&s, transform.NewReader(&buf, newT()))
			must(err)
			return s.n
		}},
		{Name: "transform.NewWriter", Run: func(p []byte) int {
			var s sink
			tw := transform.NewWriter(&s, newT())
			_, err := tw.Write(p)
			must(err)
			must(tw.Close())
			return s.n
		}},
	}
}

func repairImpls() []table.Impl {
	var dst []byte
	var buf bytes.Reader
	return []table.Impl{
		{Name: "AppendValid", Run: func(p []byte) int {
			if cap(dst) < 2*len(p) {
				dst = make([]byte, 0, 2*len(p))
			}
			out, _, _ := utf8x.AppendValid(dst[:0], p, utf8x.Replace)
			return len(out)
		}},
		{Name: "ToValidString", Run: func(p []byte) int {
			out, _, _ := utf8x.ToValidString(unsafeString(p), utf8x.Replace)
			return len(out)
		}},
		{Name: "utf8x.NewReader + io.Copy", Run: func(p []byte) int {
			buf.Reset(p)
			var s sink
			_, err := io.Copy(&s, utf8x.NewReader(&buf, utf8x.Replace, utf8x.BOMKeep))
			must(err)
			return s.n
		}},
		{Name: "NewTransformer in transform.NewReader + io.Copy", Run: func(p []byte) int {
			buf.Reset(p)
			var s sink
			_, err := io.Copy(&s, transform.NewReader(&buf, utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep)))
			must(err)
			return s.n
		}},
		{Name: "NewTransformer in transform.NewWriter", Run: func(p []byte) int {
			var s sink
			tw := transform.NewWriter(&s, utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep))
			_, err := tw.Write(p)
			must(err)
			must(tw.Close())
			return s.n
		}},
		{Name: "NewTransformer in transform.Bytes", Run: func(p []byte) int {
			out, _, err := transform.Bytes(utf8x.NewTransformer(utf8x.Replace, utf8x.BOMKeep), p)
			must(err)
			return len(out)
		}},
	}
}

func gb(v float64) string {
	if v >= 10 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// printCells writes one table per operation: GB/s of the slice function, and
// of each entry point with its ratio to it.
func printCells(w io.Writer, cells []cell) {
	var order []string
	for _, c := range cells {
		if !slices.Contains(order, c.op) {
			order = append(order, c.op)
		}
	}
	for _, op := range order {
		var rows []cell
		for _, c := range cells {
			if c.op == op {
				rows = append(rows, c)
			}
		}
		names := rows[0].names
		fmt.Fprintf(w, "\n#### %s (GB/s of input, the text of each file converted beforehand; ratio = entry point / %s)\n\n", op, names[0])
		head, rule := "| input | bytes | "+names[0]+" |", "| --- | ---: | ---: |"
		for _, n := range names[1:] {
			head += " " + n + " | ratio |"
			rule += " ---: | ---: |"
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		for _, c := range rows {
			line := fmt.Sprintf("| %s | %d | %s |", c.input, c.size, gb(c.gbps[0]))
			for _, v := range c.gbps[1:] {
				line += fmt.Sprintf(" %s | %.2fx |", gb(v), v/c.gbps[0])
			}
			fmt.Fprintln(w, line)
		}
	}
}

// printSummary gives, per entry point, the median and the lowest ratio to
// the slice function over every cell, and how many cells meet issue 11's
// goal of 0.8x.
func printSummary(w io.Writer, cells []cell) {
	type agg struct {
		ratios []float64
		worst  string
	}
	by := map[string]*agg{}
	var order []string
	for _, c := range cells {
		for j, n := range c.names[1:] {
			key := n
			if strings.HasPrefix(c.op, "repair") {
				key = "repair: " + n
			}
			a := by[key]
			if a == nil {
				a = &agg{}
				by[key] = a
				order = append(order, key)
			}
			r := c.gbps[j+1] / c.gbps[0]
			if len(a.ratios) == 0 || r < slices.Min(a.ratios) {
				a.worst = c.op + ", " + c.input
			}
			a.ratios = append(a.ratios, r)
		}
	}
	fmt.Fprintf(w, "\n#### Summary: entry point / slice function, over every row above (goal: >= 0.8x)\n\n")
	fmt.Fprintln(w, "| entry point | rows | median | lowest | lowest on | rows >= 0.8x |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | --- | ---: |")
	for _, k := range order {
		a := by[k]
		v := slices.Clone(a.ratios)
		sort.Float64s(v)
		ok := 0
		for _, r := range v {
			if r >= 0.8 {
				ok++
			}
		}
		fmt.Fprintf(w, "| %s | %d | %.2fx | %.2fx | %s | %d |\n", k, len(v), v[len(v)/2], v[0], a.worst, ok)
	}
}

// unsafeString views p as a string without copying, so that the String
// entry points are not charged for a conversion the caller would not make.
func unsafeString(p []byte) string { return unsafe.String(unsafe.SliceData(p), len(p)) }

// cpuTime returns the CPU time the process has used, every thread (the
// garbage collector's included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measureCPU is table.Measure timed by the process's CPU time: the
// implementations' rounds alternate, and each gives the median of its rounds
// in GB/s of p.
func measureCPU(impls []table.Impl, p []byte, rounds int, minDur time.Duration) []float64 {
	timeIt := func(f func([]byte) int, iters int) time.Duration {
		s := 0
		start := cpuTime()
		for range iters {
			s += f(p)
		}
		sinkInt += s
		return max(cpuTime()-start, time.Microsecond)
	}
	iters := make([]int, len(impls))
	for j, impl := range impls {
		iters[j] = 1
		for {
			d := timeIt(impl.Run, iters[j])
			if d >= minDur/4 {
				iters[j] = int(float64(iters[j])*float64(minDur)/float64(d)) + 1
				break
			}
			iters[j] *= 4
		}
	}
	speeds := make([][]float64, len(impls))
	for range rounds {
		for j, impl := range impls {
			d := timeIt(impl.Run, iters[j])
			speeds[j] = append(speeds[j], float64(len(p))*float64(iters[j])/d.Seconds()/1e9)
		}
	}
	out := make([]float64, len(impls))
	for j, v := range speeds {
		sort.Float64s(v)
		out[j] = v[len(v)/2]
	}
	return out
}

var sinkInt int
