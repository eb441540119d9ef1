// Command sparseeval runs the detector on files written by the generator
// with GEN_SPARSE_DUMP (NAME.ENC.LANG and NAME.ENC.LANG.utf8) and prints
// how often its top answer decodes the file to the text, by confidence.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/utf8x/utf8x/detect"
)

func main() {
	verbose := flag.Bool("v", false, "print each wrong answer at >= 0.9")
	flag.Parse()
	files, _ := filepath.Glob(filepath.Join(flag.Arg(0), "*.utf8"))
	sort.Strings(files)
	var n, right, abst, conf, confWrong int
	byEnc := map[string][2]int{}

	for _, f := range files {
		want, _ := os.ReadFile(f)
		p, _ := os.ReadFile(strings.TrimSuffix(f, ".utf8"))
		r := detect.Detect(p, nil)
		c, ok := r.Best()
		n++
		good := false
		if ok {
			for _, name := range append([]string{c.Encoding}, c.Equivalent...) {
				if e, err := detect.Lookup(name); err == nil {
					if t, err := e.NewDecoder().Bytes(p); err == nil && string(t) == string(want) {
						good = true
						break
					}
				}
			}
		}
		parts := strings.Split(filepath.Base(strings.TrimSuffix(f, ".utf8")), ".")
		enc := parts[1]
		be := byEnc[enc]
		be[1]++
		if good {
			right++
			be[0]++
		}
		byEnc[enc] = be
		if r.Abstained {
			abst++
		}
		if ok && c.Confidence >= 0.9 {
			conf++
			if !good {
				confWrong++
				if *verbose {
					fmt.Printf("%s: %s (%s, %.3f)\n", filepath.Base(f), c.Encoding, c.Language, c.Confidence)
				}
			}
		}
	}
	fmt.Printf("%d files: top right %d (%.1f%%), abstained %d, answers >= 0.9 %d, wrong %d (%.2f%%)\n",
		n, right, 100*float64(right)/float64(max(n, 1)), abst, conf, confWrong, 100*float64(confWrong)/float64(max(conf, 1)))
	var encs []string
	for e := range byEnc {
		encs = append(encs, e)
	}
	sort.Strings(encs)
	for _, e := range encs {
		fmt.Printf("  %-18s %4d/%4d\n", e, byEnc[e][0], byEnc[e][1])
	}
}
