package transcode

import (
	"sync"
	"sync/atomic"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/internal/convkernel"
)

//go:generate go run ./internal/gen

// The single-byte legacy encodings: every WHATWG single-byte encoding and the
// DOS, Mac and other code pages iconv and uchardet name, each a table in
// sbtables.go generated from the WHATWG indexes and glibc's charmaps (see
// internal/gen). Bytes 00-7F are ASCII in all of them.
//
// The conversions to and from UTF-8 run through internal/convkernel's
// SingleByte, one per encoding, built when the encoding is first converted:
// its vector kernels (AVX-512 VBMI permutes, AVX2 shuffles, NEON table
// lookups) with its portable code behind them, reached through the conv
// values of sbConvBase. The scalar reference they are tested against lives
// in the tests (sbcs_scalar_test.go).

// sbSpec is one generated single-byte table.
type sbSpec struct {
	key    string // the WHATWG name, or glibc's in lower case
	name   string // Encoding.Name
	source string // where the table comes from
	// high[b-0x80] is the character of byte b, 0 where b is undefined.
	high [128]uint16
}

// sbTable is an encoding's spec and its converter, built from the spec when
// first used so that a program pays only for the encodings it converts
// (about 5 KB each).
type sbTable struct {
	spec *sbSpec
	idx  int // index in sbSpecs, for the conv values
	once sync.Once
	kern atomic.Pointer[convkernel.SingleByte]
}

// kernel returns t's converter, building it first if need be; the check is
// a load, so that the kernels' callers allocate nothing for it.
func (t *sbTable) kernel() *convkernel.SingleByte {
	if k := t.kern.Load(); k != nil {
		return k
	}
	return t.kernelSlow()
}

func (t *sbTable) kernelSlow() *convkernel.SingleByte {
	t.once.Do(func() {
		var high [128]rune
		for i, r := range t.spec.high {
			high[i] = rune(r)
			if r == 0 {
				high[i] = utf8x.RuneError
			}
		}
		k, err := convkernel.NewSingleByte(&high)
		if err != nil {
			// The generator writes BMP scalar values only, and
			// TestSingleByteKernelSets builds every table.
			panic("transcode: " + t.spec.key + ": " + err.Error())
		}
		t.kern.Store(k)
	})
	return t.kern.Load()
}

func (t *sbTable) decode(p []byte) (rune, int, utf8x.ErrorKind) {
	b := p[0]
	if b < utf8x.RuneSelf {
		return rune(b), 1, 0
	}
	if r := t.spec.high[b-0x80]; r != 0 {
		return rune(r), 1, 0
	}
	return utf8x.RuneError, 1, utf8x.Unmapped
}

// encode writes r's byte. The first byte of a character wins, as in the
// WHATWG encoders, and ASCII is always its own byte (ARMSCII-8 has a second
// full stop, comma and hyphen among its high bytes): SingleByte.Byte does
// both.
func (t *sbTable) encode(p []byte, r rune) int {
	b, ok := t.kernel().Byte(r)
	return putByte(p, b, ok)
}

// sbTables are the tables of sbSpecs, in the same order (filled in by
// fillSBForms).
var sbTables [len(sbSpecs)]sbTable

// The conv values of the single-byte kernels: sbConvBase+2*i decodes
// sbSpecs[i], the next value encodes it.
const sbConvBase conv = 128

var _ = [256 - int(sbConvBase) - 2*len(sbSpecs)]struct{}{} // the conv values fit in a byte

func (c conv) isSB() bool { return c >= sbConvBase }

// sbOf returns the table of a single-byte conv and whether it decodes.
func (c conv) sbOf() (t *sbTable, decode bool) {
	i := int(c - sbConvBase)
	return &sbTables[i/2], i%2 == 0
}

// sbRun converts the longest prefix of src that c's encoding defines (that
// is well-formed and holds only characters it has, to encode) and that fits
// in dst; it may write scratch into the rest of dst.
func (c conv) sbRun(dst, src []byte) (nDst, nSrc int) {
	t, dec := c.sbOf()
	if dec {
		return t.kernel().Decode(dst, src)
	}
	return t.kernel().Encode(dst, src)
}

// sbFormList holds the forms of the generated encodings, in the order of
// sbSpecs (windows-1252's is not used: cp1252Form, whose kernels are
// vector ones of its own, stands for it), filled when the package starts
// without allocating: a map of forms each allocated on its own cost every
// program importing the package about 30,000 instructions and 53
// allocations, for the few that look an encoding up by its key.
var sbFormList [len(sbSpecs)]form

var sbFormsFilled = fillSBForms()

func fillSBForms() bool {
	for i := range sbTables {
		t := &sbTables[i]
		t.spec, t.idx = &sbSpecs[i], i
		f := &sbFormList[i]
		f.name, f.id, f.ascii, f.maxLen, f.sb = t.spec.name, sbID, true, 1, t
		f.toUTF8, f.fromUTF8 = sbConvBase+conv(2*i), sbConvBase+conv(2*i+1)
	}
	return true
}

// sbFormMap returns the forms of the generated encodings, by key, except
// windows-1252's (see sbFormList); made on first use.
var sbFormMap = sync.OnceValue(func() map[string]*form {
	if !sbFormsFilled {
		panic("transcode: single-byte forms used before they are made")
	}
	m := make(map[string]*form, len(sbSpecs))
	for i := range sbFormList {
		if k := sbSpecs[i].key; k != "windows-1252" {
			m[k] = &sbFormList[i]
		}
	}
	return m
})

// sbFormOf returns the form of the generated encoding whose key is key
// (not windows-1252) from sbFormList, without the map: for the variables
// set when the package starts.
func sbFormOf(key string) *form {
	if !sbFormsFilled {
		panic("transcode: single-byte forms used before they are made")
	}
	for i := range sbSpecs {
		if sbSpecs[i].key == key && key != "windows-1252" {
			return &sbFormList[i]
		}
	}
	return nil
}

// latin9Form is ISO-8859-15, the generated table (the encoding's variable
// predates the others).
var latin9Form = sbFormOf("iso-8859-15")
