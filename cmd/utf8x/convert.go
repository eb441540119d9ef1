// utf8x convert: change the encoding of text, as iconv does, but strict by
// default and with the offset and kind of whatever cannot be converted.
//
// Each input streams through a transcode.Converter with the shared pump
// (pump.go), so memory stays constant whatever the input size; -o goes through
// createAtomic (output.go), so a failed run leaves the destination as it was.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func init() { commands = append(commands, newConvertCmd) }

type convertOptions struct {
	from, to  transcode.Encoding
	policy    utf8x.Policy
	bom       utf8x.BOMPolicy
	output    string
	inPlace   bool
	blockSize int
	auto      autoOptions // -f auto
	ranges    rangeOptions
}

func newConvertCmd() *cobra.Command {
	opts := convertOptions{blockSize: defaultBlockSize}
	var from, to, invalid, bom string
	var list bool
	cmd := &cobra.Command{
		Use:   "convert -f FROM -t TO [flags] [FILE...]",
		Short: "Convert text between UTF-8, UTF-16, UTF-32, Latin-1, Windows-1252 and ASCII",
		Long: `Convert reads each FILE (standard input when there is none, or for "-") in
the encoding FROM and writes it in the encoding TO, to standard output or to
the file named by -o, or back onto itself with --in-place. Several FILEs are
converted one after the other into one output, which gets one byte order
mark at most, at its start. Encodings are named as iconv and the WHATWG
Encoding Standard name them, in any case: utf-8, utf-16le, utf-16be, utf-16,
utf-32le, utf-32be, utf-32, latin1 (ISO-8859-1), cp1252 (Windows-1252),
ascii (US-ASCII, 7 bits), iso-8859-15 (Latin-9); --list shows every label.
The legacy encodings 'utf8x detect' names (windows-1250 to -1258, iso-8859-2
to -15, koi8-r, ibm866, shift_jis, gb18030, big5, euc-kr, ...) are also read,
through golang.org/x/text (bytes they leave undefined become U+FFFD there,
whatever --invalid says). -f auto detects FROM from each input's first 64 KiB
(as 'utf8x detect' does), names its choice on stderr, and refuses, exit
status 1 and nothing written, when its confidence is below --min-confidence.

utf-16 and utf-32 read their byte order from a byte order mark; without one
they take the order the text shows (NUL bytes of Latin text, surrogate
pairs, plausible ranges in the first 512 bytes) and little-endian when in
doubt, as iconv, Python and the WHATWG standard do (utf-16be keeps RFC 2781's
big-endian reading). They write FF FE (FF FE 00 00) and then little-endian. The other encodings treat a U+FEFF at the start as text;
--bom keep|strip|add says what to do with it.

--invalid says what to do with input that is not well-formed in FROM (a lone
UTF-16 surrogate, an odd last byte, ill-formed UTF-8, ...) and with
characters TO cannot hold:

  strict   stop at the first with its FILE:LINE:COL, byte offset and kind,
           exit status 1 (the default)
  replace  U+FFFD, or "?" when TO cannot hold it
  skip     drop it
  escape   write each of its bytes as \xNN (lowercase hex)
  cp1252   with -f utf-8: read each ill-formed byte as Windows-1252 (latin1:
           as ISO-8859-1), as 'utf8x fix' does, then convert it to TO

-o and --in-place write a temporary file beside the destination and rename
it into place only when everything converted: a failed or interrupted run
leaves the destination as it was, and a replaced file keeps its mode, and its
owner and group where you may give them (as root).
A large file in utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1 or
cp1252 is converted in ranges on -j CPUs, written in order: the output is
the same as on one.
Exit status: 0 on success, 1 when strict meets something it cannot convert,
2 for a usage error or an input or output that cannot be read or written.`,
		Example: `  utf8x convert -f utf-16 -t utf-8 export.csv > export.utf8.csv
  utf8x convert -f cp1252 -t utf-8 -o notes.txt notes-win.txt
  utf8x convert -f utf-8 -t latin1 --invalid replace page.txt
  utf8x convert -f latin1 -t utf-8 --in-place *.txt
  utf8x convert --list`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if list {
				if len(args) > 0 {
					return usageError("--list takes no FILE: it lists the encodings (see 'utf8x convert --help')")
				}
				return listEncodings(cmd.OutOrStdout())
			}
			if err := opts.parse(cmd, from, to, invalid, bom, args); err != nil {
				return err
			}
			if err := opts.ranges.check(); err != nil {
				return err
			}
			if len(args) == 0 {
				if isTerminal(cmd.InOrStdin()) {
					return usageError("give FILE arguments or pipe text in (see 'utf8x convert --help')")
				}
				args = []string{"-"}
			}
			if !opts.inPlace {
				if err := refuseOutputIsInput(cmd.InOrStdin(), cmd.OutOrStdout(), opts.output, args); err != nil {
					return err
				}
			}
			return convertFiles(cmd, args, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&from, "from", "f", "utf-8", "the input's `ENCODING`")
	f.StringVarP(&to, "to", "t", "utf-8", "the output's `ENCODING`")
	f.StringVar(&invalid, "invalid", "strict", "what to do with what cannot be converted: strict, replace, skip, escape (with -f utf-8 also cp1252, latin1)")
	f.StringVar(&bom, "bom", "keep", "a byte order mark at the start: keep, strip or add")
	f.StringVarP(&opts.output, "output", "o", "", "write to `OUT` (atomically) instead of standard output")
	f.BoolVar(&opts.inPlace, "in-place", false, "rewrite each FILE in place (atomically)")
	f.BoolVar(&list, "list", false, "list the encodings and their labels")
	addAutoFlags(cmd, &opts.auto)
	addOutputRangeFlags(cmd, &opts.ranges)
	return cmd
}

func (o *convertOptions) parse(cmd *cobra.Command, from, to, invalid, bom string, args []string) error {
	var err error
	if o.auto.enabled = strings.EqualFold(from, "auto"); o.auto.enabled {
		from = "utf-8" // replaced per input by what detection finds
	}
	if o.from, err = transcode.Lookup(from); err != nil {
		if !o.auto.legacyLabel(from) {
			return usageError("-f: %v", err)
		}
		o.from = transcode.UTF8 // read through golang.org/x/text first
	}
	if o.to, err = transcode.Lookup(to); err != nil {
		return usageError("-t: %v", err)
	}
	if o.policy, err = utf8x.ParsePolicy(invalid); err != nil {
		return usageError("--invalid: unknown policy %q (want strict, replace, skip, escape, or with -f utf-8 cp1252 or latin1)", invalid)
	}
	if o.policy.UTF8Only() && o.from.Name() != transcode.UTF8.Name() {
		return usageError("--invalid %s reads the bytes of ill-formed UTF-8 as %[1]s, so it needs -f utf-8, not -f %s", o.policy, o.from.Labels()[0])
	}
	if o.bom, err = utf8x.ParseBOMPolicy(bom); err != nil {
		return usageError("--bom: %v", err)
	}
	if o.output == "-" {
		o.output = ""
	}
	switch {
	case o.inPlace && cmd.Flags().Changed("output"):
		return usageError("-o and --in-place cannot be used together")
	case o.inPlace && len(args) == 0:
		return usageError("--in-place needs at least one FILE (standard input cannot be rewritten)")
	}
	for _, a := range args {
		if o.inPlace && a == "-" {
			return usageError("--in-place cannot rewrite standard input (\"-\")")
		}
	}
	return nil
}

// listEncodings prints each encoding's name and labels.
func listEncodings(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENCODING\tLABELS")
	for _, e := range transcode.Encodings() {
		fmt.Fprintf(tw, "%s\t%s\n", e.Name(), strings.Join(e.Labels(), " "))
	}
	return tw.Flush()
}

// convertError is the strict policy meeting something it cannot convert,
// placed the way fix and check place an error.
type convertError struct {
	file      string
	line, col int
	err       *transcode.Error
	outcome   string
}

func (e *convertError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %v; %s", e.file, e.line, e.col, e.err, e.outcome)
}

func convertFiles(cmd *cobra.Command, files []string, opts convertOptions) error {
	errOut := cmd.ErrOrStderr()
	bar := newProgress(errOut, "converting", inputFiles(files))
	defer bar.clear()
	if opts.inPlace {
		status := exitOK
		for _, path := range files {
			err := convertInPlace(cmd, path, opts, bar.counter())
			bar.clear()
			if err != nil {
				var ce *convertError
				if errors.As(err, &ce) {
					status = max(status, exitInvalid)
				} else {
					status = exitUsage
				}
				fmt.Fprintf(errOut, "utf8x: %v\n", err)
			}
		}
		if status != exitOK {
			return &exitError{code: status}
		}
		return nil
	}
	var w io.Writer = cmd.OutOrStdout()
	var out *atomicFile
	if opts.output == "" {
		growPipe(w)
	} else {
		var err error
		if out, err = createAtomic(opts.output, errOut); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer out.abort() // a no-op once committed
		w = out
	}
	for i, path := range files {
		if err := convertOne(cmd, w, path, opts.continuing(i > 0), bar.counter()); err != nil {
			bar.clear()
			var ce *convertError
			var refused *autoRefusal
			if errors.As(err, &refused) {
				return &exitError{code: exitInvalid, err: err}
			}
			if errors.As(err, &ce) {
				ce.outcome = "the output stops before it"
				if out != nil {
					ce.outcome = opts.output + " not written"
				}
				return &exitError{code: exitInvalid, err: err}
			}
			return &exitError{code: exitUsage, err: err}
		}
	}
	if out != nil {
		if err := out.commit(); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
	}
	return nil
}

// continuing returns the options for an input whose output follows another's
// in the same stream: the signature of utf-16 and utf-32, or the byte order
// mark --bom add writes, is already there and must not come again.
func (o convertOptions) continuing(yes bool) convertOptions {
	if !yes {
		return o
	}
	switch o.to.Name() {
	case transcode.UTF16.Name():
		o.to = transcode.UTF16LE
	case transcode.UTF32.Name():
		o.to = transcode.UTF32LE
	}
	if o.bom == utf8x.BOMAdd {
		o.bom = utf8x.BOMStrip
	}
	return o
}

// convertInPlace converts the file at path into itself.
func convertInPlace(cmd *cobra.Command, path string, opts convertOptions, onRead func(int64)) error {
	out, err := createAtomic(path, cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	defer out.abort() // a no-op once committed
	opts.output = path
	if err := convertOne(cmd, out, path, opts, onRead); err != nil {
		var ce *convertError
		if errors.As(err, &ce) {
			ce.outcome = path + " left unchanged"
		}
		return err
	}
	return out.commit()
}

func convertOne(cmd *cobra.Command, w io.Writer, path string, opts convertOptions, onRead func(int64)) error {
	f, size, err := openInput(path, cmd.InOrStdin(), "")
	if err != nil {
		return err
	}
	defer f.Close()
	var src io.Reader = countReads(f, onRead)
	decoded := false // read through an x/text decoder: offsets are not the file's
	if opts.auto.enabled || opts.auto.legacy != nil {
		if src, opts.from, err = opts.auto.resolve(cmd, src, path); err != nil {
			return err
		}
		decoded = opts.auto.legacy != nil || opts.auto.decodedLegacy
	}
	c := transcode.NewConverter(opts.from, opts.to, opts.policy, opts.bom)
	// Under strict, an error is placed at its LINE:COL. A regular file is
	// read again up to the error when there is one, which costs nothing on
	// the way; a stream cannot be, so its position is kept as it goes.
	var pos *sourcePosition
	var consumed func([]byte)
	if opts.policy.Action() == utf8x.ActionStrict && (size < 0 || decoded) {
		pos = newSourcePosition(opts.from)
		consumed = pos.advance
	}
	warn := func(msg string) { fmt.Fprintf(cmd.ErrOrStderr(), "utf8x: warning: %s: %s\n", displayName(path), msg) }
	// -f auto and the x/text encodings read through a decoder: they stream.
	opts.ranges = opts.ranges.toPipe(w)
	if file, ok := opts.ranges.splitFile(f, size); ok && !opts.auto.enabled && opts.auto.legacy == nil && splitsForm(opts.from, size) {
		// The warning judges what the stream's first read would bring.
		head := make([]byte, min(int64(max(startSize(opts.blockSize), utf8x.UTFMax)), size))
		n, _ := file.ReadAt(head, 0)
		warnUTF16Order(bytes.NewReader(head[:n]), opts.from, warn).Read(head)
		err = convertRanges(w, opts.output, file, path, size, opts, onRead)
	} else {
		r := warnUTF16Order(src, opts.from, warn)
		err = pump(w, opts.output, r, path, c, consumed, opts.blockSize)
	}
	var te *transcode.Error
	if errors.As(err, &te) {
		if pos == nil {
			if pos, err = positionInFile(path, opts.from, int64(te.Offset)); err != nil {
				return err
			}
		}
		return &convertError{file: displayName(path), line: pos.line, col: pos.col + 1, err: te}
	}
	return err
}

// positionInFile returns the position reached after the first n bytes of the
// file at path, read in the encoding from.
func positionInFile(path string, from transcode.Encoding, n int64) (*sourcePosition, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, describeOpenError(path, err, "")
	}
	defer f.Close()
	pos := newSourcePosition(from)
	buf := make([]byte, defaultBlockSize)
	r := io.LimitReader(f, n)
	for {
		m, err := r.Read(buf)
		pos.advance(buf[:m])
		if err == io.EOF {
			return pos, nil
		}
		if err != nil {
			return nil, readError(path, n, err)
		}
	}
}

// sourcePosition keeps the line and column reached in an input of any
// encoding, for strict errors: what the converter consumed is decoded to UTF-8
// once more and counted as fix counts it (LF ends a line, every character is
// a column). UTF-8 input is counted as it is.
type sourcePosition struct {
	position
	dec     transform.Transformer // nil for UTF-8 input
	buf     []byte
	pending []byte // the start of a unit the decoder has not consumed yet
}

func newSourcePosition(from transcode.Encoding) *sourcePosition {
	p := &sourcePosition{position: startPosition()}
	if from.Name() != transcode.UTF8.Name() {
		p.dec = transcode.NewConverter(from, transcode.UTF8, utf8x.Replace, utf8x.BOMKeep)
		p.buf = make([]byte, 4096)
	}
	return p
}

func (p *sourcePosition) advance(consumed []byte) {
	if p.dec == nil {
		p.position.advance(consumed)
		return
	}
	src := consumed
	if len(p.pending) > 0 {
		p.pending = append(p.pending, consumed...)
		src = p.pending
	}
	// Until the decoder stops asking for room: ErrShortDst with src used up
	// means output it held back (a Converter keeps up to 512 bytes when
	// dst runs short), which would otherwise be counted a call late.
	for {
		nDst, nSrc, err := p.dec.Transform(p.buf, src, false)
		p.position.advance(p.buf[:nDst])
		src = src[nSrc:]
		if err != transform.ErrShortDst {
			break
		}
	}
	p.pending = append(p.pending[:0], src...)
}
