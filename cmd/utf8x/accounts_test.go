package main

import (
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"testing"
)

func TestAccountName(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "passwd")
	data := "# comment:x:7:\nroot:x:0:0:root:/root:/bin/sh\n\nbroken\ndaemon:x:1:1::/:/bin/false\nalice:x:1000:1000::/home/alice:/bin/sh"
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[int]string{0: "root", 1: "daemon", 1000: "alice", 7: "7", 42: "42"} {
		if got := accountName(file, id); got != want {
			t.Errorf("accountName(%d) = %q, want %q", id, got, want)
		}
	}
	if got := accountName(filepath.Join(dir, "none"), 3); got != "3" {
		t.Errorf("accountName of a missing file = %q, want 3", got)
	}
}

// On this machine the names are those os/user finds (for accounts in the
// files, which is all a test machine has).
func TestOwnerNameAsOSUser(t *testing.T) {
	if _, err := os.Stat("/etc/passwd"); err != nil {
		t.Skip("no /etc/passwd")
	}
	for _, id := range []int{0, os.Getuid()} {
		if u, err := user.LookupId(strconv.Itoa(id)); err == nil && ownerName(id) != u.Username {
			t.Errorf("ownerName(%d) = %q, os/user says %q", id, ownerName(id), u.Username)
		}
	}
	for _, id := range []int{0, os.Getgid()} {
		if g, err := user.LookupGroupId(strconv.Itoa(id)); err == nil && groupName(id) != g.Name {
			t.Errorf("groupName(%d) = %q, os/user says %q", id, groupName(id), g.Name)
		}
	}
}
