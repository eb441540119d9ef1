//go:build purego || (!amd64 && !arm64)

package utf8kernel

import "github.com/utf8x/utf8x/internal/kernelset"

// No accelerated sets here: the portable code is all there is, and the arch
// functions, never reached (only the portable set is ever active), answer
// with it.
var archSets []kernelset.Set[impl]

func archValidPrefix(_ setID, p []byte) int                         { return validPrefixGo(p) }
func archValidCount(_ setID, p []byte) (n, runes, utf16, ascii int) { return validCountGo(p) }
func archValidCopy(_ setID, dst, src []byte) int                    { return validCopyGo(dst, src) }
func archValidRunes(_ setID, p []byte) (n, runes, utf16 int) {
	n, runes, utf16, _ = validCountGo(p)
	return n, runes, utf16
}
func archASCIIPrefix(_ setID, p []byte) int                   { return asciiPrefixGo(p) }
func archCountRunes(_ setID, p []byte) int                    { return countRunesGo(p) }
func archUTF16Len(_ setID, p []byte) int                      { return utf16LenGo(p) }
func archValidNUL(_ setID, p []byte, want Marks) (int, Marks) { return validNULGo(p, want) }
func archValidCountNUL(_ setID, p []byte, want Marks) (n, runes, utf16, ascii int, marks Marks) {
	return validCountNULGo(p, want)
}
func archValidCopyNUL(_ setID, dst, src []byte, want Marks) (int, Marks) {
	return validCopyNULGo(dst, src, want)
}
