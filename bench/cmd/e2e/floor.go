package main

// The floors: what any program that has to do a job's input and output
// costs on this machine, measured in the same run as the job, whole
// processes into the same drain. The e2e binary runs them itself when
// started with floorEnv set to a mode (so they start as fast as utf8x, a Go
// program too):
//
//	read FILE              read(2) in 1 MiB blocks, nothing else: dd in Go
//	read+valid FILE        the same, and validate each block (utf8x.FirstInvalid to its end): the least check -j 1 can cost
//	read2 FILE             the two halves read at once on two goroutines (pread)
//	read2+valid FILE       the same, each half validated: the least check -j 2 can cost
//	widen FILE N           read FILE in 1 MiB blocks and write N bytes in all into
//	                       standard output, each block written once and then in
//	                       part again: convert's reads and writes, no conversion
//	splice FILE            splice(2) FILE whole into standard output, a pipe: the
//	                       least any program can cost writing a file into a pipe
//	read+valid+splice FILE read and validate FILE as read+valid does, and splice each
//	                       block from the file into standard output: fix's work on a
//	                       valid file (cmd/utf8x/fix_splice.go) without the rest
//	read+valid+splice+repair FILE
//	                       the same, but each valid run between ill-formed
//	                       sequences is spliced on its own and the repairs after
//	                       it (U+FFFD per maximal subpart) written with one
//	                       write(2): the least a program that copies no valid
//	                       byte costs on a file with errors, two system calls per
//	                       place where the output leaves the file
//
// The modes that write grow the pipe's buffer to 1 MiB, as utf8x does.

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/utf8x/utf8x/bench/table"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
	"golang.org/x/sys/unix"
)

// transcodeUTF16LE and transcodeUTF8Tail are what convert -f utf-8 -t
// utf-16le runs on each block: the conversion, and the length of a
// character the block's end cuts.
var (
	transcodeUTF16LE  = transcode.AppendUTF8ToUTF16LE
	transcodeUTF8Tail = transcode.UTF8.IncompleteTail
)

const floorEnv = "UTF8X_E2E_FLOOR"

// floorMain runs the floor mode and exits.
func floorMain(mode string, args []string) {
	if err := floorRun(mode, args, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "e2e floor:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// validSink keeps validateAll's results alive.
var validSink int

// validateAll validates all of p, as check and fix do: utf8x.FirstInvalid,
// and after each ill-formed sequence again from the next byte (utf8x.Valid
// would stop at the first, and cost less on a file with errors than
// validating it does). On valid input it costs what utf8x.Valid does.
func validateAll(p []byte) {
	for len(p) > 0 {
		off, n, _ := utf8x.FirstInvalid(p)
		if n == 0 {
			break
		}
		validSink++
		p = p[off+n:]
	}
}

func floorRun(mode string, args []string, out *os.File) error {
	if len(args) < 1 {
		return fmt.Errorf("%s: no file", mode)
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if mode == "widen" || mode == "splice" || mode == "read+valid+splice" || mode == "read+valid+splice+repair" {
		// As utf8x does (cmd/utf8x/pipe_linux.go): a 1 MiB pipe buffer
		// instead of 64 KiB, else the writer and the drain wake each
		// other every 64 KiB. Not a pipe: nothing changes.
		_, _ = unix.FcntlInt(out.Fd(), unix.F_SETPIPE_SZ, 1<<20)
	}
	switch mode {
	case "read", "read+valid":
		return readRange(f, 0, size, mode == "read+valid")
	case "read2", "read2+valid":
		var wg sync.WaitGroup
		errs := make([]error, 2)
		half := size / 2
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				off, end := int64(i)*half, half
				if i == 1 {
					end = size
				}
				errs[i] = readRange(f, off, end, mode == "read2+valid")
			}()
		}
		wg.Wait()
		if errs[0] != nil {
			return errs[0]
		}
		return errs[1]
	case "widen":
		if len(args) < 2 {
			return fmt.Errorf("widen: no output size")
		}
		total, err := strconv.ParseInt(args[1], 10, 64)
		if err != nil {
			return err
		}
		buf := make([]byte, 1<<20)
		var in, written int64
		for {
			n, err := f.Read(buf)
			if n > 0 {
				in += int64(n)
				quota := in*total/max(size, 1) - written
				for quota > 0 {
					m := min(quota, int64(n))
					if _, err := out.Write(buf[:m]); err != nil {
						return err
					}
					quota -= m
					written += m
				}
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
		}
	case "splice":
		return spliceRange(out, f, 0, size)
	case "read+valid+splice":
		buf := make([]byte, 1<<20)
		var off int64
		for off < size {
			n, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
			validateAll(buf[:n])
			if err := spliceRange(out, f, off, off+int64(n)); err != nil {
				return err
			}
			off += int64(n)
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
		}
		return nil
	case "read+valid+splice+repair":
		return spliceRepair(out, f, size)
	}
	return fmt.Errorf("unknown floor mode %q", mode)
}

// spliceRepair reads and validates f in 1 MiB blocks and writes it into
// out, a pipe, with each ill-formed sequence replaced by U+FFFD: every valid
// run is spliced from the file, and the repairs of the sequences that
// follow it back to back are written with one write(2). A block's last
// valid run is spliced with the next block's first (a block cut inside a
// character only adds an error, which costs what fix's carry saves).
func spliceRepair(out, f *os.File, size int64) error {
	buf := make([]byte, 1<<20)
	var reps []byte
	var off, runStart int64 // the block's offset in f, and the valid run's start
	for off < size {
		n, err := f.ReadAt(buf[:min(int64(len(buf)), size-off)], off)
		p, at := buf[:n], off
		i, k, _ := utf8x.FirstInvalid(p)
		for k > 0 {
			if err := spliceRange(out, f, runStart, at+int64(i)); err != nil {
				return err
			}
			p, at = p[i:], at+int64(i)
			reps = reps[:0]
			for {
				reps = append(reps, "\uFFFD"...)
				p, at = p[k:], at+int64(k)
				if i, k, _ = utf8x.FirstInvalid(p); k == 0 || i > 0 {
					break
				}
			}
			if _, err := out.Write(reps); err != nil {
				return err
			}
			runStart = at
		}
		off += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	return spliceRange(out, f, runStart, size)
}

// spliceRange splices f from off to end into out, a pipe.
func spliceRange(out, f *os.File, off, end int64) error {
	for off < end {
		n, err := unix.Splice(int(f.Fd()), &off, int(out.Fd()), nil, int(min(end-off, 1<<30)), unix.SPLICE_F_MOVE|unix.SPLICE_F_MORE)
		if err != nil {
			return fmt.Errorf("splice: %w", err)
		}
		if n == 0 {
			return io.ErrUnexpectedEOF
		}
	}
	return nil
}

// readRange reads f from off to end in 1 MiB blocks, validating each when
// valid is set (a block cut inside a character only adds an error at its
// end, which costs the same).
func readRange(f *os.File, off, end int64, valid bool) error {
	buf := make([]byte, 1<<20)
	for off < end {
		n, err := f.ReadAt(buf[:min(int64(len(buf)), end-off)], off)
		if n > 0 && valid {
			validateAll(buf[:n])
		}
		off += int64(n)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// split is the in-process split of check -j 1's floor: the time read(2)
// takes to copy the file in 1 MiB blocks, and the time validating those
// blocks takes (validateAll), each the median of the rounds, in the thread's CPU time
// (which waiting for a core under load does not add to).
type split struct {
	read, valid time.Duration
}

// measureSplit reads file once per round in 1 MiB blocks, timing the reads
// and the validation of each block apart, and returns the medians.
func measureSplit(file string, rounds int) (split, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f, err := os.Open(file)
	if err != nil {
		return split{}, err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	var reads, valids []time.Duration
	for range rounds {
		var r, v time.Duration
		var off int64
		for {
			t0 := table.ThreadTime()
			n, err := f.ReadAt(buf, off)
			t1 := table.ThreadTime()
			validateAll(buf[:n])
			v += table.ThreadTime() - t1
			r += t1 - t0
			off += int64(n)
			if err == io.EOF {
				break
			}
			if err != nil {
				return split{}, err
			}
		}
		reads, valids = append(reads, r), append(valids, v)
	}
	return split{median(reads), median(valids)}, nil
}

// Names of the floor rows, which printGoals finds the floors by.
const (
	floorRead       = "floor: read"
	floorReadValid  = "floor: read + validate"
	floorRead2      = "floor: 2 readers"
	floorRead2Valid = "floor: 2 readers + validate"
	floorWiden      = "floor: read + write as much as convert"
	floorSplice     = "floor: splice the file"
	floorFix        = "floor: read + validate + splice"
	floorFixRepair  = "floor: read + validate + splice runs + write repairs"
	floorCat        = "floor: cat"
	floorCatU16     = "floor: cat of convert's output"
)

// addFloors adds to the jobs check, convert and fix their floor rows, run
// by self (the e2e binary); u16 is the size of the valid file in UTF-16,
// u16File, if not "", that file in UTF-16LE.
func addFloors(jobs []job, self string, u16 int64, u16File string) {
	floor := func(name, mode string, args ...string) command {
		return command{name: name, argv: append([]string{self}, args...), env: []string{floorEnv + "=" + mode}}
	}
	for i, j := range jobs {
		switch j.name {
		case "check":
			jobs[i].cmds = append(jobs[i].cmds,
				floor(floorRead, "read", j.file), floor(floorReadValid, "read+valid", j.file),
				floor(floorRead2, "read2", j.file), floor(floorRead2Valid, "read2+valid", j.file))
		case "convert":
			jobs[i].cmds = append(jobs[i].cmds, floor(floorWiden, "widen", j.file, strconv.FormatInt(u16, 10)))
			if u16File != "" {
				jobs[i].cmds = append(jobs[i].cmds, command{name: floorCatU16, argv: []string{"cat", u16File}})
			}
		case "fix (errors)", "fix (valid)":
			jobs[i].cmds = append(jobs[i].cmds, floor(floorFix, "read+valid+splice", j.file))
			if j.name == "fix (errors)" {
				jobs[i].cmds = append(jobs[i].cmds, floor(floorFixRepair, "read+valid+splice+repair", j.file))
			}
			jobs[i].cmds = append(jobs[i].cmds, floor(floorSplice, "splice", j.file), command{name: floorCat, argv: []string{"cat", j.file}})
		}
	}
}

// utf16Size returns the size in bytes of the valid UTF-8 file in UTF-16.
func utf16Size(file string) (int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	var units int64
	carry := 0 // bytes of a character cut by the last read, moved to buf's start
	for {
		n, err := f.Read(buf[carry:])
		n += carry
		cut := n
		// Leave a character the block cuts for the next one.
		for k := n - 1; k >= 0 && k >= n-utf8x.UTFMax; k-- {
			if utf8x.RuneStart(buf[k]) {
				if !utf8x.FullRune(buf[k:n]) {
					cut = k
				}
				break
			}
		}
		if err == io.EOF {
			cut = n
		}
		units += int64(utf8x.UTF16Len(buf[:cut]))
		carry = copy(buf, buf[cut:n])
		if err == io.EOF {
			return 2 * units, nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// convertSplit is convert's work split in process: read(2) copying the file
// in 1 MiB blocks, converting each block to UTF-16LE into a reused buffer
// (transcode.AppendUTF8ToUTF16LE), and writing the output into a pipe that
// a goroutine drains, each in the thread's CPU time, medians of the rounds.
type convertSplit struct {
	read, convert, write time.Duration
}

// measureConvertSplit measures convertSplit on the valid UTF-8 file.
func measureConvertSplit(file string, rounds int) (convertSplit, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f, err := os.Open(file)
	if err != nil {
		return convertSplit{}, err
	}
	defer f.Close()
	pr, pw, err := os.Pipe()
	if err != nil {
		return convertSplit{}, err
	}
	_, _ = unix.FcntlInt(pw.Fd(), unix.F_SETPIPE_SZ, 1<<20)
	drained := make(chan struct{})
	go func() {
		drain(pr, make([]byte, 1<<20))
		close(drained)
	}()
	defer func() { pw.Close(); <-drained; pr.Close() }()
	buf := make([]byte, 1<<20)
	out := make([]byte, 0, 4<<20)
	var reads, convs, writes []time.Duration
	for range rounds {
		var r, c, w time.Duration
		var off int64
		carry := 0
		for {
			t0 := table.ThreadTime()
			n, rerr := f.ReadAt(buf[carry:], off)
			t1 := table.ThreadTime()
			off += int64(n)
			n += carry
			cut := n
			if rerr != io.EOF {
				cut -= transcodeUTF8Tail(buf[:n])
			}
			o, err := transcodeUTF16LE(out[:0], buf[:cut])
			if err != nil {
				return convertSplit{}, err
			}
			t2 := table.ThreadTime()
			if _, err := pw.Write(o); err != nil {
				return convertSplit{}, err
			}
			t3 := table.ThreadTime()
			r, c, w = r+t1-t0, c+t2-t1, w+t3-t2
			carry = copy(buf, buf[cut:n])
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				return convertSplit{}, rerr
			}
		}
		reads, convs, writes = append(reads, r), append(convs, c), append(writes, w)
	}
	return convertSplit{median(reads), median(convs), median(writes)}, nil
}
