// What --version prints: the tool's version, the Go that built it, and the
// kernels this CPU selected, which is what a bug report about speed or a
// wrong answer on one machine needs.
//
// The version is, in order: one set at build time with -ldflags "-X
// main.version=v1.2.3"; the module version "go install ...@v1.2.3" records
// in the build information; else "devel", with the VCS revision and time
// "go build" records in a checkout, and "modified" when the tree had
// uncommitted changes.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/utf8x/utf8x"
	"github.com/utf8x/utf8x/transcode"
)

// versionText is --version's output for this binary.
func versionText() string {
	bi, _ := debug.ReadBuildInfo()
	return formatVersion(version, bi, utf8x.KernelSet(), transcode.KernelSet())
}

// formatVersion is versionText from its parts; bi may be nil (a binary built
// without module support).
func formatVersion(set string, bi *debug.BuildInfo, validation, transcoding string) string {
	v := set
	var settings = map[string]string{}
	goVersion := runtime.Version()
	if bi != nil {
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
	}
	if v == "dev" || v == "" {
		v = "devel"
		if bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "utf8x %s\n", v)
	var vcs []string
	if rev := settings["vcs.revision"]; rev != "" {
		vcs = append(vcs, "commit "+rev[:min(len(rev), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		vcs = append(vcs, t)
	}
	if settings["vcs.modified"] == "true" {
		vcs = append(vcs, "modified")
	}
	fmt.Fprintf(&b, "built with %s for %s/%s", goVersion, runtime.GOOS, runtime.GOARCH)
	if len(vcs) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(vcs, ", "))
	}
	fmt.Fprintf(&b, "\nkernels: validation %s, transcoding %s\n", validation, transcoding)
	return b.String()
}
