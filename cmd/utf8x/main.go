// Command utf8x checks, repairs, converts and explains UTF-8 text.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
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
var commands []command

// command is a subcommand's name (its Use's first word; no command has
// aliases) and its constructor.
type command struct {
	name string
	new  func() *cobra.Command
}

func addCommand(name string, newCmd func() *cobra.Command) {
	commands = append(commands, command{name, newCmd})
}

// newRootCmd builds the command tree for running args. When args name a
// subcommand first, it builds that one alone, without the shell completion
// command and with the root's overview and version left to the help and
// --version that print them: building every command, its flags and help
// cost a small "utf8x detect" a tenth of its processor time. Anything else
// (no command, a flag, help, completion, a mistyped name that wants
// suggestions) gets the whole tree.
func newRootCmd(args []string) *cobra.Command {
	root := &cobra.Command{
		Use:           "utf8x",
		Short:         "Check, fix, convert and explain UTF-8 text",
		Version:       "-", // non-empty for the --version flag; the text is versionText
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate(`{{utf8xVersion}}`)
	root.SetUsageFunc(usage)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: fmt.Errorf("%w\nRun '%s --help' for usage.", err, c.CommandPath())}
	})
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				root.AddCommand(c.new())
				root.CompletionOptions.DisableDefaultCmd = true
				registerCompletions(root)
				return root
			}
		}
	}
	for _, c := range commands {
		root.AddCommand(c.new())
	}
	registerCompletions(root)
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		if c == root && root.Long == "" {
			root.Long = overview(root)
		}
		help(c, args)
	})
	return root
}

func init() {
	cobra.AddTemplateFunc("utf8xVersion", versionText)
}

// helpWidth is the most columns a line of the help takes.
const helpWidth = 80

// usage writes the part of a command's help after its description: the
// synopsis, examples, subcommands and flags, with each flag's description
// wrapped to helpWidth columns (cobra's own usage does not wrap them).
func usage(c *cobra.Command) error {
	var b strings.Builder
	b.WriteString("Usage:")
	if c.Runnable() {
		b.WriteString("\n  " + c.UseLine())
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n  " + c.CommandPath() + " [command]")
	}
	if c.HasExample() {
		b.WriteString("\n\nExamples:\n" + c.Example)
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\nAvailable Commands:")
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() || sub.Name() == "help" {
				fmt.Fprintf(&b, "\n  %-*s %s", sub.NamePadding(), sub.Name(), sub.Short)
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		b.WriteString("\n\nFlags:\n" + strings.TrimRight(c.LocalFlags().FlagUsagesWrapped(helpWidth), " \n"))
	}
	if c.HasAvailableInheritedFlags() {
		b.WriteString("\n\nGlobal Flags:\n" + strings.TrimRight(c.InheritedFlags().FlagUsagesWrapped(helpWidth), " \n"))
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(&b, "\n\nUse \"%s [command] --help\" for more information about a command.", c.CommandPath())
	}
	b.WriteString("\n")
	_, err := io.WriteString(c.OutOrStderr(), b.String())
	return err
}

// overview is the root help: what the tool is, then the first example of
// every command, so "utf8x" alone shows how to start.
func overview(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString(`utf8x checks, repairs, converts and explains UTF-8 text (RFC 3629), reporting
each ill-formed sequence with its file, line, column and byte offset.

Start here:
`)
	for _, c := range root.Commands() {
		if ex, _, _ := strings.Cut(strings.TrimSpace(c.Example), "\n"); ex != "" {
			fmt.Fprintf(&b, "  %s\n", ex)
		}
	}
	b.WriteString(`
Standard input is read when no FILE is given, or for "-". Exit status: 0 all
valid or done, 1 some input invalid, 2 usage or I/O error.`)
	return b.String()
}

// run executes the tool with args and streams and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd(args)
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	helpErr := checkHelpWrites(root)
	err := root.Execute()
	if err == nil && *helpErr != nil {
		err = &outputError{"", *helpErr}
	}
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

// checkHelpWrites makes the help (--help, "help CMD") a write like any
// other: cobra ignores its write errors, so the help is written into a
// buffer and then out, and the error of that write is kept where the
// returned pointer points, for run to exit 2 as for any output it cannot
// write.
func checkHelpWrites(root *cobra.Command) *error {
	var werr error
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		var buf bytes.Buffer
		c.SetOut(&buf)
		help(c, args)
		if c == root {
			c.SetOut(out)
		} else {
			c.SetOut(nil) // inherit the root's again
		}
		if _, err := out.Write(buf.Bytes()); err != nil && werr == nil {
			werr = err
		}
	})
	return &werr
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
