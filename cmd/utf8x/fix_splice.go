// fix of a regular file to a pipe: the valid text goes to the pipe by
// splice, only the repairs are written.
//
// Most of what fix writes is its input unchanged. Copying it (read into a
// buffer, validate and copy into the output buffer, write into the pipe)
// costs fix three copies of every byte, where check needs one; spliced, the
// pipe takes the file's page-cache pages as they are, and fix costs about
// what check does. The file is read and validated in blocks as pump does;
// each valid run of spliceMin bytes or more is spliced from the file, and
// shorter ones go out with the repairs around them in one writev, straight
// from the block read (copied once, into the pipe; gathering them into a
// buffer first cost a sixth more CPU on a file with an error every 5 KiB).
//
// Each place where the output leaves the file's bytes costs two system
// calls (the splice that ends the run, the write of the repair), about
// 2 us together. Handing the repairs over by vmsplice, handing a whole
// block over with one vmsplice from a read-only mapping of the file, and
// splicing on a second goroutine while the first validates all measured no
// better (issue 11, session 4, in the benchmark journal
// bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md; bench/cmd/pipecost).
package main

import (
	"io"
	"os"

	"github.com/utf8x/utf8x"
)

// spliceMinDefault is the shortest valid run that is spliced rather than
// written: below it a splice call costs more than copying.
const spliceMinDefault = 16 << 10

// fixBatch is the most errors fixSplice finds before writing their repairs.
const fixBatch = 256

// fixError is an ill-formed sequence found by fixSplice: its offset in the
// block, its length (0: none, the block's end), and where its repair
// starts in the batch's repairs.
type fixError struct{ off, n, rep int }

// bomBytes is the byte order mark that fixSplice writes.
var bomBytes = []byte(utf8x.BOM)

// splicedOut returns stdout as a pipe that fix can splice a regular file
// into, or nil.
func splicedOut(w io.Writer) *os.File {
	f, ok := w.(*os.File)
	if !splices || !ok || !isPipe(f) {
		return nil
	}
	return f
}

// fixSplice fixes the regular file in (named path) into the pipe out, as
// pump with utf8x.NewTransformer(opts.policy, opts.bom) does for any policy
// but strict, and returns how many ill-formed sequences it fixed.
func fixSplice(out, in *os.File, path string, opts fixOptions, onRead func(int64)) (int64, error) {
	br := newBlockReader(in, path, opts.blockSize)
	br.onRead = onRead
	br.first = len(utf8x.BOM) // the start decides the byte order mark
	spliceMin := opts.spliceMin
	if spliceMin <= 0 {
		spliceMin = spliceMinDefault
	}
	var fixed int64
	st := newStage(out)
	defer st.close()
	// What is to be written before the next splice: pieces of the block
	// (short runs) and repairs, gathered rather than copied together, and
	// written with one writev(2) that copies each byte once, into the pipe.
	var segs [][]byte
	pending := 0
	emit := func() error {
		if pending > 0 {
			if err := st.writev(segs); err != nil {
				return &outputError{"", err}
			}
			clear(segs) // let go of the block and the repairs
			segs, pending = segs[:0], 0
		}
		return nil
	}
	add := func(p []byte) {
		if len(p) > 0 {
			segs = append(segs, p)
			pending += len(p)
		}
	}
	canSplice := true
	var errs []fixError // a batch of the block's errors
	var reps []byte     // the batch's repairs, which segs refer to until emitted
	for first := true; ; first = false {
		block, base, err := br.next()
		if err == io.EOF {
			if first && opts.bom.Output(false) {
				add(bomBytes) // an empty input
			}
			break
		}
		if err != nil {
			return fixed, err
		}
		if first {
			had := utf8x.HasBOM(block)
			switch {
			case had && !opts.bom.Output(true):
				block, base = block[len(utf8x.BOM):], base+int64(len(utf8x.BOM))
			case !had && opts.bom.Output(false):
				add(bomBytes)
			}
		}
		// Find a batch of the block's errors and make their repairs
		// first, then issue its splices and writes back to back: the
		// reader then finds the pipe still holding data more often, and is
		// woken less (a third fewer context switches and a tenth less CPU
		// on a file with an error every 64 KiB). The batch is bounded, so
		// memory stays constant however dense the errors.
		for len(block) > 0 {
			errs, reps = errs[:0], reps[:0]
			for rest, at := block, 0; len(rest) > 0 && len(errs) < fixBatch; {
				off, n, _ := utf8x.FirstInvalid(rest)
				e := fixError{off: at + off, n: n, rep: len(reps)}
				if n > 0 {
					reps = opts.policy.AppendInvalid(reps, rest[off:off+n])
				}
				errs = append(errs, e)
				if n == 0 {
					break
				}
				at += off + n
				rest = rest[off+n:]
			}
			at := 0
			for i, e := range errs {
				off, n := e.off-at, e.n
				if off >= spliceMin && canSplice {
					if err := emit(); err != nil {
						return fixed, err
					}
					m, err := st.splice(in, base, off)
					switch {
					case err == errNoSplice:
						canSplice = false
						add(block[at : at+off])
					case err != nil:
						return fixed, &outputError{"", err}
					case m != off:
						return fixed, &outputError{"", io.ErrShortWrite}
					}
				} else {
					add(block[at : at+off])
				}
				at += off + n
				base += int64(off + n)
				if n == 0 {
					break
				}
				end := len(reps)
				if i+1 < len(errs) {
					end = errs[i+1].rep
				}
				add(reps[e.rep:end])
				fixed++
			}
			// The next batch reuses reps, and the next block the block's
			// memory.
			if err := emit(); err != nil {
				return fixed, err
			}
			block = block[at:]
		}
	}
	if err := emit(); err != nil {
		return fixed, err
	}
	if err := st.flush(); err != nil {
		return fixed, &outputError{"", err}
	}
	return fixed, nil
}
