// Package table measures utf8x against its peers on the same inputs in the
// same run and prints the results as Markdown tables of GB/s and ratios.
package table

import (
	"fmt"
	"github.com/utf8x/utf8x/transcode"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	segascii "github.com/segmentio/asm/ascii"
	segutf8 "github.com/segmentio/asm/utf8"
	"github.com/utf8x/utf8x"
	"golang.org/x/text/encoding"
)

// Input is one byte string to measure on.
type Input struct {
	Name  string
	Class string // "ascii", "non-ascii" or "mixed": what share of the bytes is ASCII
	Data  []byte
}

// Impl is one implementation of an operation. Run returns something derived
// from the result so the call cannot be optimised away. Kernel, if set, names
// the utf8x kernel set (internal/utf8kernel) forced on while Run is timed, and
// Transcode the transcoding kernel set (internal/convkernel).
type Impl struct {
	Name      string
	Run       func(p []byte) int
	Kernel    string
	Transcode string
}

// Op is an operation with utf8x first and its peers after. Applies, if set,
// limits the inputs it is measured on.
type Op struct {
	Name    string
	Impls   []Impl
	Applies func(Input) bool
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// xtextValidate runs golang.org/x/text's UTF-8 validating transformer, which
// copies as it checks; dst is reused so it does not allocate.
func xtextValidate() func(p []byte) int {
	var dst []byte
	return func(p []byte) int {
		if cap(dst) < len(p) {
			dst = make([]byte, len(p))
		}
		t := encoding.UTF8Validator
		t.Reset()
		_, n, err := t.Transform(dst[:len(p)], p, true)
		return b2i(err == nil && n == len(p))
	}
}

func stdUTF16Len(p []byte) int {
	n := 0
	for len(p) > 0 {
		r, size := utf8.DecodeRune(p)
		n += utf16.RuneLen(r)
		p = p[size:]
	}
	return n
}

// Ops lists the operations measured. With kernels, the kernel entry points
// and utf8x's other kernel sets are measured beside the best one.
func Ops(kernels bool) []Op {
	valid := func(p []byte) int { return b2i(utf8x.Valid(p)) }
	ops := []Op{
		{"Valid", []Impl{
			{"utf8x", valid, "", ""},
			{"unicode/utf8", func(p []byte) int { return b2i(utf8.Valid(p)) }, "", ""},
			{"segmentio", func(p []byte) int { return b2i(segutf8.Valid(p)) }, "", ""},
		}, nil},
		{"Validate", []Impl{
			{"utf8x", func(p []byte) int { return b2i(utf8x.Validate(p) == nil) }, "", ""},
			{"utf8x.Valid", valid, "", ""},
			{"x/text", xtextValidate(), "", ""},
		}, nil},
		// Only all-ASCII inputs make IsASCII read every byte.
		{"IsASCII", []Impl{
			{"utf8x", func(p []byte) int { return b2i(utf8x.IsASCII(p)) }, "", ""},
			{"segmentio", func(p []byte) int { return b2i(segascii.Valid(p)) }, "", ""},
		}, func(in Input) bool { return utf8x.IsASCII(in.Data) }},
		{"RuneCount", []Impl{
			{"utf8x", utf8x.RuneCount, "", ""},
			{"unicode/utf8", utf8.RuneCount, "", ""},
		}, nil},
		{"UTF16Len", []Impl{
			{"utf8x", utf8x.UTF16Len, "", ""},
			{"unicode/utf8+utf16", stdUTF16Len, "", ""},
		}, nil},
	}
	if kernels {
		for _, k := range utf8x.KernelSets()[1:] {
			if utf8x.UseKernelSet(k) != nil {
				continue
			}
			utf8x.UseKernelSet("")
			ops[0].Impls = append(ops[0].Impls, Impl{"utf8x/" + k, valid, k, ""})
			ops[3].Impls = append(ops[3].Impls, Impl{"utf8x/" + k, utf8x.RuneCount, k, ""})
		}
	}
	return ops
}

// Sizes of the generated inputs.
var Sizes = []struct {
	Name string
	N    int
}{
	{"8B", 8}, {"32B", 32}, {"1KiB", 1 << 10}, {"64KiB", 64 << 10}, {"1MiB", 1 << 20}, {"64MiB", 64 << 20},
}

// Generated returns ASCII, 2-, 3-, 4-byte heavy and mixed text of each size.
// The heavy texts mix in a few ASCII spaces and the mixed one draws characters
// of every length at random, as real text does, so no kernel sees one
// constant pattern.
func Generated(sizes []int, names []string) []Input {
	kinds := []struct {
		name, class string
		pick        func(r *rand.Rand) rune
	}{
		{"ascii", "ascii", func(r *rand.Rand) rune { return rune(0x20 + r.IntN(0x5F)) }},
		{"2byte", "non-ascii", func(r *rand.Rand) rune { return heavy(r, 0x400, 0x4FF) }},   // Cyrillic
		{"3byte", "non-ascii", func(r *rand.Rand) rune { return heavy(r, 0x4E00, 0x9FFF) }}, // CJK
		{"4byte", "non-ascii", func(r *rand.Rand) rune { return heavy(r, 0x1F300, 0x1F64F) }},
		{"mixed", "mixed", func(r *rand.Rand) rune {
			switch r.IntN(4) {
			case 0:
				return rune(0x20 + r.IntN(0x5F))
			case 1:
				return rune(0xC0 + r.IntN(0x100))
			case 2:
				return rune(0x3040 + r.IntN(0x60))
			}
			return rune(0x1F600 + r.IntN(0x40))
		}},
	}
	var out []Input
	for _, k := range kinds {
		for i, n := range sizes {
			r := rand.New(rand.NewPCG(1, uint64(n)))
			b := make([]byte, 0, n+4)
			for len(b) < n {
				c := k.pick(r)
				if len(b)+utf8.RuneLen(c) > n {
					c = 'x'
				}
				b = utf8.AppendRune(b, c)
			}
			out = append(out, Input{Name: k.name + "/" + names[i], Class: k.class, Data: b})
		}
	}
	return out
}

func heavy(r *rand.Rand, lo, hi int) rune {
	if r.IntN(16) == 0 {
		return ' '
	}
	return rune(lo + r.IntN(hi-lo+1))
}

// Corpus loads every UTF-8 file (*.utf8.txt, *.html) under dir.
func Corpus(dir string) ([]Input, error) {
	var out []Input
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() || !(strings.HasSuffix(name, ".utf8.txt") || strings.HasSuffix(name, ".html")) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		out = append(out, Input{Name: filepath.ToSlash(rel), Class: classify(b), Data: b})
		return nil
	})
	return out, err
}

// Inputs returns the corpus files under corpusDir, or none, with a note on
// stderr, when the folder is absent, then the generated inputs of Sizes up to
// maxSize bytes.
func Inputs(corpusDir string, maxSize int) ([]Input, error) {
	var inputs []Input
	if _, err := os.Stat(corpusDir); err != nil {
		fmt.Fprintf(os.Stderr, "corpus %s not found: measuring generated inputs only\n", corpusDir)
	} else {
		c, err := Corpus(corpusDir)
		if err != nil {
			return nil, err
		}
		inputs = append(inputs, c...)
	}
	var sizes []int
	var names []string
	for _, s := range Sizes {
		if s.N <= maxSize {
			sizes, names = append(sizes, s.N), append(names, s.Name)
		}
	}
	return append(inputs, Generated(sizes, names)...), nil
}

// Filter compiles the -run flag of the commands: nil, for all, when it is
// empty.
func Filter(expr string) *regexp.Regexp {
	if expr == "" {
		return nil
	}
	return regexp.MustCompile(expr)
}

// CPU describes the processor as /proc/cpuinfo names it, followed, with
// vector set, by the vector extensions utf8x's kernels choose between, in
// parentheses. Without /proc/cpuinfo, or without a model name when vector is
// not set, it is runtime.GOARCH.
func CPU(vector bool) string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	model, flags := "", ""
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			if model == "" {
				model = strings.TrimSpace(v)
			}
		case "flags":
			if flags == "" {
				var keep []string
				for _, f := range strings.Fields(v) {
					switch f {
					case "avx2", "avx512f", "avx512bw", "avx512vbmi", "avx512_vbmi2", "bmi2":
						keep = append(keep, f)
					}
				}
				flags = strings.Join(keep, " ")
			}
		}
	}
	switch {
	case vector:
		return fmt.Sprintf("%s (%s)", model, flags)
	case model == "":
		return runtime.GOARCH
	}
	return model
}

// classify calls a text ASCII when at least 90% of its bytes are, non-ASCII
// when under half are.
func classify(b []byte) string {
	ascii := 0
	for _, c := range b {
		if c < 0x80 {
			ascii++
		}
	}
	switch {
	case ascii*10 >= len(b)*9:
		return "ascii"
	case ascii*2 < len(b):
		return "non-ascii"
	}
	return "mixed"
}

// Measure returns the throughput of each implementation on p in GB/s: the
// median of rounds timings, each of at least minDur. The rounds of the
// implementations alternate, so that a change in the machine's load while a
// cell is measured weighs on all of them alike.
func Measure(impls []Impl, p []byte, rounds int, minDur time.Duration) []float64 {
	iters := make([]int, len(impls))
	for j, impl := range impls {
		iters[j] = 1
		for {
			d := timeIt(impl, p, iters[j])
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
			d := timeIt(impl, p, iters[j])
			speeds[j] = append(speeds[j], float64(len(p))*float64(iters[j])/d.Seconds()/1e9)
		}
	}
	out := make([]float64, len(impls))
	for j := range out {
		out[j] = median(speeds[j])
	}
	return out
}

var sink int

// CPUTime makes Measure time each round by the CPU time of the thread that
// runs it (locked to it for the round) instead of by the wall clock, where
// the system has a thread CPU clock (Linux). On a machine shared with other
// work the wall clock counts the time other processes held the core, which
// a thread's CPU time does not; what they do to the caches still shows.
var CPUTime bool

func timeIt(impl Impl, p []byte, iters int) time.Duration {
	if impl.Kernel != "" {
		utf8x.UseKernelSet(impl.Kernel)
		defer utf8x.UseKernelSet("")
	}
	if impl.Transcode != "" {
		transcode.UseKernelSet(impl.Transcode)
		defer transcode.UseKernelSet("")
	}
	f := impl.Run
	s := 0
	if CPUTime {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		if c0, ok := ThreadCPU(); ok {
			for range iters {
				s += f(p)
			}
			c1, _ := ThreadCPU()
			sink += s
			return max(c1-c0, time.Nanosecond)
		}
	}
	start := time.Now()
	for range iters {
		s += f(p)
	}
	d := time.Since(start)
	sink += s
	return max(d, time.Nanosecond)
}

// Result is one measured cell.
type Result struct {
	Op, Input, Class string
	Size             int
	GBps             []float64 // per Op.Impls
}

// Config selects what Run measures.
type Config struct {
	Ops     []Op
	Inputs  []Input
	Rounds  int
	MinDur  time.Duration
	Filter  *regexp.Regexp // on "op/input"; nil for all
	Results func(Result)   // called as each row completes, e.g. for progress
}

// Run measures every operation on every input.
func Run(c Config) []Result {
	var out []Result
	for _, op := range c.Ops {
		for _, in := range c.Inputs {
			if c.Filter != nil && !c.Filter.MatchString(op.Name+"/"+in.Name) ||
				op.Applies != nil && !op.Applies(in) {
				continue
			}
			r := Result{Op: op.Name, Input: in.Name, Class: in.Class, Size: len(in.Data)}
			r.GBps = Measure(op.Impls, in.Data, c.Rounds, c.MinDur)
			if c.Results != nil {
				c.Results(r)
			}
			out = append(out, r)
		}
	}
	return out
}

// Print writes one Markdown table per operation, then the medians per input
// class that the goals are stated in.
func Print(w io.Writer, ops []Op, results []Result) {
	for _, op := range ops {
		var rows []Result
		for _, r := range results {
			if r.Op == op.Name {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n#### %s (GB/s; ratio = utf8x / peer)\n\n", op.Name)
		head := "| input | class | bytes | " + op.Impls[0].Name + " |"
		rule := "| --- | --- | ---: | ---: |"
		for _, impl := range op.Impls[1:] {
			head += " " + impl.Name + " | ratio |"
			rule += " ---: | ---: |"
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		for _, r := range rows {
			line := fmt.Sprintf("| %s | %s | %d | %s |", r.Input, r.Class, r.Size, gb(r.GBps[0]))
			for _, v := range r.GBps[1:] {
				line += fmt.Sprintf(" %s | %.2fx |", gb(v), r.GBps[0]/v)
			}
			fmt.Fprintln(w, line)
		}
	}
	summary(w, ops, results)
}

func gb(v float64) string {
	if v >= 10 {
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// summary prints, per operation and group of inputs, the median throughput of
// each implementation and the median of the per-input ratios.
func summary(w io.Writer, ops []Op, results []Result) {
	groups := []struct {
		name string
		keep func(Result) bool
	}{
		{"corpus, non-ASCII files", func(r Result) bool { return corpus(r) && r.Class == "non-ascii" }},
		{"corpus, mixed files", func(r Result) bool { return corpus(r) && r.Class == "mixed" }},
		{"corpus, ASCII-heavy files", func(r Result) bool { return corpus(r) && r.Class == "ascii" }},
		{"corpus, all files", corpus},
		{"generated, 8 B", func(r Result) bool { return !corpus(r) && r.Size == 8 }},
		{"generated, 32 B", func(r Result) bool { return !corpus(r) && r.Size == 32 }},
		{"generated, 1 KiB - 1 MiB", func(r Result) bool { return !corpus(r) && r.Size >= 1<<10 && r.Size <= 1<<20 }},
		{"generated, 64 MiB", func(r Result) bool { return !corpus(r) && r.Size == 64<<20 }},
	}
	fmt.Fprintf(w, "\n#### Summary: medians (GB/s, and the median of per-input ratios utf8x / peer)\n\n")
	fmt.Fprintln(w, "| operation | inputs | n | utf8x | peers |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | --- |")
	for _, op := range ops {
		for _, g := range groups {
			var rows []Result
			for _, r := range results {
				if r.Op == op.Name && g.keep(r) {
					rows = append(rows, r)
				}
			}
			if len(rows) == 0 {
				continue
			}
			var peers []string
			for j, impl := range op.Impls[1:] {
				var speed, ratio []float64
				for _, r := range rows {
					speed = append(speed, r.GBps[j+1])
					ratio = append(ratio, r.GBps[0]/r.GBps[j+1])
				}
				peers = append(peers, fmt.Sprintf("%s %s (%.2fx)", impl.Name, gb(median(speed)), median(ratio)))
			}
			var mine []float64
			for _, r := range rows {
				mine = append(mine, r.GBps[0])
			}
			fmt.Fprintf(w, "| %s | %s | %d | %s | %s |\n", op.Name, g.name, len(rows), gb(median(mine)), strings.Join(peers, "; "))
		}
	}
}

func corpus(r Result) bool { return strings.Contains(r.Input, ".") }

func median(v []float64) float64 {
	v = slices.Clone(v)
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// Damage inserts bad after every n bytes of p, at a unit boundary (unit
// bytes, or for UTF-8 input the next character start), and returns the
// result and the number of bad units inserted: the inputs of the lossy
// benchmarks, at a chosen error density.
func Damage(p, bad []byte, n, unit int, utf8In bool) (out []byte, count int) {
	for len(p) > 0 {
		k := min(n, len(p))
		if unit > 1 {
			k -= k % unit
			if k == 0 {
				k = len(p)
			}
		}
		for utf8In && k < len(p) && p[k]&0xC0 == 0x80 {
			k++
		}
		out = append(append(out, p[:k]...), bad...)
		count++
		p = p[k:]
	}
	return out, count
}
