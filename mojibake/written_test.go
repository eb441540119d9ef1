package mojibake

import (
	"bytes"
	"testing"
)

// TestWrittenPerfect: Persian written with the zero-width non-joiner
// inside its words, Hebrew with its directional marks, and Chinese and
// Japanese with a full-width bracket or quote closed before a full-width
// comma or stop, have no badness, so that misread as Windows-1252 their
// repair leaves none, and plan stops after Windows-1252 (coversAll over
// its perfect stretches) rather than trying five more encodings for
// stretches that cannot win (see describe and oddNeighbours); so have a
// small letter and the '[' of a note glued to it ("планета[1]"; see
// pairCost). It fails when the non-joiner or the marks cost anything
// again, or the pairs of CJK punctuation, or a small letter before '['.
func TestWrittenPerfect(t *testing.T) {
	lines := []string{
		"火星的名字来自罗马神话中的战神（玛尔斯）。",
		"他说：「火星」、「木星」，都是行星（外行星）；",
		"火星（かせい）は、太陽系の惑星である（地球型惑星）。",
		"「火星」、それは赤い星だ。",
		"Марс — четвёртая по удалённости от Солнца планета[1][2].",
		"en période de forte obliquité[14]. Les données recueillies",
		"\u200fמאדים הוא כוכב הלכת הרביעי \u200e(Mars)\u200f במרחקו מהשמש.",
		"من می\u200cخواهم این کتاب\u200cها را بخوانم.",
		"دانشجویان در کلاس\u200cهای دانشگاه حاضر شده\u200cاند.",
		"آن\u200cها به خانه\u200cی ما آمدند و نامه\u200cای نوشتند.",
		"این مقاله (به زبان فارسی) درباره\u200cی سیاره\u200cها است.",
	}
	f := &fixer{}
	tr := NewTransformer()
	for _, s := range lines {
		if b := badness(none, []rune(s), none); b != 0 {
			t.Errorf("%q: badness %d, want 0", s, b)
		}
		w := misreadBytes(Windows1252)([]byte(s))
		// What fixer.window sets up before plan.
		if f.decodeWindow(w) == 0 {
			t.Fatalf("%q: no misread character found", w)
		}
		f.scripts.ok, f.unitsFor.ok, f.banned = false, false, f.banned[:0]
		f.scripts.line, f.scripts.text, f.scripts.blocksOK, f.scripts.escOK = f.rs, w, false, false
		f.scripts.units = f.wantedUnits
		f.arena = f.arena[:0]
		cs := f.plan(f.rs, none, none, 0, nil)
		var ranges [][2]int
		for _, c := range cs {
			if !c.perfect || c.chain[0] != Windows1252 {
				t.Errorf("%q: candidate %q (%v) perfect %v", s, string(c.out), c.chain, c.perfect)
			}
			ranges = append(ranges, [2]int{c.start, c.end})
		}
		if !coversAll(ranges, f.depth[0].pos) {
			t.Errorf("%q: Windows-1252's perfect stretches do not cover every place: plan tries the other encodings", s)
		}
		// And the repair is the line.
		tr.Reset()
		dst := make([]byte, 4*len(w))
		n, _, err := tr.Transform(dst, w, true)
		if err != nil || !bytes.Equal(dst[:n], []byte(s)) {
			t.Errorf("%q: repaired to %q (%v)", s, dst[:n], err)
		}
	}
}

// TestNoteAfterCapital: a capital before '[' is counted still. Windows-1251
// reads the last byte of many CJK characters as a Cyrillic capital, and
// "ж—Ґ[1]" (日[1], the corpus's Japanese) is repaired only with that pair
// counted in the text as found.
func TestNoteAfterCapital(t *testing.T) {
	if b := badness(none, []rune("Ґ[1]"), none); b == 0 {
		t.Errorf("Ґ[1]: badness 0, want the capital glued to '[' counted")
	}
	if b := badness(none, []rune("ґ[1]"), none); b != 0 {
		t.Errorf("ґ[1]: badness %d, want 0", b)
	}
}
