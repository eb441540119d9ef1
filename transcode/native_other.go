//go:build !(386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm)

package transcode

import "encoding/binary"

// nativeBE says whether a []uint16 holds its code units big-endian in memory.
// Architectures not known to be little-endian ask at run time, so that a new
// one works, big- or little-endian.
var nativeBE = binary.NativeEndian.Uint16([]byte{0, 1}) == 1
