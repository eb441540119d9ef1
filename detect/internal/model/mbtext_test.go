package model

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// mbSamples are texts that exercise the multi-byte decoders' edges: every
// kind of byte a lead, trail or lone byte can be in one of them, pairs of
// ASCII bytes, line ends, real text in the CJK encodings and in single-byte
// ones, in random mixtures.
func mbSamples(t *testing.T, n int) [][]byte {
	t.Helper()
	tokens := [][]byte{[]byte("a"), []byte("Zq"), []byte(" "), []byte("\n"), []byte(", "), []byte("0"), []byte("39"),
		[]byte("@"), []byte("~"), []byte("\x7f"), []byte("\x01"), []byte("<p>"), []byte("\\"),
		{0x80}, {0x81}, {0x8e}, {0x8f}, {0x90}, {0xa0}, {0xa1}, {0xa2}, {0xb0}, {0xc7}, {0xd4}, {0xdf}, {0xe0}, {0xef},
		{0xf0}, {0xf9}, {0xfc}, {0xfd}, {0xfe}, {0xff}, {0x81, 0x30}, {0x81, 0x30, 0x81, 0x30}, {0x84, 0x31, 0xa4, 0x39},
		{0x8e, 0xa2, 0xa1, 0xa1}, {0x8f, 0xa1, 0xa1}, {0x8f, 0xfe}, {0x88, 0x62}, {0x88, 0x64}, {0x88, 0xa3},
		[]byte("\xc2\xf7\xe5\xf0\xe0 "), []byte("\xe1\xea\xf3\xe9\xf4"), []byte("\xd0\xf1\xe5"),
	}
	for _, e := range Encodings {
		if e.Table != nil {
			continue
		}
		for _, s := range []string{"今日は天気、", "中文的文字", "繁體中文字", "한국어 텍스트", "カタカナ", "ｱｲｳ", "Ωж€"} {
			if b, err := Unwrap(e.Enc).NewEncoder().Bytes([]byte(s)); err == nil {
				tokens = append(tokens, b)
			}
		}
	}
	rng := rand.New(rand.NewPCG(23, 2))
	out := [][]byte{nil, {0x81}, []byte("a"), []byte("ab"), {0x81, 'a'}, {'a', 0x81}}
	for range n {
		var b []byte
		for range rng.IntN(80) {
			b = append(b, tokens[rng.IntN(len(tokens))]...)
		}
		out = append(out, b)
	}
	return out
}

// The pieces of an mbText decode as the whole text does: decoding them
// joined by NULs and putting the ASCII between them back gives the text
// decoded whole, in every multi-byte encoding.
func TestMBTextDecodesAlike(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range mbSamples(t, 3000) {
		mt := mbTextOf(x, m.asciiArr)
		if mt == nil {
			continue
		}
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			var joined []byte
			for k, p := range mt.pieces {
				if k > 0 {
					joined = append(joined, 0)
				}
				joined = append(joined, x[p.start:p.end]...)
			}
			d, err := Unwrap(e.Enc).NewDecoder().Bytes(joined)
			if err != nil {
				t.Fatal(err)
			}
			segs := bytes.Split(d, []byte{0})
			if len(mt.pieces) == 0 {
				segs = nil
			}
			if len(segs) != len(mt.pieces) {
				t.Fatalf("%s %q: %d pieces decode to %d", e.Name, x, len(mt.pieces), len(segs))
			}
			got := append([]byte(nil), x[:mt.lead]...)
			for k, p := range mt.pieces {
				got = append(got, segs[k]...)
				st := mt.stretches[k+1]
				if int(st.a) != int(p.end) {
					t.Fatalf("stretch %d starts at %d, piece ends at %d", k+1, st.a, p.end)
				}
				got = append(got, x[st.a:st.b]...)
			}
			want, err := Unwrap(e.Enc).NewDecoder().Bytes(x)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s %q: pieces decode to %q, the whole to %q", e.Name, x, got, want)
			}
		}
		mt.release()
	}
}

// A reading scored through an mbText is the reading scored whole, in every
// field, on the samples and on the corpus's texts when present.
func TestMBTextScoresAlike(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	xs := mbSamples(t, 1500)
	files, _ := filepath.Glob("../../../../shared/corpus/wikipedia_mars/*.utf8.txt")
	if len(files) == 0 {
		t.Log("../shared/corpus absent: samples only")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range Encodings {
			if e.Table == nil {
				continue
			}
			// the text as a single-byte encoding writes it (what it
			// cannot is dropped), read as the multi-byte ones
			var w []byte
			for _, r := range string(b[:min(len(b), 6000)]) {
				for c, u := range e.Table {
					if rune(u) == r && r != 0xFFFD {
						w = append(w, byte(c))
						break
					}
				}
			}
			xs = append(xs, w)
		}
	}
	for _, x := range xs {
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			for _, complete := range []bool{false, true} {
				mt := mbTextOf(x, m.asciiArr)
				got := m.scoreDecoded(e, x, mt, complete)
				if mt != nil {
					mt.release()
				}
				want := m.scoreDecoded(e, x, nil, complete)
				if got.Cost != want.Cost || got.Lang != want.Lang || got.Ruled != want.Ruled || got.High != want.High ||
					got.HighCost != want.HighCost || got.Foreign != want.Foreign {
					t.Fatalf("%s %q complete %v: cut %+v, whole %+v", e.Name, x, complete, got, want)
				}
			}
		}
	}
}

// decodeJoined decodes EUC-TW and Johab (whose ill-formed sequences it
// replaces itself) and every other encoding as its decoder does, on the
// samples with NULs between them as mbText joins its pieces, and on
// samples cut anywhere.
func TestDecodeJoinedAlike(t *testing.T) {
	xs := mbSamples(t, 3000)
	rng := rand.New(rand.NewPCG(23, 3))
	for i := range xs {
		if i%3 == 0 && len(xs[i]) > 0 {
			x := append([]byte(nil), xs[i]...)
			for range rng.IntN(4) {
				x[rng.IntN(len(x))] = 0
			}
			xs[i] = x
		}
	}
	for _, e := range Encodings {
		if e.Table != nil {
			continue
		}
		for _, x := range xs {
			buf := new([]byte)
			got, err := decodeJoined(e, buf, x)
			if err != nil {
				t.Fatal(err)
			}
			want, err := Unwrap(e.Enc).NewDecoder().Bytes(x)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s %q: %q, the decoder %q", e.Name, x, got, want)
			}
		}
	}
}

// A reading ruledEarly rules out is one scored rules out, with the same
// language, on the samples, whole and as prefixes: its runes scored in
// full, scored says "invalid or undefined sequences"; and scoreDecodedEarly
// rules out early exactly the readings ruledEarly does.
func TestRuledEarly(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	early, late := 0, 0
	for _, x := range mbSamples(t, 3000) {
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			for _, complete := range []bool{false, true} {
				full := m.scorers(e)
				endsBad, ok, ruled := addDecoded(e, x, nil, full, false, complete)
				if !ok || ruled {
					t.Fatalf("%s %q: ok %v, ruled %v without early", e.Name, x, ok, ruled)
				}
				want := m.scored(e, full, endsBad, complete)
				rss := m.scorers(e)
				_, _, ruled = addDecoded(e, x, nil, rss, true, complete)
				got := m.scoreDecodedEarly(e, x, nil, complete, true)
				if ruled != (got.Ruled != "" && got.High == 0 && want.High != 0) {
					t.Fatalf("%s %q complete %v: ruled early %v, yet scoreDecoded %+v", e.Name, x, complete, ruled, got)
				}
				if !ruled {
					if want.Ruled != "" {
						late++
					}
					continue
				}
				early++
				if want.Ruled != "invalid or undefined sequences" || got.Ruled != want.Ruled || got.Lang != want.Lang || got.Cost != 1e18 ||
					got.Name != want.Name || got.Iconv != want.Iconv {
					t.Fatalf("%s %q complete %v: ruled early %+v, scored in full %+v", e.Name, x, complete, got, want)
				}
			}
		}
	}
	// (the rule must be met, and not by every reading scored ruled out)
	if early < 1000 || late == 0 {
		t.Fatalf("ruled early %d times, ruled out after scoring %d", early, late)
	}
	t.Logf("ruled early %d times, ruled out only after scoring %d", early, late)
}

// countFFFD and wideRunes count as bytes.Count and a loop over the runes
// do, on the samples decoded.
func TestCountFFFDWideRunes(t *testing.T) {
	for _, x := range mbSamples(t, 1000) {
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			text, err := Unwrap(e.Enc).NewDecoder().Bytes(x)
			if err != nil {
				t.Fatal(err)
			}
			wide := 0
			for _, r := range string(text) {
				if r >= 0x80 {
					wide++
				}
			}
			if got, want := countFFFD(text), bytes.Count(text, []byte("\uFFFD")); got != want {
				t.Fatalf("%s %q: countFFFD %d, bytes.Count %d", e.Name, text, got, want)
			}
			if got := wideRunes(text); got != wide {
				t.Fatalf("%s %q: wideRunes %d, runes above 7F %d", e.Name, text, got, wide)
			}
		}
	}
}
