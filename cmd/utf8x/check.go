// utf8x check: report every ill-formed maximal subpart of each input.
//
// Each input is streamed in blocks (stream.go) and scanned with
// utf8x.FirstInvalid, so valid runs go through the library's fast path; lines
// and columns are counted only while errors are still being listed
// (--max-errors), after which errors are only counted. Errors are formatted
// as they are found and handed on in chunks at the end of every block, never
// collected, so the output is live and memory constant (checkFiles). A large
// regular file is checked in ranges instead (checkRanges in ranges.go, on
// the library's utf8x.CheckReaderAtFunc), on -j CPUs, with the same report;
// the library's driver (utf8x.Drive) chooses.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/utf8x/utf8x/detect"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func init() { addCommand("check", newCheckCmd) }

// checkOptions are the flags of check that shape a report.
type checkOptions struct {
	json      bool
	quiet     bool              // -q: status only, stop at the first invalid input
	list      bool              // -l: names of invalid inputs only
	null      bool              // -0: a NUL after each file name (nameSep)
	maxErrors int               // errors listed per input; 0 lists them all
	blockSize int               // read size; tests make it tiny
	wholeHead bool              // the input is a file: judge its start on its first 4 KiB
	onRead    func(total int64) // told the bytes read so far (progress bar)
	// form is the --encoding validated against; nil is strict UTF-8 (RFC
	// 3629), checked with utf8x.FirstInvalid's fast path. Otherwise the form
	// provides the three form-specific steps: finding faults, counting
	// characters for columns, and the incomplete tail a block must carry.
	form *transcode.Encoding
	// ranges splits one large regular file across CPUs (checkRanges).
	ranges rangeOptions
	inputs int // checked at once: with more than one, each is checked on one CPU
}

// firstOnly reports whether one error settles an input (-q, -l), so the rest
// of it need not be read.
func (o *checkOptions) firstOnly() bool { return o.quiet || o.list }

// listed reports whether the n+1st error of an input is listed.
func (o *checkOptions) listed(n int) bool { return o.maxErrors == 0 || n < o.maxErrors }

// checkError is one ill-formed maximal subpart, as --json prints it.
type checkError struct {
	Offset int64  `json:"offset"` // 0-based byte offset of its first byte
	Length int    `json:"length"` // 1 to 3
	Kind   string `json:"kind"`   // utf8x.ErrorKind's name
	Line   int    `json:"line"`   // 1-based, counting LF
	Column int    `json:"column"` // 1-based, in characters
	hex    string // its bytes, "E2 82"
}

// checkResult is what checking one input found, besides the errors listed
// on the way.
type checkResult struct {
	Bytes      int64 // checked: all of the input, unless a hint or -q/-l stopped at its first error (or byte order mark)
	ErrorCount int
	Listed     int
	Hint       string // what the input looks like instead, when that stopped the check
	Looks      string // for input with errors: the legacy encoding it looks like and the convert command (detectHint)
}

func newCheckCmd() *command {
	opts := checkOptions{blockSize: defaultBlockSize}
	var sample bool
	var walk walkOptions
	var encoding string
	var piece pieceFlags
	cmd := &command{
		Use:   "check [flags] [FILE...]",
		Short: "List each invalid UTF-8 sequence with its line, column and offset",
		Long: `Check validates each FILE (standard input when there is none, or for "-")
as strict UTF-8 (RFC 3629) and reports every ill-formed sequence, one line each:

  FILE:LINE:COL: KIND at byte OFFSET (HEX BYTES)

LINE counts LF from 1; COL counts characters from 1, an ill-formed sequence
counting as one; OFFSET counts bytes from 0. Each ill-formed "maximal subpart"
(Unicode chapter 3) is one error, of one of these kinds: overlong, surrogate,
too-large, truncated, unexpected-continuation, invalid-byte
('utf8x explain --hex BYTES' says what each means). Standard input is named
<stdin> in reports.

Each error is printed as soon as it is found (tail -f log | utf8x check
reports live). After --max-errors errors in a file (0: no limit) the rest are
counted but not listed; a summary line gives each invalid file's total.
Inputs are streamed in constant memory, whatever their size and
--max-errors; several are checked in parallel (-j) and reported in the order
given, and one large file is checked in ranges on -j CPUs with the same
report (up to its size when the check starts). With -r, each DIR is walked
(skipping .git, .hg, .svn and whatever --exclude names) and every file under
it is checked. Standard input can be read once: naming "-" twice is a usage
error.

--exclude takes .gitignore patterns, relative to each DIR: *, ?, [a-z] and
[!a-z] within a name, ** for any number of directories, a trailing / for
directories only, a leading or inner / to anchor at DIR, a leading ! to take
back an earlier exclusion, \ to escape. (Not comments, nor a file of patterns.)

Input that is not meant to be UTF-8 gets one line instead of a flood of
errors: UTF-16 or UTF-32 (a byte order mark, or the NULs of Latin text), with
the convert command that reads it, or binary data (NUL bytes, or the magic
number of an executable, archive, image or PDF). Such an input is invalid;
input that is valid UTF-8 is reported valid whatever controls and NULs it
holds, unless its NULs fall as those of UTF-16 or UTF-32 text do in a tenth
of its bytes or more (ASCII or Cyrillic text in UTF-16 is valid UTF-8): the
judgement detect and convert make too. (Not with --encoding, whose forms
are all UTF-8 relatives.)

-q prints nothing and stops at the first invalid input; -l prints the name of
each invalid input, one per line, reading each only up to its first error.
-0 (--null) ends each file name with a NUL byte instead of the ':', ': ' or
newline after it, as grep -Z does, so names holding those can be split off:
utf8x check -rl0 DIR | xargs -0 utf8x fix --in-place.

--json prints JSON Lines: an object per error as it is found (shown here
on two lines, written on one),

  {"type":"error","file":F,"offset":N,"length":N,"kind":K,"line":N,
   "column":N,"hex":"E2 82"}

then one per input ("bytes" are those checked: all, unless a hint or the
first error ended the check),

  {"type":"file","file":F,"valid":B,"bytes":N,"error_count":N,"listed":N}

with "hint" when the input looks like UTF-16 or binary data, and "error"
(the message) when it could not be read. A file name that is not valid UTF-8
shows U+FFFD in "file" and comes whole in "file_base64" (its bytes in
base64), so scripts can reopen it.

--encoding validates against a variant form of UTF-8 instead, with the kinds
of that form: cesu-8 (four-byte, lone-surrogate), mutf-8 (Java's modified
UTF-8: also nul-byte; C0 80 is U+0000), wtf-8 (lone surrogates are fine;
surrogate-pair), utf-8-legacy (RFC 2279: 5- and 6-byte sequences, values up
to 0x7FFFFFFF).

Exit status: 0 if every input is valid UTF-8, 1 if any is not, 2 for a usage
error or an input that cannot be read.`,
		Example: `  utf8x check --sample            # see it on a built-in sample
  utf8x check notes.txt data.csv
  curl -s https://example.com | utf8x check
  utf8x check --json --max-errors 10 dump.sql
  utf8x check -r --exclude '*.png' --exclude 'vendor/' .`,
		RunE: func(cmd *command, args []string) error {
			if err := opts.ranges.check(); err != nil {
				return err
			}
			if opts.maxErrors < 0 {
				return usageError("--max-errors must be 0 or more, not %d", opts.maxErrors)
			}
			if err := opts.setForm(encoding); err != nil {
				return err
			}
			if err := piece.parse(cmd); err != nil {
				return err
			}
			if piece.set {
				return checkPiece(cmd, args, &piece, opts, sample)
			}
			if sample {
				if len(args) > 0 {
					return usageError("--sample checks the built-in sample; give it no FILE")
				}
				return checkSample(cmd.OutOrStdout(), opts)
			}
			if len(args) == 0 {
				if isTerminal(cmd.InOrStdin()) {
					return noInputHint(cmd)
				}
				args = []string{"-"}
			}
			if stdins := slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a != "-" }); len(stdins) > 1 {
				return usageError("standard input (-) is named more than once; it can be read only once")
			}
			files, err := walk.expandInputs(args)
			if err != nil {
				return err
			}
			// A walk always ends with a summary: it may have found 0 or 1 files.
			summarize := len(files) > 1 || walk.recursive
			jobs := jobCount(opts.ranges.jobs)
			opts.inputs = len(files) // more than one: the CPUs take whole files
			return checkFiles(cmd, files, opts, jobs, summarize)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print JSON Lines: one object per error, then one per input")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "print nothing; stop at the first invalid input (exit status only)")
	f.BoolVarP(&opts.list, "files-with-errors", "l", false, "print only the names of inputs that are not valid")
	f.IntVar(&opts.maxErrors, "max-errors", 100, "list at most `N` errors per input, then only count them (0: no limit)")
	f.BoolVar(&sample, "sample", false, "check a built-in sample with typical faults")
	f.StringVar(&encoding, "encoding", "utf-8", "validate against `FORM`: utf-8, cesu-8, mutf-8, wtf-8 or utf-8-legacy")
	addNullFlag(cmd, &opts.null)
	walk.addFlags(cmd)
	addRangeFlags(cmd, &opts.ranges)
	addPieceFlags(cmd, &piece)
	cmd.MarkFlagsMutuallyExclusive("quiet", "files-with-errors", "json")
	cmd.MarkFlagsMutuallyExclusive("null", "json")
	cmd.MarkFlagsMutuallyExclusive("null", "quiet")
	return cmd
}

// noInputHint answers a bare "utf8x check" typed at a terminal, which would
// otherwise wait silently for input the person does not mean to type.
func noInputHint(cmd *command) error {
	fmt.Fprintf(cmd.ErrOrStderr(), `%s reads files, or standard input when no FILE is given,
and standard input is your terminal. Try one of:
  %[1]s FILE...          check files
  cat FILE | %[1]s       check what a pipe brings
  %[1]s --sample         see it on a built-in sample
  %[1]s --help           read more
`, cmd.CommandPath())
	return &exitError{code: exitUsage}
}

// checkJob is one input being checked: its report, in chunks of output ready
// to write, and once chunks is closed, its result.
type checkJob struct {
	chunks chan []byte
	res    checkResult
	err    error // the input could not be read (already in chunks with --json)
}

// checkFiles checks the files, up to jobs at a time, and writes each report
// as it is made: the input being reported streams its errors as soon as they
// are found (tail -f log | utf8x check), and the ones after it wait, each
// holding at most a few chunks, so memory stays bounded whatever the input
// and --max-errors. Workers start in the order given, which keeps the one
// being reported always running.
func checkFiles(cmd *command, files []inputFile, opts checkOptions, jobs int, summarize bool) error {
	out, errOut, stdin := cmd.OutOrStdout(), cmd.ErrOrStderr(), cmd.InOrStdin()
	bar := newProgress(errOut, "checking", files)
	defer bar.clear()
	const dirHint = "use 'utf8x check -r DIR' to check every file under it"
	stop := make(chan struct{})
	queue := make(chan *checkJob, jobs)
	slots := make(chan struct{}, jobs)
	go func() {
		defer close(queue)
		for _, f := range files {
			select {
			case slots <- struct{}{}:
			case <-stop:
				return
			}
			j := &checkJob{chunks: make(chan []byte, 4)}
			queue <- j // waits while jobs reports, finished or not, are ahead
			go func() {
				defer func() { <-slots }()
				defer close(j.chunks)
				// send hands a chunk on; a nil chunk only asks whether to go on.
				send := func(p []byte) error {
					if p == nil {
						select {
						case <-stop:
							return errStopped
						default:
							return nil
						}
					}
					select {
					case j.chunks <- p:
						return nil
					case <-stop:
						return errStopped
					}
				}
				j.res, j.err = checkInput(f, stdin, dirHint, opts, bar.counter(), send)
			}()
		}
	}()
	var valid, invalid, failed int
	var werr error
	for j := range queue {
		for chunk := range j.chunks {
			if werr == nil {
				bar.clear()
				_, werr = out.Write(chunk)
				if werr != nil {
					close(stop)
				}
			}
		}
		if werr != nil {
			continue // drain, so that the producer sees stop
		}
		switch {
		case j.err != nil:
			failed++
			bar.clear()
			fmt.Fprintf(errOut, "utf8x: %v\n", j.err)
		case j.res.ErrorCount == 0 && j.res.Hint == "":
			valid++
		default:
			invalid++
			if opts.quiet {
				werr = errStopped
				close(stop)
			}
		}
	}
	if werr != nil && werr != errStopped {
		return werr
	}
	if summarize && !opts.json && !opts.quiet && !opts.list && werr == nil {
		fmt.Fprintf(out, "%s checked: %d valid, %d invalid", plural(len(files), "file"), valid, invalid)
		if failed > 0 {
			fmt.Fprintf(out, ", %d unreadable", failed)
		}
		fmt.Fprintln(out)
	}
	switch {
	case invalid > 0 && opts.quiet:
		return &exitError{code: exitInvalid} // as grep -q: an answer found is the answer
	case failed > 0:
		return &exitError{code: exitUsage}
	case invalid > 0:
		return &exitError{code: exitInvalid}
	}
	return nil
}

// errStopped ends a worker whose output nobody will read any more.
var errStopped = errors.New("stopped")

// checkInput opens and checks one input, handing its report to send in
// chunks: one at the end of every block that listed something, so that a
// slow stream is reported as it arrives, and more when a block lists a lot.
func checkInput(f inputFile, stdin io.Reader, dirHint string, opts checkOptions, onRead func(int64), send func([]byte) error) (checkResult, error) {
	p := &checkPrinter{opts: opts, name: displayName(f.path), b64: fileBase64(f.path), send: send}
	err := f.err
	var res checkResult
	if err == nil {
		var r io.ReadCloser
		var size int64
		r, size, err = openInput(f.path, stdin, dirHint)
		if err == nil {
			opts.onRead = onRead
			opts.wholeHead = size >= 0
			do := opts.ranges.drive(opts.inputs, nil)
			job := utf8x.DriveJob{Stream: func() (err error) {
				res, err = checkStream(r, f.path, opts, p.error, p.flush)
				return err
			}}
			if opts.form == nil {
				// Only strict UTF-8 is checked in ranges.
				job.Blocks = func() (err error) {
					res, err = checkRanges(r.(*os.File), f.path, size, opts, do, p.error, p.flush)
					return err
				}
			}
			err = drive(r, f.path, size, job, do)
			r.Close()
		}
	}
	if err == errStopped {
		return res, err
	}
	if err != nil {
		if opts.json {
			p.fileRecord(res, err)
		}
		p.flush()
		return res, err
	}
	p.summary(res)
	if err := p.flush(); err != nil {
		return res, err
	}
	return res, nil
}

// checkPrinter formats one input's report, human or JSON, into chunks.
type checkPrinter struct {
	opts checkOptions
	name string // as reports show it
	b64  string // fileBase64 of the path
	buf  []byte
	send func([]byte) error

	jsonHead []byte // an error's --json line up to its offset, the same for every error of the input
}

// chunkSize is the most a printer holds before handing a chunk on.
const chunkSize = 32 << 10

// flush hands on what the printer holds. With nothing to hand on, it still
// asks, so that a worker stops reading once nobody waits for its report (-q
// found an invalid input, or the output was closed).
func (p *checkPrinter) flush() error {
	if len(p.buf) == 0 {
		return p.send(nil)
	}
	chunk := p.buf
	p.buf = nil
	return p.send(chunk)
}

// error lists one error.
func (p *checkPrinter) error(e *checkError) error {
	switch {
	case p.opts.quiet:
		return nil
	case p.opts.list:
		p.buf = append(p.buf, p.name...)
		p.buf = append(p.buf, nameSep(p.opts.null, "\n")...)
	case p.opts.json:
		p.buf = p.appendErrorJSON(p.buf, e)
	default:
		p.buf = appendErrorLine(p.buf, p.name, nameSep(p.opts.null, ":"), e)
	}
	if len(p.buf) >= chunkSize {
		return p.flush()
	}
	return nil
}

// appendErrorLine appends e as check lists it, "NAME:LINE:COLUMN: KIND at
// byte OFFSET (HEX)", with sep after NAME (":", or nameSep's NUL). It is fmt.Appendf's "%s:%d:%d: %s at byte %d (%s)\n"
// written out: on a damaged file, where every few bytes are an error, fmt's
// boxing of six arguments per line cost more than finding the errors.
func appendErrorLine(dst []byte, name, sep string, e *checkError) []byte {
	dst = append(dst, name...)
	dst = append(dst, sep...)
	dst = strconv.AppendInt(dst, int64(e.Line), 10)
	dst = append(dst, ':')
	dst = strconv.AppendInt(dst, int64(e.Column), 10)
	dst = append(dst, ": "...)
	dst = append(dst, e.Kind...)
	dst = append(dst, " at byte "...)
	dst = strconv.AppendInt(dst, e.Offset, 10)
	dst = append(dst, " ("...)
	dst = append(dst, e.hex...)
	return append(dst, ")\n"...)
}

// appendErrorJSON appends e as a line of --json, exactly as encoding/json
// writes its checkErrorRecord (TestAppendErrorJSON), but without reflection
// on every error: the name and base64 fields are encoded once per input.
func (p *checkPrinter) appendErrorJSON(dst []byte, e *checkError) []byte {
	if !jsonPlain(e.Kind) {
		return appendJSONLine(dst, checkErrorRecord{Type: "error", File: p.name, FileBase64: p.b64, checkError: *e, Hex: e.hex})
	}
	if p.jsonHead == nil {
		// Encoding a record whose numbers are 0 and cutting it at "offset"
		// keeps the field order and escaping encoding/json gives.
		line := appendJSONLine(nil, checkErrorRecord{Type: "error", File: p.name, FileBase64: p.b64})
		p.jsonHead = line[:bytes.Index(line, []byte(`"offset":`))+len(`"offset":`)]
	}
	dst = append(dst, p.jsonHead...)
	dst = strconv.AppendInt(dst, e.Offset, 10)
	dst = append(dst, `,"length":`...)
	dst = strconv.AppendInt(dst, int64(e.Length), 10)
	dst = append(dst, `,"kind":"`...)
	dst = append(dst, e.Kind...)
	dst = append(dst, `","line":`...)
	dst = strconv.AppendInt(dst, int64(e.Line), 10)
	dst = append(dst, `,"column":`...)
	dst = strconv.AppendInt(dst, int64(e.Column), 10)
	dst = append(dst, `,"hex":"`...)
	dst = append(dst, e.hex...)
	return append(dst, "\"}\n"...)
}

// jsonPlain reports whether encoding/json writes s between quotes as it is:
// printable ASCII without quote or backslash. Error kinds' names are.
func jsonPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// summary ends the report of an input that could be read.
func (p *checkPrinter) summary(res checkResult) {
	switch {
	case p.opts.quiet:
	case p.opts.json:
		p.fileRecord(res, nil)
	case res.Hint != "":
		if p.opts.list {
			p.buf = append(p.buf, p.name...)
			p.buf = append(p.buf, nameSep(p.opts.null, "\n")...)
			return
		}
		p.buf = fmt.Appendf(p.buf, "%s%s%s\n", p.name, nameSep(p.opts.null, ": "), res.Hint)
	case p.opts.list || res.ErrorCount == 0:
	default:
		p.buf = fmt.Appendf(p.buf, "%s%sinvalid %s: %s", p.name, nameSep(p.opts.null, ": "), p.opts.formName(), plural(res.ErrorCount, "error"))
		if hidden := res.ErrorCount - res.Listed; hidden > 0 {
			p.buf = fmt.Appendf(p.buf, " (%d not listed; raise --max-errors to see them)", hidden)
		}
		p.buf = append(p.buf, '\n')
		if res.Looks != "" {
			p.buf = append(p.buf, res.Looks...)
			p.buf = append(p.buf, '\n')
		}
	}
}

// checkErrorRecord is one error as a line of --json.
type checkErrorRecord struct {
	Type       string `json:"type"` // "error"
	File       string `json:"file"`
	FileBase64 string `json:"file_base64,omitempty"`
	checkError
	Hex string `json:"hex"`
}

// checkFileRecord ends an input's --json lines.
type checkFileRecord struct {
	Type       string `json:"type"` // "file"
	File       string `json:"file"`
	FileBase64 string `json:"file_base64,omitempty"`
	Valid      bool   `json:"valid"`
	Bytes      int64  `json:"bytes"`
	ErrorCount int    `json:"error_count"`
	Listed     int    `json:"listed"`
	Hint       string `json:"hint,omitempty"`
	Looks      string `json:"looks_like,omitempty"` // the legacy encoding detection suggests, with the convert command
	Error      string `json:"error,omitempty"`      // why the input could not be read
}

func (p *checkPrinter) fileRecord(res checkResult, err error) {
	rec := checkFileRecord{Type: "file", File: p.name, FileBase64: p.b64,
		Valid: err == nil && res.ErrorCount == 0 && res.Hint == "", Bytes: res.Bytes,
		ErrorCount: res.ErrorCount, Listed: res.Listed, Hint: res.Hint, Looks: res.Looks}
	if err != nil {
		rec.Error = err.Error()
	}
	p.buf = appendJSONLine(p.buf, rec)
}

// checkStream checks one input read from r (named path in messages), calling
// onError for every error listed (all of them with --max-errors 0) and
// onBlock, if set, after each block. It holds one block, whatever the input.
// On a read failure it returns what it found so far and an *inputError; an
// error from onError or onBlock ends it and is returned as it is.
//
// Strict UTF-8 is checked by utf8x.Checker, which places each error as it
// finds it (reading a regular file again up to each error, so that valid
// text is not counted on the way: counting LFs and characters cost a third
// as much as validating); the forms of --encoding by checkStreamForm.
func checkStream(r io.Reader, path string, opts checkOptions, onError func(*checkError) error, onBlock func() error) (checkResult, error) {
	if opts.form != nil {
		return checkStreamForm(r, path, opts, onError, onBlock)
	}
	var res checkResult
	src := &checkSource{r: r, onRead: opts.onRead, onBlock: onBlock, head: make([]byte, 0, sniffLimit)}
	// The start of the input, for sniffHead: enough to say what it looks
	// like when the first error comes, and constant memory. A file's is read
	// whole first, which costs it nothing (a regular file's with ReadAt, so
	// that the Checker reads the file itself, and again for positions); a
	// pipe's first error is reported as soon as it comes, judged on what
	// came before it, once 4 bytes (a UTF-32 byte order mark) have come.
	want := utf8x.UTFMax
	if opts.wholeHead {
		want = sniffLimit
	}
	if err := src.readHead(want, opts.wholeHead); err != nil {
		return res, readError(path, int64(len(src.head)), err)
	}
	if looks := sniffHead(src.head); looks.certain {
		res.Hint = looks.hint(path)
		res.Bytes = int64(looks.bom)
		return res, nil
	}
	c := utf8x.NewChecker(src)
	fail := func(err error) error {
		res.Bytes = c.Offset()
		if src.stopped != nil {
			return src.stopped
		}
		return readError(path, c.Offset(), err)
	}
	for {
		if !opts.listed(res.Listed) {
			// Past --max-errors: the rest is counted, not placed.
			n, err := c.CountRest()
			res.ErrorCount += n
			if err != nil {
				return res, fail(err)
			}
			break
		}
		e, err := c.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, fail(err)
		}
		end := int64(e.Offset + e.Len)
		if res.ErrorCount == 0 {
			// What has been read of the first 4 KiB: all of it for a file
			// (wholeHead), what has come so far from a pipe.
			if looks := sniffHead(src.head); looks.what != "" {
				res.Hint = looks.hint(path)
				res.Bytes = end
				return res, nil
			}
		}
		res.ErrorCount++
		ce := checkError{
			Offset: int64(e.Offset),
			Length: e.Len,
			Kind:   e.Kind.String(),
			Line:   e.Line + 1,
			Column: e.Column + 1,
			hex:    hexString(e.AsError().Bytes()),
		}
		if err := onError(&ce); err != nil {
			res.Bytes = end
			return res, err
		}
		res.Listed++
		if opts.firstOnly() {
			res.Bytes = end
			return res, nil
		}
	}
	res.Bytes = c.Offset()
	if res.ErrorCount > 0 {
		res.Looks = detectHint(displayName(path), src.head)
	}
	if res.ErrorCount == 0 {
		res.Hint = wideHint(src.head, res.Bytes, path)
	}
	return res, nil
}

// wideHint is check's hint for valid UTF-8 that the one structural
// judgement reads as UTF-16 or UTF-32 without a mark (ASCII or Cyrillic
// text in UTF-16 is valid UTF-8, NULs and all; a stray NUL is not enough,
// see detect.Sniff): detect names it so and convert -f auto reads it so,
// and check says so rather than call it valid text. head is the input's
// start and total its length: head is cut, as Detect cuts it, only where
// the input goes on. Every check path (stream, ranges, merge) asks it.
func wideHint(head []byte, total int64, path string) string {
	if len(head) == 0 {
		return ""
	}
	if s := detect.Sniff(head, int64(len(head)) < total); s.Kind == detect.Wide {
		return headLooks{what: s.What, from: s.Encoding}.hint(path)
	}
	return ""
}

// checkSource is what check's utf8x.Checker reads: the input, from the head
// readHead read ahead. It keeps the input's first sniffLimit bytes in head,
// tells onRead the running total of bytes read, and calls onBlock before
// each read of the input (the Checker reads once it has checked what it
// has), so that what a block listed is written before a pipe is waited on.
// For a regular file it is an io.ReaderAt and an io.Seeker, so that the
// Checker places errors by reading the file again rather than by counting
// the text as it goes.
type checkSource struct {
	r       io.Reader
	pending []byte // read ahead and not yet handed on
	perr    error  // the error that came with pending
	head    []byte // the start of the input, up to sniffLimit bytes
	total   int64  // bytes read from r
	onRead  func(total int64)
	onBlock func() error
	stopped error // onBlock's error, which ends the check
	file    *os.File
}

// readHead reads at least want bytes ahead (fewer at the end of the input),
// with ReadAt for a regular file whole (wholeHead), which leaves its
// offset where it was.
func (s *checkSource) readHead(want int, wholeHead bool) error {
	if f, ok := s.r.(*os.File); ok && wholeHead {
		if at, err := f.Seek(0, io.SeekCurrent); err == nil {
			n, err := f.ReadAt(s.head[:want], at)
			s.head = s.head[:n]
			if err != nil && err != io.EOF {
				return err
			}
			s.file = f
			return nil
		}
	}
	for len(s.head) < want && s.perr == nil {
		n, err := s.r.Read(s.head[len(s.head):cap(s.head)])
		s.head = s.head[:len(s.head)+n]
		s.perr = err
		if n > 0 {
			s.total += int64(n)
			if s.onRead != nil {
				s.onRead(s.total)
			}
		}
	}
	s.pending = s.head
	return nil
}

func (s *checkSource) Read(p []byte) (int, error) {
	if len(s.pending) > 0 {
		n := copy(p, s.pending)
		s.pending = s.pending[n:]
		return n, nil
	}
	if s.perr != nil {
		return 0, s.perr
	}
	if s.onBlock != nil {
		if err := s.onBlock(); err != nil {
			s.stopped = err
			return 0, err
		}
	}
	n, err := s.r.Read(p)
	if n > 0 {
		if len(s.head) < cap(s.head) && s.file == nil {
			s.head = append(s.head, p[:min(n, cap(s.head)-len(s.head))]...)
		}
		s.total += int64(n)
		if s.onRead != nil {
			s.onRead(s.total)
		}
	}
	return n, err
}

// ReadAt reads a regular file again; Seek says where it stands. Neither
// works for other inputs, which the Checker then reads once.
func (s *checkSource) ReadAt(p []byte, off int64) (int, error) {
	if s.file == nil {
		return 0, errors.ErrUnsupported
	}
	return s.file.ReadAt(p, off)
}

func (s *checkSource) Seek(offset int64, whence int) (int64, error) {
	if s.file == nil || offset != 0 || whence != io.SeekCurrent {
		return 0, errors.ErrUnsupported
	}
	return s.file.Seek(0, io.SeekCurrent)
}

// checkStreamForm is checkStream for the forms of --encoding, block by
// block, counting positions as it goes.
func checkStreamForm(r io.Reader, path string, opts checkOptions, onError func(*checkError) error, onBlock func() error) (checkResult, error) {
	var res checkResult
	e := opts.form
	firstInvalid := func(p []byte) (int, int, utf8x.ErrorKind) { return e.FirstInvalid(p, true) }
	br := newBlockReader(r, path, max(opts.blockSize, 2*e.MaxUnitLen()))
	br.tail = e.IncompleteTail
	br.onRead = opts.onRead
	pos := startPosition()
	pos.count = e
	for {
		block, base, err := br.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return res, err
		}
		res.Bytes = base + int64(len(block))
		listing := opts.listed(res.Listed)
		for len(block) > 0 {
			off, n, kind := firstInvalid(block)
			if n == 0 {
				if listing {
					pos.advance(block)
				}
				break
			}
			res.ErrorCount++
			if listing {
				pos.advance(block[:off])
				e := checkError{
					Offset: base + int64(off),
					Length: n,
					Kind:   kind.String(),
					Line:   pos.line,
					Column: pos.col + 1,
					hex:    hexString(block[off : off+n]),
				}
				if err := onError(&e); err != nil {
					return res, err
				}
				res.Listed++
				pos.advanceInvalid()
				listing = opts.listed(res.Listed)
			}
			if opts.firstOnly() {
				res.Bytes = base + int64(off+n)
				return res, nil
			}
			base += int64(off + n)
			block = block[off+n:]
		}
		if onBlock != nil {
			if err := onBlock(); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// checkForms are the forms --encoding accepts: those that write ASCII as
// ASCII, so that lines are LF bytes and the report reads like UTF-8's.
var checkForms = []transcode.Encoding{transcode.UTF8, transcode.CESU8, transcode.MUTF8, transcode.WTF8, transcode.UTF8Legacy}

// setForm sets the form from --encoding's label; UTF-8 keeps the fast path.
func (o *checkOptions) setForm(label string) error {
	e, err := transcode.Lookup(label)
	if err != nil {
		return usageError("--encoding: %v", err)
	}
	for _, f := range checkForms {
		switch {
		case f.Name() != e.Name():
		case f.Name() == transcode.UTF8.Name():
			o.form = nil
			return nil
		default:
			o.form = &e
			return nil
		}
	}
	return usageError("--encoding %s: check validates utf-8, cesu-8, mutf-8, wtf-8 and utf-8-legacy; for %s use 'utf8x convert -f %s -t utf-8 FILE > /dev/null'", label, e.Name(), e.Labels()[0])
}

// formName names the validated form in summaries.
func (o *checkOptions) formName() string {
	if o.form == nil {
		return "UTF-8"
	}
	return o.form.Name()
}

// plural spells n with its noun, "1 error" or "3 errors".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeJSONLine writes v as one line of JSON, leaving <, > and & as they are
// (file names such as <stdin> stay readable).
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// appendJSONLine appends v to buf as writeJSONLine writes it.
func appendJSONLine(buf []byte, v any) []byte {
	w := bytes.NewBuffer(buf)
	if err := writeJSONLine(w, v); err != nil {
		panic(err) // the records are plain structs: encoding cannot fail
	}
	return w.Bytes()
}
