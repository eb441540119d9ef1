package utf8x_test

import (
	"testing"
	"unicode/utf8"

	"github.com/utf8x/utf8x"
)

// Short inputs, where a call's layering costs as much as the scan: utf8x
// against unicode/utf8 on the bench module's generated backgrounds. Compare
// the impl=utf8x and impl=utf8 lines of one run (benchstat -col /impl).
func BenchmarkShort(b *testing.B) {
	bgs := []struct{ name, unit string }{
		{"ascii", "a"}, {"2byte", "é"}, {"3byte", "€"}, {"4byte", "😀"}, {"mixed", "aé€😀"},
	}
	for _, op := range []struct {
		name       string
		utf8x, std func([]byte) int
	}{
		{"Valid", func(p []byte) int { return b2i(utf8x.Valid(p)) }, func(p []byte) int { return b2i(utf8.Valid(p)) }},
		{"RuneCount", utf8x.RuneCount, utf8.RuneCount},
	} {
		for _, size := range []int{8, 32} {
			for _, bg := range bgs {
				p := fillTo(bg.unit, size)
				for _, impl := range []struct {
					name string
					f    func([]byte) int
				}{{"utf8x", op.utf8x}, {"utf8", op.std}} {
					b.Run(op.name+"/size="+itoa(size)+"/bg="+bg.name+"/impl="+impl.name, func(b *testing.B) {
						b.SetBytes(int64(len(p)))
						s := 0
						for b.Loop() {
							s += impl.f(p)
						}
						sinkShort = s
					})
				}
			}
		}
	}
}

var sinkShort int

// fillTo repeats the characters of unit while they fit in n bytes, then pads
// with ASCII, as the bench module's generated inputs do.
func fillTo(unit string, n int) []byte {
	var p []byte
	for {
		for _, r := range unit {
			if len(p)+utf8.RuneLen(r) > n {
				for len(p) < n {
					p = append(p, 'z')
				}
				return p
			}
			p = utf8.AppendRune(p, r)
		}
	}
}

func b2i(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
