package detect

import (
	"bytes"
	"reflect"
	"sync"
	"testing"
)

// Detecting from many goroutines at once gives each input the answer it
// gets alone: the model's pools (windows, scratch, decode buffers) and the
// masks it builds after a few windows are shared safely. Run with -race.
func TestDetectConcurrent(t *testing.T) {
	var ins [][]byte
	for _, s := range []string{
		"Le garçon a mangé une crème brûlée près de la fenêtre. ",
		"Вчера вечером мы долго гуляли по набережной. ",
		"<tr><td title=\"Grüße aus Köln\">Straße</td></tr>\n",
	} {
		for _, enc := range []func([]byte) []byte{cp1252, cp1251} {
			for _, n := range []int{3, 40, 400} {
				ins = append(ins, enc(bytes.Repeat([]byte(s), n)))
			}
		}
	}
	all := &Options{Limit: -1}
	want := make([]Result, len(ins))
	for i, p := range ins {
		want[i] = Detect(p, all)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(ins))
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range ins {
				i := (k + g) % len(ins)
				if got := Detect(ins[i], all); !reflect.DeepEqual(got, want[i]) {
					errs <- string(ins[i][:20])
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("%q...: a different answer when detected concurrently", e)
	}
}
