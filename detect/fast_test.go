package detect

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"github.com/utf8x/utf8x/internal/sniff"
	"github.com/utf8x/utf8x/internal/testsample"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/utf8x/utf8x"
)

// The fast structural path against refDetector, the plain one it replaced:
// the same state after the same input, and so the same Result, for the slice
// API, the chunked Detector at random splits and DetectReader.

var diffOptions = []*Options{nil, {Limit: 7}, {Limit: 1000}, {Limit: DefaultLimit + 5}, {Limit: -1}}

// sameState fails when d's structural state differs from the reference's
// (r settled: see refDetector.settle).
func sameState(t testing.TB, what string, d *Detector, r *refDetector) {
	t.Helper()
	if d.base != r.base || d.scan != r.scanning || d.scan && (d.past != r.scanned || d.capped != r.capped) {
		t.Fatalf("%s: past the ASCII prefix: got base %d scan %v past %d capped %v, want base %d scan %v past %d capped %v",
			what, d.base, d.scan, d.past, d.capped, r.base, r.scanning, r.scanned, r.capped)
	}
	// escs may be true without an ESC (where the validation did not read
	// the prefix), never false with one.
	if !bytes.Equal(d.prefix, r.prefix) || d.nul != (bytes.IndexByte(r.prefix, 0) >= 0) ||
		!d.escs && bytes.IndexByte(r.prefix, 0x1b) >= 0 ||
		d.n != r.n || d.over != r.over || !sameCounted(beyondOf(d), &r.beyond) ||
		d.badUTF8 != r.badUTF8 || d.badUTF8At != r.badUTF8At ||
		d.ncarry != r.ncarry || string(d.carry[:d.ncarry]) != string(r.carry[:r.ncarry]) ||
		d.multi != r.multi {
		t.Fatalf("%s: state differs:\n got n %d over %v prefix %d nul %v bad %v@%d carry %q multi %d\nwant n %d over %v prefix %d bad %v@%d carry %q multi %d",
			what, d.n, d.over, len(d.prefix), d.nul, d.badUTF8, d.badUTF8At, d.carry[:d.ncarry], d.multi,
			r.n, r.over, len(r.prefix), r.badUTF8, r.badUTF8At, r.carry[:r.ncarry], r.multi)
	}
}

// checkAgainstRef runs every API on in under o and compares with the
// reference; cuts are the chunk boundaries for the Detector.
func checkAgainstRef(t testing.TB, in []byte, o *Options, cuts []int) {
	t.Helper()
	ref := newRef(o)
	ref.Write(in)
	want := ref.result(o)
	name := fmt.Sprintf("%d bytes %q... limit %+v", len(in), in[:min(len(in), 12)], o)

	// Detect and DetectReader, which hold or read the whole input, look on
	// past the bytes examined (lookon.go); the Detector does not.
	whole := lookOnSlice(in, want, o)
	if got := Detect(in, o); !reflect.DeepEqual(got, whole) {
		t.Fatalf("%s: Detect\n got %+v\nwant %+v", name, got, whole)
	}
	d, chunkedRef := New(o), newRef(o)
	last := 0
	for _, c := range cuts {
		c = min(max(c, last), len(in))
		d.Write(in[last:c])
		chunkedRef.Write(in[last:c])
		last = c
	}
	d.Write(in[last:])
	chunkedRef.Write(in[last:])
	sameState(t, name+" chunked", d, chunkedRef.settle(o))
	if got := d.Result(); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: chunks at %v\n got %+v\nwant %+v", name, cuts, got, want)
	}
	readers := []func() io.Reader{
		func() io.Reader { return iotest.HalfReader(bytes.NewReader(in)) },
		func() io.Reader { return iotest.DataErrReader(bytes.NewReader(in)) },
	}
	if len(in) <= 300 {
		readers = append(readers, func() io.Reader { return iotest.OneByteReader(bytes.NewReader(in)) })
	}
	for i, mk := range readers {
		got, err := DetectReader(mk(), o)
		if err != nil || !reflect.DeepEqual(got, whole) {
			t.Fatalf("%s: DetectReader %d: %v\n got %+v\nwant %+v", name, i, err, got, whole)
		}
	}
}

// randomCuts picks up to four chunk boundaries, some near the places the
// fast path treats apart (the end of the prefix, the validation windows).
func randomCuts(rng *rand.Rand, n int) []int {
	marks := []int{DefaultLimit, 1024, 3072, 7168}
	var cuts []int
	for range rng.IntN(5) {
		c := rng.IntN(n + 1)
		if rng.IntN(3) == 0 {
			c = marks[rng.IntN(len(marks))] + rng.IntN(9) - 4
		}
		cuts = append(cuts, max(c, 0))
	}
	slices.Sort(cuts)
	return cuts
}

// mutate damages in at a few places: an invalid byte, a NUL, an escape, a
// cut sequence; often near the prefix's end or a validation window's end.
func mutate(rng *rand.Rand, in []byte) []byte {
	out := append([]byte(nil), in...)
	if len(out) == 0 {
		return out
	}
	marks := []int{DefaultLimit, 1024, 3072, 7168, 15360, 31744}
	for range 1 + rng.IntN(3) {
		at := rng.IntN(len(out))
		if rng.IntN(2) == 0 {
			at = min(len(out)-1, max(0, marks[rng.IntN(len(marks))]+rng.IntN(9)-4))
		}
		out[at] = []byte{0xFF, 0x80, 0xC3, 0xE2, 0xF0, 0x00, 0x1B, 0xED, 0xA0}[rng.IntN(9)]
	}
	return out
}

func corpusInputs(t testing.TB) [][]byte {
	files := testsample.CorpusFiles("*/*.txt")
	if len(files) == 0 {
		t.Log("no test corpus: the differential test runs on its own inputs only")
		return nil
	}
	encs := []encoding.Encoding{charmap.Windows1251, charmap.Windows1252, charmap.ISO8859_7, japanese.ShiftJIS, simplifiedchinese.GBK}
	var ins [][]byte
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b = b[:min(len(b), 100<<10)]
		ins = append(ins, b, b[:min(len(b), 300)])
		if filepath.Ext(f[:len(f)-4]) == ".utf8" {
			e := encs[i%len(encs)]
			l, _ := encoding.ReplaceUnsupported(e.NewEncoder()).Bytes(b)
			ins = append(ins, l, l[:min(len(l), 200)])
		}
	}
	return ins
}

func ownInputs(rng *rand.Rand) [][]byte {
	ins := splitInputs()
	for _, s := range sentences {
		b, _ := s.encs[0].NewEncoder().Bytes(bytes.Repeat([]byte(s.text+" "), 1200))
		ins = append(ins, b)
	}
	mixed := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), 2500)
	ascii := bytes.Repeat([]byte("plain text, nothing else. "), 3000)
	rare := append([]byte(nil), ascii...)
	copy(rare[40000:], "é")
	ins = append(ins, mixed, ascii, rare, utf16Bytes(string(mixed[:30000]), false), utf32Bytes(string(mixed[:20000]), true))
	// random bytes from the alphabet the structural checks care about
	alphabet := []byte{'a', ' ', 0, 0x1B, '$', 'B', '(', 0x80, 0xA0, 0xBF, 0xC3, 0xC0, 0xE2, 0xED, 0xF0, 0xF4, 0xFF, 0xD8, 0xDC}
	for range 40 {
		b := make([]byte, rng.IntN(3000))
		if rng.IntN(4) == 0 {
			b = make([]byte, DefaultLimit-100+rng.IntN(200))
		}
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		ins = append(ins, b)
	}
	return ins
}

func TestFastMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	ins := append(ownInputs(rng), corpusInputs(t)...)
	n := 0
	for _, in := range ins {
		for _, v := range [][]byte{in, mutate(rng, in)} {
			for _, o := range diffOptions {
				if testing.Short() && rng.IntN(16) > 0 {
					continue
				}
				checkAgainstRef(t, v, o, randomCuts(rng, len(v)))
				n++
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d comparisons", n)
	}
}

func FuzzFastMatchesReference(f *testing.F) {
	for _, in := range splitInputs() {
		f.Add(in, uint16(len(in)/3), uint16(len(in)/2), uint8(0))
	}
	f.Add(bytes.Repeat([]byte("é"), 3000), uint16(1024), uint16(3072), uint8(4))
	f.Fuzz(func(t *testing.T, in []byte, a, b uint16, limit uint8) {
		if len(in) > 16<<10 {
			in = in[:16<<10]
		}
		o := diffOptions[int(limit)%len(diffOptions)]
		checkAgainstRef(t, in, o, []int{int(min(a, b)), int(max(a, b))})
	})
}

// utf8Census, which counts with the validation kernel, against the
// byte-by-byte count, on damaged UTF-8 of every density of errors.
func TestUTF8CensusMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	text := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. plain words "), 400)
	for range 300 {
		p := append([]byte(nil), text[:rng.IntN(len(text))]...)
		for range rng.IntN(1 + rng.IntN(200)) {
			if len(p) > 0 {
				p[rng.IntN(len(p))] = []byte{0xFF, 0x80, 0xC3, 0xE2, 0xF0, 0xED}[rng.IntN(6)]
			}
		}
		for _, tr := range []bool{false, true} {
			gm, gb := utf8Census(p, tr)
			wm, wb := refUTF8Census(p, tr)
			if gm != wm || gb != wb {
				t.Fatalf("%d bytes truncated %v: census %d/%d, want %d/%d", len(p), tr, gm, gb, wm, wb)
			}
		}
	}
}

// The UTF-8 byte order mark is accepted from the stream's validation state
// exactly when validating the prefix again would accept it.
func TestBOMFromStreamState(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	text := []byte("\uFEFF" + strings.Repeat("Grüße aus Köln, привет, 世界 😀. ", 3000))
	for i := range 600 {
		in := text[:rng.IntN(len(text)+1)]
		if i%2 == 1 {
			in = mutate(rng, in)
		}
		o := diffOptions[rng.IntN(len(diffOptions))]
		if i%3 == 0 {
			o = &Options{Limit: int64(1 + rng.IntN(3000))} // cuts anywhere
		}
		d := New(o)
		for q := in; len(q) > 0; {
			k := min(len(q), 1+rng.IntN(30000))
			d.Write(q[:k])
			q = q[k:]
		}
		p := d.prefix
		got, gotOK := bomCandidate(p, d.over, d.prefixValid())
		want, wantOK := bomCandidate(p, d.over, false)
		if gotOK != wantOK || got.Encoding != want.Encoding {
			t.Fatalf("%d bytes, limit %+v: %s %v from the state, %s %v validating", len(in), o, got.Encoding, gotOK, want.Encoding, wantOK)
		}
	}
}

func TestAddHist(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 7, 63, 64, 65, 71, 1000, 4096 + 3} {
		for _, spread := range []int{1, 3, 256} {
			p := make([]byte, n)
			for i := range p {
				p[i] = byte(200 + rng.IntN(spread))
			}
			var got, want [256]int
			got[200], want[200] = 5, 5 // adds to what is there
			addHist(&got, p)
			for _, b := range p {
				want[b]++
			}
			if !sameCounted(&got, &want) {
				t.Fatalf("%d bytes spread %d: histogram differs", n, spread)
			}
		}
	}
}

func TestISO2022JPPrefilter(t *testing.T) {
	for _, s := range []string{"", "\x1b", "\x1b$", "\x1b$B", "ab\x1b$@cd", "\x1b(J", "\x1b$(D", "\x1b(B only", "x\x1b$A", "\x1b\x1b$B"} {
		if got, want := iso2022JP([]byte(s)), refISO2022JP([]byte(s)); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// One Detector reset between inputs gives what a new one gives: nothing of
// an earlier input (its prefix bytes, NULs, counts, validity) stays behind,
// whatever the order of long and short inputs and of limits.
func TestResetMatchesNew(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	ins := ownInputs(rng)
	rounds := 3 * len(ins)
	if testing.Short() {
		rounds = len(ins) / 2
	}
	d := New(nil)
	for i := range rounds {
		in := ins[rng.IntN(len(ins))]
		if i%2 == 0 {
			in = mutate(rng, in)
		}
		o := diffOptions[rng.IntN(len(diffOptions))]
		d.Reset(o)
		for q := in; len(q) > 0; {
			k := min(len(q), 1+rng.IntN(20000))
			d.Write(q[:k])
			q = q[k:]
		}
		if got, want := d.Result(), detectExamined(in, o); !reflect.DeepEqual(got, want) {
			t.Fatalf("input %d (%d bytes, limit %+v) after Reset:\n got %+v\nwant %+v", i, len(in), o, got, want)
		}
	}
}

// After its first input, a Detector that is reset allocates nothing to
// examine the next.
func TestResetAllocs(t *testing.T) {
	in := bytes.Repeat([]byte("Grüße aus Köln. "), 8000)
	d := New(&Options{Limit: -1})
	d.Write(in)
	allocs := testing.AllocsPerRun(20, func() {
		d.Reset(&Options{Limit: -1})
		for q := in; len(q) > 0; q = q[min(len(q), 4096):] {
			d.Write(q[:min(len(q), 4096)])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per input after Reset", allocs)
	}
}

// The word-at-a-time UTF-16 and UTF-32 checks against the unit-at-a-time
// ones, on random bytes drawn mostly from those that matter (NUL, the
// surrogate bytes D8-DF and their neighbours) at every length and offset.
func TestWideChecksMatchReference(t *testing.T) {
	for u := range 1 << 16 {
		if got := sniff.NotText[u>>6]>>(u&63)&1 == 1; got != refBadUnit(uint16(u)) {
			t.Fatalf("unit %04X: notText %v", u, got)
		}
	}
	rng := rand.New(rand.NewPCG(9, 10))
	alphabet := []byte{0, 0, 0, 'a', 0xD7, 0xD8, 0xDB, 0xDC, 0xDF, 0xE0, 0x20, 0xFE, 0xFF, 0x7F, 0xF8}
	for range 3000 {
		p := make([]byte, rng.IntN(80))
		for i := range p {
			p[i] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(8) == 0 {
				p[i] = byte(rng.IntN(256))
			}
		}
		if got, want := sniff.ZeroCounts(p), refZeros(p); got != want {
			t.Fatalf("% X: zeroCounts %v, want %v", p, got, want)
		}
		for _, big := range []bool{false, true} {
			for _, tr := range []bool{false, true} {
				if got, want := sniff.ValidUTF16(p, big, tr), refValidUTF16(p, big, tr); got != want {
					t.Fatalf("% X big %v truncated %v: validUTF16 %v, want %v", p, big, tr, got, want)
				}
			}
			if got, want := sniff.SurrogatePairs(p, big), refSurrogatePairs(p, big); got != want {
				t.Fatalf("% X big %v: surrogatePairs %d, want %d", p, big, got, want)
			}
			if got, want := sniff.WideText(p, big), refWideText(p, big); got != want {
				t.Fatalf("% X big %v: wideText %v, want %v", p, big, got, want)
			}
		}
	}
	// the choice of byte order, on text in both orders with surrogate pairs,
	// stray NULs and damage, cut at odd and even lengths
	for i := range 400 {
		s := []string{"héllo wörld ", "日本語のテキスト", "😀😃 ok ", "\x00\x00ab"}[i%4]
		p := utf16Bytes(strings.Repeat(s, 1+rng.IntN(30)), i%8 < 4)
		for range rng.IntN(4) {
			p[rng.IntN(len(p))] = alphabet[rng.IntN(len(alphabet))]
		}
		p = p[:rng.IntN(len(p)+1)]
		for _, tr := range []bool{false, true} {
			c, found := wideCandidate(p, tr)
			big, want := refWideOrder(p, tr)
			if found && c.Encoding != "utf-32le" && c.Encoding != "utf-32be" && (!want || (c.Encoding == "utf-16be") != big) || !found && want {
				t.Fatalf("% X truncated %v: %s %v, want found %v big %v", p, tr, c.Encoding, found, want, big)
			}
		}
	}
	// long runs, past the 255 words zeroCounts counts between folds
	for _, n := range []int{2040, 2048, 2049, 5000} {
		p := make([]byte, n)
		for i := range p {
			if rng.IntN(3) == 0 {
				p[i] = byte(1 + rng.IntN(255))
			}
		}
		if got, want := sniff.ZeroCounts(p), refZeros(p); got != want {
			t.Fatalf("%d bytes: zeroCounts %v, want %v", n, got, want)
		}
	}
}

// A tally folds its 32-bit tables into whole counts before they overflow.
func TestTallyFolds(t *testing.T) {
	p := bytes.Repeat([]byte("\x00a\x00b\xff"), 100)
	var tl tally
	tl.add(p[:7])
	near := uint64(math.MaxUint32 - 20) // as if 4 GiB had been counted
	if near > math.MaxInt {
		t.Skip("a 32-bit int cannot count 4 GiB")
	}
	tl.n = int(near)
	tl.add(p[7:])
	if tl.n != len(p)-7 {
		t.Fatalf("after the fold %d bytes in the tables, want %d", tl.n, len(p)-7)
	}
	var got, want [256]int
	tl.into(&got)
	for _, b := range p {
		want[b]++
	}
	if !sameCounted(&got, &want) {
		t.Fatal("counts differ after a fold")
	}
}

// incomplete and wellFormed, which the stream asks at every chunk that cuts
// a character, against utf8x.FirstInvalid (refIncomplete and its offset),
// on every input they are asked about: a lead byte C0-FF followed by fewer
// bytes than its sequence has (incomplete), or by exactly as many
// (wellFormed); each following byte any value for sequences up to three
// bytes, and one of the values where the rules change for four.
func TestIncompleteAndWellFormed(t *testing.T) {
	edges := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xF4, 0xFF}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	var walk func(p []byte, n int)
	walk = func(p []byte, n int) {
		if len(p) == n {
			if len(p) < seqLen(p[0]) {
				if got, want := incomplete(p), refIncomplete(p); got != want {
					t.Fatalf("incomplete(% X) = %v, want %v", p, got, want)
				}
			} else {
				off, _, _ := utf8x.FirstInvalid(p)
				if got, want := wellFormed(p), off == len(p); got != want {
					t.Fatalf("wellFormed(% X) = %v, want %v", p, got, want)
				}
			}
			return
		}
		next := all
		if seqLen(p[0]) == 4 && len(p) >= 2 {
			next = edges
		}
		for _, b := range next {
			walk(append(p, b), n)
		}
	}
	for lead := 0xC0; lead <= 0xFF; lead++ {
		for n := 1; n <= seqLen(byte(lead)); n++ {
			walk(append(make([]byte, 0, 4), byte(lead)), n)
		}
	}
}

// TestChunksAroundPrefixEnd feeds inputs a little longer than the prefix,
// valid and damaged just after its end (an invalid byte, an overlong
// sequence, a NUL, a sequence cut by the input's end, an error just before
// the end), split in two at every place around the prefix's end, the damage
// and the input's end, in three around them, and in chunks of a few sizes
// from 1 byte to about 4 KiB: the result must be the whole input's, and
// the state the reference's (refDetector fed the same chunks).
func TestChunksAroundPrefixEnd(t *testing.T) {
	texts := []string{"Grüße aus Köln, привет, 世界 😀. ", "plain text, nothing else. ", "今日は天気がとても良いので、公園で散歩しました。"}
	var ins [][]byte
	for _, text := range texts {
		base := bytes.Repeat([]byte(text), DefaultLimit/len(text)+20)[:DefaultLimit+256]
		for len(base) > 0 && base[len(base)-1]&0xC0 == 0x80 {
			base = base[:len(base)-1]
		}
		for base[len(base)-1] >= 0xC0 {
			base = base[:len(base)-1]
		}
		variants := [][]byte{base, append(append([]byte(nil), base...), 0xE4, 0xB8)}
		if text[0] == 'p' {
			// ASCII up to the prefix's end, one character after it.
			rare := append([]byte(nil), base...)
			copy(rare[DefaultLimit+100:], "é")
			variants = append(variants, rare)
		}
		for _, d := range []struct {
			at   int
			bads []string
		}{
			{DefaultLimit - 2, []string{"\xff", "\xed\xa0\x80"}},
			{DefaultLimit, []string{"\xff", "\xc0\x80", "\x00", "\xed\xa0\x80"}},
			{DefaultLimit + 1, []string{"\xc0\x80"}},
			{DefaultLimit + 50, []string{"\x00", "\xed\xa0\x80"}},
		} {
			for _, bad := range d.bads {
				v := append([]byte(nil), base...)
				copy(v[d.at:], bad)
				variants = append(variants, v)
			}
		}
		ins = append(ins, variants...)
	}
	step := 1
	if testing.Short() {
		step = 11
	}
	for _, in := range ins {
		for _, o := range []*Options{nil, {Limit: -1}, {Limit: DefaultLimit + 100}} {
			whole := newRef(o)
			whole.Write(in)
			want := whole.result(o)
			name := fmt.Sprintf("%d bytes, % X at the prefix's end, limit %+v", len(in), in[DefaultLimit-4:DefaultLimit+4], o)
			d := New(o)
			feed := func(how string, pieces ...[]byte) {
				t.Helper()
				d.Reset(o)
				ref := newRef(o)
				for _, p := range pieces {
					d.Write(p)
					ref.Write(p)
				}
				sameState(t, name+" "+how, d, ref.settle(o))
				if got := d.Result(); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s %s:\n got %+v\nwant %+v", name, how, got, want)
				}
			}
			for i := DefaultLimit - 16; i <= len(in); i++ {
				// Every place near the prefix's end, the damage and the
				// input's end; a sample of the others.
				if i > DefaultLimit+56 && i < len(in)-8 && i%(7*step) != 0 || testing.Short() && i > DefaultLimit+4 && i < DefaultLimit+46 {
					continue
				}
				feed(fmt.Sprintf("split at %d", i), in[:i], in[i:])
			}
			for j := DefaultLimit - 1; j <= len(in); j += 5 * step {
				feed(fmt.Sprintf("split at %d,%d", DefaultLimit-1, j), in[:DefaultLimit-1], in[DefaultLimit-1:j], in[j:])
			}
			sizes := []int{1, 3, 4, 67, 4093, 4096}
			if !testing.Short() {
				sizes = append(sizes, 2, 5, 7, 13, 64)
			}
			for _, n := range sizes {
				// Small chunks from a little before the prefix's end only:
				// one byte at a time from the start is slow and no better.
				pieces := [][]byte{in[:max(0, DefaultLimit-100*n+n/2)]}
				for q := in[len(pieces[0]):]; len(q) > 0; q = q[min(n, len(q)):] {
					pieces = append(pieces, q[:min(n, len(q))])
				}
				feed(fmt.Sprintf("chunks of %d", n), pieces...)
			}
		}
	}
}

// Each byte order mark's verdict names the mark's bytes in its note (the
// notes are written once, at start-up, no longer on every verdict).
func TestBOMNotes(t *testing.T) {
	for _, c := range []struct{ in, enc, note string }{
		{"\xef\xbb\xbfhi", "utf-8", "byte order mark EF BB BF"},
		{"\xff\xfeh\x00i\x00", "utf-16le", "byte order mark FF FE"},
		{"\xfe\xff\x00h\x00i", "utf-16be", "byte order mark FE FF"},
		{"\xff\xfe\x00\x00h\x00\x00\x00", "utf-32le", "byte order mark FF FE 00 00"},
		{"\x00\x00\xfe\xff\x00\x00\x00h", "utf-32be", "byte order mark 00 00 FE FF"},
	} {
		best, ok := Detect([]byte(c.in), nil).Best()
		if !ok || best.Encoding != c.enc || best.Evidence != BOM || best.Note != c.note {
			t.Errorf("%q: %+v, want %s with note %q", c.in, best, c.enc, c.note)
		}
	}
}

// A structural verdict on a slice allocates its list of candidates and
// nothing else: valid UTF-8, ASCII and a byte order mark (whose note was
// once formatted on every verdict), at the default limit and beyond it.
func TestVerdictAllocs(t *testing.T) {
	mixed := bytes.Repeat([]byte("Grüße aus Köln, привет, 世界. "), 5000)
	ascii := bytes.Repeat([]byte("plain text, nothing else. "), 5000)
	for _, c := range []struct {
		name string
		in   []byte
	}{
		{"utf-8", mixed}, {"ascii", ascii}, {"bom", append([]byte("\xef\xbb\xbf"), mixed...)},
		{"utf-16le bom", append([]byte("\xff\xfe"), utf16Bytes("hello, world", false)...)},
	} {
		for _, o := range []*Options{nil, {Limit: -1}} {
			allocs := testing.AllocsPerRun(20, func() { Detect(c.in, o) })
			if allocs != 1 {
				t.Errorf("%s, limit %+v: %v allocations per verdict, want 1", c.name, o, allocs)
			}
		}
	}
}

// FuzzAroundPrefixEnd puts the fuzzer's bytes just before, across or after
// the end of the prefix, behind valid text (ASCII or not), and holds every
// API, chunked at two places around them, to the reference: the short path
// after the prefix and the carry across it see what the fuzzer makes.
func FuzzAroundPrefixEnd(f *testing.F) {
	f.Add([]byte("\xed\xa0\x80 x"), uint16(0), uint16(301), uint16(302), uint8(8))
	f.Add([]byte("é\xe4\xb8"), uint16(1), uint16(0), uint16(3), uint8(9))
	f.Add([]byte("\x00ab\x1b$B"), uint16(40), uint16(38), uint16(42), uint8(2))
	// After an ASCII prefix (kind 0, default limit), which is looked past.
	f.Add([]byte("\n\xe9t\xe9\n"), uint16(0), uint16(290), uint16(310), uint8(0))
	f.Add([]byte("x\n\xc3\xa9"), uint16(1), uint16(299), uint16(300), uint8(0))
	f.Add(bytes.Repeat([]byte("abc "), 400), uint16(0), uint16(100), uint16(500), uint8(0))
	fillers := [][]byte{
		bytes.Repeat([]byte("plain text, nothing else. "), DefaultLimit/26+1),
		bytes.Repeat([]byte("Grüße aus Köln, привет, 世界 😀. "), DefaultLimit/30+1),
	}
	f.Fuzz(func(t *testing.T, in []byte, back, a, b uint16, kind uint8) {
		if len(in) > 4<<10 {
			in = in[:4<<10]
		}
		filler := fillers[int(kind)%len(fillers)]
		filler = filler[:DefaultLimit-int(back)%256]
		filler = filler[:completeLen(filler)] // valid: no character cut
		full := append(append([]byte(nil), filler...), in...)
		o := diffOptions[int(kind/2)%len(diffOptions)]
		base := len(filler) - 300
		checkAgainstRef(t, full, o, []int{base + int(min(a, b))%600, base + int(max(a, b))%600})
	})
}

// notText holds exactly the units its comment names, tested one by one.
func TestNotTextTable(t *testing.T) {
	for u := range 1 << 16 {
		want := u < 0x20 && u != '\t' && u != '\n' && u != '\r' || u >= 0x7F && u < 0xA0 || u >= 0xE000 && u < 0xF900 || u >= 0xFFFE
		if got := sniff.NotText[u>>6]>>(u&63)&1 == 1; got != want {
			t.Fatalf("unit %#04x: in notText %v, want %v", u, got, want)
		}
	}
}

// beyondOf is d's histogram of the bytes after the prefix.
func beyondOf(d *Detector) *[256]int {
	h := new([256]int)
	d.beyondHist(h)
	return h
}

// sameCounted reports whether got holds the counts of want as a tally
// keeps them: every byte but printable ASCII (20-7E) exactly, printable
// ASCII at most as often.
func sameCounted(got, want *[256]int) bool {
	for b := range got {
		if got[b] != want[b] && (b < 0x20 || b >= 0x7F || got[b] > want[b]) {
			return false
		}
	}
	return true
}

// printable8 finds a byte outside 20-7E wherever it is in a word, whatever
// the other bytes.
func TestPrintable8(t *testing.T) {
	edges := []byte{0, 1, 0x1F, 0x20, 0x21, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xE0, 0xFF}
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 100000; trial++ {
		var w [8]byte
		want := true
		for i := range w {
			if rng.IntN(4) == 0 {
				w[i] = edges[rng.IntN(len(edges))]
			} else {
				w[i] = byte(0x20 + rng.IntN(0x5F))
			}
			want = want && w[i] >= 0x20 && w[i] < 0x7F
		}
		if got := printable8(binary.LittleEndian.Uint64(w[:])); got != want {
			t.Fatalf("% x: printable %v, want %v", w, got, want)
		}
	}
	// A tally skips the words of printable ASCII and counts all of the others.
	p := []byte("plain text, then caf\xe9\x00\x7f and more plain text!!")
	var tl tally
	tl.add(p)
	var got [256]int
	tl.into(&got)
	for _, b := range []byte{0xe9, 0, 0x7f} {
		if got[b] != 1 {
			t.Errorf("%#x counted %d times, want 1", b, got[b])
		}
	}
	if got['p'] != 0 {
		t.Errorf("'p' counted %d times in words of printable ASCII", got['p'])
	}
}

// A tally counts every byte but printable ASCII exactly, whatever the mix of
// runs (markup, non-Latin text, UTF-16) and wherever its writes cut them.
func TestTallyMixedRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 300; trial++ {
		var p []byte
		for len(p) < 5000 {
			switch n := 1 + rng.IntN(200); rng.IntN(4) {
			case 0:
				p = append(p, bytes.Repeat([]byte("<td>x</td>"), n/10+1)...)
			case 1:
				for range n {
					p = append(p, byte(0xC0+rng.IntN(64)))
				}
			case 2:
				for range n {
					p = append(p, byte('a'+rng.IntN(26)), 0)
				}
			default:
				for range n {
					p = append(p, byte(rng.IntN(256)))
				}
			}
		}
		var tl tally
		for q := p; len(q) > 0; {
			k := min(len(q), 1+rng.IntN(3000))
			tl.add(q[:k])
			q = q[k:]
		}
		var got, want [256]int
		tl.into(&got)
		for _, b := range p {
			want[b]++
		}
		if !sameCounted(&got, &want) {
			t.Fatalf("trial %d: counts differ", trial)
		}
	}
}
