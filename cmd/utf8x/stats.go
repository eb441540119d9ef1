// utf8x stats: what an input is made of, in constant memory.
//
// Each block is measured in bulk by utf8x.Count (the validation kernels'
// counts of characters, UTF-16 units and ASCII bytes, which give the length
// histogram, and bytes.Count for lines); only the script tally looks at each
// character, through a sorted range table built once from the unicode
// package. A large regular file is measured in ranges on -j CPUs
// (statsRanges), whose counts add up to the same report.
package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/utf8x/utf8x"
)

func init() { addCommand("stats", newStatsCmd) }

// scriptCount is one line of the script tally.
type scriptCount struct {
	Script string `json:"script"`
	Chars  int64  `json:"chars"`
}

// statsReport is what stats prints for one input; --json prints it as is.
type statsReport struct {
	File       string           `json:"file"`
	FileBase64 string           `json:"file_base64,omitempty"` // fileBase64
	Bytes      int64            `json:"bytes"`
	Chars      int64            `json:"chars"`       // an ill-formed subpart counts as one
	Lines      int64            `json:"lines"`       // LFs, plus one for a last line without LF
	ByLength   map[string]int64 `json:"by_length"`   // valid characters by encoded length "1".."4"
	UTF16Units int64            `json:"utf16_units"` // an ill-formed subpart counts as one (U+FFFD)
	ASCII      bool             `json:"ascii"`
	BOM        bool             `json:"bom"`
	Invalid    int64            `json:"invalid"`           // ill-formed maximal subparts
	Scripts    []scriptCount    `json:"scripts,omitempty"` // with --scripts (else nil): every script met, most frequent first
}

func newStatsCmd() *command {
	var asJSON, withScripts, null bool
	var walk walkOptions
	var ranges rangeOptions
	var piece pieceFlags
	cmd := &command{
		Use:   "stats [flags] [FILE...]",
		Short: "Count bytes, characters, lines, lengths, UTF-16 units and scripts",
		Long: `Stats measures each FILE (standard input when there is none, or for "-"):
bytes, characters, lines, characters by encoded length (1 to 4 bytes), the
UTF-16 code units the text would need, whether it is pure ASCII, whether it
starts with a byte order mark, how many ill-formed sequences it holds, and
with --scripts which Unicode scripts its characters belong to (Common covers
digits, punctuation and spaces shared by all; this looks at every character,
so it is many times slower than the rest). An ill-formed sequence counts as one
character and one UTF-16 unit, the U+FFFD that would replace it. Lines count LF,
plus one for a last line that does not end in LF.

With --json, one object per input per line with the keys file, bytes, chars,
lines, by_length ("1" to "4"), utf16_units, ascii, bom, invalid, and with
--scripts scripts; a file name that is not valid UTF-8 shows U+FFFD in
"file" and comes whole in "file_base64", as with 'check --json'. -0 (--null)
ends each file name in the text report with a NUL byte instead of the
newline after it (as grep -Z does).
Inputs are streamed in constant memory; several are measured in parallel
(-j), and one large file in ranges on -j CPUs, with the same counts.

Exit status: 0, or 2 when an input cannot be read (invalid text is counted,
not an error: use 'utf8x check' to fail on it).`,
		Example: `  utf8x stats notes.txt
  utf8x stats --json *.csv
  curl -s https://example.com | utf8x stats`,
		RunE: func(cmd *command, args []string) error {
			if err := ranges.check(); err != nil {
				return err
			}
			if err := piece.parse(cmd); err != nil {
				return err
			}
			if piece.set {
				return statsPiece(cmd, args, &piece, asJSON, withScripts)
			}
			if len(args) == 0 {
				if isTerminal(cmd.InOrStdin()) {
					return usageError("give FILE arguments or pipe text in (see 'utf8x stats --help')")
				}
				args = []string{"-"}
			}
			files, err := walk.expandInputs(args)
			if err != nil {
				return err
			}
			return statsFiles(cmd, files, asJSON, withScripts, null, ranges)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object per input, one per line")
	cmd.Flags().BoolVar(&withScripts, "scripts", false, "also count the characters of each Unicode script (slower)")
	addNullFlag(cmd, &null)
	walk.addFlags(cmd)
	cmd.MarkFlagsMutuallyExclusive("null", "json")
	addRangeFlags(cmd, &ranges)
	addPieceFlags(cmd, &piece)
	return cmd
}

func statsFiles(cmd *command, files []inputFile, asJSON, withScripts, null bool, ranges rangeOptions) error {
	out := cmd.OutOrStdout()
	do := ranges.drive(len(files), nil)
	read := func(r io.Reader, path string, onRead func(total int64)) (rep statsReport, err error) {
		size := int64(-1)
		if f, ok := r.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				size = fi.Size()
			}
		}
		err = drive(r, path, size, utf8x.DriveJob{
			Stream: func() (err error) {
				rep, err = statsStream(r, path, defaultBlockSize, onRead, withScripts)
				return err
			},
			Blocks: func() (err error) {
				rep, err = statsRanges(r.(*os.File), path, size, do, onRead, withScripts)
				return err
			},
		}, do)
		return rep, err
	}
	emit := func(i int, rep *statsReport) error {
		if asJSON {
			return writeJSONLine(out, rep)
		}
		if i > 0 {
			if _, err := fmt.Fprintln(out); err != nil {
				return err
			}
		}
		return writeStats(out, rep, null)
	}
	failed, err := eachInput(cmd, files, jobCount(ranges.jobs), "measuring", "use 'utf8x stats -r DIR' to measure every file under it", read, emit)
	if err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{code: exitUsage}
	}
	return nil
}

// statsStream measures one input read from r (named path in the report).
// onRead, if not nil, is told the running total of bytes read; withScripts
// adds the script tally, which looks at every character and so runs at a
// fraction of the speed of the rest. Each block is counted by
// statsCounts.add.
func statsStream(r io.Reader, path string, blockSize int, onRead func(total int64), withScripts bool) (statsReport, error) {
	var c statsCounts
	if withScripts {
		c.scripts = make(map[string]int64)
	}
	br := newBlockReader(r, path, blockSize)
	br.onRead = onRead
	for {
		block, base, err := br.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return c.report(path), err
		}
		if base == 0 {
			c.bom = utf8x.HasBOM(block) // a block holds at least 4 bytes unless the input is shorter
		}
		c.add(block)
	}
	return c.report(path), nil
}

// statsRanges is statsStream for a regular file split into ranges: each
// range's owned bytes (utf8x.RangeBounds) are counted on their own, and the
// counts, which only add up, are summed in file order.
func statsRanges(f *os.File, path string, size int64, o utf8x.DriveOptions, onRead func(total int64), withScripts bool) (statsReport, error) {
	var total statsCounts
	if withScripts {
		total.scripts = make(map[string]int64)
	}
	work := func(w *utf8x.Block) *statsCounts {
		c := &statsCounts{}
		if withScripts {
			c.scripts = make(map[string]int64)
		}
		from, to := utf8x.RangeBounds(w.Buf, w.Start, w.End)
		if w.Base == 0 && from == 0 {
			c.bom = utf8x.HasBOM(w.Buf)
		}
		c.add(w.Buf[from:to])
		return c
	}
	emit := func(w *utf8x.Block, c *statsCounts) error {
		total.merge(c)
		if onRead != nil {
			onRead(w.Base + int64(w.End))
		}
		return nil
	}
	err := utf8x.DriveBlocks(f, size, o, work, emit)
	return total.report(path), err
}

// statsCounts are the sums stats keeps over the pieces of an input, each of
// which ends on an element boundary.
type statsCounts struct {
	n       countSums
	last    byte // of the last non-empty piece
	bom     bool
	scripts map[string]int64 // nil without --scripts
}

// countSums are utf8x.Counts summed over pieces in int64, whatever the size
// of int.
type countSums struct {
	bytes, runes, units, lines, invalid int64
	byLength                            [utf8x.UTFMax]int64
}

func (s *countSums) add(c utf8x.Counts) {
	s.bytes += int64(c.Bytes)
	s.runes += int64(c.Runes)
	s.units += int64(c.UTF16)
	s.lines += int64(c.Lines)
	s.invalid += int64(c.Invalid)
	for i, n := range c.ByLength {
		s.byLength[i] += int64(n)
	}
}

func (s *countSums) merge(next *countSums) {
	s.bytes += next.bytes
	s.runes += next.runes
	s.units += next.units
	s.lines += next.lines
	s.invalid += next.invalid
	for i, n := range next.byLength {
		s.byLength[i] += n
	}
}

// add counts block, which starts and ends on element boundaries: utf8x.Count
// validates and counts it in one pass of the kernels, and the script tally,
// when asked for, walks its characters.
func (c *statsCounts) add(block []byte) {
	if len(block) == 0 {
		return
	}
	c.last = block[len(block)-1]
	c.n.add(utf8x.Count(block))
	if c.scripts != nil {
		tallyScripts(block, c.scripts)
	}
}

// merge adds the counts of the piece that follows c's.
func (c *statsCounts) merge(next *statsCounts) {
	if next.n.bytes > 0 {
		c.last = next.last
	}
	c.bom = c.bom || next.bom
	c.n.merge(&next.n)
	for s, n := range next.scripts {
		c.scripts[s] += n
	}
}

// report turns the counts into the report of the input named path.
func (c *statsCounts) report(path string) statsReport {
	n := &c.n
	rep := statsReport{File: displayName(path), FileBase64: fileBase64(path), Bytes: n.bytes, Lines: n.lines, BOM: c.bom, Invalid: n.invalid,
		Chars: n.runes, UTF16Units: n.units}
	if n.bytes > 0 && c.last != '\n' {
		rep.Lines++
	}
	// Every byte of an ill-formed subpart is 80-FF (ASCII always stands for
	// itself), so the text is ASCII when all of it is valid ASCII.
	rep.ASCII = n.byLength[0] == n.bytes
	bl := n.byLength
	rep.ByLength = map[string]int64{"1": bl[0], "2": bl[1], "3": bl[2], "4": bl[3]}
	if c.scripts != nil {
		rep.Scripts = []scriptCount{}
		for s, n := range c.scripts {
			rep.Scripts = append(rep.Scripts, scriptCount{s, n})
		}
		slices.SortFunc(rep.Scripts, func(a, b scriptCount) int {
			return cmp.Or(cmp.Compare(b.Chars, a.Chars), cmp.Compare(a.Script, b.Script))
		})
	}
	return rep
}

// namedScript is a script's name and its table (unicodeScripts).
type namedScript struct {
	name  string
	table *unicode.RangeTable
}

// scriptRange says that lo..hi belong to script.
type scriptRange struct {
	lo, hi rune
	script string
}

var (
	scriptTableOnce sync.Once
	scriptTable     []scriptRange // sorted, disjoint
	asciiScript     [128]string
)

func buildScriptTable() {
	for _, s := range unicodeScripts() {
		name, t := s.name, s.table
		add := func(lo, hi, stride rune) {
			if stride == 1 {
				scriptTable = append(scriptTable, scriptRange{lo, hi, name})
				return
			}
			for ; lo <= hi; lo += stride {
				scriptTable = append(scriptTable, scriptRange{lo, lo, name})
			}
		}
		for _, r := range t.R16 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range t.R32 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	slices.SortFunc(scriptTable, func(a, b scriptRange) int { return cmp.Compare(a.lo, b.lo) })
	for c := range asciiScript {
		asciiScript[c] = lookupScript(rune(c)).script
	}
}

// lookupScript returns the range holding r, or an "Unknown" range of r alone
// for an unassigned code point.
func lookupScript(r rune) scriptRange {
	i, found := slices.BinarySearchFunc(scriptTable, r, func(s scriptRange, r rune) int { return cmp.Compare(s.lo, r) })
	if !found {
		i--
	}
	if i >= 0 && r <= scriptTable[i].hi {
		return scriptTable[i]
	}
	return scriptRange{r, r, "Unknown"}
}

// tallyScripts adds the scripts of the characters of p to counts; the
// ill-formed maximal subparts of p belong to no script.
func tallyScripts(p []byte, counts map[string]int64) {
	scriptTableOnce.Do(buildScriptTable)
	var cur string
	var run int64
	last := scriptRange{lo: 1, hi: 0} // text stays in one range for long stretches
	for i := 0; i < len(p); {
		var s string
		if c := p[i]; c < utf8x.RuneSelf {
			s = asciiScript[c]
			i++
		} else {
			r, size, kind := utf8x.Decode(p[i:])
			i += size
			if kind != 0 {
				continue
			}
			if r < last.lo || r > last.hi {
				last = lookupScript(r)
			}
			s = last.script
		}
		if s != cur {
			if run > 0 {
				counts[cur] += run
			}
			cur, run = s, 0
		}
		run++
	}
	if run > 0 {
		counts[cur] += run
	}
}

// writeStats prints one report for people; null ends its name with a NUL
// (nameSep).
func writeStats(w io.Writer, rep *statsReport, null bool) error {
	yesNo := func(b bool) string { return pick(b, "yes", "no") }
	var scripts []string
	for i, s := range rep.Scripts {
		if i == 5 {
			scripts = append(scripts, fmt.Sprintf("%d more", len(rep.Scripts)-5))
			break
		}
		scripts = append(scripts, fmt.Sprintf("%s %s", s.Script, percent(s.Chars, rep.Chars)))
	}
	bl := rep.ByLength
	_, err := fmt.Fprintf(w, `%s%s  bytes         %d
  characters    %d  (by length: 1 byte %d, 2 bytes %d, 3 bytes %d, 4 bytes %d)
  lines         %d
  UTF-16 units  %d
  ASCII         %s
  BOM           %s
  invalid       %d
`, rep.File, nameSep(null, "\n"), rep.Bytes, rep.Chars, bl["1"], bl["2"], bl["3"], bl["4"], rep.Lines, rep.UTF16Units,
		yesNo(rep.ASCII), yesNo(rep.BOM), rep.Invalid)
	if err == nil && rep.Scripts != nil {
		_, err = fmt.Fprintf(w, "  scripts       %s\n", pick(len(scripts) == 0, "none", strings.Join(scripts, ", ")))
	}
	return err
}

// percent formats part of whole as "12.5%".
func percent(part, whole int64) string {
	if whole == 0 {
		return "0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(part)/float64(whole))
}
