package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/utf8x/utf8x/internal/testsample"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

func TestEveryRuneRoundTrips(t *testing.T) {
	var buf, std [utf8.UTFMax]byte
	for r := rune(-1); r <= utf8x.MaxRune+1; r++ {
		if got, want := utf8x.RuneLen(r), utf8.RuneLen(r); got != want {
			t.Fatalf("RuneLen(%U) = %d, unicode/utf8 says %d", r, got, want)
		}
		if got, want := utf8x.ValidRune(r), utf8.ValidRune(r); got != want {
			t.Fatalf("ValidRune(%U) = %v, unicode/utf8 says %v", r, got, want)
		}
		n := utf8x.EncodeRune(buf[:], r)
		m := utf8.EncodeRune(std[:], r)
		if !bytes.Equal(buf[:n], std[:m]) {
			t.Fatalf("EncodeRune(%U) = % X, unicode/utf8 gives % X", r, buf[:n], std[:m])
		}
		if got := utf8x.AppendRune([]byte("x"), r); !bytes.Equal(got[1:], std[:m]) || got[0] != 'x' {
			t.Fatalf("AppendRune(%U) = % X", r, got)
		}
		if !utf8.ValidRune(r) {
			continue
		}
		enc := buf[:n]
		if got, size := utf8x.DecodeRune(enc); got != r || size != n {
			t.Fatalf("DecodeRune(% X) = %U, %d; want %U, %d", enc, got, size, r, n)
		}
		if got, size := utf8x.DecodeRuneInString(string(enc)); got != r || size != n {
			t.Fatalf("DecodeRuneInString(% X) = %U, %d", enc, got, size)
		}
		if got, size := utf8x.DecodeLastRune(enc); got != r || size != n {
			t.Fatalf("DecodeLastRune(% X) = %U, %d", enc, got, size)
		}
		if !utf8x.FullRune(enc) || utf8x.FullRune(enc[:n-1]) && n > 1 {
			t.Fatalf("FullRune wrong for % X or its prefix", enc)
		}
		if !utf8x.Valid(enc) || utf8x.UTF16Len(enc) != len(utf16.Encode([]rune{r})) {
			t.Fatalf("Valid/UTF16Len wrong for %U", r)
		}
	}
}

// checkAgainstReference compares every scanning entry point with the ABNF reference.
func checkAgainstReference(t *testing.T, p []byte) {
	t.Helper()
	wantOff, wantLen, wantKind := refFirstInvalid(p)
	off, n, kind := utf8x.FirstInvalid(p)
	if off != wantOff || n != wantLen || (n > 0 && kind.String() != wantKind) {
		t.Fatalf("FirstInvalid(% X) = %d, %d, %v; reference says %d, %d, %s", p, off, n, kind, wantOff, wantLen, wantKind)
	}
	if got := utf8x.Valid(p); got != (wantLen == 0) {
		t.Fatalf("Valid(% X) = %v", p, got)
	}
	if got := utf8x.ValidString(string(p)); got != (wantLen == 0) {
		t.Fatalf("ValidString(% X) = %v", p, got)
	}
	if utf8.Valid(p) != (wantLen == 0) {
		t.Fatalf("reference and unicode/utf8 disagree on % X", p)
	}
}

// TestAllSequencesUpTo3Bytes compares every sequence of 1 to 3 bytes with the
// reference; under -short the third byte runs over the boundary bytes and a
// twelfth of the others.
func TestAllSequencesUpTo3Bytes(t *testing.T) {
	p := make([]byte, 3)
	for a := 0; a < 256; a++ {
		checkAgainstReference(t, []byte{byte(a)})
		for b := 0; b < 256; b++ {
			checkAgainstReference(t, []byte{byte(a), byte(b)})
			for c := 0; c < 256; c++ {
				if !isBoundaryByte[c] && !testsample.Sampled(12, a, b, c) {
					continue // -short: every boundary byte, and a sample of the rest
				}
				p[0], p[1], p[2] = byte(a), byte(b), byte(c)
				checkAgainstReference(t, p)
			}
		}
	}
}

// isBoundaryByte marks the boundaryBytes.
var isBoundaryByte = func() (m [256]bool) {
	for _, b := range boundaryBytes {
		m[b] = true
	}
	return m
}()

// boundaryBytes covers every edge of the ranges in RFC 3629's ABNF.
var boundaryBytes = []byte{0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
	0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF}

func TestFourByteSequencesStratified(t *testing.T) {
	p := make([]byte, 4)
	for _, a := range boundaryBytes {
		for _, b := range boundaryBytes {
			for _, c := range boundaryBytes {
				for _, d := range boundaryBytes {
					p[0], p[1], p[2], p[3] = a, b, c, d
					checkAgainstReference(t, p)
					checkDecomposition(t, p)
				}
			}
		}
	}
}

// checkDecomposition checks DecodeRune, DecodeLastRune, the iterators, the
// counts and StartOfRune against the reference decomposition of p.
func checkDecomposition(t *testing.T, p []byte) {
	t.Helper()
	want := refDecompose(p)
	i := 0
	for _, e := range want {
		r, size := utf8x.DecodeRune(p[i:])
		if size != e.n || (e.kind != "") != (r == utf8.RuneError && !(size == 3 && bytes.Equal(p[i:i+3], []byte("\uFFFD")))) {
			t.Fatalf("DecodeRune(% X) at %d = %U, %d; want width %d (%q)", p, i, r, size, e.n, e.kind)
		}
		if e.kind == "" {
			if want, _ := utf8.DecodeRune(p[i:]); r != want {
				t.Fatalf("DecodeRune(% X) at %d = %U, unicode/utf8 says %U", p, i, r, want)
			}
		}
		i += size
	}
	// Backwards: the same elements in reverse.
	end := len(p)
	for k := len(want) - 1; k >= 0; k-- {
		_, size := utf8x.DecodeLastRune(p[:end])
		if _, size2 := utf8x.DecodeLastRuneInString(string(p[:end])); size2 != size {
			t.Fatalf("DecodeLastRuneInString disagrees with DecodeLastRune on % X", p[:end])
		}
		if end-size != want[k].off {
			t.Fatalf("DecodeLastRune(% X) width %d, want element at %d of width %d", p[:end], size, want[k].off, want[k].n)
		}
		end -= size
	}
	var offs []int
	for off, r := range utf8x.Runes(p) {
		offs = append(offs, off)
		_ = r
	}
	var soffs []int
	for off := range utf8x.Runes(string(p)) {
		soffs = append(soffs, off)
	}
	if len(offs) != len(want) || !slices.Equal(offs, soffs) {
		t.Fatalf("Runes(% X) offsets %v / %v, want %d elements", p, offs, soffs, len(want))
	}
	for k, e := range want {
		if offs[k] != e.off {
			t.Fatalf("Runes(% X) offsets %v, want element %d at %d", p, offs, k, e.off)
		}
		for j := e.off; j < e.off+e.n; j++ {
			if got := utf8x.StartOfRune(p, j); got != e.off {
				t.Fatalf("StartOfRune(% X, %d) = %d, want %d", p, j, got, e.off)
			}
			if got := utf8x.StartOfRuneString(string(p), j); got != e.off {
				t.Fatalf("StartOfRuneString(% X, %d) = %d, want %d", p, j, got, e.off)
			}
		}
	}
	if got := utf8x.RuneCount(p); got != len(want) {
		t.Fatalf("RuneCount(% X) = %d, want %d", p, got, len(want))
	}
	if got := utf8x.RuneCountInString(string(p)); got != len(want) {
		t.Fatalf("RuneCountInString(% X) = %d, want %d", p, got, len(want))
	}
}

func TestErrorTable(t *testing.T) {
	tests := []struct {
		name string
		in   string
		off  int
		n    int
		kind utf8x.ErrorKind
	}{
		{"euro sign is valid", "\xE2\x82\xAC", 3, 0, 0},
		{"seed example: A≢Α. is valid", "A\xE2\x89\xA2\xCE\x91.", 7, 0, 0},
		{"seed example: Korean is valid", "\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", 9, 0, 0},
		{"seed example: Japanese is valid", "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", 9, 0, 0},
		{"U+10FFFF is the last valid", "\xF4\x8F\xBF\xBF", 4, 0, 0},
		{"U+D7FF is valid", "\xED\x9F\xBF", 3, 0, 0},
		{"U+E000 is valid", "\xEE\x80\x80", 3, 0, 0},
		{"BOM is valid text", "\xEF\xBB\xBFa", 4, 0, 0},
		{"overlong slash C0 AF", "\xC0\xAF", 0, 1, utf8x.Overlong},
		{"overlong C1", "a\xC1\xBF", 1, 1, utf8x.Overlong},
		{"overlong E0 80 AF", "\xE0\x80\xAF", 0, 1, utf8x.Overlong},
		{"overlong E0 9F BF", "\xE0\x9F\xBF", 0, 1, utf8x.Overlong},
		{"overlong F0 80 80 AF", "\xF0\x80\x80\xAF", 0, 1, utf8x.Overlong},
		{"overlong F0 8F BF BF", "\xF0\x8F\xBF\xBF", 0, 1, utf8x.Overlong},
		{"surrogate ED A0 80 (U+D800)", "\xED\xA0\x80", 0, 1, utf8x.Surrogate},
		{"surrogate ED BF BF (U+DFFF)", "xy\xED\xBF\xBF", 2, 1, utf8x.Surrogate},
		{"too large F4 90 80 80", "\xF4\x90\x80\x80", 0, 1, utf8x.TooLarge},
		{"too large F5", "\xF5\x80\x80\x80", 0, 1, utf8x.TooLarge},
		{"too large F7", "\xF7", 0, 1, utf8x.TooLarge},
		{"truncated euro at end", "abc\xE2\x82", 3, 2, utf8x.Truncated},
		{"truncated euro mid-input", "\xE2\x82A", 0, 2, utf8x.Truncated},
		{"truncated emoji F0 9F 98", "\xF0\x9F\x98", 0, 3, utf8x.Truncated},
		{"truncated lead alone", "\xC3", 0, 1, utf8x.Truncated},
		{"truncated lead before ASCII", "\xC3A", 0, 1, utf8x.Truncated},
		{"truncated E0 A0 then lead", "\xE0\xA0\xC3\xA9", 0, 2, utf8x.Truncated},
		{"truncated F4 8F BF at end", "\xF4\x8F\xBF", 0, 3, utf8x.Truncated},
		{"lone continuation", "a\x80b", 1, 1, utf8x.UnexpectedContinuation},
		{"continuation after character", "\xC3\xA9\xA9", 2, 1, utf8x.UnexpectedContinuation},
		{"F8 never occurs", "\xF8\x88\x80\x80\x80", 0, 1, utf8x.InvalidByte},
		{"FE never occurs", "\xFE", 0, 1, utf8x.InvalidByte},
		{"FF never occurs", "ok\xFF", 2, 1, utf8x.InvalidByte},
		{"legacy 5-byte form", "\xFB\xBF\xBF\xBF\xBF", 0, 1, utf8x.InvalidByte},
		{"Windows-1252 curly quote", "\x93quoted\x94", 0, 1, utf8x.UnexpectedContinuation},
		{"Latin-1 é alone", "caf\xE9", 3, 1, utf8x.Truncated},
		{"Latin-1 é before space", "caf\xE9 au lait", 3, 1, utf8x.Truncated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := utf8x.ValidateString(tt.in)
			serr := utf8x.Validate([]byte(tt.in))
			if tt.n == 0 {
				if err != nil || serr != nil {
					t.Fatalf("Validate(% X) = %v, want nil", tt.in, err)
				}
				return
			}
			var e *utf8x.Error
			if !errors.As(err, &e) {
				t.Fatalf("Validate(% X) = %v, want *Error", tt.in, err)
			}
			if e.Offset != tt.off || e.Len != tt.n || e.Kind != tt.kind {
				t.Fatalf("Validate(% X) = {%d %d %v}, want {%d %d %v}", tt.in, e.Offset, e.Len, e.Kind, tt.off, tt.n, tt.kind)
			}
			if !bytes.Equal(e.Bytes(), []byte(tt.in[tt.off:tt.off+tt.n])) {
				t.Fatalf("Error.Bytes() = % X", e.Bytes())
			}
			if fmt.Sprint(serr) != fmt.Sprint(err) {
				t.Fatalf("Validate and ValidateString differ: %v vs %v", serr, err)
			}
			if r, size := utf8x.DecodeRuneInString(tt.in[tt.off:]); r != utf8.RuneError || size != tt.n {
				t.Fatalf("DecodeRune at the error = %U, %d; want U+FFFD, %d", r, size, tt.n)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	err := utf8x.ValidateString("price: 10\xE2\x82")
	const want = "invalid UTF-8 at byte 9: truncated (E2 82)"
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
	for name, kind := range map[string]utf8x.ErrorKind{
		"overlong": utf8x.Overlong, "surrogate": utf8x.Surrogate, "too-large": utf8x.TooLarge,
		"truncated": utf8x.Truncated, "unexpected-continuation": utf8x.UnexpectedContinuation,
		"invalid-byte": utf8x.InvalidByte,
	} {
		if kind.String() != name {
			t.Errorf("%d.String() = %q, want %q", kind, kind.String(), name)
		}
	}
}

// backgrounds are texts an error is injected into, one per encoded length.
var backgrounds = []string{"plain ascii text ", "éèçàöüß ", "日本語のテキスト", "😀🎉🚀🌍", "aé日😀"}

// faults are one example of every error kind, with the reference's subpart length.
var faults = []string{"\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF5",
	"\xE2\x82", "\xF0\x9F\x98", "\xC3", "\x80", "\xBF\xBF", "\xFF", "\xF8"}

func TestErrorsAtEveryPosition(t *testing.T) {
	for _, bg := range backgrounds {
		base := bytes.Repeat([]byte(bg), 12)
		for _, f := range faults {
			for pos := 0; pos <= len(base); pos++ {
				start := utf8x.StartOfRune(base, pos)
				p := slices.Concat(base[:start], []byte(f), base[start:])
				checkAgainstReference(t, p)
				if off, _, _ := utf8x.FirstInvalid(p); off != start {
					t.Fatalf("fault % X inserted at %d found at %d", f, start, off)
				}
				p = slices.Concat(base[:start], []byte(f)) // at the very end
				checkAgainstReference(t, p)
			}
		}
	}
}

func TestRandomInputsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := append(slices.Clone(faults), backgrounds...)
	for range 20000 {
		var p []byte
		for range rng.IntN(12) {
			if rng.IntN(3) == 0 {
				p = append(p, byte(rng.IntN(256)))
			} else {
				p = append(p, pieces[rng.IntN(len(pieces))]...)
			}
		}
		checkAgainstReference(t, p)
		checkDecomposition(t, p)
	}
}

func TestTruncate(t *testing.T) {
	in := "aé日😀\xE2\x82b"
	p := []byte(in)
	elems := refDecompose(p)
	for n := -1; n <= len(p)+1; n++ {
		want := 0
		for _, e := range elems {
			if e.off+e.n <= n {
				want = e.off + e.n
			}
		}
		if n >= len(p) {
			want = len(p)
		}
		if got := utf8x.Truncate(p, n); len(got) != want {
			t.Errorf("Truncate(%q, %d) has %d bytes, want %d", in, n, len(got), want)
		}
		if got := utf8x.TruncateString(in, n); len(got) != want {
			t.Errorf("TruncateString(%q, %d) has %d bytes, want %d", in, n, len(got), want)
		}
	}
}

func TestASCII(t *testing.T) {
	p := []byte("0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!")
	for n := 0; n <= len(p); n++ {
		if !utf8x.IsASCII(p[:n]) || utf8x.ASCIIPrefix(p[:n]) != n || utf8x.ASCIIPrefixString(string(p[:n])) != n {
			t.Fatalf("ASCII prefix of length %d not recognised", n)
		}
		for _, b := range []byte{0x80, 0xC3, 0xFF} {
			q := slices.Clone(p)
			if n < len(q) {
				q[n] = b
				if utf8x.IsASCII(q) || utf8x.IsASCIIString(string(q)) || utf8x.ASCIIPrefix(q) != n {
					t.Fatalf("byte %02X at %d: IsASCII=%v ASCIIPrefix=%d", b, n, utf8x.IsASCII(q), utf8x.ASCIIPrefix(q))
				}
			}
		}
	}
}

func TestChunks(t *testing.T) {
	in := "ok\xC0\xAFé\xED\xA0\x80\xF0\x9F\x98"
	type c struct{ valid, invalid, kind string }
	want := []c{{"ok", "\xC0", "overlong"}, {"", "\xAF", "unexpected-continuation"}, {"é", "\xED", "surrogate"},
		{"", "\xA0", "unexpected-continuation"}, {"", "\x80", "unexpected-continuation"}, {"", "\xF0\x9F\x98", "truncated"}}
	var got []c
	for ch := range utf8x.Chunks(in) {
		got = append(got, c{ch.Valid, ch.Invalid, ch.Kind.String()})
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Chunks = %q\nwant %q", got, want)
	}
	var joined []byte
	n := 0
	for ch := range utf8x.Chunks([]byte(in + "tail")) {
		joined = append(append(joined, ch.Valid...), ch.Invalid...)
		n++
		if len(ch.Invalid) == 0 && ch.Kind != 0 {
			t.Fatal("kind without invalid bytes")
		}
	}
	if string(joined) != in+"tail" || n != len(want)+1 {
		t.Fatalf("Chunks does not cover the input: %q in %d chunks", joined, n)
	}
	for range utf8x.Chunks([]byte(nil)) {
		t.Fatal("empty input yields a chunk")
	}
	// A defined type keeps its type in the chunks and the same split.
	type raw []byte
	var gotRaw []c
	for ch := range utf8x.Chunks(raw(in)) {
		var v, i raw = ch.Valid, ch.Invalid
		gotRaw = append(gotRaw, c{string(v), string(i), ch.Kind.String()})
	}
	if !slices.Equal(gotRaw, want) {
		t.Fatalf("Chunks(raw) = %q\nwant %q", gotRaw, want)
	}
	for range utf8x.Chunks([]byte(in)) {
		break // stopping early must not panic
	}
}

func TestFullRune(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", false}, {"a", true}, {"\xC3", false}, {"\xC3\xA9", true}, {"\xE2\x82", false},
		{"\xE2\x82\xAC", true}, {"\xF0\x9F\x98", false}, {"\xE0\x80", true}, {"\xED\xA0", true},
		{"\xC3A", true}, {"\x80", true}, {"\xFF", true}, {"\xF4\x90", true}, {"\xF4\x8F", false},
	}
	for _, tt := range tests {
		if got := utf8x.FullRune([]byte(tt.in)); got != tt.want {
			t.Errorf("FullRune(% X) = %v, want %v", tt.in, got, tt.want)
		}
		if got := utf8x.FullRuneInString(tt.in); got != tt.want {
			t.Errorf("FullRuneInString(% X) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestEmpty(t *testing.T) {
	if r, n := utf8x.DecodeRune(nil); r != utf8.RuneError || n != 0 {
		t.Errorf("DecodeRune(nil) = %U, %d", r, n)
	}
	if r, n := utf8x.DecodeLastRuneInString(""); r != utf8.RuneError || n != 0 {
		t.Errorf("DecodeLastRuneInString(\"\") = %U, %d", r, n)
	}
	if !utf8x.Valid(nil) || utf8x.Validate(nil) != nil || utf8x.RuneCount(nil) != 0 || !utf8x.IsASCII(nil) {
		t.Error("empty input must be valid ASCII with no characters")
	}
}

func TestCountsOnCorpusLikeText(t *testing.T) {
	for _, s := range append(backgrounds, "mixed: aé日😀 and more") {
		p := []byte(s)
		if got, want := utf8x.RuneCount(p), utf8.RuneCount(p); got != want {
			t.Errorf("RuneCount(%q) = %d, want %d", s, got, want)
		}
		if got, want := utf8x.UTF16LenString(s), len(utf16.Encode([]rune(s))); got != want {
			t.Errorf("UTF16Len(%q) = %d, want %d", s, got, want)
		}
	}
	// Each maximal subpart is one U+FFFD: one character, one UTF-16 unit.
	if got := utf8x.UTF16LenString("😀\xF0\x9F\x98x"); got != 2+1+1 {
		t.Errorf("UTF16Len with a truncated emoji = %d, want 4", got)
	}
}

func TestDecodeKind(t *testing.T) {
	tests := []struct {
		in   string
		r    rune
		size int
		kind utf8x.ErrorKind
	}{
		{"\uFFFD", utf8.RuneError, 3, 0}, // a real U+FFFD is not an error
		{"\xF0\x90\x80", utf8.RuneError, 3, utf8x.Truncated},
		{"\xE2\x82\xAC", '€', 3, 0},
		{"\xC0\xAF", utf8.RuneError, 1, utf8x.Overlong},
		{"", utf8.RuneError, 0, 0},
	}
	for _, tt := range tests {
		r, size, kind := utf8x.Decode([]byte(tt.in))
		r2, size2, kind2 := utf8x.DecodeString(tt.in)
		if r != tt.r || size != tt.size || kind != tt.kind || r2 != r || size2 != size || kind2 != kind {
			t.Errorf("Decode(% X) = %U, %d, %v; want %U, %d, %v", tt.in, r, size, kind, tt.r, tt.size, tt.kind)
		}
	}
}
