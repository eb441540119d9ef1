package table

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
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

func TestMisreadLoss(t *testing.T) {
	// "é" is C3 A9, "Í" is C3 8D (8D is unassigned in windows-1252), and
	// "à" is C3 A0 (A0 is the no-break space).
	in := []byte("é Í à")
	for _, c := range []struct {
		loss Loss
		want string
	}{
		{LossNone, "Ã© Ã\u008d Ã\u00a0"},
		{LossFFFD, "Ã© Ã\ufffd Ã\u00a0"},
		{LossDrop, "Ã© Ã Ã\u00a0"},
		{LossNBSP, "Ã© Ã\u008d Ã "},
	} {
		if got := string(MisreadLoss(in, charmap.Windows1252, c.loss)); got != c.want {
			t.Errorf("loss %d: %q, want %q", c.loss, got, c.want)
		}
	}
}
