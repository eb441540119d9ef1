package transcode

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// The single-byte encodings against three oracles: the published mapping
// data itself (internal/gen/data, read here without the generator),
// Python's codecs and glibc's iconv. Where those disagree with WHATWG, the
// known differences below say which and why; any other difference fails.

// sbCase is one single-byte encoding under test, with the names the
// oracles know it by ("" when an oracle lacks it).
type sbCase struct {
	label    string // for Lookup
	data     string // the key of its table in internal/gen/data
	python   string
	iconv    string
	whatwgC1 bool // a WHATWG windows-* table: bytes the vendor left undefined read as C1 controls
}

var sbCases = func() []sbCase {
	cs := []sbCase{
		{"ibm866", "ibm866", "cp866", "IBM866", false},
		{"iso-8859-8-i", "iso-8859-8", "iso8859_8", "ISO-8859-8", false},
		{"koi8-r", "koi8-r", "koi8_r", "KOI8-R", false},
		{"koi8-u", "koi8-u", "koi8_u", "KOI8-U", false},
		{"macintosh", "macintosh", "mac_roman", "MACINTOSH", false},
		{"windows-874", "windows-874", "cp874", "CP874", true},
		{"x-mac-cyrillic", "x-mac-cyrillic", "mac_cyrillic", "CP10007", false},
		{"x-user-defined", "", "", "", false},
		{"ibm437", "IBM437", "cp437", "IBM437", false},
		{"ibm737", "CP737", "cp737", "CP737", false},
		{"ibm775", "CP775", "cp775", "CP775", false},
		{"cp1125", "CP1125", "cp1125", "CP1125", false},
		{"mac-centraleurope", "MAC-CENTRALEUROPE", "mac_latin2", "MAC-CENTRALEUROPE", false},
		{"koi8-t", "KOI8-T", "koi8_t", "KOI8-T", false},
		{"pt154", "PT154", "ptcp154", "PT154", false},
		{"georgian-ps", "GEORGIAN-PS", "", "GEORGIAN-PS", false},
		{"georgian-academy", "GEORGIAN-ACADEMY", "", "GEORGIAN-ACADEMY", false},
		{"armscii-8", "ARMSCII-8", "", "ARMSCII-8", false},
		{"iso-8859-9", "ISO-8859-9", "iso8859_9", "ISO-8859-9", false},
		{"iso-8859-11", "ISO-8859-11", "iso8859_11", "ISO-8859-11", false},
		{"tis-620", "TIS-620", "tis_620", "TIS-620", false},
	}
	for _, n := range []int{2, 3, 4, 5, 6, 7, 8, 10, 13, 14, 15, 16} {
		cs = append(cs, sbCase{fmt.Sprintf("iso-8859-%d", n), fmt.Sprintf("iso-8859-%d", n), fmt.Sprintf("iso8859_%d", n), fmt.Sprintf("ISO-8859-%d", n), false})
	}
	for n := 1250; n <= 1258; n++ { // windows-1252 is the hand-written form with its own kernels
		cs = append(cs, sbCase{fmt.Sprintf("windows-%d", n), fmt.Sprintf("windows-%d", n), fmt.Sprintf("cp%d", n), fmt.Sprintf("CP%d", n), true})
	}
	for _, n := range []int{850, 852, 855, 857, 858, 860, 861, 862, 863, 865, 869} {
		cs = append(cs, sbCase{fmt.Sprintf("ibm%d", n), fmt.Sprintf("IBM%d", n), fmt.Sprintf("cp%d", n), fmt.Sprintf("IBM%d", n), false})
	}
	return cs
}()

// knownDiffs are the bytes where an oracle reads an encoding otherwise than
// WHATWG (or, for the glibc tables, glibc) does, and utf8x follows WHATWG.
var knownDiffs = map[string]map[byte]struct{ python, iconv bool }{
	// RFC 2319's box drawing characters; WHATWG (since 2016) reads ў and Ў,
	// which Ukrainian text needs.
	"koi8-u": {0xAE: {true, true}, 0xBE: {true, true}},
	// glibc's MACINTOSH predates Apple's 1998 table (Ω for ∆ at C6, and
	// a private-use Apple logo at F0 that Apple moved to U+F8FF).
	"macintosh": {0xC6: {false, true}, 0xF0: {false, true}},
	// glibc's CP10007 predates the euro (FF) and Ukrainian Ґ (A2).
	"x-mac-cyrillic": {0xA2: {false, true}, 0xFF: {false, true}},
	// Microsoft's later table has the Hebrew point holam haser for vav at
	// CA, which WHATWG took and Python's older table lacks.
	"windows-1255": {0xCA: {true, true}},
	// Python's tis_620 reads 80-9F as the C1 controls; glibc's TIS-620
	// charmap, which utf8x follows, leaves them undefined.
	"TIS-620": func() map[byte]struct{ python, iconv bool } {
		m := map[byte]struct{ python, iconv bool }{}
		for b := byte(0x80); b < 0xA0; b++ {
			m[b] = struct{ python, iconv bool }{true, false}
		}
		return m
	}(),
}

// indexData reads internal/gen/data: for each table key, the character of
// each byte 80-FF (0 for none).
func indexData(t testing.TB) map[string]*[128]rune {
	out := map[string]*[128]rune{}
	for _, f := range []string{"whatwg.txt", "glibc.txt"} {
		b, err := os.ReadFile("internal/gen/data/" + f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' {
				continue
			}
			fs := strings.Fields(line)
			if fullCharmaps()[fs[0]] {
				continue // not ASCII below 80: see sbfull_test.go
			}
			p, _ := strconv.ParseUint(fs[1], 16, 8)
			r, _ := strconv.ParseUint(fs[2], 16, 32)
			if f == "whatwg.txt" {
				p += 0x80 // WHATWG pointers start at byte 80
			}
			if out[fs[0]] == nil {
				out[fs[0]] = new([128]rune)
			}
			if p >= 0x80 {
				out[fs[0]][p-0x80] = rune(r)
			} else if rune(r) != rune(p) {
				t.Fatalf("%s: byte %02X is U+%04X, not ASCII", fs[0], p, r)
			}
		}
	}
	// x-user-defined is an algorithm in the standard, not an index.
	ud := new([128]rune)
	for i := range ud {
		ud[i] = 0xF780 + rune(i)
	}
	out[""] = ud
	return out
}

// expectedDecode is the UTF-8 decoding of every byte 00-FF in order under
// Replace, from the data.
func expectedDecode(tab *[128]rune) []byte {
	var want []byte
	for b := 0; b < 256; b++ {
		r := rune(b)
		if b >= 0x80 {
			if r = tab[b-0x80]; r == 0 {
				r = utf8x.RuneError
			}
		}
		want = utf8.AppendRune(want, r)
	}
	return want
}

// nonASCIIScalars is every Unicode scalar value from U+0080 up, in UTF-8.
var nonASCIIScalars = func() []byte {
	var b []byte
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if r < 0xD800 || r > 0xDFFF {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}()

// bmpEnd is where the supplementary planes start in nonASCIIScalars: the
// oracles count what they encode over the BMP only, which holds every
// character of every table (the generator refuses others), to keep them
// quick.
var bmpEnd = bytes.IndexRune(nonASCIIScalars, 0x10000)

// encodeMap is the WHATWG encoder's table for tab: each character to its
// first byte.
func encodeMap(tab *[128]rune) map[rune]byte {
	m := map[rune]byte{}
	for i := len(tab) - 1; i >= 0; i-- {
		if tab[i] >= 0x80 {
			m[tab[i]] = byte(0x80 + i)
		}
	}
	return m
}

// Every byte decoded, and every scalar value encoded, as the mapping data
// says; undefined bytes and unrepresentable characters are errors at their
// offset under Strict.
func TestSingleByteAgainstIndex(t *testing.T) {
	data := indexData(t)
	for _, c := range sbCases {
		tab := data[c.data]
		if tab == nil {
			t.Fatalf("%s: no table %q in the data", c.label, c.data)
		}
		e, err := Lookup(c.label)
		if err != nil {
			t.Fatal(err)
		}
		all := make([]byte, 256)
		for i := range all {
			all[i] = byte(i)
		}
		got, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, all)
		if want := expectedDecode(tab); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: decoding 00-FF gives %q, %v; want %q", e, got, err, want)
		}
		for b := 0x80; b < 0x100; b++ {
			in := []byte{'a', '\n', 'b', byte(b), 'c'}
			got, err := e.AppendDecode(nil, in)
			if tab[b-0x80] == 0 {
				checkErr(t, err, 3, 1, utf8x.Unmapped)
				continue
			}
			if want := "a\nb" + string(tab[b-0x80]) + "c"; err != nil || string(got) != want {
				t.Errorf("%s: byte %02X decodes to %q, %v; want %q", e, b, got, err, want)
			}
		}
		// Every scalar value at once under Skip: the bytes of those the
		// encoding has, in order; and the BMP under HTML, each character
		// its byte or its character reference.
		m := encodeMap(tab)
		var want, wantHTML []byte
		scalars := nonASCIIScalars
		if testing.Short() { // the BMP and the first 4096 characters above it
			scalars = scalars[:bmpEnd+4*4096]
		}
		for i, r := range string(scalars) {
			if b, ok := m[r]; ok {
				want = append(want, b)
				wantHTML = append(wantHTML, b)
			} else if i < bmpEnd {
				wantHTML = appendCharRef(wantHTML, r)
			}
		}
		got, err = e.WithPolicy(utf8x.Skip).AppendEncode(nil, scalars)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: encoding every scalar value under skip gives % X, %v; want % X", e, got, err, want)
		}
		got, err = e.WithPolicy(utf8x.HTML).AppendEncode(nil, nonASCIIScalars[:bmpEnd])
		if err != nil || !bytes.Equal(got, wantHTML) {
			i := 0
			for i < min(len(got), len(wantHTML)) && got[i] == wantHTML[i] {
				i++
			}
			t.Errorf("%s: encoding the BMP under html differs at output byte %d: got %q, want %q (%v)",
				e, i, got[i:min(len(got), i+16)], wantHTML[i:min(len(wantHTML), i+16)], err)
		}
		// Strict, through the kernel: the first character the encoding lacks.
		for r := rune(0x80); r < 0x3000; r++ {
			if _, ok := m[r]; !ok {
				in := []byte("ok\nx" + string(r))
				_, err := e.AppendEncode(nil, in)
				checkErr(t, err, 4, utf8.RuneLen(r), utf8x.Unrepresentable)
				break
			}
		}
	}
}

// oracleMap is what an oracle says of one encoding: the character of each
// byte 80-FF (-1 for undefined), and the byte of each character it encodes
// among those the data or the oracle decode to, with how many non-ASCII
// characters of the BMP in all it encodes to one byte.
type oracleMap struct {
	Decode []int          `json:"decode"`
	Encode map[string]int `json:"encode"` // decimal code point -> byte, -1 for none
	Count  int            `json:"count"`
}

const pythonOracle = `
import json, sys
allsc = "".join(chr(c) for c in range(0x80, 0x10000) if not 0xD800 <= c <= 0xDFFF)
out = {}
for arg in sys.argv[1:]:
    name, cands = arg.split(":")
    dec = []
    for b in range(0x80, 0x100):
        try:
            s = bytes([b]).decode(name)
            dec.append(ord(s) if len(s) == 1 else -2)
        except UnicodeDecodeError:
            dec.append(-1)
    cs = set(int(c) for c in cands.split(",") if c) | set(c for c in dec if c >= 0x80)
    enc = {}
    for c in cs:
        try:
            b = chr(c).encode(name)
            enc[str(c)] = b[0] if len(b) == 1 else -2
        except UnicodeEncodeError:
            enc[str(c)] = -1
    count = sum(1 for b in allsc.encode(name, "xmlcharrefreplace") if b >= 0x80)
    out[name] = {"decode": dec, "encode": enc, "count": count}
json.dump(out, sys.stdout)
`

func TestSingleByteAgainstPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the single-byte tables are not compared with Python's codecs")
	}
	data := indexData(t)
	var args []string
	for _, c := range sbCases {
		if c.python != "" {
			args = append(args, c.python+":"+candidates(data[c.data]))
		}
	}
	out, err := exec.Command(py, append([]string{"-c", pythonOracle}, args...)...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var res map[string]oracleMap
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	for _, c := range sbCases {
		if c.python == "" {
			continue
		}
		compareOracle(t, "Python "+c.python, c, data[c.data], res[c.python], func(d struct{ python, iconv bool }) bool { return d.python })
	}
}

// candidates lists the characters of tab, for the oracles to encode.
func candidates(tab *[128]rune) string {
	var s []string
	for _, r := range tab {
		if r >= 0x80 {
			s = append(s, strconv.Itoa(int(r)))
		}
	}
	return strings.Join(s, ",")
}

// compareOracle checks the encoding's decoder and encoder against what an
// oracle says, allowing only the known differences.
func compareOracle(t *testing.T, who string, c sbCase, tab *[128]rune, o oracleMap, known func(struct{ python, iconv bool }) bool) {
	t.Helper()
	e, err := Lookup(c.label)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Decode) != 128 {
		t.Errorf("%s: no answer from %s", c.label, who)
		return
	}
	accepted := map[rune]bool{} // characters whose differences are explained
	mapped := 0
	for i, want := range o.Decode {
		b := byte(0x80 + i)
		got, err := e.AppendDecode(nil, []byte{b})
		gotR := rune(-1)
		if err == nil {
			gotR, _ = utf8.DecodeRune(got)
			mapped++
		}
		if gotR == rune(want) {
			continue
		}
		d, ok := knownDiffs[c.data][b]
		switch {
		case ok && known(d):
		case c.whatwgC1 && want == -1 && gotR == rune(b):
			// WHATWG's windows-* tables read bytes the vendor left
			// undefined as the C1 control of the same value.
		default:
			t.Errorf("%s byte %02X: utf8x U+%04X, %s %d (-1: undefined)", c.label, b, gotR, who, want)
			continue
		}
		accepted[gotR], accepted[rune(want)] = true, true
	}
	// The encoders: each character either side decodes to.
	m := encodeMap(tab)
	for cs, want := range o.Encode {
		cp, _ := strconv.Atoi(cs)
		r := rune(cp)
		got, err := e.AppendEncode(nil, []byte(string(r)))
		gotB := -1
		if err == nil && len(got) == 1 {
			gotB = int(got[0])
		}
		if gotB != want && !accepted[r] {
			t.Errorf("%s U+%04X encodes to %d, %s to %d", c.label, r, gotB, who, want)
		}
		if b, ok := m[r]; ok != (gotB >= 0) || ok && int(b) != gotB {
			t.Errorf("%s U+%04X encodes to %d, the data says %d (%v)", c.label, r, gotB, b, ok)
		}
	}
	// Nothing beyond: as many characters encode to one byte in the
	// oracle as utf8x encodes, up to the differences explained.
	ours := len(m)
	diff := o.Count - ours
	if diff != 0 && len(accepted) == 0 {
		t.Errorf("%s: %s encodes %d non-ASCII characters, utf8x %d", c.label, who, o.Count, ours)
	}
}

// iconvOracle asks glibc's iconv what it says of one encoding, in three
// runs: every byte 80-FF on a line of its own, every candidate character
// on a line of its own, and every scalar value (-c drops what it cannot
// convert, so a line it leaves empty is an undefined byte or character).
func iconvOracle(t *testing.T, iconv, name, cands string) (oracleMap, bool) {
	run := func(from, to string, in []byte) ([]byte, bool) {
		cmd := exec.Command(iconv, "-c", "-f", from, "-t", to)
		cmd.Stdin = bytes.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			if _, ok := err.(*exec.ExitError); !ok {
				return nil, false
			}
			// -c exits 1 after dropping something: expected.
		}
		return out, len(out) > 0
	}
	var o oracleMap
	var in []byte
	for b := 0x80; b < 0x100; b++ {
		in = append(in, byte(b), '\n')
	}
	out, ok := run(name, "UTF-8", in)
	if !ok {
		return o, false
	}
	lines := strings.Split(string(out), "\n")
	if len(lines) < 128 {
		return o, false
	}
	for _, l := range lines[:128] {
		if r, n := utf8.DecodeRuneInString(l); n == len(l) && n > 0 {
			o.Decode = append(o.Decode, int(r))
		} else if l == "" {
			o.Decode = append(o.Decode, -1)
		} else {
			o.Decode = append(o.Decode, -2) // several characters
		}
	}
	o.Encode = map[string]int{}
	var cs []rune
	for _, s := range strings.Split(cands, ",") {
		if n, err := strconv.Atoi(s); err == nil {
			cs = append(cs, rune(n))
		}
	}
	for _, r := range o.Decode {
		if r >= 0x80 {
			cs = append(cs, rune(r))
		}
	}
	in = in[:0]
	for _, r := range cs {
		in = append(utf8.AppendRune(in, r), '\n')
	}
	out, _ = run("UTF-8", name, in)
	lines = strings.Split(string(out), "\n")
	for i, r := range cs {
		want := -1
		if i < len(lines) && len(lines[i]) == 1 {
			want = int(lines[i][0])
		} else if i < len(lines) && len(lines[i]) > 1 {
			want = -2
		}
		o.Encode[strconv.Itoa(int(r))] = want
	}
	out, _ = run("UTF-8", name, nonASCIIScalars[:bmpEnd])
	for _, b := range out {
		if b >= 0x80 {
			o.Count++
		}
	}
	return o, true
}

func TestSingleByteAgainstIconv(t *testing.T) {
	iconv, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv not found: the single-byte tables are not compared with glibc's iconv")
	}
	data := indexData(t)
	skipped := 0
	for _, c := range sbCases {
		switch c.iconv {
		case "":
			continue
		case "CP1255", "CP1258":
			// glibc composes and decomposes letters with the combining
			// marks these code pages carry: not a byte-for-byte table.
			continue
		}
		o, ok := iconvOracle(t, iconv, c.iconv, candidates(data[c.data]))
		if !ok {
			t.Logf("iconv does not know %s: %s not compared", c.iconv, c.label)
			skipped++
			continue
		}
		compareOracle(t, "iconv "+c.iconv, c, data[c.data], o, func(d struct{ python, iconv bool }) bool { return d.iconv })
	}
	if skipped > 5 {
		t.Errorf("iconv knows too few of the encodings (%d skipped): is it glibc's?", skipped)
	}
}

// The kernels convert as the per-unit code does, on random text of each
// encoding's own characters, undefined bytes and all.
func TestSingleByteKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range sbTables {
		f := sbFormMap()[sbTables[i].spec.key]
		if f == nil {
			continue
		}
		e := Encoding{f: f}
		for round := 0; round < 20; round++ {
			src := make([]byte, rng.IntN(300))
			for j := range src {
				if rng.IntN(3) == 0 {
					src[j] = byte(rng.IntN(128))
				} else {
					src[j] = byte(0x80 + rng.IntN(128))
				}
			}
			for _, p := range []utf8x.Policy{utf8x.Strict, utf8x.Replace, utf8x.HTML} {
				e := e.WithPolicy(p)
				fast, ferr := e.AppendDecode(nil, src)
				useKernels = false
				slow, serr := e.appendDecode(nil, src)
				useKernels = true
				if !bytes.Equal(fast, slow) || fmt.Sprint(ferr) != fmt.Sprint(serr) {
					t.Fatalf("%s %s decode of % X: kernels %q %v, per unit %q %v", e, p, src, fast, ferr, slow, serr)
				}
				text, _ := e.WithPolicy(utf8x.Replace).AppendDecode(nil, src)
				text = append(text, "é€я日😀"[rng.IntN(4):]...)
				fast, ferr = e.AppendEncode(nil, text)
				useKernels = false
				slow, serr = e.appendEncode(nil, text)
				useKernels = true
				if !bytes.Equal(fast, slow) || fmt.Sprint(ferr) != fmt.Sprint(serr) {
					t.Fatalf("%s %s encode of %q: kernels % X %v, per unit % X %v", e, p, text, fast, ferr, slow, serr)
				}
			}
		}
	}
}

// FuzzSingleByteRoundTrip: whatever the bytes and the encoding, decoding
// never panics, yields valid UTF-8 under Replace, and what it decodes
// strictly encodes back to characters that decode the same.
func FuzzSingleByteRoundTrip(f *testing.F) {
	f.Add([]byte("abc\x80\x98\xff"), uint8(0))
	f.Add([]byte("\xa5\xab\xff"), uint8(40))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		spec := &sbSpecs[int(which)%len(sbSpecs)]
		e, err := Lookup(spec.key)
		if err != nil {
			t.Fatal(err)
		}
		text, err := e.WithPolicy(utf8x.Replace).AppendDecode(nil, data)
		if err != nil || !utf8.Valid(text) {
			t.Fatalf("%s replace decode of % X: %q, %v", e, data, text, err)
		}
		strict, err := e.AppendDecode(nil, data)
		if err != nil {
			return
		}
		back, err := e.AppendEncode(nil, strict)
		if err != nil {
			t.Fatalf("%s: %q decoded from % X does not encode back: %v", e, strict, data, err)
		}
		again, err := e.AppendDecode(nil, back)
		if err != nil || !bytes.Equal(again, strict) {
			t.Fatalf("%s: % X -> %q -> % X -> %q, %v", e, data, strict, back, again, err)
		}
	})
}

// FuzzSingleByteEncode: any input encodes under every non-strict policy
// without error, and strictly either all of it or up to an error whose
// offset is a character boundary.
func FuzzSingleByteEncode(f *testing.F) {
	f.Add([]byte("naïve € я \xff 日"), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if len(data) > 4096 {
			data = data[:4096]
		}
		spec := &sbSpecs[int(which)%len(sbSpecs)]
		e, _ := Lookup(spec.key)
		for _, p := range []utf8x.Policy{utf8x.Replace, utf8x.Skip, utf8x.Escape, utf8x.HTML} {
			if _, err := e.WithPolicy(p).AppendEncode(nil, data); err != nil {
				t.Fatalf("%s %s encode of % X: %v", e, p, data, err)
			}
		}
		out, err := e.AppendEncode(nil, data)
		if err == nil {
			return
		}
		var te *Error
		if !asError(err, &te) || te.Offset > len(data) || !utf8x.Valid(data[:te.Offset]) || len(out) != utf8.RuneCount(data[:te.Offset]) {
			t.Fatalf("%s strict encode of % X: % X, %v", e, data, out, err)
		}
	})
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	*target = e
	return ok
}

// Every label of the WHATWG Encoding Standard resolves, to the encoding the
// standard names, except where the package documentation says otherwise
// (the exact ISO encodings; the utf-16le labels other than "utf-16le" name
// the UTF-16 scheme with its mark sniffed); and every glibc iconv alias the
// data lists resolves, to its own encoding unless WHATWG gives the label to
// another. The expectations come from internal/gen/data/labels.txt.
func TestLabelsFromData(t *testing.T) {
	b, err := os.ReadFile("internal/gen/data/labels.txt")
	if err != nil {
		t.Fatal(err)
	}
	exact := map[string]string{ // label's WHATWG encoding -> the exact one utf8x takes
		"windows-1252": "ISO-8859-1 US-ASCII", "windows-1254": "ISO-8859-9", "windows-874": "ISO-8859-11 TIS-620",
	}
	whatwg := map[string]bool{}
	n := 0
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "whatwg" {
			continue
		}
		label, want := f[1], f[2]
		whatwg[label] = true
		e, err := Lookup(strings.ToUpper(label))
		switch {
		case want == "replacement":
			// WHATWG's replacement encoding (iso-2022-kr, hz-gb-2312,
			// iso-2022-cn) is not provided: those labels are left to the
			// codecs of those encodings.
			continue
		case err != nil:
			t.Errorf("WHATWG label %q: %v", label, err)
			continue
		}
		n++
		got := e.Name()
		switch {
		case strings.EqualFold(got, want):
		case want == "utf-16le" && got == "UTF-16":
		case strings.Contains(exact[want], got):
		default:
			t.Errorf("WHATWG label %q is %s, want %s", label, got, want)
		}
	}
	if n < 200 {
		t.Errorf("only %d WHATWG labels checked", n)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[0] != "iconv" || whatwg[f[1]] {
			continue
		}
		if _, err := Lookup(f[1]); err != nil {
			t.Errorf("iconv alias %q (of %s): %v", f[1], f[2], err)
		}
	}
}
