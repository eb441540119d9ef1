//go:build purego || (!amd64 && !arm64)

package transkernel

// impls holds no vector sets here: the caller's scalar code does everything.
var impls = []impl{portable}
