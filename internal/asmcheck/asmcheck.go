// Package asmcheck holds the checks that the kernel packages' tests make of
// their generated assembly.
//
// The AVX-512 kernels read 64-byte tables from memory inside their loops; a
// table at 32 mod 64 splits every such load across two cache lines (a
// measured 20-40% loss). Go's linker aligns data symbols (GLOBL) to at most
// 32 bytes, so the generator puts every table, each at a multiple of 64, in
// the function tables, which asks for 64-byte alignment with PCALIGN.
package asmcheck

import (
	"os"
	"strings"
	"testing"
)

// TablesAligned fails t unless addr, the address of a package's tables
// function in the test binary, is a multiple of 64. A layout that happens to
// put it there passes without the PCALIGN, which TablesLayout checks.
func TablesAligned(t *testing.T, addr uintptr) {
	t.Helper()
	if addr%64 != 0 {
		t.Errorf("tables at %#x, %d mod 64; want 0 mod 64", addr, addr%64)
	}
}

// TablesLayout fails t unless the generated assembly file has no data
// symbol and its function tables starts with PCALIGN $64.
func TablesLayout(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	found := false
	for i, l := range lines {
		if strings.HasPrefix(l, "GLOBL ") {
			t.Errorf("%s:%d: %s: a data symbol may land at 32 mod 64", file, i+1, l)
		}
		if strings.HasPrefix(l, "TEXT ·tables(SB)") {
			found = true
			if i+1 == len(lines) || strings.TrimSpace(lines[i+1]) != "PCALIGN $0x40" {
				t.Errorf("%s:%d: tables does not start with PCALIGN $0x40", file, i+1)
			}
		}
	}
	if !found {
		t.Errorf("%s: no TEXT ·tables(SB)", file)
	}
}
