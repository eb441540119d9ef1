package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
)

// pyRight holds the verdicts on answers that name a codec only Python
// knows (charset-normalizer's mac_iceland, cp775, euc_jis_2004, ...):
// Python's own codec decodes the file and the text is compared as for
// every other answer, so that such an answer is not counted wrong merely
// because x/text lacks the codec. Keyed by sample id and label.
var pyRight = map[string]bool{}

func pyKey(id int, label string) string { return fmt.Sprintf("%d\x00%s", id, label) }

const pyDecode = `
import sys, json, codecs
for line in sys.stdin:
    path, codec = line.rstrip("\n").split("\t")
    try:
        with open(path, "rb") as f:
            print(json.dumps(f.read().decode(codec)))
    except Exception:
        print("null")
`

// judgeWithPython decodes, with /usr/bin/python3's codecs, every file
// whose answer no decoder here knows; without Python they stay wrong.
func judgeWithPython(runs []run, samples []sample, files []string) error {
	type pair struct {
		id    int
		label string
	}
	var pairs []pair
	seen := map[string]bool{}
	for _, r := range runs {
		for i, a := range r.answers {
			if a.na || noText(a.label) || samples[i].enc == "binary" || decoderFor(normLabel(a.label)) != nil {
				continue
			}
			switch normLabel(a.label) {
			case "utf-8", "us-ascii":
				continue
			}
			if k := pyKey(i, a.label); !seen[k] {
				seen[k] = true
				pairs = append(pairs, pair{i, a.label})
			}
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	var in strings.Builder
	for _, p := range pairs {
		fmt.Fprintf(&in, "%s\t%s\n", files[p.id], strings.TrimSpace(p.label))
	}
	cmd := exec.Command("/usr/bin/python3", "-c", pyDecode)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	n := 0
	for sc.Scan() {
		if n >= len(pairs) {
			break
		}
		var text *string
		if json.Unmarshal(sc.Bytes(), &text) == nil && text != nil {
			pyRight[pyKey(pairs[n].id, pairs[n].label)] = sameText(*text, samples[pairs[n].id].text)
		}
		n++
	}
	if n != len(pairs) {
		return fmt.Errorf("python decoded %d of %d files", n, len(pairs))
	}
	return nil
}
