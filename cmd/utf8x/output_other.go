//go:build !unix

package main

import (
	"io/fs"
	"os"
)

// processUmask is 0 where there is no umask.
func processUmask() fs.FileMode { return 0 }

// fileOwner reports no owner where files have no numeric owner.
func fileOwner(fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }

// lockTemp does nothing where there is no flock(2).
func lockTemp(*os.File) {}

// tempAbandoned has no lock to look at: a temporary file older than staleAge
// (which sweepStale checks) is taken as abandoned.
func tempAbandoned(string) bool { return true }

// ownedByUs cannot tell owners apart here.
func ownedByUs(fs.FileInfo) bool { return true }
