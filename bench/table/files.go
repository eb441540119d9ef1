package table

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// ReadMaybeGz returns the content of a file, gunzipped when its name ends
// in .gz (at most 8 MiB of it: the documents the accuracy commands read are
// far smaller).
func ReadMaybeGz(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil || !strings.HasSuffix(path, ".gz") {
		return b, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, 8<<20))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return out, nil
}
