package detect

import (
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// TestLongASCIILine: a long line of ASCII (no line feed) before a little
// legacy text does not outweigh it: the answer is the text's encoding.
func TestLongASCIILine(t *testing.T) {
	ja, err := japanese.ShiftJIS.NewEncoder().String(strings.Repeat("今日は天気がとても良いので、公園へ散歩に行きました。", 8))
	if err != nil {
		t.Fatal(err)
	}
	fr, err := charmap.Windows1252.NewEncoder().String("Le café était très bon, à Noël nous étions déjà là-bas avec Zoé.")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ text, want string }{{ja, "shift_jis"}, {fr, "windows-1252"}} {
		for _, n := range []int{2 << 10, 20 << 10, 60 << 10} {
			const unit = "    key = value; // plain ASCII configuration "
			line := strings.Repeat(unit, n/len(unit)+1)[:n]
			for _, in := range []string{line + tc.text + "\n", strings.ReplaceAll(line, "; ", ";\r") + tc.text + "\r"} {
				best, ok := Detect([]byte(in), nil).Best()
				if !ok || best.Encoding != tc.want {
					t.Errorf("%s after %d bytes of ASCII in one line: %+v", tc.want, n, best)
				}
			}
		}
	}
}
