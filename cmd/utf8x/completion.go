// Shell completion of flag values: the encodings of -f and -t, the policies
// of --invalid and --bom, the forms of --encoding and the modes of --color.
// urfave/cli's completion command and scripts do the rest (completeFlags in
// cli.go); the values are listed here by flag name and offered on every
// command that has the flag, so a command gets them without code of its own.
package main

import (
	"strings"

	"github.com/utf8x/utf8x/transcode"
)

// flagValues lists the values of a flag, each "value\tdescription", for the
// command named cmd (some flags take different values in different
// commands).
type flagValues func(cmd string) []string

// completions lists the values of the flags that have a fixed set, by
// flag name; made when completing (a map variable was built at every
// start).
func completions() map[string]flagValues {
	return map[string]flagValues{
		"from":     encodingLabels,
		"to":       encodingLabels,
		"encoding": func(string) []string { return formNames() },
		"bom": func(string) []string {
			return []string{"keep\tleave a byte order mark as it is", "strip\tremove a leading byte order mark", "add\twrite one byte order mark at the start"}
		},
		"color": func(string) []string {
			return []string{"auto\ton a terminal without NO_COLOR", "always\tcolour even into a pipe", "never\tno colour"}
		},
		"invalid": func(cmd string) []string {
			vals := []string{"strict\tstop at the first, with its position", "replace\twrite U+FFFD (or the replacement)", "skip\tdrop it", "escape\twrite each byte as \\xNN"}
			if cmd == "fix" {
				vals = append(vals, "cp1252\tread the bytes as Windows-1252", "latin1\tread the bytes as ISO-8859-1")
			}
			return vals
		},
	}
}

// encodingLabels lists every label convert knows, described by the name of
// its encoding.
func encodingLabels(string) []string {
	var vals []string
	for _, e := range transcode.Encodings() {
		for _, l := range e.Labels() {
			vals = append(vals, l+"\t"+e.Name())
		}
	}
	return vals
}

// formNames lists the forms check --encoding (and explain --encoding) take.
func formNames() []string {
	var vals []string
	for _, e := range checkForms {
		vals = append(vals, strings.ToLower(e.Labels()[0])+"\t"+e.Name())
	}
	return vals
}
