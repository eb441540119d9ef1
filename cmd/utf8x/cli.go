package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/urfave/cli/v3"
)

// The command line is parsed by urfave/cli v3, which imports neither net nor
// os/user (cobra's pflag imports net), so the default build is static: no C
// library and no dynamic loader to start, about a millisecond and 60 page
// faults less a run. Each subcommand is a command (its text, flags and
// action) that newApp turns into a cli.Command. The help is the tool's own
// (command.help, app.help), as are --help, --version and the help command;
// urfave/cli's completion command and protocol give shell completion. Flags
// reach urfave/cli as long flags only: normalizeArgs first reads short
// flags (-rl0, -j4, -fcp1252, -0) as getopt does.

// command is a subcommand: its synopsis (Use, whose first word is its
// name), a one-line Short, the Long description and Examples of its help,
// its flags and what it does (RunE, given the arguments that are not
// flags).
type command struct {
	Use, Short, Long, Example string
	RunE                      func(cmd *command, args []string) error

	flags     flagSet
	exclusive [][]string // flags of which at most one may be given, per group

	in          io.Reader
	out, errOut io.Writer
}

// Name is the command's name, the first word of its Use.
func (c *command) Name() string {
	name, _, _ := strings.Cut(c.Use, " ")
	return name
}

// CommandPath is "utf8x NAME", as the help and messages name the command.
func (c *command) CommandPath() string { return "utf8x " + c.Name() }

func (c *command) Flags() *flagSet        { return &c.flags }
func (c *command) OutOrStdout() io.Writer { return c.out }
func (c *command) ErrOrStderr() io.Writer { return c.errOut }
func (c *command) InOrStdin() io.Reader   { return c.in }
func (c *command) MarkFlagsMutuallyExclusive(names ...string) {
	c.exclusive = append(c.exclusive, names)
}

// checkExclusive refuses flags of one group given together.
func (c *command) checkExclusive() error {
	for _, group := range c.exclusive {
		var set []string
		for _, name := range group {
			if c.flags.Changed(name) {
				set = append(set, name)
			}
		}
		if len(set) > 1 {
			sort.Strings(set)
			return usageError("if any flags in the group [%s] are set none of the others can be; [%s] were all set",
				strings.Join(group, " "), strings.Join(set, " "))
		}
	}
	return nil
}

// app is the tool's command tree for one run.
type app struct {
	root    *cli.Command
	cmds    []*command                // the subcommands built, by name
	byCLI   map[*cli.Command]*command // each one's cli.Command
	rootFlg flagSet                   // --help and --version, for the help
	helpErr error                     // the first failed write of a help
	action  func() error              // the command to run, once parsed
}

// find returns the subcommand named name, or nil.
func (a *app) find(name string) *command {
	for _, c := range a.cmds {
		if c.Name() == name {
			return c
		}
	}
	return nil
}

// newCLICommand makes the cli.Command that runs c.
func (a *app) newCLICommand(c *command) *cli.Command {
	c.flags.add(new(boolValue), "help", "h", "help for "+c.Name())
	cc := &cli.Command{
		Name:  c.Name(),
		Usage: c.Short,
		// Not urfave/cli's help command ("utf8x explain h" explains h)
		// nor its help flag (--help is one of c's flags): setting them up
		// cost a small "utf8x detect" 60,000 instructions.
		HideHelp:      true,
		OnUsageError:  flagError,
		ShellComplete: completeFlags(c),
		Action: func(_ context.Context, cc *cli.Command) error {
			root := cc.Root()
			c.in, c.out, c.errOut = root.Reader, root.Writer, root.ErrWriter
			if c.flags.isSet("help") {
				printHelp(root.Writer, "", cc)
				return nil
			}
			if err := c.checkExclusive(); err != nil {
				return err
			}
			// run runs the command once urfave/cli has returned, with
			// its frames off the stack (the stack then grows once less).
			args := cc.Args().Slice()
			a.action = func() error { return c.RunE(c, args) }
			return nil
		},
	}
	for _, d := range c.flags.defs {
		if d.builtin {
			continue
		}
		_, usage := d.valueName() // the usage without backquotes, for completion
		cc.Flags = append(cc.Flags, &cli.GenericFlag{Name: d.Name, Usage: usage, Value: d, Hidden: d.Hidden})
	}
	a.byCLI[cc] = c
	a.cmds = append(a.cmds, c)
	return cc
}

// flagError words a mistake in the flags of a command as the tool does,
// with where to read how to call it.
func flagError(_ context.Context, cc *cli.Command, err error, _ bool) error {
	const undefined = "flag provided but not defined: -"
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, undefined):
		err = fmt.Errorf("unknown flag: --%s", strings.TrimPrefix(msg, undefined))
	case strings.HasPrefix(msg, "invalid value "):
		for _, f := range cc.Flags {
			if d, ok := f.(*cli.GenericFlag); ok && d.Value.(*flagDef).setErr != nil {
				err = d.Value.(*flagDef).setErr
			}
		}
	}
	return &exitError{code: exitUsage, err: fmt.Errorf("%w\nRun '%s --help' for usage.", err, commandPath(cc))}
}

// commandPath is "utf8x" or "utf8x NAME".
func commandPath(cc *cli.Command) string {
	if cc.Root() == cc {
		return "utf8x"
	}
	return "utf8x " + cc.Name
}

// newApp builds the command tree for running args. When args name a
// subcommand first, it builds that one alone: building every command, its
// flags and help cost a small "utf8x detect" a tenth of its processor time.
// Anything else (no command, a flag, help, completion, a mistyped name)
// gets the whole tree.
func newApp(args []string) *app {
	usePrintHelp()
	a := &app{byCLI: map[*cli.Command]*command{}}
	a.root = &cli.Command{
		Name:           "utf8x",
		Usage:          "Check, fix, convert and explain UTF-8 text",
		OnUsageError:   flagError,
		ExitErrHandler: func(context.Context, *cli.Command, error) {}, // run decides the exit status
		Metadata:       map[string]any{"app": a},
		// The help, the help command and --version are the tool's own
		// (rootAction): urfave/cli's cost a small "utf8x detect" 60,000
		// instructions to set up.
		HideHelp: true,
		Action:   a.rootAction,
	}
	help := a.rootFlg.add(new(boolValue), "help", "h", "help for utf8x")
	version := a.rootFlg.add(new(boolValue), "version", "v", "version for utf8x")
	if len(args) > 0 && (args[0] == "completion" || args[len(args)-1] == completionFlag) {
		// urfave/cli's completion command, and its help (which the
		// completion command needs), only when asked for.
		a.root.HideHelp = false
		a.root.EnableShellCompletion = true
		a.root.ConfigureShellCompletionCommand = func(cc *cli.Command) {
			cc.Hidden = false
			cc.Usage = "Generate the autocompletion script for the specified shell"
			for _, sh := range cc.Commands {
				if sh.Name == "pwsh" {
					sh.Aliases = append(sh.Aliases, "powershell")
				}
			}
		}
		help.builtin, version.builtin = true, true // urfave/cli's own then
	}
	for _, d := range a.rootFlg.defs {
		if !d.builtin {
			a.root.Flags = append(a.root.Flags, &cli.GenericFlag{Name: d.Name, Usage: d.Usage, Value: d})
		}
	}
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				a.root.Commands = append(a.root.Commands, a.newCLICommand(c.new()))
				return a
			}
		}
	}
	for _, c := range commands {
		a.root.Commands = append(a.root.Commands, a.newCLICommand(c.new()))
	}
	return a
}

// rootAction runs "utf8x" without a command: --version, --help, help
// [COMMAND], or nothing (the help); any other first argument names no
// command.
func (a *app) rootAction(_ context.Context, cc *cli.Command) error {
	args := cc.Args().Slice()
	if a.rootFlg.isSet("version") {
		a.writeHelp(cc.Root().Writer, versionText())
		return nil
	}
	if len(args) > 0 && !a.rootFlg.isSet("help") && args[0] != "help" {
		return unknownCommand(a, args[0])
	}
	if len(args) > 0 && args[0] == "help" {
		args = args[1:]
	}
	if len(args) == 0 {
		a.writeHelp(cc.Root().Writer, a.help())
		return nil
	}
	c := a.find(args[0])
	if c == nil {
		return usageError("unknown help topic %q: the commands are %s", args[0], strings.Join(a.names(), ", "))
	}
	a.writeHelp(cc.Root().Writer, c.help())
	return nil
}

// names lists the names of the commands built, sorted.
func (a *app) names() []string {
	var names []string
	for _, c := range a.cmds {
		names = append(names, c.Name())
	}
	sort.Strings(names)
	return names
}

// writeHelp writes a help (or the version), keeping the error of the first
// write that fails for run, which then exits 2 as for any output it cannot
// write.
func (a *app) writeHelp(w io.Writer, text string) {
	if _, err := io.WriteString(w, text); err != nil && a.helpErr == nil {
		a.helpErr = err
	}
}

// unknownCommand refuses a first argument that names no command, with the
// commands it may have meant.
func unknownCommand(a *app, name string) error {
	msg := fmt.Sprintf("unknown command %q for \"utf8x\"", name)
	var near []string
	for _, c := range a.cmds {
		if n := c.Name(); strings.HasPrefix(n, strings.ToLower(name)) || editDistance(name, n) <= 2 {
			near = append(near, n)
		}
	}
	if len(near) > 0 {
		msg += "\n\nDid you mean this?\n\t" + strings.Join(near, "\n\t") + "\n"
	}
	return errors.New(msg)
}

// editDistance is the Levenshtein distance of a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// completionFlag is what urfave/cli's completion scripts add to the words
// before the cursor to ask the tool what may come next.
const completionFlag = "--generate-shell-completion"

// normalizeArgs rewrites the short flags of args (after the command's name)
// as long ones, as getopt and the tool always read them: -rl0 is -r -l -0,
// -j4 and -j=4 are -j 4, and a flag that takes a value takes the next
// argument whatever it is. urfave/cli reads -name as --name instead, and
// takes an argument like -0 for the first of the operands. The operands
// of a command go last, after "--", so that urfave/cli reads none of them
// as a flag (it would read " --json" as one); flags may still come after
// operands, as with getopt_long. Arguments after "--", and the values of
// long flags, are left as they are.
func (a *app) normalizeArgs(args []string) ([]string, error) {
	completing := len(args) > 0 && args[len(args)-1] == completionFlag
	if completing {
		args = args[:len(args)-1]
	}
	var out, operands []string
	// operand adds an operand of a command (not while completing, where
	// urfave/cli offers nothing after a "--").
	operand := func(args ...string) {
		if completing {
			out = append(out, args...)
		} else {
			operands = append(operands, args...)
		}
	}
	flags := &a.rootFlg
	var cmd *command
	help := false // --help given (to the tool or to cmd)
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--" && cmd != nil:
			operand(args[i+1:]...)
			i = len(args)
		case arg == "--":
			out = append(out, args[i:]...)
			i = len(args)
		case strings.HasPrefix(arg, "--"):
			out = append(out, arg)
			name, val, eq := strings.Cut(arg[2:], "=")
			if name == "help" {
				on, _ := strconv.ParseBool(val)
				help = !eq || on
			}
			if d := flags.Lookup(name); d != nil && !d.IsBoolFlag() && !eq && i+1 < len(args) {
				i++
				out = append(out, args[i])
			}
		case len(arg) > 1 && arg[0] == '-':
			for s := arg[1:]; s != ""; {
				d := flags.ShorthandLookup(s[:1])
				if d == nil && completing {
					out = append(out, arg) // for the flags that start so
					break
				}
				if d == nil {
					return nil, flagErrorf(cmd, "unknown shorthand flag: %q in %s", s[0], arg)
				}
				s = s[1:]
				help = help || d.Name == "help" && !strings.HasPrefix(s, "=")
				if d.IsBoolFlag() {
					if v, ok := strings.CutPrefix(s, "="); ok {
						out = append(out, "--"+d.Name+"="+v)
						break
					}
					out = append(out, "--"+d.Name)
					continue
				}
				switch {
				case strings.HasPrefix(s, "="):
					out = append(out, "--"+d.Name+s)
				case s != "":
					out = append(out, "--"+d.Name+"="+s)
				case i+1 < len(args):
					i++
					out = append(out, "--"+d.Name, args[i])
				case completing:
					out = append(out, "--"+d.Name)
				default:
					return nil, flagErrorf(cmd, "flag needs an argument: %q in %s", d.Shorthand[0], arg)
				}
				break
			}
		case cmd != nil:
			operand(arg)
		default:
			if cmd = a.find(arg); cmd != nil {
				flags = &cmd.flags
				if help {
					// "utf8x --help check" is check's help
					out = append(slices.DeleteFunc(out, func(s string) bool { return strings.HasPrefix(s, "--help") }), arg, "--help")
					break
				}
				out = append(out, arg)
			} else {
				out = append(out, arg)
				out = append(out, args[i+1:]...) // help, completion, or a mistake
				i = len(args)
			}
		}
	}
	if help && cmd != nil {
		operands = nil // "utf8x check FILE --help" is check's help
	}
	if len(operands) > 0 {
		out = append(append(out, "--"), operands...)
	}
	if completing {
		out = append(out, completionFlag)
	}
	return out, nil
}

// flagErrorf is a usage error in the flags of cmd (nil: of the tool).
func flagErrorf(cmd *command, format string, args ...any) error {
	path := "utf8x"
	if cmd != nil {
		path = cmd.CommandPath()
	}
	return &exitError{code: exitUsage, err: fmt.Errorf(format+"\nRun '%s --help' for usage.", append(args, path)...)}
}

// completeFlags lists what may come next on c's command line, for urfave's
// completion scripts: the values of the flag before the cursor when it has
// a list of them (completions), else the flags that start as the word
// being completed, each "value:description".
func completeFlags(c *command) cli.ShellCompleteFunc {
	return func(ctx context.Context, cc *cli.Command) {
		args := cc.Args().Slice()
		if len(args) > 0 {
			last := args[len(args)-1]
			if name, ok := strings.CutPrefix(last, "--"); ok {
				if values := completions()[name]; values != nil && c.flags.Lookup(name) != nil {
					for _, v := range values(c.Name()) {
						fmt.Fprintln(cc.Root().Writer, strings.Replace(v, "\t", ":", 1))
					}
					return
				}
			}
		}
		cli.DefaultCompleteWithFlags(ctx, cc)
	}
}

// printHelp is the help of every command (cli.HelpPrinter): the tool's own
// for its commands, urfave/cli's for its completion command. The help is
// a write like any other: the error of the first that fails is kept for
// run, which then exits 2.
func printHelp(w io.Writer, templ string, data any) {
	cc, _ := data.(*cli.Command)
	if cc == nil {
		cli.DefaultPrintHelp(w, templ, data)
		return
	}
	a, _ := cc.Root().Metadata["app"].(*app)
	if a == nil {
		cli.DefaultPrintHelp(w, templ, data)
		return
	}
	var text string
	switch c := a.byCLI[cc]; {
	case c != nil:
		text = c.help()
	case cc == a.root:
		text = a.help()
	default:
		var b strings.Builder
		cli.DefaultPrintHelp(&b, templ, data)
		text = strings.TrimRight(b.String(), " \n") + "\n"
	}
	a.writeHelp(w, text)
}

// usePrintHelp makes printHelp urfave/cli's HelpPrinter, once, when the
// first command tree is built (newApp): a command line run without
// urfave/cli (runPlain) no longer writes the variable, a page of urfave's
// data copied on write at every start.
var printHelpOnce sync.Once

func usePrintHelp() { printHelpOnce.Do(func() { cli.HelpPrinter = printHelp }) }

// helpWidth is the most columns a line of the help takes.
const helpWidth = 80

// help is a command's --help: its description, then its usage.
func (c *command) help() string {
	return strings.TrimRight(c.Long, " \t\n") + "\n\n" + c.usage()
}

// usage is the part of a command's help after its description: the
// synopsis, examples and flags, with each flag's description wrapped to
// helpWidth columns.
func (c *command) usage() string {
	var b strings.Builder
	b.WriteString("Usage:\n  utf8x " + c.Use)
	if !strings.Contains(c.Use, "[flags]") {
		b.WriteString(" [flags]")
	}
	if c.Example != "" {
		b.WriteString("\n\nExamples:\n" + c.Example)
	}
	b.WriteString("\n\nFlags:\n" + strings.TrimRight(c.flags.usages(helpWidth), " \n") + "\n")
	return b.String()
}

// help is the root help: what the tool is, then the first example of
// every command, so "utf8x" alone shows how to start; then the commands and
// flags.
func (a *app) help() string {
	cmds := slices.Clone(a.cmds)
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name() < cmds[j].Name() })
	var b strings.Builder
	b.WriteString(`utf8x checks, repairs, converts and explains UTF-8 text (RFC 3629), reporting
each ill-formed sequence with its file, line, column and byte offset.

Start here:
`)
	for _, c := range cmds {
		if ex, _, _ := strings.Cut(strings.TrimSpace(c.Example), "\n"); ex != "" {
			fmt.Fprintf(&b, "  %s\n", ex)
		}
	}
	b.WriteString(`
Standard input is read when no FILE is given, or for "-". Exit status: 0 all
valid or done, 1 some input invalid, 2 usage or I/O error.

Usage:
  utf8x [command]

Available Commands:`)
	list := map[string]string{
		"completion": "Generate the autocompletion script for the specified shell",
		"help":       "Help about any command",
	}
	for _, c := range cmds {
		list[c.Name()] = c.Short
	}
	names := make([]string, 0, len(list))
	for n := range list {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(&b, "\n  %-11s %s", n, list[n])
	}
	b.WriteString("\n\nFlags:\n" + strings.TrimRight(a.rootFlg.usages(helpWidth), " \n"))
	b.WriteString("\n\nUse \"utf8x [command] --help\" for more information about a command.\n")
	return b.String()
}
