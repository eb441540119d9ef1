package detect

import (
	"os/exec"
	"strings"
	"testing"
	"unicode/utf16"
)

// readerUTF16 encodes s as UTF-16 in the byte order big says, through the
// standard library's unicode/utf16 (an oracle apart from this package).
func readerUTF16(s string, big bool) []byte {
	var out []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// readerUTF32 encodes s as UTF-32, one rune per four bytes.
func readerUTF32(s string, big bool) []byte {
	var out []byte
	for _, r := range s {
		b := []byte{byte(r), byte(r >> 8), byte(r >> 16), byte(r >> 24)}
		if big {
			b[0], b[1], b[2], b[3] = b[3], b[2], b[1], b[0]
		}
		out = append(out, b...)
	}
	return out
}

// The expected answers are read off the HTML standard's "prescan a byte
// stream to determine its encoding" and the Encoding Standard's labels,
// step by step, not off this package's output.
func TestDeclared(t *testing.T) {
	pad := strings.Repeat("x", 1100)
	// A meta whose '>' is the 1024th byte (offset 1023) is within the
	// prescan; one byte later it is not.
	meta := `<meta charset="koi8-r">`
	edge := "<p>" + strings.Repeat("y", 1024-len(meta)-3) + meta
	tests := []struct {
		name, head, contentType string
		want, source            string // want "" means no declaration
		offset                  int
	}{
		{"charset", `<meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 0},
		{"unquoted upper case", `<html><META CHARSET=KOI8-R>`, "", "koi8-r", "<meta charset>", 6},
		{"single quotes", `<meta charset='windows-1251'>`, "", "windows-1251", "<meta charset>", 0},
		{"spaces around the label", `<meta charset=" koi8-r ">`, "", "koi8-r", "<meta charset>", 0},
		{"spaces around =", "<meta charset \t= \n koi8-r>", "", "koi8-r", "<meta charset>", 0},
		{"slash after meta", `<meta/charset=koi8-r>`, "", "koi8-r", "<meta charset>", 0},
		{"unquoted value takes a slash", `<meta charset=koi8-r/>`, "", "", "", 0},
		{"not a meta", `<metacharset=koi8-r>`, "", "", "", 0},
		{"empty charset", `<meta charset>`, "", "", "", 0},
		{"http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">`, "", "iso-8859-2", "<meta http-equiv>", 0},
		{"http-equiv after content", `<meta content="text/html;charset=iso-8859-2" HTTP-EQUIV="content-type">`, "", "iso-8859-2", "<meta http-equiv>", 0},
		{"content without http-equiv", `<meta content="text/html; charset=iso-8859-2">`, "", "", "", 0},
		{"content with another http-equiv", `<meta http-equiv="refresh" content="text/html; charset=iso-8859-2">`, "", "", "", 0},
		{"quoted label in content", `<meta http-equiv=content-type content="text/html; charset='windows-1251'">`, "", "windows-1251", "<meta http-equiv>", 0},
		{"spaces in content", `<meta http-equiv=content-type content="text/html; charset =  koi8-r ;x">`, "", "koi8-r", "<meta http-equiv>", 0},
		{"unclosed quote in content", `<meta http-equiv=content-type content="text/html; charset='koi8-r">`, "", "", "", 0},
		{"charset word without =", `<meta http-equiv=content-type content="charsetx; charset=koi8-r">`, "", "koi8-r", "<meta http-equiv>", 0},
		{"first attribute of a name counts", `<meta charset="koi8-r" charset="utf-8">`, "", "koi8-r", "<meta charset>", 0},
		{"charset beats content", `<meta http-equiv=content-type content="charset=koi8-r" charset=windows-1251>`, "", "windows-1251", "<meta charset>", 0},
		{"unknown label, then a good meta", `<meta charset="nonsense"><meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 25},
		{"commented out", `<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">`, "", "windows-1251", "<meta charset>", 32},
		{"comment <!-->", `<!--><meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 5},
		{"comment <!--->", `<!---><meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 6},
		{"unclosed comment", `<!-- <meta charset="koi8-r">`, "", "", "", 0},
		{"quoted > in another tag", `<a title="<meta charset=koi8-r>">`, "", "", "", 0},
		{"after a tag with quoted >", `<a title="x>y"><meta charset=windows-1251>`, "", "windows-1251", "<meta charset>", 15},
		{"end tag", `</meta charset=koi8-r>`, "", "", "", 0},
		{"bogus comment", `<! <meta charset=koi8-r>`, "", "", "", 0},
		// "<?" skips to the first '>', the one inside the quotes.
		{"processing instruction", `<?php echo "<meta charset=koi8-r>" ?><meta charset=utf-8>`, "", "utf-8", "<meta charset>", 37},
		{"after 1024 bytes", pad + `<meta charset="koi8-r">`, "", "", "", 0},
		{"ends at byte 1023", edge, "", "koi8-r", "<meta charset>", 1024 - len(meta)},
		{"ends at byte 1024", "<p>y" + edge[3:], "", "", "", 0},
		{"utf-16 means utf-8", `<meta charset="utf-16">`, "", "utf-8", "<meta charset>", 0},
		{"utf-16be means utf-8", `<meta charset="UTF-16BE">`, "", "utf-8", "<meta charset>", 0},
		{"x-user-defined means windows-1252", `<meta charset="x-user-defined">`, "", "windows-1252", "<meta charset>", 0},
		{"latin1 is windows-1252", `<meta charset="latin1">`, "", "windows-1252", "<meta charset>", 0},
		{"iso-8859-1 is windows-1252", `<meta charset="ISO-8859-1">`, "", "windows-1252", "<meta charset>", 0},
		{"ks_c_5601-1987 is euc-kr", `<meta charset="ks_c_5601-1987">`, "", "euc-kr", "<meta charset>", 0},
		{"a label only the standard has", `<meta charset="x-mac-cyrillic">`, "", "x-mac-cyrillic", "<meta charset>", 0},
		{"replacement", `<meta charset="iso-2022-kr">`, "", "replacement", "<meta charset>", 0},
		{"utf-32 is no meta label", `<meta charset="utf-32">`, "", "", "", 0},
		{"vertical tab is no space", "<meta charset=\"utf-8\v\">", "", "", "", 0},
		// XML declarations.
		{"xml", `<?xml version="1.0" encoding="ISO-8859-2"?><r/>`, "", "iso-8859-2", "XML declaration", 0},
		{"xml single quotes", `<?xml version='1.0' encoding='koi8-r' standalone='yes'?>`, "", "koi8-r", "XML declaration", 0},
		{"xml utf-16 label in ASCII bytes", `<?xml version="1.0" encoding="UTF-16"?>`, "", "utf-8", "XML declaration", 0},
		{"xml without encoding, then a meta", `<?xml version="1.0"?><html><meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 27},
		{"xml not at the start", ` <?xml version="1.0" encoding="koi8-r"?>`, "", "", "", 0},
		{"xml utf-32 label (not a WHATWG one)", `<?xml version="1.0" encoding="UTF-32"?>`, "", "", "", 0},
		{"a meta beats the xml declaration", `<?xml version="1.0" encoding="iso-8859-2"?><html><meta charset="koi8-r">`, "", "koi8-r", "<meta charset>", 49},
		{"xml x-user-defined stays", `<?xml version="1.0" encoding="x-user-defined"?>`, "", "x-user-defined", "XML declaration", 0},
		{"xml label with a space", `<?xml version="1.0" encoding=" koi8-r"?>`, "", "", "", 0},
		{"xml spaces around =", "<?xml version=\"1.0\" encoding \t=\n 'koi8-r'?>", "", "koi8-r", "XML declaration", 0},
		{"xml encoding after the declaration", `<?xml version="1.0"?><p encoding="koi8-r">`, "", "", "", 0},
		{"xml utf-16le, another label", string(readerUTF16(`<?xml version="1.0" encoding="iso-8859-1"?>`, false)), "", "utf-16le", "XML declaration", 0},
		{"utf-16le <?x is enough", "<\x00?\x00x\x00", "", "utf-16le", "XML declaration", 0},
		{"xml utf-16le", string(readerUTF16(`<?xml version="1.0" encoding="UTF-16"?><r/>`, false)), "", "utf-16le", "XML declaration", 0},
		{"xml utf-16be", string(readerUTF16(`<?xml version="1.0" encoding="UTF-16"?><r/>`, true)), "", "utf-16be", "XML declaration", 0},
		{"xml utf-16le without encoding", string(readerUTF16(`<?xml version="1.0"?><r/>`, false)), "", "utf-16le", "XML declaration", 0},
		{"xml utf-32be", string(readerUTF32(`<?xml version="1.0" encoding="UTF-32"?><r/>`, true)), "", "utf-32be", "XML declaration", 0},
		{"xml unknown label", `<?xml version="1.0" encoding="nonsense"?><meta charset=koi8-r>`, "", "koi8-r", "<meta charset>", 41},
		// Content-Type.
		{"content-type", `<meta charset="windows-1251">`, "text/html; charset=koi8-r", "koi8-r", "Content-Type", 0},
		{"content-type quoted", ``, `text/html; charset="KOI8-R"`, "koi8-r", "Content-Type", 0},
		{"content-type without charset", `<meta charset="windows-1251">`, "text/html", "windows-1251", "<meta charset>", 0},
		{"content-type unknown label", `<meta charset="windows-1251">`, "text/html; charset=nonsense", "windows-1251", "<meta charset>", 0},
		{"content-type beats xml", `<?xml version="1.0" encoding="ISO-8859-2"?>`, "application/xml; charset=utf-8", "utf-8", "Content-Type", 0},
		{"content-type the MIME parser refuses", ``, "text/html; charset=koi8-r;;", "koi8-r", "Content-Type", 0},
		{"content-type utf-16 stays", ``, "text/plain; charset=utf-16", "utf-16le", "Content-Type", 0},
		{"content-type x-user-defined stays", ``, "text/plain; charset=x-user-defined", "x-user-defined", "Content-Type", 0},
		{"content-type utf-32 (not a WHATWG label)", ``, "text/plain; charset=UTF-32", "utf-32", "Content-Type", 0},
		{"nothing", `<html><head><title>t</title></head>`, "", "", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := Declared([]byte(tc.head), tc.contentType)
			if tc.want == "" {
				if ok {
					t.Fatalf("Declared = %+v, want none", d)
				}
				return
			}
			if !ok {
				t.Fatalf("Declared found nothing, want %s", tc.want)
			}
			if d.Encoding != tc.want || d.Source != tc.source || d.Offset != tc.offset {
				t.Fatalf("Declared = %s %q at %d, want %s %q at %d", d.Encoding, d.Source, d.Offset, tc.want, tc.source, tc.offset)
			}
			if _, err := Lookup(d.Encoding); err != nil && d.Encoding != "replacement" {
				t.Errorf("Lookup(%q) = %v: a declaration Lookup cannot decode", d.Encoding, err)
			}
		})
	}
}

// TestDeclaredCut: every prefix of a page whose meta is complete only at
// its end declares nothing until the tag is whole, and never panics.
func TestDeclaredCut(t *testing.T) {
	page := `<!DOCTYPE html><!-- x --><html lang=en><head a='>' b="<"><meta http-equiv="content-type" content="text/html; charset=koi8-r">`
	for n := 0; n <= len(page); n++ {
		d, ok := Declared([]byte(page[:n]), "")
		if ok != (n == len(page)) {
			t.Fatalf("prefix of %d bytes: Declared = %+v, %v", n, d, ok)
		}
	}
}

func TestDeclaredString(t *testing.T) {
	for _, c := range []struct {
		d    Declaration
		want string
	}{
		{Declaration{Encoding: "koi8-r", Label: "KOI8-R", Source: "<meta charset>", Offset: 6}, `koi8-r (<meta charset> at byte 6)`},
		{Declaration{Encoding: "windows-1252", Label: "latin1", Source: "<meta charset>", Offset: 0}, `windows-1252 (<meta charset> "latin1" at byte 0)`},
		{Declaration{Encoding: "koi8-r", Label: "koi8-r", Source: "Content-Type"}, `koi8-r (Content-Type)`},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestDeclaredLabels: every label of the Encoding Standard, as Python's
// webencodings package lists them (its own copy of the standard's table,
// a 2017 one), resolves to the same encoding here, in any case and with ASCII white
// space around it. Skipped, saying so, without python3 and webencodings
// (Debian: python3-webencodings).
func TestDeclaredLabels(t *testing.T) {
	var out []byte
	var err error
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		out, err = exec.Command(py, "-c", "import webencodings\nfor l, n in webencodings.LABELS.items(): print(l, n)").Output()
		if err == nil {
			break
		}
	}
	if err != nil {
		t.Skipf("no python3 with webencodings (apt-get install python3-webencodings): %v", err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		label, want, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("unexpected line %q", line)
		}
		n++
		if want == "iso-2022-kr" || want == "hz-gb-2312" {
			// webencodings 0.5 predates the standard's folding of these
			// two into its replacement encoding.
			want = "replacement"
		}
		for _, l := range []string{label, strings.ToUpper(label), " \t" + label + "\n"} {
			got, ok := whatwgName(l)
			if !ok || got != strings.ToLower(want) {
				t.Errorf("whatwgName(%q) = %q, %v; webencodings says %q", l, got, ok, want)
			}
		}
	}
	if n < 200 {
		t.Fatalf("only %d labels from webencodings", n)
	}
}
