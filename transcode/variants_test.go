package transcode

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
	"golang.org/x/text/transform"
)

// Shared machinery of the variant tables (cesu8_test.go, mutf8_test.go,
// wtf8_test.go, legacy_test.go). Expected bytes in those tables are written by
// hand from each form's definition, never computed by the code under test.

// h reads bytes written as "ED A0 80".
func h(s string) []byte {
	var p []byte
	for _, f := range strings.Fields(s) {
		b, err := strconv.ParseUint(f, 16, 8)
		if err != nil {
			panic("bad hex " + f)
		}
		p = append(p, byte(b))
	}
	return p
}

// variantChar is one value and its bytes in a form.
type variantChar struct {
	r   rune
	hex string
}

// variantFault is an input and the first ill-formed unit in it.
type variantFault struct {
	hex  string
	off  int
	n    int
	kind utf8x.ErrorKind
}

func isScalar(r rune) bool { return r >= 0 && r <= utf8x.MaxRune && (r < 0xD800 || r > 0xDFFF) }

// checkChars checks each value both ways: the form writes it as the given
// bytes (from UTF-8 when it is a scalar value, with the form's own encoder
// otherwise), those bytes are well-formed and one character, and they convert
// to UTF-8 as the value or, when it is not a scalar value, as an
// Unrepresentable unit that names it.
func checkChars(t *testing.T, e Encoding, table []variantChar) {
	t.Helper()
	for _, c := range table {
		want := h(c.hex)
		if isScalar(c.r) {
			got, err := e.AppendEncode(nil, utf8.AppendRune(nil, c.r))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: U+%04X encodes as % X, %v; want % X", e, c.r, got, err, want)
			}
		} else {
			buf := make([]byte, 8)
			n := e.form().encode(buf, c.r)
			if n < 0 || !bytes.Equal(buf[:n], want) {
				t.Errorf("%s: encode(U+%04X) = % X (%d); want % X", e, c.r, buf[:max(n, 0)], n, want)
			}
		}
		if off, n, kind := e.FirstInvalid(want, true); n != 0 || off != len(want) {
			t.Errorf("%s: % X ill-formed at %d (%d bytes, %v)", e, want, off, n, kind)
		}
		if got := e.RuneCount(want); got != 1 {
			t.Errorf("%s: RuneCount(% X) = %d, want 1", e, want, got)
		}
		// Each proper prefix is incomplete in a stream and truncated at its end.
		for k := 1; k < len(want); k++ {
			if off, n, _ := e.FirstInvalid(want[:k], false); n != 0 || off != 0 {
				t.Errorf("%s: % X mid-stream: %d, %d, want 0, 0 (wait for more)", e, want[:k], off, n)
			}
			if _, n, _ := e.FirstInvalid(want[:k], true); n == 0 {
				t.Errorf("%s: % X at the end is well-formed", e, want[:k])
			}
		}
		got, err := e.AppendDecode(nil, want)
		if isScalar(c.r) {
			if err != nil || string(got) != string(c.r) {
				t.Errorf("%s: % X decodes to %q, %v; want U+%04X", e, want, got, err, c.r)
			}
			continue
		}
		var te *Error
		if !errors.As(err, &te) || te.Kind != utf8x.Unrepresentable || te.Rune != c.r || te.Offset != 0 || te.Len != len(want) {
			t.Errorf("%s: % X to UTF-8 gives %q, %v; want unrepresentable U+%04X", e, want, got, err, c.r)
		}
		if got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, want); err != nil || string(got) != "\uFFFD" {
			t.Errorf("%s: % X to UTF-8 under replace gives %q, %v", e, want, got, err)
		}
		// The form itself holds it.
		if got, err := NewConverter(e, e, utf8x.Strict, utf8x.BOMKeep).Append(nil, want); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s to itself: % X gives % X, %v", e, want, got, err)
		}
	}
}

// checkFaults checks the first ill-formed unit of each input, by validation
// and by a strict conversion to UTF-8, and that the Replace policy writes
// U+FFFD for it.
func checkFaults(t *testing.T, e Encoding, table []variantFault) {
	t.Helper()
	for _, c := range table {
		in := h(c.hex)
		if off, n, kind := e.FirstInvalid(in, true); off != c.off || n != c.n || kind != c.kind {
			t.Errorf("%s: FirstInvalid(% X) = %d, %d, %v; want %d, %d, %v", e, in, off, n, kind, c.off, c.n, c.kind)
		}
		err := e.Validate(in)
		var te *Error
		if !errors.As(err, &te) || te.Offset != c.off || te.Len != c.n || te.Kind != c.kind || !bytes.Equal(te.Bytes(), in[c.off:c.off+c.n]) {
			t.Errorf("%s: Validate(% X) = %v", e, in, err)
		}
		_, err = e.AppendDecode(nil, in)
		if !errors.As(err, &te) || te.Offset != c.off || te.Len != c.n || te.Kind != c.kind {
			t.Errorf("%s: decoding % X: %v; want %v at %d (%d bytes)", e, in, err, c.kind, c.off, c.n)
		}
		got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
		if err != nil || !strings.Contains(string(got), "\uFFFD") || !utf8.Valid(got) {
			t.Errorf("%s: replace on % X gives %q, %v", e, in, got, err)
		}
	}
}

// checkStreamCuts converts in through transform.NewReader, the input arriving
// in two pieces cut at every offset and then one byte at a time, and compares
// with the slice conversion.
func checkStreamCuts(t *testing.T, c *Converter, in []byte) {
	t.Helper()
	want, wantErr := c.Append(nil, in)
	c.Reset()
	for k := 0; k <= len(in); k++ {
		r := io.MultiReader(bytes.NewReader(in[:k]), bytes.NewReader(in[k:]))
		got, err := io.ReadAll(transform.NewReader(r, c))
		if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
			t.Errorf("%v on % X cut at %d: % X, %v; want % X, %v", c, in, k, got, err, want, wantErr)
		}
	}
	got, err := io.ReadAll(transform.NewReader(iotest.OneByteReader(bytes.NewReader(in)), c))
	if !bytes.Equal(got, want) || !sameErr(err, wantErr) {
		t.Errorf("%v on % X a byte at a time: % X, %v; want % X, %v", c, in, got, err, want, wantErr)
	}
}

// allScalars is every Unicode scalar value in order, as UTF-8.
func allScalars() []byte {
	var p []byte
	for r := rune(0); r <= utf8x.MaxRune; r++ {
		if isScalar(r) {
			p = utf8.AppendRune(p, r)
		}
	}
	return p
}

// checkEveryScalar converts every scalar value to e and back, with the
// expected length of each value's encoding given by size.
func checkEveryScalar(t *testing.T, e Encoding, size func(r rune) int) {
	text := allScalars()
	enc, err := e.AppendEncode(nil, text)
	if err != nil {
		t.Fatalf("%s: encoding every scalar value: %v", e, err)
	}
	want := 0
	for r := rune(0); r <= utf8x.MaxRune; r++ {
		if isScalar(r) {
			want += size(r)
		}
	}
	if len(enc) != want {
		t.Errorf("%s: every scalar value takes %d bytes, want %d", e, len(enc), want)
	}
	if !e.Valid(enc) || e.RuneCount(enc) != utf8.RuneCount(text) {
		t.Errorf("%s: the encoding of every scalar value is not valid, or miscounted (%d)", e, e.RuneCount(enc))
	}
	back, err := e.AppendDecode(nil, enc)
	if err != nil || !bytes.Equal(back, text) {
		t.Fatalf("%s: every scalar value does not come back: %v", e, err)
	}
	useKernels = false
	defer func() { useKernels = true }()
	slow, err := e.AppendEncode(nil, text)
	if err != nil || !bytes.Equal(slow, enc) {
		t.Fatalf("%s: the per-unit encoder differs from the kernel: %v", e, err)
	}
	back, err = e.AppendDecode(nil, enc)
	if err != nil || !bytes.Equal(back, text) {
		t.Fatalf("%s: the per-unit decoder differs from the kernel: %v", e, err)
	}
}

// variantInputs are inputs for the split tests: characters of every length in
// every form, and faults of every variant.
var variantInputs = []string{
	"a\u00e9\u20ac\U0001F600z",
	"\xed\xa0\xbd\xed\xb8\x80!",                    // CESU-8 U+1F600
	"x\xc0\x80y\x00",                               // MUTF-8 U+0000, and a raw NUL
	"\xed\xa0\x80a\xed\xb0\x80",                    // lone surrogates
	"\xed\xa0\x80\xed\xb0\x80\xed\xa0",             // a 3+3 pair, then a cut-off surrogate
	"\xfd\xbf\xbf\xbf\xbf\xbf\xf8\x88\x80\x80\x80", // legacy 6 and 5 bytes
	"\xfc\x84\x80\x80\x80",                         // legacy 6 bytes cut off
	"\xf4\x90\x80\x80\xf0\x90\x80\x80\xc1\xbf",
}

// TestVariantSplit: each variant to and from UTF-8 and UTF-16, under every
// policy, cut at every byte, gives the slice conversion's output and error.
func TestVariantSplit(t *testing.T) {
	for _, e := range []Encoding{CESU8, MUTF8, WTF8, UTF8Legacy} {
		for _, in := range variantInputs {
			for k := 0; k <= len(in); k++ {
				checkSplit(t, e, []byte(in), []int{k})
			}
			for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.Escape} {
				checkStreamCuts(t, NewConverter(e, UTF8, p, utf8x.BOMKeep), []byte(in))
				checkStreamCuts(t, NewConverter(UTF8, e, p, utf8x.BOMKeep), []byte(in))
				checkStreamCuts(t, NewConverter(e, UTF16LE, p, utf8x.BOMKeep), []byte(in))
				checkStreamCuts(t, NewConverter(e, e, p, utf8x.BOMKeep), []byte(in))
			}
		}
	}
}

// TestVariantValidateStream: FirstInvalid fed a stream in pieces finds the
// same units as on the whole input.
func TestVariantValidateStream(t *testing.T) {
	for _, e := range []Encoding{CESU8, MUTF8, WTF8, UTF8Legacy} {
		for _, in := range variantInputs {
			want := faults(e, []byte(in), len(in))
			for k := 0; k <= len(in); k++ {
				if got := faults(e, []byte(in), k); got != want {
					t.Errorf("%s: % X cut at %d: %s; want %s", e, in, k, got, want)
				}
			}
		}
	}
}

// faults lists the ill-formed units of in, read as a stream in two pieces cut
// at k: a unit left incomplete at the end of a piece is carried to the next.
func faults(e Encoding, in []byte, k int) string {
	var b strings.Builder
	base, carry := 0, []byte(nil)
	report := func(p []byte, atEOF bool) []byte {
		for {
			off, n, kind := e.FirstInvalid(p, atEOF)
			if n == 0 {
				base += off
				return append([]byte(nil), p[off:]...)
			}
			b.WriteString(strconv.Itoa(base+off) + ":" + kind.String() + " ")
			base += off + n
			p = p[off+n:]
		}
	}
	carry = report(in[:k], false)
	carry = report(append(carry, in[k:]...), false)
	if rest := report(carry, true); len(rest) != 0 {
		b.WriteString("left over")
	}
	return b.String()
}
