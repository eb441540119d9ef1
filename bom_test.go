package utf8x_test

import (
	"bytes"
	"testing"

	"github.com/utf8x/utf8x"
)

// The byte order mark helpers, both forms, against a spelled-out rule: the
// mark is EF BB BF at offset 0 only; a part of it, a mark further on, or a
// UTF-16 mark is not one, and trimming takes off exactly those three bytes.
func TestBOMHelpers(t *testing.T) {
	mark := []byte{0xEF, 0xBB, 0xBF}
	for _, in := range [][]byte{
		nil, {}, mark, mark[:1], mark[:2],
		append(append([]byte{}, mark...), "text"...),
		append(append([]byte{}, mark...), mark...),
		append([]byte("text"), mark...),
		{' ', 0xEF, 0xBB, 0xBF},
		{0xFF, 0xFE, 'a', 0},
		{0xFE, 0xFF, 0, 'a'},
		{0xEF, 0xBB, 0xBE, 'a'},
	} {
		want := len(in) >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF
		wantRest := in
		if want {
			wantRest = in[3:]
		}
		if got := utf8x.HasBOM(in); got != want {
			t.Errorf("HasBOM(% x) = %v", in, got)
		}
		if got := utf8x.HasBOMString(string(in)); got != want {
			t.Errorf("HasBOMString(%q) = %v", in, got)
		}
		if got := utf8x.TrimBOM(in); !bytes.Equal(got, wantRest) {
			t.Errorf("TrimBOM(% x) = % x, want % x", in, got, wantRest)
		}
		if got := utf8x.TrimBOMString(string(in)); got != string(wantRest) {
			t.Errorf("TrimBOMString(%q) = %q, want %q", in, got, wantRest)
		}
	}
}
