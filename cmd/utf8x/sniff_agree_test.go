package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// TestOneSniffer: check's hint, detect and convert's byte-order guess judge
// the same inputs alike (issue 23, "One sniffer"): BOM-less UTF-16 in both
// orders (Latin, Cyrillic, CJK), UTF-32, binary data and ASCII with NUL
// bytes. Each input is made here in a known form, and each command must
// name that form: check in its hint (-f FORM), detect as its answer, convert
// -f utf-16 (or utf-32) by reading the text back in the right order; binary
// data is binary data to check and detect, and -f auto refuses it; ASCII
// with NULs is valid text to all three.
func TestOneSniffer(t *testing.T) {
	dir := t.TempDir()
	enc := func(text, form string) []byte {
		var b []byte
		var err error
		switch form {
		case "utf-16le":
			b, err = unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM).NewEncoder().Bytes([]byte(text))
		case "utf-16be":
			b, err = unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM).NewEncoder().Bytes([]byte(text))
		case "utf-32le":
			b, err = utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM).NewEncoder().Bytes([]byte(text))
		case "utf-32be":
			b, err = utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM).NewEncoder().Bytes([]byte(text))
		}
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	latin := strings.Repeat("Grüße aus Köln: the café serves crème brûlée, señor. ", 8) + "\n"
	ascii := strings.Repeat("Plain ASCII text, as a Windows export writes it.\r\n", 8)
	cyrillic := strings.Repeat("Привет, мир! Съешь же ещё этих мягких французских булок.\n", 6)
	cjk := strings.Repeat("中文字符測試，這是一個用於測試字節順序的句子。日本語のテキストです。 (v2.0)\n", 6)
	texts := []struct{ name, text string }{{"Latin", latin}, {"ASCII", ascii}, {"Cyrillic", cyrillic}, {"CJK", cjk}}

	type input struct {
		name string
		data []byte
		form string // the UTF-16/32 form, "binary", or "" for text (UTF-8)
		text string // what convert must write
	}
	var ins []input
	for _, tx := range texts {
		for _, form := range []string{"utf-16le", "utf-16be"} {
			ins = append(ins, input{tx.name + " " + form, enc(tx.text, form), form, tx.text})
		}
	}
	for _, form := range []string{"utf-32le", "utf-32be"} {
		ins = append(ins, input{"Latin " + form, enc(latin, form), form, latin})
		ins = append(ins, input{"CJK " + form, enc(cjk, form), form, cjk})
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.Repeat(latin, 20)))
	zw.Close()
	noise := make([]byte, 2048)
	for i := range noise {
		noise[i] = byte(i*7919>>3 ^ i*31)
	}
	ins = append(ins,
		input{"gzip", gz.Bytes(), "binary", ""},
		input{"PNG", append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), noise...), "binary", ""},
		input{"NULs and controls", bytes.Repeat([]byte("\x00\x01\x02\x03\x10\x00\x00\x9f\xff\x00"), 200), "binary", ""},
		input{"ASCII with NULs", []byte(strings.Repeat("name=value\x00hello\x00world\n", 40)), "", ""},
	)

	for i, in := range ins {
		path := filepath.Join(dir, strings.ReplaceAll(in.name, " ", "-")+".txt")
		if err := os.WriteFile(path, in.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_ = i
		// detect
		code, out, errOut := runTool("detect", "--json", "--min-confidence", "0", path)
		var rep struct{ Encoding *string }
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &rep); err != nil || rep.Encoding == nil {
			t.Errorf("%s: detect: %d %q %q", in.name, code, out, errOut)
			continue
		}
		detected := *rep.Encoding
		// check
		code, out, errOut = runTool("check", path)
		hint := out + errOut
		switch in.form {
		case "":
			if detected != "us-ascii" && detected != "utf-8" {
				t.Errorf("%s: detect says %s, not UTF-8", in.name, detected)
			}
			if code != exitOK {
				t.Errorf("%s: check exit %d: %s", in.name, code, hint)
			}
			if code, out, errOut := runTool("convert", "-f", "auto", "-t", "utf-8", path); code != exitOK || out != string(in.data) {
				t.Errorf("%s: convert -f auto: exit %d, %q", in.name, code, errOut)
			}
		case "binary":
			if detected != "binary" {
				t.Errorf("%s: detect says %s, not binary", in.name, detected)
			}
			if code != exitInvalid || !strings.Contains(hint, "not UTF-8 text:") {
				t.Errorf("%s: check exit %d, no binary hint: %s", in.name, code, hint)
			}
			if code, _, errOut := runTool("convert", "-f", "auto", "-t", "utf-8", path); code != exitInvalid || !strings.Contains(errOut, "not text") {
				t.Errorf("%s: convert -f auto: exit %d, %q", in.name, code, errOut)
			}
		default:
			if detected != in.form {
				t.Errorf("%s: detect says %s", in.name, detected)
			}
			if !strings.Contains(hint, "-f "+in.form) {
				t.Errorf("%s: check (exit %d) does not say -f %s: %s", in.name, code, in.form, hint)
			}
			from := in.form[:6] // utf-16 or utf-32: the byte order guessed
			code, out, errOut = runTool("convert", "-f", from, "-t", "utf-8", path)
			if code != exitOK || out != in.text {
				t.Errorf("%s: convert -f %s guessed the other order (exit %d, %q): %.40q", in.name, from, code, errOut, out)
			}
			if strings.Contains(errOut, "warning") {
				t.Errorf("%s: convert -f %s warns: %s", in.name, from, errOut)
			}
		}
	}
}
