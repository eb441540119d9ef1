package asm

import (
	"encoding/binary"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	"github.com/mmcloughlin/avo/reg"
)

// TableAlign is where every table of a Tables starts: a multiple of 64 bytes,
// the size of a ZMM load and of a cache line.
const TableAlign = 64

// Tables is the constant memory of one generated file, kept in a single
// symbol whose tables each start at a multiple of 64 bytes.
//
// Go's linker aligns a data symbol (GLOBL) to at most 32 bytes on amd64, so
// a 64-byte table declared with GLOBL lands at 0 or 32 mod 64 depending on
// what else the program links, and at 32 every 64-byte load of it reads two
// cache lines: an unrelated change elsewhere in a program measurably slowed
// the AVX-512 kernels (see the benchmark journal,
// bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md).
// The linker does honour the alignment a function asks for with PCALIGN,
// so the tables are emitted as the body of a function (TEXT, PCALIGN $64,
// then QUAD data) that is never called; the kernels address it like any
// symbol.
//
// Use it like avo's GLOBL and DATA, then Emit once after every kernel (a
// generator may still add tables while it writes kernels).
type Tables struct {
	name  string
	data  []byte
	cur   int // start of the table DATA writes into
	names []string
	at    []int
}

// NewTables returns empty constant memory to be emitted as the function
// name of the generated package.
func NewTables(name string) *Tables { return &Tables{name: name, cur: -1} }

// GLOBL starts a table at the next multiple of 64 bytes and returns its
// memory operand; name is only for the comment beside its data.
func (t *Tables) GLOBL(name string) Mem {
	t.cur = (len(t.data) + TableAlign - 1) &^ (TableAlign - 1)
	t.grow(t.cur)
	t.names = append(t.names, name)
	t.at = append(t.at, t.cur)
	return Mem{Symbol: Symbol{Name: "\u00b7" + t.name}, Base: reg.StaticBase, Disp: t.cur}
}

// DATA writes c, little-endian, at offset off of the table GLOBL started
// last, growing it as needed.
func (t *Tables) DATA(off int, c Constant) {
	if t.cur < 0 {
		panic("asm: Tables.DATA before GLOBL")
	}
	var b [8]byte
	switch v := c.(type) {
	case U8:
		b[0] = byte(v)
	case U16:
		binary.LittleEndian.PutUint16(b[:], uint16(v))
	case U32:
		binary.LittleEndian.PutUint32(b[:], uint32(v))
	case U64:
		binary.LittleEndian.PutUint64(b[:], uint64(v))
	default:
		panic(fmt.Sprintf("asm: Tables.DATA of %T", c))
	}
	at := t.cur + off
	t.grow(at + c.Bytes())
	copy(t.data[at:], b[:c.Bytes()])
}

func (t *Tables) grow(n int) {
	for len(t.data) < n {
		t.data = append(t.data, 0)
	}
}

// Emit writes the tables as the function t's name, with doc as its Go
// documentation, each table's name as a comment before its data.
func (t *Tables) Emit(doc ...string) {
	TEXT(t.name, NOSPLIT, "func()")
	Doc(doc...)
	pcalign64()
	data := t.data
	for len(data)%8 != 0 {
		data = append(data, 0)
	}
	next := 0
	for off := 0; off < len(data); off += 8 {
		for next < len(t.at) && t.at[next] <= off {
			Commentf("%s at %d", t.names[next], t.at[next])
			next++
		}
		Instruction(&ir.Instruction{Opcode: "QUAD", Operands: []Op{U64(binary.LittleEndian.Uint64(data[off:]))}})
	}

	TEXT(t.name+"Addr", NOSPLIT, "func() uintptr")
	Doc(t.name + "Addr returns the address of " + t.name + ", for the test that checks its alignment.")
	p := GP64()
	LEAQ(Mem{Symbol: Symbol{Name: "\u00b7" + t.name}, Base: reg.StaticBase}, p)
	Store(p, ReturnIndex(0))
	RET()
}

// TablesDoc documents the Go declaration of a Tables function.
var TablesDoc = []string{
	"tables is not code: it is the kernels' constant memory, each table at a",
	"multiple of 64 bytes, so that no 64-byte load of one splits across two",
	"cache lines wherever the linker puts it (a function is the one symbol",
	"whose alignment the linker keeps above 32 bytes). Never call it.",
}
