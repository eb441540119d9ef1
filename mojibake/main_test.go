package mojibake

import (
	"os"
	"os/exec"
	"testing"

	"golang.org/x/text/transform"
)

// lazyChild names the environment variable under which the test binary
// checks the entry points of a process that has built no table yet.
const lazyChild = "MOJIBAKE_LAZY_CHILD"

// TestMain builds the tables first, as many tests call the internals
// directly rather than through Fix or Transform, which build them on first
// use; except in the child of TestTablesBuiltOnFirstUse.
func TestMain(m *testing.M) {
	if os.Getenv(lazyChild) == "" {
		buildTables()
	}
	os.Exit(m.Run())
}

// TestTablesBuiltOnFirstUse runs the entry points in a fresh process, where
// nothing has built the tables: each must build them itself.
func TestTablesBuiltOnFirstUse(t *testing.T) {
	if os.Getenv(lazyChild) != "" {
		if got, _ := FixString("caf\u00c3\u00a9"); got != "caf\u00e9" {
			t.Fatalf("FixString: %q", got)
		}
		return
	}
	for _, name := range []string{"TestTablesBuiltOnFirstUse", "TestTransformBuildsTables"} {
		cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
		cmd.Env = append(os.Environ(), lazyChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s in a fresh process: %v\n%s", name, err, out)
		}
	}
}

// TestTransformBuildsTables is the Transformer's half of
// TestTablesBuiltOnFirstUse (in the parent it runs with the tables built).
func TestTransformBuildsTables(t *testing.T) {
	got, _, err := transform.String(NewTransformer(), "na\u00c3\u00afve")
	if err != nil || got != "na\u00efve" {
		t.Fatalf("Transform: %q, %v", got, err)
	}
}
