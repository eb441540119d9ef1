package main

import (
	"bytes"
	"testing"
)

// Pieces that fit in the private pipe stay there: writev moves the pipe on
// to the output only when it is full, else every repair would wake the
// reader (the point of the private pipe).
func TestStageWritevHolds(t *testing.T) {
	w, output := pipeOut(t)
	st := newStage(w)
	if st.w < 0 {
		t.Skip("no private pipe")
	}
	var want []byte
	for i := range 50 {
		pieces := [][]byte{bytes.Repeat([]byte{'a' + byte(i%26)}, i), []byte("\uFFFD")}
		for _, p := range pieces {
			want = append(want, p...)
		}
		if err := st.writev(pieces); err != nil {
			t.Fatal(err)
		}
		if st.held != len(want) {
			t.Fatalf("after %d writes the private pipe holds %d bytes, want %d: it was moved on early", i+1, st.held, len(want))
		}
	}
	err := st.flush()
	st.close()
	got := output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("wrote %q, want %q", got, want)
	}
}
