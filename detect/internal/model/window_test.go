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
