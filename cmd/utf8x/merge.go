// utf8x merge: the partial reports of the pieces of one input, put together
// into what one check or stats of the whole input prints (partial.go).
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/utf8x/utf8x"
)

func init() { addCommand("merge", newMergeCmd) }

func newMergeCmd() *command {
	var asJSON bool
	var size int64
	cmd := &command{
		Use:   "merge [flags] [FILE...]",
		Short: "Merge the partial reports of an input's pieces into one report",
		Long: `Merge reads the partial reports that 'check --json' and 'stats --json' write
for a piece of an input (--range START:END of a file, or --offset N for a
piece read from standard input), from each FILE or from standard input, in
any order, and prints exactly what one check or stats of the whole input
would have printed: the same errors with the same offsets, lines and
columns, the same summary or counts. The pieces may be cut anywhere, even
inside a character: each report keeps the bytes at its edges, and merge
decides the characters across the cuts.

check's reports are printed as check prints them, or with --json as
'check --json' does; stats' reports as stats does, or with --json as
'stats --json'.

Pieces that overlap, leave bytes out, are of different inputs or made with
different options, or reports that are damaged or cut short are an error
(exit status 2), never a wrong report. A piece read from standard input does
not know the input's size, so a missing last piece goes unnoticed unless
one of the pieces is a --range of the file (which records its size) or
--size gives it.

Exit status: as check would have given (0 valid, 1 invalid) for check's
reports, 0 for stats'; 2 for reports that do not merge.`,
		Example: `  utf8x merge part-*.json
  parallel --pipepart -a big.txt --block 100M --recend '' \\
    'utf8x check --json --offset $(( ({#}-1) * 104857600 ))' | utf8x merge`,
		RunE: func(cmd *command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			var parts []*partialReport
			for _, a := range args {
				ps, err := readPartials(a, cmd.InOrStdin())
				if err != nil {
					return err
				}
				parts = append(parts, ps...)
			}
			if cmd.Flags().Changed("size") {
				if size < 0 {
					return usageError("--size must be 0 or more, not %d", size)
				}
				for _, p := range parts {
					if p.Size < 0 {
						p.Size = size
					}
				}
			}
			return mergeParts(cmd.OutOrStdout(), parts, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON as 'check --json' or 'stats --json' would")
	cmd.Flags().Int64Var(&size, "size", 0, "the input is `N` bytes long: refuse pieces that do not cover it (for --offset pieces, which do not know it)")
	return cmd
}

// readPartials reads the partial reports in the input named a.
func readPartials(a string, stdin io.Reader) ([]*partialReport, error) {
	r := stdin
	name := "<stdin>"
	if a != "-" {
		f, err := os.Open(a)
		if err != nil {
			return nil, &exitError{code: exitUsage, err: err}
		}
		defer f.Close()
		r, name = f, a
	}
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var parts []*partialReport
	for {
		p := new(partialReport)
		err := dec.Decode(p)
		if err == io.EOF {
			break
		}
		if err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, mergeError("%s: a report is cut short", name)
			}
			return nil, mergeError("%s: not a partial report: %v", name, err)
		}
		switch {
		case p.Format != partialFormat:
			return nil, mergeError("%s: not a partial report of utf8x (format %q)", name, p.Format)
		case p.Version != partialVersion:
			return nil, mergeError("%s: partial report version %d; this utf8x reads version %d", name, p.Version, partialVersion)
		case p.Command != "check" && p.Command != "stats":
			return nil, mergeError("%s: unknown command %q", name, p.Command)
		case p.Start < 0 || p.End < p.Start || p.Size < -1 || (p.Size >= 0 && p.End > p.Size) || p.MaxErrors < 0:
			return nil, mergeError("%s: the piece %d-%d is damaged", name, p.Start, p.End)
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// mergeParts merges the pieces and prints the report of the whole.
func mergeParts(out io.Writer, parts []*partialReport, asJSON bool) error {
	if len(parts) == 0 {
		return mergeError("no partial reports")
	}
	slices.SortStableFunc(parts, func(a, b *partialReport) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	first := *parts[0]
	m := newPieceMerger(&first)
	for _, p := range parts {
		if err := m.add(p); err != nil {
			return err
		}
	}
	if err := m.finish(); err != nil {
		return err
	}
	path := piecePath(&first)
	if first.Command == "stats" {
		m.st.bom = utf8x.HasBOM(m.sniff)
		rep := m.st.report(path)
		if asJSON {
			return writeJSONLine(out, &rep)
		}
		return writeStats(out, &rep, false)
	}
	return printMergedCheck(out, path, m, asJSON)
}

// printMergedCheck prints what check prints for a file whose pieces m merged:
// checkStream's judgements, on the file's first sniffLimit bytes and its
// errors.
func printMergedCheck(out io.Writer, path string, m *pieceMerger, asJSON bool) error {
	opts := checkOptions{json: asJSON, maxErrors: m.first.MaxErrors}
	var buf bytes.Buffer
	p := &checkPrinter{opts: opts, name: displayName(path), b64: fileBase64(path),
		send: func(b []byte) error { buf.Write(b); return nil }}
	head := m.sniff
	var res checkResult
	rep := m.rep
	switch looks := sniffHead(head); {
	case looks.certain:
		res.Hint = looks.hint(path)
		res.Bytes = int64(looks.bom)
	case rep.Invalid > 0 && looks.what != "":
		e := rep.Errors[0]
		res.Hint = looks.hint(path)
		res.Bytes = int64(e.Offset + e.Len)
	default:
		res.Bytes = m.next
		for _, e := range rep.Errors {
			ce := checkError{Offset: int64(e.Offset), Length: e.Len, Kind: e.Kind.String(),
				Line: e.Line + 1, Column: e.Column + 1, hex: hexString(e.AsError().Bytes())}
			p.error(&ce)
			res.Listed++
		}
		res.ErrorCount = rep.Invalid
		if res.ErrorCount > 0 {
			res.Looks = detectHint(displayName(path), head)
		}
		if res.ErrorCount == 0 {
			res.Hint = wideHint(head, res.Bytes, path)
		}
	}
	p.summary(res)
	p.flush()
	if _, err := out.Write(buf.Bytes()); err != nil {
		return err
	}
	if res.ErrorCount > 0 || res.Hint != "" {
		return &exitError{code: exitInvalid}
	}
	return nil
}

// pieceFlags are --range and --offset.
type pieceFlags struct {
	rng    string
	offset int64
	set    bool // either was given
	start  int64
	end    int64 // -1: to the end
}

func addPieceFlags(cmd *command, o *pieceFlags) {
	cmd.Flags().StringVar(&o.rng, "range", "", "only the bytes `START:END` of the FILE (either may be empty), for a job split in pieces")
	cmd.Flags().Int64Var(&o.offset, "offset", 0, "standard input is the piece of a larger input starting at byte `N` (for GNU parallel --pipepart)")
}

// parse checks --range and --offset.
func (o *pieceFlags) parse(cmd *command) error {
	r, off := cmd.Flags().Changed("range"), cmd.Flags().Changed("offset")
	switch {
	case r && off:
		return usageError("--range and --offset cannot be used together")
	case off:
		if o.offset < 0 {
			return usageError("--offset must be 0 or more, not %d", o.offset)
		}
		o.set, o.start, o.end = true, o.offset, -1
	case r:
		s, e, ok := bytes.Cut([]byte(o.rng), []byte(":"))
		if !ok {
			return usageError("--range %q: want START:END (byte offsets, either may be empty)", o.rng)
		}
		o.start, o.end = 0, -1
		if len(s) > 0 {
			if _, err := fmt.Sscan(string(s), &o.start); err != nil || o.start < 0 || fmt.Sprint(o.start) != string(s) {
				return usageError("--range %q: START must be a byte offset", o.rng)
			}
		}
		if len(e) > 0 {
			if _, err := fmt.Sscan(string(e), &o.end); err != nil || o.end < o.start || fmt.Sprint(o.end) != string(e) {
				return usageError("--range %q: END must be a byte offset not before START", o.rng)
			}
		}
		o.set = true
	}
	return nil
}

// open opens the piece of the one input args names: a file's range, or
// standard input at --offset. size is the file's, or -1.
func (o *pieceFlags) open(cmd *command, args []string) (r io.Reader, path string, size int64, closer func(), err error) {
	if len(args) == 0 {
		args = []string{"-"}
	}
	if len(args) != 1 {
		return nil, "", 0, nil, usageError("--range and --offset take one input")
	}
	path = args[0]
	if cmd.Flags().Changed("offset") {
		if path != "-" {
			return nil, "", 0, nil, usageError("--offset is for a piece read from standard input; for a file use --range")
		}
		return cmd.InOrStdin(), path, -1, func() {}, nil
	}
	if path == "-" {
		return nil, "", 0, nil, usageError("--range reads a file; for standard input use --offset")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", 0, nil, &exitError{code: exitUsage, err: err}
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, "", 0, nil, usageError("--range: %s is not a regular file", path)
	}
	size = fi.Size()
	end := o.end
	if end < 0 || end > size {
		end = size
	}
	start := min(o.start, size)
	o.start, o.end = start, end
	return io.NewSectionReader(f, start, end-start), path, size, func() { f.Close() }, nil
}
