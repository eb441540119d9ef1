//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package transcode

// nativeBE says whether a []uint16 holds its code units big-endian in memory:
// not on these architectures, so its bytes are UTF-16LE.
const nativeBE = false
