package main

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// readLanguage returns the lines of prose in dir (manual pages and gettext
// catalogs copied there by fetch-training.sh), NFC-normalised, file by file,
// and for each file whether it is a manual page.
func readLanguage(dir string) ([][]string, []bool, error) {
	return readFiles(dir, func(int) bool { return true })
}

// readFiles is readLanguage for the files whose index i among the sorted
// names satisfies keep(i) (the others come back empty).
func readFiles(dir string, keep func(int) bool) ([][]string, []bool, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(names)
	var files [][]string
	var pages []bool
	for i, name := range names {
		pages = append(pages, strings.HasSuffix(name, ".gz"))
		if !keep(i) {
			files = append(files, nil)
			continue
		}
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		var texts []string
		switch {
		case strings.HasSuffix(name, ".mo"):
			texts, err = moStrings(raw)
		case strings.HasSuffix(name, ".gz"):
			var zr *gzip.Reader
			if zr, err = gzip.NewReader(bytes.NewReader(raw)); err == nil {
				var b []byte
				if b, err = io.ReadAll(zr); err == nil {
					texts = roffText(b)
				}
			}
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", name, err)
		}
		files = append(files, cleanLines(texts))
	}
	return files, pages, nil
}

var (
	printfVerb = regexp.MustCompile(`%(\d+\$)?[-+ #0]*(\d+|\*)?(\.(\d+|\*))?(hh|h|ll|l|L|q|j|z|t)?[diouxXeEfgGcspn%]|%[A-Za-z_]+%|\$\{?[A-Za-z_]+\}?`)
	roffEscape = regexp.MustCompile(`\\f(\[[^\]]*\]|\(..|.)|\\\(..|\\\[[^\]]*\]|\\[*n]\(..|\\[*n].|\\s[-+]?\d|\\[&|^/,%:~0]|\\[eE]`)
)

func cleanLine(s string) string {
	s = printfVerb.ReplaceAllString(s, " ")
	s = strings.NewReplacer("_", "", "&", "", "\t", " ").Replace(s)
	return s
}

// moStrings returns the translations in a gettext .mo catalog.
func moStrings(b []byte) ([]string, error) { return moTable(b, 16) }

// moOriginals returns the original (English) strings of a gettext .mo
// catalog.
func moOriginals(b []byte) ([]string, error) { return moTable(b, 12) }

// englishLines returns the lines of the English catalog documents (see
// englishDocs) whose index i satisfies keep(i), up to max bytes.
func englishLines(docs [][]string, catalogs []bool, keep func(int) bool, max int) []string {
	var out []string
	size := 0
	for i, lines := range docs {
		if !catalogs[i] || !keep(i) {
			continue
		}
		for _, l := range lines {
			if size < max {
				out = append(out, l)
				size += len(l)
			}
		}
	}
	return out
}

func moTable(b []byte, at int) ([]string, error) {
	if len(b) < 28 {
		return nil, fmt.Errorf("short .mo file")
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if binary.BigEndian.Uint32(b) == 0x950412de {
		bo = binary.BigEndian
	} else if bo.Uint32(b) != 0x950412de {
		return nil, fmt.Errorf("not a .mo file")
	}
	n, trans := int(bo.Uint32(b[8:])), int(bo.Uint32(b[at:]))
	var out []string
	for i := 0; i < n; i++ {
		at := trans + 8*i
		if at+8 > len(b) {
			return nil, fmt.Errorf("truncated .mo file")
		}
		l, off := int(bo.Uint32(b[at:])), int(bo.Uint32(b[at+4:]))
		if off < 0 || l < 0 || off+l > len(b) {
			return nil, fmt.Errorf("bad string offset in .mo file")
		}
		s := string(b[off : off+l])
		if s == "" || strings.HasPrefix(s, "Project-Id-Version:") || strings.Contains(s, "Content-Type:") {
			continue // the catalog header
		}
		out = append(out, strings.Split(s, "\x00")...)
	}
	return out, nil
}

// roffText returns the running text of a manual page: requests dropped, the
// words of font macros kept, escapes removed.
func roffText(b []byte) []string {
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if i := strings.Index(line, `\"`); i >= 0 {
			line = line[:i]
		}
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			macro, args, _ := strings.Cut(line[1:], " ")
			switch strings.TrimSpace(macro) {
			case "SH", "SS", "B", "I", "BR", "RB", "IR", "RI", "BI", "IB", "SM", "Nm", "Nd", "Dt":
				line = strings.ReplaceAll(args, `"`, "")
			default:
				continue
			}
		}
		line = roffTypography.Replace(line)
		line = roffEscape.ReplaceAllString(line, "")
		line = strings.NewReplacer(`\-`, "-", `\ `, " ", `\e`, `\`).Replace(line)
		out = append(out, line)
	}
	return []string{strings.Join(out, "\n")}
}

// roffTypography turns the escapes of typographic punctuation into the
// characters a reader of the page sees (groff's UTF-8 output): text in the
// wild has these dashes and quotes, and the single-byte encodings place
// them in 80-9F, where they must not read as letters.
var roffTypography = strings.NewReplacer(
	`\(em`, "—", `\[em]`, "—", `\(en`, "–", `\[en]`, "–",
	`\(lq`, "“", `\[lq]`, "“", `\*(lq`, "“", `\(rq`, "”", `\[rq]`, "”", `\*(rq`, "”",
	`\(oq`, "‘", `\[oq]`, "‘", `\(cq`, "’", `\[cq]`, "’",
	`\(co`, "©", `\[co]`, "©", `\(rg`, "®", `\[rg]`, "®",
	`\(aq`, "'", `\[aq]`, "'", `\(dq`, `"`, `\[dq]`, `"`,
	`\[u2014]`, "—", `\[u2013]`, "–", `\[u2019]`, "’", `\[u201C]`, "“", `\[u201D]`, "”",
)

// englishDocs returns the English training documents, in the order their
// held-out split is made (see heldOutFile): the English manual pages in
// raw/en (one document each) and the original strings of the gettext
// catalogs of every language in raw (one document per catalog domain: the
// union of its copies' strings, as a language's copy holds only what was
// translated), taken alternately so that both kinds reach the training
// text. Domains of ISO code lists (place, language and currency names in
// their own spelling) are not English prose and are left out; a line met in
// an earlier document is dropped, so that a string shared by two domains
// cannot be trained on in one and held out in the other. catalogs reports,
// per document, whether it is a catalog's strings.
func englishDocs(raw string) (docs [][]string, catalogs []bool, err error) {
	pages, err := filepath.Glob(filepath.Join(raw, "en", "*_man_man*.gz"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(pages)
	mos, err := filepath.Glob(filepath.Join(raw, "*", "*.mo"))
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(mos)
	byDomain := map[string][]string{}
	for _, name := range mos {
		_, domain, ok := strings.Cut(filepath.Base(name), "_LC_MESSAGES_")
		if !ok || strings.HasPrefix(domain, "iso_") {
			continue
		}
		byDomain[domain] = append(byDomain[domain], name)
	}
	var domains []string
	for d := range byDomain {
		domains = append(domains, d)
	}
	sort.Strings(domains)
	seen := map[string]bool{}
	keepNew := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if !seen[l] && latinOnly(l) {
				seen[l] = true
				out = append(out, l)
			}
		}
		return out
	}
	readPage := func(name string) ([]string, error) {
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		return cleanLines(roffText(b)), nil
	}
	readDomain := func(names []string) ([]string, error) {
		var lines []string
		for _, name := range names {
			raw, err := os.ReadFile(name)
			if err != nil {
				return nil, err
			}
			texts, err := moOriginals(raw)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			lines = append(lines, cleanLines(texts)...)
		}
		return lines, nil
	}
	// Ten of each kind at a time: the split takes the third of every five
	// documents, for calibration and tests in turn, so each kind gives
	// held-out documents to both.
	for i := 0; i < len(pages) || i < len(domains); i += 10 {
		for j := i; j < i+10 && j < len(pages); j++ {
			lines, err := readPage(pages[j])
			if err != nil {
				return nil, nil, err
			}
			docs, catalogs = append(docs, keepNew(lines)), append(catalogs, false)
		}
		for j := i; j < i+10 && j < len(domains); j++ {
			lines, err := readDomain(byDomain[domains[j]])
			if err != nil {
				return nil, nil, err
			}
			docs, catalogs = append(docs, keepNew(lines)), append(catalogs, true)
		}
	}
	return docs, catalogs, nil
}

// latinOnly reports whether every letter of s is a Latin one: a few
// programs' original strings are not English (Russian, Chinese), and their
// letters must not become English ones.
func latinOnly(s string) bool {
	for _, r := range s {
		if r >= 0x80 && unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			return false
		}
	}
	return true
}

// cleanLines splits texts into cleaned, NFC-normalised, non-empty lines.
func cleanLines(texts []string) []string {
	var lines []string
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			line = strings.TrimSpace(cleanLine(line))
			if line != "" && utf8.ValidString(line) {
				lines = append(lines, norm.NFC.String(line))
			}
		}
	}
	return lines
}

// to1258 rewrites NFC Vietnamese the way Windows-1258 holds it: the letters
// it has precomposed (â, ê, ô, ă, ơ, ư, đ) stay whole, tone marks follow as
// combining characters.
func to1258(s string) string {
	var b strings.Builder
	enc := charmap.Windows1258.NewEncoder()
	for _, r := range s {
		if _, err := enc.String(string(r)); err == nil {
			b.WriteRune(r)
			continue
		}
		d := norm.NFD.String(string(r))
		var base, tones []rune
		for _, m := range d {
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
