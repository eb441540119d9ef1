//go:build !unix

package main

import "io/fs"

// processUmask is 0 where there is no umask.
func processUmask() fs.FileMode { return 0 }

// fileOwner reports no owner where files have no numeric owner.
func fileOwner(fs.FileInfo) (uid, gid int, ok bool) { return 0, 0, false }
