// fix and convert of one piece of an input: --range and --offset.
//
// A --range START:END of a file writes exactly the output of the elements
// (or code units) it owns (utf8x.AppendValidRange, transcode's
// Converter.AppendRange), read with the utf8x.RangeContext bytes around it
// from the file, so that the outputs of consecutive ranges put end to end are
// the output of one run byte for byte: the start of a stream (a byte order
// mark written, added or stripped) belongs to the range at offset 0 only.
//
// A piece of standard input at --offset N has no bytes around it: it is
// converted as the range N:N+LEN of an input that has nothing but ASCII
// before it and ends with it. Its output is the single run's where the cuts
// fall between characters (GNU parallel --pipepart with the default --recend
// '\n', or --recend ” on ASCII); a character cut by a raw byte cut is
// repaired on both sides as the pieces see it. Strict errors report input
// offsets in both cases.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// pieceWindows reads the input's bytes [lo, hi) from r, lo being at most
// utf8x.RangeContext before start, and calls work on windows whose ranges
// tile [start, end): each window holds the RangeContext bytes before its
// range (or starts at lo), and after it (or ends at hi, which then ends the
// input as work sees it). When empty is set and the input is empty, work is
// called once on nothing: the start of the stream (a byte order mark added)
// is the empty input's whole output.
func pieceWindows(r io.Reader, lo, start, end int64, empty bool, work func(buf []byte, base int64, s, e int) error) error {
	const C = utf8x.RangeContext
	buf := make([]byte, 0, 1<<20+2*C)
	bufBase := lo
	cur := start
	for {
		n, err := io.ReadFull(r, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			return err
		}
		to := min(end, bufBase+int64(len(buf))-C)
		if eof {
			to = min(end, bufBase+int64(len(buf)))
		}
		if to > cur || (empty && eof && len(buf) == 0) {
			if err := work(buf, bufBase, int(cur-bufBase), int(to-bufBase)); err != nil {
				return err
			}
			cur = to
			empty = false
		}
		if eof || cur >= end && !empty {
			return nil
		}
		keep := max(0, int(cur-C-bufBase))
		bufBase += int64(keep)
		buf = append(buf[:0], buf[keep:]...)
	}
}

// openPieceWindows opens what pieceWindows reads for the piece: a file's
// range with its context, or standard input after a made-up ASCII context.
func openPieceWindows(cmd *command, args []string, piece *pieceFlags) (r io.Reader, path string, lo int64, closer func(), err error) {
	const C = utf8x.RangeContext
	r, path, size, closer, err := piece.open(cmd, args)
	if err != nil {
		return nil, "", 0, nil, err
	}
	if size < 0 {
		fake := min(piece.start, C)
		pad := make([]byte, fake)
		for i := range pad {
			pad[i] = ' '
		}
		return io.MultiReader(bytes.NewReader(pad), r), path, piece.start - fake, closer, nil
	}
	closer()
	f, err := os.Open(path)
	if err != nil {
		return nil, "", 0, nil, &exitError{code: exitUsage, err: err}
	}
	lo = max(0, piece.start-C)
	hi := min(size, piece.end+C)
	return io.NewSectionReader(f, lo, hi-lo), path, lo, func() { f.Close() }, nil
}

// pieceOutput opens the output of a piece: standard output, or -o.
func pieceOutput(cmd *command, output string, inPlace bool) (io.Writer, func() error, error) {
	if inPlace {
		return nil, nil, usageError("--in-place cannot be used with --range or --offset: a piece's output is not the file")
	}
	if output == "" {
		return cmd.OutOrStdout(), func() error { return nil }, nil
	}
	f, err := os.Create(output)
	if err != nil {
		return nil, nil, &exitError{code: exitUsage, err: err}
	}
	return f, f.Close, nil
}

// fixPiece is fix for the piece --range or --offset names.
func fixPiece(cmd *command, args []string, piece *pieceFlags, opts fixOptions) error {
	if opts.moji.on {
		return usageError("--mojibake cannot be used with --range or --offset: it decides each stretch within its line and the text before it")
	}
	w, done, err := pieceOutput(cmd, opts.output, opts.inPlace)
	if err != nil {
		return err
	}
	r, path, lo, closer, err := openPieceWindows(cmd, args, piece)
	if err != nil {
		return err
	}
	defer closer()
	var fixed int64
	var dst []byte
	err = pieceWindows(r, lo, piece.start, piece.end, piece.start == 0, func(buf []byte, base int64, s, e int) error {
		dst = dst[:0]
		if base == 0 && s == 0 {
			var skip int
			dst, skip = fileStartBOM(dst, buf, opts.bom)
			s, e = skip, max(e, skip)
		}
		out, n, err := utf8x.AppendValidRange(dst, buf, int(base), s, e, opts.policy)
		dst = out
		fixed += int64(n)
		if _, werr := w.Write(out); werr != nil {
			return &outputError{opts.output, werr}
		}
		return err
	})
	if cerr := done(); err == nil && cerr != nil {
		err = &exitError{code: exitUsage, err: cerr}
	}
	var ue *utf8x.Error
	if errors.As(err, &ue) {
		if path == "-" {
			return &exitError{code: exitInvalid, err: fmt.Errorf("%s: %s at byte %d (% X) (the piece at offset %d; lines and columns need the text before it); the output stops before it",
				displayName(path), ue.Kind, ue.Offset, ue.Bytes(), piece.start)}
		}
		line, col, perr := piecePosition(path, int64(ue.Offset))
		if perr != nil {
			return perr
		}
		return &exitError{code: exitInvalid, err: &strictError{displayName(path), line, col, ue, "the output stops before it"}}
	}
	if err != nil {
		return pieceErr(err)
	}
	if fixed > 0 && !opts.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "fixed %s in %s\n", pluralSeq(fixed), displayName(path))
	}
	return nil
}

// convertPiece is convert for the piece --range or --offset names.
func convertPiece(cmd *command, args []string, piece *pieceFlags, opts convertOptions) error {
	switch {
	case opts.auto.enabled || opts.auto.legacy != nil:
		return usageError("-f auto cannot be used with --range or --offset: name the input's encoding")
	case opts.to.IsStateful():
		return usageError("--range and --offset cannot write %s, whose shift states need the text before", opts.to.Name())
	case !splitsForm(opts.from, 0):
		return usageError("--range and --offset read UTF-8, UTF-16LE/BE, UTF-32LE/BE or a single-byte encoding, not %s", opts.from.Name())
	case cmd.Flags().Changed("offset") && opts.from.Name() != transcode.UTF8.Name() && !opts.from.IsSingleByte():
		return usageError("--offset reads UTF-8 or a single-byte encoding; for %s use --range", opts.from.Name())
	}
	w, done, err := pieceOutput(cmd, opts.output, opts.inPlace)
	if err != nil {
		return err
	}
	r, path, lo, closer, err := openPieceWindows(cmd, args, piece)
	if err != nil {
		return err
	}
	defer closer()
	c := transcode.NewConverter(opts.from, opts.to, opts.policy, opts.bom)
	var dst []byte
	err = pieceWindows(r, lo, piece.start, piece.end, piece.start == 0, func(buf []byte, base int64, s, e int) error {
		out, _, _, err := c.AppendRange(dst[:0], buf, int(base), s, e)
		dst = out
		if _, werr := w.Write(out); werr != nil {
			return &outputError{opts.output, werr}
		}
		return err
	})
	if cerr := done(); err == nil && cerr != nil {
		err = &exitError{code: exitUsage, err: cerr}
	}
	var te *transcode.Error
	if errors.As(err, &te) {
		if cmd.Flags().Changed("offset") {
			return &exitError{code: exitInvalid, err: fmt.Errorf("%s: %v (the piece at offset %d; lines and columns need the text before it)", displayName(path), te, piece.start)}
		}
		pos, perr := positionInFile(path, opts.from, int64(te.Offset))
		if perr != nil {
			return perr
		}
		line, col := pos.Pos()
		return &exitError{code: exitInvalid, err: &convertError{file: displayName(path), line: line + 1, col: col + 1, err: te, outcome: "the output stops before it"}}
	}
	return pieceErr(err)
}

// piecePosition is the line and column of a strict error at offset in the
// file at path, counted from its start.
func piecePosition(path string, offset int64) (line, col int, err error) {
	pos, err := positionInFile(path, transcode.UTF8, offset)
	if err != nil {
		return 0, 0, err
	}
	line, col = pos.Pos()
	return line + 1, col + 1, nil
}

// pieceErr gives a read or write failure its exit status.
func pieceErr(err error) error {
	if err == nil {
		return nil
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return err
	}
	return &exitError{code: exitUsage, err: err}
}
