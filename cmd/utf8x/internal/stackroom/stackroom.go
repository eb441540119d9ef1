// Package stackroom gives the main goroutine, once, the stack that a
// detection of a small file needs, before the other packages' inits run.
//
// A goroutine starts with 2 KiB of stack, and the runtime doubles it each
// time a call needs more: utf8x's main goroutine grew 2 -> 4 KiB in
// internal/cp1252's init, 4 -> 8 KiB under internal/utf8kernel's, and
// 8 -> 16 KiB under the CJK readings of a Cyrillic or Greek text, deep in
// the detection. Each size is the first of its order in the process: the
// runtime takes a 32 KiB span for it and writes a free-list link into every
// stack of the span, a page fault for each (8 for the 4 KiB stacks, 4 for
// the 8 KiB ones); each copy reads the function tables of every frame to
// adjust them. One call whose frame needs about 10 KiB, at the start,
// makes the runtime grow the stack to 16 KiB in one copy of a few frames
// (it doubles the size until the frame fits).
//
// Its path sorts before every other package of the module, and it imports
// nothing: the runtime initialises it right after the few standard
// packages that sort before "github.com/" and need nothing else
// (inittrace shows it before internal/cp1252). Only the command imports
// it: a program that uses the library keeps the runtime's default.
package stackroom

// frameBytes is the frame of reserve: with the few frames below it at
// init, a 16 KiB stack is the first doubling of 2 KiB that holds it.
const frameBytes = 10 << 10

// never is 0; the compiler cannot know it, so reserve keeps its array (and
// its frame) without filling it.
var never int

func init() { reserve(never) }

// reserve has a frame of frameBytes; the array in it is never written.
//
//go:noinline
func reserve(n int) byte {
	if n > 0 {
		var b [frameBytes]byte
		return touch(b[:], n)
	}
	return 0
}

//go:noinline
func touch(b []byte, n int) byte { return b[n%len(b)] }
