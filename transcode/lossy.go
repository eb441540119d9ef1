package transcode

import (
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
)

// The fast path of the policies that go on after an error (Replace,
// ReplaceWith, Skip, Escape) between the forms that have accelerated
// kernels: the kernels run up to the unit they stop at, the policy's text
// for the unit is written, and the kernels start again right after it, all
// in one loop. Going back to Converter.body for each unit, through
// the kernel's function value, the per-unit decoder and the policy's
// handler, cost about as much again as the kernels' own work around an
// error.

// convFor returns the conversion whose kernels Converter.kernel picks
// between from and to, if it is one of the accelerated ones.
func convFor(from, to *form) (conv, bool) {
	switch {
	case (from.sb != nil || from.full != nil) && to == utf8Form:
		return from.toUTF8, true
	case (to.sb != nil || to.full != nil) && from == utf8Form:
		return to.fromUTF8, true
	}
	switch [2]*form{from, to} {
	case [2]*form{utf8Form, utf16LEForm}:
		return utf8ToUTF16LEConv, true
	case [2]*form{utf8Form, utf16BEForm}:
		return utf8ToUTF16BEConv, true
	case [2]*form{utf8Form, utf32LEForm}:
		return utf8ToUTF32LEConv, true
	case [2]*form{utf8Form, utf32BEForm}:
		return utf8ToUTF32BEConv, true
	case [2]*form{utf8Form, latin1Form}:
		return utf8ToLatin1Conv, true
	case [2]*form{utf8Form, cp1252Form}:
		return utf8ToCP1252Conv, true
	case [2]*form{utf16LEForm, utf8Form}:
		return utf16LEToUTF8Conv, true
	case [2]*form{utf16BEForm, utf8Form}:
		return utf16BEToUTF8Conv, true
	case [2]*form{utf32LEForm, utf8Form}:
		return utf32LEToUTF8Conv, true
	case [2]*form{utf32BEForm, utf8Form}:
		return utf32BEToUTF8Conv, true
	case [2]*form{latin1Form, utf8Form}:
		return latin1ToUTF8Conv, true
	case [2]*form{cp1252Form, utf8Form}:
		return cp1252ToUTF8Conv, true
	case [2]*form{utf16LEForm, utf16BEForm}:
		return utf16LEToUTF16BEConv, true
	case [2]*form{utf16LEForm, utf32LEForm}:
		return utf16LEToUTF32LEConv, true
	case [2]*form{utf16LEForm, utf32BEForm}:
		return utf16LEToUTF32BEConv, true
	case [2]*form{utf16BEForm, utf16LEForm}:
		return utf16BEToUTF16LEConv, true
	case [2]*form{utf16BEForm, utf32LEForm}:
		return utf16BEToUTF32LEConv, true
	case [2]*form{utf16BEForm, utf32BEForm}:
		return utf16BEToUTF32BEConv, true
	case [2]*form{utf32LEForm, utf16LEForm}:
		return utf32LEToUTF16LEConv, true
	case [2]*form{utf32LEForm, utf16BEForm}:
		return utf32LEToUTF16BEConv, true
	case [2]*form{utf32LEForm, utf32BEForm}:
		return utf32LEToUTF32BEConv, true
	case [2]*form{utf32BEForm, utf16LEForm}:
		return utf32BEToUTF16LEConv, true
	case [2]*form{utf32BEForm, utf16BEForm}:
		return utf32BEToUTF16BEConv, true
	case [2]*form{utf32BEForm, utf32LEForm}:
		return utf32BEToUTF32LEConv, true
	}
	return 0, false
}

// lossyAccelerate converts src from c.src to c.out with cv's kernels, the
// kernels of that pair, under c's policy, which must be Replace (or
// ReplaceWith), Skip or Escape: each ill-formed unit of src and each
// character c.out lacks becomes what handle writes for it, in the same loop.
// It returns the bytes written and read, and stops where body must decide: a
// unit cut short by the end of src when !atEOF, or dst too short for the
// next character or the policy's text.
func (c *Converter) lossyAccelerate(dst, src []byte, cv conv, atEOF bool) (nDst, nSrc int) {
	from, to := c.src, c.out
	escape := c.policy.Action() == utf8x.ActionEscape
	minLen := cv.minLen()
	vec := convkernel.Enabled() && cv.vectored()
	// Where dst or src gets shorter than a block, body's stream takes over
	// with the vector kernel (through c.pend, or on a padded block) when it
	// runs the same one: the per-unit code below would fill those ends.
	handOff := vec && c.kernel() == cv
	i, j := 0, 0
	stuck := false // the scalar kernel stopped at src[i:] for a reason of its own
	for i < len(src) {
		if vec && !stuck && len(src)-i >= minLen {
			d, s := cv.vector(dst[j:], src[i:])
			i += s
			j += d
			if i == len(src) {
				break
			}
		}
		if rest := len(src) - i; handOff && (len(dst)-j < pendLen && rest >= minLen || rest < minLen && rest >= padMin) {
			break
		}
		// The unit the kernels stopped at: ill-formed, a character to
		// lacks, one the vector kernel has no path for or cut by the end
		// of the scalar kernel's window, or dst is full.
		r, n, kind := from.decode(src[i:], atEOF)
		if n == 0 {
			break
		}
		if kind == 0 {
			w := to.encode(dst[j:], r)
			if w == 0 {
				break
			}
			if w > 0 {
				i += n
				j += w
				// The scalar kernel takes what the vector kernel
				// refused, a window at a time (all of src without
				// vector kernels), and stops at the next error.
				end := len(src)
				if vec {
					end = min(end, i+scalarStep)
				}
				d, s := cv.scalar(dst[j:], src[i:end])
				i += s
				j += d
				stuck = i < end
				continue
			}
		}
		stuck = false
		if escape {
			w, err := c.handle(dst[j:], src, i, n, r, kind)
			if err != nil {
				break
			}
			j += w
		} else {
			if len(dst)-j < len(c.replacement()) {
				break
			}
			j += copy(dst[j:], c.replacement())
		}
		i += n
		c.fixed++
	}
	return j, i
}
