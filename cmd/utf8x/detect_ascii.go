package main

import (
	"bytes"
	"io"
	"slices"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/detect"
)

// asciiReadOn bounds how far detectPastASCII reads an ASCII input looking
// for a byte beyond ASCII: past it, the answer is "us-ascii" for what was
// read (Truncated), so that a stream that never ends is answered.
const asciiReadOn = 64 << 20

// asciiContext is how many bytes before an input's first byte beyond ASCII
// detect examines with it, when the input's first detect.DefaultLimit bytes
// are ASCII (see detectPastASCII): the start of its line, if that is no
// farther.
const asciiContext = 1 << 10

// detectPastASCII is detect.DetectReader under the default limit (o.Limit
// 0), but for an input whose first detect.DefaultLimit bytes are plain
// ASCII ("us-ascii", and the input goes on; not the escapes of ISO-2022 or
// HZ, which the detector names): that says nothing of the encoding, and
// "us-ascii" is no answer for a file that goes on in windows-1252 (a
// changelog whose first accented name comes after 64 KiB). The input is
// read on to its first byte beyond ASCII, and the detector examines
// detect.DefaultLimit bytes from the start of that byte's line (at most
// asciiContext bytes before it, none before offset detect.DefaultLimit);
// an input ASCII to its end (or to asciiReadOn bytes) is "us-ascii", all
// of it read. Examined counts from the input's start.
func detectPastASCII(r io.Reader, o *detect.Options) (detect.Result, error) {
	keep := &pastLimit{r: r}
	res, err := detect.DetectReader(keep, o)
	if err != nil || !asciiSoFar(res) {
		return res, err
	}
	buf := keep.tail                   // what DetectReader read past its prefix
	base := int64(detect.DefaultLimit) // the input's offset of buf[0]
	scanned := 0
	for {
		if i := scanned + utf8x.ASCIIPrefix(buf[scanned:]); i < len(buf) {
			s := max(i-asciiContext, 0)
			if k := bytes.LastIndexByte(buf[s:i], '\n'); k >= 0 {
				s += k + 1
			}
			// The window: DefaultLimit bytes and a few more (to tell
			// whether the input goes on, and to finish a character the
			// limit cuts).
			want := detect.DefaultLimit + 64
			win := buf[s:]
			for len(win) < want {
				win = slices.Grow(win, want-len(win))
				n, err := r.Read(win[len(win):want])
				win = win[:len(win)+n]
				if err == io.EOF {
					break
				}
				if err != nil {
					return detect.Result{}, err
				}
			}
			out := detect.Detect(win, o)
			out.Examined += base + int64(s)
			return out, nil
		}
		if base+int64(len(buf)) >= asciiReadOn {
			// An endless ASCII stream (yes | utf8x detect) is answered
			// too: "us-ascii", for as far as it was read.
			res.Examined = base + int64(len(buf))
			return res, nil
		}
		// All ASCII so far: keep the last asciiContext bytes, read on.
		if drop := len(buf) - asciiContext; drop > 0 {
			buf = append(buf[:0], buf[drop:]...)
			base += int64(drop)
		}
		scanned = len(buf)
		buf = slices.Grow(buf, 64<<10)
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF && n == 0 {
			res.Examined, res.Truncated = base+int64(len(buf)), false
			return res, nil
		}
		if err != nil && err != io.EOF {
			return detect.Result{}, err
		}
	}
}

// asciiSoFar reports whether res, DetectReader's verdict under the default
// limit, found the first detect.DefaultLimit bytes plain ASCII, with more
// to come.
func asciiSoFar(res detect.Result) bool {
	return res.Truncated && res.Examined == detect.DefaultLimit &&
		len(res.Candidates) > 0 && res.Candidates[0].Encoding == "us-ascii"
}

// pastLimit is a reader that keeps what it reads past offset
// detect.DefaultLimit (what DetectReader reads past its prefix: a read or
// two).
type pastLimit struct {
	r    io.Reader
	n    int64
	tail []byte
}

func (p *pastLimit) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	if p.n+int64(n) > detect.DefaultLimit {
		p.tail = append(p.tail, b[max(detect.DefaultLimit-p.n, 0):n]...)
	}
	p.n += int64(n)
	return n, err
}
