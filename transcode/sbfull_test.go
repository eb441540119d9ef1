package transcode

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The single-byte encodings whose bytes 00-7F are not all ASCII (VISCII),
// against the mapping data (internal/gen/data, read here without the
// generator) and glibc's iconv: every byte decoded, every scalar value
// encoded, under each policy.

var fullCharmapsOnce = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, s := range sbFullSpecs {
		m[strings.TrimPrefix(s.source, "glibc charmap ")] = true
	}
	return m
})

// fullCharmaps are the charmaps of data/glibc.txt that sbFullSpecs come
// from.
func fullCharmaps() map[string]bool { return fullCharmapsOnce() }

// fullData reads the table of charmap name from internal/gen/data/glibc.txt:
// the character of each byte, -1 where the charmap has none.
func fullData(t *testing.T, name string) *[256]rune {
	b, err := os.ReadFile("internal/gen/data/glibc.txt")
	if err != nil {
		t.Fatal(err)
	}
	tab := new([256]rune)
	for i := range tab {
		tab[i] = -1
	}
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 || f[0] != name {
			continue
		}
		p, _ := strconv.ParseUint(f[1], 16, 8)
		r, _ := strconv.ParseUint(f[2], 16, 32)
		tab[p] = rune(r)
		n++
	}
	if n == 0 {
		t.Fatalf("no charmap %s in the data", name)
	}
	return tab
}

func TestFullSingleByteAgainstData(t *testing.T) {
	if len(sbFullSpecs) == 0 {
		t.Fatal("no full single-byte tables generated")
	}
	for _, s := range sbFullSpecs {
		name := strings.TrimPrefix(s.source, "glibc charmap ")
		tab := fullData(t, name)
		e, err := Lookup(s.key)
		if err != nil {
			t.Fatal(err)
		}
		if !e.IsSingleByte() || e.form().ascii {
			t.Errorf("%s: IsSingleByte %v, ascii %v", e, e.IsSingleByte(), e.form().ascii)
		}
		nonASCII := 0
		var all, want []byte
		for b := 0; b < 256; b++ {
			all = append(all, byte(b))
			r := tab[b]
			if r < 0 {
				r = utf8x.RuneError
			}
			if b < 0x80 && r != rune(b) {
				nonASCII++
			}
			want = utf8.AppendRune(want, r)
		}
		if name == "VISCII" && nonASCII != 6 {
			t.Errorf("VISCII: %d bytes below 80 are not ASCII in the data, want 6 (02 05 06 14 19 1E)", nonASCII)
		}
		got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, all)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: decoding 00-FF gives %q, %v; want %q", e, got, err, want)
		}
		// Every byte alone, strictly, between ASCII-looking letters.
		for b := 0; b < 256; b++ {
			in := []byte{'a', '\n', 'b', byte(b), 'c'}
			got, err := e.AppendDecode(nil, in)
			if tab[b] < 0 {
				checkErr(t, err, 3, 1, utf8x.Unmapped)
				continue
			}
			w := []rune{tab['a'], tab['\n'], tab['b'], tab[b], tab['c']}
			if err != nil || string(got) != string(w) {
				t.Errorf("%s: byte %02X in context decodes to %q, %v; want %q", e, b, got, err, string(w))
			}
		}
		// Every scalar value, ASCII included, under Skip: the bytes of those
		// the table has, first byte of a character winning; the BMP under
		// HTML.
		first := map[rune]byte{}
		for b := 255; b >= 0; b-- {
			if tab[b] >= 0 {
				first[tab[b]] = byte(b)
			}
		}
		var scalars []byte
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if r < 0xD800 || r > 0xDFFF {
				scalars = utf8.AppendRune(scalars, r)
			}
		}
		bmp := bytes.IndexRune(scalars, 0x10000)
		var wantSkip, wantHTML []byte
		for i, r := range string(scalars) {
			if b, ok := first[r]; ok {
				wantSkip = append(wantSkip, b)
				wantHTML = append(wantHTML, b)
			} else if i < bmp {
				for _, c := range []byte("&#" + strconv.Itoa(int(r)) + ";") {
					wantHTML = append(wantHTML, first[rune(c)])
				}
			}
		}
		got, err = e.WithPolicy(utf8x.Skip).AppendEncode(nil, scalars)
		if err != nil || !bytes.Equal(got, wantSkip) {
			t.Errorf("%s: encoding every scalar value under skip gives % X, %v; want % X", e, got, err, wantSkip)
		}
		got, err = e.WithPolicy(utf8x.HTML).AppendEncode(nil, scalars[:bmp])
		if err != nil || !bytes.Equal(got, wantHTML) {
			t.Errorf("%s: encoding the BMP under html differs (%v)", e, err)
		}
		// Strict: the first character it lacks is an error at its offset;
		// a C0 control VISCII gave to a letter is one.
		for _, r := range []rune{0x02, 0x20AC} {
			if _, ok := first[r]; ok {
				continue
			}
			_, err := e.AppendEncode(nil, []byte("ok\nx"+string(r)))
			checkErr(t, err, 4, utf8.RuneLen(r), utf8x.Unrepresentable)
		}
	}
}

// TestFullSingleByteAgainstIconv: glibc's iconv decodes every byte and
// encodes every scalar value as utf8x does. No difference is expected: the
// table is glibc's.
func TestFullSingleByteAgainstIconv(t *testing.T) {
	iconv, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv not found: the full single-byte tables are not compared with glibc's iconv")
	}
	run := func(from, to string, in []byte) []byte {
		cmd := exec.Command(iconv, "-c", "-f", from, "-t", to)
		cmd.Stdin = bytes.NewReader(in)
		out, err := cmd.Output()
		if _, exit := err.(*exec.ExitError); err != nil && !exit {
			t.Fatalf("iconv: %v", err)
		}
		return out
	}
	for _, s := range sbFullSpecs {
		name := strings.TrimPrefix(s.source, "glibc charmap ")
		e, _ := Lookup(s.key)
		// Every byte but 0A, each on a line of its own (0A is a line feed
		// in VISCII too, checked by itself), so that a byte iconv drops
		// cannot shift the others.
		var in, bs []byte
		for b := 0; b < 256; b++ {
			if b != '\n' {
				in = append(in, byte(b), '\n')
				bs = append(bs, byte(b))
			}
		}
		theirs := strings.Split(string(run(name, "UTF-8", in)), "\n")
		if len(theirs) < len(bs) {
			t.Fatalf("%s: iconv gave %d lines for %d bytes", name, len(theirs), len(bs))
		}
		if lf := run(name, "UTF-8", []byte("\n")); string(lf) != "\n" {
			t.Errorf("%s: iconv reads 0A as %q", name, lf)
		}
		decAgree := 0
		for i, b := range bs {
			ours, err := e.AppendDecode(nil, []byte{b})
			if err != nil {
				ours = nil
			}
			if string(ours) != theirs[i] {
				t.Errorf("%s byte %02X: utf8x %q, iconv %q", name, b, ours, theirs[i])
				continue
			}
			decAgree++
		}
		// Every scalar value, each on a line of its own.
		var text []byte
		for r := rune(0); r <= utf8.MaxRune; r++ {
			if (r < 0xD800 || r > 0xDFFF) && r != '\n' {
				text = append(utf8.AppendRune(text, r), '\n')
			}
		}
		theirB := bytes.Split(run("UTF-8", name, text), []byte{'\n'})
		ourB, err := e.WithPolicy(utf8x.Skip).AppendEncode(nil, text)
		if err != nil {
			t.Fatal(err)
		}
		ours := bytes.Split(ourB, []byte{'\n'})
		if len(ours) != len(theirB) {
			t.Fatalf("%s: %d lines encoded, iconv %d", name, len(ours), len(theirB))
		}
		encAgree, mapped := 0, 0
		for i := range ours {
			if !bytes.Equal(ours[i], theirB[i]) {
				t.Errorf("%s: line %d encodes to % X, iconv % X", name, i, ours[i], theirB[i])
				continue
			}
			encAgree++
			if len(ours[i]) > 0 {
				mapped++
			}
		}
		t.Logf("%s vs iconv: %d bytes decode alike, %d scalar values encode alike (%d of them to a byte)", name, decAgree, encAgree, mapped)
		if mapped < 250 {
			t.Errorf("%s: only %d characters encoded: the comparison is broken", name, mapped)
		}
	}
}

// FuzzFullSingleByte: any bytes decode under Replace to valid UTF-8, and
// strictly to text that encodes back to the same bytes when the table is
// one-to-one (VISCII's is); any UTF-8 encodes under every non-strict
// policy.
func FuzzFullSingleByte(f *testing.F) {
	f.Add([]byte("Vi\xd6t \x02\x05\x06\x14\x19\x1e\n\x00\xff"), uint8(0))
	f.Add([]byte("Ti\xe1\xba\xbfng Vi\xe1\xbb\x87t \x02 \xe2\x82\xac"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		s := &sbFullSpecs[int(which)%len(sbFullSpecs)]
		e, _ := Lookup(s.key)
		text, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, data)
		if err != nil || !utf8.Valid(text) {
			t.Fatalf("%s replace decode of % X: %q, %v", e, data, text, err)
		}
		if strict, err := e.AppendDecode(nil, data); err == nil {
			back, err := e.AppendEncode(nil, strict)
			if err != nil || !bytes.Equal(back, data) {
				t.Fatalf("%s: % X -> %q -> % X, %v", e, data, strict, back, err)
			}
		}
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.HTML} {
			if _, err := e.WithPolicy(p).AppendEncode(nil, data); err != nil {
				t.Fatalf("%s %s encode of % X: %v", e, p, data, err)
			}
		}
	})
}
