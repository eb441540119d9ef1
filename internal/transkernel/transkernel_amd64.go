//go:build !purego

package transkernel

import "golang.org/x/sys/cpu"

// x/sys/cpu reports the AVX-512 subsets only when the operating system also
// saves the ZMM and opmask registers, so this covers both the CPU and the OS.
// VBMI2 brings VPCOMPRESSB, BMI2 the PDEP and BZHI the kernels use.
var hasAVX512VBMI2 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI2 &&
	cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

// The AVX2 set needs BMI1 and BMI2 for TZCNT and BZHI too; every CPU with
// AVX2 has them but some virtual machines hide them.
var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2 && cpu.X86.HasPOPCNT

var impls = []impl{
	{
		name:      "avx512vbmi2",
		vector:    true,
		supported: func() bool { return hasAVX512VBMI2 },
		// The call and its setup cost about as much as the scalar code
		// takes for 32 bytes of ASCII (5 ns here); any non-ASCII makes the
		// scalar code several times slower from 8 bytes on.
		latin1Min:     32,
		latin1ToUTF8:  latin1ToUTF8AVX512,
		utf8ToLatin1:  utf8ToLatin1AVX512,
		utf8ToUTF16LE: utf8ToUTF16LEAVX512,
		utf8ToUTF16BE: utf8ToUTF16BEAVX512,
		utf8ToUTF32LE: utf8ToUTF32LEAVX512,
		utf8ToUTF32BE: utf8ToUTF32BEAVX512,
		utf16LEToUTF8: utf16LEToUTF8AVX512,
		utf16BEToUTF8: utf16BEToUTF8AVX512,
	},
	{
		// No 4-byte characters, surrogates or UTF-32: the scalar code
		// takes those blocks.
		name:          "avx2",
		vector:        true,
		supported:     func() bool { return hasAVX2 },
		latin1Min:     MinLen,
		latin1ToUTF8:  latin1ToUTF8AVX2,
		utf8ToLatin1:  utf8ToLatin1AVX2,
		utf8ToUTF16LE: utf8ToUTF16LEAVX2,
		utf8ToUTF16BE: utf8ToUTF16BEAVX2,
		utf8ToUTF32LE: none,
		utf8ToUTF32BE: none,
		utf16LEToUTF8: utf16LEToUTF8AVX2,
		utf16BEToUTF8: utf16BEToUTF8AVX2,
	},
	portable,
}
