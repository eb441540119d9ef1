package main

import (
	"bytes"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/utf8x/utf8x/transcode"
)

// FuzzCheckBlockSize: check's report (errors, counts, hints) of a file is
// the same whatever the block size and however short the reads.
func FuzzCheckBlockSize(f *testing.F) {
	for _, s := range []string{"\xFF\xFEh\x00", "h\x00i\x00\xE9\x00", "\x7fELF\x00\xFF", "ok \xFF", "a\x00b\xC0\xAF", "%PDF-\xE2"} {
		f.Add([]byte(s), uint8(3))
	}
	f.Fuzz(func(t *testing.T, p []byte, size uint8) {
		want, err := collectCheck(bytes.NewReader(p), "in", checkOptions{blockSize: len(p) + sniffLimit, wholeHead: true})
		if err != nil {
			t.Fatal(err)
		}
		// A file's first block holds its first 4 KiB; after that, blocks
		// of any size.
		got, err := collectCheck(iotest.HalfReader(bytes.NewReader(p)), "in", checkOptions{blockSize: sniffLimit + int(size), wholeHead: true})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("block size %d, input %q:\n got %+v\nwant %+v", sniffLimit+int(size), p, got, want)
		}
	})
}

// FuzzStatsCounts: stats' bulk counts equal the scalar reference.
func FuzzStatsCounts(f *testing.F) {
	f.Add([]byte("Grüße, мир! 日本 😀\n\xFF\xC0\xAF"), uint16(5))
	f.Add(bytes.Repeat([]byte("é€😀a\xE2\x82"), 60), uint16(300))
	f.Fuzz(func(t *testing.T, p []byte, size uint16) {
		want := scalarStats(p)
		got, err := statsStream(bytes.NewReader(p), "in", 4+int(size), nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if !sameCounts(got, want) {
			t.Fatalf("block size %d, input %q:\n got %+v\nwant %+v", 4+int(size), p, got, want)
		}
	})
}

// FuzzExplainEncoding: explain --encoding FORM never panics and names the
// faults check --encoding FORM finds, in order.
func FuzzExplainEncoding(f *testing.F) {
	forms := []transcode.Encoding{transcode.CESU8, transcode.MUTF8, transcode.WTF8, transcode.UTF8Legacy}
	for _, s := range []string{"\xED\xA0\xBD\xED\xB8\x80", "\xC0\x80\x00", "\xED\xA0\x80", "\xFD\xBF\xBF\xBF\xBF\xBF\xF8", "\xF0\x9F\x98\x80"} {
		for i := range forms {
			f.Add([]byte(s), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, p []byte, which uint8) {
		e := forms[int(which)%len(forms)]
		want, err := collectCheck(bytes.NewReader(p), "in", checkOptions{blockSize: len(p) + 8, form: &e})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		(&explainer{w: &out, form: &e}).bytes(p)
		faultLine := regexp.MustCompile(`^((?:[0-9A-F]{2} ?)+)  not ` + regexp.QuoteMeta(e.Name()) + ` \(([a-z-]+)\)$`)
		var got, wantFaults []string
		for _, line := range strings.Split(out.String(), "\n") {
			if m := faultLine.FindStringSubmatch(line); m != nil {
				got = append(got, m[2]+" "+m[1])
			}
		}
		for _, ce := range want.Errors {
			wantFaults = append(wantFaults, ce.Kind+" "+ce.hex)
		}
		if fmt.Sprint(got) != fmt.Sprint(wantFaults) {
			t.Fatalf("%s, input % X:\nexplain: %q\n  check: %q", e, p, got, wantFaults)
		}
	})
}

// FuzzParseCodePoints: any argument is code points, text, or a usage error,
// never a panic; code points written back as U+ read the same.
func FuzzParseCodePoints(f *testing.F) {
	for _, s := range []string{"U+41 U+42", `\ud83d\ude00`, "0x20AC", `\u{1F600}`, `\U0001F600`, "0x", "U+FFFFFFFF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		rs, ok, err := parseCodePoints(arg)
		if err != nil || !ok {
			return
		}
		var b strings.Builder
		for _, r := range rs {
			fmt.Fprintf(&b, "U+%X ", r)
		}
		again, ok, err := parseCodePoints(b.String())
		if err != nil || !ok || !reflect.DeepEqual(again, rs) {
			t.Fatalf("%q gives %X, and %q gives %X (%v)", arg, rs, b.String(), again, err)
		}
	})
}
