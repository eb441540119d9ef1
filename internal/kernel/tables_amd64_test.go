//go:build !purego

package kernel

import (
	"os"
	"strings"
	"testing"
)

// The AVX-512 kernels read 64-byte tables from memory inside their loops; a
// table at 32 mod 64 splits every such load across two cache lines (a
// measured 20-40% loss). Go's linker aligns data symbols (GLOBL) to at most
// 32 bytes, so the generator puts every table, each at a multiple of 64, in
// the function tables, which asks for 64-byte alignment with PCALIGN.

// TestTablesAligned checks the address of tables in this test binary. A
// layout that happens to put it at 0 mod 64 passes without the PCALIGN,
// which TestTablesLayout checks.
func TestTablesAligned(t *testing.T) {
	if a := tablesAddr(); a%64 != 0 {
		t.Errorf("tables at %#x, %d mod 64; want 0 mod 64", a, a%64)
	}
}

// TestTablesLayout checks the generated assembly: no data symbol, and the
// function tables starting with PCALIGN $64.
func TestTablesLayout(t *testing.T) {
	const file = "kernel_amd64.s"
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
