//go:build unix

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// withUmask runs f with the process umask set to mask.
func withUmask(mask int, f func()) {
	old := syscall.Umask(mask)
	defer syscall.Umask(old)
	f()
}

// The temporary file is readable by its owner only while it is written, so
// another user cannot read a private file's content during a rewrite; the
// result gets the replaced file's mode, or the umask's default for a new one.
func TestAtomicTempIsPrivate(t *testing.T) {
	dir := t.TempDir()
	withUmask(0o027, func() {
		umaskOnce = sync.Once{} // read the umask this test sets
		for _, tc := range []struct {
			name     string
			existing os.FileMode // 0: no such file yet
			want     os.FileMode
		}{
			{"new.txt", 0, 0o640},
			{"private.txt", 0o600, 0o600},
			{"shared.txt", 0o664, 0o664},
			{"script.sh", 0o755, 0o755},
			{"setgid", 0o2750 | os.ModeSetgid, 0o750 | os.ModeSetgid},
		} {
			dest := filepath.Join(dir, tc.name)
			if tc.existing != 0 {
				if err := os.WriteFile(dest, []byte("old"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(dest, tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			a, err := createAtomic(dest, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			fi, err := a.Stat()
			if err != nil {
				t.Fatal(err)
			}
			if perm := fi.Mode() & os.ModePerm; perm != 0o600 {
				t.Errorf("%s: temporary file has mode %v while written, want 0600", tc.name, perm)
			}
			a.WriteString("new")
			if err := a.commit(); err != nil {
				t.Fatal(err)
			}
			fi, err = os.Stat(dest)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode() & (os.ModePerm | os.ModeSetgid | os.ModeSetuid); got != tc.want {
				t.Errorf("%s: mode after commit %v, want %v", tc.name, got, tc.want)
			}
		}
	})
	umaskOnce = sync.Once{}
}

// As root, a file replaced in place keeps its owner and group, as with sed -i.
func TestInPlaceKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user; TestFaultPermissions covers the non-root side")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "theirs.txt")
	if err := os.WriteFile(p, []byte("caf\xE9\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	const uid, gid = 65534, 65533
	if err := os.Chown(p, uid, gid); err != nil {
		t.Skip("cannot chown here:", err)
	}
	for _, args := range [][]string{
		{"fix", "-q", "--invalid", "cp1252", "--in-place", p},
		{"fix", "-o", p, filepath.Join(dir, "other.txt")},
	} {
		os.WriteFile(filepath.Join(dir, "other.txt"), []byte("x\n"), 0o644)
		var errOut bytes.Buffer
		if code := run(args, nil, io.Discard, &errOut); code != 0 {
			t.Fatalf("utf8x %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		st := fi.Sys().(*syscall.Stat_t)
		if st.Uid != uid || st.Gid != gid || fi.Mode().Perm() != 0o640 {
			t.Errorf("utf8x %s: owner %d:%d mode %v, want %d:%d 0640", strings.Join(args, " "), st.Uid, st.Gid, fi.Mode().Perm(), uid, gid)
		}
		if errOut.Len() > 0 {
			t.Errorf("utf8x %s: unexpected stderr %q", strings.Join(args, " "), errOut.String())
		}
	}
}
