// Encoding detection shared by convert -f auto and check's hint, kept apart
// from those commands so each calls it in one place.
package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/detect"
	"github.com/utf8x/utf8x/transcode"
)

// describeCandidate is how a detection reads in one line: "windows-1251
// (Russian, 0.98)".
func describeCandidate(c detect.Candidate) string {
	var what []string
	if c.LanguageName != "" {
		what = append(what, c.LanguageName)
	}
	if c.Evidence != detect.Statistics {
		what = append(what, c.Evidence.String())
	}
	what = append(what, fmt.Sprintf("%.2f", c.Confidence))
	return fmt.Sprintf("%s (%s)", c.Encoding, strings.Join(what, ", "))
}

// detectHint is the line check adds for an input that is not UTF-8: what the
// first bytes look like and the command that converts them. It is empty when
// the detector has nothing useful to say.
// head is the input's first bytes (detect.DefaultLimit+1 of them tell the
// detector the input goes on).
//
// The hint needs evidence: 8 or more non-ASCII bytes, none of them forming a
// valid UTF-8 sequence (a mix is damaged UTF-8, which utf8x fix repairs),
// and a confidence of at least 0.9.
func detectHint(file string, head []byte) string {
	high := 0
	for _, b := range head {
		if b >= 0x80 {
			high++
		}
	}
	if high < 8 || hasValidMultiByte(head) {
		return ""
	}
	best, ok := detect.Detect(head, nil).Best()
	if !ok || best.Encoding == "utf-8" || best.Encoding == "us-ascii" || best.Confidence < 0.9 {
		return ""
	}
	arg := file
	if file == stdinName {
		arg = "< FILE"
	}
	return fmt.Sprintf("%s: looks like %s; to convert: utf8x convert -f %s -t utf-8 %s",
		file, describeCandidate(best), best.Encoding, arg)
}

// hasValidMultiByte reports whether p holds a well-formed non-ASCII UTF-8
// sequence.
func hasValidMultiByte(p []byte) bool {
	for len(p) > 0 {
		off, n, _ := utf8x.FirstInvalid(p)
		for _, b := range p[:off] {
			if b >= 0xC0 {
				return true
			}
		}
		if n == 0 {
			return false
		}
		p = p[off+n:]
	}
	return false
}

// autoOptions are convert's settings for -f auto.
type autoOptions struct {
	enabled bool
	minConf float64
	// declared follows a charset the input declares (an XML declaration,
	// an HTML <meta>), as browsers do, unless its bytes are invalid in it.
	declared bool
	legacy   encoding.Encoding // -f names a legacy encoding transcode lacks
	// decodedLegacy is set by resolve when detection chose an encoding that
	// only x/text reads: what reaches the converter is then its UTF-8.
	decodedLegacy bool
}

// legacyLabel accepts a -f label that only golang.org/x/text can read. (It
// once read us-ascii as UTF-8 through x/text's decoder, before transcode
// knew the label; transcode.Lookup, called first, takes every spelling of
// it now.)
func (o *autoOptions) legacyLabel(label string) bool {
	o.legacy = detect.LegacyEncoding(label)
	return o.legacy != nil
}

func addAutoFlags(cmd *command, o *autoOptions) {
	addConfidenceFlag(cmd, &o.minConf, 0.9, "with -f auto, refuse to convert when the detected encoding's confidence is below `P`")
	cmd.Flags().BoolVar(&o.declared, "declared", true, "with -f auto, follow the charset an input declares after a byte order mark and before detecting: an XML declaration, or an HTML <meta> in its first 1024 bytes (not when its bytes are invalid in it, or are UTF-8 with 2 or more non-ASCII characters)")
}

// confidence is a --min-confidence value: a number from 0 to 1, refused
// with a message that says so rather than strconv's.
type confidence float64

func (c *confidence) String() string { return strconv.FormatFloat(float64(*c), 'g', -1, 64) }
func (c *confidence) Type() string   { return "float" }

func (c *confidence) Set(s string) error {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || !(v >= 0 && v <= 1) {
		return errors.New("want a number from 0 to 1, such as 0.9")
	}
	*c = confidence(v)
	return nil
}

// addConfidenceFlag adds --min-confidence, default def, to cmd.
func addConfidenceFlag(cmd *command, p *float64, def float64, usage string) {
	*p = def
	cmd.Flags().Var((*confidence)(p), "min-confidence", usage)
}

// autoRefusal is -f auto declining to guess: exit status 1, nothing written.
type autoRefusal struct{ msg string }

func (e *autoRefusal) Error() string { return e.msg }

// readErrors keeps the error of the reader it wraps, to tell a failed read
// from a refusal among detect.NewReader's errors.
type readErrors struct {
	r   io.Reader
	n   int64
	err error
}

func (r *readErrors) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.n += int64(n)
	if err != nil && err != io.EOF {
		r.err = err
	}
	return n, err
}

// resolve decides the encoding of in (named path) with detect.NewReader (a
// byte order mark, then a declared charset unless --declared=false, then
// detection on the first 64 KiB, or, when they are plain ASCII, on the
// 64 KiB from the line of the first byte beyond ASCII, read on to; binary
// data refused), says its choice on
// stderr, and returns a reader of the whole input and the encoding to
// convert it from. The encodings the transcode package has are read by the
// converter, so that --invalid and its error positions hold; the others
// reach it as the UTF-8 the Reader decodes through golang.org/x/text
// (undecodable bytes become U+FFFD there).
func (o *autoOptions) resolve(cmd *command, in io.Reader, path string) (io.Reader, transcode.Encoding, error) {
	if o.legacy != nil {
		return transform.NewReader(in, o.legacy.NewDecoder()), transcode.UTF8, nil
	}
	name := displayName(path)
	src := &readErrors{r: in}
	rd, err := detect.NewReader(src, &detect.ReaderOptions{Declared: o.declared, Options: detect.Options{MinConfidence: o.minConf}})
	var low *detect.LowConfidenceError
	var binary *detect.BinaryError
	switch {
	case src.err != nil:
		return nil, transcode.Encoding{}, readError(path, src.n, src.err)
	case errors.As(err, &binary):
		return nil, transcode.Encoding{}, &autoRefusal{fmt.Sprintf("%s: -f auto: not text: %s; nothing converted", name, binary.What)}
	case errors.As(err, &low):
		if len(low.Result.Candidates) == 0 {
			return nil, transcode.Encoding{}, &autoRefusal{name + ": -f auto: cannot tell the encoding; name it with -f"}
		}
		return nil, transcode.Encoding{}, &autoRefusal{fmt.Sprintf("%s: -f auto: best guess %s is below --min-confidence %.2f; nothing converted (name the encoding with -f, or lower --min-confidence)",
			name, describeCandidate(low.Result.Candidates[0]), o.minConf)}
	case err != nil:
		return nil, transcode.Encoding{}, &autoRefusal{fmt.Sprintf("%s: -f auto: %v; nothing converted (name the encoding with -f)", name, strings.TrimPrefix(err.Error(), "detect: "))}
	}
	d := rd.Decision()
	errOut := cmd.ErrOrStderr()
	if d.NotFollowed != "" {
		fmt.Fprintf(errOut, "utf8x: %s: %s\n", name, d.NotFollowed)
	}
	fmt.Fprintf(errOut, "utf8x: %s: %s\n", name, describeDecision(d))
	label := d.Encoding
	switch {
	case label == "us-ascii":
		label = "utf-8"
	case d.By == detect.ByBOM && label != "utf-8":
		// The schemes that read their byte order from the mark consume it:
		// a signature, not text (a UTF-8 mark is text that --bom keeps or
		// strips).
		label = strings.TrimSuffix(strings.TrimSuffix(label, "le"), "be")
	}
	if enc, err := transcode.Lookup(label); err == nil {
		return rd.Raw(), enc, nil
	}
	o.decodedLegacy = true
	return rd, transcode.UTF8, nil
}

// describeDecision is how -f auto states its choice: "detected
// windows-1251 (Russian, 0.98)", "declared koi8-r (<meta charset> at byte
// 6)", "detected utf-16le (bom, 1.00)".
func describeDecision(d detect.Decision) string {
	switch d.By {
	case detect.ByDeclaration:
		return "declared " + d.Declaration.String()
	case detect.ByBOM:
		return fmt.Sprintf("detected %s (bom, 1.00)", d.Encoding)
	}
	if len(d.Result.Candidates) > 0 && d.Result.Candidates[0].Encoding == d.Encoding {
		return "detected " + describeCandidate(d.Result.Candidates[0])
	}
	// Valid UTF-8 that overruled a declaration.
	return fmt.Sprintf("detected %s (%s, %s)", d.Encoding, d.By, d.Note)
}
