package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// runAuto runs utf8x convert -f auto with args on in, and returns its exit
// status, output and messages.
func runAuto(t *testing.T, in []byte, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"convert", "-f", "auto"}, args...), bytes.NewReader(in), &out, &errOut)
	return code, out.String(), errOut.String()
}

func autoUTF16(s string, big bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// A file whose first 64 KiB are ASCII and which holds UTF-8 further on
// converts whole, detected as UTF-8 there; an invalid byte beyond the
// window examined is a strict error at its place.
func TestAutoASCIIThenUTF8(t *testing.T) {
	ascii := strings.Repeat("plain ASCII line\n", 70<<10/17)
	in := ascii + "and then: Grüße, 😀\n"
	code, out, msg := runAuto(t, []byte(in), "-t", "utf-16le")
	if code != exitOK || string(autoUTF16(in, false)) != out {
		t.Fatalf("exit %d, %d bytes out, %q", code, len(out), msg)
	}
	if !strings.Contains(msg, "detected utf-8 (structure") {
		t.Errorf("messages %q", msg)
	}
	good := in + ascii
	bad := good + "x\xff\n"
	code, _, msg = runAuto(t, []byte(bad))
	line := strings.Count(good, "\n") + 1
	want := "<stdin>:" + strconv.Itoa(line) + ":2: invalid UTF-8 at byte " + strconv.Itoa(len(good)+1)
	if code != exitInvalid || !strings.Contains(msg, want) || !strings.Contains(msg, "detected utf-8 (structure") {
		t.Errorf("exit %d, %q; want exit 1 and %q", code, msg, want)
	}
}

// A file whose first byte beyond ASCII comes after 120 KiB of ASCII is
// converted from the encoding of what follows, which -f auto names.
func TestAutoPastASCII(t *testing.T) {
	start := strings.Repeat("plain ascii line of text here\n", 120<<10/30+1)
	fr := "Le garçon était très content, à Noël nous étions déjà là-bas avec Zoé.\n"
	ru := "Привет, как дела? Всё хорошо, спасибо, мы едем домой завтра утром.\n"
	for _, c := range []struct {
		enc  encoding.Encoding
		text string
		want string
	}{
		{charmap.Windows1252, strings.Repeat(fr, 10), "detected windows-1252 (French"},
		{charmap.Windows1251, strings.Repeat(ru, 10), "detected windows-1251 (Russian"},
		{unicode.UTF8, strings.Repeat(fr+ru, 5), "detected utf-8 (structure"},
	} {
		text := start + c.text + "plain again\n"
		in, err := c.enc.NewEncoder().Bytes([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		code, out, msg := runAuto(t, in, "-t", "utf-8")
		if code != exitOK || out != text || !strings.Contains(msg, c.want) {
			t.Errorf("%s: exit %d, output the text %v, %q", c.want, code, out == text, msg)
		}
		// The same from a file, written whole.
		name := filepath.Join(t.TempDir(), "in.txt")
		if err := os.WriteFile(name, in, 0o600); err != nil {
			t.Fatal(err)
		}
		var o, e bytes.Buffer
		if code := run([]string{"convert", "-f", "auto", "-t", "utf-8", name}, strings.NewReader(""), &o, &e); code != exitOK || o.String() != text || !strings.Contains(e.String(), c.want) {
			t.Errorf("%s from a file: exit %d, output the text %v, %q", c.want, code, o.String() == text, e.String())
		}
	}
}

// The byte order mark of UTF-16 and UTF-32 decides and is a signature:
// it does not reach the output as U+FEFF.
func TestAutoBOM(t *testing.T) {
	text := "Grüße, мир\n"
	for _, in := range [][]byte{
		append([]byte("\xff\xfe"), autoUTF16(text, false)...),
		append([]byte("\xfe\xff"), autoUTF16(text, true)...),
	} {
		code, out, msg := runAuto(t, in)
		if code != exitOK || out != text || !strings.Contains(msg, "(bom, 1.00)") {
			t.Errorf("% X: exit %d, %q, %q", in[:4], code, out, msg)
		}
	}
}

func TestAutoDeclared(t *testing.T) {
	page := "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\"></head><body>\xcf\xf0\xe8\xe2\xe5\xf2</body></html>\n"
	want := "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\"></head><body>Привет</body></html>\n"
	code, out, msg := runAuto(t, []byte(page))
	if code != exitOK || out != want || !strings.Contains(msg, "declared windows-1251 (<meta http-equiv> at byte 12)") {
		t.Errorf("exit %d, %q, %q", code, out, msg)
	}
	// --declared=false: detection alone.
	_, _, msg = runAuto(t, []byte(page), "--declared=false", "--min-confidence", "0")
	if strings.Contains(msg, "declared") || !strings.Contains(msg, "detected ") {
		t.Errorf("--declared=false: %q", msg)
	}
	// A declaration the bytes contradict is said and not followed.
	lie := strings.Replace(page, "windows-1251", "utf-8", 1)
	_, _, msg = runAuto(t, []byte(lie), "--min-confidence", "0")
	at := strings.IndexByte(lie, 0xcf)
	if !strings.Contains(msg, "declared utf-8 (<meta http-equiv> at byte 12) not followed: invalid utf-8 at byte "+strconv.Itoa(at)) {
		t.Errorf("contradicted declaration: %q", msg)
	}
}

// Refusals and read errors keep their exit statuses.
func TestAutoRefusals(t *testing.T) {
	code, out, msg := runAuto(t, []byte("\xe9"), "--min-confidence", "0.99")
	if code != exitInvalid || out != "" || !strings.Contains(msg, "below --min-confidence 0.99; nothing converted") {
		t.Errorf("low confidence: exit %d, %q, %q", code, out, msg)
	}
	code, out, msg = runAuto(t, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"))
	if code != exitInvalid || out != "" || !strings.Contains(msg, "<stdin>: -f auto: not text: a PNG image; nothing converted") {
		t.Errorf("binary: exit %d, %q, %q", code, out, msg)
	}
	var stdout, stderr bytes.Buffer
	code = run([]string{"convert", "-f", "auto"}, &failingReader{data: []byte("ok"), err: syscall.EIO}, &stdout, &stderr)
	if code != exitUsage || !strings.Contains(stderr.String(), "input/output error") {
		t.Errorf("read error: exit %d, %q", code, stderr.String())
	}
	// A file converts in place as a pipe does.
	file := filepath.Join(t.TempDir(), "p.html")
	if err := os.WriteFile(file, []byte("<meta charset=koi8-r>\xf0\xd2\xc9\xd7\xc5\xd4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"convert", "-f", "auto", "--in-place", file}, nil, &stdout, &stderr); code != exitOK {
		t.Fatalf("in place: exit %d, %q", code, stderr.String())
	}
	if got, _ := os.ReadFile(file); string(got) != "<meta charset=koi8-r>Привет\n" {
		t.Errorf("in place: %q", got)
	}
}
