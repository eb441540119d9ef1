//go:build purego || (!amd64 && !arm64)

package transkernel

import "github.com/utf8x/utf8x/internal/simd"

// No vector sets here: the caller's scalar code does everything, and the
// arch functions convert nothing.
var archSets []simd.Set[impl]

func archLatin1ToUTF8(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }
func archUTF8ToLatin1(_ setID, _, _ []byte) (nDst, nSrc int)  { return 0, 0 }
func archUTF8ToUTF16LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF8ToUTF16BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF8ToUTF32LE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF8ToUTF32BE(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF16LEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
func archUTF16BEToUTF8(_ setID, _, _ []byte) (nDst, nSrc int) { return 0, 0 }
