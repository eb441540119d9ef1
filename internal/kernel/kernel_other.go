//go:build purego || (!amd64 && !arm64)

package kernel

// impls holds no accelerated sets here: the portable code is all there is.
var impls = []impl{portable}
