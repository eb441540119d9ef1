package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math/rand"
	"os"
	"slices"
	"strings"

	"golang.org/x/text/encoding/charmap"

	"github.com/utf8x/utf8x/bench/table"
)

// Section 5: whole real documents the repair never saw, each misread whole
// through each chain issue 24 names, repaired whole, and judged line by
// line. The lines of a text mangled in one piece meet the repair's
// decisions in their real neighbourhood (headings in capitals, tables,
// markup, names), which the sentences of the recall set do not show.

// wholeChain is one way a whole document is misread: through each code page
// of cms in turn, losing bytes as loss says (the loss applies to every
// step).
type wholeChain struct {
	name  string
	cms   []*charmap.Charmap
	loss  table.Loss
	lossy bool // a character may be lost: U+FFFD in its place counts in brackets
}

func wholeChains() []wholeChain {
	var out []wholeChain
	for _, c := range []struct {
		name string
		cm   *charmap.Charmap
	}{
		{"windows-1252", charmap.Windows1252}, {"iso-8859-1", charmap.ISO8859_1},
		{"windows-1250", charmap.Windows1250}, {"windows-1251", charmap.Windows1251},
		{"macintosh", charmap.Macintosh}, {"ibm437", charmap.CodePage437},
	} {
		out = append(out,
			wholeChain{name: c.name, cms: []*charmap.Charmap{c.cm}},
			wholeChain{name: c.name + " twice", cms: []*charmap.Charmap{c.cm, c.cm}})
	}
	w := []*charmap.Charmap{charmap.Windows1252}
	return append(out,
		wholeChain{name: "windows-1252, no-break spaces as spaces", cms: w, loss: table.LossNBSP},
		wholeChain{name: "windows-1252, lost bytes dropped", cms: w, loss: table.LossDrop, lossy: true},
		wholeChain{name: "windows-1252, lost bytes as U+FFFD", cms: w, loss: table.LossFFFD, lossy: true})
}

func (c wholeChain) mangle(s string) string {
	b := []byte(s)
	for _, cm := range c.cms {
		b = table.MisreadLoss(b, cm, c.loss)
	}
	return string(b)
}

// docTexts returns the text files of /usr/share/doc (not HTML, which
// htmlDocs takes) in valid UTF-8 holding non-ASCII, each content once.
func docTexts() []document {
	return usrShareDoc(func(p string) bool { return !strings.Contains(p, ".html") && !strings.Contains(p, "fortune") }, true)
}

// wholeCount is how a fixer did on the lines one chain mangled.
type wholeCount struct {
	docs, high, mangled int
	// Of the mangled lines: given back exactly, given back but for U+FFFD
	// where a character was lost (lossy chains only), left as the
	// misreading made them, changed into something else.
	exact, lossyOK, left, wrong int
	// Lines the misreading left alone that the fixer changed.
	harmed int
}

func (c *wholeCount) add(o wholeCount) {
	c.docs, c.high, c.mangled = c.docs+o.docs, c.high+o.high, c.mangled+o.mangled
	c.exact, c.lossyOK, c.left, c.wrong, c.harmed = c.exact+o.exact, c.lossyOK+o.lossyOK, c.left+o.left, c.wrong+o.wrong, c.harmed+o.harmed
}

func hasHigh(s string) bool { return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 }) }

// judgeDoc compares, line by line, a clean document, its mangled form and
// a fixer's output. A mangled line counts only when it still holds
// non-ASCII (a line whose only non-ASCII was a no-break space turned into a
// space holds nothing left to repair). When the fixer changed the number
// of lines, every mangled line counts as changed wrongly. miss, when not
// nil, is called with each mangled line not given back exactly (nor, for a
// lossy chain, with U+FFFD).
//
// skip holds the lines left out (the clean document's own mojibake, which
// a repair rightly changes: see ownMojibake); nil leaves none out.
func judgeDoc(clean, mangled, got string, lossy bool, skip map[int]bool, miss func(want, in, out string)) wholeCount {
	lc, lm, lg := strings.Split(clean, "\n"), strings.Split(mangled, "\n"), strings.Split(got, "\n")
	c := wholeCount{docs: 1}
	aligned := len(lg) == len(lc) && len(lm) == len(lc)
	for i, l := range lc {
		if skip[i] {
			continue
		}
		if hasHigh(l) {
			c.high++
		}
		if !aligned {
			if i < len(lm) && lm[i] != l && hasHigh(lm[i]) {
				c.mangled++
				c.wrong++
			}
			continue
		}
		if lm[i] == l {
			if lg[i] != l {
				c.harmed++
			}
			continue
		}
		if !hasHigh(lm[i]) {
			continue
		}
		c.mangled++
		switch {
		case lg[i] == l:
			c.exact++
			continue
		case lossy && matchLossy(lg[i], l):
			c.lossyOK++
			continue
		case lg[i] == lm[i]:
			c.left++
		default:
			c.wrong++
		}
		if miss != nil {
			miss(l, lm[i], lg[i])
		}
	}
	return c
}

// wholeDocs prints section 5. nd may be nil (ftfy not run). missFile, when
// not empty, receives every mangled line utf8x does not give back, as JSON
// lines mojibake's TestDebugPeerMisses reads ("where" is the chain, then
// the document).
func wholeDocs(w io.Writer, nd *node, sets []docSet, nEx int, missFile string) {
	var mw *json.Encoder
	if missFile != "" {
		f, err := os.Create(missFile)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		bw := bufio.NewWriter(f)
		defer bw.Flush()
		mw = json.NewEncoder(bw)
		mw.SetEscapeHTML(false)
	}
	fmt.Fprintf(w, "\n## 5. Whole real documents mangled through each chain\n\n")
	fmt.Fprintf(w, "Each document misread whole through the chain (every byte read as the code page; twice: the result read again; bytes the code page leaves unassigned become C1 controls, or as the row says), repaired whole (`mojibake.Fix(doc)`%s), compared with the clean document line by line. \"mangled\" = lines the misreading changed that still hold non-ASCII; of those: restored exactly (lossy rows: in brackets, also with U+FFFD where a character was lost), left as mangled, changed wrongly. \"harmed\" = lines the misreading left alone that the fixer changed.\n\n", map[bool]string{true: ", ftfy's `fix_text(doc, config)`", false: ""}[nd != nil])
	for _, set := range sets {
		n, out := 0, 0
		for i, d := range set.docs {
			for _, l := range strings.Split(d.text, "\n") {
				if hasHigh(l) {
					n++
				}
			}
			if set.docs != nil {
				out += len(ownMojibake(set.docs[i : i+1])[0])
			}
		}
		fmt.Fprintf(w, "%s: %d documents, %d lines holding non-ASCII; %d lines left out, which `mojibake.Fix` changes in the clean document (mojibake the document holds already: \"manipulaciÃ³n\" in a Spanish man page).\n\n", set.name, len(set.docs), n, out)
	}
	head := "| chain | documents | mangled lines | utf8x restored | utf8x left mangled | utf8x changed wrongly | utf8x harmed |"
	sep := "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
	if nd != nil {
		head += " ftfy restored | ftfy left mangled | ftfy changed wrongly | ftfy harmed |"
		sep += " ---: | ---: | ---: | ---: |"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, sep)
	var ex []string
	skips := map[string][]map[int]bool{}
	for _, set := range nonEmpty(sets) {
		skips[set.short] = ownMojibake(set.docs)
	}
	for _, ch := range wholeChains() {
		shown := 0
		for _, set := range nonEmpty(sets) {
			skip := skips[set.short]
			ins := make([]string, len(set.docs))
			for i, d := range set.docs {
				ins[i] = ch.mangle(d.text)
			}
			gotU := fixAll(ins)
			var gotF []string
			if nd != nil {
				var err error
				if gotF, _, _, err = nd.fixLines("text", ins); err != nil {
					log.Fatal(err)
				}
			}
			var u, f wholeCount
			for i, d := range set.docs {
				u.add(judgeDoc(d.text, ins[i], gotU[i], ch.lossy, skip[i], func(want, in, out string) {
					if mw != nil {
						mw.Encode(miss{Where: ch.name + " " + d.name, Want: want, In: in, Utf8x: out})
					}
					if shown < nEx {
						shown++
						ex = append(ex, fmt.Sprintf("%s (%s):\n  want  %q\n  in    %q\n  utf8x %q\n", ch.name, d.name, clip(want), clip(in), clip(out)))
					}
				}))
				if nd != nil {
					f.add(judgeDoc(d.text, ins[i], gotF[i], ch.lossy, skip[i], nil))
				}
			}
			cell := func(c wholeCount) string {
				if ch.lossy {
					return fmt.Sprintf("%s (%s)", pct(c.exact, c.mangled), pct(c.exact+c.lossyOK, c.mangled))
				}
				return pct(c.exact, c.mangled)
			}
			row := fmt.Sprintf("| %s | %s | %d | %s | %d | %d | %d |", ch.name, set.short, u.mangled, cell(u), u.left, u.wrong, u.harmed)
			if nd != nil {
				row += fmt.Sprintf(" %s | %d | %d | %d |", cell(f), f.left, f.wrong, f.harmed)
			}
			fmt.Fprintln(w, row)
		}
	}
	if len(ex) > 0 {
		fmt.Fprintf(w, "\nExamples of mangled lines utf8x does not restore (the first %d of each chain):\n\n```\n%s```\n", nEx, strings.Join(ex, ""))
	}
}

// ownMojibake returns, for each document, the lines mojibake.Fix changes
// in it as it is. A few real documents hold mojibake of their own (a
// Spanish man page's "manipulaciÃ³n", a changelog's "MuleÃ¢Â€Â™"): the
// repair of such a line misread once more goes past the clean line to the
// text before its first misreading, which is right, not a miss. Those
// lines are left out of the counts.
func ownMojibake(docs []document) []map[int]bool {
	out := make([]map[int]bool, len(docs))
	for i, d := range docs {
		got := fixAll([]string{d.text})[0]
		if got == d.text {
			continue
		}
		lc, lg := strings.Split(d.text, "\n"), strings.Split(got, "\n")
		out[i] = map[int]bool{}
		for j, l := range lc {
			if j >= len(lg) || lg[j] != l || len(lg) != len(lc) {
				out[i][j] = true
			}
		}
	}
	return out
}

// docSet is a named group of whole documents.
type docSet struct {
	short, name string
	docs        []document
}

// nonEmpty returns the sets that hold documents.
func nonEmpty(sets []docSet) []docSet {
	return slices.DeleteFunc(slices.Clone(sets), func(s docSet) bool { return len(s.docs) == 0 })
}

// sampleDocs returns up to limit of docs, a seeded sample in a stable order.
func sampleDocs(docs []document, limit int) []document {
	docs = slices.Clone(docs)
	slices.SortFunc(docs, func(a, b document) int { return strings.Compare(a.name, b.name) })
	rand.New(rand.NewSource(1)).Shuffle(len(docs), func(i, j int) { docs[i], docs[j] = docs[j], docs[i] })
	return docs[:min(limit, len(docs))]
}
