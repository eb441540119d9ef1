//go:build linux

// Command pipecost measures, in one process and in thread CPU time, what
// each way of putting fix's output into a pipe costs on this machine: the
// valid runs of a file interrupted every so often by a three-byte repair,
// as `utf8x fix --invalid replace` writes a file with scattered errors into
// a pipe. It is the evidence behind the per-error cost in BENCHMARKS.md
// ("The whole tool"; the work that led to it is in the benchmark journal,
// bench/results/history/BENCHMARKS-journal-2026-11-21-to-2026-11-28.md,
// issue 11, "fix with errors: what an error costs"):
//
//	cd bench && go run ./cmd/pipecost [-size 256MiB] [-per-mib 16] [-rounds 7]
//
// It writes a file of -size bytes into a temporary folder (removed at the
// end), then runs every way once per round, the ways alternating, each into
// a private 1 MiB pipe that the same thread empties into /dev/null with
// splice(2) (which frees the pipe's pages without copying), and prints the
// median CPU time per way, and per error over splicing whole blocks. The
// ways:
//
//   - read: read(2) the file in 1 MiB blocks and nothing else (the copy that
//     validating needs)
//   - splice blocks: splice the file in 1 MiB blocks (no error)
//   - splice runs + write: splice each run, write(2) each repair (fix today)
//   - splice runs + vmsplice: the same, the repair handed over by vmsplice(2)
//     from a page that never changes
//   - map + vmsplice: map the file read-only in 4 MiB windows and hand each
//     MiB (its runs and repairs) over with one vmsplice
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/utf8x/utf8x/bench/table"
)

const mib = 1 << 20

func main() {
	sizeFlag := flag.String("size", "256MiB", "file size, a whole number of MiB (at most 1GiB)")
	perMiB := flag.Int("per-mib", 16, "errors per MiB (1 to 256)")
	rounds := flag.Int("rounds", 7, "rounds; the median is reported")
	flag.Parse()
	size, err := parseMiB(*sizeFlag)
	if err != nil || size < mib || size > 1<<30 || *perMiB < 1 || *perMiB > 256 || *rounds < 1 {
		fmt.Fprintf(os.Stderr, "pipecost: -size must be 1MiB to 1GiB in MiB, -per-mib 1 to 256, -rounds at least 1 (%v)\n", err)
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "utf8x-pipecost-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pipecost:", err)
		os.Exit(1)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		os.RemoveAll(dir)
		os.Exit(1)
	}()
	res, err := measure(filepath.Join(dir, "text"), size, *perMiB, *rounds)
	os.RemoveAll(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pipecost:", err)
		os.Exit(1)
	}
	fmt.Printf("Command: `cd bench && go run ./cmd/pipecost %s`  \n", strings.Join(os.Args[1:], " "))
	fmt.Printf("%d MiB, %d errors per MiB (%d in all), thread CPU time, median of %d rounds, ways alternating; go %s %s/%s\n\n",
		size/mib, *perMiB, int(size/mib)**perMiB, *rounds, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	fmt.Println("| way | CPU ms | more than splicing blocks, us per error |")
	fmt.Println("| --- | ---: | ---: |")
	base := res[1].cpu
	for i, r := range res {
		extra := "-"
		if i > 1 {
			extra = fmt.Sprintf("%.2f", float64(r.cpu-base)/1e3/float64(int(size/mib)**perMiB))
		}
		fmt.Printf("| %s | %.1f | %s |\n", r.name, float64(r.cpu)/1e6, extra)
	}
}

func parseMiB(s string) (int64, error) {
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", mib}} {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			v, err := strconv.ParseInt(n, 10, 64)
			return v * u.mult, err
		}
	}
	return 0, fmt.Errorf("%q: a number of MiB or GiB", s)
}

// result is one way's median CPU time and the bytes it put into the pipe.
type result struct {
	name string
	cpu  time.Duration
	out  int64
}

// measure writes the file and times each way on it.
func measure(path string, size int64, perMiB, rounds int) ([]result, error) {
	if err := writeText(path, size); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p, err := newSink()
	if err != nil {
		return nil, err
	}
	defer p.close()
	ways := newWays(int(f.Fd()), size, perMiB, p)
	times := make([][]time.Duration, len(ways))
	res := make([]result, len(ways))
	for range rounds {
		for i, w := range ways {
			p.out = 0
			t0 := table.ThreadTime()
			if err := w.run(); err != nil {
				return nil, fmt.Errorf("%s: %w", w.name, err)
			}
			if err := p.drain(); err != nil {
				return nil, fmt.Errorf("%s: %w", w.name, err)
			}
			times[i] = append(times[i], table.ThreadTime()-t0)
			res[i] = result{name: w.name, out: p.out}
		}
	}
	for i := range res {
		slices.Sort(times[i])
		res[i].cpu = times[i][len(times[i])/2]
	}
	return res, nil
}

// writeText fills path with size bytes of mixed-script text.
func writeText(path string, size int64) error {
	line := []byte("Plain ASCII, café, Ελληνικά, Кириллица, العربية, 日本語, 한국어, 😀.\n")
	buf := make([]byte, 0, mib+len(line))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	for left := size; left > 0; {
		buf = buf[:0]
		for len(buf) < mib {
			buf = append(buf, line...)
		}
		n := min(int64(mib), left)
		if _, err := f.Write(buf[:n]); err != nil {
			f.Close()
			return err
		}
		left -= n
	}
	return f.Close()
}

// sink is the private pipe the ways write into, emptied into /dev/null.
type sink struct {
	r, w, null int
	out        int64 // bytes emptied since the last reset
}

func newSink() (*sink, error) {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		return nil, err
	}
	if _, err := unix.FcntlInt(uintptr(p[1]), unix.F_SETPIPE_SZ, mib); err != nil {
		unix.Close(p[0])
		unix.Close(p[1])
		return nil, err
	}
	null, err := unix.Open("/dev/null", unix.O_WRONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		unix.Close(p[0])
		unix.Close(p[1])
		return nil, err
	}
	return &sink{r: p[0], w: p[1], null: null}, nil
}

func (s *sink) close() {
	unix.Close(s.r)
	unix.Close(s.w)
	unix.Close(s.null)
}

// drain empties the pipe.
func (s *sink) drain() error {
	for {
		n, err := unix.Splice(s.r, nil, s.null, nil, 1<<30, unix.SPLICE_F_NONBLOCK)
		if err == unix.EAGAIN || (err == nil && n == 0) {
			return nil
		}
		if err != nil {
			return err
		}
		s.out += n
	}
}

// retry runs op until it moves something, draining the pipe when it is
// full, and returns how much op moved.
func (s *sink) retry(op func() (int, error)) (int, error) {
	for {
		n, err := op()
		if err == unix.EAGAIN {
			if err := s.drain(); err != nil {
				return 0, err
			}
			continue
		}
		if err == nil && n == 0 {
			return 0, io.ErrUnexpectedEOF
		}
		return n, err
	}
}

type way struct {
	name string
	run  func() error
}

// newWays returns the ways, each putting the file of size bytes into the
// sink with perMiB three-byte errors per MiB (each replaced by U+FFFD of
// the same length, so that every way puts size bytes into the pipe).
func newWays(fd int, size int64, perMiB int, s *sink) []way {
	run := (mib - 3*perMiB) / perMiB
	repl, err := unix.Mmap(-1, 0, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		panic(err)
	}
	copy(repl, "\uFFFD")
	buf := make([]byte, mib)
	spliceAll := func(off int64, n int) error {
		for n > 0 {
			m, err := s.retry(func() (int, error) {
				m, err := unix.Splice(fd, &off, s.w, nil, n, unix.SPLICE_F_MOVE|unix.SPLICE_F_NONBLOCK)
				return int(m), err
			})
			if err != nil {
				return err
			}
			n -= m
		}
		return nil
	}
	// runs puts each MiB in as perMiB runs, each followed by repair.
	runs := func(repair func() error) error {
		for off := int64(0); off < size; off += mib {
			at := off
			for range perMiB {
				if err := spliceAll(at, run); err != nil {
					return err
				}
				if err := repair(); err != nil {
					return err
				}
				at += int64(run) + 3
			}
			// The rest of the MiB, as the last run's tail.
			if err := spliceAll(at, int(off+mib-at)); err != nil {
				return err
			}
		}
		return nil
	}
	vmspliceAll := func(iov []unix.Iovec) error {
		for len(iov) > 0 {
			m, err := s.retry(func() (int, error) { return unix.Vmsplice(s.w, iov, unix.SPLICE_F_NONBLOCK) })
			if err != nil {
				return err
			}
			for m > 0 {
				if k := int(iov[0].Len); k <= m {
					m -= k
					iov = iov[1:]
					continue
				}
				iov[0].Base = (*byte)(unsafe.Add(unsafe.Pointer(iov[0].Base), m))
				iov[0].Len -= uint64(m)
				m = 0
			}
		}
		return nil
	}
	return []way{
		{"read", func() error {
			for off := int64(0); off < size; off += mib {
				if _, err := unix.Pread(fd, buf, off); err != nil {
					return err
				}
			}
			return nil
		}},
		{"splice blocks", func() error {
			for off := int64(0); off < size; off += mib {
				if err := spliceAll(off, mib); err != nil {
					return err
				}
			}
			return nil
		}},
		{"splice runs + write", func() error {
			return runs(func() error {
				_, err := s.retry(func() (int, error) { return unix.Write(s.w, repl[:3]) })
				return err
			})
		}},
		{"splice runs + vmsplice", func() error {
			return runs(func() error {
				return vmspliceAll([]unix.Iovec{{Base: &repl[0], Len: 3}})
			})
		}},
		{"map + vmsplice", func() error {
			iov := make([]unix.Iovec, 0, 2*perMiB+1)
			const window = 4 * mib
			for woff := int64(0); woff < size; woff += window {
				wlen := min(window, size-woff)
				m, err := unix.Mmap(fd, woff, int(wlen), unix.PROT_READ, unix.MAP_SHARED)
				if err != nil {
					return err
				}
				for b := 0; b < int(wlen); b += mib {
					iov = iov[:0]
					at := b
					for range perMiB {
						iov = append(iov, unix.Iovec{Base: &m[at], Len: uint64(run)}, unix.Iovec{Base: &repl[0], Len: 3})
						at += run + 3
					}
					if rest := b + mib - at; rest > 0 {
						iov = append(iov, unix.Iovec{Base: &m[at], Len: uint64(rest)})
					}
					if err := vmspliceAll(iov); err != nil {
						unix.Munmap(m)
						return err
					}
				}
				if err := unix.Munmap(m); err != nil {
					return err
				}
			}
			return nil
		}},
	}
}
