package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/utf8x/utf8x/detect"
)

type column struct {
	name string
	keep func(*sample) bool
}

func pct(ok, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*float64(ok)/float64(n))
}

// accuracy is r's share of right answers on the samples keep selects
// (those it does not apply to left out).
func accuracy(r run, samples []sample, keep func(*sample) bool) (ok, n int) {
	for i := range samples {
		s := &samples[i]
		if !keep(s) || r.answers[i].na {
			continue
		}
		n++
		if right(r.answers[i].label, s) {
			ok++
		}
	}
	return ok, n
}

// table writes one row per detector, one column per selection, each cell
// the accuracy in percent; a first row gives the number of files.
func table(b *strings.Builder, runs []run, samples []sample, cols []column) {
	b.WriteString("| detector |")
	for _, c := range cols {
		b.WriteString(" " + c.name + " |")
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(cols)) + "\n| files |")
	for _, c := range cols {
		n := 0
		for i := range samples {
			if c.keep(&samples[i]) {
				n++
			}
		}
		fmt.Fprintf(b, " %d |", n)
	}
	b.WriteString("\n")
	for _, r := range runs {
		fmt.Fprintf(b, "| %s |", r.name)
		for _, c := range cols {
			ok, n := accuracy(r, samples, c.keep)
			fmt.Fprintf(b, " %s |", pct(ok, n))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

func isLegacy(s *sample) bool { return s.enc != "binary" && !strings.HasPrefix(s.enc, "utf-") }

func uniq(samples []sample, f func(*sample) string) []string {
	set := map[string]bool{}
	for i := range samples {
		set[f(&samples[i])] = true
	}
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func bucketCols(extra func(*sample) bool) []column {
	var cols []column
	for _, bk := range buckets {
		name := bk.name
		cols = append(cols, column{name, func(s *sample) bool { return s.bucket == name && extra(s) }})
	}
	return append(cols, column{"all", extra})
}

func writeReport(cfg config, docs []doc, samples []sample, runs []run, cli *run, skipped []string, c *costs) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Encoding detection on whole documents\n\n`%s` (%s UTC)\n\n", strings.TrimSpace(cfg.command), time.Now().UTC().Format("2006-01-02 15:04"))
	b.WriteString("Accuracy in percent of files: a guess is right when decoding the file with the encoding it names gives back the document's text (equivalent encodings count as right, and Romanian's comma-below and cedilla forms as one letter); for binary files only an answer of no text is right. ")
	b.WriteString("`utf8x` is detect.Detect on the whole file (Options{Limit: -1}); `utf8x (default options)` examines the first 64 KiB as `utf8x detect` does. enca runs only on the languages it knows, told the language. ")
	b.WriteString("Kinds csv, srt, email and source are BUILT: real held-out prose wrapped in those formats' scaffolding (no real such files exist here in enough languages); text is that prose.\n\n")
	if len(skipped) > 0 {
		fmt.Fprintf(&b, "Skipped (absent or failed): %s.\n\n", strings.Join(skipped, "; "))
	}
	for _, r := range runs {
		if len(r.note) > 0 {
			fmt.Fprintf(&b, "%s: %s.\n\n", r.name, strings.Join(r.note, "; "))
		}
	}
	all := func(*sample) bool { return true }
	b.WriteString("## By length (all files)\n\n")
	table(&b, runs, samples, bucketCols(all))
	b.WriteString("## By length, legacy encodings only\n\n")
	table(&b, runs, samples, bucketCols(isLegacy))
	b.WriteString("## By length, UTF-8 and UTF-16LE/BE (no byte order mark) only\n\n")
	table(&b, runs, samples, bucketCols(func(s *sample) bool { return strings.HasPrefix(s.enc, "utf-") }))
	var kinds []column
	for _, k := range uniq(samples, func(s *sample) string { return s.kind }) {
		kinds = append(kinds, column{k, func(s *sample) bool { return s.kind == k }})
	}
	b.WriteString("## By file kind (all lengths)\n\n")
	table(&b, runs, samples, kinds)
	var lkinds []column
	for _, k := range uniq(samples, func(s *sample) string { return s.kind }) {
		if k != "binary" {
			lkinds = append(lkinds, column{k, func(s *sample) bool { return s.kind == k && isLegacy(s) }})
		}
	}
	b.WriteString("## By file kind, legacy encodings only\n\n")
	table(&b, runs, samples, lkinds)
	if len(runs) > 2 {
		// enca applies to some languages only: utf8x on exactly those files
		for _, r := range runs {
			if r.name == "enca" {
				b.WriteString("## utf8x and enca on enca's files (its languages), by length\n\n")
				na := func(s *sample) bool { return !r.answers[s.id].na }
				table(&b, []run{runs[0], runs[1], r}, samples, bucketCols(na))
			}
		}
	}
	writeEncodings(&b, runs, samples)
	writeCalibration(&b, runs[:2], samples)
	writeMonotone(&b, runs, samples, docs)
	if cli != nil {
		agree := 0
		var diff []string
		for i := range samples {
			if normLabel(cli.answers[i].label) == normLabel(runs[1].answers[i].label) {
				agree++
			} else if len(diff) < 5 {
				diff = append(diff, fmt.Sprintf("%s %s %s: CLI %q, Detect %q", samples[i].kind, samples[i].enc, samples[i].bucket, cli.answers[i].label, runs[1].answers[i].label))
			}
		}
		fmt.Fprintf(&b, "## utf8x CLI against detect.Detect\n\n`utf8x detect --json --min-confidence 0` agrees with detect.Detect(p, nil) on %d of %d files.", agree, len(samples))
		if len(diff) > 0 {
			fmt.Fprintf(&b, " First differences: %s.", strings.Join(diff, "; "))
		}
		b.WriteString("\n\n")
	}
	writeTimes(&b, runs, cli, samples)
	if c != nil {
		c.write(&b)
	}
	writeLabels(&b, runs)
	writeMistakes(&b, runs[0], samples)
	writeCommaOnly(&b, runs, samples)
	writeComposition(&b, docs, samples)
	return b.String()
}

// writeEncodings gives per-encoding accuracy of every detector.
func writeEncodings(b *strings.Builder, runs []run, samples []sample) {
	encs := uniq(samples, func(s *sample) string { return s.enc })
	b.WriteString("## By encoding (all lengths and kinds)\n\n| encoding | files |")
	for _, r := range runs {
		b.WriteString(" " + r.name + " |")
	}
	b.WriteString("\n|---|---:|" + strings.Repeat("---:|", len(runs)) + "\n")
	for _, e := range encs {
		keep := func(s *sample) bool { return s.enc == e }
		n := 0
		for i := range samples {
			if keep(&samples[i]) {
				n++
			}
		}
		fmt.Fprintf(b, "| %s | %d |", e, n)
		for _, r := range runs {
			ok, cnt := accuracy(r, samples, keep)
			fmt.Fprintf(b, " %s |", pct(ok, cnt))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}

// writeCalibration says how often utf8x's confident answers are wrong.
func writeCalibration(b *strings.Builder, runs []run, samples []sample) {
	b.WriteString("## utf8x calibration\n\nShare of answers given with confidence >= 0.9 that are wrong (target <= 0.5%), and answers by stated confidence.\n\n| detector | answers >= 0.9 | wrong | wrong share |\n|---|---:|---:|---:|\n")
	for _, r := range runs {
		n, bad := 0, 0
		for i := range samples {
			if a := r.answers[i]; a.label != "" && a.conf >= 0.9 {
				n++
				if !right(a.label, &samples[i]) {
					bad++
				}
			}
		}
		fmt.Fprintf(b, "| %s | %d | %d | %s%% |\n", r.name, n, bad, pct(bad, n))
	}
	for _, part := range []struct {
		title string
		of    func(*sample) string
	}{{"length", func(s *sample) string { return s.bucket }}, {"kind", func(s *sample) string { return s.kind }}} {
		groups := uniq(samples, part.of)
		fmt.Fprintf(b, "\nWrong share of answers >= 0.9 by %s (wrong/answers):\n\n| detector |", part.title)
		for _, g := range groups {
			b.WriteString(" " + g + " |")
		}
		b.WriteString("\n|---|" + strings.Repeat("---:|", len(groups)) + "\n")
		for _, r := range runs {
			fmt.Fprintf(b, "| %s |", r.name)
			for _, g := range groups {
				n, bad := 0, 0
				for i := range samples {
					if a := r.answers[i]; part.of(&samples[i]) == g && a.label != "" && a.conf >= 0.9 {
						n++
						if !right(a.label, &samples[i]) {
							bad++
						}
					}
				}
				fmt.Fprintf(b, " %s%% (%d/%d) |", pct(bad, n), bad, n)
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\n| detector | confidence | answers | mean confidence | right % |\n|---|---|---:|---:|---:|\n")
	bins := []float64{0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 1.0001}
	for _, r := range runs {
		for k := 0; k+1 < len(bins); k++ {
			n, ok, sum := 0, 0, 0.0
			for i := range samples {
				a := r.answers[i]
				if a.conf >= bins[k] && a.conf < bins[k+1] {
					n++
					sum += a.conf
					if right(a.label, &samples[i]) {
						ok++
					}
				}
			}
			if n > 0 {
				fmt.Fprintf(b, "| %s | [%.3g, %.4g) | %d | %.3f | %s |\n", r.name, bins[k], min(bins[k+1], 1), n, sum/float64(n), pct(ok, n))
			}
		}
	}
	b.WriteString("\n")
}

// writeMonotone checks "more text is never worse": for each document,
// encoding and kind, the answers at 4 KiB, 16 KiB, 64 KiB, 1 MiB and the
// whole file, in order of length.
func writeMonotone(b *strings.Builder, runs []run, samples []sample, docs []doc) {
	type key struct {
		doc       int
		kind, enc string
	}
	order := map[string]int{"4K": 0, "16K": 1, "64K": 2, "1M": 3, "whole": 4}
	series := map[key][]int{}
	for i := range samples {
		s := &samples[i]
		if _, ok := order[s.bucket]; ok && s.enc != "binary" {
			k := key{s.doc, s.kind, s.enc}
			series[k] = append(series[k], i)
		}
	}
	b.WriteString("## More text never worse\n\nSeries: one document in one encoding and kind, at 4 KiB, 16 KiB, 64 KiB, 1 MiB and whole, in order of length (series with at least two lengths). A flip is a right answer followed by a wrong one at a greater length.\n\n| detector | series | answer changes | right-to-wrong flips | series with a flip |\n|---|---:|---:|---:|---:|\n")
	var keys []key
	for k := range series {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })
	var examples []string
	for ri, r := range runs {
		n, changes, flips, flipped := 0, 0, 0, 0
		for _, k := range keys {
			idx := series[k]
			if len(idx) < 2 {
				continue
			}
			sort.Slice(idx, func(a, c int) bool { return order[samples[idx[a]].bucket] < order[samples[idx[c]].bucket] })
			n++
			had, any := false, false
			for j, i := range idx {
				ok := right(r.answers[i].label, &samples[i])
				if j > 0 && normLabel(r.answers[i].label) != normLabel(r.answers[idx[j-1]].label) {
					changes++
				}
				if !ok && had {
					flips++
					any = true
				}
				had = had || ok
			}
			if any {
				flipped++
				if ri == 0 && len(examples) < 12 {
					var steps []string
					for _, i := range idx {
						a := r.answers[i]
						mark := "ok"
						if !right(a.label, &samples[i]) {
							mark = "WRONG"
						}
						steps = append(steps, fmt.Sprintf("%s %s %.2f %s", samples[i].bucket, a.label, a.conf, mark))
					}
					examples = append(examples, fmt.Sprintf("| %s | %s | %s | %s |", filepath.Base(docs[k.doc].name), k.kind, k.enc, strings.Join(steps, "; ")))
				}
			}
		}
		fmt.Fprintf(b, "| %s | %d | %d | %d | %d |\n", r.name, n, changes, flips, flipped)
	}
	if len(examples) > 0 {
		fmt.Fprintf(b, "\n%s's first flipping series (by document, kind, encoding):\n\n| document | kind | encoding | answers by length |\n|---|---|---|---|\n%s\n", runs[0].name, strings.Join(examples, "\n"))
	}
	b.WriteString("\n")
}

func writeTimes(b *strings.Builder, runs []run, cli *run, samples []sample) {
	total := 0
	for _, s := range samples {
		total += len(s.bytes)
	}
	fmt.Fprintf(b, "## Time of the whole run (%d files, %.1f MB; peers two at a time)\n\nWall time depends on the machine's load; processor time (user + system) does not.\n\n| detector | wall s | processor s |\n|---|---:|---:|\n", len(samples), float64(total)/1e6)
	for _, r := range runs {
		fmt.Fprintf(b, "| %s | %.1f | %.1f |\n", r.name, r.took.Seconds(), r.cpu.Seconds())
	}
	if cli != nil {
		fmt.Fprintf(b, "| utf8x CLI | %.1f | %.1f |\n", cli.took.Seconds(), cli.cpu.Seconds())
	}
	b.WriteString("\n")
}

// writeLabels lists the answers the judge could not decode (a missing
// mapping here would count a peer's right answer as wrong).
func writeLabels(b *strings.Builder, runs []run) {
	var lines []string
	for _, r := range runs {
		count := map[string]int{}
		for i, a := range r.answers {
			if !a.na && !decodable(i, a.label) {
				count[a.label]++
			}
		}
		for l, n := range count {
			lines = append(lines, fmt.Sprintf("| %s | %s | %d |", r.name, l, n))
		}
	}
	if len(lines) == 0 {
		return
	}
	sort.Strings(lines)
	b.WriteString("## Answers neither x/text nor Python's codecs decode (counted wrong)\n\n| detector | answer | files |\n|---|---|---:|\n" + strings.Join(lines, "\n") + "\n\n")
}

// writeMistakes lists utf8x's wrong answers by true encoding, kind and
// answer, the most frequent first.
func writeMistakes(b *strings.Builder, r run, samples []sample) {
	type key struct{ enc, kind, guess string }
	count := map[key]int{}
	for i := range samples {
		if !right(r.answers[i].label, &samples[i]) {
			g := r.answers[i].label
			if g == "" {
				g = "(no answer)"
			}
			count[key{samples[i].enc, samples[i].kind, g}]++
		}
	}
	var keys []key
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j])
	})
	fmt.Fprintf(b, "## %s's mistakes (true encoding, kind -> answer), most frequent 40\n\n| encoding | kind | answer | files |\n|---|---|---|---:|\n", r.name)
	for i, k := range keys {
		if i == 40 {
			break
		}
		fmt.Fprintf(b, "| %s | %s | %s | %d |\n", k.enc, k.kind, k.guess, count[k])
	}
	b.WriteString("\n")
}

// writeComposition describes the set: documents and files per source,
// kind, language and encoding.
func writeComposition(b *strings.Builder, docs []doc, samples []sample) {
	b.WriteString("## The set\n\nSplit: by document. man-heldout and the prose of the built kinds are the files detect/internal/gen holds out of training (the i-th file of raw/<lang> in name order with i%5 == 2; its test half, i/5 odd, unless -fit); man-other are installed man pages the training folder does not hold; html-debian, xml-gnome and corpus are never trained on.\n\n")
	type kk struct{ source, kind string }
	docN, fileN := map[kk]int{}, map[kk]int{}
	langSet := map[kk]map[string]bool{}
	for _, d := range docs {
		k := kk{d.source, d.kind}
		docN[k]++
		if langSet[k] == nil {
			langSet[k] = map[string]bool{}
		}
		if d.lang != "" {
			langSet[k][d.lang] = true
		}
	}
	for _, s := range samples {
		fileN[kk{s.source, strings.TrimSuffix(s.kind, "+decl")}]++
	}
	var keys []kk
	for k := range docN {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].source+keys[i].kind < keys[j].source+keys[j].kind })
	b.WriteString("| source | kind | documents | files | languages |\n|---|---|---:|---:|---|\n")
	for _, k := range keys {
		var ls []string
		for l := range langSet[k] {
			ls = append(ls, l)
		}
		sort.Strings(ls)
		fmt.Fprintf(b, "| %s | %s | %d | %d | %s |\n", k.source, k.kind, docN[k], fileN[k], strings.Join(ls, " "))
	}
	folded := map[string]int{}
	nf := 0
	for _, s := range samples {
		if s.folded {
			folded[s.enc]++
			nf++
		}
	}
	if nf > 0 {
		var fs []string
		for _, e := range uniq(samples, func(s *sample) string { return s.enc }) {
			if folded[e] > 0 {
				fs = append(fs, fmt.Sprintf("%s %d", e, folded[e]))
			}
		}
		fmt.Fprintf(b, "\n%d files were written from FOLDED text (documents that do not encode losslessly, written with the legacy conventions: Romanian ş ţ for ș ț, Persian ي and ASCII digits in Windows-1256, ASCII quotes and dashes in the ISO-8859 and DOS code pages; the folded text is what they must decode to): %s.\n", nf, strings.Join(fs, ", "))
	}
	b.WriteString("\n| language | documents | files | encodings |\n|---|---:|---:|---|\n")
	ld, lf := map[string]int{}, map[string]int{}
	le := map[string]map[string]int{}
	for _, d := range docs {
		ld[d.lang]++
	}
	for _, s := range samples {
		lf[s.lang]++
		if le[s.lang] == nil {
			le[s.lang] = map[string]int{}
		}
		le[s.lang][s.enc]++
	}
	for _, l := range uniq(samples, func(s *sample) string { return s.lang }) {
		var es []string
		for e, n := range le[l] {
			es = append(es, fmt.Sprintf("%s %d", e, n))
		}
		sort.Strings(es)
		name := l
		if name == "" {
			name = "(binary)"
		}
		fmt.Fprintf(b, "| %s | %d | %d | %s |\n", name, ld[l], lf[l], strings.Join(es, ", "))
	}
	b.WriteString("\n")
}

// costs is the per-file cost measurement.
type costs struct {
	file                 string
	size                 int
	n                    int
	cliMedian, uchMedian time.Duration
	sets                 []costSet
}

// costSet is one process's speed over many small files.
type costSet struct {
	what                         string
	files                        int
	detectPerSec, uchardetPerSec float64
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return d[len(d)/2]
}

// measureCosts times one `utf8x detect` process and one uchardet process
// on a small file (median of cfg.costN runs), and detect.Detect (and one
// uchardet process) over 2,000 small files: the 4 KiB legacy files and the
// whole documents under 4 KiB, each repeated to 2,000.
func measureCosts(samples []sample, files []string, cfg config, bin string) *costs {
	sel := func(keep func(*sample) bool) []int {
		var out []int
		for i := range samples {
			if keep(&samples[i]) {
				out = append(out, i)
			}
		}
		return out
	}
	four := sel(func(s *sample) bool { return s.bucket == "4K" && isLegacy(s) })
	small := sel(func(s *sample) bool { return s.bucket == "small" && isLegacy(s) })
	if len(four) == 0 {
		return nil
	}
	c := &costs{file: files[four[0]], size: len(samples[four[0]].bytes), n: cfg.costN}
	_, uchErr := exec.LookPath("uchardet")
	timeCmd := func(name string, args ...string) time.Duration {
		var d []time.Duration
		for k := 0; k < cfg.costN; k++ {
			t := time.Now()
			exec.Command(name, args...).Run() // exit status 1 (abstained) still counts
			d = append(d, time.Since(t))
		}
		return median(d)
	}
	if bin != "" {
		c.cliMedian = timeCmd(bin, "detect", c.file)
	}
	if uchErr == nil {
		c.uchMedian = timeCmd("uchardet", c.file)
	}
	for _, set := range []struct {
		what string
		idx  []int
	}{{"4 KiB legacy files", four}, {"whole legacy documents under 4 KiB", small}} {
		if len(set.idx) == 0 {
			continue
		}
		var many []string
		var data [][]byte
		for k := 0; k < cfg.costFiles; k++ {
			i := set.idx[k%len(set.idx)]
			many = append(many, files[i])
			data = append(data, samples[i].bytes)
		}
		cs := costSet{what: set.what, files: len(many)}
		t := time.Now()
		for _, p := range data {
			detect.Detect(p, nil)
		}
		cs.detectPerSec = float64(len(data)) / time.Since(t).Seconds()
		if uchErr == nil {
			t = time.Now()
			if exec.Command("uchardet", many...).Run() == nil {
				cs.uchardetPerSec = float64(len(many)) / time.Since(t).Seconds()
			}
		}
		c.sets = append(c.sets, cs)
	}
	return c
}

func (c *costs) write(b *strings.Builder) {
	fmt.Fprintf(b, "## Per-file cost\n\nOne process on one small file (%d bytes), median of %d runs (the machine is shared: compare the two, not the absolute times):\n\n| program | ms |\n|---|---:|\n", c.size, c.n)
	if c.cliMedian > 0 {
		fmt.Fprintf(b, "| utf8x detect | %.2f |\n", c.cliMedian.Seconds()*1000)
	}
	if c.uchMedian > 0 {
		fmt.Fprintf(b, "| uchardet | %.2f |\n", c.uchMedian.Seconds()*1000)
	}
	b.WriteString("\nMany small files in one process (files/s; uchardet reads them from disk, detect.Detect from memory):\n\n| files | detect.Detect | uchardet |\n|---|---:|---:|\n")
	for _, s := range c.sets {
		u := "-"
		if s.uchardetPerSec > 0 {
			u = fmt.Sprintf("%.0f", s.uchardetPerSec)
		}
		fmt.Fprintf(b, "| %d %s | %.0f | %s |\n", s.files, s.what, s.detectPerSec, u)
	}
	b.WriteString("\n")
}

// writeCommaOnly says, per detector, how many answers are right only
// because the judge takes Romanian's comma-below and cedilla forms as one
// letter (see cedilla).
func writeCommaOnly(b *strings.Builder, runs []run, samples []sample) {
	b.WriteString("## Right only up to Romanian's comma-below and cedilla forms\n\n")
	b.WriteString("ISO-8859-16 reads ș and ț from the bytes where ISO-8859-2 and Windows-1250 read ş and ţ; the judge counts the two forms as one letter. Answers right only because of that:\n\n| detector | files |\n|---|---:|\n")
	for _, r := range runs {
		n := 0
		for i := range samples {
			if !r.answers[i].na && commaOnly(r.answers[i].label, &samples[i]) {
				n++
			}
		}
		fmt.Fprintf(b, "| %s | %d |\n", r.name, n)
	}
	b.WriteString("\n")
}
