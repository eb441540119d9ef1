// Command gen writes the amd64 assembly kernels of internal/kernel with avo.
//
// Run it from this directory (`go run .`); it rewrites
// ../kernel/kernel_amd64.s and ../kernel/stubs_amd64.go.
//
// The validators follow the lookup-table method of Keiser and Lemire
// ("Validating UTF-8 In Less Than One Instruction Per Byte", 2021): every
// two-byte window (previous byte, current byte) is classified by three 16-entry
// tables indexed by nibbles, whose entries are bit sets of the error shapes a
// nibble is compatible with; ANDing them leaves a bit only where the pair is
// ill-formed. Whether a continuation byte may follow another is decided by
// looking two and three bytes back for a 3- or 4-byte lead.
package main

import (
	"os"

	. "github.com/mmcloughlin/avo/build"
)

func main() {
	if len(os.Args) == 1 {
		os.Args = append(os.Args,
			"-out", "../kernel/kernel_amd64.s",
			"-stubs", "../kernel/stubs_amd64.go",
			"-pkg", "kernel")
	}
	ConstraintExpr("!purego")
	tables()
	validAVX2("validAVX2", plain)
	validAVX512("validAVX512", false, plain)
	validAVX512("validAVX512VBMI", true, plain)
	validAVX2("validCountAVX2", counting)
	validAVX512("validCountAVX512", false, counting)
	validAVX512("validCountAVX512VBMI", true, counting)
	validAVX2("validCopyAVX2", copying)
	validAVX512("validCopyAVX512", false, copying)
	validAVX512("validCopyAVX512VBMI", true, copying)
	asciiAVX2()
	asciiAVX512()
	countAVX2()
	countAVX512()
	Generate()
}
