// check and stats of one piece of an input: --range and --offset.
package main

import (
	"io"
	"os"
)

// checkPiece runs check on the piece --range or --offset names. With --json
// it writes the piece's partial report, for "utf8x merge"; otherwise the
// errors the piece owns, with their lines and columns in the whole file
// (which needs the file before the range: --offset pieces have none).
func checkPiece(cmd *command, args []string, piece *pieceFlags, opts checkOptions, sample bool) error {
	switch {
	case sample:
		return usageError("--sample cannot be used with --range or --offset")
	case opts.quiet || opts.list:
		return usageError("-q and -l cannot be used with --range or --offset")
	case opts.form != nil:
		return usageError("--encoding cannot be used with --range or --offset: only UTF-8 is checked in pieces")
	}
	r, path, size, closer, err := piece.open(cmd, args)
	if err != nil {
		return err
	}
	defer closer()
	if !opts.json {
		if size < 0 {
			return usageError("check --offset writes a partial report: add --json, and merge the pieces' reports with 'utf8x merge'")
		}
		return checkRangeText(cmd, path, size, piece, opts)
	}
	p, err := scanPiece(r, piece.start, pieceOptions{command: "check", path: path, size: size, maxErrors: opts.maxErrors})
	if err != nil {
		return &exitError{code: exitUsage, err: readError(path, piece.start, err)}
	}
	return writeJSONLine(cmd.OutOrStdout(), p)
}

// statsPiece writes the partial report of the piece --range or --offset
// names, for "utf8x merge".
func statsPiece(cmd *command, args []string, piece *pieceFlags, asJSON, withScripts bool) error {
	if !asJSON {
		return usageError("stats --range and --offset write a partial report: add --json, and merge the pieces' reports with 'utf8x merge'")
	}
	r, path, size, closer, err := piece.open(cmd, args)
	if err != nil {
		return err
	}
	defer closer()
	p, err := scanPiece(r, piece.start, pieceOptions{command: "stats", path: path, size: size, scripts: withScripts})
	if err != nil {
		return &exitError{code: exitUsage, err: readError(path, piece.start, err)}
	}
	return writeJSONLine(cmd.OutOrStdout(), p)
}

// checkRangeText prints the errors the file's range owns (those starting in
// it) as check lists them, with their lines and columns in the whole file:
// the pieces before the range (counted, not listed), the range, and a few
// bytes after it are merged, and the errors outside the range dropped.
func checkRangeText(cmd *command, path string, size int64, piece *pieceFlags, opts checkOptions) error {
	f, err := os.Open(path)
	if err != nil {
		return &exitError{code: exitUsage, err: err}
	}
	defer f.Close()
	s, e := piece.start, piece.end
	o := pieceOptions{command: "check", path: path, size: -1, maxErrors: opts.maxErrors}
	var parts []*partialReport
	for _, pc := range []struct {
		from, to int64
		none     bool
	}{{0, s, true}, {s, e, false}, {e, min(size, e+pieceEdge), true}} {
		o.listNone = pc.none
		p, err := scanPiece(io.NewSectionReader(f, pc.from, pc.to-pc.from), pc.from, o)
		if err != nil {
			return &exitError{code: exitUsage, err: readError(path, pc.from, err)}
		}
		parts = append(parts, p)
	}
	m := newPieceMerger(parts[0])
	m.trusted, m.keepFrom, m.keepTo = true, s, max(e, 1)
	if e == s {
		m.keepFrom, m.keepTo = 1, 1 // keeps nothing
	}
	for _, p := range parts {
		if err := m.add(p); err != nil {
			return err
		}
	}
	if err := m.finish(); err != nil {
		return err
	}
	name := displayName(path)
	var buf []byte
	for _, re := range m.rep.Errors {
		ce := checkError{Offset: int64(re.Offset), Length: re.Len, Kind: re.Kind.String(),
			Line: re.Line + 1, Column: re.Column + 1, hex: hexString(re.AsError().Bytes())}
		buf = appendErrorLine(buf, name, nameSep(opts.null, ":"), &ce)
	}
	if _, err := cmd.OutOrStdout().Write(buf); err != nil {
		return err
	}
	if len(m.rep.Errors) > 0 {
		return &exitError{code: exitInvalid}
	}
	return nil
}
