package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	installed := &debug.BuildInfo{GoVersion: "go1.24.9", Main: debug.Module{Path: "github.com/utf8x/utf8x", Version: "v1.2.3"}}
	checkout := &debug.BuildInfo{GoVersion: "go1.24.9", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-20T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, tc := range []struct {
		set  string
		bi   *debug.BuildInfo
		want []string
	}{
		{"dev", installed, []string{"utf8x v1.2.3\n", "built with go1.24.9 for ", "kernels: validation avx2, transcoding sse\n"}},
		{"v9.9.9", installed, []string{"utf8x v9.9.9\n"}},
		{"dev", checkout, []string{"utf8x devel\n", "(commit 0123456789ab, 2026-11-20T10:00:00Z, modified)"}},
		{"dev", nil, []string{"utf8x devel\n", "built with go"}},
	} {
		got := formatVersion(tc.set, tc.bi, "avx2", "sse")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("formatVersion(%q, %+v) = %q, lacks %q", tc.set, tc.bi, got, w)
			}
		}
		if strings.Contains(got, "dev\n") || strings.Contains(got, "(devel)") {
			t.Errorf("formatVersion(%q) = %q: says dev", tc.set, got)
		}
	}
}
