package mojibake

import (
	"bytes"
	"github.com/utf8x/utf8x/internal/testsample"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestNegativeSet: clean text built to look like mojibake comes out
// unchanged, as it is and in capitals, small letters and title case.
func TestNegativeSet(t *testing.T) {
	data, err := os.ReadFile("testdata/negative.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines, falsePositives := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for v, s := range caseVariants(line) {
			if v > 0 && s == line {
				continue
			}
			lines++
			if out, cs := FixString(s); out != s || len(cs) != 0 {
				falsePositives++
				t.Errorf("changed:\n  in:  %q\n  out: %q\n  %v", s, out, cs)
			}
		}
	}
	// The whole file at once too: lines must not join into stretches.
	if out, cs := Fix(data); !bytes.Equal(out, data) || len(cs) != 0 {
		t.Errorf("the negative set as one text changed in %d stretches", len(cs))
	}
	if lines < 40 {
		t.Fatalf("only %d lines in the negative set", lines)
	}
	t.Logf("%d lines, %d false positives", lines, falsePositives)
}

// TestCorpusUnchanged: every file of ../shared/corpus, whatever its
// encoding, comes out byte for byte as it went in.
func TestCorpusUnchanged(t *testing.T) {
	files := testsample.Corpus(t, "*/*")
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
		out, cs := Fix(data)
		if !bytes.Equal(out, data) || len(cs) != 0 {
			t.Errorf("%s: %d false positives", f, len(cs))
			for i, c := range cs {
				if i == 5 {
					break
				}
				t.Logf("  line %d: %q -> %q (%s)", c.Line, c.Old, c.New, c.Chain)
			}
		}
	}
	t.Logf("%d files, %d bytes, checked", len(files), total)
}

// TestIssue24Clean: the clean text issue 24 saw rewritten, each named.
func TestIssue24Clean(t *testing.T) {
	for _, tc := range []struct{ name, s string }{
		{"Czech Úž", "Úžasný"},
		{"Czech ÚŽ", "ÚŽASNÝ"},
		{"Czech Úž in a sentence", "To je Úžasný nápad."},
		{"Ukrainian МіБ at line start", "МіБ"},
		{"Ukrainian МіБ at line start, more", "МіБ — мебібайт"},
		{"accented capital and a symbol", "É±"},
		{"accented capital and a symbol in a word", "TEMPÉ±RATURE"},
		{"two math symbols", "√±"},
		{"two math symbols in a formula", "x = √±2"},
		{"times and pound", "×£"},
		{"times and pound in a price", "3×£5"},
		{"trademark after a name", "Weiß™"},
		{"trademark after a capital", "ZAÏ™"},
		{"Greek with diaeresis quotes", "¨ΚΑΙ¨ και ¨ΝΑΙ¨"},
		{"Portuguese with ¿", "VOCÊ¿"},
		{"Portuguese with ¡", "PORTUGUÊS¡"},
		{"code quoting mojibake", `s.replace("Ã©", "é")`},
		{"docs quoting mojibake", "Ã© is é misread"},
	} {
		for _, s := range caseVariants(tc.s) {
			if out, cs := FixString(s); out != s || len(cs) != 0 {
				t.Errorf("%s: %q -> %q %v", tc.name, s, out, cs)
			}
		}
	}
}

// TestOptions: Options narrow the encodings undone and refuse lossy repairs.
func TestOptions(t *testing.T) {
	const cp1252 = "Le caf\u00c3\u00a9 est pr\u00c3\u00aat."                                                                         // café, prêt misread as Windows-1252
	const cp1251 = "\u0420\u045f\u0421\u0402\u0420\u0451\u0420\u0406\u0420\u00b5\u0421\u201a, \u0420\u0458\u0420\u0451\u0421\u0402!" // Привет, мир! misread as Windows-1251
	for _, tc := range []struct {
		in, want string
		o        Options
	}{
		{cp1252, "Le café est prêt.", Options{}},
		{cp1252, "Le café est prêt.", Options{Codepages: []Codepage{Windows1252}}},
		{cp1252, cp1252, Options{Codepages: []Codepage{Windows1251}}},
		{cp1251, "Привет, мир!", Options{Codepages: []Codepage{Windows1251}}},
		{cp1251, cp1251, Options{Codepages: []Codepage{Windows1252, ISO8859_1}}},
		{cp1252, cp1252, Options{Codepages: []Codepage{numEncodings}}},
		// The deprecated field narrows as Codepages does, and with it.
		{cp1252, "Le café est prêt.", Options{Encodings: []Codepage{Windows1252}}},                                //nolint:staticcheck
		{cp1252, cp1252, Options{Encodings: []Codepage{Windows1251}}},                                             //nolint:staticcheck
		{cp1251, "Привет, мир!", Options{Codepages: []Codepage{Windows1252}, Encodings: []Codepage{Windows1251}}}, //nolint:staticcheck
		// A no-break space lost: "à " misread, its second byte a space.
		{"voil\u00c3  la maison, d\u00c3\u00a9j\u00c3  vue", "voilà la maison, déjà vue", Options{}},
		{"voil\u00c3  la maison, d\u00c3\u00a9j\u00c3  vue", "voil\u00c3  la maison, d\u00c3\u00a9j\u00c3  vue", Options{NoLossy: true}},
		{"Le caf\u00c3\u00a9 est fermé aujourd'hui, voil\u00c3  tout", "Le café est fermé aujourd'hui, voilà tout", Options{}},
		{"Le caf\u00c3\u00a9 est fermé aujourd'hui, voil\u00c3  tout", "Le café est fermé aujourd'hui, voil\u00c3  tout", Options{NoLossy: true}},
	} {
		got, cs := FixString(tc.in, tc.o)
		if got != tc.want {
			t.Errorf("%+v: %q -> %q, want %q (%v)", tc.o, tc.in, got, tc.want, cs)
		}
		for _, c := range cs {
			if tc.o.NoLossy && c.Lossy {
				t.Errorf("%+v: lossy change %+v", tc.o, c)
			}
			if c.Score <= 0 || c.UnseenBefore <= c.UnseenAfter {
				t.Errorf("%q: change without its evidence: %+v", tc.in, c)
			}
		}
	}
	for name, want := range map[string]Codepage{"latin-1": ISO8859_1, "Windows-1252": Windows1252, "mac-roman": Macintosh, "cp437": IBM437, "koi8-r": KOI8R} {
		if e, ok := ParseCodepage(name); !ok || e != want {
			t.Errorf("ParseCodepage(%q) = %v, %v", name, e, ok)
		}
	}
	if _, ok := ParseCodepage("utf-8"); ok {
		t.Error("ParseCodepage(utf-8) succeeded")
	}
	// The deprecated names are the new ones.
	if e, ok := ParseEncoding("cp1251"); !ok || e != Windows1251 || !reflect.DeepEqual(Encodings(), Codepages()) { //nolint:staticcheck
		t.Errorf("ParseEncoding(cp1251) = %v, %v; Encodings() = %v", e, ok, Encodings()) //nolint:staticcheck
	}
}

// TestIssue24Letters: the mac-roman and cp437 misreadings of letters issue
// 24 found left alone are repaired in a sentence. The misreading is made
// here from x/text's tables (misread), not the package's.
func TestIssue24Letters(t *testing.T) {
	for _, tc := range []struct {
		e     Codepage
		words []string
	}{
		{Macintosh, []string{"día", "España", "canción", "Köln", "Bjørn", "música", "café’s", "“quoted”", "a – b", "well… ok", "• item"}},
		{IBM437, []string{"España", "canción", "côte", "Köln", "música", "sûr", "München"}},
	} {
		for _, w := range tc.words {
			want := "The word " + w + " is in this sentence."
			mangled, ok := misread(want, tc.e, lossNone)
			if !ok {
				t.Fatalf("%s cannot misread %q", tc.e, want)
			}
			if got, _ := FixString(mangled); got != want {
				t.Errorf("%s: %q -> %q, want %q", tc.e, mangled, got, want)
			}
		}
	}
}
