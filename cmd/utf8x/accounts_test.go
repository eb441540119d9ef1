package main

import (
	"os"
	"os/user"
	"strconv"
	"testing"
)

func TestAccountLine(t *testing.T) {
	data := "# comment:x:7:\nroot:x:0:0:root:/root:/bin/sh\n\nbroken\ndaemon:x:1:1::/:/bin/false\nalice:x:1000:1000::/home/alice:/bin/sh"
	for id, want := range map[string]string{"0": "root", "1": "daemon", "1000": "alice", "7": "", "42": "", "": ""} {
		if got := accountLine(data, id); got != want {
			t.Errorf("accountLine(%q) = %q, want %q", id, got, want)
		}
	}
}

// On this machine the names are those os/user finds, and an id no one has
// is its number.
func TestOwnerNameAsOSUser(t *testing.T) {
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
	const nobody = 2_000_000_007
	if _, err := user.LookupId(strconv.Itoa(nobody)); err == nil {
		t.Skip("someone has uid 2000000007")
	}
	if got := ownerName(nobody); got != "2000000007" {
		t.Errorf("ownerName of an unknown uid = %q, want its number", got)
	}
}
