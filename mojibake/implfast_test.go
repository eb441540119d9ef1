package mojibake

import (
	"testing"

	"github.com/utf8x/utf8x/mojibake/internal/pairs"
)

// TestShapeStepsAgree checks the shape-of-words table implFast steps by
// against shapeStep, the general loop's step, for every character with a
// descriptor and every state the table packs.
func TestShapeStepsAgree(t *testing.T) {
	fastDescOnce.Do(buildFastDesc)
	bad := 0
	for i := range uint32(fastSpan) {
		r := rune(i)
		if i >= fastLow {
			r = rune(i - fastLow + fastPunct)
		}
		cls := uint32(fastDesc[i]>>fdClassShift) & 31
		for _, lower := range []bool{false, true} {
			for caps := range 3 {
				for _, capsHigh := range []bool{false, true} {
					for alpha := range uint8(4) {
						st := packShape(lower, caps, capsHigh, alpha)
						n, l2, c2, h2, a2 := shapeStep(r, lowInfo[r], scriptTable[r], 0, lower, caps, capsHigh, alpha)
						want := packShape(l2, c2, h2, a2)<<2 | uint8(n)
						if got := shapeSteps[uint32(st)<<5|cls]; got != want && bad < 10 {
							bad++
							t.Errorf("U+%04X (class %d) from lower=%v caps=%d capsHigh=%v alpha=%d: table %#x, shapeStep %#x",
								r, cls, lower, caps, capsHigh, alpha, got, want)
						}
					}
				}
			}
		}
	}
}

// TestScriptOfSlowRanges checks scriptOfSlow's shortcut for the SMP's last
// blocks (emoji) against classifyScript for every code point of them.
func TestScriptOfSlowRanges(t *testing.T) {
	if scriptOfSlow(0x1F600) != scNone || classifyScript(0x1D400) != scriptOfSlow(0x1D400) {
		t.Fatal("scriptOfSlow: emoji or mathematical letters misclassified")
	}
	bad := 0
	for r := rune(0x1EF00); r <= 0x20100; r++ {
		if got, want := scriptOfSlow(r), classifyScript(r); got != want {
			if bad++; bad <= 10 {
				t.Errorf("scriptOfSlow(%U) = %d, classifyScript gives %d", r, got, want)
			}
		}
	}
}

// TestScriptOfTatweel: the Arabic tatweel, of the Common script, is of
// the script of Arabic's letters for the rules.
func TestScriptOfTatweel(t *testing.T) {
	if s := scriptOf(0x640); s != scriptOf('ب') || s == scNone || s == scOther {
		t.Errorf("tatweel: script %d, Arabic letters %d", s, scriptOf('ب'))
	}
}

// TestWideLetters checks what implausibleAroundMargin's run of wide
// letters assumes of every character isWideLetter reports (and of none
// beside its four ranges): infoOf's cjkInfo, a letter of no case;
// scriptOf's scWide, beyond the alphabets the rules judge; a fold of its
// own; and a pair with any character from U+2E80 on that the model does
// not count.
func TestWideLetters(t *testing.T) {
	fastDescOnce.Do(buildFastDesc)
	if !wideRun {
		t.Fatal("wideRun is off: the tables no longer describe CJK and Hangul as the run assumes")
	}
	bad := 0
	for r := rune(0x2E00); r <= 0xE000; r++ {
		want := 0x4E00 <= r && r <= 0x9FFF || 0xAC00 <= r && r <= 0xD7A3 || 0x3041 <= r && r <= 0x3096 || 0x30A1 <= r && r <= 0x30FA
		if isWideLetter(r) != want {
			t.Fatalf("isWideLetter(%U) = %v", r, !want)
		}
		if !want {
			continue
		}
		in := infoOf(r)
		if in != cjkInfo || in.kind != kLetter || in.upper || in.lower || scriptOf(r) != scWide || pairs.Fold(r) != r || pairs.Counted(0x2E80, r) || pairs.Counted(r, r) {
			if bad++; bad <= 10 {
				t.Errorf("%U: info %+v, script %d, fold %U", r, in, scriptOf(r), pairs.Fold(r))
			}
		}
	}
	if alphabetOf(scWide) <= scCyrillic || scWide <= scCyrillic {
		t.Error("scWide is among the alphabets the rules judge")
	}
}

// TestImplFastHighScripts checks what implFast's skip of highScripts for
// a character after one of its script assumes: every character of a
// script beyond Cyrillic that has a descriptor is beyond ASCII, so has
// fdHigh, and set the script's bit.
func TestImplFastHighScripts(t *testing.T) {
	fastDescOnce.Do(buildFastDesc)
	for x, d := range fastDesc {
		if s := uint8(d & fdScript); s > scCyrillic && d&fdHigh == 0 {
			t.Errorf("descriptor %#x: script %d beyond Cyrillic without fdHigh", x, s)
		}
	}
}
