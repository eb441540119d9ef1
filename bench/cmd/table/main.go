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
	"github.com/utf8x/utf8x"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/utf8x/utf8x/bench/table"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	run := flag.String("run", "", "measure only op/input names matching this regexp")
	rounds := flag.Int("rounds", 5, "timed rounds per cell; the median is reported")
	dur := flag.Duration("dur", 20*time.Millisecond, "minimum duration of one round")
	kernels := flag.Bool("kernels", false, "also measure utf8x's AVX2 and portable kernels")
	maxSize := flag.Int("max", 64<<20, "largest generated input in bytes")
	flag.Parse()

	inputs, err := table.Inputs(*corpusDir, *maxSize)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}

	ops := table.Ops(*kernels)
	start := time.Now()
	results := table.Run(table.Config{
		Ops: ops, Inputs: inputs, Rounds: *rounds, MinDur: *dur, Filter: table.Filter(*run),
		Results: func(r table.Result) { fmt.Fprintf(os.Stderr, "\r%-70s", r.Op+" "+r.Input) },
	})
	fmt.Fprintf(os.Stderr, "\r%-70s\r", "")

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintf(w, "Command: `cd bench && go run ./cmd/table %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Fprintf(w, "CPU: %s, %d logical CPUs; %s %s/%s; utf8x kernel: %s; %d rounds of >= %v per cell, median; run took %v.\n",
		table.CPU(true), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH,
		utf8x.KernelSet(), *rounds, *dur, time.Since(start).Round(time.Second))
	table.Print(w, ops, results)
}
