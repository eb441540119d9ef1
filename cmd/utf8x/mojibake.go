// utf8x fix --mojibake: undo UTF-8 that was read through a legacy encoding
// and written back ("cafÃ©" for "café"), after --invalid has made the text
// valid. The mojibake package decides stretch by stretch within one line;
// this file wires it into fix's stream and reports what it changed: a count,
// each change with --explain, or one JSON object per change with --json.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/transform"

	"github.com/utf8x/utf8x/mojibake"
)

// mojibakeOptions are fix's flags about mojibake.
type mojibakeOptions struct {
	on      bool   // --mojibake
	explain bool   // --explain: each change, for a person, on standard error
	json    bool   // --json: each change as a JSON object, on standard error
	chains  string // --mojibake-chains: the encodings that may be undone, comma-separated
	noLossy bool   // --no-lossy: refuse repairs that guess lost bytes
	lib     mojibake.Options
}

const mojibakeHelp = `
--mojibake also undoes mojibake: text that was UTF-8, was read as
Windows-1252, ISO-8859-1, Windows-1250, -1251, -1253, -1254, -1257, Mac OS
Roman, IBM437 or KOI8-R, and was written back as UTF-8, once or more
("cafÃ©" becomes "café", "â€™" becomes "’", "РџСЂРёРІРµС‚" becomes
"Привет"). Each stretch is judged within its line, and changed only when
its decoding is clearly likelier text: clean text is left alone. A lone
misread character among ASCII is taken only when lines just before (within
16 KiB) are surely misread through the same encoding.

--explain lists each change on standard error; --json writes each as one
JSON object per line to standard error, each with the chain undone and
the evidence: the score (how much less odd the repair reads) and the pairs
of characters real text never holds, before and after. Their offsets count
bytes of the text after --invalid's repair, the input's own offsets when it
was valid. --mojibake-chains windows-1252,latin-1 undoes only those
misreadings (names: windows-1252 or cp1252, latin-1, windows-1250,
windows-1251, windows-1253, windows-1254, windows-1257, mac-roman, cp437,
koi8-r); --no-lossy refuses repairs that must guess lost bytes (a U+FFFD,
a dropped byte, a no-break space turned into a space).`

func addMojibakeFlags(cmd *command, o *mojibakeOptions) {
	f := cmd.Flags()
	f.BoolVar(&o.on, "mojibake", false, "also undo mojibake: UTF-8 read as a legacy encoding and written back (cafÃ© -> café)")
	f.BoolVar(&o.explain, "explain", false, "with --mojibake, list each change on standard error")
	f.BoolVar(&o.json, "json", false, "with --mojibake, write each change as a JSON object (one per line) to standard error")
	f.StringVar(&o.chains, "mojibake-chains", "", "with --mojibake, undo only these misreadings (comma-separated: windows-1252,latin-1,...)")
	f.BoolVar(&o.noLossy, "no-lossy", false, "with --mojibake, refuse repairs that guess lost bytes")
}

func (o *mojibakeOptions) check() error {
	switch {
	case (o.explain || o.json) && !o.on:
		return usageError("--explain and --json report what --mojibake changes: add --mojibake")
	case o.explain && o.json:
		return usageError("--explain and --json cannot be used together")
	case (o.chains != "" || o.noLossy) && !o.on:
		return usageError("--mojibake-chains and --no-lossy narrow --mojibake: add --mojibake")
	}
	// --explain and --json show the evidence counted further than the
	// decision needed (mojibake.Options.Explain).
	o.lib = mojibake.Options{NoLossy: o.noLossy, Explain: o.explain || o.json}
	if o.chains != "" {
		for _, name := range strings.Split(o.chains, ",") {
			e, ok := mojibake.ParseCodepage(name)
			if !ok {
				return usageError("--mojibake-chains: unknown encoding %q (known: %s)", strings.TrimSpace(name), knownMojibakeEncodings())
			}
			o.lib.Codepages = append(o.lib.Codepages, e)
		}
	}
	return nil
}

// knownMojibakeEncodings lists the names --mojibake-chains accepts.
func knownMojibakeEncodings() string {
	var names []string
	for _, e := range mojibake.Codepages() {
		names = append(names, e.String())
	}
	return strings.Join(names, ", ")
}

// mojibakeChange is one change as --json writes it.
type mojibakeChange struct {
	File         string   `json:"file"`
	Line         int64    `json:"line"`       // 1-based, counting LF
	Column       int64    `json:"column"`     // 1-based, in characters, as check counts them
	Offset       int64    `json:"offset"`     // 0-based byte offset of the stretch
	Length       int64    `json:"length"`     // its length in bytes
	OutOffset    int64    `json:"out_offset"` // where its repair starts in the output
	OutLength    int64    `json:"out_length"`
	Chain        []string `json:"chain"` // the encodings it was misread as, first one first
	Description  string   `json:"description"`
	Lossy        bool     `json:"lossy"`         // bytes had been lost: U+FFFD stands for them, or a space was taken for a lost no-break space
	Score        int      `json:"score"`         // how much less odd the repair reads, by the cost model
	UnseenBefore int      `json:"unseen_before"` // pairs of characters real text never holds, in the stretch as found
	UnseenAfter  int      `json:"unseen_after"`  // and in its repair
	Old          string   `json:"old"`
	New          string   `json:"new"`
}

// mojibakeRun is --mojibake on one input.
type mojibakeRun struct {
	tr   *mojibake.Transformer
	more int64 // stretches undone by other transformers (a file in ranges: mojibakeRanges)
	err  error // the first failure writing a report
	name string
}

// wrap returns tr followed by the mojibake repair when --mojibake is on, and
// the run that counts and reports its changes (nil when off).
func (o *mojibakeOptions) wrap(tr transform.Transformer, path string, errOut io.Writer) (transform.Transformer, *mojibakeRun) {
	if !o.on {
		return tr, nil
	}
	run := &mojibakeRun{tr: mojibake.NewTransformer(o.lib), name: displayName(path)}
	switch {
	case o.explain:
		run.tr.Report = func(c mojibake.Change) {
			lossy := ""
			if c.Lossy {
				lossy = ", with bytes lost"
			}
			_, err := fmt.Fprintf(errOut, "%s:%d:%d: bytes %d-%d: %s -> %s (%s%s; score %d, unseen pairs %d -> %d)\n", run.name, c.Line, c.Column, c.InStart, c.InEnd,
				strconv.Quote(c.Old), strconv.Quote(c.New), c.Chain, lossy, c.Score, c.UnseenBefore, c.UnseenAfter)
			run.fail(err)
		}
	case o.json:
		enc := json.NewEncoder(errOut)
		enc.SetEscapeHTML(false)
		run.tr.Report = func(c mojibake.Change) {
			chain := make([]string, len(c.Chain))
			for i, e := range c.Chain {
				chain[i] = e.String()
			}
			run.fail(enc.Encode(mojibakeChange{
				File: run.name, Line: c.Line, Column: c.Column, Offset: c.InStart, Length: c.InEnd - c.InStart,
				OutOffset: c.OutStart, OutLength: c.OutEnd - c.OutStart,
				Chain: chain, Description: c.Chain.String(), Lossy: c.Lossy,
				Score: c.Score, UnseenBefore: c.UnseenBefore, UnseenAfter: c.UnseenAfter, Old: c.Old, New: c.New,
			}))
		}
	}
	return transform.Chain(tr, run.tr), run
}

func (r *mojibakeRun) fail(err error) {
	if err != nil && r.err == nil {
		r.err = err
	}
}

// summary is the line fix prints on standard error after a file, "" when
// nothing was undone.
func (r *mojibakeRun) summary() string {
	if r == nil || r.tr.Changes()+r.more == 0 {
		return ""
	}
	n := r.tr.Changes() + r.more
	what := "stretches"
	if n == 1 {
		what = "stretch"
	}
	return fmt.Sprintf("undid mojibake in %d %s in %s", n, what, r.name)
}
