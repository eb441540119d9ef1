package utf8x

import (
	"bytes"
	"fmt"
	"strings"
)

// BOM is the UTF-8 byte order mark, U+FEFF encoded (RFC 3629 section 6).
const BOM = "\xEF\xBB\xBF"

// BOMPolicy says what to do with a byte order mark at the very start of a stream.
// U+FEFF anywhere else is text (ZERO WIDTH NO-BREAK SPACE) and is never touched.
type BOMPolicy uint8

const (
	BOMKeep  BOMPolicy = iota // leave the input as it is (the default)
	BOMStrip                  // remove a byte order mark at the start
	BOMAdd                    // write one at the start if absent
)

var bomPolicyNames = [...]string{"keep", "strip", "add"}

// String returns "keep", "strip" or "add".
func (b BOMPolicy) String() string {
	if int(b) < len(bomPolicyNames) {
		return bomPolicyNames[b]
	}
	return fmt.Sprintf("BOMPolicy(%d)", uint8(b))
}

// ParseBOMPolicy returns the BOM policy named name, case-insensitively.
func ParseBOMPolicy(name string) (BOMPolicy, error) {
	for i, n := range bomPolicyNames {
		if strings.EqualFold(name, n) {
			return BOMPolicy(i), nil
		}
	}
	return BOMKeep, fmt.Errorf("unknown BOM policy %q (want keep, strip or add)", name)
}

// HasBOM reports whether p starts with the UTF-8 byte order mark.
func HasBOM(p []byte) bool { return bytes.HasPrefix(p, []byte(BOM)) }

// HasBOMString reports whether s starts with the UTF-8 byte order mark.
func HasBOMString(s string) bool { return strings.HasPrefix(s, BOM) }

// TrimBOM returns p without its leading UTF-8 byte order mark, if it has one.
// A U+FEFF later in p is text and stays.
func TrimBOM(p []byte) []byte { return bytes.TrimPrefix(p, []byte(BOM)) }

// TrimBOMString is like TrimBOM but its input is a string.
func TrimBOMString(s string) string { return strings.TrimPrefix(s, BOM) }

// Output reports whether the output of a conversion should start with a byte
// order mark, given whether its input started with one. It is the whole
// decision, shared by every form: a UTF-16 or UTF-32 decoder asks it with the
// BOM of its own form and writes the UTF-8 one, an encoder the other way round.
func (b BOMPolicy) Output(inputHad bool) bool {
	switch b {
	case BOMStrip:
		return false
	case BOMAdd:
		return true
	}
	return inputHad
}
