//go:build !purego

package convkernel

import (
	"testing"

	"github.com/utf8x/utf8x/internal/asmcheck"
)

// TestTablesAligned: the tables of this package's kernels start at a
// multiple of 64 in this test binary (see package asmcheck for why).
func TestTablesAligned(t *testing.T) { asmcheck.TablesAligned(t, tablesAddr()) }

// TestTablesLayout: the generated assembly keeps them so in any program.
func TestTablesLayout(t *testing.T) { asmcheck.TablesLayout(t, "convkernel_amd64.s") }
