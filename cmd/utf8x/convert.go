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

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func init() { addCommand("convert", newConvertCmd) }

type convertOptions struct {
	from, to  transcode.Encoding
	policy    utf8x.Policy
	bom       utf8x.BOMPolicy
	output    string
	inPlace   bool
	blockSize int
	auto      autoOptions // -f auto
	ranges    rangeOptions
	piece     pieceFlags // --range, --offset
}

func newConvertCmd() *command {
	opts := convertOptions{blockSize: defaultBlockSize}
	var from, to, invalid, bom, replacement, order string
	var list bool
	cmd := &command{
		Use:   "convert -f FROM -t TO [flags] [FILE...]",
		Short: "Convert between UTF-8/16/32 and legacy encodings; -f auto detects",
		Long: `Convert reads each FILE (standard input when there is none, or for "-") in
the encoding FROM and writes it in the encoding TO, to standard output or to
the file named by -o, or back onto itself with --in-place. Without
--in-place, several FILEs are converted one after the other into one
output, standard output or the -o file (as fix does), which gets one byte
order mark at most, at its start.

Encodings are named by any label of the WHATWG Encoding Standard or any
name glibc's iconv accepts for them, in any case: utf-8, utf-16le, utf-16,
latin1, cp1252, cp1251, koi8-r, iso-8859-2, ibm852, cp437, macintosh,
shift_jis, gbk, ... --list shows every encoding, its labels, and whether
convert reads it, writes it, or both. Where WHATWG and iconv disagree, the
label means what WHATWG says, except latin1, iso-8859-1, ascii, iso-8859-9,
iso-8859-11 and tis-620 (and their aliases), which are the exact ISO and TIS
encodings as in iconv (WHATWG reads them as windows-1252, -1254 and -874):
text written under those names holds only the bytes the standard defines;
name windows-874 for Thai text from Windows or the web.

The single-byte tables are WHATWG's for its encodings (ISO-8859-x bytes 80-9F
are the C1 controls U+0080-U+009F; in koi8-u AE and BE are ў and Ў, where
Python and iconv follow RFC 2319's box drawing characters; windows-125x bytes
the vendor left undefined are the C1 controls of the same value) and glibc's
for the others (IBM437, IBM850, IBM852, IBM855, MAC-CENTRALEUROPE, VISCII,
...).

The multi-byte encodings (shift_jis, euc-jp, iso-2022-jp, gbk,
gb18030, big5, euc-kr) are read and written as WHATWG says, to the byte:
shift_jis F040 is U+E000, gb18030 A140 is U+E4C6, gb18030 81 FF is one bad
sequence; iso-2022-kr, hz-gb-2312, johab and euc-jis-2004 as iconv and
Python do, euc-tw and iso-2022-cn as glibc's iconv does (iso-2022-cn
designates again on each line, as RFC 1922 says). WHATWG names iso-2022-kr,
csiso2022kr, hz-gb-2312 and iso-2022-cn as its "replacement" encoding,
which reads anything as one U+FFFD; here they are the real encodings, as in
iconv.

-f auto detects FROM as 'utf8x detect' does, from each input's first 64 KiB
(or, when those are plain ASCII, from the 64 KiB at the line of its first
byte beyond ASCII, up to 64 MiB on), names its choice on stderr, and
refuses, exit status 1 and nothing written, when its confidence is below
--min-confidence.

utf-16 and utf-32 (and unicode, ucs-2, ...) read their byte order from a
byte order mark (FF FE little-endian, FE FF big-endian; for utf-32 FF FE 00 00
and 00 00 FE FF), which is dropped. Without a mark, --byte-order decides:

  guess  the default: the first 512 bytes are judged as check and detect
         judge them: where their NUL bytes (or surrogate pairs) show
         UTF-16 or UTF-32 in one order, that order (text that both orders
         read, such as Chinese, goes to the one detect's language models
         read better); otherwise (or under 16 bytes) both readings are
         scored (values in range, characters in one script) and the better
         one is taken, little-endian when they tie; nothing is written
         before those 512 bytes (or the end of the input) are read
  be     big-endian: the standard reading of the unmarked UTF-16 and UTF-32
         encoding schemes (RFC 2781 section 4.3, the Unicode Standard
         section 3.10); the one to ask for when a file must be read as the
         standards say
  le     little-endian: what the WHATWG standard's utf-16 label means, and
         what Windows, Python and glibc's iconv on little-endian machines read

utf-16be, utf-16le, utf-32be and utf-32le always read the order they name.
utf-16 and utf-32 write FF FE (FF FE 00 00) and then little-endian. The
other encodings treat a U+FEFF at the start as text; --bom keep|strip|add
says what to do with it (add writes one mark, whether or not the input had
one: with -t utf-16 or utf-32 that is their own FF FE).

--invalid says what to do with input that is not well-formed in FROM (a lone
UTF-16 surrogate, ill-formed UTF-8, a byte FROM leaves undefined, such as AA
in windows-1253 or D5 in ibm857) and with characters TO cannot hold:

  strict   stop at the first with its FILE:LINE:COL, byte offset and kind,
           exit status 1 (the default)
  replace  U+FFFD, or "?" when TO cannot hold it; --replacement S writes S
           instead (and implies --invalid replace)
  skip     drop it
  escape   write each of its bytes as \xNN (lowercase hex)
  html     a character TO cannot hold becomes an HTML numeric character
           reference, &#NNNN; in decimal, as browsers write form data;
           ill-formed input becomes U+FFFD as under replace
  cp1252   with -f utf-8: read each ill-formed byte as Windows-1252 (latin1:
           as ISO-8859-1), as 'utf8x fix' does, then convert it to TO

-o and --in-place write a temporary file beside the destination and rename
it into place only when everything converted: a failed or interrupted run
leaves the destination as it was, and a replaced file keeps its mode, and its
owner and group where you may give them (as root). The temporary file of a
run killed outright (SIGKILL) is removed by the next run that writes in its
directory.

A large file in utf-8, utf-16le, utf-16be, utf-32le, utf-32be or a
single-byte encoding (latin1, cp1251, koi8-r, ...) is converted in ranges on
-j CPUs, written in order: the output is the same as on one (TO
iso-2022-jp, iso-2022-kr and hz-gb-2312, whose escapes depend on the text
before, are written on one).

Exit status: 0 on success, 1 when strict meets something it cannot convert,
2 for a usage error or an input or output that cannot be read or written.`,
		Example: `  utf8x convert -f utf-16 -t utf-8 export.csv > export.utf8.csv
  utf8x convert -f cp1252 -t utf-8 -o notes.txt notes-win.txt
  utf8x convert -f utf-8 -t latin1 --invalid replace page.txt
  utf8x convert -f utf-8 -t windows-1251 --invalid html form.txt
  utf8x convert -f utf-16 --byte-order be -t utf-8 unmarked.txt
  utf8x convert -f latin1 -t utf-8 --in-place *.txt
  utf8x convert --list`,
		RunE: func(cmd *command, args []string) error {
			if list {
				if len(args) > 0 {
					return usageError("--list takes no FILE: it lists the encodings (see 'utf8x convert --help')")
				}
				return listEncodings(cmd.OutOrStdout())
			}
			if err := opts.parse(cmd, from, to, invalid, bom, args); err != nil {
				return err
			}
			if err := opts.parseExtras(cmd, replacement, order); err != nil {
				return err
			}
			if err := opts.ranges.check(); err != nil {
				return err
			}
			if err := opts.piece.parse(cmd); err != nil {
				return err
			}
			if opts.piece.set {
				return convertPiece(cmd, args, &opts.piece, opts)
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
	addPieceFlags(cmd, &opts.piece)
	f.StringVarP(&from, "from", "f", "utf-8", "the input's `ENCODING`")
	f.StringVarP(&to, "to", "t", "utf-8", "the output's `ENCODING`")
	f.StringVar(&invalid, "invalid", "strict", "what to do with what cannot be converted: strict, replace, skip, escape, html (with -f utf-8 also cp1252, latin1)")
	f.StringVar(&replacement, "replacement", "", "with --invalid replace, write `S` instead of U+FFFD (or \"?\")")
	f.StringVar(&order, "byte-order", "guess", "how -f utf-16 and utf-32 read input without a byte order mark: guess, be (RFC 2781, the Unicode Standard) or le (WHATWG)")
	f.StringVar(&bom, "bom", "keep", "a byte order mark at the start: keep, strip or add")
	f.StringVarP(&opts.output, "output", "o", "", "write to `OUT` (atomically) instead of standard output")
	f.BoolVar(&opts.inPlace, "in-place", false, "rewrite each FILE in place (atomically)")
	f.BoolVar(&list, "list", false, "list the encodings, whether convert reads or writes them, and their labels")
	addAutoFlags(cmd, &opts.auto)
	addOutputRangeFlags(cmd, &opts.ranges)
	return cmd
}

func (o *convertOptions) parse(cmd *command, from, to, invalid, bom string, args []string) error {
	var err error
	if o.auto.enabled = strings.EqualFold(from, "auto"); o.auto.enabled {
		from = "utf-8" // replaced per input by what detection finds
	}
	if o.from, err = transcode.Lookup(from); err != nil {
		if !o.auto.legacyLabel(from) {
			return usageError("-f: %v; 'utf8x convert --list' shows every encoding", err)
		}
		o.from = transcode.UTF8 // read through golang.org/x/text first
	}
	if o.to, err = transcode.Lookup(to); err != nil {
		return usageError("-t: %v; 'utf8x convert --list' shows every encoding", err)
	}
	if !o.from.CanDecode() {
		return usageError("-f %s: convert cannot read %s yet (see 'utf8x convert --list')", from, o.from.Name())
	}
	if !o.to.CanEncode() {
		return usageError("-t %s: convert cannot write %s yet (see 'utf8x convert --list')", to, o.to.Name())
	}
	if strings.EqualFold(invalid, "html") {
		o.policy = utf8x.HTML
	} else if o.policy, err = utf8x.ParsePolicy(invalid); err != nil {
		return usageError("--invalid: unknown policy %q (want strict, replace, skip, escape, html, or with -f utf-8 cp1252 or latin1)", invalid)
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

// parseExtras reads --replacement and --byte-order, after parse.
func (o *convertOptions) parseExtras(cmd *command, replacement, order string) error {
	if cmd.Flags().Changed("replacement") {
		switch {
		case !cmd.Flags().Changed("invalid"):
			o.policy = utf8x.ReplaceWith(replacement)
		case o.policy.Action() != utf8x.ActionReplace:
			return usageError("--replacement goes with --invalid replace, not --invalid %s", o.policy)
		default:
			o.policy = utf8x.ReplaceWith(replacement)
		}
		if !utf8x.ValidString(replacement) {
			return usageError("--replacement %q is not valid UTF-8", replacement)
		}
	}
	bo, ok := transcode.ParseByteOrder(order)
	if !ok {
		return usageError("--byte-order: unknown order %q (want guess, be or le)", order)
	}
	if cmd.Flags().Changed("byte-order") {
		switch o.from.Name() {
		case transcode.UTF16.Name(), transcode.UTF32.Name():
		default:
			return usageError("--byte-order is for -f utf-16 and -f utf-32, whose byte order a mark may give; -f %s reads %s", o.from.Labels()[0], o.from.Name())
		}
	}
	o.from = o.from.WithByteOrder(bo)
	return nil
}

// listEncodings prints each encoding's name, what convert does with it and
// its labels.
func listEncodings(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENCODING\tCONVERT\tLABELS")
	for _, e := range transcode.Encodings() {
		var can []string
		if e.CanDecode() {
			can = append(can, "read")
		}
		if e.CanEncode() {
			can = append(can, "write")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", e.Name(), strings.Join(can, "+"), strings.Join(e.Labels(), " "))
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

func convertFiles(cmd *command, files []string, opts convertOptions) error {
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
func convertInPlace(cmd *command, path string, opts convertOptions, onRead func(int64)) error {
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

func convertOne(cmd *command, w io.Writer, path string, opts convertOptions, onRead func(int64)) error {
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
	// -f auto and the multi-byte encodings read through a decoder, and an
	// encoding with shift states is written whole: they stream.
	do := opts.ranges.drive(1, w)
	job := utf8x.DriveJob{Stream: func() error {
		r := warnUTF16Order(src, opts.from, warn)
		return pump(w, opts.output, r, path, c, consumed, opts.blockSize)
	}}
	if !opts.auto.enabled && opts.auto.legacy == nil && size >= 0 && splitsForm(opts.from, size) && !opts.to.IsStateful() {
		job.Blocks = func() error {
			file := f.(*os.File)
			// The warning judges what the stream's first read would bring.
			head := make([]byte, min(int64(max(startSize(opts.blockSize), utf8x.UTFMax)), size))
			n, _ := file.ReadAt(head, 0)
			warnUTF16Order(bytes.NewReader(head[:n]), opts.from, warn).Read(head)
			return convertRanges(w, opts.output, file, size, opts, do, onRead)
		}
	}
	err = drive(f, path, size, job, do)
	var te *transcode.Error
	if errors.As(err, &te) {
		if pos == nil {
			if pos, err = positionInFile(path, opts.from, int64(te.Offset)); err != nil {
				return err
			}
		}
		line, col := pos.Pos()
		return &convertError{file: displayName(path), line: line + 1, col: col + 1, err: te}
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
	return positionIn(f, path, from, n)
}

// positionIn returns the position reached after the first n bytes of r
// (named path), read in the encoding from.
func positionIn(r io.Reader, path string, from transcode.Encoding, n int64) (*sourcePosition, error) {
	pos := newSourcePosition(from)
	m, err := io.CopyBuffer(pos, io.LimitReader(r, n), make([]byte, defaultBlockSize))
	if err != nil {
		return nil, readError(path, m, err)
	}
	return pos, nil
}

// sourcePosition keeps the line and column reached in an input of any
// encoding, for strict errors: what the converter consumed is decoded to UTF-8
// once more and counted by utf8x.PositionCounter, as check and fix count it
// (LF ends a line, every character is a column, an ill-formed subpart is
// one). UTF-8 input is counted as it is.
type sourcePosition struct {
	pc      utf8x.PositionCounter // not embedded: its ReadFrom would not decode
	dec     *transcode.Converter  // nil for UTF-8 input
	buf     []byte
	pending []byte // the start of a unit the decoder has not consumed yet
}

func newSourcePosition(from transcode.Encoding) *sourcePosition {
	p := &sourcePosition{}
	if from.Name() != transcode.UTF8.Name() {
		p.dec = transcode.NewConverter(from, transcode.UTF8, utf8x.Replace, utf8x.BOMKeep)
		p.buf = make([]byte, 4096)
	}
	return p
}

// Pos returns the line and column reached, from 0.
// Input the decoder holds back, waiting for what follows (a WTF-8 lead
// surrogate, the start of a unit), counts as the characters it stands for
// at the end of the input: an error follows it.
func (p *sourcePosition) Pos() (line, col int) {
	if len(p.pending) == 0 {
		return p.pc.Pos()
	}
	pc := p.pc
	// The form read so far (UTF-16 and UTF-32: the byte order picked).
	dec := transcode.NewConverter(p.dec.Source(), transcode.UTF8, utf8x.Replace, utf8x.BOMKeep)
	out, _, _ := transform.Bytes(dec, p.pending)
	pc.Write(out)
	return pc.Pos()
}

// Write moves the position past consumed, the next bytes of the input.
func (p *sourcePosition) Write(consumed []byte) (int, error) {
	p.advance(consumed)
	return len(consumed), nil
}

func (p *sourcePosition) advance(consumed []byte) {
	if p.dec == nil {
		p.pc.Write(consumed)
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
		p.pc.Write(p.buf[:nDst])
		src = src[nSrc:]
		if err != transform.ErrShortDst {
			break
		}
	}
	p.pending = append(p.pending[:0], src...)
}
