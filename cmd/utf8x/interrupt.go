// What the tool does when a signal ends it.
//
// SIGINT (Ctrl-C), SIGTERM, SIGHUP (the terminal went away) and SIGQUIT
// (Ctrl-\) all end a run the same way once a temporary output file or a
// progress bar exists: the bar is erased, every temporary file is removed,
// one line on stderr says which signal stopped the run and which files were
// left as they were, and the exit status is 2, as for any run that did not
// finish. Before then (nothing written, nothing drawn) the signals keep their
// usual effect. SIGPIPE is caught too, so that a write to a closed pipe on
// stdout or stderr returns EPIPE, which the commands handle (the output file is
// still finished or removed), instead of killing the process with its
// temporary file on disk.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
)

var signalsOnce sync.Once

// watchSignals starts handling the terminating signals; it is called before
// the first temporary file is created or progress bar drawn.
func watchSignals() {
	signalsOnce.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE)
		go func() {
			for sig := range c {
				if sig != syscall.SIGPIPE {
					stopBySignal(sig)
				}
			}
		}()
	})
}

// stopBySignal cleans up and exits. It keeps the locks it takes, so that no
// bar is redrawn and no temporary file renamed into place after it.
func stopBySignal(sig os.Signal) {
	bars.eraseForGood()
	live.mu.Lock()
	dests := live.removeLocked()
	msg := "utf8x: stopped by " + signalName(sig)
	if len(dests) > 0 {
		msg += "; " + strings.Join(dests, ", ") + " left as it was"
	}
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(exitUsage)
}

func signalName(sig os.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT (interrupt)"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP (hangup)"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return sig.String()
}
