// Package errdetail lets the module's other packages build a *utf8x.Error
// whole: its exported fields they set themselves, the copy of the offending
// bytes (which its message shows) and what its Offset counts through Set,
// which package utf8x installs when it is initialized, before any package
// that imports it runs.
package errdetail

// Set puts bytes, the unit's first bytes (as many as fit), in e, a
// *utf8x.Error, and records unit, what e.Offset counts: "" for bytes, or
// "code unit" for the functions whose input is a []uint16. The bytes come
// by value: a slice passed to a function variable would escape, and move
// the input of every caller to the heap.
var Set func(e any, bytes Bytes, unit string)

// Bytes are the first bytes of a unit, zero past its end.
type Bytes [8]byte

// Of returns the first bytes of p.
func Of(p []byte) Bytes {
	var b Bytes
	copy(b[:], p)
	return b
}
