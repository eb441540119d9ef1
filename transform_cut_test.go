package utf8x_test

import (
	"testing"

	"github.com/utf8x/utf8x"
)

// TestTransformErrorAtDstCut puts each kind of ill-formed sequence, and a
// well-formed character, at every offset around the end of what a
// destination of 64 to 72 bytes can take, where the Transformer's one-pass
// kernel stops because the destination, not the input, ran out: a sequence
// it sees cut there must be looked at again with the bytes after the cut.
// Each is checked against the slice function, under every policy, with the
// input in one chunk and cut at the sequence.
func TestTransformErrorAtDstCut(t *testing.T) {
	seqs := []string{"\xff", "\x80", "\xe2\x82", "\xe2\x82\xac", "\xf0\x9f\x98", "\xf0\x9f\x98\x80",
		"\xe0\x80", "\xed\xa0\x80", "\xf4\x90", "\xc0\xaf", "\xc3"}
	for _, seq := range seqs {
		for at := 56; at <= 76; at++ {
			src := make([]byte, 0, 160)
			for len(src) < at {
				src = append(src, 'a'+byte(len(src)%26))
			}
			src = append(src, seq...)
			src = append(src, "tail: é€ and more ASCII to be longer than the destination\xff."...)
			for _, p := range allPolicies {
				want, wantErr := wantStream(src, p, utf8x.BOMKeep)
				for dstSize := 64; dstSize <= 72; dstSize++ {
					for _, chunks := range [][][]byte{{src}, cutAt(src, at), cutAt(src, at+1)} {
						got, err := feed(t, utf8x.NewTransformer(p, utf8x.BOMKeep), chunks, dstSize)
						if !sameResult(got, err, want, wantErr) {
							t.Fatalf("%s, % X at %d, dst %d, %d chunks:\n got %+q, %v\nwant %+q, %v",
								policyName(p), seq, at, dstSize, len(chunks), got, err, want, wantErr)
						}
					}
				}
			}
		}
	}
}
