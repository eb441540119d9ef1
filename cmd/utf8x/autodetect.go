// Encoding detection shared by convert -f auto and check's hint, kept apart
// from those commands so each calls it in one place.
package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/text/encoding"
	xunicode "golang.org/x/text/encoding/unicode"
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
	legacy  encoding.Encoding // -f names a legacy encoding transcode lacks
	// decodedLegacy is set by resolve when detection chose an encoding that
	// only x/text reads: what reaches the converter is then its UTF-8.
	decodedLegacy bool
}

// legacyLabel accepts a -f label that only golang.org/x/text can read (and
// us-ascii, read as the UTF-8 it is a part of).
func (o *autoOptions) legacyLabel(label string) bool {
	switch strings.ToLower(label) {
	case "us-ascii", "ascii":
		o.legacy = xunicode.UTF8
		return true
	}
	o.legacy = detect.Decoder(label)
	return o.legacy != nil
}

func addAutoFlags(cmd *cobra.Command, o *autoOptions) {
	cmd.Flags().Float64Var(&o.minConf, "min-confidence", 0.9, "with -f auto, refuse to convert when the detected encoding's confidence is below `P`")
}

// autoRefusal is -f auto declining to guess: exit status 1, nothing written.
type autoRefusal struct{ msg string }

func (e *autoRefusal) Error() string { return e.msg }

// resolve detects the encoding of in (named path) from its first bytes, says
// its choice on stderr, and returns a reader of the whole input and the
// encoding to convert it from. Encodings the transcode package lacks are
// decoded to UTF-8 by golang.org/x/text first (undecodable bytes become
// U+FFFD there).
func (o *autoOptions) resolve(cmd *cobra.Command, in io.Reader, path string) (io.Reader, transcode.Encoding, error) {
	if o.legacy != nil {
		return transform.NewReader(in, o.legacy.NewDecoder()), transcode.UTF8, nil
	}
	br := bufio.NewReaderSize(in, detect.DefaultLimit+1)
	head, err := br.Peek(detect.DefaultLimit + 1)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, transcode.Encoding{}, readError(path, int64(len(head)), err)
	}
	res := detect.Detect(head, &detect.Options{MinConfidence: o.minConf})
	name := displayName(path)
	if len(res.Candidates) == 0 {
		return nil, transcode.Encoding{}, &autoRefusal{name + ": -f auto: cannot tell the encoding; name it with -f"}
	}
	best := res.Candidates[0]
	if res.Abstained {
		return nil, transcode.Encoding{}, &autoRefusal{fmt.Sprintf("%s: -f auto: best guess %s is below --min-confidence %.2f; nothing converted (name the encoding with -f, or lower --min-confidence)",
			name, describeCandidate(best), o.minConf)}
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "utf8x: %s: detected %s\n", name, describeCandidate(best))
	label := best.Encoding
	if label == "us-ascii" {
		label = "utf-8"
	}
	if enc, err := transcode.Lookup(label); err == nil {
		return br, enc, nil
	}
	xe := detect.Decoder(best.Encoding)
	if xe == nil {
		return nil, transcode.Encoding{}, &autoRefusal{fmt.Sprintf("%s: -f auto: detected %s, which convert cannot read", name, best.Encoding)}
	}
	o.decodedLegacy = true
	return transform.NewReader(br, xe.NewDecoder()), transcode.UTF8, nil
}
