// A progress bar on stderr for big inputs, shared by every command that
// streams files.
//
// It appears only when stderr is a terminal and the regular files to read add
// up to progressMinBytes (64 MiB) or more, so pipes, CI logs and quick runs
// never see it. One bar covers all inputs, which suits -j: workers add what
// they read, and the bar redraws at most ten times a second. It is a few
// lines of code, so no dependency: a carriage return, the bar, and an erase
// when done. Call clear before writing other lines to the terminal.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
)

// progressMinBytes is the input size from which a bar is worth showing.
var progressMinBytes int64 = 64 << 20

type progress struct {
	w     io.Writer
	label string
	total int64

	mu    sync.Mutex
	done  int64
	start time.Time
	drawn time.Time // zero: nothing on screen
}

// newProgress returns a bar for reading files, or nil (on which every method
// does nothing) when stderr is not a terminal or the files are small.
func newProgress(stderr io.Writer, verb string, files []inputFile) *progress {
	if !isTerminal(stderr) {
		return nil
	}
	var total int64
	for _, f := range files {
		if fi, err := os.Stat(f.path); f.err == nil && f.path != "-" && err == nil && fi.Mode().IsRegular() {
			total += fi.Size()
		}
	}
	if total < progressMinBytes {
		return nil
	}
	label := verb + " " + files[0].path
	if len(files) > 1 {
		label = fmt.Sprintf("%s %d files", verb, len(files))
	}
	return newBar(stderr, label, total)
}

// newBar returns a bar labelled label for total bytes, registered so that a
// terminating signal erases it.
func newBar(w io.Writer, label string, total int64) *progress {
	watchSignals()
	p := &progress{w: w, label: label, total: total, start: time.Now()}
	bars.mu.Lock()
	bars.all = append(bars.all, p)
	bars.mu.Unlock()
	return p
}

// bars are the bars made so far, for stopBySignal.
var bars barList

type barList struct {
	mu  sync.Mutex
	all []*progress
}

// add counts n more bytes read and redraws if the last drawing is old enough.
func (p *progress) add(n int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.done += n
	if now := time.Now(); now.Sub(p.drawn) >= 100*time.Millisecond {
		p.drawn = now
		p.draw(now)
	}
}

func (p *progress) draw(now time.Time) {
	const width = 30
	frac := min(float64(p.done)/float64(p.total), 1)
	filled := int(frac * width)
	rate := ""
	if secs := now.Sub(p.start).Seconds(); secs > 0.2 {
		rate = fmt.Sprintf("  %.0f MiB/s", float64(p.done)/secs/(1<<20))
	}
	fmt.Fprintf(p.w, "\r%s [%s%s] %3.0f%%  %d/%d MiB%s\x1b[K", p.label,
		strings.Repeat("=", filled), strings.Repeat(" ", width-filled), 100*frac, p.done>>20, p.total>>20, rate)
}

// clear erases the bar, if shown; the next add draws it again.
func (p *progress) clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.drawn.IsZero() {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = time.Time{}
	}
}

// eraseForGood erases every bar and keeps each one locked, so that none is
// drawn again: the process is about to exit.
func (b *barList) eraseForGood() {
	b.mu.Lock()
	for _, p := range b.all {
		p.mu.Lock()
		if !p.drawn.IsZero() {
			fmt.Fprint(p.w, "\r\x1b[K")
		}
	}
}

// counter makes a blockReader callback for one input: it's callback: it turns running totals into additions.
func (p *progress) counter() func(total int64) {
	if p == nil {
		return nil
	}
	var last int64
	return func(total int64) {
		p.add(total - last)
		last = total
	}
}
