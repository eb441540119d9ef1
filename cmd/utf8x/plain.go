package main

import (
	"io"
	"strings"
)

// runPlain runs a plain command line without urfave/cli: a command named
// first, then only flags of that command that it reads and values they
// accept, and operands; or the tool's help or version alone. Such a line
// needs neither urfave/cli's command tree nor its parser, whose setting up
// and running cost a small "utf8x detect" a tenth of its instructions.
// Anything else (completion, help topics, a flag it does not know, a value
// a flag refuses, a name that is no command) is not run: done is false,
// and the caller runs urfave/cli's full command line on the same
// arguments, which words every mistake and answers every question as
// always. What runPlain runs, it runs as urfave/cli would: the same flags
// set in the same order, the same operands, the same help text and
// errors (TestPlainMatchesCLI, FuzzPlainMatchesCLI).
func runPlain(args []string, stdin io.Reader, stdout, stderr io.Writer) (done bool, err error) {
	if len(args) > 0 && args[len(args)-1] == completionFlag {
		return false, nil
	}
	var entry *commandEntry
	if len(args) > 0 {
		for i := range commands {
			if commands[i].name == args[0] {
				entry = &commands[i]
				break
			}
		}
	}
	if entry == nil {
		return rootPlain(args, stdout)
	}
	// The command as newApp builds it for args, without its cli.Command.
	a := &app{}
	c := entry.new()
	c.flags.add(new(boolValue), "help", "h", "help for "+c.Name())
	a.cmds = []*command{c}
	line, err := a.normalizeArgs(args)
	if err != nil || len(line) == 0 || line[0] != c.Name() {
		return false, nil
	}
	// normalizeArgs leaves long flags (--name, --name=value, --name
	// value) and then "--" and the operands; urfave/cli sets each flag
	// in turn (cli.Command.parseFlags). Any other shape, and a value
	// refused, goes to urfave/cli, whose command is built anew.
	operands := []string{}
	for i := 1; i < len(line); i++ {
		tok := line[i]
		if tok == "--" {
			operands = append(operands, line[i+1:]...)
			break
		}
		if !strings.HasPrefix(tok, "--") || strings.TrimSpace(tok) != tok {
			return false, nil
		}
		name, val, eq := strings.Cut(tok[2:], "=")
		d := c.flags.Lookup(name)
		if d == nil || eq && val == "" {
			return false, nil
		}
		switch {
		case eq:
		case d.IsBoolFlag():
			val = "true"
		case i+1 < len(line):
			i++
			val = line[i]
		default:
			return false, nil
		}
		if d.Set(val) != nil {
			return false, nil
		}
	}
	// What the cli.Command's Action (newCLICommand) and run do then.
	c.in, c.out, c.errOut = stdin, stdout, stderr
	if c.flags.isSet("help") {
		a.writeHelp(stdout, c.help())
		return true, a.helpError()
	}
	if err := c.checkExclusive(); err != nil {
		return true, err
	}
	return true, c.RunE(c, operands)
}

// rootPlain runs "utf8x", "utf8x --help" (-h), "utf8x help" and "utf8x
// --version" (-v) as rootAction does, without urfave/cli; anything else is
// not done.
func rootPlain(args []string, stdout io.Writer) (done bool, err error) {
	version := false
	switch {
	case len(args) == 0:
	case len(args) > 1:
		return false, nil
	case args[0] == "--help" || args[0] == "-h" || args[0] == "help":
	case args[0] == "--version" || args[0] == "-v":
		version = true
	default:
		return false, nil
	}
	a := &app{}
	if version {
		a.writeHelp(stdout, versionText())
		return true, a.helpError()
	}
	for _, c := range commands {
		a.cmds = append(a.cmds, c.new())
	}
	a.rootFlg.add(new(boolValue), "help", "h", "help for utf8x")
	a.rootFlg.add(new(boolValue), "version", "v", "version for utf8x")
	a.writeHelp(stdout, a.help())
	return true, a.helpError()
}

// helpError is the error run gives for a help or version it could not
// write, or nil.
func (a *app) helpError() error {
	if a.helpErr != nil {
		return &outputError{"", a.helpErr}
	}
	return nil
}
