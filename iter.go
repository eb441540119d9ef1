package utf8x

import (
	"iter"
	"unsafe"
)

// Runes returns an iterator over the characters of p, a byte slice or a
// string, with their byte offsets. Each ill-formed maximal subpart yields one
// RuneError; so unlike ranging over a string, which yields one per byte, it
// agrees with AppendValid under Replace.
func Runes[T ~[]byte | ~string](p T) iter.Seq2[int, rune] {
	return runes(*(*string)(unsafe.Pointer(&p)))
}

// runes is Runes' body, not generic for the reason given at decode; it only
// reads s.
func runes(s string) iter.Seq2[int, rune] {
	return func(yield func(int, rune) bool) {
		for i := 0; i < len(s); {
			r, size, _ := decodeString(s[i:])
			if !yield(i, r) {
				return
			}
			i += size
		}
	}
}

// Chunk is a valid run of UTF-8 followed by at most one ill-formed maximal
// subpart, in the manner of Rust's Utf8Chunk.
type Chunk[T ~[]byte | ~string] struct {
	Valid   T         // well-formed UTF-8, possibly empty
	Invalid T         // the ill-formed subpart after it, empty only in the last chunk
	Kind    ErrorKind // why Invalid is ill-formed, 0 when it is empty
}

func chunks[T ~[]byte | ~string](p T, b []byte) iter.Seq[Chunk[T]] {
	return func(yield func(Chunk[T]) bool) {
		base := 0
		for base < len(p) {
			off, n, kind := firstInvalid(b[base:])
			c := Chunk[T]{Valid: p[base : base+off], Invalid: p[base+off : base+off+n], Kind: kind}
			if !yield(c) {
				return
			}
			base += off + n
		}
	}
}

// Chunks returns an iterator that splits p, a byte slice or a string, into
// chunks, each a valid run followed by the ill-formed subpart that ends it.
// Concatenating all chunks gives back p. Empty input yields no chunks.
func Chunks[T ~[]byte | ~string](p T) iter.Seq[Chunk[T]] {
	return chunks(p, bytesOf(*(*string)(unsafe.Pointer(&p))))
}
