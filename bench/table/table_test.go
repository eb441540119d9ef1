package table

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// TestImplsAgree checks that every implementation in the table computes the
// same answer on every generated input (and the corpus, when present), so the
// table never compares unequal work.
func TestImplsAgree(t *testing.T) {
	inputs := Generated([]int{8, 32, 1000, 70000}, []string{"8", "32", "1000", "70000"})
	if c, err := Corpus("../../../shared/corpus"); err == nil {
		inputs = append(inputs, c...)
	} else {
		t.Logf("corpus not found, generated inputs only: %v", err)
	}
	for _, op := range Ops(true) {
		for _, in := range inputs {
			want := op.Impls[0].Run(in.Data)
			for _, impl := range op.Impls[1:] {
				if got := impl.Run(in.Data); got != want {
					t.Errorf("%s on %s: %s = %d, %s = %d", op.Name, in.Name, impl.Name, got, op.Impls[0].Name, want)
				}
			}
		}
	}
}

func TestPrint(t *testing.T) {
	ops := Ops(false)
	res := Run(Config{Ops: ops, Inputs: Generated([]int{32}, []string{"32B"}), Rounds: 1, MinDur: time.Microsecond})
	var buf bytes.Buffer
	Print(&buf, ops, res)
	out := buf.String()
	for _, want := range []string{"#### Valid", "| mixed/32B | mixed | 32 |", "generated, 32 B"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if testing.Verbose() {
		os.Stdout.WriteString(out)
	}
}
