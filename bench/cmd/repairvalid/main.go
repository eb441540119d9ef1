// Command repairvalid measures AppendValid with the replace policy against
// plain validation on each valid corpus file, the two timed one after the
// other with testing.Benchmark in one process: the ratio behind the goal that
// repair cost little on valid input (replace >= 0.8x validation), measured
// without the rest of cmd/repair's peers in the same process.
package main

import (
	"flag"
	"fmt"
	"log"
	"slices"
	"testing"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
)

func main() {
	corpusDir := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	flag.Parse()
	inputs, err := table.Corpus(*corpusDir)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("| input | class | utf8x.Valid GB/s | replace GB/s | ratio |")
	fmt.Println("| --- | --- | ---: | ---: | ---: |")
	byClass := map[string][]float64{}
	for _, in := range inputs {
		p := in.Data
		dst := make([]byte, 0, 2*len(p))
		gbps := func(f func()) float64 {
			r := testing.Benchmark(func(b *testing.B) {
				for b.Loop() {
					f()
				}
			})
			return float64(len(p)) * float64(r.N) / float64(r.T.Nanoseconds())
		}
		v := gbps(func() { utf8x.Valid(p) })
		rp := gbps(func() { utf8x.AppendValid(dst[:0], p, utf8x.Replace) })
		fmt.Printf("| %s | %s | %.1f | %.1f | %.2fx |\n", in.Name, in.Class, v, rp, rp/v)
		byClass[in.Class] = append(byClass[in.Class], rp/v)
		byClass["all"] = append(byClass["all"], rp/v)
	}
	fmt.Println()
	for _, c := range []string{"non-ascii", "mixed", "ascii", "all"} {
		r := byClass[c]
		if len(r) == 0 {
			continue
		}
		slices.Sort(r)
		med := (r[(len(r)-1)/2] + r[len(r)/2]) / 2
		fmt.Printf("%s: %d files, median ratio %.2fx, lowest %.2fx\n", c, len(r), med, r[0])
	}
}
