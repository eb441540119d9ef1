package model

import (
	"bytes"
	"testing"
)

// Window keeps the lines that hold bytes above 7F, in order, and takes the
// markup out of them; it is contiguous only while nothing was left out.
func TestWindow(t *testing.T) {
	for _, tc := range []struct {
		in, want   string
		contiguous bool
	}{
		{"caf\xe9\n", "caf\xe9\n", true},
		{"caf\xe9\nplain\n", "caf\xe9\n", true},
		{"plain\ncaf\xe9\n", "caf\xe9\n", false},
		{"<p>caf\xe9 &amp; th\xe9</p>\n", " caf\xe9   th\xe9 \n", false},
		{"a < b and c > d \xe9\n", "a < b and c > d \xe9\n", true},
		{"<a title=\"\xe9\">x</a> \xe9\n", "<a title=\"\xe9\">x  \xe9\n", false},
		{"AT&T \xe9 &#233; &x\n", "AT&T \xe9   &x\n", false},
		{"only ascii\n", "only ascii\n", true},
	} {
		w, c := Window([]byte(tc.in))
		if !bytes.Equal(w, []byte(tc.want)) || c != tc.contiguous {
			t.Errorf("Window(%q) = %q, %v; want %q, %v", tc.in, w, c, tc.want, tc.contiguous)
		}
	}
}

// stripMarkup finds the tags and references a byte-by-byte walk finds.
func TestStripMarkupMatchesWalk(t *testing.T) {
	walk := func(w []byte) ([]byte, bool) {
		var out []byte
		last := 0
		for i := 0; i < len(w); i++ {
			if b := w[i]; b != '<' && b != '&' {
				continue
			}
			n := markupLen(w[i:])
			if n == 0 {
				continue
			}
			if out == nil {
				out = []byte{}
			}
			out = append(append(out, w[last:i]...), ' ')
			i += n - 1
			last = i + 1
		}
		if out == nil {
			return w, false
		}
		return append(out, w[last:]...), true
	}
	for _, s := range []string{"", "<", "&", "a<b", "<p>caf\xe9</p>", "x &amp; y &#233; & z &;", "<<p>>", "&&amp;<<a href=x>&lt;",
		"<p\n>", "t\xe9<b>\xe8</b>&nbsp;", "<!-- c --><?xml v?></a>&x", "a < b & c > d", "&#x;&#12;<1>< p>"} {
		got, ok := stripMarkup([]byte(s))
		want, wok := walk([]byte(s))
		if string(got) != string(want) || ok != wok {
			t.Errorf("%q: %q %v, walk %q %v", s, got, ok, want, wok)
		}
	}
}
