package utf8x

import (
	"context"
	"io"
	"sync/atomic"
)

// blockErrors is how many errors a goroutine of an ErrorsOnly check places in
// one block; a block with more, while errors are still listed, is checked
// again on the goroutine that hands reports over, in pieces of
// errorPiece bytes, each with all its errors.
const (
	blockErrors = 1024
	errorPiece  = 4 << 10
)

// ownedReport is ownedErrors' report, and whether it counted the LFs and
// characters of the bytes owned (Lines and Tail).
type ownedReport struct {
	rep     RangeReport
	counted bool
}

// checkErrorsOnly is CheckReaderAtFunc with opts.ErrorsOnly: the blocks of
// DriveBlocks, each scanned for errors only (ownedErrors), the errors placed
// from the position reached, which moves by the LFs and characters of the
// blocks with errors, counted by their goroutines, and by reading the input
// again between them, up to the errors listed only.
func checkErrorsOnly(ctx context.Context, r io.ReaderAt, size int64, opts *ParallelOptions, fn func(RangeReport) error) error {
	if ctx == nil {
		ctx = context.Background()
	}
	limit := opts.limit() // -1: all
	perBlock := blockErrors
	if limit >= 0 {
		perBlock = min(perBlock, limit)
	}
	do := DriveOptions{Jobs: opts.parts(), BlockSize: opts.blockSize()}
	// Once the errors are listed, nothing needs a line or a column: the
	// goroutines then only count errors (ownedErrors with 0), instead of
	// counting LFs and characters over every block that holds one, which
	// on an input with an error in every block cost the check a third
	// more. A goroutine that has not seen the flag yet places them for
	// nothing.
	var listing atomic.Bool
	listing.Store(limit != 0)
	listed := 0
	var pos PositionCounter // at input offset posAt
	posAt := int64(0)
	take := func(o ownedReport) error {
		rep := o.rep
		if limit >= 0 && len(rep.Errors) > limit-listed {
			rep.Errors = rep.Errors[:limit-listed]
		}
		for i := range rep.Errors {
			if posAt < int64(rep.From) {
				if err := advanceAt(&pos, r, posAt, int64(rep.From)); err != nil {
					return err
				}
				posAt = int64(rep.From)
			}
			// The error's place in the block, from the block's.
			e := &rep.Errors[i]
			at := pos
			at.Skip(e.Line, e.Column)
			e.Line, e.Column = at.Pos()
		}
		listed += len(rep.Errors)
		if o.counted && posAt == int64(rep.From) {
			pos.Skip(rep.Lines, rep.Tail)
			posAt = int64(rep.To)
		}
		rep.Lines, rep.Tail = 0, 0
		return fn(rep)
	}
	return DriveBlocks(r, size, do, func(b *Block) ownedReport {
		if !listing.Load() {
			return ownedErrors(b, b.Start, b.End, 0)
		}
		return ownedErrors(b, b.Start, b.End, perBlock)
	}, func(b *Block, o ownedReport) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		var err error
		if o.rep.Invalid > len(o.rep.Errors) && (limit < 0 || listed+len(o.rep.Errors) < limit) {
			for s := b.Start; s < b.End && err == nil; s += errorPiece {
				err = take(ownedErrors(b, s, min(s+errorPiece, b.End), -1))
			}
		} else {
			err = take(o)
		}
		if limit >= 0 && listed >= limit {
			listing.Store(false)
		}
		return err
	})
}

// ownedErrors is CheckRange on b.Buf[start:end] without the counts of
// characters and UTF-16 units, which cost up to three more passes over a
// block with errors: the elements owned (RangeBounds) are scanned with
// FirstInvalid, and the report has every error counted, the first maxErrors
// (all when negative) placed by line and column from the owned bytes'
// start, and, when there is an error placed, their LFs and the characters
// after the last one (Lines, Tail: counted). With maxErrors 0 it only
// counts errors.
func ownedErrors(b *Block, start, end, maxErrors int) (o ownedReport) {
	from, to := RangeBounds(b.Buf, start, end)
	r := &o.rep
	*r = RangeReport{From: int(b.Base) + from, To: int(b.Base) + to}
	own := b.Buf[from:to]
	// pos is at own[last].
	var pos PositionCounter
	last := 0
	defer func() {
		if r.Invalid == 0 || maxErrors == 0 {
			return // counted only if an error after it is listed
		}
		pos.Write(own[last:])
		r.Lines, r.Tail = pos.Pos()
		o.counted = true
	}()
	// The bytes after own decide the kind of an error at its end.
	view := b.Buf[from:min(len(b.Buf), to+RangeContext)]
	for off := 0; ; {
		i, n, kind := FirstInvalid(view[off:])
		at := off + i
		if n == 0 || at >= len(own) {
			return o
		}
		r.Invalid++
		if maxErrors < 0 || len(r.Errors) < maxErrors {
			pos.Write(own[last:at])
			line, col := pos.Pos()
			e := RangeError{Offset: r.From + at, Len: n, Kind: kind, Line: line, Column: col}
			copy(e.bytes[:], view[at:at+n])
			r.Errors = append(r.Errors, e)
			pos.Write(view[at : at+n]) // the subpart, one character
			last = at + n
		}
		off = at + n
	}
}

// advanceAt moves p past r's bytes [from, to).
func advanceAt(p *PositionCounter, r io.ReaderAt, from, to int64) error {
	n, err := io.CopyBuffer(struct{ io.Writer }{p}, io.NewSectionReader(r, from, to-from), make([]byte, min(to-from, 1<<20)))
	if err == nil && n < to-from {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return &ReadAtError{from + n, err}
	}
	return nil
}
