package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// visciiMain is the run of -enc viscii: whole processes beside iconv, both
// directions, and the library in process (x/text has no VISCII).
func visciiMain(n, runs int, repo, before, textFile string) {
	e, err := transcode.Lookup("viscii")
	must(err)
	text := vietnameseText(textFile)
	// Only what VISCII holds: the rest is dropped.
	one, err := e.WithPolicy(utf8x.Skip).AppendEncode(nil, text)
	must(err)
	reps := max(1, n/len(one))
	vis := bytes.Repeat(one, reps)
	utf, err := e.AppendDecode(nil, vis)
	must(err)

	dir, err := os.MkdirTemp("", "utf8x-legacy-bench-")
	must(err)
	defer os.RemoveAll(dir)
	inVISCII := filepath.Join(dir, "vi.viscii")
	inUTF8 := filepath.Join(dir, "vi.utf8")
	must(os.WriteFile(inVISCII, vis, 0o644))
	must(os.WriteFile(inUTF8, utf, 0o644))
	bins := map[string]string{"utf8x": build(repo, filepath.Join(dir, "utf8x"))}
	if before != "" {
		bins["before"] = build(before, filepath.Join(dir, "utf8x-before"))
	}
	jobs := []struct {
		name, in string
		cmds     [][]string
	}{
		{"VISCII to UTF-8", inVISCII, [][]string{
			{"utf8x", "convert", "-f", "viscii", "-t", "utf-8"},
			{"before", "convert", "-f", "viscii", "-t", "utf-8"},
			{"iconv", "-f", "VISCII", "-t", "UTF-8"},
		}},
		{"UTF-8 to VISCII", inUTF8, [][]string{
			{"utf8x", "convert", "-f", "utf-8", "-t", "viscii"},
			{"before", "convert", "-f", "utf-8", "-t", "viscii"},
			{"iconv", "-f", "UTF-8", "-t", "VISCII"},
		}},
	}
	fmt.Printf("## Whole process, %d bytes of VISCII (%d of UTF-8), median of %d\n\n", len(vis), len(utf), runs)
	fmt.Println("CPU time is the child's user+system time, which a loaded machine inflates far less than wall time.")
	fmt.Println()
	fmt.Println("| job | command | CPU time | GB/s of CPU (input) | vs iconv (CPU) | wall time |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	for _, j := range jobs {
		cpus := map[string][]time.Duration{}
		walls := map[string][]time.Duration{}
		errs := map[string]string{}
		var order []string
		for r := 0; r < runs; r++ {
			for _, c := range j.cmds {
				bin, ok := bins[c[0]]
				switch {
				case c[0] == "iconv":
					bin = "iconv"
				case !ok:
					continue
				}
				key := strings.Join(c, " ")
				if r == 0 {
					order = append(order, key)
				}
				cpu, wall, err := runOnce(bin, append(c[1:len(c):len(c)], j.in))
				if err != nil {
					errs[key] = err.Error()
					continue
				}
				cpus[key] = append(cpus[key], cpu)
				walls[key] = append(walls[key], wall)
			}
		}
		base := median(cpus[strings.Join(j.cmds[2], " ")])
		info, _ := os.Stat(j.in)
		for _, k := range order {
			if msg, ok := errs[k]; ok && len(cpus[k]) == 0 {
				fmt.Printf("| %s | `%s` | fails: %s | | | |\n", j.name, k, firstLine(msg))
				continue
			}
			m := median(cpus[k])
			fmt.Printf("| %s | `%s` | %.3fs | %.2f | %.2fx | %.3fs |\n", j.name, k, m.Seconds(),
				float64(info.Size())/m.Seconds()/1e9, base.Seconds()/m.Seconds(), median(walls[k]).Seconds())
		}
	}

	fmt.Printf("\n## In process, %d bytes, least thread CPU time of 7 runs\n\n", len(vis))
	fmt.Println("| conversion | transcode GB/s (input) |")
	fmt.Println("| --- | --- |")
	dst := make([]byte, 0, len(utf)+len(vis))
	dec := gbps(len(vis), func() {
		if _, err := e.AppendDecode(dst[:0], vis); err != nil {
			fail(err)
		}
	})
	encR := gbps(len(utf), func() {
		if _, err := e.AppendEncode(dst[:0], utf); err != nil {
			fail(err)
		}
	})
	fmt.Printf("| VISCII to UTF-8 | %.2f |\n| UTF-8 to VISCII | %.2f |\n", dec, encR)
}

// vietnameseText is the text of file, or generated Vietnamese prose.
func vietnameseText(file string) []byte {
	if file != "" {
		b, err := os.ReadFile(file)
		must(err)
		return b
	}
	words := strings.Fields("Tiếng Việt là ngôn ngữ của người Việt và là ngôn ngữ chính thức tại Việt Nam. " +
		"Đây là tiếng mẹ đẻ của khoảng 85% dân cư Việt Nam cùng với hơn 4 triệu người Việt hải ngoại. " +
		"Tiếng Việt còn là ngôn ngữ thứ hai của các dân tộc thiểu số tại Việt Nam. ẲNG ẴNG ẪNG Ỷ Ỹ Ỵ")
	var b []byte
	for i := 0; len(b) < 64<<10; i++ {
		b = append(b, words[(i*7+i/5)%len(words)]...)
		if i%13 == 12 {
			b = append(b, '\n')
		} else {
			b = append(b, ' ')
		}
	}
	return b
}
