package main

import (
	"strings"
	"testing"

	"github.com/utf8x/utf8x/transcode"
)

// TestUTF16Mismatch: text in several alphabets, encoded in one byte order
// without a BOM, warns when read in the other and not in its own; CJK, which
// reads plausibly both ways, never warns.
func TestUTF16Mismatch(t *testing.T) {
	for _, tc := range []struct {
		text  string
		judge bool
	}{
		{"Hello, world! Plain Latin text, as a Windows export has it.\r\n", true},
		{"Привет, мир! Это текст на русском языке.", true},
		{"مرحبا بالعالم، هذا نص عربي", true},
		{"Γειά σου Κόσμε, ελληνικό κείμενο", true},
		{"中文字符，日本語の文章、한국어 텍스트", false},
	} {
		le, err := transcode.UTF16LE.AppendEncode(nil, []byte(tc.text))
		if err != nil {
			t.Fatal(err)
		}
		be, _ := transcode.UTF16BE.AppendEncode(nil, []byte(tc.text))
		if msg := utf16Mismatch(le, false); msg != "" {
			t.Errorf("%q as UTF-16LE read as LE: %s", tc.text, msg)
		}
		if msg := utf16Mismatch(be, true); msg != "" {
			t.Errorf("%q as UTF-16BE read as BE: %s", tc.text, msg)
		}
		if !tc.judge {
			continue
		}
		if msg := utf16Mismatch(le, true); !strings.Contains(msg, "try -f utf-16le") {
			t.Errorf("%q as UTF-16LE read as BE: no warning (%q)", tc.text, msg)
		}
		if msg := utf16Mismatch(be, false); !strings.Contains(msg, "try -f utf-16be") {
			t.Errorf("%q as UTF-16BE read as LE: no warning (%q)", tc.text, msg)
		}
	}
	if msg := utf16Mismatch([]byte("\xFF\xFEh\x00"), true); !strings.Contains(msg, "byte order mark of UTF-16LE") {
		t.Errorf("LE mark read as BE: %q", msg)
	}
}

// TestSniffHead: what check says about the start of an input.
func TestSniffHead(t *testing.T) {
	for in, want := range map[string]string{
		"\xFF\xFEh\x00":             "UTF-16LE text (it starts with the byte order mark FF FE)",
		"\xFF\xFE\x00\x00h\x00\x00": "UTF-32LE text (it starts with the byte order mark FF FE 00 00)",
		"\x00\x00\xFE\xFF":          "UTF-32BE text (it starts with the byte order mark 00 00 FE FF)",
		"\xFE\xFF\x00h":             "UTF-16BE text (it starts with the byte order mark FE FF)",
		"h\x00e\x00l\x00l\x00o\x00": "UTF-16LE text without a byte order mark",
		"\x00h\x00e\x00l\x00l\x00o": "UTF-16BE text without a byte order mark",
		"\x7fELF\x02\x01":           "an ELF executable or object file",
		"MZ\x90\x00":                "a Windows executable (PE/MZ)",
		"\xCF\xFA\xED\xFE":          "a Mach-O executable",
		"PK\x03\x04":                "a zip archive",
		"\x89PNG\r\n\x1a\n":         "a PNG image",
		"\x1f\x8b\x08":              "gzip-compressed data",
		"%PDF-1.7\n%\xE2\xE3":       "a PDF document",
		"ab\x00\x00\x00cd\xFF":      "binary data (it holds NUL bytes",
		"plain text":                "",
	} {
		if got := sniffHead([]byte(in)).what; !strings.HasPrefix(got, want) || (want == "") != (got == "") {
			t.Errorf("sniffHead(%q) = %q, want %q", in, got, want)
		}
	}
}
