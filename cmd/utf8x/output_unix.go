//go:build unix

package main

import (
	"bytes"
	"io/fs"
	"os"
	"strconv"
	"sync"
	"syscall"
)

var (
	umaskOnce sync.Once
	umask     fs.FileMode
)

// processUmask returns the file mode creation mask, which a new output file
// honours as os.Create would. Linux shows it in /proc/self/status, which reads
// it without changing it; elsewhere it is set and at once restored, before any
// other file is created.
func processUmask() fs.FileMode {
	umaskOnce.Do(func() {
		if status, err := os.ReadFile("/proc/self/status"); err == nil {
			for _, line := range bytes.Split(status, []byte("\n")) {
				if v, ok := bytes.CutPrefix(line, []byte("Umask:")); ok {
					if m, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 8, 32); err == nil {
						umask = fs.FileMode(m) & fs.ModePerm
						return
					}
				}
			}
		}
		m := syscall.Umask(0o22)
		syscall.Umask(m)
		umask = fs.FileMode(m) & fs.ModePerm
	})
	return umask
}

// fileOwner returns the numeric owner and group of a file.
func fileOwner(fi fs.FileInfo) (uid, gid int, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// lockTemp takes an exclusive flock(2) on a temporary file being written,
// which the kernel releases when the process ends, however it ends: a file
// whose lock is free belongs to no running process (tempAbandoned).
func lockTemp(f *os.File) {
	if c, err := f.SyscallConn(); err == nil {
		c.Control(func(fd uintptr) { _ = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) })
	}
}

// tempAbandoned reports whether no process holds the lock of the temporary
// file at path (lockTemp), so that removing it harms no run.
func tempAbandoned(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close() // drops the lock taken here
	free := false
	if c, err := f.SyscallConn(); err == nil {
		c.Control(func(fd uintptr) { free = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) == nil })
	}
	return free
}

// ownedByUs reports whether the process's user owns the file.
func ownedByUs(fi fs.FileInfo) bool {
	uid, _, ok := fileOwner(fi)
	return ok && uid == os.Getuid()
}
