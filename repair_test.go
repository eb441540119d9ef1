package utf8x_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/text/encoding/unicode"

	"github.com/utf8x/utf8x"
)

// nonStrict lists every policy that always produces output, with a custom
// replacement string among them.
var nonStrict = []utf8x.Policy{
	utf8x.Replace, utf8x.ReplaceWith("?"), utf8x.Skip, utf8x.Escape, utf8x.FallbackCP1252, utf8x.FallbackLatin1,
}

var allPolicies = append([]utf8x.Policy{utf8x.Strict}, nonStrict...)

func policyName(p utf8x.Policy) string {
	if p.Action() == utf8x.ActionReplace && p.Replacement() != "\uFFFD" {
		return "replace=" + p.Replacement()
	}
	return p.String()
}

// The examples of the Unicode Standard, chapter 3, section "U+FFFD Substitution
// of Maximal Subparts" (Tables 3-8 to 3-11 of Unicode 15/16, and the example
// of the older "Use of U+FFFD in UTF-8 Conversion" table). Each expected output
// is written out by hand from the standard's description: one U+FFFD per
// maximal subpart, where a maximal subpart is the longest prefix of a valid
// sequence, or a single byte when no such prefix exists.
func TestUnicodeStandardExamples(t *testing.T) {
	const R = "\uFFFD"
	tests := []struct {
		name, in, want string
		n              int
	}{
		{"non-shortest forms", "\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41",
			R + R + R + R + R + R + R + R + "A", 8},
		{"surrogates", "\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41",
			R + R + R + R + R + R + R + R + "A", 8},
		{"out of range and other", "\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42",
			R + R + R + R + R + "A" + R + R + "B", 7},
		{"truncated sequences", "\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41",
			R + R + R + R + "A", 4},
		{"older table", "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64",
			"a" + R + R + R + "b" + R + "c" + R + R + "d", 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n, err := utf8x.AppendValid(nil, []byte(tt.in), utf8x.Replace)
			if err != nil || string(got) != tt.want || n != tt.n {
				t.Errorf("AppendValid(% X, Replace) = %+q, %d, %v; want %+q, %d, nil", tt.in, got, n, err, tt.want, tt.n)
			}
			s, n, err := utf8x.ToValidString(tt.in, utf8x.Replace)
			if err != nil || s != tt.want || n != tt.n {
				t.Errorf("ToValidString(% X, Replace) = %+q, %d, %v; want %+q, %d, nil", tt.in, s, n, err, tt.want, tt.n)
			}
		})
	}
}

// policyCase is one input with its expected output under every policy, written
// by hand. strictOff, strictLen and strictKind describe the first error.
type policyCase struct {
	name                          string
	in                            string
	replace, skip, escape, latin1 string
	cp1252                        string
	n                             int
	strictOff, strictLen          int
	strictKind                    utf8x.ErrorKind
}

var policyCases = []policyCase{
	{name: "overlong lead", in: "a\xC0b",
		replace: "a\uFFFDb", skip: "ab", escape: `a\xc0b`, latin1: "a\u00C0b", cp1252: "a\u00C0b",
		n: 1, strictOff: 1, strictLen: 1, strictKind: utf8x.Overlong},
	{name: "overlong E0", in: "a\xE0\x80b",
		replace: "a\uFFFD\uFFFDb", skip: "ab", escape: `a\xe0\x80b`, latin1: "a\u00E0\u0080b", cp1252: "a\u00E0\u20ACb",
		n: 2, strictOff: 1, strictLen: 1, strictKind: utf8x.Overlong},
	{name: "surrogate", in: "a\xED\xA0\x80b",
		replace: "a\uFFFD\uFFFD\uFFFDb", skip: "ab", escape: `a\xed\xa0\x80b`,
		latin1: "a\u00ED\u00A0\u0080b", cp1252: "a\u00ED\u00A0\u20ACb",
		n: 3, strictOff: 1, strictLen: 1, strictKind: utf8x.Surrogate},
	{name: "too large F4", in: "a\xF4\x90\x80\x80b",
		replace: "a\uFFFD\uFFFD\uFFFD\uFFFDb", skip: "ab", escape: `a\xf4\x90\x80\x80b`,
		latin1: "a\u00F4\u0090\u0080\u0080b", cp1252: "a\u00F4\u0090\u20AC\u20ACb",
		n: 4, strictOff: 1, strictLen: 1, strictKind: utf8x.TooLarge},
	{name: "too large F5", in: "a\xF5b",
		replace: "a\uFFFDb", skip: "ab", escape: `a\xf5b`, latin1: "a\u00F5b", cp1252: "a\u00F5b",
		n: 1, strictOff: 1, strictLen: 1, strictKind: utf8x.TooLarge},
	{name: "truncated in the middle", in: "a\xE2\x82b",
		replace: "a\uFFFDb", skip: "ab", escape: `a\xe2\x82b`, latin1: "a\u00E2\u0082b", cp1252: "a\u00E2\u201Ab",
		n: 1, strictOff: 1, strictLen: 2, strictKind: utf8x.Truncated},
	{name: "truncated at the end", in: "a\xF0\x9F\x98",
		replace: "a\uFFFD", skip: "a", escape: `a\xf0\x9f\x98`, latin1: "a\u00F0\u009F\u0098", cp1252: "a\u00F0\u0178\u02DC",
		n: 1, strictOff: 1, strictLen: 3, strictKind: utf8x.Truncated},
	{name: "unexpected continuation", in: "a\x80\xBFb",
		replace: "a\uFFFD\uFFFDb", skip: "ab", escape: `a\x80\xbfb`, latin1: "a\u0080\u00BFb", cp1252: "a\u20AC\u00BFb",
		n: 2, strictOff: 1, strictLen: 1, strictKind: utf8x.UnexpectedContinuation},
	{name: "invalid byte", in: "a\xF8\xFFb",
		replace: "a\uFFFD\uFFFDb", skip: "ab", escape: `a\xf8\xffb`, latin1: "a\u00F8\u00FFb", cp1252: "a\u00F8\u00FFb",
		n: 2, strictOff: 1, strictLen: 1, strictKind: utf8x.InvalidByte},
	// The five bytes Windows-1252 leaves unassigned read as C1 controls (WHATWG).
	{name: "cp1252 holes", in: "\x81\x8D\x8F\x90\x9D",
		replace: strings.Repeat("\uFFFD", 5), skip: "", escape: `\x81\x8d\x8f\x90\x9d`,
		latin1: "\u0081\u008D\u008F\u0090\u009D", cp1252: "\u0081\u008D\u008F\u0090\u009D",
		n: 5, strictOff: 0, strictLen: 1, strictKind: utf8x.UnexpectedContinuation},
	{name: "cp1252 punctuation", in: "\x93quoted\x94 \x96 \x85 \x99",
		replace: "\uFFFDquoted\uFFFD \uFFFD \uFFFD \uFFFD", skip: "quoted   ", escape: `\x93quoted\x94 \x96 \x85 \x99`,
		latin1: "\u0093quoted\u0094 \u0096 \u0085 \u0099", cp1252: "\u201Cquoted\u201D \u2013 \u2026 \u2122",
		n: 5, strictOff: 0, strictLen: 1, strictKind: utf8x.UnexpectedContinuation},
	{name: "valid text with U+FFFD and U+FEFF", in: "\uFEFFa\uFFFD\u20AC\U0001F600",
		replace: "\uFEFFa\uFFFD\u20AC\U0001F600", skip: "\uFEFFa\uFFFD\u20AC\U0001F600",
		escape: "\uFEFFa\uFFFD\u20AC\U0001F600", latin1: "\uFEFFa\uFFFD\u20AC\U0001F600",
		cp1252: "\uFEFFa\uFFFD\u20AC\U0001F600", n: 0},
}

func (c policyCase) want(p utf8x.Policy) string {
	switch p.Action() {
	case utf8x.ActionReplace:
		return strings.ReplaceAll(c.replace, "\uFFFD", p.Replacement())
	case utf8x.ActionSkip:
		return c.skip
	case utf8x.ActionEscape:
		return c.escape
	case utf8x.ActionCP1252:
		return c.cp1252
	case utf8x.ActionLatin1:
		return c.latin1
	}
	panic("no expectation for " + p.String())
}

func TestPolicies(t *testing.T) {
	for _, c := range policyCases {
		for _, p := range nonStrict {
			want := c.want(p)
			if c.name == "valid text with U+FFFD and U+FEFF" && p.Action() == utf8x.ActionReplace {
				want = c.replace // a well-formed U+FFFD in the input is text, never replaced
			}
			t.Run(c.name+"/"+policyName(p), func(t *testing.T) {
				prefix := []byte("prefix:")
				got, n, err := utf8x.AppendValid(prefix, []byte(c.in), p)
				if err != nil || string(got) != "prefix:"+want || n != c.n {
					t.Errorf("AppendValid(%+q, %s) = %+q, %d, %v; want %+q, %d, nil", c.in, policyName(p), got, n, err, "prefix:"+want, c.n)
				}
				got, n, err = utf8x.AppendValidString(nil, c.in, p)
				if err != nil || string(got) != want || n != c.n {
					t.Errorf("AppendValidString(%+q, %s) = %+q, %d, %v; want %+q", c.in, policyName(p), got, n, err, want)
				}
				s, n, err := utf8x.ToValidString(c.in, p)
				if err != nil || s != want || n != c.n {
					t.Errorf("ToValidString(%+q, %s) = %+q, %d, %v; want %+q", c.in, policyName(p), s, n, err, want)
				}
				if !utf8x.ValidString(s) {
					t.Errorf("output %+q is not valid UTF-8", s)
				}
			})
		}
		t.Run(c.name+"/strict", func(t *testing.T) {
			got, n, err := utf8x.AppendValid([]byte("x"), []byte(c.in), utf8x.Strict)
			if c.n == 0 {
				if err != nil || string(got) != "x"+c.in || n != 0 {
					t.Errorf("AppendValid(valid, Strict) = %+q, %d, %v", got, n, err)
				}
				return
			}
			var e *utf8x.Error
			if !errors.As(err, &e) {
				t.Fatalf("AppendValid(%+q, Strict) error = %v, want *Error", c.in, err)
			}
			if e.Offset != c.strictOff || e.Len != c.strictLen || e.Kind != c.strictKind {
				t.Errorf("error = {%d %d %v}, want {%d %d %v}", e.Offset, e.Len, e.Kind, c.strictOff, c.strictLen, c.strictKind)
			}
			if string(got) != "x"+c.in[:c.strictOff] || n != 0 {
				t.Errorf("AppendValid(%+q, Strict) = %+q, %d; want the valid prefix %+q, 0", c.in, got, n, "x"+c.in[:c.strictOff])
			}
			s, _, err := utf8x.ToValidString("ok"+c.in, utf8x.Strict)
			if !errors.As(err, &e) || e.Offset != c.strictOff+2 || s != "ok"+c.in[:c.strictOff] {
				t.Errorf("ToValidString(ok+%+q, Strict) = %+q, %v; want prefix and offset %d", c.in, s, err, c.strictOff+2)
			}
		})
	}
}

// Every byte 80-FF standing alone is ill-formed; cp1252 and latin1 read each as
// the character the WHATWG windows-1252 and ISO-8859-1 tables give.
func TestSingleBytePolicies(t *testing.T) {
	// Windows-1252 80-9F as printed in the WHATWG index (with the C1 holes).
	win := []rune{
		0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
		0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
	}
	for b := 0x80; b <= 0xFF; b++ {
		in := []byte{'<', byte(b), '>'}
		wantLatin := "<" + string(rune(b)) + ">"
		wantWin := wantLatin
		if b < 0xA0 {
			wantWin = "<" + string(win[b-0x80]) + ">"
		}
		if got, _, _ := utf8x.AppendValid(nil, in, utf8x.FallbackLatin1); string(got) != wantLatin {
			t.Errorf("latin1 % X = %+q, want %+q", in, got, wantLatin)
		}
		if got, _, _ := utf8x.AppendValid(nil, in, utf8x.FallbackCP1252); string(got) != wantWin {
			t.Errorf("cp1252 % X = %+q, want %+q", in, got, wantWin)
		}
		wantEsc := fmt.Sprintf(`<\x%02x>`, b)
		if got, _, _ := utf8x.AppendValid(nil, in, utf8x.Escape); string(got) != wantEsc {
			t.Errorf("escape % X = %+q, want %+q", in, got, wantEsc)
		}
	}
}

func TestInvalidLen(t *testing.T) {
	for _, p := range allPolicies {
		for b := 0x80; b <= 0xFF; b++ {
			for _, bad := range [][]byte{{byte(b)}, {0xE2, byte(b)}, {0xF0, 0x9F, byte(b)}} {
				got := len(p.AppendInvalid(nil, bad))
				if n := utf8x.InvalidLen(p, bad); n != got {
					t.Fatalf("%s.InvalidLen(% X) = %d, AppendInvalid wrote %d", policyName(p), bad, n, got)
				}
				if m := utf8x.MaxInvalidLen(p, len(bad)); m < got {
					t.Fatalf("%s.MaxInvalidLen(%d) = %d < %d", policyName(p), len(bad), m, got)
				}
			}
		}
	}
}

func TestUTF8Only(t *testing.T) {
	want := map[utf8x.Action]bool{utf8x.ActionCP1252: true, utf8x.ActionLatin1: true}
	for _, p := range allPolicies {
		if got := p.UTF8Only(); got != want[p.Action()] {
			t.Errorf("%s.UTF8Only() = %v", p, got)
		}
	}
}

func TestReplaceWith(t *testing.T) {
	tests := []struct{ repl, in, want string }{
		{"?", "a\xFFb\xE2\x82", "a?b?"},
		{"<bad>", "\xC0\xAF", "<bad><bad>"},
		{"", "a\xFFb", "ab"},                   // empty replacement: skip
		{"\xFF!", "a\x80b", "a\uFFFD!b"},       // an ill-formed replacement is repaired first
		{"\u2047", "\xF4\x90", "\u2047\u2047"}, // any valid string works
	}
	for _, tt := range tests {
		got, _, err := utf8x.ToValidString(tt.in, utf8x.ReplaceWith(tt.repl))
		if err != nil || got != tt.want {
			t.Errorf("ToValidString(%+q, ReplaceWith(%+q)) = %+q, %v; want %+q", tt.in, tt.repl, got, err, tt.want)
		}
	}
}

// A valid string comes back as itself: same bytes, same memory, no allocation.
func TestToValidStringValidIsFree(t *testing.T) {
	s := strings.Repeat("héllo, wörld \u20AC\U0001F600 ", 100)
	for _, p := range allPolicies {
		got, n, err := utf8x.ToValidString(s, p)
		if err != nil || n != 0 || unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("ToValidString(valid, %s) copied or failed: %v", p, err)
		}
		if a := testing.AllocsPerRun(10, func() { utf8x.ToValidString(s, p) }); a != 0 {
			t.Errorf("ToValidString(valid, %s): %v allocations, want 0", p, a)
		}
	}
}

// AppendValid must not allocate when dst has room, for valid and broken input.
func TestAppendValidNoAlloc(t *testing.T) {
	inputs := [][]byte{
		[]byte(strings.Repeat("plain ascii and ünïcödé €😀 ", 200)),
		[]byte(strings.Repeat("broken \xE2\x82 \xFF\xC0\xAF text \xED\xA0\x80 ", 200)),
	}
	for _, p := range allPolicies {
		for _, in := range inputs {
			dst := make([]byte, 0, 8*len(in))
			a := testing.AllocsPerRun(10, func() {
				_, _, err := utf8x.AppendValid(dst, in, p)
				if err != nil && p.Action() != utf8x.ActionStrict {
					t.Fatal(err)
				}
			})
			// Strict allocates exactly its *Error on broken input.
			if limit := map[bool]float64{true: 1, false: 0}[p.Action() == utf8x.ActionStrict && !utf8x.Valid(in)]; a > limit {
				t.Errorf("AppendValid(%s) with room: %v allocations, want <= %v", p, a, limit)
			}
		}
	}
}

// refRepair is the obvious loop the fast path must agree with: decode one
// element at a time with the core's DecodeRune and hand each ill-formed one to
// the policy.
func refRepair(src []byte, p utf8x.Policy) ([]byte, int) {
	var out []byte
	n := 0
	for len(src) > 0 {
		r, size := utf8x.DecodeRune(src)
		if r == utf8x.RuneError && !bytes.HasPrefix(src, []byte("\uFFFD")) {
			out = p.AppendInvalid(out, src[:size])
			n++
		} else {
			out = append(out, src[:size]...)
		}
		src = src[size:]
	}
	return out, n
}

// fragments are the pieces random adversarial inputs are built from: every
// error kind, every sequence length, byte order marks, U+FFFD and long valid
// runs that reach the kernels.
var fragments = []string{
	"a", "Z", " ", "\n", "é", "€", "\U0001F600", "\uFFFD", "\uFEFF", "\xEF\xBB\xBF",
	"\xC0", "\xC1\xBF", "\xE0\x80", "\xE0\x9F\xBF", "\xED\xA0\x80", "\xED\xBF", "\xF0\x8F",
	"\xF4\x90\x80\x80", "\xF5", "\xF7\xBF", "\xF8", "\xFF", "\x80", "\xBF", "\xE2\x82",
	"\xF0\x9F\x98", "\xF0\x9F", "\xE2", "\xC3", "\x81\x8D\x8F\x90\x9D", "\xEF\xBB",
	strings.Repeat("ascii run that is long enough for a vector kernel ", 3),
	strings.Repeat("ünïcödé – “quoted” 日本語 😀 ", 4),
}

func randomInput(r *rand.Rand, pieces int) []byte {
	var b []byte
	for range pieces {
		b = append(b, fragments[r.IntN(len(fragments))]...)
	}
	return b
}

func TestAppendValidMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		in := randomInput(r, 1+i%40)
		for _, p := range nonStrict {
			want, wantN := refRepair(in, p)
			got, n, err := utf8x.AppendValid(nil, in, p)
			if err != nil || !bytes.Equal(got, want) || n != wantN {
				t.Fatalf("AppendValid(%+q, %s) = %+q, %d, %v\nreference gives %+q, %d", in, policyName(p), got, n, err, want, wantN)
			}
		}
	}
}

// Both follow the WHATWG decoder, so on any input the replace policy must give
// exactly what golang.org/x/text's UTF-8 decoder gives.
func TestReplaceMatchesXText(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	dec := unicode.UTF8.NewDecoder()
	check := func(in []byte) {
		t.Helper()
		want, err := dec.Bytes(in)
		if err != nil {
			t.Fatalf("x/text decoder: %v", err)
		}
		got, _, _ := utf8x.AppendValid(nil, in, utf8x.Replace)
		if !bytes.Equal(got, want) {
			t.Fatalf("replace(% X)\n = %+q\nx/text gives %+q", in, got, want)
		}
	}
	for i := range 2000 {
		check(randomInput(r, 1+i%30))
		raw := make([]byte, r.IntN(64))
		for j := range raw {
			raw[j] = byte(r.Uint32())
		}
		check(raw)
	}
	// Every sequence of up to three bytes from the interesting values.
	vals := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
		0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF}
	for _, a := range vals {
		for _, b := range vals {
			for _, c := range vals {
				check([]byte{a, b, c, 0x80, 0xBF})
			}
		}
	}
}

func FuzzAppendValid(f *testing.F) {
	for _, c := range policyCases {
		f.Add([]byte(c.in))
	}
	for _, s := range fragments {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		valid := utf8x.Valid(in)
		for _, p := range nonStrict {
			got, n, err := utf8x.AppendValid(nil, in, p)
			if err != nil {
				t.Fatalf("%s: unexpected error %v", policyName(p), err)
			}
			if !utf8x.Valid(got) {
				t.Fatalf("%s(%+q) = %+q, not valid UTF-8", policyName(p), in, got)
			}
			if valid && (!bytes.Equal(got, in) || n != 0) {
				t.Fatalf("%s changed valid input %+q into %+q", policyName(p), in, got)
			}
			if want, wantN := refRepair(in, p); !bytes.Equal(got, want) || n != wantN {
				t.Fatalf("%s(%+q) = %+q, %d; DecodeRune loop gives %+q, %d", policyName(p), in, got, n, want, wantN)
			}
			// ToValidString sizes its result by counting first.
			if s, sn, err := utf8x.ToValidString(string(in), p); err != nil || s != string(got) || sn != n {
				t.Fatalf("%s: ToValidString(%+q) = %+q, %d, %v; AppendValid %+q, %d", policyName(p), in, s, sn, err, got, n)
			}
		}
		got, _, err := utf8x.AppendValid(nil, in, utf8x.Strict)
		verr := utf8x.Validate(in)
		if (err == nil) != (verr == nil) || err != nil && err.Error() != verr.Error() {
			t.Fatalf("Strict error %v, Validate says %v", err, verr)
		}
		if off, _, _ := utf8x.FirstInvalid(in); !bytes.Equal(got, in[:off]) {
			t.Fatalf("Strict output %+q, want the valid prefix %+q", got, in[:off])
		}
	})
}

func ExampleAppendValid() {
	in := []byte("caf\xE9 \xE2\x82 ok")
	for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.FallbackCP1252} {
		out, n, _ := utf8x.AppendValid(nil, in, p)
		fmt.Printf("%-7s %d %s\n", p, n, out)
	}
	_, _, err := utf8x.AppendValid(nil, in, utf8x.Strict)
	fmt.Println(err)
	// Output:
	// replace 2 caf� � ok
	// skip    2 caf  ok
	// escape  2 caf\xe9 \xe2\x82 ok
	// cp1252  2 café â‚ ok
	// invalid UTF-8 at byte 3: truncated (E9)
}

func ExampleToValidString() {
	s, n, _ := utf8x.ToValidString("a\xF0\x9F\x98b", utf8x.Replace)
	fmt.Println(s, n)
	// Output: a�b 1
}

// AppendValid validates long inputs window by window; a sequence cut by a
// window's edge must come out as if there were no edge.
func TestAppendValidAcrossWindows(t *testing.T) {
	pieces := []string{"\xE2\x82\xAC", "\xE2\x82", "\xF0\x9F\x98\x80", "\xF0\x9F\x98", "\xED\xA0\x80", "\xFF", "é"}
	for _, piece := range pieces {
		for _, edge := range []int{utf8x.CopyWindow, 2 * utf8x.CopyWindow} {
			for at := edge - 4; at <= edge+1; at++ {
				in := []byte(strings.Repeat("a", at) + piece + strings.Repeat("b", utf8x.CopyWindow+7))
				for _, p := range allPolicies {
					got, n, err := utf8x.AppendValid(nil, in, p)
					if p.Action() == utf8x.ActionStrict {
						if verr := utf8x.Validate(in); (err == nil) != (verr == nil) || err != nil && err.Error() != verr.Error() {
							t.Fatalf("strict, %+q at %d: error %v, Validate says %v", piece, at, err, verr)
						}
						continue
					}
					want, wantN := refRepair(in, p)
					if err != nil || !bytes.Equal(got, want) || n != wantN {
						t.Fatalf("%s, %+q at %d: output differs from the reference (n %d, want %d)", policyName(p), piece, at, n, wantN)
					}
				}
			}
		}
	}
}

// ToValidString allocates its result once, at its size, however many
// ill-formed subparts make the result outgrow its input (the buffer used to
// start at the input's size and grow, a second allocation and copy), and
// writes what AppendValid writes.
func TestToValidStringAllocatesOnce(t *testing.T) {
	inputs := []string{
		strings.Repeat("x\xFF", 3000),                                  // each byte replaced by 3
		strings.Repeat("日本語 text "+"\x80\xC0\xE2\x82", 2000),           // dense errors of every length
		strings.Repeat("a", 5000) + "\xFF" + strings.Repeat("é", 3000), // one error, far in
		"\xFF",
	}
	for _, p := range append(nonStrict, utf8x.ReplaceWith("<invalid>")) {
		for _, s := range inputs {
			want, wantN, _ := utf8x.AppendValid(nil, []byte(s), p)
			got, n, err := utf8x.ToValidString(s, p)
			if err != nil || got != string(want) || n != wantN {
				t.Fatalf("%s: ToValidString of %d bytes: %d bytes, %d, %v; AppendValid %d bytes, %d", policyName(p), len(s), len(got), n, err, len(want), wantN)
			}
			if allocs := testing.AllocsPerRun(10, func() { utf8x.ToValidString(s, p) }); allocs != 1 {
				t.Errorf("%s: ToValidString of %d bytes made %v allocations, want 1", policyName(p), len(s), allocs)
			}
		}
	}
}
