package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// readLog is a reader that records each read: how much it asked for, and
// where its destination lay in memory, modulo a cache line.
type readLog struct {
	r      io.Reader
	sizes  []int
	aligns []uintptr
}

func (l *readLog) Read(p []byte) (int, error) {
	l.sizes = append(l.sizes, len(p))
	if len(p) > 0 {
		l.aligns = append(l.aligns, uintptr(unsafe.Pointer(&p[0]))%blockLead)
	}
	return l.r.Read(p)
}

// checkWholeReads fails unless every read asked for a whole block of one of
// the sizes the buffers grow through (so that a file's reads stay on its
// page boundaries) into a destination aligned on a cache line, which the
// character cut by each block's end, carried over, must not shift.
func checkWholeReads(t *testing.T, what string, l *readLog, size int) {
	t.Helper()
	for i, n := range l.sizes {
		whole := false
		for s := startSize(size); ; s = min(4*s, size) {
			if n == s {
				whole = true
			}
			if s == size {
				break
			}
		}
		if !whole {
			t.Fatalf("%s: read %d asked for %d bytes, not a whole block (sizes %v)", what, i, n, l.sizes)
		}
	}
	for i, a := range l.aligns {
		if a != 0 {
			t.Fatalf("%s: read %d went %d bytes past a cache line", what, i, a)
		}
	}
	if len(l.sizes) < 4 {
		t.Fatalf("%s: only %d reads", what, len(l.sizes))
	}
}

// Text whose blocks end inside characters: every read must still ask for
// a whole block into an aligned destination, and the blocks (check) and the
// output (convert's pump) stay what they were.
func TestReadsStayAligned(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const size = 256 << 10
	// Only 3- and 4-byte characters after the ASCII start: almost every
	// block ends inside one.
	p := []byte("ascii start ")
	for len(p) < 3*size+12345 {
		if rng.IntN(2) == 0 {
			p = append(p, "€"...)
		} else {
			p = append(p, "😀"...)
		}
	}

	l := &readLog{r: bytes.NewReader(p)}
	br := newBlockReader(l, "in", size)
	var got []byte
	carried := 0
	for {
		block, off, err := br.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if off != int64(len(got)) {
			t.Fatalf("block at offset %d after %d bytes", off, len(got))
		}
		if !utf8x.FullRune(block[len(block)-1:]) || len(block) > 0 && !utf8x.Valid(block) {
			t.Fatalf("block at %d does not end on a character boundary", off)
		}
		got = append(got, block...)
		if br.n != br.cut {
			carried++
		}
	}
	if !bytes.Equal(got, p) {
		t.Fatal("the blocks put end to end are not the input")
	}
	if carried < 3 {
		t.Fatalf("only %d blocks carried bytes over: the test does not test", carried)
	}
	checkWholeReads(t, "blockReader", l, size)

	l = &readLog{r: bytes.NewReader(p)}
	var out bytes.Buffer
	conv := transcode.NewConverter(transcode.UTF8, transcode.UTF16LE, utf8x.Strict, utf8x.BOMKeep)
	if err := pump(&out, "", l, "in", conv, nil, size); err != nil {
		t.Fatal(err)
	}
	want, err := transcode.AppendUTF8ToUTF16LE(nil, p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatal("pump converts differently from transcode.AppendUTF8ToUTF16LE")
	}
	checkWholeReads(t, "pump", l, size)
}

// A transformer that keeps back more than blockLead bytes makes pump move
// them to the front of its buffer: the output must not change.
func TestPumpLongCarry(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	p := interesting(rng, 200<<10)
	for _, hold := range []int{0, 3, blockLead - 1, blockLead, blockLead + 1, 5000} {
		var out bytes.Buffer
		if err := pump(&out, "", bytes.NewReader(p), "in", holdBack{hold}, nil, 64<<10); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), p) {
			t.Fatalf("holding back %d bytes: the output is not the input", hold)
		}
	}
}

// holdBack copies its input but, before the end, leaves its last n bytes
// for the next call (ErrShortSrc), as a decoder waiting for a long
// sequence's end does.
type holdBack struct{ n int }

func (h holdBack) Reset() {}

func (h holdBack) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	take := len(src)
	if !atEOF {
		take = max(0, len(src)-h.n)
	}
	n := copy(dst, src[:take])
	switch {
	case n < take:
		return n, n, transform.ErrShortDst
	case take < len(src):
		return n, n, transform.ErrShortSrc
	}
	return n, n, nil
}

// readAtLog records the offsets of ReadAt calls.
type readAtLog struct {
	f    *os.File
	offs chan int64
}

func (l readAtLog) ReadAt(p []byte, off int64) (int, error) {
	l.offs <- off
	return l.f.ReadAt(p, off)
}

// Every range but the first is read from windowLead bytes before its start
// (the driver reads blocks so, see utf8x.DriveBlocks),
// so that ranges on page boundaries of the file are read to the same place
// in a cache line of a fresh buffer; and the default range size keeps their
// starts on page boundaries for any number of workers.
// windowLead is the lead the library's driver reads blocks with.
const windowLead = blockLead

func TestRangeReadsAligned(t *testing.T) {
	for jobs := 1; jobs <= 9; jobs++ {
		if rs := (rangeOptions{jobs: jobs}).drive(1, nil).Block(); rs%(4<<10) != 0 || rs < 64<<10 {
			t.Fatalf("-j %d: ranges of %d bytes", jobs, rs)
		}
	}
	rng := rand.New(rand.NewPCG(15, 16))
	p := interesting(rng, 5*(64<<10)+999)
	path := filepath.Join(t.TempDir(), "in")
	if err := os.WriteFile(path, p, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	o := rangeOptions{jobs: 2, size: 64 << 10}
	l := readAtLog{f, make(chan int64, 100)}
	var got []byte
	err = utf8x.DriveBlocks(l, int64(len(p)), o.drive(1, nil), func(w *utf8x.Block) []byte {
		from, to := utf8x.RangeBounds(w.Buf, w.Start, w.End)
		return append([]byte(nil), w.Buf[from:to]...)
	}, func(w *utf8x.Block, owned []byte) error {
		if w.Base != 0 && w.Start != windowLead {
			t.Errorf("range at %d starts %d bytes into its window", w.Base+int64(w.Start), w.Start)
		}
		got = append(got, owned...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, p) {
		t.Fatal("the owned bytes of the ranges put end to end are not the input")
	}
	close(l.offs)
	n := 0
	for off := range l.offs {
		n++
		if off != 0 && (off+windowLead)%int64(o.size) != 0 {
			t.Errorf("a window read at %d", off)
		}
	}
	if n != 6 {
		t.Fatalf("%d reads for 6 ranges", n)
	}
}
