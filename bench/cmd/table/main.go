// Command table prints utf8x's throughput beside its peers' as Markdown:
// operation x input x implementation, GB/s and the ratio utf8x / peer, all
// measured in one run. Run it from the bench directory:
//
//	go run ./cmd/table [-corpus ../../shared/corpus] [-run regexp] [-rounds 5] [-dur 20ms]
//
// Inputs are every *.utf8.txt and *.html file of the corpus (skipped with a
// note when the folder is absent) and generated ASCII, 2-, 3-, 4-byte heavy and
// mixed text from 8 bytes to 64 MiB.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/internal/kernel"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	run := flag.String("run", "", "measure only op/input names matching this regexp")
	rounds := flag.Int("rounds", 5, "timed rounds per cell; the median is reported")
	dur := flag.Duration("dur", 20*time.Millisecond, "minimum duration of one round")
	kernels := flag.Bool("kernels", false, "also measure utf8x's AVX2 and portable kernels")
	maxSize := flag.Int("max", 64<<20, "largest generated input in bytes")
	flag.Parse()

	var filter *regexp.Regexp
	if *run != "" {
		filter = regexp.MustCompile(*run)
	}

	var inputs []table.Input
	if _, err := os.Stat(*corpusDir); err != nil {
		fmt.Fprintf(os.Stderr, "corpus %s not found: measuring generated inputs only\n", *corpusDir)
	} else {
		c, err := table.Corpus(*corpusDir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		inputs = append(inputs, c...)
	}
	var sizes []int
	var names []string
	for _, s := range table.Sizes {
		if s.N <= *maxSize {
			sizes, names = append(sizes, s.N), append(names, s.Name)
		}
	}
	inputs = append(inputs, table.Generated(sizes, names)...)

	ops := table.Ops(*kernels)
	start := time.Now()
	results := table.Run(table.Config{
		Ops: ops, Inputs: inputs, Rounds: *rounds, MinDur: *dur, Filter: filter,
		Results: func(r table.Result) { fmt.Fprintf(os.Stderr, "\r%-70s", r.Op+" "+r.Input) },
	})
	fmt.Fprintf(os.Stderr, "\r%-70s\r", "")

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/table %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "CPU: %s, %d logical CPUs; %s %s/%s; utf8x kernel: %s; %d rounds of >= %v per cell, median; run took %v.\n",
		cpuModel(), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		kernel.Active(), *rounds, *dur, time.Since(start).Round(time.Second))
	table.Print(w, ops, results)
}

// cpuModel reads the model name and the vector extensions from /proc/cpuinfo
// where there is one.
func cpuModel() string {
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
	return fmt.Sprintf("%s (%s)", model, flags)
}
