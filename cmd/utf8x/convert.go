// utf8x convert: change the encoding of text, as iconv does, but strict by
// default and with the offset and kind of whatever cannot be converted.
//
// Each input streams through a transcode.Converter with the shared pump
// (fix.go), so memory stays constant whatever the input size; -o goes through
// createAtomic (output.go), so a failed run leaves the destination as it was.
package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

func init() { commands = append(commands, newConvertCmd) }

type convertOptions struct {
	from, to  transcode.Encoding
	policy    utf8x.Policy
	bom       utf8x.BOMPolicy
	output    string
	blockSize int
	auto      autoOptions // -f auto
}

func newConvertCmd() *cobra.Command {
	opts := convertOptions{blockSize: defaultBlockSize}
	var from, to, invalid, bom string
	var list bool
	cmd := &cobra.Command{
		Use:   "convert -f FROM -t TO [flags] [FILE...]",
		Short: "Convert text between UTF-8, UTF-16, UTF-32, Latin-1 and Windows-1252",
		Long: `Convert reads each FILE (standard input when there is none, or for "-") in
the encoding FROM and writes it in the encoding TO, to standard output or to
the file named by -o. Several FILEs are converted one after the other into
one output. Encodings are named as iconv and the WHATWG Encoding Standard
name them, in any case: utf-8, utf-16le, utf-16be, utf-16, utf-32le,
utf-32be, utf-32, latin1 (ISO-8859-1), cp1252 (Windows-1252); --list shows
every label. The legacy encodings 'utf8x detect' names (windows-1250 to
-1258, iso-8859-2 to -15, koi8-r, ibm866, shift_jis, gb18030, big5, euc-kr,
...) are also read, through golang.org/x/text (bytes they leave undefined
become U+FFFD there, whatever --invalid says). -f auto detects FROM from each input's first 64 KiB (as 'utf8x
detect' does), names its choice on stderr, and refuses, exit status 1 and
nothing written, when its confidence is below --min-confidence.

utf-16 and utf-32 read their byte order from a byte order mark, and are
big-endian without one (RFC 2781); they write FF FE (FF FE 00 00) and then
little-endian. The other encodings treat a U+FEFF at the start as text;
--bom keep|strip|add says what to do with it.

--invalid says what to do with input that is not well-formed in FROM (a lone
UTF-16 surrogate, an odd last byte, ill-formed UTF-8, ...) and with
characters TO cannot hold:

  strict   stop at the first with its file, byte offset and kind, exit
           status 1 (the default)
  replace  U+FFFD, or "?" when TO cannot hold it
  skip     drop it
  escape   write each of its bytes as \xNN (lowercase hex)

With -o the output is written to a temporary file beside OUT and renamed
into place only when everything converted: a failed run leaves OUT as it was.
Exit status: 0 on success, 1 when strict meets something it cannot convert,
2 for a usage error or an input or output that cannot be read or written.`,
		Example: `  utf8x convert -f utf-16 -t utf-8 export.csv > export.utf8.csv
  utf8x convert -f cp1252 -t utf-8 -o notes.txt notes-win.txt
  utf8x convert -f utf-8 -t latin1 --invalid replace page.txt
  utf8x convert --list`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if list {
				return listEncodings(cmd.OutOrStdout())
			}
			if err := opts.parse(cmd, from, to, invalid, bom, args); err != nil {
				return err
			}
			if len(args) == 0 {
				args = []string{"-"}
			}
			return convertFiles(cmd, args, opts)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&from, "from", "f", "utf-8", "the input's `ENCODING`")
	f.StringVarP(&to, "to", "t", "utf-8", "the output's `ENCODING`")
	f.StringVar(&invalid, "invalid", "strict", "what to do with what cannot be converted: strict, replace, skip or escape")
	f.StringVar(&bom, "bom", "keep", "a byte order mark at the start: keep, strip or add")
	f.StringVarP(&opts.output, "output", "o", "", "write to `OUT` (atomically) instead of standard output")
	f.BoolVar(&list, "list", false, "list the encodings and their labels")
	addAutoFlags(cmd, &opts.auto)
	return cmd
}

func (o *convertOptions) parse(cmd *cobra.Command, from, to, invalid, bom string, args []string) error {
	var err error
	if o.auto.enabled = strings.EqualFold(from, "auto"); o.auto.enabled {
		from = "utf-8" // replaced per input by what detection finds
	}
	if o.from, err = transcode.Lookup(from); err != nil {
		if !o.auto.legacyLabel(from) {
			return usageError("-f: %v", err)
		}
		o.from = transcode.UTF8 // read through golang.org/x/text first
	}
	if o.to, err = transcode.Lookup(to); err != nil {
		return usageError("-t: %v", err)
	}
	if o.policy, err = utf8x.ParsePolicy(invalid); err != nil || o.policy.UTF8Only() {
		return usageError("--invalid: unknown policy %q (want strict, replace, skip or escape)", invalid)
	}
	if o.bom, err = utf8x.ParseBOMPolicy(bom); err != nil {
		return usageError("--bom: %v", err)
	}
	if o.output == "-" {
		o.output = ""
	}
	return nil
}

// listEncodings prints each encoding's name and labels.
func listEncodings(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ENCODING\tLABELS")
	for _, e := range transcode.Encodings() {
		fmt.Fprintf(tw, "%s\t%s\n", e.Name(), strings.Join(e.Labels(), " "))
	}
	return tw.Flush()
}

// convertError is the strict policy meeting something it cannot convert.
type convertError struct {
	file    string
	err     *transcode.Error
	outcome string
}

func (e *convertError) Error() string {
	return fmt.Sprintf("%s: %v; %s", e.file, e.err, e.outcome)
}

func convertFiles(cmd *cobra.Command, files []string, opts convertOptions) error {
	var w io.Writer = cmd.OutOrStdout()
	var out *atomicFile
	if opts.output != "" {
		var err error
		if out, err = createAtomic(opts.output); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
		defer out.abort() // a no-op once committed
		w = out
	}
	for _, path := range files {
		if err := convertOne(cmd, w, path, opts); err != nil {
			var ce *convertError
			var refused *autoRefusal
			if errors.As(err, &refused) {
				return &exitError{code: exitInvalid, err: err}
			}
			if errors.As(err, &ce) {
				ce.outcome = "the output stops before it"
				if out != nil {
					ce.outcome = opts.output + " not written"
				}
				return &exitError{code: exitInvalid, err: err}
			}
			return &exitError{code: exitUsage, err: err}
		}
	}
	if out != nil {
		if err := out.commit(); err != nil {
			return &exitError{code: exitUsage, err: err}
		}
	}
	return nil
}

func convertOne(cmd *cobra.Command, w io.Writer, path string, opts convertOptions) error {
	in, _, err := openInput(path, cmd.InOrStdin(), "")
	if err != nil {
		return err
	}
	defer in.Close()
	var src io.Reader = in
	if opts.auto.enabled || opts.auto.legacy != nil {
		if src, opts.from, err = opts.auto.resolve(cmd, in, path); err != nil {
			return err
		}
	}
	c := transcode.NewConverter(opts.from, opts.to, opts.policy, opts.bom)
	err = pump(w, opts.output, src, path, c, nil, opts.blockSize)
	var te *transcode.Error
	if errors.As(err, &te) {
		return &convertError{file: displayName(path), err: te}
	}
	return err
}
