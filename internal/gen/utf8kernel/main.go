// Command kernel writes the amd64 assembly kernels of internal/utf8kernel with avo.
//
// Run it from internal/gen (`go run ./utf8kernel`, or `go generate` in
// internal/utf8kernel); it rewrites ../utf8kernel/kernel_amd64.s and
// ../utf8kernel/stubs_amd64.go.
//
// Every algorithm is written once over asm.Width and emitted for AVX2
// (32-byte blocks) and AVX-512 (64-byte blocks).
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
	"github.com/utf8x/utf8x/internal/gen/asm"
)

func main() {
	if len(os.Args) == 1 {
		os.Args = append(os.Args,
			"-out", "../utf8kernel/kernel_amd64.s",
			"-stubs", "../utf8kernel/stubs_amd64.go",
			"-pkg", "utf8kernel")
	}
	ConstraintExpr("!purego")
	mem := asm.NewTables("tables")
	c := tables(mem)
	for _, mk := range []marks{none, nulESC, nulOnly} {
		for _, m := range []mode{plain, counting, copying} {
			prefix := map[mode]string{plain: "valid", counting: "validCount", copying: "validCopy"}[m]
			prefix += map[marks]string{nulOnly: "NUL", nulESC: "Marks"}[mk]
			valid(asm.AVX2, c, prefix+"AVX2", false, m, mk)
			valid(asm.AVX512, c, prefix+"AVX512", false, m, mk)
			valid(asm.AVX512, c, prefix+"AVX512VBMI", true, m, mk)
		}
	}
	valid(asm.AVX2, c, "validRunesAVX2", false, runes, none)
	valid(asm.AVX512, c, "validRunesAVX512", false, runes, none)
	valid(asm.AVX512, c, "validRunesAVX512VBMI", true, runes, none)
	ascii(asm.AVX2)
	ascii(asm.AVX512)
	for _, w := range []asm.Width{asm.AVX2, asm.AVX512} {
		count(w, false, c)
		count(w, true, c)
	}
	mem.Emit(asm.TablesDoc...)
	Generate()
}
