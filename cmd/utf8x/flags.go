package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// flagSet is a command's flags: their names, values and help. The command
// line itself is parsed by urfave/cli (cli.go), which sets them; the set
// also answers which were given (Changed) and lays out their help.
type flagSet struct {
	defs []*flagDef
}

// flagValue is the value behind a flag.
type flagValue interface {
	Set(string) error
	String() string
	Type() string // "bool", "string", "int", ..., as the help names it
}

// flagDef is one flag. It is the value urfave/cli sets (cli.Value), so a
// set records that the flag was given and words a bad value as the tool
// always has: invalid argument "x" for "--name" flag: why.
type flagDef struct {
	Name      string
	Shorthand string // one character, or ""
	Usage     string // a `word` in backquotes names the value in the help
	Hidden    bool
	builtin   bool // --help and --version: urfave/cli's own flags
	value     flagValue
	defValue  string
	changed   bool
	setErr    error // the last refused value, worded for the user
}

func (d *flagDef) Set(s string) error {
	if err := d.value.Set(s); err != nil {
		d.setErr = fmt.Errorf("invalid argument %q for %q flag: %v", s, d.display(), err)
		return d.setErr
	}
	d.changed = true
	return nil
}

func (d *flagDef) String() string { return d.value.String() }
func (d *flagDef) Get() any       { return d.value.String() }

// IsBoolFlag tells urfave/cli that the flag takes no value.
func (d *flagDef) IsBoolFlag() bool { return d.value.Type() == "bool" }

// display is the flag as error messages name it: "--name" or "-s, --name".
func (d *flagDef) display() string {
	if d.Shorthand != "" {
		return "-" + d.Shorthand + ", --" + d.Name
	}
	return "--" + d.Name
}

func (f *flagSet) add(value flagValue, name, short, usage string) *flagDef {
	d := &flagDef{Name: name, Shorthand: short, Usage: usage, value: value, defValue: value.String()}
	f.defs = append(f.defs, d)
	return d
}

// Lookup returns the flag named name, or nil.
func (f *flagSet) Lookup(name string) *flagDef {
	for _, d := range f.defs {
		if d.Name == name {
			return d
		}
	}
	return nil
}

// ShorthandLookup returns the flag whose shorthand is s, or nil.
func (f *flagSet) ShorthandLookup(s string) *flagDef {
	for _, d := range f.defs {
		if d.Shorthand != "" && d.Shorthand == s {
			return d
		}
	}
	return nil
}

// Changed reports whether the flag named name was given.
func (f *flagSet) Changed(name string) bool {
	d := f.Lookup(name)
	return d != nil && d.changed
}

// isSet reports whether the bool flag named name was given and is true
// (--help, not --help=false).
func (f *flagSet) isSet(name string) bool {
	d := f.Lookup(name)
	return d != nil && d.changed && d.value.String() == "true"
}

// MarkHidden leaves the flag out of the help and of shell completion.
func (f *flagSet) MarkHidden(name string) error {
	d := f.Lookup(name)
	if d == nil {
		return fmt.Errorf("no flag --%s", name)
	}
	d.Hidden = true
	return nil
}

func (f *flagSet) BoolVar(p *bool, name string, def bool, usage string) {
	f.BoolVarP(p, name, "", def, usage)
}

func (f *flagSet) BoolVarP(p *bool, name, short string, def bool, usage string) {
	*p = def
	f.add((*boolValue)(p), name, short, usage)
}

func (f *flagSet) StringVar(p *string, name, def, usage string) {
	f.StringVarP(p, name, "", def, usage)
}

func (f *flagSet) StringVarP(p *string, name, short, def, usage string) {
	*p = def
	f.add((*stringValue)(p), name, short, usage)
}

func (f *flagSet) IntVar(p *int, name string, def int, usage string) {
	f.IntVarP(p, name, "", def, usage)
}

func (f *flagSet) IntVarP(p *int, name, short string, def int, usage string) {
	*p = def
	f.add((*intValue)(p), name, short, usage)
}

func (f *flagSet) Int64Var(p *int64, name string, def int64, usage string) {
	*p = def
	f.add((*int64Value)(p), name, "", usage)
}

// StringArrayVar is a repeatable flag: each use adds its value, commas and
// all.
func (f *flagSet) StringArrayVar(p *[]string, name string, def []string, usage string) {
	*p = def
	f.add((*stringArrayValue)(p), name, "", usage)
}

// Var adds a flag of a value type of the tool's own.
func (f *flagSet) Var(v flagValue, name, usage string) {
	f.add(v, name, "", usage)
}

type boolValue bool

func (b *boolValue) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*b = boolValue(v)
	return nil
}
func (b *boolValue) String() string { return strconv.FormatBool(bool(*b)) }
func (b *boolValue) Type() string   { return "bool" }

type stringValue string

func (v *stringValue) Set(s string) error { *v = stringValue(s); return nil }
func (v *stringValue) String() string     { return string(*v) }
func (v *stringValue) Type() string       { return "string" }

type intValue int

func (v *intValue) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return err
	}
	*v = intValue(n)
	return nil
}
func (v *intValue) String() string { return strconv.Itoa(int(*v)) }
func (v *intValue) Type() string   { return "int" }

type int64Value int64

func (v *int64Value) Set(s string) error {
	n, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		return err
	}
	*v = int64Value(n)
	return nil
}
func (v *int64Value) String() string { return strconv.FormatInt(int64(*v), 10) }
func (v *int64Value) Type() string   { return "int64" }

type stringArrayValue []string

func (v *stringArrayValue) Set(s string) error { *v = append(*v, s); return nil }
func (v *stringArrayValue) String() string     { return "[" + strings.Join(*v, ",") + "]" }
func (v *stringArrayValue) Type() string       { return "stringArray" }

// valueName is the word the help shows after a flag that takes a value:
// the `word` in backquotes in its usage (taken out of the usage), or its
// type.
func (d *flagDef) valueName() (name, usage string) {
	usage = d.Usage
	if i := strings.IndexByte(usage, '`'); i >= 0 {
		if j := strings.IndexByte(usage[i+1:], '`'); j >= 0 {
			name = usage[i+1 : i+1+j]
			return name, usage[:i] + name + usage[i+1+j+1:]
		}
	}
	switch t := d.value.Type(); t {
	case "bool":
		return "", usage
	case "int64":
		return "int", usage
	case "float64":
		return "float", usage
	case "stringArray":
		return "strings", usage
	default:
		return t, usage
	}
}

// defaultShown is the " (default ...)" the help adds to a flag's usage,
// or "" for a default of nothing, false or zero.
func (d *flagDef) defaultShown() string {
	switch d.defValue {
	case "", "false", "0", "[]":
		return ""
	}
	if d.value.Type() == "string" {
		return fmt.Sprintf(" (default %q)", d.defValue)
	}
	return " (default " + d.defValue + ")"
}

// usages lays out the help of the flags, sorted by name: the names and the
// value's name in a column, then each usage wrapped to width columns.
func (f *flagSet) usages(width int) string {
	defs := make([]*flagDef, 0, len(f.defs))
	for _, d := range f.defs {
		if !d.Hidden {
			defs = append(defs, d)
		}
	}
	sort.Slice(defs, func(i, j int) bool { return defs[i].Name < defs[j].Name })
	heads := make([]string, len(defs))
	texts := make([]string, len(defs))
	col := 0
	for i, d := range defs {
		head := "      --" + d.Name
		if d.Shorthand != "" {
			head = "  -" + d.Shorthand + ", --" + d.Name
		}
		name, usage := d.valueName()
		if name != "" {
			head += " " + name
		}
		heads[i], texts[i] = head, usage+d.defaultShown()
		col = max(col, len(head))
	}
	col += 3 // the usages start three spaces after the longest head
	var b strings.Builder
	for i := range defs {
		b.WriteString(heads[i])
		b.WriteString(strings.Repeat(" ", col-len(heads[i])))
		for j, line := range wrapWords(texts[i], width-col) {
			if j > 0 {
				b.WriteString("\n" + strings.Repeat(" ", col))
			}
			b.WriteString(line)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// wrapWords breaks s at spaces into lines of at most n-5 bytes, except that
// a rest shorter than n bytes is left whole on the last line (a line is not
// broken to leave a word or two on a line of their own).
func wrapWords(s string, n int) []string {
	limit := n - 5
	var lines []string
	for len(s) >= n {
		cut := strings.LastIndexByte(s[:limit], ' ')
		if cut <= 0 {
			break
		}
		lines = append(lines, s[:cut])
		s = s[cut+1:]
	}
	return append(lines, s)
}
