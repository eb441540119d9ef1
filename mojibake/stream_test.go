package mojibake

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/text/transform"
)

// streamText builds a text mixing clean and misread lines, long lines with
// and without ASCII, invalid bytes and a misread stretch on every side of
// the 2 KiB window limit.
func streamText(t testing.TB) []byte {
	ss := sentences(t, 2)
	var b bytes.Buffer
	rng := rand.New(rand.NewSource(1))
	ms := manglers()
	for i, s := range ss {
		m := ms[rng.Intn(len(ms))]
		if out, ok := m.f(s); ok && i%3 != 0 {
			s = out
		}
		b.WriteString(s)
		switch i % 7 {
		case 0:
			b.WriteString("\r\n")
		case 1:
			b.WriteString(" ") // lines run together into long ones
		case 2:
			b.WriteString("\xff\n")
		default:
			b.WriteString("\n")
		}
	}
	long := strings.Repeat("日本語", 1000) + strings.Repeat("cafÃ© ", 500) + "\n" + strings.Repeat("Ã©", 1500)
	b.WriteString(long)
	return b.Bytes()
}

// feed runs tr over src in chunks of the given sizes (cycled) with a dst of
// dstSize, the way a careful caller of the Transformer interface does.
func feed(t *testing.T, tr transform.Transformer, src []byte, sizes []int, dstSize int) []byte {
	var out []byte
	dst := make([]byte, dstSize)
	pending := []byte{}
	pos, k := 0, 0
	for {
		if pos < len(src) {
			n := min(sizes[k%len(sizes)], len(src)-pos)
			k++
			pending = append(pending, src[pos:pos+n]...)
			pos += n
		}
		atEOF := pos == len(src)
		for {
			nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			if err == nil {
				break
			}
			if err == transform.ErrShortSrc && !atEOF {
				break
			}
			if err == transform.ErrShortDst && (nDst > 0 || nSrc > 0) {
				continue
			}
			t.Fatalf("Transform: %v with %d pending at EOF=%v", err, len(pending), atEOF)
		}
		if atEOF && len(pending) == 0 {
			return out
		}
	}
}

func TestStreamMatchesWhole(t *testing.T) {
	src := streamText(t)
	want, wantChanges := Fix(src)
	if len(wantChanges) == 0 {
		t.Fatal("the stream text holds nothing to fix")
	}
	checkChanges(t, src, want, wantChanges)
	for _, sizes := range [][]int{{1}, {2}, {3}, {5, 1, 7}, {64}, {1000, 3}, {4096}, {len(src)}} {
		for _, dstSize := range []int{maxWindow, 4096, 1 << 16} {
			var got []Change
			tr := NewTransformer()
			tr.Report = func(c Change) { got = append(got, c) }
			out := feed(t, tr, src, sizes, dstSize)
			if !bytes.Equal(out, want) {
				i := 0
				for i < len(out) && i < len(want) && out[i] == want[i] {
					i++
				}
				t.Fatalf("chunks %v, dst %d: output differs from Fix at byte %d", sizes, dstSize, i)
			}
			if fmt.Sprint(got) != fmt.Sprint(wantChanges) {
				t.Fatalf("chunks %v, dst %d: %d changes reported, Fix reports %d", sizes, dstSize, len(got), len(wantChanges))
			}
		}
	}
	// x/text's own Reader, whose buffer is 4 KiB.
	r := transform.NewReader(bytes.NewReader(src), NewTransformer())
	var b bytes.Buffer
	if _, err := b.ReadFrom(r); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Fatal("transform.Reader output differs from Fix")
	}
}

// checkChanges verifies that each change's ranges hold its Old and New text
// and that the text between changes is unchanged.
func checkChanges(t testing.TB, in, out []byte, cs []Change) {
	t.Helper()
	var inAt, outAt int64
	for _, c := range cs {
		if c.InStart < inAt || c.InEnd <= c.InStart || c.OutStart < outAt || c.OutEnd < c.OutStart {
			t.Fatalf("change %+v out of order", c)
		}
		if !bytes.Equal(in[inAt:c.InStart], out[outAt:c.OutStart]) {
			t.Fatalf("bytes before change %+v differ", c)
		}
		if string(in[c.InStart:c.InEnd]) != c.Old || string(out[c.OutStart:c.OutEnd]) != c.New {
			t.Fatalf("change %+v: ranges do not hold Old and New", c)
		}
		if c.Line != int64(bytes.Count(in[:c.InStart], []byte{'\n'})+1) {
			t.Fatalf("change %+v: line %d", c, c.Line)
		}
		// The column counted independently: decode the line up to the
		// stretch, one character per rune or invalid byte.
		lineStart := bytes.LastIndexByte(in[:c.InStart], '\n') + 1
		col := int64(1)
		for p := in[lineStart:c.InStart]; len(p) > 0; col++ {
			_, size := utf8.DecodeRune(p)
			p = p[size:]
		}
		if c.Column != col {
			t.Fatalf("change %+v: column %d, want %d", c, c.Column, col)
		}
		if len(c.Chain) == 0 || !utf8.ValidString(c.New) {
			t.Fatalf("change %+v: no chain or invalid output", c)
		}
		inAt, outAt = c.InEnd, c.OutEnd
	}
	if !bytes.Equal(in[inAt:], out[outAt:]) {
		t.Fatal("bytes after the last change differ")
	}
	// Each change's chain is its own: appending to one leaves the others.
	before := fmt.Sprint(cs)
	for _, c := range cs {
		_ = append(c.Chain, Codepage(200))
	}
	if fmt.Sprint(cs) != before {
		t.Fatal("appending to a change's chain changed another change")
	}
}

// TestTinyChunksLongLine feeds long lines without a newline one byte at a
// time. The Transformer once scanned its pending input again after each
// ErrShortSrc, which cost time quadratic in a window: the test counts the
// bytes the pre-scan and the searches for LF go over, and bounds the time
// for liveness only (ten seconds for what takes a fraction of one).
func TestTinyChunksLongLine(t *testing.T) {
	mangle := func(s string, e Codepage) string {
		m, ok := misread(s, e, lossNone)
		if !ok {
			t.Fatal("cannot misread the test line")
		}
		return m
	}
	var ascii, cjk, clean []byte
	for len(ascii) < 64<<10 {
		ascii = append(ascii, mangle("Le café est très bon, déjà vu à Noël; ", Windows1252)...)
	}
	for len(cjk) < 64<<10 {
		cjk = append(cjk, mangle("中文的火星是太阳系中的第四颗行星", Windows1252)...)
	}
	var word []byte
	for len(word) < 64<<10 {
		word = append(word, "МарсчетвёртаяпоудалённостиотСолнцапланетаΣύστημα"...)
	}
	for len(clean) < 64<<10 {
		clean = append(clean, "Марс — четвёртая по удалённости от Солнца планета. "...)
	}
	for _, tc := range []struct {
		name string
		src  []byte
	}{{"mostly ASCII", ascii}, {"no ASCII", cjk}, {"clean Cyrillic", clean}, {"clean, no ASCII", word}} {
		want, _ := Fix(tc.src)
		if !strings.HasPrefix(tc.name, "clean") && bytes.Equal(want, tc.src) {
			t.Fatalf("%s: Fix changed nothing", tc.name)
		}
		deadline := time.Now().Add(10 * time.Second)
		tr := NewTransformer()
		dst := make([]byte, 4096)
		var out, pending []byte
		for pos := 0; pos < len(tc.src) || len(pending) > 0; {
			if time.Now().After(deadline) {
				t.Fatalf("%s: 1-byte chunks still at byte %d of %d after 10 s", tc.name, pos, len(tc.src))
			}
			if pos < len(tc.src) {
				pending = append(pending, tc.src[pos])
				pos++
			}
			atEOF := pos == len(tc.src)
			nDst, nSrc, err := tr.Transform(dst, pending, atEOF)
			out = append(out, dst[:nDst]...)
			pending = pending[nSrc:]
			switch {
			case err == nil, err == transform.ErrShortSrc && !atEOF:
			case err == transform.ErrShortDst && nSrc > 0:
			default:
				t.Fatalf("%s: Transform: %v with %d pending at EOF=%v", tc.name, err, len(pending), atEOF)
			}
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("%s: 1-byte chunks give other output than Fix", tc.name)
		}
		// Each byte is looked at a few times (scan, LF searches, the cut
		// of a window), not once per byte that follows it in its window.
		if tr.looked > 8*int64(len(tc.src)) {
			t.Errorf("%s: the pre-scan and LF searches went over %d bytes for %d of input", tc.name, tr.looked, len(tc.src))
		}
		t.Logf("%s: %d bytes looked at for %d of input", tc.name, tr.looked, len(tc.src))
	}
}

// TestScanResume: a scan of the whole text started at the resume point a
// scan of any prefix returned finds the candidate a scan from the start
// finds, the invariant the Transformer relies on to scan each byte once.
func TestScanResume(t *testing.T) {
	texts := [][]byte{streamText(t)}
	for _, s := range []string{"МарсчетвёртаяΣύστημα", "Ð¿Ñ€Ð¸Ð²ÐµÑ‚", "ä¸­æ–‡ cafÃ©", "NÃO Ã©\xff\xe4\xb8"} {
		texts = append(texts, []byte(strings.Repeat(s, 40)))
	}
	for _, p := range texts {
		step := max(1, len(p)/3000)
		for _, atEOF := range []bool{false, true} {
			want := nextCandidate(p, atEOF)
			for k := 0; k <= len(p); k += step {
				_, r := scanFrom(p[:k], 0, false)
				if r < 0 || r > k {
					t.Fatalf("prefix %d: resume point %d", k, r)
				}
				if got, _ := scanFrom(p, r, atEOF); got != want {
					t.Fatalf("prefix %d of %q...: from resume point %d the scan finds %d, from the start %d (atEOF %v)",
						k, p[:min(len(p), 40)], r, got, want, atEOF)
				}
				// Resumed from a resume point of a resumed scan, too.
				if _, r2 := scanFrom(p[:min(len(p), k+step)], r, false); r2 < r {
					t.Fatalf("prefix %d: resume point went back from %d to %d", k, r, r2)
				} else if got, _ := scanFrom(p, r2, atEOF); got != want {
					t.Fatalf("prefix %d: from the second resume point %d the scan finds %d, from the start %d", k, r2, got, want)
				}
			}
		}
	}
}

// TestLastLF checks Transformer.lastLF against bytes.LastIndexByte over
// the part of rest past what the Transformer knows holds no LF, on random
// lines and limits, and that it records a part with none as such.
func TestLastLF(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	found := 0
	for range 20000 {
		rest := make([]byte, rng.Intn(200))
		for i := range rest {
			rest[i] = "ab \xc3\n"[rng.Intn(5)]
			if rng.Intn(8) > 0 && rest[i] == '\n' {
				rest[i] = 'x' // (LFs a few to a line)
			}
		}
		limit := rng.Intn(len(rest) + 1)
		var tr Transformer
		tr.in = int64(rng.Intn(50))
		tr.nlFree = tr.in + int64(rng.Intn(len(rest)+1)) - 10
		k := int(min(max(tr.nlFree-tr.in, 0), int64(limit)))
		want := bytes.LastIndexByte(rest[k:limit], '\n')
		if want >= 0 {
			want += k
			found++
		}
		if got := tr.lastLF(rest, limit); got != want {
			t.Fatalf("lastLF(%q, %d) from %d = %d, want %d", rest, limit, k, got, want)
		}
		if want < 0 && tr.nlFree < tr.in+int64(limit) {
			t.Fatalf("lastLF(%q, %d) found no LF but left nlFree at %d", rest, limit, tr.nlFree-tr.in)
		}
	}
	if found < 1000 {
		t.Fatalf("only %d searches found an LF", found)
	}
}

// A repair may be longer than its window (a lost byte written as U+FFFD,
// three bytes, in place of the misread character of two before it): the
// Transformer writes no more than dst holds (it panicked in its callers
// before, reporting more bytes written than dst had; found by FuzzFix) and
// writes the rest in the next call, so that its output is Fix's whatever
// the room.
func TestTransformerHoldsWhatOutgrowsDst(t *testing.T) {
	for _, in := range []string{"dÉ©AÃ ÃA", "PoÄetni indeks\n", "TlÄcatlahtohcÄyÅtl in Congo\nPoÄetni indeks\n"} {
		want, cs := FixString(in)
		if len(want) <= len(in) || len(cs) == 0 {
			t.Fatalf("%q: Fix gives %q, no longer than the input: the case tests nothing", in, want)
		}
		// (A window needs room for its bytes: each input here is one.)
		for room := len(in); room <= len(want)+1; room++ {
			tr := NewTransformer()
			var out []byte
			src := []byte(in)
			dst := make([]byte, room, room+64) // (capacity beyond len: nothing may be written there)
			for tries := 0; tries < 100 && (len(src) > 0 || len(out) < len(want)); tries++ {
				for i := range dst[:cap(dst)] {
					dst[:cap(dst)][i] = 0
				}
				nDst, nSrc, err := tr.Transform(dst, src, true)
				if nDst > len(dst) || nSrc > len(src) {
					t.Fatalf("%q, dst %d: wrote %d bytes, read %d", in, room, nDst, nSrc)
				}
				for _, b := range dst[len(dst):cap(dst)] {
					if b != 0 {
						t.Fatalf("%q, dst %d: wrote past len(dst)", in, room)
					}
				}
				out = append(out, dst[:nDst]...)
				src = src[nSrc:]
				if err == nil {
					break
				}
				if err != transform.ErrShortDst {
					t.Fatalf("%q, dst %d: %v", in, room, err)
				}
			}
			if string(out) != want {
				t.Errorf("%q, dst %d: got %q, want %q", in, room, out, want)
			}
		}
		if got, _, err := transform.String(NewTransformer(), in); err != nil || got != want {
			t.Errorf("%q: transform.String gives %q, %v; want %q", in, got, err, want)
		}
	}
}
