package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/utf8x/utf8x/detect"
)

func init() { addCommand("detect", newDetectCmd) }

type detectOptions struct {
	json, all bool
	minConf   float64
	readAll   bool
	null      bool // -0: a NUL after each file name (nameSep)
}

// detectReport is one input's detection, as --json prints it.
type detectReport struct {
	File       string            `json:"file"`
	FileBase64 string            `json:"file_base64,omitempty"` // fileBase64
	Encoding   *string           `json:"encoding"`              // null when abstaining
	Confidence float64           `json:"confidence"`
	Language   string            `json:"language,omitempty"`
	Evidence   string            `json:"evidence,omitempty"`
	Equivalent []string          `json:"equivalent,omitempty"`
	Candidates []detectCandidate `json:"candidates"`
	res        detect.Result
}

type detectCandidate struct {
	Encoding   string  `json:"encoding"`
	Confidence float64 `json:"confidence"`
	Language   string  `json:"language,omitempty"`
	Note       string  `json:"note,omitempty"`
}

func newDetectCmd() *command {
	var opts detectOptions
	var walk walkOptions
	cmd := &command{
		Use:   "detect [flags] [FILE...]",
		Short: "Guess the encoding of text whose encoding nobody wrote down",
		Long: `Detect examines the first 64 KiB of each FILE (standard input when there is
none, or for "-"; --read-all examines everything) and names its encoding:

  FILE: windows-1251 (Russian, 0.98)

Structure decides first: a byte order mark, the NUL bytes of UTF-16 and
UTF-32, valid UTF-8 (always reported as UTF-8), pure ASCII, ISO-2022-JP
escapes. Otherwise each legacy encoding's reading is scored with character
models of the languages it carries; the number is the probability that the
answer is right. Encodings that read the input identically are one answer
(ISO-8859-1 text without bytes 80-9F is reported as windows-1252, which reads
it the same). The name printed is accepted by 'utf8x convert -f' and iconv.

An input whose first 64 KiB are plain ASCII is read on to its first byte
beyond ASCII, and 64 KiB from the start of that byte's line are examined: a
file that goes on in windows-1252 after a long ASCII start is not "us-ascii".
An input ASCII to its end is read whole (up to 64 MiB: then "us-ascii").
When the answer stands for encodings that read the bytes examined alike
(windows-1253 and ISO-8859-7 on Greek without Ά), up to 4 MiB more are
scanned for bytes they read differently, and the one that reads those
lines best is named (--all says so in its note).

--all lists every candidate with its probability and why it scored so or was
ruled out. -0 (--null) ends each file name with a NUL byte instead of the
": " after it (as grep -Z does). --json prints one object per input: file,
encoding (null when abstaining), confidence, language, evidence,
candidates; a file name that is not valid UTF-8 shows U+FFFD in "file" and
comes whole in "file_base64", as with 'check --json'.

Exit status: 0 when every input got an answer, 1 when the detector abstained
on some (best confidence below --min-confidence), 2 for a usage error or an
input that cannot be read.`,
		Example: `  utf8x detect subtitles.srt
  utf8x detect --all --min-confidence 0.9 export.csv
  utf8x detect --json -r archive/`,
		RunE: func(cmd *command, args []string) error {
			if len(args) == 0 {
				args = []string{"-"}
			}
			files, err := walk.expandInputs(args)
			if err != nil {
				return err
			}
			return detectFiles(cmd, files, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.json, "json", false, "print one JSON object per input, one per line")
	f.BoolVar(&opts.all, "all", false, "show every candidate, its probability and why")
	f.BoolVar(&opts.readAll, "read-all", false, "examine the whole input, not only its first 64 KiB")
	addConfidenceFlag(cmd, &opts.minConf, 0.5, "abstain when the best candidate's confidence is below `P`")
	addNullFlag(cmd, &opts.null)
	walk.addFlags(cmd)
	cmd.MarkFlagsMutuallyExclusive("null", "json")
	return cmd
}

func detectFiles(cmd *command, files []inputFile, opts detectOptions) error {
	out := cmd.OutOrStdout()
	abstained := 0
	read := func(r io.Reader, path string, _ func(int64)) (detectReport, error) {
		o := &detect.Options{MinConfidence: opts.minConf}
		if opts.readAll {
			o.Limit = -1
		}
		res, err := detect.DetectReader(r, o)
		if err != nil {
			return detectReport{}, readError(path, 0, err)
		}
		rep := newDetectReport(displayName(path), res)
		rep.FileBase64 = fileBase64(path)
		return rep, nil
	}
	emit := func(_ int, rep *detectReport) error {
		if rep.Encoding == nil {
			abstained++
		}
		return writeDetectReport(out, rep, opts)
	}
	failed, err := eachInput(cmd, files, 1, "detecting", "use 'utf8x detect -r DIR' to examine every file under it", read, emit)
	if err != nil {
		return err
	}
	switch {
	case failed > 0:
		return &exitError{code: exitUsage}
	case abstained > 0:
		return &exitError{code: exitInvalid}
	}
	return nil
}

func newDetectReport(file string, res detect.Result) detectReport {
	rep := detectReport{File: file, Candidates: make([]detectCandidate, 0, len(res.Candidates)), res: res}
	if best, ok := res.Best(); ok {
		rep.Encoding = &best.Encoding
		rep.Confidence = best.Confidence
		rep.Language = best.Language
		rep.Evidence = best.Evidence.String()
		rep.Equivalent = best.Equivalent
	} else if len(res.Candidates) > 0 {
		rep.Confidence = res.Candidates[0].Confidence
	}
	for _, c := range res.Candidates {
		rep.Candidates = append(rep.Candidates, detectCandidate{c.Encoding, c.Confidence, c.Language, c.Note})
	}
	return rep
}

func writeDetectReport(w io.Writer, rep *detectReport, opts detectOptions) error {
	if opts.json {
		return writeJSONLine(w, rep)
	}
	var line string
	if rep.Encoding == nil {
		line = rep.File + nameSep(opts.null, ": ") + "unknown"
		if len(rep.res.Candidates) > 0 {
			line += fmt.Sprintf(" (best guess %s is below --min-confidence)", describeCandidate(rep.res.Candidates[0]))
		}
	} else {
		line = rep.File + nameSep(opts.null, ": ") + describeCandidate(rep.res.Candidates[0])
		if eq := rep.Equivalent; len(eq) > 0 {
			line += " = " + strings.Join(eq, " = ")
		}
	}
	if _, err := fmt.Fprintln(w, line); err != nil {
		return err
	}
	if !opts.all {
		return nil
	}
	for _, c := range rep.res.Candidates {
		lang := ""
		if c.LanguageName != "" {
			lang = " " + c.LanguageName
		}
		if _, err := fmt.Fprintf(w, "  %-14s %.4f%-22s %s\n", c.Encoding, c.Confidence, lang, c.Note); err != nil {
			return err
		}
	}
	return nil
}
