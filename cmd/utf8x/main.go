// Command utf8x checks, repairs, converts and explains UTF-8 text.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"syscall"

	_ "github.com/utf8x/utf8x/cmd/utf8x/internal/stackroom" // the main goroutine's stack, grown once (see the package)
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit statuses shared by every command.
const (
	exitOK      = 0 // everything valid / done
	exitInvalid = 1 // some input was not valid (or strict mode met an error)
	exitUsage   = 2 // usage or I/O error
)

// exitError carries an exit status out of a command. A nil err means the message
// was already printed (per-file reports) and only the status matters.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageError marks a mistake in how the tool was called.
func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// commands lists every subcommand by name with its constructor; each
// command's file adds itself in an init function (addCommand), so commands
// can be worked on independently.
var commands []commandEntry

// commandRoom holds commands without a heap object: appending to a nil
// slice in the commands' inits made one for 1, 2, 4 and 8 entries, size
// classes of their own that every run (even --help) paid for in page
// faults. A ninth command would simply move the list to the heap.
var commandRoom [8]commandEntry

// commandEntry is a subcommand's name (its Use's first word; no command has
// aliases) and its constructor.
type commandEntry struct {
	name string
	new  func() *command
}

func addCommand(name string, newCmd func() *command) {
	if commands == nil {
		commands = commandRoom[:0]
	}
	commands = append(commands, commandEntry{name, newCmd})
}

// run executes the tool with args and streams and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return exitStatus(runArgs(args, stdin, stdout, stderr, true), stderr)
}

// runArgs runs the tool with args; plainOK lets it run a plain command
// line (runPlain) without urfave/cli.
func runArgs(args []string, stdin io.Reader, stdout, stderr io.Writer, plainOK bool) error {
	if plainOK {
		if done, err := runPlain(args, stdin, stdout, stderr); done {
			return err
		}
	}
	a := newApp(args)
	a.root.Reader, a.root.Writer, a.root.ErrWriter = stdin, stdout, stderr
	args, err := a.normalizeArgs(args)
	if err == nil {
		err = a.root.Run(context.Background(), append([]string{"utf8x"}, args...))
	}
	if err == nil && a.action != nil {
		err = a.action()
	}
	if err == nil && a.helpErr != nil {
		err = &outputError{"", a.helpErr}
	}
	return err
}

// exitStatus is the exit status of a run that ended with err, whose
// message it writes to stderr.
func exitStatus(err error, stderr io.Writer) int {
	if err == nil {
		return exitOK
	}
	if errors.Is(err, syscall.EPIPE) {
		return exitOK // the reader went away (utf8x ... | head): end quietly
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "utf8x: %v\n", ee.err)
		}
		return ee.code
	}
	fmt.Fprintf(stderr, "utf8x: %v\n", err)
	return exitUsage
}

func main() {
	limitMemory()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// memoryLimit is the soft limit on the Go heap the tool sets for itself
// (runtime/debug.SetMemoryLimit) unless GOMEMLIMIT is set. The tool promises
// to run in at most 32 MiB whatever its input. Its live heap is a few
// buffers, but the garbage of error-dense output (a line per error, millions
// of them) can pile up faster than the concurrent collector frees it on a
// busy machine: a check that keeps 20 MiB live reached 86 MiB that way. The
// limit makes the collector run sooner instead of letting the heap grow.
const memoryLimit = 24 << 20

// limitMemory sets memoryLimit, for a process that runs the tool.
func limitMemory() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
}
