// Package asm is what the avo generators of internal/gen share: the frame of
// a kernel (its TEXT, pragma and documentation), labels scoped to one kernel,
// memory operands, immediates, Tables (a file's constant memory, every table
// 64-byte aligned), and Width, the vector width an algorithm is written over
// once for AVX2 (32-byte blocks) and AVX-512 (64-byte blocks).
//
// It keeps no state: avo's build context is the one global, and every table
// a generator declares lives in a value its main function builds once and
// passes to the kernels that read it.
package asm

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// Func starts a kernel: its TEXT with the Go signature sig, the noescape
// pragma (no kernel keeps a pointer it is given, so callers' buffers may stay
// on the stack) and the documentation of its Go declaration.
//
// The kernel starts with PCALIGN $64, which makes the linker place it at a
// multiple of 64 bytes (it aligns functions to 32 otherwise), so that where
// its loops fall in cache lines is fixed by the generator, not by how much
// code happens to be linked before it: moving the AVX2 UTF-8 to UTF-16
// kernel from 0 to 32 mod 64 cost it 5-15% on Latin text (the benchmark
// journal, bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md).
func Func(name, sig string, doc ...string) {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc...)
	pcalign64()
}

// pcalign64 pads to the next multiple of 64 bytes, and makes the linker
// align the function to 64.
func pcalign64() { PCAlign(64) }

// PCAlign pads with no-ops to the next multiple of n bytes (a power of two
// up to 64), for a loop whose place in cache lines should not depend on the
// code before it; put it where no path falls through, or where the few
// no-ops run once per entry.
func PCAlign(n uint64) {
	Instruction(&ir.Instruction{Opcode: "PCALIGN", Operands: []Op{Imm(n)}})
}

// Scope prefixes the labels of one kernel: labels are global to an assembly
// file, so each kernel's carry its own prefix.
type Scope string

// Label places the label name here.
func (s Scope) Label(name string) { Label(string(s) + name) }

// Ref is a jump target: the label name.
func (s Scope) Ref(name string) LabelRef { return LabelRef(string(s) + name) }

// At is the memory operand base+index+disp, bytes.
func At(base, index reg.Register, disp int) Mem {
	return Mem{Base: base, Index: index, Scale: 1, Disp: disp}
}

// Const is v as the smallest unsigned immediate that holds it, as the kernels
// write their block sizes and strides.
func Const(v int) Constant {
	if v <= 0xFF {
		return U8(uint8(v))
	}
	return U32(uint32(v))
}

// Hex is v in upper-case hexadecimal without leading zeros, for data names.
func Hex(v uint32) string {
	const digits = "0123456789ABCDEF"
	s := ""
	for ; v > 0; v >>= 4 {
		s = string(digits[v&15]) + s
	}
	return s
}
