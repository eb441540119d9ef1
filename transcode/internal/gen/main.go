// Command gen builds transcode's single-byte tables and label list,
// ../../sbtables.go, from published mapping data kept in data/:
//
//   - data/whatwg.txt: the single-byte indexes of the WHATWG Encoding
//     Standard (index-ibm866.txt ... index-x-mac-cyrillic.txt), as the npm
//     package text-encoding 0.7.0 ships them in lib/encoding-indexes.js
//     (`npm pack text-encoding`; @zxing/text-encoding 0.9.0 carries the same
//     indexes);
//   - data/glibc.txt: the glibc charmaps of Debian's locales package
//     (/usr/share/i18n/charmaps/NAME.gz) for the encodings WHATWG lacks and
//     iconv and uchardet name (IBM437, IBM850, IBM852, MAC-CENTRALEUROPE,
//     TIS-620, VISCII, ...); VISCII, whose bytes below 80 are not all ASCII,
//     goes whole into sbFullSpecs;
//   - data/labels.txt: the WHATWG labels (golang.org/x/text's
//     encoding/htmlindex/tables.go, which x/text generates from
//     https://encoding.spec.whatwg.org/encodings.json) and glibc iconv's
//     aliases (gconv-modules of Debian's libc6, and the "% alias" lines of the
//     charmaps);
//   - data/sources.txt: the SHA-256 of each raw input the data was extracted
//     from, so that an extraction can be compared with the committed one.
//
// Usage:
//
//	go generate ./transcode                    # data/ to sbtables.go
//	go run ./transcode/internal/gen -check     # what CI runs: sbtables.go is what data/ gives (no network)
//	go run ./transcode/internal/gen -extract -npm DIR  # raw sources to data/ (DIR: text-encoding's unpacked package)
//
// -check also re-extracts and compares data/ when the raw sources are on the
// machine, and says so when they are not.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// An encoding is one single-byte encoding the generated file defines.
type encoding struct {
	key  string // lower-case WHATWG name, or the glibc charmap name in lower case
	name string // what Encoding.Name returns
	// whatwg is the WHATWG index the table comes from; charmap the glibc
	// charmap when whatwg is empty.
	whatwg, charmap string
	// gconv are the glibc gconv module names whose aliases become labels.
	gconv []string
	// exact is set for the ISO encodings that WHATWG reads as a Windows
	// superset (ISO-8859-9 as windows-1254, ISO-8859-11 and TIS-620 as
	// windows-874):
	// their ISO labels go here, as iconv resolves them, so that text written
	// under those names holds only bytes the ISO standard defines.
	exact bool
	// full is set for a charmap whose bytes 00-7F are not all ASCII
	// (VISCII's 02 05 06 14 19 1E are letters): its whole table goes to
	// sbFullSpecs, which transcode converts one byte at a time, not through
	// the single-byte kernels (they take 00-7F as ASCII).
	full bool
	// extra are labels neither WHATWG nor glibc gives and other iconv
	// implementations and the IANA registry do, lower case.
	extra []string
}

var encodings = []encoding{
	// The WHATWG single-byte encodings (windows-1252 and iso-8859-15 are
	// here for the tests and the labels; iso-8859-8-i shares iso-8859-8's
	// index, as the standard says).
	{key: "ibm866", name: "IBM866", whatwg: "ibm866", gconv: []string{"IBM866"}},
	{key: "iso-8859-2", name: "ISO-8859-2", whatwg: "iso-8859-2", gconv: []string{"ISO-8859-2"}},
	{key: "iso-8859-3", name: "ISO-8859-3", whatwg: "iso-8859-3", gconv: []string{"ISO-8859-3"}},
	{key: "iso-8859-4", name: "ISO-8859-4", whatwg: "iso-8859-4", gconv: []string{"ISO-8859-4"}},
	{key: "iso-8859-5", name: "ISO-8859-5", whatwg: "iso-8859-5", gconv: []string{"ISO-8859-5"}},
	{key: "iso-8859-6", name: "ISO-8859-6", whatwg: "iso-8859-6", gconv: []string{"ISO-8859-6"}},
	{key: "iso-8859-7", name: "ISO-8859-7", whatwg: "iso-8859-7", gconv: []string{"ISO-8859-7"}},
	{key: "iso-8859-8", name: "ISO-8859-8", whatwg: "iso-8859-8", gconv: []string{"ISO-8859-8"}},
	{key: "iso-8859-8-i", name: "ISO-8859-8-I", whatwg: "iso-8859-8"},
	{key: "iso-8859-10", name: "ISO-8859-10", whatwg: "iso-8859-10", gconv: []string{"ISO-8859-10"}},
	{key: "iso-8859-13", name: "ISO-8859-13", whatwg: "iso-8859-13", gconv: []string{"ISO-8859-13"}},
	{key: "iso-8859-14", name: "ISO-8859-14", whatwg: "iso-8859-14", gconv: []string{"ISO-8859-14"}},
	{key: "iso-8859-15", name: "ISO-8859-15", whatwg: "iso-8859-15", gconv: []string{"ISO-8859-15"}},
	{key: "iso-8859-16", name: "ISO-8859-16", whatwg: "iso-8859-16", gconv: []string{"ISO-8859-16"}},
	{key: "koi8-r", name: "KOI8-R", whatwg: "koi8-r", gconv: []string{"KOI8-R"}},
	{key: "koi8-u", name: "KOI8-U", whatwg: "koi8-u", gconv: []string{"KOI8-U"}},
	{key: "macintosh", name: "Macintosh", whatwg: "macintosh", gconv: []string{"MACINTOSH"}},
	{key: "windows-874", name: "Windows-874", whatwg: "windows-874", gconv: []string{"CP874"}},
	{key: "windows-1250", name: "Windows-1250", whatwg: "windows-1250", gconv: []string{"CP1250"}},
	{key: "windows-1251", name: "Windows-1251", whatwg: "windows-1251", gconv: []string{"CP1251"}},
	{key: "windows-1252", name: "Windows-1252", whatwg: "windows-1252", gconv: []string{"CP1252"}},
	{key: "windows-1253", name: "Windows-1253", whatwg: "windows-1253", gconv: []string{"CP1253"}},
	{key: "windows-1254", name: "Windows-1254", whatwg: "windows-1254", gconv: []string{"CP1254"}},
	{key: "windows-1255", name: "Windows-1255", whatwg: "windows-1255", gconv: []string{"CP1255"}},
	{key: "windows-1256", name: "Windows-1256", whatwg: "windows-1256", gconv: []string{"CP1256"}},
	{key: "windows-1257", name: "Windows-1257", whatwg: "windows-1257", gconv: []string{"CP1257"}},
	{key: "windows-1258", name: "Windows-1258", whatwg: "windows-1258", gconv: []string{"CP1258"}},
	{key: "x-mac-cyrillic", name: "x-mac-cyrillic", whatwg: "x-mac-cyrillic", gconv: []string{"CP10007", "MAC-UK"}},
	// x-user-defined has no index: the standard defines it as bytes 80-FF
	// to U+F780-U+F7FF (see userDefined).
	{key: "x-user-defined", name: "x-user-defined"},

	// Beyond WHATWG: what iconv and uchardet name, from glibc's charmaps.
	{key: "ibm437", name: "IBM437", charmap: "IBM437", gconv: []string{"IBM437"}},
	{key: "ibm737", name: "IBM737", charmap: "CP737", gconv: []string{"CP737"}},
	{key: "ibm775", name: "IBM775", charmap: "CP775", gconv: []string{"CP775"}},
	{key: "ibm850", name: "IBM850", charmap: "IBM850", gconv: []string{"IBM850"}},
	{key: "ibm852", name: "IBM852", charmap: "IBM852", gconv: []string{"IBM852"}},
	{key: "ibm855", name: "IBM855", charmap: "IBM855", gconv: []string{"IBM855"}},
	{key: "ibm857", name: "IBM857", charmap: "IBM857", gconv: []string{"IBM857"}},
	{key: "ibm858", name: "IBM858", charmap: "IBM858", gconv: []string{"IBM858"}},
	{key: "ibm860", name: "IBM860", charmap: "IBM860", gconv: []string{"IBM860"}},
	{key: "ibm861", name: "IBM861", charmap: "IBM861", gconv: []string{"IBM861"}},
	{key: "ibm862", name: "IBM862", charmap: "IBM862", gconv: []string{"IBM862"}},
	{key: "ibm863", name: "IBM863", charmap: "IBM863", gconv: []string{"IBM863"}},
	{key: "ibm865", name: "IBM865", charmap: "IBM865", gconv: []string{"IBM865"}},
	{key: "ibm869", name: "IBM869", charmap: "IBM869", gconv: []string{"IBM869"}},
	{key: "cp1125", name: "CP1125", charmap: "CP1125", gconv: []string{"CP1125"}},
	{key: "mac-centraleurope", name: "MAC-CENTRALEUROPE", charmap: "MAC-CENTRALEUROPE", gconv: []string{"MAC-CENTRALEUROPE"}},
	{key: "koi8-t", name: "KOI8-T", charmap: "KOI8-T", gconv: []string{"KOI8-T"}},
	{key: "pt154", name: "PT154", charmap: "PT154", gconv: []string{"PT154"}},
	{key: "georgian-ps", name: "GEORGIAN-PS", charmap: "GEORGIAN-PS", gconv: []string{"GEORGIAN-PS"}},
	{key: "georgian-academy", name: "GEORGIAN-ACADEMY", charmap: "GEORGIAN-ACADEMY", gconv: []string{"GEORGIAN-ACADEMY"}},
	{key: "armscii-8", name: "ARMSCII-8", charmap: "ARMSCII-8", gconv: []string{"ARMSCII-8"}},
	{key: "iso-8859-9", name: "ISO-8859-9", charmap: "ISO-8859-9", gconv: []string{"ISO-8859-9"}, exact: true},
	{key: "iso-8859-11", name: "ISO-8859-11", charmap: "ISO-8859-11", gconv: []string{"ISO-8859-11"}, exact: true},
	// TIS-620 as glibc has it: ISO-8859-11 without the C1 controls and
	// without A0 (no-break space).
	{key: "tis-620", name: "TIS-620", charmap: "TIS-620", gconv: []string{"TIS-620"}, exact: true},
	// VISCII (RFC 1456): Vietnamese, six letters among the C0 controls.
	// glibc knows it by its module name only; "viscii1.1-1" and "csviscii"
	// are GNU libiconv's and IANA's.
	{key: "viscii", name: "VISCII", charmap: "VISCII", gconv: []string{"VISCII"}, full: true, extra: []string{"viscii1.1-1", "csviscii"}},
}

// handWritten are the encodings transcode defines in Go (the Unicode forms,
// ISO-8859-1, US-ASCII), keyed by WHATWG name or gconv module: the labels
// WHATWG and iconv give them are listed for them too, and transcode keeps
// each label with the first encoding that claims it.
var handWritten = map[string][]string{
	"utf-8":      {"UTF-8"},
	"iso-8859-1": {"ISO-8859-1"},
	"us-ascii":   {"ANSI_X3.4-1968"},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	check := flag.Bool("check", false, "verify sbtables.go (and data/, when the raw sources are here) instead of writing")
	extract := flag.Bool("extract", false, "extract data/ from the raw sources")
	npm := flag.String("npm", "", "the unpacked text-encoding npm package (with lib/encoding-indexes.js)")
	charmaps := flag.String("charmaps", "/usr/share/i18n/charmaps", "glibc's charmaps (Debian package locales)")
	gconv := flag.String("gconv", "/usr/lib/x86_64-linux-gnu/gconv", "glibc's gconv-modules folder (Debian package libc6)")
	flag.Parse()
	dir := genDir()
	dataDir := filepath.Join(dir, "data")
	outPath := filepath.Join(dir, "..", "..", "sbtables.go")

	if *extract || *check {
		srcs := sources{npm: *npm, charmaps: *charmaps, gconv: *gconv}
		files, err := srcs.extract()
		switch {
		case err != nil && *extract:
			log.Fatal(err)
		case err != nil:
			fmt.Printf("raw sources absent (%v): data/ not re-extracted\n", err)
		case *extract:
			for name, b := range files {
				must(os.WriteFile(filepath.Join(dataDir, name), b, 0o644))
			}
		default:
			for name, b := range files {
				old, _ := os.ReadFile(filepath.Join(dataDir, name))
				if !bytes.Equal(old, b) {
					log.Fatalf("data/%s differs from what the raw sources give: run gen -extract and commit", name)
				}
			}
			fmt.Println("data/ matches the raw sources")
		}
	}
	out := generate(dataDir)
	if *check {
		old, err := os.ReadFile(outPath)
		must(err)
		if !bytes.Equal(old, out) {
			log.Fatalf("%s is stale or edited by hand: run go generate ./transcode and commit", outPath)
		}
		fmt.Println("sbtables.go matches data/")
		return
	}
	must(os.WriteFile(outPath, out, 0o644))
}

// genDir is this generator's folder, whether run by go generate (from
// ./transcode) or from the module root.
func genDir() string {
	for _, d := range []string{"internal/gen", "transcode/internal/gen", "."} {
		if _, err := os.Stat(filepath.Join(d, "data", "labels.txt")); err == nil {
			return d
		}
		if _, err := os.Stat(filepath.Join(d, "main.go")); err == nil && strings.HasSuffix(filepath.ToSlash(mustAbs(d)), "transcode/internal/gen") {
			return d
		}
	}
	log.Fatal("run from the module root or ./transcode")
	return ""
}

func mustAbs(p string) string {
	a, err := filepath.Abs(p)
	must(err)
	return a
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// sources are the raw inputs of -extract.
type sources struct{ npm, charmaps, gconv string }

// extract reads the raw sources and returns the contents of data/'s files.
func (s sources) extract() (map[string][]byte, error) {
	sum := new(bytes.Buffer)
	fmt.Fprintln(sum, "# SHA-256 of the raw inputs data/ was extracted from (see main.go)")
	record := func(what string, b []byte) { fmt.Fprintf(sum, "%x  %s\n", sha256.Sum256(b), what) }

	npm := s.npm
	if npm == "" {
		npm = os.Getenv("UTF8X_TEXT_ENCODING")
	}
	if npm == "" {
		return nil, fmt.Errorf("-npm not given (npm pack text-encoding@0.7.0, unpack, pass its package folder)")
	}
	idxJS, err := os.ReadFile(filepath.Join(npm, "lib", "encoding-indexes.js"))
	if err != nil {
		return nil, err
	}
	record("text-encoding@0.7.0 lib/encoding-indexes.js", idxJS)
	indexes, err := parseIndexesJS(idxJS)
	if err != nil {
		return nil, err
	}
	whatwg := new(bytes.Buffer)
	fmt.Fprintln(whatwg, "# WHATWG single-byte indexes, from text-encoding@0.7.0 lib/encoding-indexes.js: index pointer code-point (hex), pointer 0 is byte 80")
	var names []string
	for name, idx := range indexes {
		if len(idx) == 128 {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		for p, cp := range indexes[name] {
			if cp != nil {
				fmt.Fprintf(whatwg, "%s %02X %04X\n", name, p, *cp)
			}
		}
	}

	glibc := new(bytes.Buffer)
	fmt.Fprintln(glibc, "# glibc charmaps (Debian locales, /usr/share/i18n/charmaps): charmap byte code-point (hex), bytes 00-FF")
	labels := new(bytes.Buffer)
	fmt.Fprintln(labels, "# whatwg LABEL ENCODING: golang.org/x/text encoding/htmlindex/tables.go (from encodings.json)")
	fmt.Fprintln(labels, "# iconv ALIAS MODULE: glibc gconv-modules aliases and the charmaps' % alias lines")
	for _, e := range encodings {
		if e.charmap == "" {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(s.charmaps, e.charmap+".gz"))
		if err != nil {
			return nil, err
		}
		record("charmaps/"+e.charmap+".gz", raw)
		m, aliases, err := parseCharmap(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", e.charmap, err)
		}
		for b := 0; b < 256; b++ {
			if cp, ok := m[b]; ok {
				fmt.Fprintf(glibc, "%s %02X %04X\n", e.charmap, b, cp)
			}
		}
		for _, a := range aliases {
			fmt.Fprintf(labels, "iconv %s %s\n", strings.ToLower(a), e.gconv[0])
		}
	}

	xtext, err := xtextDir()
	if err != nil {
		return nil, err
	}
	tables, err := os.ReadFile(filepath.Join(xtext, "encoding", "htmlindex", "tables.go"))
	if err != nil {
		return nil, err
	}
	record(filepath.Base(xtext)+" encoding/htmlindex/tables.go", tables)
	wl, err := parseHTMLIndex(tables)
	if err != nil {
		return nil, err
	}
	for _, l := range wl {
		fmt.Fprintf(labels, "whatwg %s %s\n", l[0], l[1])
	}

	gm := new(bytes.Buffer)
	for _, f := range []string{"gconv-modules", "gconv-modules.d/gconv-modules-extra.conf"} {
		b, err := os.ReadFile(filepath.Join(s.gconv, f))
		if err != nil {
			continue
		}
		record("gconv/"+f, b)
		gm.Write(b)
		gm.WriteByte('\n')
	}
	if gm.Len() == 0 {
		return nil, fmt.Errorf("no gconv-modules in %s", s.gconv)
	}
	wanted := map[string]bool{}
	for _, e := range encodings {
		for _, g := range e.gconv {
			wanted[g] = true
		}
	}
	for _, gs := range handWritten {
		for _, g := range gs {
			wanted[g] = true
		}
	}
	for _, a := range parseGconvAliases(gm.Bytes()) {
		if wanted[a[1]] {
			fmt.Fprintf(labels, "iconv %s %s\n", strings.ToLower(a[0]), a[1])
		}
	}
	return map[string][]byte{"whatwg.txt": whatwg.Bytes(), "glibc.txt": glibc.Bytes(),
		"labels.txt": labels.Bytes(), "sources.txt": sum.Bytes()}, nil
}

// xtextDir is the golang.org/x/text module folder of the version go.mod
// requires.
func xtextDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/text").Output()
	if err != nil {
		return "", fmt.Errorf("go list golang.org/x/text: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// parseIndexesJS reads the object literal of encoding-indexes.js, which is
// JSON between its "= " and its closing "};".
func parseIndexesJS(b []byte) (map[string][]*int, error) {
	i := bytes.Index(b, []byte("=\n{"))
	j := bytes.LastIndex(b, []byte("};"))
	if i < 0 || j < i {
		return nil, fmt.Errorf("encoding-indexes.js: unexpected layout")
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b[i+2:j+1], &raw); err != nil {
		return nil, fmt.Errorf("encoding-indexes.js: %v", err)
	}
	m := map[string][]*int{}
	for name, r := range raw {
		var idx []*int
		if json.Unmarshal(r, &idx) == nil {
			m[name] = idx // gb18030-ranges, an array of pairs, is not an index
		}
	}
	return m, nil
}

var charmapAlias = regexp.MustCompile(`^%\s*alias\s+(\S+)`)

var charmapLine = regexp.MustCompile(`^<U([0-9A-Fa-f]{4,8})>\s+/x([0-9a-fA-F]{2})(\s|$)`)

// parseCharmap reads a gzipped glibc charmap: the byte of each character
// between CHARMAP and END CHARMAP, and the "% alias" names.
func parseCharmap(gz []byte) (map[int]int, []string, error) {
	r, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, nil, err
	}
	text, err := io.ReadAll(r)
	if err != nil {
		return nil, nil, err
	}
	m := map[int]int{}
	var aliases []string
	// MAC-CENTRALEUROPE has no CHARMAP line: the whole file is its map.
	in := !bytes.Contains(text, []byte("\nCHARMAP\n"))
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case charmapAlias.MatchString(line):
			aliases = append(aliases, charmapAlias.FindStringSubmatch(line)[1])
		case line == "CHARMAP":
			in = true
		case line == "END CHARMAP":
			in = false
		case in:
			s := charmapLine.FindStringSubmatch(line)
			if s == nil {
				if strings.HasPrefix(line, "<U") {
					return nil, nil, fmt.Errorf("unexpected line %q", line)
				}
				continue
			}
			cp, _ := strconv.ParseInt(s[1], 16, 32)
			b, _ := strconv.ParseInt(s[2], 16, 32)
			if _, dup := m[int(b)]; !dup {
				m[int(b)] = int(cp)
			}
		}
	}
	return m, aliases, nil
}

var (
	htmlConst = regexp.MustCompile(`^\t(\w+)(?: htmlEncoding = iota)?$`)
	htmlCanon = regexp.MustCompile(`^\t"([^"]+)",$`)
	htmlLabel = regexp.MustCompile(`^\t"([^"]+)":\s+(\w+),$`)
)

// parseHTMLIndex reads x/text's htmlindex tables: the constants in order,
// the canonical names in the same order, and the label map.
func parseHTMLIndex(b []byte) ([][2]string, error) {
	var consts, canon []string
	var labels [][2]string
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "const ("):
			section = "const"
		case strings.HasPrefix(line, "var canonical"):
			section = "canon"
		case strings.HasPrefix(line, "var nameMap"):
			section = "names"
		case line == ")" || line == "}":
			section = ""
		case section == "const":
			if m := htmlConst.FindStringSubmatch(line); m != nil && m[1] != "numEncodings" {
				consts = append(consts, m[1])
			}
		case section == "canon":
			if m := htmlCanon.FindStringSubmatch(line); m != nil {
				canon = append(canon, m[1])
			}
		case section == "names":
			if m := htmlLabel.FindStringSubmatch(line); m != nil {
				labels = append(labels, [2]string{m[1], m[2]})
			}
		}
	}
	if len(consts) != len(canon) || len(labels) < 200 {
		return nil, fmt.Errorf("htmlindex tables.go: unexpected layout (%d constants, %d names, %d labels)", len(consts), len(canon), len(labels))
	}
	byConst := map[string]string{}
	for i, c := range consts {
		byConst[c] = canon[i]
	}
	for i := range labels {
		name, ok := byConst[labels[i][1]]
		if !ok {
			return nil, fmt.Errorf("htmlindex tables.go: label %q of unknown constant %s", labels[i][0], labels[i][1])
		}
		labels[i][1] = name
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i][0] < labels[j][0] })
	return labels, nil
}

// parseGconvAliases reads the "alias FROM// TO//" lines of gconv-modules.
func parseGconvAliases(b []byte) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "alias" {
			out = append(out, [2]string{strings.TrimSuffix(f[1], "//"), strings.TrimSuffix(f[2], "//")})
		}
	}
	return out
}

// readTriples reads the "name hex hex" lines of a data file.
func readTriples(path string) map[string]map[int]int {
	b, err := os.ReadFile(path)
	must(err)
	out := map[string]map[int]int{}
	for n, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			log.Fatalf("%s:%d: want 3 fields", path, n+1)
		}
		x, err1 := strconv.ParseUint(f[1], 16, 8)
		y, err2 := strconv.ParseUint(f[2], 16, 32)
		if err1 != nil || err2 != nil {
			log.Fatalf("%s:%d: bad hex", path, n+1)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[int]int{}
		}
		out[f[0]][int(x)] = int(y)
	}
	return out
}

// generate builds sbtables.go from data/.
func generate(dataDir string) []byte {
	whatwg := readTriples(filepath.Join(dataDir, "whatwg.txt"))
	glibc := readTriples(filepath.Join(dataDir, "glibc.txt"))
	sum := sha256.New()
	for _, f := range []string{"whatwg.txt", "glibc.txt", "labels.txt"} {
		b, err := os.ReadFile(filepath.Join(dataDir, f))
		must(err)
		sum.Write(b)
	}

	w := new(bytes.Buffer)
	fmt.Fprintf(w, "// Code generated by transcode/internal/gen from transcode/internal/gen/data (sha256 %x); DO NOT EDIT.\n\n", sum.Sum(nil))
	fmt.Fprintln(w, "package transcode")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "// sbSpecs are the single-byte encodings: bytes 00-7F are ASCII in each, and")
	fmt.Fprintln(w, "// high[b-0x80] is the character of byte b, 0 where the encoding leaves b undefined.")
	fmt.Fprintln(w, "var sbSpecs = [...]sbSpec{")
	keys := map[string]bool{}
	for _, e := range encodings {
		keys[e.key] = true
		if e.full {
			continue
		}
		var high [128]int
		source := ""
		switch {
		case e.whatwg != "":
			idx := whatwg[e.whatwg]
			if idx == nil {
				log.Fatalf("%s: no WHATWG index %s in data/whatwg.txt", e.key, e.whatwg)
			}
			for p, cp := range idx {
				high[p] = cp
			}
			source = "WHATWG index-" + e.whatwg + ".txt"
		case e.charmap != "":
			m := glibc[e.charmap]
			if m == nil {
				log.Fatalf("%s: no charmap %s in data/glibc.txt", e.key, e.charmap)
			}
			for b := 0; b < 0x80; b++ {
				if m[b] != b {
					log.Fatalf("%s: byte %02X is U+%04X, not ASCII: not a single-byte encoding transcode can take", e.key, b, m[b])
				}
			}
			for b := 0x80; b < 0x100; b++ {
				high[b-0x80] = m[b]
			}
			source = "glibc charmap " + e.charmap
		default: // x-user-defined
			for b := range high {
				high[b] = 0xF780 + b
			}
			source = "WHATWG Encoding Standard, x-user-defined"
		}
		seen := map[int]int{}
		for b, cp := range high {
			if cp == 0 {
				continue
			}
			if cp > 0xFFFF || cp >= 0xD800 && cp < 0xE000 {
				log.Fatalf("%s: byte %02X is U+%04X, outside the BMP's scalar values", e.key, b+0x80, cp)
			}
			if _, dup := seen[cp]; dup {
				// WHATWG's encoder takes the first pointer; so do we.
				log.Printf("%s: U+%04X at %02X and %02X: the encoder writes %02X", e.key, cp, seen[cp]+0x80, b+0x80, seen[cp]+0x80)
				continue
			}
			seen[cp] = b
		}
		fmt.Fprintf(w, "\t{key: %q, name: %q, source: %q, high: [128]uint16{", e.key, e.name, source)
		for b, cp := range high {
			if b%8 == 0 {
				fmt.Fprint(w, "\n\t\t")
			}
			fmt.Fprintf(w, "0x%04X, ", cp)
		}
		fmt.Fprintln(w, "\n\t}},")
	}
	fmt.Fprintln(w, "}")
	fmt.Fprintln(w)
	writeFull(w, glibc)

	// Labels: the WHATWG ones, then iconv's aliases of the same encodings.
	labels := readLabels(filepath.Join(dataDir, "labels.txt"))
	fmt.Fprintln(w, "// sbLabels are the labels Lookup accepts, each with the key of its encoding")
	fmt.Fprintln(w, "// (an sbSpecs key, or the WHATWG name of an encoding written in Go, or of")
	fmt.Fprintln(w, "// one transcode reads through a registered multi-byte codec): the WHATWG")
	fmt.Fprintln(w, "// labels first, then glibc iconv's aliases. A label an earlier encoding")
	fmt.Fprintln(w, "// claimed stays with it.")
	fmt.Fprintln(w, "var sbLabels = [...][2]string{")
	for _, l := range labels {
		fmt.Fprintf(w, "\t{%q, %q},\n", l[0], l[1])
	}
	fmt.Fprintln(w, "}")
	out, err := format.Source(w.Bytes())
	if err != nil {
		log.Fatalf("gofmt: %v", err)
	}
	return out
}

// writeFull writes sbFullSpecs, the single-byte encodings whose bytes
// 00-7F are not all ASCII, each table whole.
func writeFull(w io.Writer, glibc map[string]map[int]int) {
	fmt.Fprintln(w, "// sbFullSpecs are the single-byte encodings whose bytes 00-7F are not all")
	fmt.Fprintln(w, "// ASCII: table[b] is the character of byte b, 0 where b (other than 00) is")
	fmt.Fprintln(w, "// undefined.")
	fmt.Fprintln(w, "var sbFullSpecs = [...]sbFullSpec{")
	for _, e := range encodings {
		if !e.full {
			continue
		}
		m := glibc[e.charmap]
		if m == nil {
			log.Fatalf("%s: no charmap %s in data/glibc.txt", e.key, e.charmap)
		}
		if m[0] != 0 {
			log.Fatalf("%s: byte 00 is not U+0000", e.key)
		}
		seen := map[int]int{}
		fmt.Fprintf(w, "\t{key: %q, name: %q, source: %q, table: [256]uint16{", e.key, e.name, "glibc charmap "+e.charmap)
		for b := 0; b < 256; b++ {
			cp, ok := m[b]
			if b > 0 && ok && cp == 0 || cp > 0xFFFF || cp >= 0xD800 && cp < 0xE000 {
				log.Fatalf("%s: byte %02X is U+%04X, not a BMP scalar value other than U+0000", e.key, b, cp)
			}
			if _, dup := seen[cp]; dup && ok {
				log.Fatalf("%s: U+%04X at two bytes: the scalar encoder takes one byte per character", e.key, cp)
			}
			seen[cp] = b
			if b%8 == 0 {
				fmt.Fprint(w, "\n\t\t")
			}
			fmt.Fprintf(w, "0x%04X, ", cp)
		}
		fmt.Fprintln(w, "\n\t}},")
	}
	fmt.Fprintln(w, "}")
	fmt.Fprintln(w)
}

// readLabels returns (label, key) pairs: WHATWG's labels (the exact
// encodings taking their own ISO labels back), then iconv's aliases mapped
// to this generator's keys; without duplicates, the first claim kept.
func readLabels(path string) [][2]string {
	b, err := os.ReadFile(path)
	must(err)
	byModule := map[string]string{}
	exact := map[string]string{} // gconv module of an exact encoding -> key
	for _, e := range encodings {
		for _, g := range e.gconv {
			byModule[g] = e.key
			if e.exact {
				exact[g] = e.key
			}
		}
	}
	for key, gs := range handWritten {
		for _, g := range gs {
			byModule[g] = key
		}
	}
	var whatwg, iconv [][2]string
	exactLabel := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || line[0] == '#' {
			continue
		}
		switch f[0] {
		case "whatwg":
			whatwg = append(whatwg, [2]string{f[1], strings.ToLower(f[2])})
		case "iconv":
			key, ok := byModule[f[2]]
			if !ok {
				continue
			}
			iconv = append(iconv, [2]string{f[1], key})
			if k, ok := exact[f[2]]; ok {
				exactLabel[f[1]] = k
			}
		}
	}
	// Each encoding's own module name is a label too.
	for _, e := range encodings {
		for _, g := range e.gconv {
			iconv = append(iconv, [2]string{strings.ToLower(g), e.key})
			if e.exact {
				exactLabel[strings.ToLower(g)] = e.key
			}
		}
	}
	for _, e := range encodings {
		for _, l := range e.extra {
			iconv = append(iconv, [2]string{l, e.key})
		}
	}
	var out [][2]string
	seen := map[string]bool{}
	add := func(l [2]string) {
		if !seen[l[0]] {
			seen[l[0]] = true
			out = append(out, l)
		}
	}
	for _, l := range whatwg {
		if k, ok := exactLabel[l[0]]; ok {
			l[1] = k
		}
		add(l)
	}
	for _, l := range iconv {
		add(l)
	}
	return out
}
