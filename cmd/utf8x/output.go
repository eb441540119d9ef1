// Writing an output file atomically, shared by every command that writes files.
//
// createAtomic opens a temporary file beside the destination (the same
// directory, so the final rename cannot cross file systems); commit syncs it to
// disk, gives it the destination's mode and renames it over the destination, and
// syncs the directory so that the rename itself survives a crash. Until commit
// the destination is untouched: a failed run calls abort, and an interrupted one
// (SIGINT, SIGTERM, SIGHUP, SIGQUIT: see interrupt.go) has its temporary files
// removed before the tool exits, so no half-written file is ever seen under the
// destination's name.
//
// A run killed by SIGKILL, or a crash, cannot remove its temporary file. The
// next run that writes a file in the same directory does (sweepStale): a
// file of our exact naming, ".NAME.utf8x-XXXXXXXXXXXX.tmp", owned by the
// user, untouched for staleAge, and whose lock no process holds (a run
// holds an exclusive flock(2) on its temporary file while it writes, and
// the kernel drops it when the process dies, however it dies).
//
// github.com/google/renameio/v2 does the same job but builds only on Unix and
// needs a newer Go than go.mod promises, so the tool carries these few lines.
package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// atomicFile is an output that appears under its name only when committed.
type atomicFile struct {
	*os.File
	dest     string      // the file to replace, symbolic links resolved
	mode     fs.FileMode // the mode to give the result
	uid, gid int         // the replaced file's owner and group, when keepOwner
	keepOwn  bool
	warn     io.Writer // where to say that the owner could not be kept
	done     bool
}

// createAtomic starts writing path. The temporary file is created 0600, so
// nobody else can read the content while it is written. If path exists, the
// result keeps its mode (permission and setuid/setgid/sticky bits) and, where
// the process may give it (as root, or a group it belongs to), its owner and
// group, as sed -i does; when it cannot, commit says so on warn. If path is a
// symbolic link, the file it points to is replaced and the link stays. A new
// file gets the mode os.Create would give it (0666 less the umask).
func createAtomic(path string, warn io.Writer) (*atomicFile, error) {
	dest := path
	mode := 0o666 &^ processUmask()
	var uid, gid int
	keepOwn, exists := false, false
	if real, err := filepath.EvalSymlinks(path); err == nil {
		dest = real
	}
	if fi, err := os.Stat(dest); err == nil {
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file; refusing to replace it", path)
		}
		mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
		uid, gid, keepOwn = fileOwner(fi)
		exists = true
	}
	dir, base := filepath.Dir(dest), filepath.Base(dest)
	watchSignals()
	sweepStale(dir)
	for range 100 {
		// math/rand/v2's generator is the runtime's ChaCha8, seeded from the
		// kernel's randomness, so the names cannot be predicted; crypto/rand
		// would bring crypto/internal/fips140/... and their package inits,
		// which every run of the command (even --help) would pay for.
		var r [tempRandBytes]byte
		v := rand.Uint64()
		for i := range r {
			r[i] = byte(v >> (8 * i))
		}
		name := filepath.Join(dir, "."+base+tempInfix+hex.EncodeToString(r[:])+tempSuffix)
		live.mu.Lock()
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			live.mu.Unlock()
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return nil, describeCreateError(path, dir, exists, err)
		}
		lockTemp(f)
		a := &atomicFile{File: f, dest: dest, mode: mode, uid: uid, gid: gid, keepOwn: keepOwn, warn: warn}
		if live.files == nil {
			live.files = map[*atomicFile]struct{}{}
		}
		live.files[a] = struct{}{}
		live.mu.Unlock()
		return a, nil
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file in %s", path, dir)
}

// The temporary files' names: "." + the destination's name + tempInfix +
// tempRandBytes random bytes in lowercase hex + tempSuffix.
const (
	tempInfix     = ".utf8x-"
	tempSuffix    = ".tmp"
	tempRandBytes = 6
)

// staleAge is how long a temporary file must have gone unwritten before
// sweepStale may remove it, besides its lock being free: a run that has
// just created its file has not locked it yet.
const staleAge = 10 * time.Minute

// swept holds the directories sweepStale has already looked at in this run.
var swept sync.Map

// isTempName reports whether name is one createAtomic gives.
func isTempName(name string) bool {
	rest, ok := strings.CutSuffix(name, tempSuffix)
	if !ok || !strings.HasPrefix(rest, ".") {
		return false
	}
	i := strings.LastIndex(rest, tempInfix)
	if i < 2 { // "." and a name of at least one byte before the infix
		return false
	}
	h := rest[i+len(tempInfix):]
	if len(h) != 2*tempRandBytes {
		return false
	}
	for _, c := range []byte(h) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// sweepStale removes from dir the temporary files that runs killed before
// they could remove them left behind (see the top of this file), once per
// directory per run. It reads dir in batches, so a huge directory costs
// time but not memory, and it says nothing: the files are ours and dead.
func sweepStale(dir string) {
	if _, seen := swept.LoadOrStore(dir, true); seen {
		return
	}
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	defer d.Close()
	now := time.Now()
	for {
		entries, err := d.ReadDir(256)
		for _, e := range entries {
			if !e.Type().IsRegular() || !isTempName(e.Name()) {
				continue
			}
			fi, err := e.Info()
			if err != nil || now.Sub(fi.ModTime()) < staleAge || !ownedByUs(fi) {
				continue
			}
			path := filepath.Join(dir, e.Name())
			if tempAbandoned(path) {
				os.Remove(path)
			}
		}
		if err != nil {
			return
		}
	}
}

// describeCreateError explains why no file could be created beside path,
// which exists or not.
func describeCreateError(path, dir string, exists bool, err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		outcome := "nothing was written"
		if exists {
			outcome = "the file was left as it was"
		}
		return fmt.Errorf("%s: cannot write to directory %s: permission denied (%s)", path, dir, outcome)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: directory %s does not exist", path, dir)
	}
	return fmt.Errorf("%s: cannot create a file in %s: %s", path, dir, underlying(err))
}

// commit makes the written content appear under the destination's name.
func (a *atomicFile) commit() error {
	live.mu.Lock()
	done := a.done // also set by an interrupt that removed the file
	live.mu.Unlock()
	if done {
		return errors.New("atomic file committed twice")
	}
	err := a.Sync()
	if err == nil && a.keepOwn {
		a.keepOwner() // before Chmod: a change of owner clears the setuid and setgid bits
	}
	if err == nil {
		err = a.Chmod(a.mode)
	}
	if cerr := a.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		live.mu.Lock()
		if err = os.Rename(a.Name(), a.dest); err == nil {
			a.done = true
			delete(live.files, a)
		}
		live.mu.Unlock()
	}
	if err != nil {
		a.abort()
		return fmt.Errorf("%s: cannot write: %s (the file was left as it was)", a.dest, underlying(err))
	}
	syncDir(filepath.Dir(a.dest))
	return nil
}

// keepOwner gives the temporary file the replaced file's owner and group,
// or as much of them as the process may, and warns about the rest.
func (a *atomicFile) keepOwner() {
	fi, err := a.Stat()
	if err != nil {
		return
	}
	uid, gid, ok := fileOwner(fi)
	if !ok || uid == a.uid && gid == a.gid {
		return
	}
	err = a.Chown(a.uid, a.gid)
	if err == nil {
		return
	}
	// Not root: the group may still be kept if the process belongs to it.
	if gid != a.gid && a.Chown(-1, a.gid) == nil {
		gid = a.gid
	}
	lost := "owner " + ownerName(a.uid)
	if gid != a.gid {
		lost = fmt.Sprintf("owner %s and group %s", ownerName(a.uid), groupName(a.gid))
	}
	fmt.Fprintf(a.warn, "utf8x: warning: %s: could not keep its %s (%s); it now belongs to %s:%s\n",
		a.dest, lost, underlying(err), ownerName(uid), groupName(gid))
}

// ownerName is the name of the user uid, or the number.
// (Not os/user: with cgo it links the C library, making the tool a
// dynamic executable that starts a millisecond slower, for a warning.)
func ownerName(uid int) string { return accountName("passwd", uid) }

// groupName is the name of the group gid, or the number.
func groupName(gid int) string { return accountName("group", gid) }

// accountName names the user or group (db "passwd" or "group") id: from
// /etc/passwd or /etc/group, else from getent (which asks the directory
// services the system is set up for, LDAP or sssd, as the C library
// does), else id in decimal.
func accountName(db string, id int) string {
	want := strconv.Itoa(id)
	if data, err := os.ReadFile("/etc/" + db); err == nil {
		if name := accountLine(string(data), want); name != "" {
			return name
		}
	}
	if out, err := exec.Command("getent", db, want).Output(); err == nil {
		if name := accountLine(string(out), want); name != "" {
			return name
		}
	}
	return want
}

// accountLine finds the line of a passwd or group file (NAME:PASSWORD:ID:...)
// whose ID is id and returns its NAME, or "".
func accountLine(data, id string) string {
	for _, line := range strings.Split(data, "\n") {
		f := strings.SplitN(line, ":", 4)
		if len(f) >= 3 && f[2] == id && f[0] != "" && !strings.HasPrefix(f[0], "#") {
			return f[0]
		}
	}
	return ""
}

// abort throws the temporary file away; the destination is untouched. It is
// safe to call after commit, which makes it a no-op, so callers may defer it.
func (a *atomicFile) abort() {
	live.mu.Lock()
	defer live.mu.Unlock()
	if a.done {
		return
	}
	a.done = true
	a.Close()
	os.Remove(a.Name())
	delete(live.files, a)
}

// syncDir makes a rename in dir durable. Windows has no such call and renames
// are journaled there; elsewhere a failure is not worth failing the run for,
// since the content itself is already synced.
func syncDir(dir string) {
	if runtime.GOOS == "windows" {
		return
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// live holds the temporary files not yet committed or aborted, so that an
// interrupt can remove them: a killed run must not leave litter beside the
// user's files. Its lock is held while a file is created, renamed or removed,
// so an interrupt never falls between creating a file and registering it, and
// never removes a file that a rename already made the destination. Its map
// is made with the first file (a run that writes none does not build it).
var live liveFiles

type liveFiles struct {
	mu    sync.Mutex
	files map[*atomicFile]struct{}
}

// removeAll deletes every temporary file still being written.
func (l *liveFiles) removeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.removeLocked()
}

// removeLocked deletes every temporary file still being written and returns
// the names of the files they would have replaced. l.mu must be held.
func (l *liveFiles) removeLocked() []string {
	var dests []string
	for a := range l.files {
		a.File.Close()
		os.Remove(a.Name())
		a.done = true
		delete(l.files, a)
		dests = append(dests, a.dest)
	}
	return dests
}

// outputError is a failure to write the fixed text to the file name, or to
// standard output when name is empty.
type outputError struct {
	name string
	err  error
}

func (e *outputError) Error() string {
	if e.name == "" {
		return "cannot write to standard output: " + underlying(e.err)
	}
	return fmt.Sprintf("cannot write %s: %s (%[1]s was left as it was)", e.name, underlying(e.err))
}

func (e *outputError) Unwrap() error { return e.err }

// appendHex appends p as fmt's "% X" verb writes it ("E2 82 AC"). check lists
// every error of a damaged file, millions of them, and fmt's per-call cost
// (boxing the argument, its printer pool, the verb's parsing) was a tenth of
// that run's CPU time.
func appendHex(dst, p []byte) []byte {
	const digits = "0123456789ABCDEF"
	for i, c := range p {
		if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, digits[c>>4], digits[c&15])
	}
	return dst
}

// hexString returns p as fmt's "% X" verb writes it.
func hexString(p []byte) string {
	var buf [3 * 8]byte // an error's bytes fit; longer ones grow it
	return string(appendHex(buf[:0], p))
}
