// Command detect measures the accuracy of utf8x's encoding detection against
// uchardet, Python chardet, ICU's CharsetDetector (through python3-icu) and
// enca, on labelled samples built from the shared corpus:
//
//	cd bench && go run ./cmd/detect [-corpus ../../shared/corpus] [-per 12] [-install]
//
// Each corpus text is encoded into each legacy encoding its language uses
// (and into UTF-8, UTF-16LE/BE and UTF-32LE/BE without a byte order mark),
// cut at character boundaries to 16, 32, 64, 128, 256 and 1024 bytes; only
// samples with a byte above 7F are kept. A guess is right when decoding the
// sample with the label it names gives back the text. Peers that are not
// installed are installed with apt-get under -install, else skipped.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
	"golang.org/x/text/unicode/norm"

	"github.com/utf8x/utf8x/detect"
)

var lengths = []int{16, 32, 64, 128, 256, 1024}

type target struct {
	name string
	enc  encoding.Encoding
}

var (
	western  = []target{{"windows-1252", charmap.Windows1252}, {"iso-8859-1", charmap.ISO8859_1}, {"iso-8859-15", charmap.ISO8859_15}, {"macintosh", charmap.Macintosh}}
	central  = []target{{"windows-1250", charmap.Windows1250}, {"iso-8859-2", charmap.ISO8859_2}}
	cyrillic = []target{{"windows-1251", charmap.Windows1251}, {"koi8-r", charmap.KOI8R}, {"koi8-u", charmap.KOI8U}, {"ibm866", charmap.CodePage866}, {"iso-8859-5", charmap.ISO8859_5}}
)

// languages of the corpus files (by name prefix) and the legacy encodings
// each is commonly written in; enca's language name where enca has one.
var corpusLangs = map[string]struct {
	encs []target
	enca string
}{
	"arabic":  {[]target{{"windows-1256", charmap.Windows1256}}, ""},
	"persan":  {[]target{{"windows-1256", charmap.Windows1256}}, ""},
	"chinese": {[]target{{"gb18030", simplifiedchinese.GB18030}, {"big5", traditionalchinese.Big5}}, "chinese"},
	"czech":   {central, "czech"},
	"english": {western, ""}, "french": {western, ""}, "german": {western, ""}, "portuguese": {western, ""}, "latin": {western, ""},
	"greek":      {[]target{{"windows-1253", charmap.Windows1253}, {"iso-8859-7", charmap.ISO8859_7}}, ""},
	"hebrew":     {[]target{{"windows-1255", charmap.Windows1255}, {"iso-8859-8", charmap.ISO8859_8}}, ""},
	"japanese":   {[]target{{"shift_jis", japanese.ShiftJIS}, {"euc-jp", japanese.EUCJP}}, ""},
	"korean":     {[]target{{"euc-kr", korean.EUCKR}}, ""},
	"russian":    {cyrillic, "russian"},
	"thai":       {[]target{{"windows-874", charmap.Windows874}}, ""},
	"turkish":    {[]target{{"windows-1254", charmap.Windows1254}, {"iso-8859-9", charmap.ISO8859_9}}, ""},
	"vietnamese": {[]target{{"windows-1258", charmap.Windows1258}}, ""},
}

var wide = []target{
	{"utf-8", xunicode.UTF8},
	{"utf-16le", xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)},
	{"utf-16be", xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)},
	{"utf-32le", utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)},
	{"utf-32be", utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)},
}

type sample struct {
	id       int
	lang     string
	enc      string
	length   int
	bytes    []byte
	text     string
	encaLang string
}

func main() {
	log.SetFlags(0)
	corpus := flag.String("corpus", "../../shared/corpus", "folder of the shared corpus")
	per := flag.Int("per", 12, "samples per text, encoding and length")
	show := flag.String("show", "", "print utf8x's wrong answers on samples of this encoding")
	low := flag.Float64("low", 0, "print utf8x's answers given with a confidence below this (right or wrong)")
	install := flag.Bool("install", false, "apt-get install missing peers (uchardet, enca, python3-chardet, python3-icu)")
	flag.Parse()
	if _, err := os.Stat(*corpus); err != nil {
		log.Fatalf("corpus %s not found: nothing to measure", *corpus)
	}
	if *install {
		installPeers()
	}
	samples := buildSamples(*corpus, *per)
	log.Printf("%d samples", len(samples))
	dir, err := os.MkdirTemp("", "utf8x-detect-bench")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	files := make([]string, len(samples))
	for i, s := range samples {
		files[i] = filepath.Join(dir, fmt.Sprintf("%06d", i))
		if err := os.WriteFile(files[i], s.bytes, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	guesses := map[string][]string{}
	conf := make([]float64, len(samples))
	ours := make([]string, len(samples))
	for i, s := range samples {
		r := detect.Detect(s.bytes, nil)
		if best, ok := r.Best(); ok {
			ours[i], conf[i] = best.Encoding, best.Confidence
		}
	}
	guesses["utf8x"] = ours
	for i, s := range samples {
		if s.enc == *show && !right(ours[i], s) {
			fmt.Printf("%s %d: %q as %s (%.3f)\n", s.lang, s.length, s.text, ours[i], conf[i])
		}
		if ours[i] != "" && conf[i] < *low {
			fmt.Printf("low: %s %s %d: %q as %s (%.3f, right: %v)\n", s.enc, s.lang, s.length, s.text, ours[i], conf[i], right(ours[i], s))
		}
	}
	var names = []string{"utf8x"}
	if g, err := runUchardet(files); err == nil {
		guesses["uchardet"] = g
		names = append(names, "uchardet")
	} else {
		log.Printf("uchardet skipped: %v", err)
	}
	if g, err := runPython(files); err == nil {
		for k, v := range g {
			guesses[k] = v
			names = append(names, k)
		}
	} else {
		log.Printf("chardet and ICU skipped: %v", err)
	}
	if g, err := runEnca(files, samples); err == nil {
		guesses["enca"] = g
		names = append(names, "enca")
	} else {
		log.Printf("enca skipped: %v", err)
	}
	sort.Strings(names[1:])
	report(samples, names, guesses, conf)
}

func installPeers() {
	var missing []string
	if _, err := exec.LookPath("uchardet"); err != nil {
		missing = append(missing, "uchardet")
	}
	if _, err := exec.LookPath("enca"); err != nil {
		missing = append(missing, "enca")
	}
	if exec.Command("/usr/bin/python3", "-c", "import chardet").Run() != nil {
		missing = append(missing, "python3-chardet")
	}
	if exec.Command("/usr/bin/python3", "-c", "import icu").Run() != nil {
		missing = append(missing, "python3-icu")
	}
	if len(missing) == 0 {
		return
	}
	cmd := exec.Command("apt-get", append([]string{"install", "-y", "-qq"}, missing...)...)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Printf("apt-get install %v: %v\n%s", missing, err, out)
	}
}

func buildSamples(corpus string, per int) []sample {
	var paths []string
	for _, pat := range []string{"lipsum/*.utf8.txt", "wikipedia_mars/*.utf8.txt"} {
		m, _ := filepath.Glob(filepath.Join(corpus, pat))
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var out []sample
	for _, p := range paths {
		base := strings.ToLower(strings.SplitN(filepath.Base(p), ".", 2)[0])
		base = strings.TrimSuffix(base, "-lipsum")
		raw, err := os.ReadFile(p)
		if err != nil {
			log.Fatal(err)
		}
		text := strings.TrimPrefix(string(raw), "\uFEFF")
		spec := corpusLangs[base]
		targets := append(append([]target{}, spec.encs...), wide...)
		for _, t := range targets {
			src := text
			if t.name == "windows-1258" {
				src = to1258(text)
			}
			runes := []rune(src)
			enc := t.enc.NewEncoder()
			for _, n := range lengths {
				got := 0
				step := len(runes)/(per*4) + 1
				for start := 0; start < len(runes) && got < per; start += step {
					var b []byte
					i := start
					ok := true
					for ; i < len(runes); i++ {
						eb, err := enc.Bytes([]byte(string(runes[i])))
						if err != nil {
							ok = false
							break
						}
						if len(b)+len(eb) > n {
							break
						}
						b = append(b, eb...)
					}
					if !ok || len(b) < n-4 || !hasHigh(b) {
						continue
					}
					out = append(out, sample{len(out), base, t.name, n, b, string(runes[start:i]), spec.enca})
					got++
				}
			}
		}
	}
	return out
}

func hasHigh(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// to1258 writes Vietnamese as Windows-1258 holds it: precomposed base
// letters, combining tone marks.
func to1258(s string) string {
	var b strings.Builder
	enc := charmap.Windows1258.NewEncoder()
	for _, r := range s {
		if _, err := enc.String(string(r)); err == nil {
			b.WriteRune(r)
			continue
		}
		var base, tones []rune
		for _, m := range norm.NFD.String(string(r)) {
			switch m {
			case 0x300, 0x301, 0x303, 0x309, 0x323:
				tones = append(tones, m)
			default:
				base = append(base, m)
			}
		}
		b.WriteString(norm.NFC.String(string(base)))
		b.WriteString(string(tones))
	}
	return b.String()
}

// decodeAs decodes p with the encoding a detector named.
func decodeAs(label string, p []byte) (string, bool) {
	l := strings.ToLower(strings.TrimSpace(label))
	var e encoding.Encoding
	switch l {
	case "", "none", "unknown", "binary", "ascii", "us-ascii", "7bit":
		return "", false
	case "utf-8", "utf8":
		if !utf8.Valid(p) {
			return "", false
		}
		return string(p), true
	case "utf-16le":
		e = xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM)
	case "utf-16be":
		e = xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM)
	case "utf-16":
		e = xunicode.UTF16(xunicode.BigEndian, xunicode.UseBOM)
	case "utf-32le":
		e = utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM)
	case "utf-32be":
		e = utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM)
	case "utf-32":
		e = utf32.UTF32(utf32.BigEndian, utf32.UseBOM)
	case "iso-8859-1", "latin1", "iso_8859-1":
		e = charmap.ISO8859_1 // not WHATWG's windows-1252: C1 bytes stay controls
	case "tis-620", "windows-874", "cp874":
		e = charmap.Windows874
	case "maccyrillic", "x-mac-cyrillic", "mac-cyrillic":
		e = charmap.MacintoshCyrillic
	case "cp932", "windows-31j":
		e = japanese.ShiftJIS
	case "ibm866", "cp866":
		e = charmap.CodePage866
	case "koi8-u":
		e = charmap.KOI8U
	}
	if e == nil {
		e = detect.LegacyEncoding(l)
	}
	if e == nil {
		if x, err := ianaindex.IANA.Encoding(l); err == nil && x != nil {
			e = x
		} else if x, err := htmlindex.Get(l); err == nil {
			e = x
		} else if strings.HasPrefix(l, "cp") {
			if x, err := htmlindex.Get("windows-" + l[2:]); err == nil {
				e = x
			}
		}
	}
	if e == nil {
		return "", false
	}
	out, err := e.NewDecoder().Bytes(p)
	if err != nil {
		return "", false
	}
	return string(out), true
}

func right(label string, s sample) bool {
	got, ok := decodeAs(label, s.bytes)
	return ok && norm.NFC.String(got) == norm.NFC.String(s.text)
}

func runUchardet(files []string) ([]string, error) {
	if _, err := exec.LookPath("uchardet"); err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	for i := 0; i < len(files); i += 500 {
		j := min(i+500, len(files))
		res, err := exec.Command("uchardet", files[i:j]...).Output()
		if err != nil {
			return nil, err
		}
		lines := strings.Split(strings.TrimSpace(string(res)), "\n")
		if len(lines) != j-i {
			return nil, fmt.Errorf("uchardet gave %d lines for %d files", len(lines), j-i)
		}
		for k, l := range lines {
			_, enc, _ := strings.Cut(l, ": ")
			out[i+k] = strings.TrimSpace(enc)
		}
	}
	return out, nil
}

const pyScript = `
import sys, json
import chardet
try:
    import icu
except ImportError:
    icu = None
for line in sys.stdin:
    path = line.strip()
    data = open(path, 'rb').read()
    r = {"chardet": chardet.detect(data)["encoding"] or ""}
    if icu is not None:
        d = icu.CharsetDetector(data)
        try:
            r["icu"] = d.detect().getName()
        except Exception:
            r["icu"] = ""
    print(json.dumps(r), flush=False)
`

func runPython(files []string) (map[string][]string, error) {
	cmd := exec.Command("/usr/bin/python3", "-c", pyScript)
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	res, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%v: %s", err, stderr.String())
	}
	out := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(res))
	i := 0
	for sc.Scan() {
		var r map[string]string
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, err
		}
		for k, v := range r {
			if out[k] == nil {
				out[k] = make([]string, len(files))
			}
			out[k][i] = v
		}
		i++
	}
	if i != len(files) {
		return nil, fmt.Errorf("python gave %d answers for %d files", i, len(files))
	}
	return out, nil
}

// runEnca asks enca about the samples whose language it knows (it needs to be
// told the language); the others count as not applicable.
func runEnca(files []string, samples []sample) ([]string, error) {
	if _, err := exec.LookPath("enca"); err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	byLang := map[string][]int{}
	for i, s := range samples {
		if s.encaLang != "" {
			byLang[s.encaLang] = append(byLang[s.encaLang], i)
		} else {
			out[i] = "n/a"
		}
	}
	for lang, idx := range byLang {
		for a := 0; a < len(idx); a += 500 {
			b := min(a+500, len(idx))
			args := []string{"-L", lang, "-i"}
			for _, k := range idx[a:b] {
				args = append(args, files[k])
			}
			res, _ := exec.Command("enca", args...).Output() // exit 1 when some file is unrecognised
			lines := strings.Split(strings.TrimSpace(string(res)), "\n")
			if len(lines) != b-a {
				return nil, fmt.Errorf("enca gave %d lines for %d files", len(lines), b-a)
			}
			for k, l := range lines {
				_, enc, _ := strings.Cut(l, ": ")
				out[idx[a+k]] = strings.TrimSpace(enc)
			}
		}
	}
	return out, nil
}

func report(samples []sample, names []string, guesses map[string][]string, conf []float64) {
	pct := func(ok, n int) string {
		if n == 0 {
			return "   -  "
		}
		return fmt.Sprintf("%5.1f%%", 100*float64(ok)/float64(n))
	}
	applies := func(name string, s sample) bool { return guesses[name][s.id] != "n/a" }
	for _, part := range []struct {
		title string
		keep  func(sample) bool
	}{
		{"all samples", func(sample) bool { return true }},
		{"legacy encodings only", func(s sample) bool { return !strings.HasPrefix(s.enc, "utf-") }},
		{"UTF-8, UTF-16 and UTF-32 only (no byte order mark)", func(s sample) bool { return strings.HasPrefix(s.enc, "utf-") }},
	} {
		n := 0
		for _, s := range samples {
			if part.keep(s) {
				n++
			}
		}
		fmt.Printf("## Accuracy by sample length: %s (%d samples; enca only on the languages it knows, told the language)\n\n", part.title, n)
		fmt.Printf("| detector |")
		for _, n := range lengths {
			fmt.Printf(" %d B |", n)
		}
		fmt.Printf(" all |\n|---|")
		for range lengths {
			fmt.Printf("---|")
		}
		fmt.Printf("---|\n")
		for _, name := range names {
			fmt.Printf("| %s |", name)
			tot, totN := 0, 0
			for _, n := range lengths {
				ok, cnt := 0, 0
				for _, s := range samples {
					if s.length == n && part.keep(s) && applies(name, s) {
						cnt++
						if right(guesses[name][s.id], s) {
							ok++
						}
					}
				}
				tot += ok
				totN += cnt
				fmt.Printf(" %s |", pct(ok, cnt))
			}
			fmt.Printf(" %s |\n", pct(tot, totN))
		}
		if guesses["enca"] != nil {
			// utf8x on exactly the samples enca answered (where it applies)
			fmt.Printf("| utf8x on enca's samples |")
			tot, totN := 0, 0
			for _, n := range lengths {
				ok, cnt := 0, 0
				for _, s := range samples {
					if s.length == n && part.keep(s) && applies("enca", s) {
						cnt++
						if right(guesses["utf8x"][s.id], s) {
							ok++
						}
					}
				}
				tot += ok
				totN += cnt
				fmt.Printf(" %s |", pct(ok, cnt))
			}
			fmt.Printf(" %s |\n", pct(tot, totN))
		}
		fmt.Println()
	}
	encs := map[string]bool{}
	for _, s := range samples {
		encs[s.enc] = true
	}
	var encList []string
	for e := range encs {
		encList = append(encList, e)
	}
	sort.Strings(encList)
	fmt.Printf("## Accuracy by encoding (all lengths)\n\n| encoding | samples |")
	for _, name := range names {
		fmt.Printf(" %s |", name)
	}
	fmt.Printf("\n|---|---|")
	for range names {
		fmt.Printf("---|")
	}
	fmt.Println()
	for _, e := range encList {
		n := 0
		for _, s := range samples {
			if s.enc == e {
				n++
			}
		}
		fmt.Printf("| %s | %d |", e, n)
		for _, name := range names {
			ok, cnt := 0, 0
			for _, s := range samples {
				if s.enc == e && applies(name, s) {
					cnt++
					if right(guesses[name][s.id], s) {
						ok++
					}
				}
			}
			fmt.Printf(" %s |", pct(ok, cnt))
		}
		fmt.Println()
	}
	fmt.Printf("\n## utf8x calibration (answers grouped by stated confidence)\n\n| confidence | answers | mean confidence | right |\n|---|---|---|---|\n")
	bins := []float64{0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 0.999, 1.0001}
	for b := 0; b+1 < len(bins); b++ {
		n, ok, sum := 0, 0, 0.0
		for _, s := range samples {
			c := conf[s.id]
			if c >= bins[b] && c < bins[b+1] && guesses["utf8x"][s.id] != "" {
				n++
				sum += c
				if right(guesses["utf8x"][s.id], s) {
					ok++
				}
			}
		}
		if n > 0 {
			fmt.Printf("| [%.3g, %.4g) | %d | %.3f | %s |\n", bins[b], math_min(bins[b+1], 1), n, sum/float64(n), pct(ok, n))
		}
	}
	mistakes(samples, guesses["utf8x"])
}

// mistakes lists what utf8x took the legacy samples it got wrong for: per
// true encoding and language, the wrong answers and how often (the most
// frequent first), so that a weak row's cause can be read off.
func mistakes(samples []sample, guesses []string) {
	type key struct{ enc, lang, guess string }
	count := map[key]int{}
	for _, s := range samples {
		if strings.HasPrefix(s.enc, "utf-") || right(guesses[s.id], s) {
			continue
		}
		g := guesses[s.id]
		if g == "" {
			g = "(abstained)"
		}
		count[key{s.enc, s.lang, g}]++
	}
	var keys []key
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.enc != b.enc {
			return a.enc < b.enc
		}
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a.lang+a.guess < b.lang+b.guess
	})
	fmt.Printf("\n## utf8x mistakes on legacy samples (true encoding, language -> answer)\n\n| encoding | language | answer | samples |\n|---|---|---|---|\n")
	for _, k := range keys {
		fmt.Printf("| %s | %s | %s | %d |\n", k.enc, k.lang, k.guess, count[k])
	}
}

func math_min(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}
