// The built-in sample of check --sample: valid text in several scripts, then
// the faults met most often in real files, so that a first run shows what the
// tool reports without any input of one's own.
package main

import (
	"bytes"
	"io"
)

// sampleName names the sample in reports.
const sampleName = "<sample>"

// sampleText is the sample. Its faults, by line:
//
//	7: C0 AF, an overlong encoding of '/' (the classic path-traversal trick)
//	8: ED A0 80, the lone UTF-16 surrogate U+D800 encoded as if it were a character
//	9: F0 9F 98, the first 3 bytes of the 4-byte emoji U+1F600, cut off
//	10: "café" and curly quotes saved as Windows-1252 (E9, 93, 94)
const sampleText = "" +
	"English: Hello, world!\n" +
	"Deutsch: Grüße aus Köln\n" +
	"Русский: Привет, мир\n" +
	"日本語: こんにちは世界\n" +
	"العربية: مرحبا بالعالم\n" +
	"Emoji: 😀 👍🏽\n" +
	"Overlong slash: ..\xC0\xAF..\n" +
	"Lone surrogate: \xED\xA0\x80\n" +
	"Cut-off emoji: \xF0\x9F\x98 (the end is missing)\n" +
	"Windows-1252: caf\xE9 \x93quoted\x94\n"

func checkSample(w io.Writer, opts checkOptions) error {
	p := &checkPrinter{opts: opts, name: sampleName, send: func(b []byte) error {
		if b == nil {
			return nil
		}
		_, err := w.Write(b)
		return err
	}}
	res, err := checkStream(bytes.NewReader([]byte(sampleText)), sampleName, opts, p.error, p.flush)
	if err != nil {
		return err
	}
	p.summary(res)
	if err := p.flush(); err != nil {
		return err
	}
	return &exitError{code: exitInvalid}
}
