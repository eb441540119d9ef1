package detect

import (
	"bytes"
	"mime"
	"slices"
	"strconv"
	"strings"
)

// Declaration is a charset that an input names for itself, or that came
// with it in a Content-Type.
type Declaration struct {
	// Encoding is the name Lookup takes for the declared encoding: the
	// Encoding Standard's name for the label ("windows-1252" for
	// "iso-8859-1", "euc-kr" for "ks_c_5601-1987"), "replacement" for the
	// labels it reads as its replacement encoding (which decodes nothing),
	// or, for labels it does not know, the label in lower case when Lookup
	// knows it ("utf-32", "ibm866").
	Encoding string
	// Label is the label as written.
	Label string
	// Source is where it was found: "Content-Type", "<meta charset>",
	// "<meta http-equiv>" (the charset of a content attribute) or
	// "XML declaration".
	Source string
	// Offset is the offset in the input of the tag or declaration that
	// holds it; 0 for a Content-Type.
	Offset int
}

// String reads as `windows-1251 (<meta charset> at byte 57)`, with the
// label when it is another name: `windows-1252 (<meta charset> "latin1" at
// byte 57)`, `koi8-r (Content-Type)`.
func (d Declaration) String() string {
	where := d.Source
	if l := strings.ToLower(strings.TrimSpace(d.Label)); l != d.Encoding && l != "" {
		where += " " + strconv.Quote(d.Label)
	}
	if d.Source != "Content-Type" {
		where += " at byte " + strconv.Itoa(d.Offset)
	}
	return d.Encoding + " (" + where + ")"
}

// prescanLimit is how far into an input the meta prescan looks, as the HTML
// standard encourages user agents to: the first 1024 bytes.
const prescanLimit = 1024

// Declared returns the charset an input declares, looked for as the HTML
// standard's encoding sniffing looks: a charset in contentType, the value
// of a Content-Type header that came with the input ("text/html;
// charset=koi8-r"), wins; then, in head (the input's first bytes), the
// standard's "prescan a byte stream to determine its encoding" over the
// first 1024 bytes: an XML declaration in UTF-16 at the very start (its
// first bytes show the byte order; UTF-32 too, for XML files), else a
// <meta charset> or <meta http-equiv="Content-Type" content="...;
// charset=..."> (comments, other tags and their attributes skipped, a tag
// that is not closed within those bytes not counted), else the encoding of
// an XML declaration at the start (`<?xml version="1.0"
// encoding="iso-8859-2"?>`).
//
// Labels are read as the Encoding Standard reads them (see
// Declaration.Encoding); a label it does not know is no declaration, and
// the search goes on, except in a Content-Type, where a label Lookup knows
// ("utf-32") is taken. As the HTML standard says, a meta or an XML
// declaration in ASCII-compatible bytes that names UTF-16 declares UTF-8,
// and a meta that names x-user-defined declares windows-1252. Declared
// reports false when nothing is declared.
func Declared(head []byte, contentType string) (Declaration, bool) {
	if contentType != "" {
		if label, ok := contentTypeCharset(contentType); ok {
			if name, ok := contentTypeName(label); ok {
				return Declaration{Encoding: name, Label: label, Source: "Content-Type"}, true
			}
		}
	}
	if d, ok := wideXMLDeclaration(head); ok {
		return d, true
	}
	if d, ok := prescan(head); ok {
		return d, true
	}
	return xmlDeclaration(head)
}

// contentTypeCharset returns the charset parameter of a Content-Type value.
// A value the MIME parser refuses ("text/html; charset=koi8-r;;", a stray
// quote) is read with the HTML standard's algorithm for extracting a
// character encoding from a meta element, as lenient as browsers are.
func contentTypeCharset(ct string) (string, bool) {
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		cs, ok := params["charset"]
		return cs, ok && cs != ""
	}
	return charsetFromContent([]byte(ct))
}

// contentTypeName resolves the label of a Content-Type to the name Lookup
// takes: as the Encoding Standard reads it, or, for a label it does not
// know, as Lookup does (a Content-Type need not come from the web).
func contentTypeName(label string) (string, bool) {
	if name, ok := whatwgName(label); ok {
		return name, true
	}
	l := strings.ToLower(strings.TrimSpace(label))
	if l == "" {
		return "", false
	}
	if _, err := Lookup(l); err != nil {
		return "", false
	}
	return l, true
}

// whatwgName is the Encoding Standard's "get an encoding": the label with
// ASCII white space trimmed, matched in any ASCII case against the
// standard's labels (whatwgLabels, generated from the table
// golang.org/x/text/encoding/htmlindex generates from the standard's
// encodings.json; TestWHATWGTable compares them). No label holds white
// space or a byte outside ASCII, which htmlindex would trim or fold.
func whatwgName(label string) (string, bool) {
	l := strings.Trim(label, "\t\n\f\r ")
	if l == "" {
		return "", false
	}
	for i := 0; i < len(l); i++ {
		if l[i] <= ' ' || l[i] >= 0x7F {
			return "", false
		}
	}
	l = strings.ToLower(l)
	i, ok := slices.BinarySearchFunc(whatwgLabels[:], l, func(e struct{ label, name string }, l string) int {
		return strings.Compare(e.label, l)
	})
	if !ok {
		return "", false
	}
	return whatwgLabels[i].name, true
}

// metaName is whatwgName with the prescan's substitutions: a meta read in
// ASCII-compatible bytes cannot mean UTF-16, and x-user-defined is
// windows-1252 as far as a document's own declaration goes.
func metaName(label string) (string, bool) {
	name, ok := whatwgName(label)
	switch name {
	case "utf-16le", "utf-16be":
		name = "utf-8"
	case "x-user-defined":
		name = "windows-1252"
	}
	return name, ok
}

// htmlSpace reports the bytes the HTML standard's prescan treats as space:
// tab, LF, FF, CR and space.
func htmlSpace(b byte) bool {
	return b == '\t' || b == '\n' || b == '\f' || b == '\r' || b == ' '
}

func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 0x20
	}
	return b
}

// prescan is the HTML standard's "prescan a byte stream to determine its
// encoding" over the first prescanLimit bytes of head. Reaching the end of
// those bytes anywhere inside a construct ends the prescan with nothing:
// a declaration must be complete within them.
func prescan(head []byte) (Declaration, bool) {
	p := head[:min(len(head), prescanLimit)]
	for pos := 0; pos < len(p); pos++ {
		if p[pos] != '<' {
			continue
		}
		rest := p[pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			// To the '>' that ends a "-->" (its dashes may be those of
			// "<!--" itself: "<!-->" is a whole comment).
			end := bytes.Index(rest[2:], []byte("-->"))
			if end < 0 {
				return Declaration{}, false
			}
			pos += 2 + end + 2
		case len(rest) >= 6 && asciiFold(rest[1:5], "meta") && (htmlSpace(rest[5]) || rest[5] == '/'):
			d, next, ok := metaTag(p, pos)
			if next < 0 {
				return Declaration{}, false
			}
			if ok {
				return d, true
			}
			pos = next // at the '>' (or byte) the attributes stopped at; the loop moves past it
		case len(rest) >= 2 && isASCIILetter(rest[1]),
			len(rest) >= 3 && rest[1] == '/' && isASCIILetter(rest[2]):
			// Another tag: skip its name, then its attributes, which may
			// hold a '>' in quotes.
			i := pos + 1
			for i < len(p) && !htmlSpace(p[i]) && p[i] != '>' {
				i++
			}
			for {
				if i >= len(p) {
					return Declaration{}, false
				}
				_, _, next, found := getAttribute(p, i)
				if next < 0 {
					return Declaration{}, false
				}
				i = next
				if !found {
					break
				}
			}
			pos = i // at the '>' that ends it
		case bytes.HasPrefix(rest, []byte("<!")), bytes.HasPrefix(rest, []byte("</")), bytes.HasPrefix(rest, []byte("<?")):
			end := bytes.IndexByte(rest[1:], '>')
			if end < 0 {
				return Declaration{}, false
			}
			pos += 1 + end
		}
	}
	return Declaration{}, false
}

func isASCIILetter(b byte) bool { return 'a' <= lowerASCII(b) && lowerASCII(b) <= 'z' }

// asciiFold reports whether p is s (lower case) in any ASCII case.
func asciiFold(p []byte, s string) bool {
	if len(p) != len(s) {
		return false
	}
	for i := range p {
		if lowerASCII(p[i]) != s[i] {
			return false
		}
	}
	return true
}

// metaTag reads the attributes of the <meta tag at p[at:] as the prescan
// does, and returns the declaration it makes, if any, and the offset the
// prescan goes on from: the '>' or other byte the attributes stopped at.
// next is negative when the tag runs past the end of p.
func metaTag(p []byte, at int) (d Declaration, next int, ok bool) {
	i := at + 6 // past "<meta" and the space or slash after it
	seen := map[string]bool{}
	gotPragma := false
	needPragma := 0 // 0: null, 1: true, 2: false
	var charset, label, source string
	charsetSet := false
	for {
		name, value, n, found := getAttribute(p, i)
		if n < 0 {
			return Declaration{}, -1, false
		}
		i = n
		if !found {
			break
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			// Only a label the standard knows counts here (an unknown
			// one leaves charset unset), unlike in a charset attribute.
			if l, found := charsetFromContent([]byte(value)); found && !charsetSet {
				if name, known := metaName(l); known {
					charset, label, source, charsetSet = name, l, "<meta http-equiv>", true
					needPragma = 1
				}
			}
		case "charset":
			name, known := metaName(value)
			charset, label, source, charsetSet = name, value, "<meta charset>", true
			if !known {
				charset = ""
			}
			needPragma = 2
		}
	}
	switch {
	case needPragma == 0,
		needPragma == 1 && !gotPragma,
		charset == "":
		return Declaration{}, i, false
	}
	return Declaration{Encoding: charset, Label: label, Source: source, Offset: at}, i, true
}

// getAttribute is the prescan's "get an attribute" at p[i:]: the name and
// value (lower case, as the algorithm folds them), the offset after it, and
// whether there was one (false at a '>'). next is negative when p ends first.
func getAttribute(p []byte, i int) (name, value string, next int, found bool) {
	for i < len(p) && (htmlSpace(p[i]) || p[i] == '/') {
		i++
	}
	if i >= len(p) {
		return "", "", -1, false
	}
	if p[i] == '>' {
		return "", "", i, false
	}
	var n, v []byte
	// The name: up to '=' (not as its first byte), space, '/' or '>'.
	for {
		if i >= len(p) {
			return "", "", -1, false
		}
		c := p[i]
		if c == '=' && len(n) > 0 {
			i++
			goto value
		}
		if htmlSpace(c) {
			break
		}
		if c == '/' || c == '>' {
			return string(n), "", i, true
		}
		n = append(n, lowerASCII(c))
		i++
	}
	// Spaces, then '=' or no value.
	for i < len(p) && htmlSpace(p[i]) {
		i++
	}
	if i >= len(p) {
		return "", "", -1, false
	}
	if p[i] != '=' {
		return string(n), "", i, true
	}
	i++
value:
	for i < len(p) && htmlSpace(p[i]) {
		i++
	}
	if i >= len(p) {
		return "", "", -1, false
	}
	switch c := p[i]; c {
	case '"', '\'':
		end := bytes.IndexByte(p[i+1:], c)
		if end < 0 {
			return "", "", -1, false
		}
		for _, b := range p[i+1 : i+1+end] {
			v = append(v, lowerASCII(b))
		}
		return string(n), string(v), i + 1 + end + 1, true
	case '>':
		return string(n), "", i, true
	default:
		v = append(v, lowerASCII(c))
		i++
	}
	for {
		if i >= len(p) {
			return "", "", -1, false
		}
		c := p[i]
		if htmlSpace(c) || c == '>' {
			return string(n), string(v), i, true
		}
		v = append(v, lowerASCII(c))
		i++
	}
}

// charsetFromContent is the HTML standard's "algorithm for extracting a
// character encoding from a meta element" on s: the label after the first
// "charset" that an '=' follows (spaces allowed around it), quoted or up to
// a space or ';'. It reports false when there is none or its quote is not
// closed.
func charsetFromContent(s []byte) (string, bool) {
	pos := 0
	for {
		i := indexFold(s[pos:], "charset")
		if i < 0 {
			return "", false
		}
		pos += i + len("charset")
		j := pos
		for j < len(s) && asciiSpace(s[j]) {
			j++
		}
		if j >= len(s) || s[j] != '=' {
			pos = j
			continue
		}
		j++
		for j < len(s) && asciiSpace(s[j]) {
			j++
		}
		if j >= len(s) {
			return "", false
		}
		if q := s[j]; q == '"' || q == '\'' {
			end := bytes.IndexByte(s[j+1:], q)
			if end < 0 {
				return "", false
			}
			return string(s[j+1 : j+1+end]), true
		}
		end := j
		for end < len(s) && !asciiSpace(s[end]) && s[end] != ';' {
			end++
		}
		return string(s[j:end]), true
	}
}

// asciiSpace is the Infra standard's ASCII whitespace.
func asciiSpace(b byte) bool { return htmlSpace(b) }

// indexFold is the offset of the first match of s (lower case) in p in any
// ASCII case, or -1.
func indexFold(p []byte, s string) int {
	for i := 0; i+len(s) <= len(p); i++ {
		if asciiFold(p[i:i+len(s)], s) {
			return i
		}
	}
	return -1
}

// wideXML are the starts of "<?x" in the encodings whose code units are
// wider than a byte: the HTML standard's prescan returns UTF-16LE or
// UTF-16BE for the first two without reading further ("the encoding name
// is not checked"); the UTF-32 ones, from the XML recommendation's
// appendix F, are utf8x's, for XML files (no browser reads UTF-32).
var wideXML = [...]struct {
	start, name string
	unit        int
	big         bool
}{
	{"<\x00\x00\x00?\x00\x00\x00x\x00\x00\x00", "utf-32le", 4, false},
	{"\x00\x00\x00<\x00\x00\x00?\x00\x00\x00x", "utf-32be", 4, true},
	{"<\x00?\x00x\x00", "utf-16le", 2, false},
	{"\x00<\x00?\x00x", "utf-16be", 2, true},
}

// wideXMLDeclaration recognises an XML declaration in UTF-16 or UTF-32 by
// its first bytes. The label it holds, read one code unit a character, is
// kept for the record.
func wideXMLDeclaration(head []byte) (Declaration, bool) {
	for _, f := range wideXML {
		if !bytes.HasPrefix(head, []byte(f.start)) {
			continue
		}
		var decl []byte
		for i := 0; i+f.unit <= len(head) && len(decl) < prescanLimit; i += f.unit {
			var c uint32
			for k := 0; k < f.unit; k++ {
				b := uint32(head[i+k])
				if f.big {
					c = c<<8 | b
				} else {
					c |= b << (8 * k)
				}
			}
			if c == 0 || c >= 0x80 {
				break
			}
			decl = append(decl, byte(c))
		}
		label, ok := xmlEncodingLabel(decl)
		if !ok {
			label = ""
		}
		return Declaration{Encoding: f.name, Label: label, Source: "XML declaration"}, true
	}
	return Declaration{}, false
}

// xmlDeclaration is the HTML standard's "get an XML encoding", which the
// prescan falls back on when it finds no meta: an ASCII "<?xml" at the very
// start, and the label after the first "encoding" (an '=' and a quoted
// label, bytes up to 20 around them skipped) read as the Encoding Standard
// reads labels, UTF-16 meaning UTF-8. The standard looks for "encoding" from
// the start of the input on, without a bound; here it must come before the
// declaration's first '>', so that text after a declaration without an
// encoding never declares one.
func xmlDeclaration(head []byte) (Declaration, bool) {
	p := head[:min(len(head), prescanLimit)]
	label, ok := xmlEncodingLabel(p)
	if !ok {
		return Declaration{}, false
	}
	name, ok := whatwgName(label)
	if !ok {
		return Declaration{}, false
	}
	if name == "utf-16le" || name == "utf-16be" {
		name = "utf-8"
	}
	return Declaration{Encoding: name, Label: label, Source: "XML declaration"}, true
}

// xmlEncodingLabel returns the label of "get an XML encoding" in p.
func xmlEncodingLabel(p []byte) (string, bool) {
	if !bytes.HasPrefix(p, []byte("<?xml")) {
		return "", false
	}
	end := bytes.IndexByte(p, '>')
	if end < 0 {
		return "", false
	}
	p = p[:end]
	i := bytes.Index(p, []byte("encoding"))
	if i < 0 {
		return "", false
	}
	i += len("encoding")
	for i < len(p) && p[i] <= 0x20 {
		i++
	}
	if i >= len(p) || p[i] != '=' {
		return "", false
	}
	i++
	for i < len(p) && p[i] <= 0x20 {
		i++
	}
	if i >= len(p) || p[i] != '"' && p[i] != '\'' {
		return "", false
	}
	q := p[i]
	i++
	n := bytes.IndexByte(p[i:], q)
	if n < 0 {
		return "", false
	}
	label := p[i : i+n]
	for _, b := range label {
		if b <= 0x20 {
			return "", false
		}
	}
	return string(label), true
}
