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
// transform.Bytes. GB/s count the bytes of each operation's input: for
// decoding, the text of the input file converted beforehand (its name is
// the file's).
//
// Each entry point that takes a transformer (Bytes, String, the
// transform.Reader and Writer) is also measured, in the same rounds, with a
// transformer that only copies (floorT, writing as many bytes as the
// conversion does): its floor, what that entry point costs any
// transformer. ToValidString's floor is strings.Clone: a new string. The tables give each entry point's ratio to its floor, and
// the summary its ratio to the bound where the conversion's cost (the slice
// function) and the entry point's (the floor) are added: an entry point
// near its floor or bound and far below the slice function is limited by
// golang.org/x/text's entry point, not by our transformer. The ratio to the
// bound is taken within each round (the slice function, the entry point and
// its floor timed one after the other) and its median over the rounds
// reported, and each round starts after a garbage collection.
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
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	all := flag.Bool("all", false, "every corpus file and every generated kind, not only three corpus files (Latin, Chinese, HTML) and mixed text")
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
			var perRound [][]float64
			if *wall {
				gbps = table.Measure(impls, src, *rounds, *dur)
			} else {
				gbps, perRound = measureCPU(impls, src, *rounds, *dur)
			}
			cells = append(cells, cell{op: op.name, input: in.Name, size: len(src), names: names(impls), gbps: gbps, rounds: perRound})
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
	// rounds[j][r] is impl j's GB/s in round r (nil with -wall): the
	// bound is taken round by round, each entry point beside the slice
	// function and the floor timed next to it.
	rounds [][]float64
}

// toBound returns the entry point j's ratio to its bound, where f is its
// floor: the median over rounds of the ratio within each round, which load
// changing during the cell moves less than a ratio of medians.
func (c cell) toBound(j, f int) float64 {
	if c.rounds == nil {
		return c.gbps[j] * (1/c.gbps[0] + 1/c.gbps[f])
	}
	var ratios []float64
	for r := range c.rounds[0] {
		ratios = append(ratios, c.rounds[j][r]*(1/c.rounds[0][r]+1/c.rounds[f][r]))
	}
	sort.Float64s(ratios)
	return ratios[len(ratios)/2]
}

func names(impls []table.Impl) []string {
	var out []string
	for _, i := range impls {
		out = append(out, i.Name)
	}
	return out
}

// loadInputs returns the UTF-8 texts: by default three corpus files, one
// mostly ASCII, one mostly 3-byte characters and one HTML, and 1 MiB of mixed
// text, enough to see each entry point's cost without measuring every file.
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

// representableOnly keeps the characters that e can hold, so that a strict
// conversion to a single-byte encoding (ISO-8859-1, Windows-1252, US-ASCII,
// ISO-8859-15) measures the conversion rather than its first error.
func representableOnly(e transcode.Encoding, p []byte) []byte {
	fits := map[rune]bool{}
	var b []byte
	for _, r := range string(p) {
		ok, seen := fits[r]
		if !seen {
			_, err := transcode.NewConverter(transcode.UTF8, e, utf8x.Strict, utf8x.BOMKeep).Append(nil, utf8.AppendRune(nil, r))
			ok = err == nil
			fits[r] = ok
		}
		if ok {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// sink is an io.Writer that only counts, so that io.Copy uses its own buffer
// and transform.Writer's writes cost nothing.
type sink struct{ n int }

func (s *sink) Write(p []byte) (int, error) { s.n += len(p); return len(p), nil }

// floorT is the cheapest transformer that writes what a conversion writes
// in size: it copies its input, cut short or repeated so that its output
// keeps the conversion's output/input ratio (num/den), and changes the
// first byte. transform.String returns an input a transformer leaves
// unchanged without building a result, so an identity (transform.Nop) would
// skip the work every real conversion does there; and transform.Bytes and
// the Reader's and Writer's buffers cost more as the output grows, so a
// conversion that doubles its input must be set beside a copy that does
// too. Through an entry point it costs what the entry point adds to any
// transformer: the floor of that entry point.
type floorT struct {
	num, den int64 // output bytes per input byte
	in, out  int64 // bytes read and written since Reset
}

func (t *floorT) Reset() { t.in, t.out = 0, 0 }

func (t *floorT) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	n := int64(len(src))
	if room := (t.out+int64(len(dst)))*t.den/t.num - t.in; room < n {
		n, err = max(room, 0), transform.ErrShortDst
	}
	m := (t.in+n)*t.num/t.den - t.out
	if m > int64(len(dst)) { // rounding
		n, m, err = 0, 0, transform.ErrShortDst
	}
	out := dst[:m]
	k := copy(out, src[:n])
	for k > 0 && k < len(out) {
		k += copy(out[k:], out[:k])
	}
	if t.out == 0 && m > 0 {
		out[0] ^= 1
	}
	t.in += n
	t.out += m
	return int(m), int(n), err
}

// floorPrefix starts the name of a floor: floorT through the entry point
// named after it.
const floorPrefix = "floor: "

// floors returns floorT through the entry points named, each named
// floorPrefix + its entry point's name. wrap puts floorT in what the entry
// points hold (an *encoding.Encoder for the x/text encodings).
func floors(names map[string]string, wrap func(transform.Transformer) transform.Transformer, outLen func(p []byte) int) []table.Impl {
	var buf bytes.Reader
	// newT returns a floorT for the input p, with the output/input ratio
	// of the conversion on p (outLen runs once per input).
	var last []byte
	var num int64
	newT := func(p []byte) transform.Transformer {
		if len(p) != len(last) || len(p) > 0 && &p[0] != &last[0] {
			last, num = p, int64(outLen(p))
		}
		return wrap(&floorT{num: max(num, 1), den: max(int64(len(p)), 1)})
	}
	var out []table.Impl
	if n, ok := names["Bytes"]; ok {
		out = append(out, table.Impl{Name: floorPrefix + n, Run: func(p []byte) int {
			b, _, err := transform.Bytes(newT(p), p)
			must(err)
			return len(b)
		}})
	}
	if n, ok := names["String"]; ok {
		out = append(out, table.Impl{Name: floorPrefix + n, Run: func(p []byte) int {
			s, _, err := transform.String(newT(p), unsafeString(p))
			must(err)
			return len(s)
		}})
	}
	if n, ok := names["Reader"]; ok {
		out = append(out, table.Impl{Name: floorPrefix + n, Run: func(p []byte) int {
			buf.Reset(p)
			var s sink
			_, err := io.Copy(&s, transform.NewReader(&buf, newT(p)))
			must(err)
			return s.n
		}})
	}
	if n, ok := names["Writer"]; ok {
		out = append(out, table.Impl{Name: floorPrefix + n, Run: func(p []byte) int {
			var s sink
			tw := transform.NewWriter(&s, newT(p))
			_, err := tw.Write(p)
			must(err)
			must(tw.Close())
			return s.n
		}})
	}
	return out
}

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
			return representableOnly(e, p)
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
	wrap := func(t transform.Transformer) transform.Transformer { return &encoding.Encoder{Transformer: t} }
	if !encode {
		wrap = func(t transform.Transformer) transform.Transformer { return &encoding.Decoder{Transformer: t} }
	}
	var buf bytes.Reader
	return append([]table.Impl{
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
	}, floors(map[string]string{"Bytes": coder + ".Bytes", "String": coder + ".String",
		"Reader": "transform.NewReader + io.Copy", "Writer": "transform.NewWriter"}, wrap, slice.Run)...)
}

func repairImpls() []table.Impl {
	var dst []byte
	var buf bytes.Reader
	return append([]table.Impl{
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
		// ToValidString's floor: the cheapest new string as long as its
		// input (on valid input it returns its input, and costs less).
		{Name: floorPrefix + "ToValidString", Run: func(p []byte) int {
			return len(strings.Clone(unsafeString(p)))
		}},
	}, floors(map[string]string{"Bytes": "NewTransformer in transform.Bytes",
		"Reader": "NewTransformer in transform.NewReader + io.Copy", "Writer": "NewTransformer in transform.NewWriter"},
		func(t transform.Transformer) transform.Transformer { return t },
		func(p []byte) int { out, _, _ := utf8x.AppendValid(nil, p, utf8x.Replace); return len(out) })...)
}

func gb(v float64) string {
	if v >= 10 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// entries returns the entry points of c (not the slice function, not the
// floors) by index into c.names, and for each the index of its floor, or -1.
func (c cell) entries() (idx, floor []int) {
	for j, n := range c.names[1:] {
		if strings.HasPrefix(n, floorPrefix) {
			continue
		}
		idx = append(idx, j+1)
		floor = append(floor, slices.Index(c.names, floorPrefix+n))
	}
	return idx, floor
}

// printCells writes one table per operation: GB/s of the slice function, and
// of each entry point with its ratio to it; where the entry point takes a
// transformer, the floor (floorT through it: GB/s, and its ratio to the
// slice function) and the entry point's ratio to its floor.
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
		idx, floor := rows[0].entries()
		fmt.Fprintf(w, "\n#### %s (GB/s of the operation's input; ratio = entry point / %s; floor = a copying transformer through the same entry point, GB/s (floor / %s); / floor = entry point / floor)\n\n", op, names[0], names[0])
		head, rule := "| input | bytes | "+names[0]+" |", "| --- | ---: | ---: |"
		for k, j := range idx {
			head += " " + names[j] + " | ratio |"
			rule += " ---: | ---: |"
			if floor[k] >= 0 {
				head += " floor | / floor |"
				rule += " ---: | ---: |"
			}
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		for _, c := range rows {
			line := fmt.Sprintf("| %s | %d | %s |", c.input, c.size, gb(c.gbps[0]))
			for k, j := range idx {
				v := c.gbps[j]
				line += fmt.Sprintf(" %s | %.2fx |", gb(v), v/c.gbps[0])
				if f := floor[k]; f >= 0 {
					line += fmt.Sprintf(" %s (%.2fx) | %.2fx |", gb(c.gbps[f]), c.gbps[f]/c.gbps[0], v/c.gbps[f])
				}
			}
			fmt.Fprintln(w, line)
		}
	}
}

// printSummary gives, per entry point, the median and the lowest ratio to
// the slice function over every cell, and how many cells meet the goal of
// 0.8x: a stream or a range should cost little more than one slice call.
// Where the entry point takes a transformer, it gives the same against its
// floor, what no transformer can beat through that entry point: a row below
// 0.8x of the slice function but near its floor is limited by the entry
// point (golang.org/x/text's), not by the transformer. The bound adds the
// two costs, the conversion's (the slice function's time) and the entry
// point's (the floor's): where the slice function is slower than the floor
// (mixed text to UTF-16, say) the floor alone says little, and an entry
// point near its bound spends no more than those two.
func printSummary(w io.Writer, cells []cell) {
	type agg struct {
		ratios, floors, toFloor []float64 // entry / slice, floor / slice, entry / floor
		toBound                 []float64 // entry / the speed of the slice function's and the floor's costs added
		worst, worstFloor       string
	}
	by := map[string]*agg{}
	var order []string
	for _, c := range cells {
		idx, floor := c.entries()
		for k, j := range idx {
			key := c.names[j]
			if strings.HasPrefix(c.op, "repair") {
				key = "repair: " + key
			}
			a := by[key]
			if a == nil {
				a = &agg{}
				by[key] = a
				order = append(order, key)
			}
			r := c.gbps[j] / c.gbps[0]
			if len(a.ratios) == 0 || r < slices.Min(a.ratios) {
				a.worst = c.op + ", " + c.input
			}
			a.ratios = append(a.ratios, r)
			if f := floor[k]; f >= 0 {
				rf := c.gbps[j] / c.gbps[f]
				if len(a.toFloor) == 0 || rf < slices.Min(a.toFloor) {
					a.worstFloor = c.op + ", " + c.input
				}
				a.toFloor = append(a.toFloor, rf)
				a.floors = append(a.floors, c.gbps[f]/c.gbps[0])
				a.toBound = append(a.toBound, c.toBound(j, f))
			}
		}
	}
	medianOf := func(v []float64) float64 {
		v = slices.Clone(v)
		sort.Float64s(v)
		return v[len(v)/2]
	}
	atLeast := func(v []float64, min float64) int {
		n := 0
		for _, r := range v {
			if r >= min {
				n++
			}
		}
		return n
	}
	fmt.Fprintf(w, "\n#### Summary: entry point / slice function, over every row above (goal: >= 0.8x), and against the entry point's floor and bound (1 / (1/slice + 1/floor): the two costs added; entry / bound is the median over rounds of that ratio within each round)\n\n")
	fmt.Fprintln(w, "| entry point | rows | median | lowest | lowest on | rows >= 0.8x | floor / slice, median | entry / floor, median | lowest | lowest on | rows >= 0.8x of the floor | entry / bound, median | lowest | rows >= 0.8x of the bound |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
	for _, k := range order {
		a := by[k]
		line := fmt.Sprintf("| %s | %d | %.2fx | %.2fx | %s | %d |", k, len(a.ratios), medianOf(a.ratios), slices.Min(a.ratios), a.worst, atLeast(a.ratios, 0.8))
		if len(a.toFloor) > 0 {
			line += fmt.Sprintf(" %.2fx | %.2fx | %.2fx | %s | %d | %.2fx | %.2fx | %d |", medianOf(a.floors), medianOf(a.toFloor), slices.Min(a.toFloor), a.worstFloor, atLeast(a.toFloor, 0.8),
				medianOf(a.toBound), slices.Min(a.toBound), atLeast(a.toBound, 0.8))
		} else {
			line += " | | | | | | | |"
		}
		fmt.Fprintln(w, line)
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
// in GB/s of p, and every round's figure. A garbage collection, untimed,
// precedes each round, so that the collector's work on one
// implementation's garbage (Bytes and String allocate their results) is not
// charged to the round of the next one, its floor's neighbour or its own.
func measureCPU(impls []table.Impl, p []byte, rounds int, minDur time.Duration) ([]float64, [][]float64) {
	timeIt := func(f func([]byte) int, iters int) time.Duration {
		s := 0
		runtime.GC()
		start := cpuTime()
		for range iters {
			s += f(p)
		}
		sinkInt += s
		return max(cpuTime()-start, time.Microsecond)
	}
	// Untimed warm-up: the first implementation's iteration count was
	// calibrated on cold first calls (the output buffer's first touches),
	// came out too small, and left its rounds dominated by what each round
	// costs besides the calls: UTF-8 to UTF-32LE on english.html read 2.1-2.7
	// GB/s for the slice function against 4.1 with this warm-up, and 5.0 with
	// rounds of 100 ms.
	for range 3 {
		for _, impl := range impls {
			timeIt(impl.Run, 1)
		}
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
		v = slices.Clone(v)
		sort.Float64s(v)
		out[j] = v[len(v)/2]
	}
	return out, speeds
}

var sinkInt int
