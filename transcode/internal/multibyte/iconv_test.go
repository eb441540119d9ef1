package multibyte

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"testing"
	"time"
	"unicode/utf8"
)

// iconvOracle names the glibc iconv charset compared with each codec.
var iconvOracle = map[*Codec]string{
	ShiftJIS:    "CP932",
	EUCJP:       "EUC-JP-MS",
	ISO2022JP:   "ISO-2022-JP",
	GB18030:     "GB18030",
	GBK:         "GBK",
	Big5:        "BIG5-HKSCS",
	EUCKR:       "CP949",
	ISO2022KR:   "ISO-2022-KR",
	Johab:       "JOHAB",
	EUCJISX0213: "EUC-JISX0213",
	EUCTW:       "EUC-TW",
	ISO2022CN:   "ISO-2022-CN",
	// glibc has no HZ-GB-2312.
}

// iconvKnown explains a difference from glibc iconv ("" = unexplained).
// ourDir is true when iconv failed to read our encoding of r back to r,
// false when we failed to read iconv's encoding of r back to r.
func iconvKnown(c *Codec, r rune, ourDir bool) string {
	if os.Getenv("ICONVRAW") != "" {
		return ""
	}
	pua := r >= 0xE000 && r <= 0xF8FF
	switch c {
	case ShiftJIS, EUCJP, ISO2022JP:
		if c == ShiftJIS && pua {
			return "Shift_JIS user-defined area: the standard decodes F040-F9FC to U+E000-U+E757 but does not encode it; glibc CP932 does both"
		}
		if c == EUCJP && pua {
			return "EUC-JP-MS user-defined rows (glibc) are not in index jis0208"
		}
		if c == ISO2022JP {
			return "glibc's ISO-2022-JP is plain JIS X 0208:1990 (no NEC/IBM rows, U+301C not U+FF5E); the standard's is index jis0208"
		}
		if c == ShiftJIS {
			switch {
			case ourDir && (r == 0x80 || r == 0xA5 || r == 0x203E || r == 0x2212):
				return "the standard's Shift_JIS encoder writes U+0080 as 80, U+00A5 as 5C, U+203E as 7E, U+2212 as U+FF0D's 817C"
			case !ourDir && (r == 0xA2 || r == 0xA3 || r == 0xA5 || r == 0xAC || r == 0x2014 || r == 0x2016 || r == 0x203E || r == 0x2212 || r == 0x301C):
				return "glibc's CP932 encoder best-fits U+00A2, U+00A3, U+00A5, U+00AC, U+2014, U+2016, U+203E, U+2212, U+301C to codes index jis0208 reads as the Windows forms"
			}
			return ""
		}
		return "index jis0208's choice among duplicate and vendor mappings (U+FF5E/U+301C, U+2225/U+2016, NEC vs IBM rows) differs from glibc's " + iconvOracle[c]
	case GB18030, GBK:
		if c == GBK && pua && (r < 0xE78D || r > 0xE864) {
			return "user-defined areas: the standard reads them as private use (A140.. = U+E4C6..), glibc's GBK (CP936) has no mapping"
		}
		if pua || r >= 0xFE10 && r <= 0xFE19 || r >= 0x9FB4 && r <= 0x9FBB || r == 0x20087 || r == 0x20089 || r == 0x200CC || r == 0x215D7 || r == 0x2298F || r == 0x241FE {
			return "GB18030-2022 mappings (the standard) vs GB18030-2005 private-use mappings (glibc 2.36)"
		}
		if c == GB18030 && r == 0x1E3F {
			return "U+1E3F: A8BC (GB18030-2005, the standard); glibc 2.36 still has 8135F437"
		}
		if c == GBK {
			return "the standard's GBK is gb18030's two-byte part; glibc's GBK is CP936 with its own gaps and the euro at 80"
		}
	case Johab:
		if r == 0x20A9 && !ourDir {
			return "glibc's JOHAB writes U+20A9 as 5C (its WON SIGN); we read 5C as REVERSE SOLIDUS, as Python and code page 1361 do"
		}
	case Big5:
		return "table differences: the standard's Big5 (HKSCS-2008 decoding, no HKSCS leads below A1 when encoding, last pointer for six duplicates) vs glibc BIG5-HKSCS (HKSCS-2008 both ways)"
	case ISO2022KR:
		if r == 0x20AC || r == 0xAE || r == 0x327E {
			return "KS X 1001:1998/2002 additions (euro, registered, U+327E) are in index euc-kr but not in glibc's ISO-2022-KR"
		}
	}
	return ""
}

func iconvRun(t *testing.T, args []string, in []byte) []byte {
	iconv, err := exec.LookPath("iconv")
	if err != nil {
		t.Skip("iconv not installed: skipping the comparison with glibc iconv")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, iconv, args...)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Skipf("iconv %v failed (%v): skipping", args, err)
	}
	return out
}

// TestIconvDifferential encodes every code point up to U+2FFFF with our
// encoder and has iconv read each back, and has iconv encode every code point
// and our decoder read each back; every difference must fall under a rule
// of iconvKnown, and the counts are logged.
func TestIconvDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("runs iconv over every code point: skipped under -short")
	}
	for _, c := range Codecs {
		name := iconvOracle[c]
		if name == "" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reasons := map[string]int{}
			var unexplained []string
			note := func(r rune, ourDir bool, what string) {
				k := iconvKnown(c, r, ourDir)
				if k == "" {
					if len(unexplained) < 15 || os.Getenv("ICONVRAW") == "all" {
						unexplained = append(unexplained, what)
					}
					k = "UNEXPLAINED"
				}
				reasons[k]++
			}
			// Our encoder, iconv's decoder. Stateful encodings get one
			// character per line, each line a whole encoder run.
			enc := mustEncoder(t, c, Strict, "")
			var in []byte
			var cps []rune
			var buf [4]byte
			all := []rune{}
			for cp := rune(0x80); cp < 0x30000; cp++ {
				if cp < 0xD800 || cp > 0xDFFF {
					all = append(all, cp)
				}
			}
			for _, cp := range all {
				b, err := run(enc, buf[:utf8.EncodeRune(buf[:], cp)])
				if err != nil {
					continue
				}
				if c.Stateful && len(in) == 0 && c == ISO2022KR {
					b = append([]byte("\x1b$)C"), bytes.TrimPrefix(b, []byte("\x1b$)C"))...)
				} else if c == ISO2022KR {
					b = bytes.TrimPrefix(b, []byte("\x1b$)C"))
				}
				in = append(append(in, b...), '\n')
				cps = append(cps, cp)
			}
			lines := bytes.Split(iconvRun(t, []string{"-c", "-f", name, "-t", "UTF-32BE"}, in), []byte{0, 0, 0, '\n'})
			agree := 0
			for i, cp := range cps {
				if i < len(lines) && len(lines[i]) == 1 && false {
					continue
				}
				var got rune = -1
				if i < len(lines) && len(lines[i]) == 4 {
					l := lines[i]
					got = rune(l[0])<<24 | rune(l[1])<<16 | rune(l[2])<<8 | rune(l[3])
				}
				if got == cp {
					agree++
					continue
				}
				note(cp, true, fmt.Sprintf("iconv -f %s reads our encoding of U+%04X as U+%04X", name, cp, got))
			}
			// iconv's encoder, our decoder.
			var text []byte
			for _, cp := range all {
				text = append(utf8.AppendRune(text, cp), '\n')
			}
			out := iconvRun(t, []string{"-c", "-f", "UTF-8", "-t", name}, text)
			var outLines [][]byte
			if c.Stateful {
				// Lines of a stateful stream are decoded as one stream.
				dec, err := run(c.NewDecoder(Replace), out)
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range bytes.Split(dec, []byte("\n")) {
					outLines = append(outLines, l)
				}
			} else {
				for _, l := range bytes.Split(out, []byte("\n")) {
					d, err := run(c.NewDecoder(Strict), l)
					if err != nil {
						d = []byte("ERR")
					}
					outLines = append(outLines, d)
				}
			}
			if len(outLines) < len(all) {
				t.Fatalf("iconv gave %d lines for %d", len(outLines), len(all))
			}
			back := 0
			for i, cp := range all {
				l := outLines[i]
				if len(l) == 0 {
					continue // iconv cannot encode it
				}
				if string(l) == string(cp) {
					back++
					continue
				}
				note(cp, false, fmt.Sprintf("we read iconv -t %s's encoding of U+%04X as %+q", name, cp, l))
			}
			keys := make([]string, 0, len(reasons))
			for k := range reasons {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			t.Logf("%s vs iconv %s: iconv reads %d of our encodings back, we read %d of iconv's back", c.Name, name, agree, back)
			for _, k := range keys {
				t.Logf("  %6d  %s", reasons[k], k)
			}
			if agree == 0 || back == 0 {
				t.Error("no agreement with iconv at all: the comparison is broken")
			}
			for _, u := range unexplained {
				t.Errorf("unexplained difference: %s", u)
			}
		})
	}
}
