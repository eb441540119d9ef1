// Command convkernel writes the amd64 transcoding kernels of
// internal/convkernel with avo.
//
// Run it from internal/gen (`go run ./convkernel`, or `go generate` in
// internal/convkernel); it rewrites ../convkernel/convkernel_amd64.s and
// ../convkernel/stubs_amd64.go. One file per conversion: latin1.go (both
// ways), utf8_to_wide.go (UTF-8 to UTF-16 and UTF-32), utf16_to_utf8.go,
// utf32_to_utf8.go, cp1252.go (Windows-1252 to UTF-8; the other way is
// latin1.go's with a check more), utf16_utf32.go (between UTF-16 and UTF-32,
// and the byte-order swaps), singlebyte.go (every single-byte encoding over
// ASCII both ways, from a table passed at run time); consts.go holds the
// constant memory, ops.go the
// steps they share. The files written after asm.Width exists take a Width
// and emit each kernel for AVX2 and AVX-512 from the one algorithm.
//
// Every kernel works on 64-byte input blocks with AVX-512 (BW, VBMI2), or on
// 32-byte blocks with AVX2, and
// converts a prefix of its input: a block it cannot convert whole (ill-formed
// input, a character it has no vector path for, too little room left in dst)
// ends the call, and the Go caller goes on one character at a time. The ideas
// are those of Lemire and Muła ("Transcoding Billions of Unicode Characters per
// Second with SIMD Instructions", 2021) and of Clausecker and Lemire
// ("Transcoding Unicode Characters with AVX-512 Instructions", 2023): classify
// the bytes of a block into masks, check the structure with a few mask
// operations in general registers, and move bytes to their places with
// VPCOMPRESSB instead of shuffle tables. The code here is our own: instead of
// the papers' per-character permutations, a block of UTF-8 is decoded by
// compressing its lead bytes, the bytes one after and the bytes two after
// each lead into three vectors, so that lane k of each holds the bytes of
// character k (utf8_to_wide_vbmi2.go).
//
// The AVX-512BW kernels are for the CPUs with AVX-512 but without VBMI2
// (Skylake-X to Cascade Lake): UTF-8 to UTF-16 and UTF-32, decoding every
// byte's 32-bit lane as if it ended a character and keeping the lanes that
// do with VPCOMPRESSD, which AVX-512F has (utf8_to_wide_lanes.go). Their set
// takes the AVX2 kernels for the other conversions. The three sets' UTF-8
// to UTF-16/UTF-32 kernels are one generator function, utf8ToWide, whose
// file says which of its paths are written once over the width and which
// are a set's own.
//
// The AVX2 kernels are for CPUs without AVX-512: ASCII and Latin-1 both
// ways, UTF-8 to UTF-16 and UTF-32, and UTF-16 to UTF-8, every character
// length and surrogate pairs included. With no VPCOMPRESSB, bytes are packed
// or spread with VPSHUFB and 256-entry tables indexed by eight bits of a
// mask, 8 bytes, 8 UTF-16 units or 4 UTF-8 characters at a time, and masks
// come from VPMOVMSKB; TZCNT, POPCNT and BZHI are the only scalar extras.
// PEXT and PDEP are avoided on purpose: the AMD CPUs that lack AVX-512 run
// them in microcode. Runs of one kind of character have paths of their own
// that need no table lookup: 3-byte characters (CJK) and 4-byte ones (emoji)
// in UTF-8, surrogate pairs, runs of ASCII (64 units a step) and blocks whose
// units all take three bytes (fixed store offsets) in UTF-16; blocks of
// units below 0x800 take one table lookup of their own (bmpToUTF8AVX2).
package main

import (
	"os"

	"github.com/utf8x/utf8x/internal/gen/asm"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

func main() {
	if len(os.Args) == 1 {
		os.Args = append(os.Args,
			"-out", "../convkernel/convkernel_amd64.s",
			"-stubs", "../convkernel/stubs_amd64.go",
			"-pkg", "convkernel")
	}
	ConstraintExpr("!purego")
	mem := asm.NewTables("tables")
	c := &consts{mem: mem, dword: map[uint32]Mem{}, ydw: map[uint32]Mem{}}
	swapTables(c)
	dwordConsts(c)
	avx2Consts(c)
	latin1ToUTF8()
	wt := newWideTab(mem)
	utf8ToLatin1("utf8ToLatin1AVX512", false, nil)
	utf8ToWide(c, setVBMI2, 2, false)
	utf8ToWide(c, setVBMI2, 2, true)
	utf8ToWide(c, setVBMI2, 4, false)
	utf8ToWide(c, setVBMI2, 4, true)
	utf16ToUTF8(c, "utf16LEToUTF8AVX512", false)
	utf16ToUTF8(c, "utf16BEToUTF8AVX512", true)
	utf8ToWide(c, setBW, 2, false)
	utf8ToWide(c, setBW, 2, true)
	utf8ToWide(c, setBW, 4, false)
	utf8ToWide(c, setBW, 4, true)
	latin1ToUTF8AVX2(c)
	utf8ToLatin1AVX2(c, "utf8ToLatin1AVX2", false, nil)
	utf8ToWide(c, setAVX2, 2, false)
	utf8ToWide(c, setAVX2, 2, true)
	utf8ToWide(c, setAVX2, 4, false)
	utf8ToWide(c, setAVX2, 4, true)
	for _, w := range []asm.Width{asm.AVX512, asm.AVX2} {
		utf32ToUTF8(w, c, wt, false)
		utf32ToUTF8(w, c, wt, true)
		cp1252ToUTF8(w, c, wt)
		for _, inBE := range []bool{false, true} {
			swap16(w, c, wt, inBE)
			swap32(w, c, wt, inBE)
			for _, outBE := range []bool{false, true} {
				utf16ToUTF32(w, c, wt, inBE, outBE)
				utf32ToUTF16(w, c, wt, inBE, outBE)
			}
		}
	}
	utf8ToLatin1("utf8ToCP1252AVX512", true, wt)
	utf8ToLatin1AVX2(c, "utf8ToCP1252AVX2", true, wt)
	utf16ToUTF8AVX2(c, "utf16LEToUTF8AVX2", false)
	utf16ToUTF8AVX2(c, "utf16BEToUTF8AVX2", true)
	sbDecodeAVX512(mem)
	sbEncodeAVX512(mem)
	sbDecodeAVX2(c)
	sbEncodeAVX2(c)
	mem.Emit(asm.TablesDoc...)
	Generate()
}
