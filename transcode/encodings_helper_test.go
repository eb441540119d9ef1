package transcode

// testEncodings are the encodings the generic property tests (streams cut
// anywhere, allocations, ranges, liveness) run over: every encoding except
// the generated single-byte ones, of which three stand for all (they share
// one form and one kernel pair, tested table by table in sbcs_test.go), and
// except the multi-byte codecs, which allocate their chain of stages and,
// through golang.org/x/text, do not yet end an ISO-2022-JP stream cut by an
// error the same way under every cut (codec_test.go tests them; include
// them here when the WHATWG-exact codecs replace x/text's).
func testEncodings() []Encoding {
	var out []Encoding
	for _, e := range Encodings() {
		f := e.form()
		switch {
		case f.codec != nil:
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
