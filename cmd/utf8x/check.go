// utf8x check: report every ill-formed maximal subpart of each input.
//
// Each input is streamed in blocks (stream.go) and scanned with
// utf8x.FirstInvalid, so valid runs go through the library's fast path; lines
// and columns are counted only while errors are still being listed
// (--max-errors), after which errors are only counted.
package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/detect"
	"github.com/utf8x/utf8x/transcode"
)

func init() { commands = append(commands, newCheckCmd) }

// checkOptions are the flags of check that shape a report.
type checkOptions struct {
	json      bool
	maxErrors int
	blockSize int               // read size; tests make it tiny
	onRead    func(total int64) // told the bytes read so far (progress bar)
	// form is the --encoding validated against; nil is strict UTF-8 (RFC
	// 3629), checked with utf8x.FirstInvalid's fast path. Otherwise the form
	// provides the three form-specific steps: finding faults, counting
	// characters for columns, and the incomplete tail a block must carry.
	form *transcode.Encoding
}

// checkError is one ill-formed maximal subpart, as --json prints it.
type checkError struct {
	Offset int64  `json:"offset"` // 0-based byte offset of its first byte
	Length int    `json:"length"` // 1 to 3
	Kind   string `json:"kind"`   // utf8x.ErrorKind's name
	Line   int    `json:"line"`   // 1-based, counting LF
	Column int    `json:"column"` // 1-based, in characters
	hex    string // its bytes, "E2 82"
}

// checkReport is the result of checking one input, one JSON line with --json.
type checkReport struct {
	File       string       `json:"file"`
	Valid      bool         `json:"valid"`
	Bytes      int64        `json:"bytes"`
	ErrorCount int          `json:"error_count"`
	Errors     []checkError `json:"errors"` // the first --max-errors of them
	head       []byte       // the first bytes, for detectHint
}

func newCheckCmd() *cobra.Command {
	opts := checkOptions{blockSize: defaultBlockSize}
	var sample bool
	var walk walkOptions
	var jobs int
	var encoding string
	cmd := &cobra.Command{
		Use:   "check [flags] [FILE...]",
		Short: "Report every invalid UTF-8 sequence with its line, column and byte offset",
		Long: `Check validates each FILE (standard input when there is none, or for "-")
as strict UTF-8 (RFC 3629) and reports every ill-formed sequence, one line each:

  FILE:LINE:COL: KIND at byte OFFSET (HEX BYTES)

LINE counts LF from 1; COL counts characters from 1, an ill-formed sequence
counting as one; OFFSET counts bytes from 0. Each ill-formed "maximal subpart"
(Unicode chapter 3) is one error, of one of these kinds: overlong, surrogate,
too-large, truncated, unexpected-continuation, invalid-byte
('utf8x explain --hex BYTES' says what each means). Standard input is named
<stdin> in reports.

After --max-errors errors in a file the rest are counted but not listed; a
summary line gives each invalid file's total. Inputs are streamed in constant
memory, whatever their size; several are checked in parallel (-j) and
reported in the order given. With -r, each DIR is walked (skipping .git, .hg,
.svn and whatever --exclude names) and every file under it is checked.

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
		RunE: func(cmd *cobra.Command, args []string) error {
			if jobs < 0 {
				return usageError("-j must be 1 or more (or 0 for one per CPU), not %d", jobs)
			}
			if opts.maxErrors < 0 {
				return usageError("--max-errors must be 0 or more, not %d", opts.maxErrors)
			}
			if err := opts.setForm(encoding); err != nil {
				return err
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
			files, err := walk.expandInputs(args)
			if err != nil {
				return err
			}
			// A walk always ends with a summary: it may have found 0 or 1 files.
			summarize := len(files) > 1 || walk.recursive
			return checkFiles(cmd, files, opts, jobCount(jobs), summarize)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print one JSON object per input, one per line")
	f.IntVar(&opts.maxErrors, "max-errors", 100, "list at most `N` errors per input, then only count them")
	f.BoolVar(&sample, "sample", false, "check a built-in sample with typical faults")
	f.StringVar(&encoding, "encoding", "utf-8", "validate against `FORM`: utf-8, cesu-8, mutf-8, wtf-8 or utf-8-legacy")
	walk.addFlags(cmd)
	addJobsFlag(cmd, &jobs)
	return cmd
}

// noInputHint answers a bare "utf8x check" typed at a terminal, which would
// otherwise wait silently for input the person does not mean to type.
func noInputHint(cmd *cobra.Command) error {
	fmt.Fprintf(cmd.ErrOrStderr(), `%s reads files, or standard input when no FILE is given,
and standard input is your terminal. Try one of:
  %[1]s FILE...          check files
  cat FILE | %[1]s       check what a pipe brings
  %[1]s --sample         see it on a built-in sample
  %[1]s --help           read more
`, cmd.CommandPath())
	return &exitError{code: exitUsage}
}

func checkFiles(cmd *cobra.Command, files []inputFile, opts checkOptions, jobs int, summarize bool) error {
	out := cmd.OutOrStdout()
	var valid, invalid int
	read := func(r io.Reader, path string, onRead func(total int64)) (checkReport, error) {
		o := opts
		o.onRead = onRead
		return checkStream(r, path, o)
	}
	emit := func(_ int, rep *checkReport) error {
		if rep.Valid {
			valid++
		} else {
			invalid++
		}
		return writeCheckReport(out, rep, opts)
	}
	failed, err := eachInput(cmd, files, jobs, "checking", "use 'utf8x check -r DIR' to check every file under it", read, emit)
	if err != nil {
		return err
	}
	if summarize && !opts.json {
		fmt.Fprintf(out, "%s checked: %d valid, %d invalid", plural(len(files), "file"), valid, invalid)
		if failed > 0 {
			fmt.Fprintf(out, ", %d unreadable", failed)
		}
		fmt.Fprintln(out)
	}
	switch {
	case failed > 0:
		return &exitError{code: exitUsage}
	case invalid > 0:
		return &exitError{code: exitInvalid}
	}
	return nil
}

// checkStream checks one input read from r (named path in reports). On a read
// failure it returns the report so far and an *inputError.
func checkStream(r io.Reader, path string, opts checkOptions) (checkReport, error) {
	rep := checkReport{File: displayName(path), Errors: []checkError{}}
	firstInvalid := utf8x.FirstInvalid
	br := newBlockReader(r, path, opts.blockSize)
	pos := startPosition()
	if e := opts.form; e != nil {
		firstInvalid = func(p []byte) (int, int, utf8x.ErrorKind) { return e.FirstInvalid(p, true) }
		br = newBlockReader(r, path, max(opts.blockSize, maxFormUnit))
		br.tail = formTail(*e)
		pos.count = e
	}
	br.onRead = opts.onRead
	for {
		block, base, err := br.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rep, err
		}
		rep.Bytes = base + int64(len(block))
		if n := detect.DefaultLimit + 1 - len(rep.head); n > 0 && opts.form == nil {
			rep.head = append(rep.head, block[:min(n, len(block))]...)
		}
		listing := len(rep.Errors) < opts.maxErrors
		for len(block) > 0 {
			off, n, kind := firstInvalid(block)
			if n == 0 {
				if listing {
					pos.advance(block)
				}
				break
			}
			rep.ErrorCount++
			if listing {
				pos.advance(block[:off])
				rep.Errors = append(rep.Errors, checkError{
					Offset: base + int64(off),
					Length: n,
					Kind:   kind.String(),
					Line:   pos.line,
					Column: pos.col + 1,
					hex:    utf8x.Hex(block[off : off+n]),
				})
				pos.advanceInvalid()
				listing = len(rep.Errors) < opts.maxErrors
			}
			base += int64(off + n)
			block = block[off+n:]
		}
	}
	rep.Valid = rep.ErrorCount == 0
	return rep, nil
}

// writeCheckReport prints one input's report, human or JSON.
func writeCheckReport(w io.Writer, rep *checkReport, opts checkOptions) error {
	if opts.json {
		return writeJSONLine(w, rep)
	}
	for _, e := range rep.Errors {
		if _, err := fmt.Fprintf(w, "%s:%d:%d: %s at byte %d (%s)\n", rep.File, e.Line, e.Column, e.Kind, e.Offset, e.hex); err != nil {
			return err
		}
	}
	if rep.Valid {
		return nil
	}
	summary := fmt.Sprintf("%s: invalid %s: %s", rep.File, opts.formName(), plural(rep.ErrorCount, "error"))
	if hidden := rep.ErrorCount - len(rep.Errors); hidden > 0 {
		summary += fmt.Sprintf(" (%d not listed; raise --max-errors to see them)", hidden)
	}
	if opts.form == nil {
		if hint := detectHint(rep.File, rep.head); hint != "" {
			summary += "\n" + hint
		}
	}
	_, err := fmt.Fprintln(w, summary)
	return err
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

// maxFormUnit bounds the bytes a unit of a --encoding form may take (a
// CESU-8 pair, a legacy 6-byte sequence), so blocks always make progress.
const maxFormUnit = 8

// formTail is incompleteTail for a form: the length of the unit at the end of
// p that more input could complete. The forms are self-synchronizing, so
// reading from the first byte that is not a continuation byte among the last
// maxFormUnit finds it; starting on the low half of a CESU-8 pair only reads
// that half alone, which does not change where the last unit starts.
func formTail(e transcode.Encoding) func([]byte) int {
	return func(p []byte) int {
		start := max(0, len(p)-maxFormUnit)
		for start < len(p) && !utf8x.RuneStart(p[start]) {
			start++
		}
		q := p[start:]
		for {
			off, n, _ := e.FirstInvalid(q, false)
			if n == 0 {
				return len(q) - off
			}
			q = q[off+n:]
		}
	}
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
