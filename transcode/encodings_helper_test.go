package transcode

// testEncodings are the encodings the generic property tests (streams cut
// anywhere, allocations, ranges, liveness) run over: every encoding except
// the generated single-byte ones, of which three stand for all (they share
// one form and one kernel pair, tested table by table in sbcs_test.go).
func testEncodings() []Encoding {
	var out []Encoding
	for _, e := range Encodings() {
		f := e.form()
		switch {
		case f.sb != nil && f != latin9Form:
			switch f.sb.spec.key {
			case "windows-1253", "ibm852", "armscii-8":
				out = append(out, e)
			}
		default:
			out = append(out, e)
		}
	}
	return out
}

// allocFreeEncodings are testEncodings without the multi-byte codecs, for
// the tests that a conversion allocates nothing: a codec's Converter builds
// its chain of stages on Reset, and the codecs allocate an error value for
// each unit a policy handles.
func allocFreeEncodings() []Encoding {
	var out []Encoding
	for _, e := range testEncodings() {
		if e.form().codec == nil {
			out = append(out, e)
		}
	}
	return out
}
