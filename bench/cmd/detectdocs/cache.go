package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// cacheDir keeps the peers' answers between runs, keyed by the file's
// SHA-256 (and enca's language), so that a rerun to judge a change to
// utf8x runs only utf8x: the peers do not change. "" disables it.
var cacheDir = filepath.Join(os.TempDir(), "utf8x-detectdocs-cache")

// cached runs fn on the files whose answer the cache for peer name does
// not hold, and returns the answers on all files.
func cached(name string, files []string, samples []sample, fn func(files []string, samples []sample) (run, error)) (run, error) {
	if cacheDir == "" {
		return fn(files, samples)
	}
	keys := make([]string, len(samples))
	for i := range samples {
		sum := sha256.Sum256(samples[i].bytes)
		keys[i] = hex.EncodeToString(sum[:])
		if name == "enca" {
			keys[i] += "/" + langs[samples[i].lang].enca
		}
	}
	path := filepath.Join(cacheDir, name+".tsv")
	known := map[string]answer{}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if k, rest, ok := strings.Cut(sc.Text(), "\t"); ok {
				na, label, _ := strings.Cut(rest, "\t")
				known[k] = answer{label: label, na: na == "1"}
			}
		}
		f.Close()
	}
	var missFiles []string
	var missSamples []sample
	var miss []int
	for i, k := range keys {
		if _, ok := known[k]; !ok {
			miss = append(miss, i)
			missFiles = append(missFiles, files[i])
			missSamples = append(missSamples, samples[i])
		}
	}
	r := run{name: name}
	if len(miss) > 0 {
		var err error
		if r, err = fn(missFiles, missSamples); err != nil {
			return r, err
		}
		if err := os.MkdirAll(cacheDir, 0o755); err == nil {
			if f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				w := bufio.NewWriter(f)
				for j, i := range miss {
					a := r.answers[j]
					na := "0"
					if a.na {
						na = "1"
					}
					// labels are single words or names; tabs and newlines cannot occur
					fmt.Fprintf(w, "%s\t%s\t%s\n", keys[i], na, strings.NewReplacer("\t", " ", "\n", " ").Replace(a.label))
					known[keys[i]] = answer{label: a.label, na: a.na}
				}
				w.Flush()
				f.Close()
			}
		}
	}
	answers := make([]answer, len(samples))
	for i, k := range keys {
		answers[i] = known[k]
	}
	if len(miss) < len(samples) {
		r.note = append(r.note, fmt.Sprintf("%d of %d answers from the cache in %s (times are for the others)", len(samples)-len(miss), len(samples), cacheDir))
	}
	r.name, r.answers = name, answers
	return r, nil
}
