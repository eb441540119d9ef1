// Package training reads the text the mojibake repair is trained and tested
// on: the Debian manual pages and gettext catalogs that
// detect/internal/gen/fetch-training.sh puts under
// /tmp/utf8x-detect-training/raw/<lang>/. Manual pages are taken line by line
// as they are (roff and all: text in the wild holds markup too), catalogs as
// the lines of their translations.
package training

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultRoot is where fetch-training.sh leaves the training text.
const DefaultRoot = "/tmp/utf8x-detect-training/raw"

// maxDoc caps one document's decompressed size: a damaged or hostile file
// must not take the memory of the machine.
const maxDoc = 16 << 20

// Doc is one file of the training text.
type Doc struct {
	Lang, Name string
	Lines      []string
}

// HeldOut reports whether the document is kept out of training: one in
// five, chosen by a hash of its name, so that test sentences come from
// documents the model never saw.
func HeldOut(name string) bool {
	h := fnv.New32a()
	h.Write([]byte(name))
	return h.Sum32()%5 == 0
}

// Files returns the training files under root, sorted, or nil when root
// holds none.
func Files(root string) []string {
	var out []string
	for _, pat := range []string{"*/*.gz", "*/*.mo"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		out = append(out, m...)
	}
	sort.Strings(out)
	return out
}

// Read returns the lines of one training file.
func Read(path string) (Doc, error) {
	d := Doc{Lang: filepath.Base(filepath.Dir(path)), Name: filepath.Base(path)}
	raw, err := os.ReadFile(path)
	if err != nil {
		return d, err
	}
	switch {
	case strings.HasSuffix(path, ".gz"):
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return d, err
		}
		b, err := io.ReadAll(io.LimitReader(zr, maxDoc))
		if err != nil {
			return d, err
		}
		d.Lines = strings.Split(string(b), "\n")
	case strings.HasSuffix(path, ".mo"):
		ss, err := moStrings(raw)
		if err != nil {
			return d, err
		}
		for _, s := range ss {
			d.Lines = append(d.Lines, strings.Split(s, "\n")...)
		}
	}
	return d, nil
}

// moStrings returns the translations (msgstr) of a gettext .mo catalog, the
// forms of a plural each on its own, the catalog header left out.
func moStrings(b []byte) ([]string, error) {
	if len(b) < 28 {
		return nil, errors.New("short .mo file")
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if binary.BigEndian.Uint32(b) == 0x950412de {
		bo = binary.BigEndian
	} else if bo.Uint32(b) != 0x950412de {
		return nil, errors.New("not a .mo file")
	}
	n, table := int(bo.Uint32(b[8:])), int(bo.Uint32(b[16:]))
	var out []string
	for i := 0; i < n; i++ {
		at := table + 8*i
		if at < 0 || at+8 > len(b) {
			return nil, errors.New("truncated .mo file")
		}
		l, off := int(bo.Uint32(b[at:])), int(bo.Uint32(b[at+4:]))
		if off < 0 || l < 0 || off+l > len(b) {
			return nil, errors.New("bad string offset in .mo file")
		}
		s := string(b[off : off+l])
		if s == "" || strings.HasPrefix(s, "Project-Id-Version:") || strings.Contains(s, "Content-Type:") {
			continue
		}
		out = append(out, strings.Split(s, "\x00")...)
	}
	return out, nil
}
