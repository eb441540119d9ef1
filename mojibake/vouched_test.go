package mojibake

import (
	"bytes"
	"strings"
	"testing"
)

// A line whose only misread characters are ones the model of real text
// sees one unseen pair in, glued to a letter after them (Vietnamese ễ, ồ,
// ừ read as Windows-1252: "diá»…n", "nguá»“n", "rá»«ng"; Russian С read
// as Windows-1251 before another letter), is repaired in a text the lines
// before vouch for that misreading, as it is in a window with another
// misread character; alone, or in a text without such lines, it is left as
// it is (one such pair is not enough evidence); and at a word's end on a
// line that opened a quotation with «, where the same characters may be a
// guillemet closing it and an ellipsis ("«olá»…" in Portuguese), the
// text's evidence does not change what is asked.
func TestVouchedScan(t *testing.T) {
	mis := func(s string, e Codepage) string { return mustMisread(t, s, e) }
	viBefore := "Tôi đi làm ở Hà Nội vào mùa đông.\nChúng tôi đang ở đây, một câu dài khác.\nCô ấy đã đến thăm bạn bè.\n"
	viLines := []string{"diễn", "nguồn", "rừng xanh", "thừa", "Nguyễn", "từ", "Orbiter (từ 2003), Mars"}
	ruBefore := "Привет, как дела у тебя сегодня?\nМы живём в большом городе.\nЭто очень хорошая книга.\n"
	ruLines := []string{"[США](/wiki/x)", "СССР"}
	cases := []struct {
		before string
		lines  []string
		e      Codepage
	}{{viBefore, viLines, Windows1252}, {ruBefore, ruLines, Windows1251}}
	for _, c := range cases {
		for _, l := range c.lines {
			ml := mis(l+"\n", c.e)
			// Alone: left as it is, as before.
			if out, cs := FixString(ml); out != ml {
				t.Errorf("%q alone: changed to %q (%v): one unseen pair without the text's evidence", ml, out, cs)
			}
			// After lines surely misread the same way, and between them.
			text := mis(c.before, c.e) + ml + mis(c.before, c.e)
			want := c.before + l + "\n" + c.before
			out, _ := FixString(text)
			if out != want {
				t.Errorf("%q after lines misread as %v: got\n%q\nwant\n%q", ml, c.e, out, want)
			}
			// The Transformer, whatever the input's split, writes the same.
			for _, sizes := range [][]int{{1}, {3}, {7, 1}, {len(text)}} {
				if got := feed(t, NewTransformer(), []byte(text), sizes, maxWindow); !bytes.Equal(got, []byte(out)) {
					t.Errorf("%q, chunks %v: the Transformer wrote %q, Fix %q", ml, sizes, got, out)
				}
			}
			// Past docReach of clean text the lines before vouch no more.
			far := mis(c.before, c.e) + strings.Repeat("plain ascii text\n", docReach/17+2) + ml
			if out, _ := FixString(far); !strings.HasSuffix(out, ml) {
				t.Errorf("%q more than docReach after the misread lines: repaired", ml)
			}
		}
	}
	// Clean Portuguese after misread lines: guillemets closing a quotation
	// before an ellipsis or quotation marks stay.
	pt := mis("A decisão foi tomada em março, após a reunião.\nO município já não tem orçamento para a estação.\nA população está à espera de uma solução.\n", Windows1252)
	for _, l := range []string{"Ele disse «olá»… e saiu.", "Ela respondeu «está»“ não sei”.", "Comprei pão «já»… e voltei."} {
		out, _ := FixString(pt + l + "\n")
		if !strings.HasSuffix(out, "\n"+l+"\n") {
			t.Errorf("clean %q after misread lines: changed: %q", l, out[strings.LastIndexByte(out[:len(out)-1], '\n')+1:])
		}
	}
}
