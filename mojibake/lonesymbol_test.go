package mojibake

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The commonest mojibake in real documents: one symbol misread in a line of
// otherwise clean (mostly ASCII) text, "20Â°C", "Â±0.5", "5 Ã— 3",
// "âˆ’3". The cases are made from held-out training lines: a symbol is put
// where writing puts it (after or before a number, between words, glued
// to a word), and only that symbol is misread.

// loneSymbols are the symbols the lone-symbol cases insert.
var loneSymbols = []rune{'°', '±', '²', '³', '§', '©', '®', 'µ', '·', '½', '×', '÷', '−', '–', '—', '€', '™', '’', '“', '…', '✔', '✓', '❌', '▶', '█', '│'}

// loneEncodings are the misreadings of a lone symbol measured: Latin-1 only
// where it reads differently from Windows-1252 (a C1 control for 80-9F).
var loneEncodings = []Codepage{Windows1252, ISO8859_1, Macintosh, Windows1251, IBM437}

// heldOutPlain returns lines of held-out training documents (the model
// never saw them) that are ASCII, or mostly ASCII with a few letters beyond
// it (no symbol nor punctuation beyond ASCII), at most perLang a language,
// spread over its documents.
func heldOutPlain(t testing.TB, root string, perLang int) []string {
	return heldOutLines(t, root, perLang, func(l string) bool {
		if strings.Count(l, " ") < 2 {
			return false
		}
		high, letters := 0, 0
		for _, r := range l {
			switch {
			case r < ' ' || r == 0x7F:
				return false
			case r >= 0x80 && !unicode.IsLetter(r):
				return false
			case r >= 0x80:
				high++
			case unicode.IsLetter(r):
				letters++
			}
		}
		// Mostly ASCII: letters beyond it a tenth of the letters at most.
		return 10*high <= letters
	})
}

// isNumberWord reports whether w is a number, digits with a point or comma
// inside, and returns where its digits end (trailing punctuation after).
func isNumberWord(w string) (int, bool) {
	end := len(w)
	for end > 0 && strings.IndexByte(".,;:)]", w[end-1]) >= 0 {
		end--
	}
	start := 0
	for start < end && (w[start] == '(' || w[start] == '[') {
		start++
	}
	if start == end || w[start] < '0' || w[start] > '9' || w[end-1] < '0' || w[end-1] > '9' {
		return 0, false
	}
	for i := start; i < end; i++ {
		if c := w[i]; (c < '0' || c > '9') && c != '.' && c != ',' {
			return 0, false
		}
	}
	return end, true
}

// isPlainWord reports whether w is ASCII letters, with punctuation after
// them, and returns where its letters end.
func isPlainWord(w string) (int, bool) {
	end := len(w)
	for end > 0 && strings.IndexByte(".,;:)!?", w[end-1]) >= 0 {
		end--
	}
	if end < 2 {
		return 0, false
	}
	for i := 0; i < end; i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return 0, false
		}
	}
	return end, true
}

// insertSymbol puts sym into line where writing puts it, picking among
// the places by h; it returns the line and the byte offset of sym in it.
func insertSymbol(line string, sym rune, h uint32) (string, int, bool) {
	words := strings.Split(line, " ")
	var nums, plain []int
	for i, w := range words {
		if _, ok := isNumberWord(w); ok {
			nums = append(nums, i)
		}
		if _, ok := isPlainWord(w); ok {
			plain = append(plain, i)
		}
	}
	if len(plain) == 0 {
		return "", 0, false
	}
	s := string(sym)
	alt := h>>8&1 == 1
	// glue writes w's number (or word) with pre before it and post after
	// it, trailing punctuation kept after.
	glue := func(i int, pre, post string, number bool) {
		w := words[i]
		var end int
		if number {
			end, _ = isNumberWord(w)
		} else {
			end, _ = isPlainWord(w)
		}
		words[i] = pre + w[:end] + post + w[end:]
	}
	// token puts a new word after the plain word i.
	token := func(i int, tok string) {
		words = append(words[:i+1], append([]string{tok}, words[i+1:]...)...)
	}
	ni := -1
	if len(nums) > 0 {
		ni = nums[int(h)%len(nums)]
	}
	pi := plain[int(h/7)%len(plain)]
	switch sym {
	case '°', '²', '³', '½':
		// After a number: 20°C, 10², 2½; else a measure of its own.
		post := s
		if sym == '°' && alt {
			post += "C"
		}
		if sym != '°' && sym != '½' && ni < 0 {
			glue(pi, "", s, false) // a power of a word: x², cm³
			break
		}
		if ni >= 0 {
			glue(ni, "", post, true)
		} else {
			token(pi, "20"+post)
		}
	case '±', '−', '§', '€':
		// Before a number: ±0.5, −3, §4, €5.
		if ni >= 0 {
			glue(ni, s, "", true)
		} else {
			token(pi, s+"4")
		}
	case 'µ':
		if ni >= 0 && alt {
			glue(ni, "", " µs", true)
		} else {
			token(pi, "5 µm")
		}
	case '×', '÷', '·', '–':
		// Between numbers or words: 3 × 4, 10–20, a · b.
		if ni >= 0 && alt {
			glue(ni, "", s+"2", true)
		} else {
			token(pi, s)
		}
	case '—':
		if alt {
			glue(pi, "", s+"and", false)
		} else {
			token(pi, s)
		}
	case '™', '®', '…':
		glue(pi, "", s, false)
	case '©':
		if alt && ni >= 0 {
			glue(ni, s+" ", "", true)
		} else {
			glue(pi, s+" ", "", false)
		}
	case '“':
		glue(pi, s, "", false)
	case '’':
		if i := strings.Index(line, "'"); i > 0 && i+1 < len(line) && unicode.IsLetter(rune(line[i-1])) && unicode.IsLetter(rune(line[i+1])) {
			return line[:i] + s + line[i+1:], i, true
		}
		glue(pi, "", s+"s", false)
	case '✔', '✓', '❌', '▶', '█', '│':
		// A mark of its own: before the line (a status, a list item)
		// or between words (a separator).
		if alt {
			words[0] = s + " " + words[0]
		} else {
			token(pi, s)
		}
	default:
		return "", 0, false
	}
	out := strings.Join(words, " ")
	at := strings.IndexRune(out, sym)
	if at < 0 || strings.Count(out, s) != 1 {
		return "", 0, false
	}
	return out, at, true
}

// loneSymbolCase is a clean line and the line with its one symbol misread.
type loneSymbolCase struct {
	clean, mangled string
	sym            rune
	e              Codepage
}

// loneSymbolCases inserts each symbol of loneSymbols into each line and
// misreads it through each of loneEncodings that reads it (Latin-1 only
// where it reads it differently from Windows-1252).
func loneSymbolCases(lines []string) []loneSymbolCase {
	var cs []loneSymbolCase
	for _, l := range lines {
		for _, sym := range loneSymbols {
			h := fnv.New32a()
			h.Write([]byte(l))
			h.Write([]byte(string(sym)))
			clean, at, ok := insertSymbol(l, sym, h.Sum32())
			if !ok {
				continue
			}
			n := utf8.RuneLen(sym)
			w1252 := ""
			for _, e := range loneEncodings {
				m, ok := misread(clean[at:at+n], e, lossNone)
				if !ok {
					continue
				}
				if e == Windows1252 {
					w1252 = m
				} else if e == ISO8859_1 && m == w1252 {
					continue
				}
				cs = append(cs, loneSymbolCase{clean, clean[:at] + m + clean[at+n:], sym, e})
			}
		}
	}
	return cs
}

// loneSymbolRecall fixes each case and returns, by encoding, the cases and
// those given back exactly, and a log of the counts by symbol.
func loneSymbolRecall(t *testing.T, cs []loneSymbolCase) (cases, exact map[Codepage]int, log string) {
	cases, exact = map[Codepage]int{}, map[Codepage]int{}
	type key struct {
		sym rune
		e   Codepage
	}
	n, ok := map[key]int{}, map[key]int{}
	shown := map[key]int{}
	for _, c := range cs {
		k := key{c.sym, c.e}
		cases[c.e]++
		n[k]++
		out, _ := FixString(c.mangled)
		if out == c.clean {
			exact[c.e]++
			ok[k]++
		} else if shown[k] < 2 && testing.Verbose() && strings.Contains(fmt.Sprint(c.e), "1252") {
			shown[k]++
			t.Logf("lone symbol miss (%s): %q -> %q", c.e, c.mangled, out)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-6s", "symbol")
	for _, e := range loneEncodings {
		fmt.Fprintf(&b, " %22s", e)
	}
	b.WriteString("\n")
	for _, sym := range loneSymbols {
		fmt.Fprintf(&b, "%-6s", string(sym))
		for _, e := range loneEncodings {
			k := key{sym, e}
			if n[k] == 0 {
				fmt.Fprintf(&b, " %22s", "-")
				continue
			}
			fmt.Fprintf(&b, " %9d/%5d %5.1f%%", ok[k], n[k], 100*float64(ok[k])/float64(n[k]))
		}
		b.WriteString("\n")
	}
	return cases, exact, b.String()
}

// TestInsertSymbol checks the cases' making: one symbol, where it was
// asked, the rest of the line as it was.
func TestInsertSymbol(t *testing.T) {
	lines := []string{
		"the value is 20 at most.",
		"Set the margin to 0.5 mm, then don't move it.",
		"no numbers here at all",
	}
	for _, l := range lines {
		for _, sym := range loneSymbols {
			for h := uint32(0); h < 600; h += 97 {
				out, at, ok := insertSymbol(l, sym, h)
				if !ok {
					t.Errorf("%q %q: not inserted", l, string(sym))
					continue
				}
				if r, _ := utf8.DecodeRuneInString(out[at:]); r != sym {
					t.Errorf("%q: %q at %d is %q", out, string(sym), at, string(r))
				}
				if strings.Count(out, string(sym)) != 1 {
					t.Errorf("%q: %q more than once", out, string(sym))
				}
				// Taking the symbol (and what came with it) out leaves
				// the line's words in order.
				var ws []string
				for _, w := range strings.Fields(l) {
					if _, ok := isPlainWord(w); ok {
						ws = append(ws, strings.Trim(w, ".,;:)!?"))
					}
				}
				rest := out
				for _, w := range ws {
					i := strings.Index(rest, w)
					if i < 0 {
						t.Errorf("%q: word %q lost from %q", out, w, l)
						break
					}
					rest = rest[i+len(w):]
				}
			}
		}
	}
	cs := loneSymbolCases([]string{"The temperature was 20 today."})
	want := map[string]bool{"The temperature was 20Â°C today.": true, "The temperature was 20Â° today.": true}
	found := false
	for _, c := range cs {
		if c.sym == '°' && c.e == Windows1252 {
			found = true
			if !want[c.mangled] {
				t.Errorf("° misread as windows-1252: %q", c.mangled)
			}
		}
		if c.e == ISO8859_1 && !strings.ContainsFunc(c.mangled, func(r rune) bool { return r >= 0x80 && r < 0xA0 }) {
			t.Errorf("Latin-1 case reading as Windows-1252 does: %q", c.mangled)
		}
	}
	if !found {
		t.Error("no case of ° misread as windows-1252")
	}
}

// loneFloor is the recall TestTrainingRecall demands of the lone-symbol
// rows, by encoding.
var loneFloor = map[Codepage]float64{Windows1252: 0.98, ISO8859_1: 0.98, Macintosh: 0.88, Windows1251: 0.98, IBM437: 0.86}
