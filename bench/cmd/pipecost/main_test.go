//go:build linux

package main

import (
	"path/filepath"
	"testing"
)

// Every way that writes puts the whole file's length into the pipe (each
// error's three bytes replaced by three), with errors as dense as allowed
// and as sparse.
func TestWaysPutEveryByte(t *testing.T) {
	for _, perMiB := range []int{1, 16, 256} {
		const size = 4 * mib
		res, err := measure(filepath.Join(t.TempDir(), "text"), size, perMiB, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 5 {
			t.Fatalf("%d ways, want 5", len(res))
		}
		for _, r := range res[1:] {
			if r.out != size {
				t.Errorf("%d errors per MiB, %s: %d bytes into the pipe, want %d", perMiB, r.name, r.out, size)
			}
		}
		if res[0].out != 0 {
			t.Errorf("read put %d bytes into the pipe, want none", res[0].out)
		}
	}
}
