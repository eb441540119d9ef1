// utf8x fix: make each input valid UTF-8 under a replacement policy.
//
// Each input is pumped through a utf8x.Transformer in fixed-size buffers, so
// memory stays constant whatever the input size and valid runs take the
// library's fast path. Files written with -o or --in-place go through
// createAtomic (output.go): the destination changes only when the whole input
// was fixed, never halfway.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/mojibake"
	"github.com/utf8x/utf8x/transcode"
)

func init() { addCommand("fix", newFixCmd) }

// fixOptions are fix's flags, checked and parsed.
type fixOptions struct {
	policy    utf8x.Policy
	bom       utf8x.BOMPolicy
	output    string // -o; "" for standard output
	inPlace   bool
	quiet     bool
	blockSize int // read size; tests make it tiny
	spliceMin int // shortest valid run fixSplice splices; 0: spliceMinDefault; tests make it tiny
	moji      mojibakeOptions
	ranges    rangeOptions
	piece     pieceFlags // --range, --offset
}

func newFixCmd() *command {
	opts := fixOptions{blockSize: defaultBlockSize}
	var invalid, replacement, bom string
	cmd := &command{
		Use:   "fix [flags] [FILE...]",
		Short: "Make text valid UTF-8: replace, drop, escape or reread bad bytes",
		Long: `Fix copies each FILE (standard input when there is none, or for "-") to
standard output, or to the file named by -o, or back onto itself with
--in-place, with every ill-formed sequence handled as --invalid says:

  replace  U+FFFD (or --replacement STR) per maximal subpart, as the Unicode
           Standard, WHATWG and Python's errors="replace" do (the default)
  skip     drop the ill-formed bytes
  escape   write each ill-formed byte as \xNN (lowercase hex): nothing is lost
  cp1252   read each ill-formed byte as Windows-1252: a file that mixes UTF-8
           with Windows-1252 comes out as its author meant
  latin1   read each ill-formed byte as ISO-8859-1
  strict   stop at the first one with its position, exit status 1

--bom keep|strip|add decides about a byte order mark (EF BB BF) at the very
start of each input; U+FEFF anywhere else is text and is never touched.

-o and --in-place write a temporary file (readable by you only) beside the
destination and rename it into place only when all is done: a failed or
interrupted run leaves the destination as it was, and a replaced file keeps
its mode, and its owner and group where you may give them (as root). The
temporary file of a run killed outright (SIGKILL) is removed by the next run
that writes in its directory. An output that is also an input is refused.

With several FILEs and no --in-place, their outputs follow each other in
one output, standard output or the -o file (as convert does; --bom add
writes one byte order mark, at the start); the -o file is written only when
every input was fixed.

A large file is fixed in ranges on -j CPUs, written in order: the output is
the same as on one. Into a pipe the valid text is spliced from the file
instead, on one CPU whatever -j says, which costs less than copying it on
several. With --mojibake the ranges are cut after line breaks, on every
CPU even into a pipe (the repair, not the pipe, sets the pace); with
--explain, --json or --invalid strict the file is read as a stream.

A count of what was fixed goes to standard error, nothing when the input was
already clean (--quiet silences it).
` + mojibakeHelp + `

Exit status: 0 on success, even when something was fixed; 1 when strict
meets an ill-formed sequence; 2 for a usage error or an input or output that
cannot be read or written.`,
		Example: `  utf8x fix notes.txt > notes.fixed.txt
  utf8x fix --invalid cp1252 --in-place legacy.csv
  utf8x fix --invalid escape --bom strip -o clean.log app.log
  some-command | utf8x fix --invalid strict > out.txt`,
		RunE: func(cmd *command, args []string) error {
			if err := opts.parse(cmd, invalid, replacement, bom, args); err != nil {
				return err
			}
			if err := opts.ranges.check(); err != nil {
				return err
			}
			if err := opts.piece.parse(cmd); err != nil {
				return err
			}
			if opts.piece.set {
				return fixPiece(cmd, args, &opts.piece, opts)
			}
			if len(args) == 0 {
				if isTerminal(cmd.InOrStdin()) {
					return usageError("give FILE arguments or pipe text in (see 'utf8x fix --help')")
				}
				args = []string{"-"}
			}
			if !opts.inPlace {
				if err := refuseOutputIsInput(cmd.InOrStdin(), cmd.OutOrStdout(), opts.output, args); err != nil {
					return err
				}
			}
			return fixFiles(cmd, args, opts)
		},
	}
	f := cmd.Flags()
	addPieceFlags(cmd, &opts.piece)
	f.StringVar(&invalid, "invalid", "replace", "what to do with ill-formed bytes: replace, skip, escape, cp1252, latin1 or strict")
	f.StringVar(&replacement, "replacement", "\uFFFD", "the `STR` replace writes for each ill-formed sequence")
	f.StringVar(&bom, "bom", "keep", "a leading byte order mark: keep, strip or add")
	f.StringVarP(&opts.output, "output", "o", "", "write to `OUT` (atomically) instead of standard output")
	f.BoolVar(&opts.inPlace, "in-place", false, "rewrite each FILE in place (atomically)")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "do not report what was fixed")
	addMojibakeFlags(cmd, &opts.moji)
	addOutputRangeFlags(cmd, &opts.ranges)
	cmd.Flags().Lookup("jobs").Usage = "use up to `N` CPUs: ranges of one large file (0, the default: the number of CPUs; 1 when writing to a pipe, which sets the pace, but with --mojibake)"
	return cmd
}

// parse checks the flags against each other and fills in opts.
func (o *fixOptions) parse(cmd *command, invalid, replacement, bom string, args []string) error {
	var err error
	if o.policy, err = utf8x.ParsePolicy(invalid); err != nil {
		return usageError("--invalid: %v", err)
	}
	if cmd.Flags().Changed("replacement") {
		if o.policy.Action() != utf8x.ActionReplace {
			return usageError("--replacement only applies to --invalid replace, not %s", o.policy)
		}
		if off, _, kind := utf8x.FirstInvalidString(replacement); kind != 0 {
			return usageError("--replacement must be valid UTF-8 (%s at byte %d)", kind, off)
		}
		o.policy = utf8x.ReplaceWith(replacement)
	}
	if o.bom, err = utf8x.ParseBOMPolicy(bom); err != nil {
		return usageError("--bom: %v", err)
	}
	if err := o.moji.check(); err != nil {
		return err
	}
	if o.output == "-" {
		o.output = "" // "-o -" is standard output, as usual
	}
	switch {
	case o.inPlace && cmd.Flags().Changed("output"):
		return usageError("-o and --in-place cannot be used together")
	case o.inPlace && len(args) == 0:
		return usageError("--in-place needs at least one FILE (standard input cannot be rewritten)")
	}
	if o.inPlace {
		for _, a := range args {
			if a == "-" {
				return usageError("--in-place cannot rewrite standard input (\"-\")")
			}
		}
	}
	return nil
}

// strictError is --invalid strict meeting an ill-formed sequence, placed the
// way check reports it.
type strictError struct {
	file      string
	line, col int
	err       *utf8x.Error
	outcome   string // what became of the output
}

func (e *strictError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s at byte %d (% X); %s", e.file, e.line, e.col, e.err.Kind, e.err.Offset, e.err.Bytes(), e.outcome)
}

func fixFiles(cmd *command, files []string, opts fixOptions) error {
	errOut := cmd.ErrOrStderr()
	bar := newProgress(errOut, "fixing", inputFiles(files))
	defer bar.clear()
	// Without --in-place the inputs go, one after the other, to one output:
	// standard output, or the -o file, written only if every input was.
	var out *atomicFile
	switch {
	case opts.inPlace:
	case opts.output == "":
		growPipe(cmd.OutOrStdout())
	default:
		var err error
		if out, err = createAtomic(opts.output, errOut); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer out.abort() // a no-op once committed
	}
	status := exitOK
	for i, path := range files {
		o := opts
		if i > 0 && !opts.inPlace && opts.bom == utf8x.BOMAdd {
			// The outputs follow each other in one stream, which already
			// starts with its byte order mark.
			o.bom = utf8x.BOMStrip
		}
		fixed, err := fixOne(cmd, path, o, out, bar.counter())
		bar.clear()
		if err == nil {
			if fixed > 0 && !opts.quiet {
				fmt.Fprintf(errOut, "fixed %s in %s\n", pluralSeq(fixed), displayName(path))
			}
			continue
		}
		var se *strictError
		var oe *outputError
		switch {
		case errors.As(err, &se):
			status = max(status, exitInvalid)
		case errors.As(err, &oe) && oe.name == "":
			// Standard output is gone; run stays quiet if the reader just left.
			return &exitError{code: exitUsage, err: err}
		default:
			status = exitUsage
		}
		fmt.Fprintf(errOut, "utf8x: %v\n", err)
		if !opts.inPlace {
			break // one output stream: what follows would be out of place in it
		}
	}
	if status == exitOK && out != nil {
		if err := out.commit(); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
	}
	if status != exitOK {
		return &exitError{code: status}
	}
	return nil
}

func pluralSeq(n int64) string {
	if n == 1 {
		return "1 ill-formed sequence"
	}
	return fmt.Sprintf("%d ill-formed sequences", n)
}

// fixOne fixes one input into its destination and returns how many ill-formed
// sequences it handled. Output goes to path itself with --in-place, else to
// shared (the -o file, which the caller commits) when not nil, else to
// standard output. onRead, if not nil, is told the bytes read so far.
func fixOne(cmd *command, path string, opts fixOptions, shared *atomicFile, onRead func(int64)) (int64, error) {
	f, size, err := openInput(path, cmd.InOrStdin(), "")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	in := countReads(f, onRead)

	dest := opts.output
	if opts.inPlace {
		dest = path
	}
	var w io.Writer = cmd.OutOrStdout()
	var out *atomicFile // the file this call commits
	switch {
	case opts.inPlace:
		if out, err = createAtomic(dest, cmd.ErrOrStderr()); err != nil {
			return 0, err
		}
		defer out.abort() // a no-op once committed
		w = out
	case shared != nil:
		w = shared
	}

	var fixed int64
	var pos *utf8x.PositionCounter
	var moji *mojibakeRun
	do := opts.ranges.drive(1, w)
	job := utf8x.DriveJob{Stream: func() error {
		tr := utf8x.NewTransformer(opts.policy, opts.bom)
		var consumed func([]byte)
		if opts.policy.Action() == utf8x.ActionStrict {
			pos = new(utf8x.PositionCounter)
			consumed = func(b []byte) { pos.Write(b) }
		}
		var chain transform.Transformer
		chain, moji = opts.moji.wrap(tr, path, cmd.ErrOrStderr())
		err := pump(w, dest, in, path, chain, consumed, opts.blockSize)
		fixed = tr.Fixed()
		return err
	}}
	switch {
	case opts.moji.on && !opts.moji.explain && !opts.moji.json && opts.policy.Action() != utf8x.ActionStrict:
		// --mojibake decides each stretch within its line and the 16 KiB
		// before it: ranges cut after line breaks, each primed with the
		// text before it (mojibakeRanges). Its work, not a pipe, sets
		// the pace. The reports of --explain and --json, and strict's
		// stop, stream.
		do.ToPipe = false
		job.Blocks = func() (err error) {
			moji = &mojibakeRun{tr: mojibake.NewTransformer(opts.moji.lib), name: displayName(path)}
			fixed, err = mojibakeRanges(w, dest, f.(*os.File), size, opts, do, onRead, moji)
			return err
		}
	case !opts.moji.on:
		job.Blocks = func() (err error) {
			fixed, err = fixRanges(w, dest, f.(*os.File), size, opts, do, onRead)
			return err
		}
		// To a pipe, fix costs what writing to it does: splicing the
		// valid text costs less on one CPU than copying it on several,
		// so the driver splices whatever -j says (not with a
		// --range-size, which tests give to split). Strict stops at
		// the first error, which a splice would have passed.
		if pipe := splicedOut(w); pipe != nil && dest == "" && opts.policy.Action() != utf8x.ActionStrict {
			job.Splice = func() (err error) {
				fixed, err = fixSplice(pipe, f.(*os.File), path, opts, onRead)
				return err
			}
		}
	}
	err = drive(f, path, size, job, do)
	var ue *utf8x.Error
	switch {
	case errors.As(err, &ue):
		if pos == nil {
			// Ranges keep no position: the file is read again up to the
			// error, which costs nothing on the way.
			p, err := positionInFile(path, transcode.UTF8, int64(ue.Offset))
			if err != nil {
				return fixed, err
			}
			pos = &p.pc
		}
		outcome := "the output stops before it"
		if dest != "" {
			outcome = dest + " left unchanged"
			if !opts.inPlace {
				outcome = dest + " not written"
			}
		}
		line, col := pos.Pos()
		return fixed, &strictError{displayName(path), line + 1, col + 1, ue, outcome}
	case err != nil:
		return fixed, err
	}
	if out != nil {
		if err := out.commit(); err != nil {
			return fixed, err
		}
	}
	if s := moji.summary(); s != "" && !opts.quiet {
		fmt.Fprintln(cmd.ErrOrStderr(), s)
	}
	return fixed, nil
}
