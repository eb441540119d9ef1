package multibyte

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"
	"unicode/utf8"
)

// iconvOracle names the glibc iconv charset that must agree exactly with a
// codec on every character the codec encodes: iconv reads our encoder's
// output of each one back to the same character.
var iconvOracle = map[*Codec]string{
	EUCKR:       "CP949",
	Johab:       "JOHAB",
	EUCJISX0213: "EUC-JISX0213",
	HZGB2312:    "", // glibc has no HZ
}

func TestIconvReadsOurEncoding(t *testing.T) {
	if testing.Short() {
		t.Skip("runs iconv over every encodable character: skipped under -short")
	}
	iconv, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv not installed: skipping the comparison with glibc iconv")
	}
	for c, name := range iconvOracle {
		if name == "" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			enc := mustEncoder(t, c, Strict, "")
			var in, want []byte
			var buf [4]byte
			for cp := rune(0x80); cp < 0x30000; cp++ {
				if cp >= 0xD800 && cp <= 0xDFFF {
					continue
				}
				b, err := run(enc, buf[:utf8.EncodeRune(buf[:], cp)])
				if err != nil {
					continue
				}
				in = append(append(in, b...), '\n')
				want = append(append(want, string(cp)...), '\n')
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, iconv, "-f", name, "-t", "UTF-8")
			cmd.Stdin = bytes.NewReader(in)
			got, err := cmd.Output()
			if err != nil {
				t.Skipf("iconv -f %s failed (%v): skipping", name, err)
			}
			gl, wl := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
			if len(gl) != len(wl) {
				t.Fatalf("iconv gave %d lines, want %d", len(gl), len(wl))
			}
			bad := 0
			for i := range wl {
				if !bytes.Equal(gl[i], wl[i]) {
					if bad < 10 {
						t.Errorf("iconv -f %s reads our encoding of %+q as %+q", name, wl[i], gl[i])
					}
					bad++
				}
			}
			t.Logf("%s: %d characters, %d differences from iconv %s", c.Name, len(wl)-1, bad, name)
		})
	}
}
