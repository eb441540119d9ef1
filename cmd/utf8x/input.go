// Opening the tool's inputs, shared by every command that reads files.
//
// An input is a path or "-" for standard input, which reports name as
// stdinName ("<stdin>"). openInput turns every way a file can fail to open into
// one clear message that names the file and says what to do (missing,
// directory, permission denied), and readError does the same for a failure in
// the middle of a stream, so no command can fail silently or with a bare
// syscall error. isTerminal tells whether a stream is a person's terminal, for
// colour, progress bars and the "no input" hint.
package main

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"unicode/utf8"

	"golang.org/x/term"
)

// stdinName is how standard input is named in reports, JSON and messages.
// On the command line it is spelled "-" (or given by naming no file at all).
const stdinName = "<stdin>"

// displayName is the name of the input at path as reports show it.
func displayName(path string) string {
	if path == "-" {
		return stdinName
	}
	return path
}

// addNullFlag adds -0/--null, for the commands that print file names.
func addNullFlag(cmd *command, p *bool) {
	cmd.Flags().BoolVarP(p, "null", "0", false, "end each file name with a NUL byte instead of the ':', ': ' or newline after it, as grep -Z does (with -l, names for xargs -0)")
}

// nameSep is what a report writes after a file name in place of sep (":",
// ": " or "\n"): a NUL byte under -0/--null, which no file name holds, so
// that names with a colon or newline in them can be split off, as grep -Z
// and find -print0 make them.
func nameSep(null bool, sep string) string {
	if null {
		return "\x00"
	}
	return sep
}

// fileBase64 is the file name's bytes in base64 (RFC 4648, with padding) when
// they are not valid UTF-8, which JSON strings cannot carry: "file" then
// shows U+FFFD for the bad bytes, and this field reopens the file. Every
// --json output that names files (check, detect, stats, merge) carries it
// as "file_base64".
func fileBase64(path string) string {
	if utf8.ValidString(path) {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(path))
}

// inputError is a failure to read one input. It names the file, says what went
// wrong in words, and carries the underlying error for errors.Is.
type inputError struct {
	name string // as displayName gives it
	what string // "no such file or directory (check the path)"
	err  error
}

func (e *inputError) Error() string { return e.name + ": " + e.what }
func (e *inputError) Unwrap() error { return e.err }

// describeOpenError explains why path could not be opened. dirHint, if not
// empty, is appended to the message for a directory, such as "use -r to
// check every file under it".
func describeOpenError(path string, err error, dirHint string) error {
	name := displayName(path)
	var what string
	switch {
	case errors.Is(err, fs.ErrNotExist):
		what = "no such file or directory (check the path)"
	case errors.Is(err, fs.ErrPermission):
		what = "permission denied (check the file's permissions, or run as a user who may read it)"
	case errors.Is(err, syscall.EISDIR):
		what = "is a directory"
		if dirHint != "" {
			what += " (" + dirHint + ")"
		}
	default:
		what = "cannot open: " + underlying(err)
	}
	return &inputError{name: name, what: what, err: err}
}

// readError explains a failure after n bytes of input were read successfully.
func readError(path string, n int64, err error) error {
	if errors.Is(err, syscall.EISDIR) {
		return describeOpenError(path, err, "")
	}
	return &inputError{
		name: displayName(path),
		what: fmt.Sprintf("read error after %d bytes: %s; nothing after that was checked", n, underlying(err)),
		err:  err,
	}
}

// underlying drops the "op path:" prefix of an *fs.PathError, which would
// repeat the file name the message already starts with.
func underlying(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// openInput opens path for reading, or returns stdin for "-". It returns the
// input's size when it is a regular file (for progress bars), else -1. A
// directory is refused here, with dirHint, rather than failing on first read.
func openInput(path string, stdin io.Reader, dirHint string) (r io.ReadCloser, size int64, err error) {
	if path == "-" {
		return io.NopCloser(stdin), -1, nil
	}
	f, err := openRead(path)
	if err != nil {
		return nil, -1, describeOpenError(path, err, dirHint)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, -1, describeOpenError(path, err, dirHint)
	}
	if fi.IsDir() {
		f.Close()
		return nil, -1, describeOpenError(path, &fs.PathError{Op: "open", Path: path, Err: syscall.EISDIR}, dirHint)
	}
	size = -1
	if fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return f, size, nil
}

// isTerminal reports whether v is an *os.File connected to a terminal. It is a
// variable so tests can pretend.
var isTerminal = func(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
