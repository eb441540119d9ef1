package main

import (
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// buckets are the lengths files are cut to, in bytes of the encoded file;
// "whole" is the whole document when it is 4 KiB to 1 MiB long, "small"
// the whole document when it is shorter.
var buckets = []struct {
	name string
	n    int
}{{"4K", 4 << 10}, {"16K", 16 << 10}, {"64K", 64 << 10}, {"1M", 1 << 20}, {"whole", -1}, {"small", -2}}

// sample is one file of the evaluation set.
type sample struct {
	id     int
	doc    int    // index of its document
	kind   string // the document's kind, with "+decl" when a charset declaration was kept
	source string
	lang   string
	enc    string // the encoding it is written in; "binary" for binary files
	bucket string
	bytes  []byte
	text   string // what decoding it must give back (NFC-compared)
	// folded says the document was written with its encoding's
	// conventions (see fold), not exactly.
	folded bool
}

// foldText enables fold for documents that do not encode losslessly.
var foldText = true

// built kinds: scaffolding of a real format around real held-out prose.
var builtKinds = []string{"csv", "srt", "email", "source"}

// wrap builds a document of kind k around prose (lines of a held-out
// document).
func wrap(k string, prose string, seed int64) string {
	r := rand.New(rand.NewSource(seed))
	var lines []string
	for _, l := range strings.Split(prose, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	var b strings.Builder
	switch k {
	case "csv":
		b.WriteString("id,lang,text,count,updated\r\n")
		for i, l := range lines {
			fmt.Fprintf(&b, "%d,%s,\"%s\",%d,2023-%02d-%02d\r\n", i+1, "xx", strings.ReplaceAll(l, `"`, `""`), r.Intn(1000), 1+r.Intn(12), 1+r.Intn(28))
		}
	case "srt":
		t := 1000 + r.Intn(5000)
		n := 0
		for _, l := range lines {
			for _, cue := range wrapWords(l, 42, 2) {
				n++
				d := 1200 + 60*utf8.RuneCountInString(cue)
				fmt.Fprintf(&b, "%d\n%s --> %s\n%s\n\n", n, srtTime(t), srtTime(t+d), cue)
				t += d + 200 + r.Intn(1500)
			}
		}
	case "email":
		subject := lines[0]
		if utf8.RuneCountInString(subject) > 60 {
			subject = string([]rune(subject)[:60])
		}
		fmt.Fprintf(&b, "Return-Path: <list-bounces@lists.example.org>\nReceived: from mail.example.org (mail.example.org [192.0.2.7])\n\tby mx.example.net with ESMTP id 4B%06d\n\tfor <reader@example.net>; Tue, 14 Mar 2023 09:%02d:11 +0100\n", r.Intn(1000000), r.Intn(60))
		fmt.Fprintf(&b, "From: Ana Example <ana@example.org>\nTo: list@lists.example.org\nSubject: Re: %s\nDate: Tue, 14 Mar 2023 09:12:44 +0100\nMessage-ID: <%d.%d@example.org>\nMIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: 8bit\n\n", subject, r.Int63(), r.Intn(1000))
		half := len(lines) / 3
		for i, l := range lines {
			prefix := ""
			if i < half {
				prefix = "> "
			}
			for _, w := range wrapWords(l, 72, 1) {
				b.WriteString(prefix + w + "\n")
			}
			if i == half-1 {
				b.WriteString("\n")
			}
		}
		b.WriteString("\n-- \nAna\n")
	case "source":
		b.WriteString("/*\n * Copyright (C) 2021 The Example Authors.\n *\n * This program is free software; you can redistribute it and/or modify\n * it under the terms of the GNU General Public License.\n */\n\n#include <stdio.h>\n#include <string.h>\n\n")
		for i := 0; i < len(lines); {
			fn := i
			b.WriteString("/*\n")
			for j := 0; j < 3 && i < len(lines); j, i = j+1, i+1 {
				for _, w := range wrapWords(strings.ReplaceAll(lines[i], "*/", "* /"), 74, 1) {
					b.WriteString(" * " + w + "\n")
				}
			}
			b.WriteString(" */\n")
			fmt.Fprintf(&b, "static int step_%d(const char *arg, size_t len)\n{\n\tif (arg == NULL || len == 0)\n\t\treturn -1;\n", fn)
			if i < len(lines) {
				fmt.Fprintf(&b, "\t/* %s */\n", strings.ReplaceAll(lines[i], "*/", "* /"))
				i++
			}
			if i < len(lines) {
				fmt.Fprintf(&b, "\tfprintf(stderr, \"%%s: %s\\n\", arg);\n", strings.NewReplacer(`\`, `\\`, `"`, `\"`, "%", "%%").Replace(lines[i]))
				i++
			}
			fmt.Fprintf(&b, "\treturn (int)len %% %d; // %s\n}\n\n", 3+r.Intn(7), "keep in step with the table")
		}
	}
	return b.String()
}

func srtTime(ms int) string {
	return fmt.Sprintf("%02d:%02d:%02d,%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

// wrapWords breaks s into lines of at most width characters, joined by
// newlines in groups of at most per lines.
func wrapWords(s string, width, per int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width {
			lines = append(lines, cur)
			cur = w
		} else if cur == "" {
			cur = w
		} else {
			cur += " " + w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	var out []string
	for i := 0; i < len(lines); i += per {
		out = append(out, strings.Join(lines[i:min(i+per, len(lines))], "\n"))
	}
	return out
}

var (
	metaCharset = regexp.MustCompile(`(?i)<meta\s+charset\s*=\s*["']?[-\w:.]+["']?\s*/?>\s*`)
	metaHTTP    = regexp.MustCompile(`(?i)<meta\s+http-equiv\s*=\s*["']?content-type["']?\s+content\s*=\s*["'][^"']*["']\s*/?>\s*`)
	metaHTTP2   = regexp.MustCompile(`(?i)<meta\s+content\s*=\s*["'][^"']*charset[^"']*["']\s+http-equiv\s*=\s*["']?content-type["']?\s*/?>\s*`)
	xmlEncoding = regexp.MustCompile(`(?i)(<\?xml[^>]*?)\s+encoding\s*=\s*["'][-\w.:]+["']`)
	roffCoding  = regexp.MustCompile(`(?im)^[.']\\"[^\n]*-\*-[^\n]*coding:[^\n]*\n`)
)

// stripDecl removes the charset declarations of a document (HTML meta
// charset and http-equiv, the XML declaration's encoding, a roff page's
// -*- coding: -*- line): a file whose bytes no longer match them.
func stripDecl(t string) string {
	t = metaCharset.ReplaceAllString(t, "")
	t = metaHTTP.ReplaceAllString(t, "")
	t = metaHTTP2.ReplaceAllString(t, "")
	t = xmlEncoding.ReplaceAllString(t, "$1")
	return roffCoding.ReplaceAllString(t, "")
}

// declare gives an HTML or XML document a declaration of enc (the
// declaration-kept variant, as a legacy file written by a tool would be).
func declare(kind, t, enc string) string {
	switch kind {
	case "html":
		if i := strings.Index(strings.ToLower(t), "<head>"); i >= 0 {
			return t[:i+6] + "\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=" + enc + "\">" + t[i+6:]
		}
		return "<meta charset=\"" + enc + "\">\n" + t
	case "xml":
		if strings.HasPrefix(t, "<?xml") {
			return strings.Replace(t, "<?xml", "<?xml encoding=\""+enc+"\"", 1)
		}
		return "<?xml version=\"1.0\" encoding=\"" + enc + "\"?>\n" + t
	}
	return t
}

// encoded is a text written in an encoding, with the byte and text offset
// after each character, so that it can be cut at character boundaries.
type encoded struct {
	whole []byte
	ends  []int // byte offset in whole after each character
	runes []int // byte offset in text after each character
}

// encodeText writes text in enc; false when it does not encode losslessly.
func encodeText(enc, text string) (encoded, bool) {
	e := encodings[enc].NewEncoder()
	cache := map[rune][]byte{}
	var out encoded
	out.whole = make([]byte, 0, len(text)+len(text)/2)
	for i, r := range text {
		b, ok := cache[r]
		if !ok {
			var err error
			b, err = e.Bytes([]byte(string(r)))
			if err != nil || (r == utf8.RuneError && text[i:i+min(3, len(text)-i)] != "\uFFFD") {
				return out, false
			}
			cache[r] = b
		}
		out.whole = append(out.whole, b...)
		out.ends = append(out.ends, len(out.whole))
		out.runes = append(out.runes, i+utf8.RuneLen(r))
	}
	return out, true
}

// cut returns the longest prefix of at most n bytes ending on a character.
func (e encoded) cut(text string, n int) ([]byte, string) {
	k := sort.Search(len(e.ends), func(i int) bool { return e.ends[i] > n })
	if k == 0 {
		return nil, ""
	}
	return e.whole[:e.ends[k-1]], text[:e.runes[k-1]]
}

// to1258 writes Vietnamese as Windows-1258 holds it: precomposed base
// letters, combining tone marks.
func to1258(s string) string {
	var b strings.Builder
	enc := charmap.Windows1258.NewEncoder()
	for _, r := range s {
		if r < 0x80 {
			b.WriteRune(r)
			continue
		}
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

// buildSamples writes each document into the legacy encodings of its
// language, UTF-8 and one UTF-16, with declarations removed (and, for HTML
// and XML when decl is set, also kept, naming the true encoding), cut into
// the length buckets. Samples without a byte above 7F are dropped (any
// ASCII-compatible answer reads them right). Documents are taken in order
// while their files fit in budget bytes (long-built ones in longBudget);
// it returns the documents taken and their files.
func buildSamples(docs []doc, decl bool, budget, longBudget int) ([]doc, []sample) {
	// Each kind gets an equal share of the budget, so that big HTML pages
	// do not crowd out the rest.
	kinds := map[string]bool{}
	for _, d := range docs {
		if d.kind != "binary" && d.source != "long-built" {
			kinds[d.kind] = true
		}
	}
	share := budget / max(1, len(kinds))
	var kept []doc
	var out []sample
	used, longUsed := map[string]int{}, 0
	for _, d := range docs {
		ss := docSamples(len(kept), d, decl)
		if len(ss) == 0 {
			continue
		}
		n := 0
		for _, s := range ss {
			n += len(s.bytes)
		}
		switch {
		case d.kind == "binary":
		case d.source == "long-built":
			if longUsed+n > longBudget {
				continue
			}
			longUsed += n
		default:
			if used[d.kind]+n > share {
				continue
			}
			used[d.kind] += n
		}
		kept = append(kept, d)
		for _, s := range ss {
			s.id = len(out)
			out = append(out, s)
		}
	}
	return kept, out
}

// docSamples is the files of document d (number di).
func docSamples(di int, d doc, decl bool) []sample {
	var out []sample
	add := func(s sample) { out = append(out, s) }
	if d.kind == "binary" {
		b := []byte(d.text)
		add(sample{doc: di, kind: "binary", source: d.source, enc: "binary", bucket: "whole", bytes: b})
		if len(b) > 4<<10 {
			add(sample{doc: di, kind: "binary", source: d.source, enc: "binary", bucket: "4K", bytes: b[:4<<10]})
		}
		return out
	}
	plain := stripDecl(d.text)
	// UTF-8 for every document, one UTF-16 (LE and BE by turns): the set
	// stays mostly legacy files, where detection is hard.
	targets := append(append([]string{}, langs[d.lang].encs...), "utf-8", unicodeForms[1+len(d.name)%2])
	if d.source == "long-built" {
		targets = []string{langs[d.lang].encs[0], "utf-8"}
	}
	seen := map[string]bool{}
	for _, enc := range targets {
		variants := []struct{ kind, text string }{{d.kind, plain}}
		if decl && (d.kind == "html" || d.kind == "xml") {
			variants = append(variants, struct{ kind, text string }{d.kind + "+decl", declare(d.kind, plain, enc)})
		}
		for _, v := range variants {
			text := v.text
			if enc == "windows-1258" {
				text = to1258(text)
			}
			if len(text) > 4*maxDoc {
				text = text[:4*maxDoc]
				for !utf8.ValidString(text) {
					text = text[:len(text)-1]
				}
			}
			e, ok := encodeText(enc, text)
			folded := false
			if !ok && foldText {
				if text, folded = fold(enc, text); folded {
					e, ok = encodeText(enc, text)
				}
			}
			if !ok {
				continue
			}
			// A file identical to one already written (ISO-8859-1 text
			// that Windows-1252 writes byte for byte the same) is the
			// same test: it is written once, under the first encoding.
			if key := v.kind + "\x00" + string(e.whole); seen[key] {
				continue
			} else {
				seen[key] = true
			}
			for _, bk := range buckets {
				var b []byte
				var t string
				switch {
				case bk.n > 0:
					if len(e.whole) < bk.n {
						continue
					}
					b, t = e.cut(text, bk.n)
				case bk.n == -1:
					if len(e.whole) < 4<<10 || len(e.whole) > maxDoc {
						continue
					}
					b, t = e.whole, text
				default:
					if len(e.whole) >= 4<<10 {
						continue
					}
					b, t = e.whole, text
				}
				if !hasHigh(b) || (v.kind != d.kind && bk.n != 4<<10 && bk.n != 16<<10 && bk.n != -2) {
					continue // declaration-kept variants at 4 and 16 KiB and small only: they cost
				}
				add(sample{doc: di, kind: v.kind, source: d.source, lang: d.lang, enc: enc, bucket: bk.name, bytes: b, text: t, folded: folded})
			}
		}
	}
	return out
}

// pick takes at most per documents of each (kind, source, language),
// sampled with a fixed seed so that no language swamps the set, in rounds:
// the first document of every group (groups in a seeded order), then the
// second, ..., so that a size budget cuts the later rounds first. Binary
// files are all taken, first.
func pick(docs []doc, per int, seed int64) []doc {
	groups := map[string][]doc{}
	var keys []string
	var out []doc
	for _, d := range docs {
		if d.kind == "binary" {
			out = append(out, d)
			continue
		}
		k := d.kind + "\x00" + d.source + "\x00" + d.lang
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], d)
	}
	sort.Strings(keys)
	r := rand.New(rand.NewSource(seed))
	for _, k := range keys {
		g := groups[k]
		sort.Slice(g, func(i, j int) bool { return g[i].name < g[j].name })
		r.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
	}
	for round := 0; round < per; round++ {
		r.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		for _, k := range keys {
			if g := groups[k]; round < len(g) {
				out = append(out, g[round])
			}
		}
	}
	// and the longest document of each group, when it is not yet taken
	// and at least 16 KiB long, so that the longer buckets are not empty
	// (most real documents are short)
	for _, k := range keys {
		g := groups[k]
		long := 0
		for i := range g {
			if len(g[i].text) > len(g[long].text) {
				long = i
			}
		}
		if long >= per && len(g[long].text) >= 16<<10 {
			out = append(out, g[long])
		}
	}
	return out
}

// longDocs builds, for each language, one long document (at least 1 MiB
// in the language's first legacy encoding) of a built kind from its
// held-out prose (both halves of the generator's held-out files: the test
// half alone is too short in most languages), so that the 1 MiB bucket holds more than the few real
// files that long: a CSV export, a mailbox, a subtitle file or a source
// file, in turn by language. Lines that encoding cannot write are left
// out, so that the document encodes losslessly; languages with too
// little held-out prose get none.
func longDocs(prose []doc, seed int64) []doc {
	byLang := map[string][]doc{}
	for _, p := range prose {
		byLang[p.lang] = append(byLang[p.lang], p)
	}
	var tags []string
	for t := range byLang {
		tags = append(tags, t)
	}
	sort.Strings(tags)
	var out []doc
	for i, t := range tags {
		enc := langs[t].encs[0]
		e := encodings[enc].NewEncoder()
		var b strings.Builder
		size := 0
	docs:
		for _, p := range byLang[t] {
			for _, l := range strings.Split(p.text, "\n") {
				if enc == "windows-1258" {
					l = to1258(l)
				}
				eb, err := e.String(l)
				if err != nil {
					continue
				}
				b.WriteString(l + "\n")
				if size += len(eb) + 1; size > maxDoc+maxDoc/8 {
					break docs
				}
			}
		}
		if size <= maxDoc+maxDoc/8 {
			continue
		}
		k := builtKinds[i%len(builtKinds)]
		out = append(out, doc{source: "long-built", kind: k, lang: t, name: t + " held-out prose#" + k, text: wrap(k, b.String(), seed+int64(i)), built: true})
	}
	return out
}
