package transcode

import (
	"bytes"
	"encoding/hex"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestJava compares modified UTF-8 with Java's DataOutputStream.writeUTF and
// CESU-8 with Java's "CESU-8" charset, on the strings of
// testdata/JavaForms.java, when a java launcher (11 or later, for single-file
// programs) is on PATH.
func TestJava(t *testing.T) {
	java, err := exec.LookPath("java")
	if err != nil {
		t.Skip("java is not on PATH: skipping the comparison with Java's modified UTF-8 and CESU-8")
	}
	if testing.Short() {
		t.Skip("-short: skipping the comparison with Java")
	}
	out, err := exec.Command(java, "testdata/JavaForms.java").Output()
	if err != nil {
		t.Fatalf("java testdata/JavaForms.java: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 10 {
		t.Fatalf("java printed %d lines, want one per string:\n%s", len(lines), out)
	}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("java printed %q, want CODEPOINTS MUTF8 CESU8", line)
		}
		var text []rune
		if f[0] != "-" {
			for _, c := range strings.Split(f[0], ",") {
				v, err := strconv.ParseUint(c, 16, 32)
				if err != nil {
					t.Fatalf("java printed %q: %v", line, err)
				}
				text = append(text, rune(v))
			}
		}
		mutf8, cesu8 := unhexJava(t, f[1]), unhexJava(t, f[2])
		utf8 := []byte(string(text))

		got, err := AppendMUTF8WithLength(nil, utf8)
		if err != nil || !bytes.Equal(got, mutf8) {
			t.Errorf("%q: writeUTF gives % X, we give % X (%v)", text, mutf8, got, err)
		}
		back, n, err := DecodeMUTF8WithLength(nil, mutf8)
		if err != nil || n != len(mutf8) || !bytes.Equal(back, utf8) {
			t.Errorf("%q: Java's % X reads as %q, %v", text, mutf8, back, err)
		}
		got, err = CESU8.AppendEncode(nil, utf8)
		if err != nil || !bytes.Equal(got, cesu8) {
			t.Errorf("%q: Java's CESU-8 is % X, ours % X (%v)", text, cesu8, got, err)
		}
		back, err = CESU8.AppendDecode(nil, cesu8)
		if err != nil || !bytes.Equal(back, utf8) {
			t.Errorf("%q: Java's CESU-8 % X reads as %q, %v", text, cesu8, back, err)
		}
	}
}

func unhexJava(t *testing.T, s string) []byte {
	if s == "-" {
		return nil
	}
	p, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("java printed %q: %v", s, err)
	}
	return p
}
