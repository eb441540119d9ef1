//go:build pad32

package main

// With -tags pad32 this command links a 32-byte read-only symbol more than
// without the tag. The linker places read-only symbols by size, so every
// 64-byte table of the kernels then starts 32 bytes further on: building the
// command with and without the tag gives the two placements of the same code
// (0 and 32 mod 64; check with go tool nm -size -sort address), to show that
// the kernels' speed does not depend on where their tables land.

// pad32Addr returns the symbol's address; calling it keeps the symbol linked.
func pad32Addr() uintptr

func init() { _ = pad32Addr() }
