package transcode

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/utf8x/utf8x"
)

// Differential tests against the decoders of other ecosystems: Node's
// TextDecoder (the WHATWG Encoding Standard) and Python's codecs, when they
// are installed. Each peer decodes many short random inputs, weighted toward
// surrogates, odd lengths and byte order marks, with replacement, and must
// agree with the Replace policy byte for byte.

// peerDecoder is one encoding as each peer names it ("" where it has none).
type peerDecoder struct {
	ours         Encoding
	node, python string
}

var peerDecoders = []peerDecoder{
	{UTF16LE, "utf-16le", "utf-16-le"},
	{UTF16BE, "utf-16be", "utf-16-be"},
	{UTF8, "utf-8", "utf-8"},
	{UTF32LE, "", "utf-32-le"},
	{UTF32BE, "", "utf-32-be"},
}

// peerInputs are short inputs of every length up to 13, many of them odd,
// built from the bytes that make surrogates, signatures and ill-formed UTF-8.
func peerInputs(n int) [][]byte {
	rng := rand.New(rand.NewPCG(16, 8))
	pool := []byte{0x00, 0x00, 0x41, 0xD8, 0xDB, 0xDC, 0xDF, 0xFE, 0xFF, 0xED, 0xA0, 0xB0, 0x80, 0xF0, 0x90, 0xE2, 0x10, 0x11}
	inputs := [][]byte{{}, {0x00, 0xD8, 0x41}, {0xD8, 0x00, 0x41}}
	for len(inputs) < n {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = byte(rng.Uint32())
			} else {
				b[i] = pool[rng.IntN(len(pool))]
			}
		}
		inputs = append(inputs, b)
	}
	return inputs
}

const nodeScript = `
const fs = require('fs');
const [file, ...labels] = process.argv.slice(1);
const decs = labels.map(l => new TextDecoder(l, {fatal: false, ignoreBOM: true}));
const out = [];
for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
  if (line === '') continue;
  const b = Buffer.from(line.slice(1), 'hex');
  out.push(decs.map(d => Buffer.from(d.decode(b), 'utf8').toString('hex')).join(' '));
}
fs.writeFileSync(1, out.join('\n') + '\n');
`

const pythonScript = `
import sys
file, labels = sys.argv[1], sys.argv[2:]
out = []
for line in open(file):
    b = bytes.fromhex(line.strip()[1:])
    out.append(' '.join(b.decode(l, 'replace').encode('utf-8').hex() for l in labels))
sys.stdout.write('\n'.join(out) + '\n')
`

// runPeer runs a peer on the inputs and returns, per input, its UTF-8 output
// for each label.
func runPeer(t *testing.T, name string, args []string, inputs [][]byte, labels []string) [][]string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "inputs")
	var in bytes.Buffer
	for _, b := range inputs {
		fmt.Fprintf(&in, "x%x\n", b) // the x keeps the empty input's line
	}
	if err := os.WriteFile(file, in.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, append(append(args, file), labels...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var rows [][]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		rows = append(rows, strings.Split(sc.Text(), " "))
	}
	if len(rows) != len(inputs) {
		t.Fatalf("%s answered %d lines for %d inputs", name, len(rows), len(inputs))
	}
	return rows
}

func checkPeer(t *testing.T, name string, args []string, label func(peerDecoder) string) {
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not installed: the differential test against it is skipped", name)
	}
	var decs []peerDecoder
	var labels []string
	for _, d := range peerDecoders {
		if l := label(d); l != "" {
			decs = append(decs, d)
			labels = append(labels, l)
		}
	}
	n := 4000
	if testing.Short() {
		n = 1000
	}
	inputs := peerInputs(n)
	rows := runPeer(t, path, args, inputs, labels)
	bad := 0
	for i, in := range inputs {
		for j, d := range decs {
			want, err := hex.DecodeString(rows[i][j])
			if err != nil {
				t.Fatalf("%s output %q: %v", name, rows[i][j], err)
			}
			got, err := d.ours.WithPolicy(utf8x.Replace).AppendDecode(nil, in)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s % X: ours %+q, %v; %s %q gives %+q", d.ours, in, got, err, name, labels[j], want)
				if bad++; bad > 20 {
					t.FailNow()
				}
			}
		}
	}
}

func TestDifferentialNode(t *testing.T) {
	checkPeer(t, "node", []string{"-e", nodeScript}, func(d peerDecoder) string { return d.node })
}

func TestDifferentialPython(t *testing.T) {
	checkPeer(t, "python3", []string{"-c", pythonScript}, func(d peerDecoder) string { return d.python })
}
