// Refusing to read a file the tool is writing, as cat does.
//
// "utf8x fix f >> f" would read its own output and grow f until the disk is
// full; "utf8x fix -o f f" would be --in-place by accident. Before anything is
// read, each input is compared with the output by device and inode
// (os.SameFile), and a match is a usage error. Only regular files count:
// /dev/null or a terminal may well be both.
package main

import (
	"fmt"
	"io"
	"os"
)

// refuseOutputIsInput returns an error when the output (the file outPath, or
// stdout when outPath is "") is the same regular file as one of the inputs
// (paths, "-" for stdin).
func refuseOutputIsInput(stdin io.Reader, stdout io.Writer, outPath string, inputs []string) error {
	var out os.FileInfo
	if outPath != "" {
		out, _ = os.Stat(outPath) // a new file is nobody's input
	} else if f, ok := stdout.(*os.File); ok {
		out, _ = f.Stat()
	}
	if out == nil || !out.Mode().IsRegular() {
		return nil
	}
	for _, path := range inputs {
		var in os.FileInfo
		if path == "-" {
			if f, ok := stdin.(*os.File); ok {
				in, _ = f.Stat()
			}
		} else {
			in, _ = os.Stat(path) // an input that cannot be read is reported when opened
		}
		if in != nil && os.SameFile(in, out) {
			hint := ""
			if outPath != "" && path != "-" {
				hint = " (use --in-place to rewrite it)"
			}
			return &exitError{code: exitUsage, err: fmt.Errorf("%s: input file is output file%s", displayName(path), hint)}
		}
	}
	return nil
}
