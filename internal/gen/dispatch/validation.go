package main

// The validation side: internal/utf8kernel's kernel sets and arch functions,
// from one descriptor per set (validationSets). For each architecture with
// sets, dispatch_GOARCH.go gets the sets' ids, archSets (what the registry
// chooses from) and the arch functions that switch on the id to call a set's
// kernels; dispatch_other.go gets an empty archSets and arch functions that
// run the portable code. Adding a set takes a line here beside its kernels:
// on amd64 those come from the avo generator (../utf8kernel), named
// "valid", "validCount", "validCopy", "validRunes", the NUL and Marks
// variants ("validNUL", "validCountMarks" ...) + the set's suffix, and
// "ascii", "count", "utf16" + its scan suffix; on arm64 from hand-written
// assembly, declared in the generated stubs_arm64.go.

import (
	"bytes"
	"fmt"
	"strings"
)

// vset is one validation kernel set.
type vset struct {
	arch  string // GOARCH of its kernels
	name  string // its name in Use and KernelSets, and its id constant
	needs string // the kernelset.Level it needs
	// minLen and minScan are its impl's thresholds: the input lengths below
	// which validation and scanning (ASCII prefix, counting) take the
	// portable code.
	minLen, minScan int
	valid           string // suffix of its validation kernels
	scan            string // suffix of its ASCII and counting kernels
	// least and scanLeast are the shortest inputs its validation and its
	// scanning kernels take (0: any). The arch functions send shorter ones,
	// which reach them only through the test hook that hands the set every
	// length, to the portable code.
	least, scanLeast int
	// ascii is set when its counting kernel counts ASCII bytes (validCount
	// returns four values and validRunes, the count without them, exists);
	// otherwise validCount returns three, serves ValidRunes, and a second
	// pass over the valid prefix counts the ASCII bytes.
	ascii bool
	// marks is set when it has NUL- and ESC-reporting kernels (validNUL,
	// validMarks and their counting and copying forms); otherwise a search
	// of the valid prefix after validation finds them.
	marks bool
	doc   string // comment on its archSets entry
}

var validationSets = []vset{
	{
		arch: "amd64", name: "avx512vbmi", needs: "AVX512VBMI", minLen: 16, minScan: 64,
		valid: "AVX512VBMI", scan: "AVX512", ascii: true, marks: true,
		doc: "The vector sets leave short inputs to the portable code: below these\n" +
			"lengths a few word-at-a-time steps cost less than the call, the vector\n" +
			"constants and, for AVX2, the fallback for inputs without a whole 32-byte\n" +
			"block. VBMI does the nibble lookups with VPERMB; its ASCII and counting\n" +
			"kernels are the AVX-512 set's.",
	},
	{
		arch: "amd64", name: "avx512", needs: "AVX512BW", minLen: 16, minScan: 64,
		valid: "AVX512", scan: "AVX512", ascii: true, marks: true,
	},
	{
		arch: "amd64", name: "avx2", needs: "AVX2", minLen: 32, minScan: 64,
		valid: "AVX2", scan: "AVX2", scanLeast: 32, ascii: true, marks: true,
	},
	{
		arch: "arm64", name: "neon", needs: "NEON", minLen: 64, minScan: 64,
		valid: "NEON", scan: "NEON", least: 64, scanLeast: 64,
		doc: "NEON (Advanced SIMD) is part of every arm64 CPU Go runs on. Its minimum\n" +
			"lengths are the kernels' own (they read the last, partial block as the\n" +
			"last 64 bytes of the input), not tuned on hardware: emulation cannot\n" +
			"time them.",
	},
}

// writeValidation writes internal/utf8kernel's generated Go files.
func writeValidation() {
	var arches []string
	for _, s := range validationSets {
		if len(arches) == 0 || arches[len(arches)-1] != s.arch {
			arches = append(arches, s.arch)
		}
	}
	for _, arch := range arches {
		var sets []vset
		for _, s := range validationSets {
			if s.arch == arch {
				sets = append(sets, s)
			}
		}
		var b bytes.Buffer
		fmt.Fprintf(&b, "%s//go:build !purego\n\npackage utf8kernel\n\n", header)
		b.WriteString("import \"github.com/utf8x/utf8x/internal/kernelset\"\n\n")
		fmt.Fprintf(&b, "// The %s sets, best first; see kernel.go for what this file provides.\n", arch)
		if len(sets) == 1 {
			fmt.Fprintf(&b, "const %s setID = 1\n", sets[0].name)
		} else {
			b.WriteString("const (\n")
			for i, s := range sets {
				if i == 0 {
					fmt.Fprintf(&b, "\t%s setID = 1 + iota\n", s.name)
				} else {
					fmt.Fprintf(&b, "\t%s\n", s.name)
				}
			}
			b.WriteString(")\n")
		}
		b.WriteString("\nvar archSets = []kernelset.Set[impl]{\n")
		for _, s := range sets {
			if s.doc != "" {
				fmt.Fprintf(&b, "\t// %s\n", strings.ReplaceAll(s.doc, "\n", "\n\t// "))
			}
			fmt.Fprintf(&b, "\t{Name: %q, Needs: kernelset.%s, Impl: impl{id: %s, minLen: %d, minScan: %d}},\n",
				s.name, s.needs, s.name, s.minLen, s.minScan)
		}
		b.WriteString("}\n\n")
		validationArchFuncs(&b, sets)
		writeGo("../utf8kernel/dispatch_"+arch+".go", b.Bytes())
		if arch != "amd64" { // amd64's stubs come with the avo generator's assembly
			writeGo("../utf8kernel/stubs_"+arch+".go", validationStubs(arch, sets))
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s//go:build purego || !(%s)\n\npackage utf8kernel\n\n", header, strings.Join(arches, " || "))
	b.WriteString("import \"github.com/utf8x/utf8x/internal/kernelset\"\n\n")
	b.WriteString("// No vector sets here: the portable code is all there is, and the arch\n" +
		"// functions, never reached (only the portable set is ever active), answer\n// with it.\n" +
		"var archSets []kernelset.Set[impl]\n\n")
	for _, f := range archFuncs {
		fmt.Fprintf(&b, "func %s(_ setID, %s) %s {\n", f.name, f.params, f.results)
		if f.name == "archValidRunes" {
			b.WriteString("\tn, runes, utf16, _ = validCountGo(p)\n\treturn n, runes, utf16\n}\n\n")
			continue
		}
		fmt.Fprintf(&b, "\treturn %s\n}\n\n", f.portable)
	}
	writeGo("../utf8kernel/dispatch_other.go", b.Bytes())
}

// archFunc is one of the arch functions every architecture provides.
type archFunc struct{ name, params, results, portable string }

var archFuncs = []archFunc{
	{"archValidPrefix", "p []byte", "int", "validPrefixGo(p)"},
	{"archValidRunes", "p []byte", "(n, runes, utf16 int)", ""},
	{"archValidCount", "p []byte", "(n, runes, utf16, ascii int)", "validCountGo(p)"},
	{"archValidCopy", "dst, src []byte", "int", "validCopyGo(dst, src)"},
	{"archValidNUL", "p []byte, want Marks", "(n int, marks Marks)", "validNULGo(p, want)"},
	{"archValidCountNUL", "p []byte, want Marks", "(n, runes, utf16, ascii int, marks Marks)", "validCountNULGo(p, want)"},
	{"archValidCopyNUL", "dst, src []byte, want Marks", "(n int, marks Marks)", "validCopyNULGo(dst, src, want)"},
	{"archASCIIPrefix", "p []byte", "int", "asciiPrefixGo(p)"},
	{"archCountRunes", "p []byte", "int", "countRunesGo(p)"},
	{"archUTF16Len", "p []byte", "int", "utf16LenGo(p)"},
}

// cond is the case of set s in a tagless switch over an input p whose
// kernels take least bytes and more.
func cond(s vset, least int, p string) string {
	if least == 0 {
		return "id == " + s.name
	}
	return fmt.Sprintf("id == %s && len(%s) >= %d", s.name, p, least)
}

// validationSwitch opens the switch of a validation arch function: on the
// id when no set needs a length test, else tagless. It returns the case
// label of each set.
func validationSwitch(b *bytes.Buffer, sets []vset, p string) func(vset) string {
	tagless := false
	for _, s := range sets {
		tagless = tagless || s.least > 0
	}
	if !tagless {
		b.WriteString("\tswitch id {\n")
		return func(s vset) string { return s.name }
	}
	b.WriteString("\tswitch {\n")
	return func(s vset) string { return cond(s, s.least, p) }
}

// validationArchFuncs writes the arch functions of one architecture's sets.
func validationArchFuncs(b *bytes.Buffer, sets []vset) {
	b.WriteString("// The arch functions return at once when the kernel validated everything,\n" +
		"// the common case, and call the finish helpers only otherwise: a call less\n// on valid input.\n\n")

	b.WriteString("func archValidPrefix(id setID, p []byte) int {\n\tvar n int\n")
	label := validationSwitch(b, sets, "p")
	for _, s := range sets {
		fmt.Fprintf(b, "\tcase %s:\n\t\tn = valid%s(p)\n", label(s), s.valid)
	}
	b.WriteString("\tdefault:\n\t\treturn validPrefixGo(p)\n\t}\n" +
		"\tif n == len(p) {\n\t\treturn n\n\t}\n\treturn finishValid(p, n)\n}\n\n")

	b.WriteString("func archValidRunes(id setID, p []byte) (n, runes, utf16 int) {\n")
	label = validationSwitch(b, sets, "p")
	for _, s := range sets {
		kernel := "validRunes"
		if !s.ascii {
			kernel = "validCount"
		}
		fmt.Fprintf(b, "\tcase %s:\n\t\tn, runes, utf16 = %s%s(p)\n", label(s), kernel, s.valid)
	}
	b.WriteString("\tdefault:\n\t\tn, runes, utf16, _ = validCountGo(p)\n\t\treturn n, runes, utf16\n\t}\n" +
		"\tif n == len(p) {\n\t\treturn n, runes, utf16\n\t}\n" +
		"\tn, runes, utf16, _ = finishCount(p, n, runes, utf16, 0)\n\treturn n, runes, utf16\n}\n\n")

	b.WriteString("func archValidCount(id setID, p []byte) (n, runes, utf16, ascii int) {\n")
	label = validationSwitch(b, sets, "p")
	for _, s := range sets {
		if s.ascii {
			fmt.Fprintf(b, "\tcase %s:\n\t\tn, runes, utf16, ascii = validCount%s(p)\n", label(s), s.valid)
		} else {
			fmt.Fprintf(b, "\tcase %s:\n\t\t// This set's counting kernel does not count ASCII bytes: a\n"+
				"\t\t// word-at-a-time pass over the valid prefix does, reading it again.\n"+
				"\t\tn, runes, utf16 = validCount%s(p)\n\t\tascii = n - highBytes(p[:n])\n", label(s), s.valid)
		}
	}
	b.WriteString("\tdefault:\n\t\treturn validCountGo(p)\n\t}\n" +
		"\tif n == len(p) {\n\t\treturn n, runes, utf16, ascii\n\t}\n" +
		"\treturn finishCount(p, n, runes, utf16, ascii)\n}\n\n")

	b.WriteString("func archValidCopy(id setID, dst, src []byte) int {\n\tvar n int\n")
	label = validationSwitch(b, sets, "src")
	for _, s := range sets {
		fmt.Fprintf(b, "\tcase %s:\n\t\tn = validCopy%s(dst, src)\n", label(s), s.valid)
	}
	b.WriteString("\tdefault:\n\t\treturn validCopyGo(dst, src)\n\t}\n" +
		"\tif n == len(src) {\n\t\treturn n\n\t}\n\treturn finishCopy(dst, src, n)\n}\n\n")

	anyMarks := false
	for _, s := range sets {
		anyMarks = anyMarks || s.marks
	}
	if !anyMarks {
		b.WriteString("// No set here reports NUL and ESC bytes from its kernels: searches of the\n" +
			"// valid prefix after the validation (bytes.IndexByte, vector code in the\n" +
			"// runtime) find them, at the cost of reading it again.\n\n" +
			"func archValidNUL(id setID, p []byte, want Marks) (n int, marks Marks) {\n" +
			"\tn = archValidPrefix(id, p)\n\treturn n, marksOf(p[:n], want)\n}\n\n" +
			"func archValidCountNUL(id setID, p []byte, want Marks) (n, runes, utf16, ascii int, marks Marks) {\n" +
			"\tn, runes, utf16, ascii = archValidCount(id, p)\n\treturn n, runes, utf16, ascii, marksOf(p[:n], want)\n}\n\n" +
			"func archValidCopyNUL(id setID, dst, src []byte, want Marks) (n int, marks Marks) {\n" +
			"\tn = archValidCopy(id, dst, src)\n\treturn n, marksOf(src[:n], want)\n}\n\n")
	} else {
		b.WriteString("// The NUL-reporting kernels' marks cover p[:n] for their own n;\n" +
			"// finishNUL extends it to the n the finish helpers return.\n\n")
		marksFunc(b, sets, "archValidNUL", "p []byte", "(n int, marks Marks)", "p",
			"n, mk", "valid", "archValidPrefix(id, p)", "n", "validNULGo(p, want)",
			"return n, Marks(mk)", "m := finishValid(p, n)\n\treturn m, finishNUL(p, n, m, Marks(mk), want)")
		marksFunc(b, sets, "archValidCountNUL", "p []byte", "(n, runes, utf16, ascii int, marks Marks)", "p",
			"n, runes, utf16, ascii, mk", "validCount", "archValidCount(id, p)", "n, runes, utf16, ascii",
			"validCountNULGo(p, want)", "return n, runes, utf16, ascii, Marks(mk)",
			"m, runes, utf16, ascii := finishCount(p, n, runes, utf16, ascii)\n\treturn m, runes, utf16, ascii, finishNUL(p, n, m, Marks(mk), want)")
		marksFunc(b, sets, "archValidCopyNUL", "dst, src []byte", "(n int, marks Marks)", "src",
			"n, mk", "validCopy", "archValidCopy(id, dst, src)", "n", "validCopyNULGo(dst, src, want)",
			"return n, Marks(mk)", "m := finishCopy(dst, src, n)\n\treturn m, finishNUL(src, n, m, Marks(mk), want)")
	}

	var short []string
	for _, s := range sets {
		if s.scanLeast > 0 {
			short = append(short, s.name)
		}
	}
	if len(short) > 0 {
		fmt.Fprintf(b, "// The ASCII and counting kernels of %s need %s; shorter inputs\n"+
			"// reach them only when a test hands the set every length.\n\n",
			strings.Join(short, ", "), leastPhrase(sets))
	}
	scanFunc(b, sets, "archASCIIPrefix", "ascii", "asciiPrefixGo")
	scanFunc(b, sets, "archCountRunes", "count", "countRunesGo")
	scanFunc(b, sets, "archUTF16Len", "utf16", "utf16LenGo")
}

// leastPhrase says how long the scanning kernels' inputs must be.
func leastPhrase(sets []vset) string {
	var parts []string
	for _, s := range sets {
		if s.scanLeast > 0 {
			parts = append(parts, fmt.Sprintf("%d bytes", s.scanLeast))
		}
	}
	if len(parts) == 1 {
		return "at least " + parts[0]
	}
	return "at least " + strings.Join(parts, ", ") + " respectively"
}

// marksFunc writes one of the NUL-reporting arch functions: for each set with
// marks kernels, one case for NUL and ESC and one for NUL alone; a set without
// them validates with plain (the arch function without marks) and searches.
func marksFunc(b *bytes.Buffer, sets []vset, name, params, results, p, assign, kernel, plain, plainAssign, portable, whole, finish string) {
	fmt.Fprintf(b, "func %s(id setID, %s, want Marks) %s {\n\tvar mk uint8\n\tesc := want&ESC != 0\n\tswitch {\n", name, params, results)
	args := "p"
	if p == "src" {
		args = "dst, src"
	}
	for _, s := range sets {
		c := cond(s, s.least, p)
		if !s.marks {
			fmt.Fprintf(b, "\tcase %s:\n\t\t%s = %s\n\t\treturn %s, marksOf(%s[:n], want)\n", c, plainAssign, plain, plainAssign, p)
			continue
		}
		fmt.Fprintf(b, "\tcase %s && esc:\n\t\t%s = %sMarks%s(%s)\n", c, assign, kernel, s.valid, args)
		fmt.Fprintf(b, "\tcase %s:\n\t\t%s = %sNUL%s(%s)\n", c, assign, kernel, s.valid, args)
	}
	fmt.Fprintf(b, "\tdefault:\n\t\treturn %s\n\t}\n\tif n == len(%s) {\n\t\t%s\n\t}\n\t%s\n}\n\n", portable, p, whole, finish)
}

// scanFunc writes one of the arch functions for the ASCII and counting
// kernels, sets sharing a kernel (and its least length) in one case.
func scanFunc(b *bytes.Buffer, sets []vset, name, kernel, portable string) {
	fmt.Fprintf(b, "func %s(id setID, p []byte) int {\n\tswitch {\n", name)
	for i := 0; i < len(sets); {
		j := i + 1
		for j < len(sets) && sets[j].scan == sets[i].scan && sets[j].scanLeast == sets[i].scanLeast {
			j++
		}
		var cs []string
		for _, s := range sets[i:j] {
			cs = append(cs, cond(s, s.scanLeast, "p"))
		}
		fmt.Fprintf(b, "\tcase %s:\n\t\treturn %s%s(p)\n", strings.Join(cs, ", "), kernel, sets[i].scan)
		i = j
	}
	fmt.Fprintf(b, "\t}\n\treturn %s(p)\n}\n\n", portable)
}

// validationStubs declares the hand-written kernels of an architecture's sets.
func validationStubs(arch string, sets []vset) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s//go:build !purego\n\npackage utf8kernel\n\n", header)
	fmt.Fprintf(&b, "// The kernels of the %s sets, in kernel_%s.s.\n\n", arch, arch)
	for _, s := range sets {
		least := func(n int) string {
			if n == 0 {
				return ""
			}
			return fmt.Sprintf(" p must hold at least %d bytes.", n)
		}
		v, l := "valid"+s.valid, least(s.least)
		stub(&b, v, "p []byte", "int", fmt.Sprintf("%s checks p in blocks and returns len(p) if p is valid, else n < len(p)\n"+
			"such that p[:n] holds no error short of a character left unfinished at its\n"+
			"end: the start of the first block with an error, or len(p)-1 when p ends\ninside a character.%s", v, l))
		if s.ascii {
			stub(&b, "validCount"+s.valid, "p []byte", "(n int, runes int, utf16 int, ascii int)",
				fmt.Sprintf("validCount%s is %s that also returns the number of characters, of\nUTF-16 units and of ASCII bytes in p[:n].%s", s.valid, v, l))
			stub(&b, "validRunes"+s.valid, "p []byte", "(n int, runes int, utf16 int)",
				fmt.Sprintf("validRunes%s is %s that also returns the number of characters and\nof UTF-16 units in p[:n].%s", s.valid, v, l))
		} else {
			stub(&b, "validCount"+s.valid, "p []byte", "(n int, runes int, utf16 int)",
				fmt.Sprintf("validCount%s is %s that also returns the number of characters and\nof UTF-16 units in p[:n].%s", s.valid, v, l))
		}
		stub(&b, "validCopy"+s.valid, "dst []byte, src []byte", "int",
			fmt.Sprintf("validCopy%s is %s on src that also copies src[:n] to dst, in the\n"+
				"same pass. It may write any of dst[:len(src)]; dst must have that room.\n%s", s.valid, v, strings.TrimSpace(strings.Replace(l, " p ", " src ", 1))))
		if s.marks {
			panic("marks stubs for hand-written kernels: not written yet")
		}
	}
	done := map[string]bool{}
	for _, s := range sets {
		if done[s.scan] {
			continue
		}
		done[s.scan] = true
		l := ""
		if s.scanLeast > 0 {
			l = fmt.Sprintf(" p must hold at least %d bytes.", s.scanLeast)
		}
		stub(&b, "ascii"+s.scan, "p []byte", "int", fmt.Sprintf("ascii%s returns the index of the first byte of p with bit 7 set, or\nlen(p).%s", s.scan, l))
		stub(&b, "count"+s.scan, "p []byte", "int", fmt.Sprintf("count%s returns the number of bytes of p that are not continuation\nbytes: its character count if p is valid.%s", s.scan, l))
		stub(&b, "utf16"+s.scan, "p []byte", "int", fmt.Sprintf("utf16%s returns the number of UTF-16 code units valid p needs: one\nper character, two for each 4-byte lead.%s", s.scan, l))
	}
	return b.Bytes()
}

// stub writes one kernel's declaration.
func stub(b *bytes.Buffer, name, params, results, doc string) {
	fmt.Fprintf(b, "// %s\n//\n//go:noescape\nfunc %s(%s) %s\n\n", strings.ReplaceAll(doc, "\n", "\n// "), name, params, results)
}
