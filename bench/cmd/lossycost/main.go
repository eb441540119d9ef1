// Command lossycost prints what a lossy conversion pays per ill-formed unit,
// with each transcoding kernel set forced, as Markdown:
//
//	cd bench && go run ./cmd/lossycost [-corpus ../../shared/corpus] [-rounds 7] [-texts Latin,Chinese] [-conv UTF-32]
//
// For each conversion and lipsum text it times Strict on the valid text,
// and Replace on the valid text and on the text with one bad unit inserted
// every 1000 and every 100 bytes (as cmd/transcode's lossy rows do), by the
// CPU time of the measuring thread, best of -rounds, so that a loaded
// machine disturbs the figures less than wall time would. It prints each
// lossy time as a ratio to Strict's (speed lossy / speed strict) and the cost
// of one bad unit: (lossy time - strict time) / bad units.
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
)

// best returns the least thread CPU time one call of f takes, over rounds
// of enough calls to last 5 ms.
func best(f func(), rounds int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	n := 1
	for {
		s := table.ThreadTime()
		for range n {
			f()
		}
		if table.ThreadTime()-s > 5*time.Millisecond {
			break
		}
		n *= 2
	}
	b := time.Duration(1<<63 - 1)
	for range rounds {
		s := table.ThreadTime()
		for range n {
			f()
		}
		b = min(b, (table.ThreadTime()-s)/time.Duration(n))
	}
	return max(b, 1)
}

// conversion is one conversion with a policy: UTF-8 to enc, or enc to UTF-8.
type conversion struct {
	name   string
	enc    transcode.Encoding
	decode bool
	bad    []byte // one unit the policy handles, in the source form
	unit   int
	latin  bool // only the text's Latin-1 characters
	// to, when set, makes it a conversion from enc to to by a Converter
	// (decode set: the source is the text in enc).
	to *transcode.Encoding
}

var conversions = []conversion{
	{"UTF-8 to UTF-16LE", transcode.UTF16LE, false, []byte{0xFF}, 1, false, nil},
	{"UTF-16LE to UTF-8", transcode.UTF16LE, true, binary.LittleEndian.AppendUint16(nil, 0xD800), 2, false, nil},
	{"UTF-8 to UTF-32LE", transcode.UTF32LE, false, []byte{0xFF}, 1, false, nil},
	{"UTF-32LE to UTF-8", transcode.UTF32LE, true, binary.LittleEndian.AppendUint32(nil, 0x110000), 4, false, nil},
	{"UTF-8 to Windows-1252", transcode.CP1252, false, []byte("Ā"), 1, true, nil},
	{"UTF-8 to ISO-8859-1", transcode.Latin1, false, []byte{0xFF}, 1, true, nil},
	{"UTF-16LE to UTF-32LE", transcode.UTF16LE, true, binary.LittleEndian.AppendUint16(nil, 0xD800), 2, false, &transcode.UTF32LE},
	{"UTF-32LE to UTF-16LE", transcode.UTF32LE, true, binary.LittleEndian.AppendUint32(nil, 0x110000), 4, false, &transcode.UTF16LE},
}

func main() {
	corpus := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	rounds := flag.Int("rounds", 7, "timed rounds per cell; the least CPU time is reported")
	texts := flag.String("texts", "Latin,Chinese,Emoji", "lipsum texts to convert, comma-separated")
	conv := flag.String("conv", "", "only the conversions whose name holds this text (\"UTF-32LE to\")")
	flag.Parse()

	type text struct {
		name string
		utf8 []byte
	}
	var ts []text
	for _, name := range strings.Split(*texts, ",") {
		p, err := os.ReadFile(filepath.Join(*corpus, "lipsum", name+"-Lipsum.utf8.txt"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "lossycost:", err)
			os.Exit(1)
		}
		ts = append(ts, text{name, p})
	}

	fmt.Printf("Command: `cd bench && go run ./cmd/lossycost %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Printf("%d logical CPUs; %s %s/%s; thread CPU time, best of %d rounds.\n", runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH, *rounds)
	fmt.Println()
	fmt.Println("Ratios are lossy speed / Strict speed with the same kernel set (Strict on the valid text); ns/err is (lossy time - Strict time) / bad units.")
	fmt.Println()
	fmt.Println("| conversion | text | set | strict GB/s | replace, valid | replace 1/1000 | ns/err | replace 1/100 | ns/err |")
	fmt.Println("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, c := range conversions {
		if !strings.Contains(c.name, *conv) {
			continue
		}
		for _, t := range ts {
			valid := t.utf8
			if c.latin {
				valid = latin1Only(valid)
				if len(valid) < len(t.utf8)/2 {
					continue // too little Latin-1 text to say anything
				}
			}
			if c.decode {
				var err error
				if valid, err = c.enc.AppendEncode(nil, valid); err != nil {
					panic(err)
				}
			}
			strict, lossy := c.enc.AppendEncode, c.enc.WithPolicy(utf8x.Replace).AppendEncode
			if c.decode {
				strict, lossy = c.enc.AppendDecode, c.enc.WithPolicy(utf8x.Replace).AppendDecode
			}
			if c.to != nil {
				strict = transcode.NewConverter(c.enc, *c.to, utf8x.Strict, utf8x.BOMKeep).Append
				lossy = transcode.NewConverter(c.enc, *c.to, utf8x.Replace, utf8x.BOMKeep).Append
			}
			dst := make([]byte, 0, 4*len(valid)+4096)
			for _, set := range transcode.KernelSets() {
				if transcode.UseKernelSet(set) != nil {
					continue
				}
				tStrict := best(func() { strict(dst[:0], valid) }, *rounds)
				tValid := best(func() { lossy(dst[:0], valid) }, *rounds)
				line := fmt.Sprintf("| %s | %s | %s | %.2f | %.2f |", c.name, t.name, set,
					float64(len(valid))/tStrict.Seconds()/1e9, ratio(tStrict, tValid, len(valid), len(valid)))
				for _, every := range []int{1000, 100} {
					src, n := table.Damage(valid, c.bad, every, c.unit, !c.decode)
					if _, err := lossy(dst[:0], src); err != nil {
						panic(err)
					}
					tBad := best(func() { lossy(dst[:0], src) }, *rounds)
					line += fmt.Sprintf(" %.2f | %.1f |", ratio(tStrict, tBad, len(valid), len(src)), float64(tBad-tStrict)/float64(n))
				}
				fmt.Println(line)
				transcode.UseKernelSet("")
			}
		}
	}
}

// ratio is the speed of a lossy run over src bytes in tLossy over that of a
// strict run over valid bytes in tStrict.
func ratio(tStrict, tLossy time.Duration, valid, src int) float64 {
	return (float64(src) / tLossy.Seconds()) / (float64(valid) / tStrict.Seconds())
}

// latin1Only keeps the characters of UTF-8 text p that Latin-1 holds.
func latin1Only(p []byte) []byte {
	var out []byte
	for _, r := range string(p) {
		if r <= 0xFF {
			out = utf8x.AppendRune(out, r)
		}
	}
	return out
}
