package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/bench/table"
	"github.com/utf8x/utf8x/transcode"
)

// The lossy rows: each conversion under the Replace, Skip and Escape
// policies on valid input, and under Replace on input with one ill-formed
// unit every 1000 and every 100 bytes, each timed beside Strict on the valid
// input, with every kernel set forced. Speeds are GB/s of the UTF-8 text the
// input was made from, as everywhere in this command.

// densities are the error rates of the damaged inputs: one bad unit per so
// many bytes of input.
var densities = []int{1000, 100}

// lossyConv is one conversion the lossy rows measure.
type lossyConv struct {
	name   string
	enc    transcode.Encoding
	decode bool                   // enc -> UTF-8; else UTF-8 -> enc
	in     *encoded               // the input made from UTF-8 text; nil for UTF-8
	bad    []byte                 // one ill-formed (or, to enc, unrepresentable) unit
	ratio  int                    // bound on output bytes per input byte
	keep   func(table.Input) bool // the inputs it applies to
}

func lossyConvs(in16, in32, in1252 *encoded) []lossyConv {
	all := func(in table.Input) bool { return strings.Contains(in.Name, ".") }
	lone := binary.LittleEndian.AppendUint16(nil, 0xD800)
	big := binary.LittleEndian.AppendUint32(nil, 0x110000)
	return []lossyConv{
		{"UTF8toUTF16LE", transcode.UTF16LE, false, nil, []byte{0xFF}, 4, all},
		{"UTF16LEtoUTF8", transcode.UTF16LE, true, in16, lone, 3, all},
		{"UTF8toUTF32LE", transcode.UTF32LE, false, nil, []byte{0xFF}, 4, all},
		{"UTF32LEtoUTF8", transcode.UTF32LE, true, in32, big, 3, all},
		{"UTF8toCP1252", transcode.CP1252, false, nil, []byte("Ā"), 12, all},
		{"CP1252toUTF8", transcode.CP1252, true, in1252, nil, 3, all},
	}
}

// lossyOps returns one op per conversion: Strict first, then the lossy
// policies, with each transcoding kernel set this CPU runs forced.
func lossyOps(convs []lossyConv) []table.Op {
	var ops []table.Op
	for _, c := range convs {
		op := table.Op{Name: c.name + "/lossy", Applies: c.keep}
		for _, set := range transcode.KernelSets() {
			if runnable(set) != nil {
				continue
			}
			add := func(label string, p utf8x.Policy, density int) {
				op.Impls = append(op.Impls, table.Impl{Name: set + " " + label, Run: lossyRun(c, p, density), Transcode: set})
			}
			add("strict", utf8x.Strict, 0)
			add("replace", utf8x.Replace, 0)
			add("skip", utf8x.Skip, 0)
			add("escape", utf8x.Escape, 0)
			if c.bad != nil {
				for _, d := range densities {
					add(fmt.Sprintf("replace 1/%d", d), utf8x.Replace, d)
				}
			}
		}
		ops = append(ops, op)
	}
	return ops
}

func lossyRun(c lossyConv, p utf8x.Policy, density int) func([]byte) int {
	e := c.enc.WithPolicy(p)
	f := e.AppendEncode
	if c.decode {
		f = e.AppendDecode
	}
	unit := 1
	switch c.enc {
	case transcode.UTF16LE:
		unit = 2
	case transcode.UTF32LE:
		unit = 4
	}
	if !c.decode {
		unit = 1
	}
	memo := map[*byte][]byte{}
	var s buffers
	return func(text []byte) int {
		src := c.in.of(text)
		if density > 0 {
			src = memoized(memo, src, func(q []byte) []byte { out, _ := table.Damage(q, c.bad, density, unit, !c.decode); return out })
		}
		out, err := f(s.get(c.ratio*len(src) + 64)[:0], src)
		if err != nil {
			panic(fmt.Sprint(c.name, " ", p, ": ", err))
		}
		return len(out)
	}
}

// printLossy prints, per conversion, a row per input and kernel set: each
// policy's speed and its ratio to Strict's with the same set on the valid
// text, and a last row per set of the median ratios.
func printLossy(w io.Writer, ops []table.Op, results []table.Result) {
	for _, op := range ops {
		var rows []table.Result
		for _, r := range results {
			if r.Op == op.Name {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		// The impls come in runs of one set: strict first, then the others.
		type run struct {
			set    string
			strict int
			others []int
			ratios [][]float64
		}
		var runs []*run
		for j, impl := range op.Impls {
			set, label, _ := strings.Cut(impl.Name, " ")
			if label == "strict" {
				runs = append(runs, &run{set: set, strict: j})
				continue
			}
			r := runs[len(runs)-1]
			r.others = append(r.others, j)
			r.ratios = append(r.ratios, nil)
		}
		fmt.Fprintf(w, "\n#### %s (GB/s, and ratio to Strict with the same kernel set on the valid text)\n\n", op.Name)
		head, rule := "| input | set | strict |", "| --- | --- | ---: |"
		for _, j := range runs[0].others {
			_, label, _ := strings.Cut(op.Impls[j].Name, " ")
			head += " " + label + " | / strict |"
			rule += " ---: | ---: |"
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		for _, r := range rows {
			for _, ru := range runs {
				line := fmt.Sprintf("| %s | %s | %.2f |", r.Input, ru.set, r.GBps[ru.strict])
				for k, j := range ru.others {
					q := r.GBps[j] / r.GBps[ru.strict]
					ru.ratios[k] = append(ru.ratios[k], q)
					line += fmt.Sprintf(" %.2f | %.2f |", r.GBps[j], q)
				}
				fmt.Fprintln(w, line)
			}
		}
		for _, ru := range runs {
			line := "| median ratio | " + ru.set + " | |"
			for k := range ru.others {
				slices.Sort(ru.ratios[k])
				line += fmt.Sprintf(" | %.2f |", ru.ratios[k][len(ru.ratios[k])/2])
			}
			fmt.Fprintln(w, line)
		}
	}
}
