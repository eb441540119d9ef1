package sniff

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf16"
)

func utf16Bytes(s string, big bool) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// Order takes the byte order Sniff finds in UTF-16 and UTF-32 text without
// a mark, whatever the plausibility scores say, and allocates nothing.
func TestOrderFollowsSniff(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("Plain text, line after line.\n", 10),
		strings.Repeat("Привет, мир! Как дела?\n", 10),
		strings.Repeat("Grüße aus Köln, señor.\n", 10),
	} {
		for _, big := range []bool{false, true} {
			p := utf16Bytes(text, big)
			r := Sniff(p, true)
			want := "utf-16le"
			if big {
				want = "utf-16be"
			}
			if r.Kind != Wide || r.Encoding != want {
				t.Fatalf("%.20q big %v: Sniff %+v", text, big, r)
			}
			if got := Order(p, 2); got != big {
				t.Errorf("%.20q big %v: Order says big %v", text, big, got)
			}
			if n := testing.AllocsPerRun(10, func() { Order(p, 2) }); n != 0 {
				t.Errorf("Order allocates %v times", n)
			}
		}
	}
}

// Under minOrderLen bytes the scores decide: a lone emoji (D83D DE00) has
// one NUL byte, on the side that makes it two other characters.
func TestOrderShortInput(t *testing.T) {
	for _, big := range []bool{false, true} {
		p := utf16Bytes("😀", big)
		if got := Order(p, 2); got != big {
			t.Errorf("one emoji big %v: Order says big %v", big, got)
		}
	}
}

// An installed judge decides the orders both read as text, and gets a copy
// of the input.
func TestOrderJudge(t *testing.T) {
	defer judge.Store(judge.Load())
	// Characters whose swapped units are text too (2D4E, 8765, 575B, 267B,
	// 0x2000): both orders read, and the NULs (spaces) do not decide.
	p := utf16Bytes(strings.Repeat("中文字符 ", 20), false)
	for _, wantBig := range []bool{false, true} {
		SetOrderJudge(func(q []byte, big bool) (float64, bool) {
			if !bytes.Equal(q, p) {
				t.Fatal("the judge sees other bytes")
			}
			if big == wantBig {
				return 1, true
			}
			return 2, true
		})
		enc, ok := WideForm(p, false)
		if !ok {
			t.Fatal("not UTF-16")
		}
		if got := enc == "utf-16be"; got != wantBig {
			t.Errorf("judge prefers big %v: WideForm %s", wantBig, enc)
		}
	}
}
