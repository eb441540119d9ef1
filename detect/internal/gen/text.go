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
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// readLanguage returns the lines of prose in dir (manual pages and gettext
// catalogs copied there by fetch-training.sh), NFC-normalised, file by file.
func readLanguage(dir string) ([][]string, error) {
	return readFiles(dir, func(int) bool { return true })
}

// readFiles is readLanguage for the files whose index i among the sorted
// names satisfies keep(i) (the others come back empty).
func readFiles(dir string, keep func(int) bool) ([][]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var files [][]string
	for i, name := range names {
		if !keep(i) {
			files = append(files, nil)
			continue
		}
		var lines []string
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, err
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
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		for _, t := range texts {
			for _, line := range strings.Split(t, "\n") {
				line = strings.TrimSpace(cleanLine(line))
				if line != "" && utf8.ValidString(line) {
					lines = append(lines, norm.NFC.String(line))
				}
			}
		}
		files = append(files, lines)
	}
	return files, nil
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

// englishLines returns the cleaned English lines of the catalogs in dir
// whose index i among the sorted files satisfies keep(i), up to max bytes.
func englishLines(dir string, keep func(int) bool, max int) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.mo"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []string
	size := 0
	for i, name := range names {
		if !keep(i) {
			continue
		}
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		texts, err := moOriginals(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
		for _, t := range texts {
			for _, line := range strings.Split(t, "\n") {
				line = strings.TrimSpace(cleanLine(line))
				if line != "" && utf8.ValidString(line) && size < max {
					out = append(out, norm.NFC.String(line))
					size += len(line)
				}
			}
		}
	}
	return out, nil
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
		line = roffEscape.ReplaceAllString(line, "")
		line = strings.NewReplacer(`\-`, "-", `\ `, " ", `\e`, `\`, `\(em`, "—").Replace(line)
		out = append(out, line)
	}
	return []string{strings.Join(out, "\n")}
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
