package model

import (
	"bytes"
	"strings"
	"testing"
)

// Window keeps the lines that hold bytes above 7F, in order, and takes the
// markup out of them; it is contiguous only while nothing was left out.
func TestWindow(t *testing.T) {
	for _, tc := range []struct {
		in, want   string
		contiguous bool
	}{
		{"caf\xe9\n", "caf\xe9\n", true},
		{"caf\xe9\nplain\n", "caf\xe9\n", true},
		{"plain\ncaf\xe9\n", "caf\xe9\n", false},
		{"<p>caf\xe9 &amp; th\xe9</p>\n", " caf\xe9   th\xe9 \n", false},
		{"a < b and c > d \xe9\n", "a < b and c > d \xe9\n", true},
		{"<a title=\"\xe9\">x</a> \xe9\n", "<a title=\"\xe9\">x  \xe9\n", false},
		{"AT&T \xe9 &#233; &x\n", "AT&T \xe9   &x\n", false},
		{"only ascii\n", "only ascii\n", true},
	} {
		w, c := Window([]byte(tc.in))
		if !bytes.Equal(w, []byte(tc.want)) || c != tc.contiguous {
			t.Errorf("Window(%q) = %q, %v; want %q, %v", tc.in, w, c, tc.want, tc.contiguous)
		}
	}
}

// TestWindowLongLine: a long line counts as pieces of about longLine
// bytes, cut after a byte below 0x30: only the pieces holding bytes above
// 7F are kept, and no character of a multi-byte encoding is split.
func TestWindowLongLine(t *testing.T) {
	for _, tc := range []struct{ ascii, text string }{
		{"key = value; ", "caf\xe9\n"},                  // spaces to cut at
		{"key=value;", "caf\xe9\n"},                     // none: the line stays whole
		{"x-y,", "\x82\xa0\x82\xa2 \x93\xfa\x96\x7b\n"}, // Shift_JIS, trail bytes 0x40 and up
		{"a1b2", "\x81\x30\x81\x30\x81\x31\x81\x31\n"},  // GB18030 four-byte: digits inside
	} {
		for _, n := range []int{10, 100, 400} {
			pre := strings.Repeat(tc.ascii, n)
			in := []byte(pre + tc.text)
			w, _ := Window(in)
			if !bytes.HasSuffix(in, w) || !bytes.Contains(w, []byte(strings.TrimSuffix(tc.text, "\n"))) {
				t.Fatalf("%q x %d: window %q is not a piece of the line that ends with its text", tc.ascii, n, w)
			}
			cut := len(in) - len(w)
			cuttable := strings.ContainsFunc(pre, func(r rune) bool { return r < 0x30 })
			switch {
			case len(in) <= longLine || !cuttable:
				if cut != 0 {
					t.Errorf("%q x %d: cut at %d of %d, want the whole line", tc.ascii, n, cut, len(in))
				}
			case cut == 0 || in[cut-1] >= 0x30 || len(w) > 2*longLine:
				t.Errorf("%q x %d: window of %d bytes from %d, after %q", tc.ascii, n, len(w), cut, in[max(cut-1, 0)])
			}
		}
	}
}

// stripMarkup finds the tags and references a byte-by-byte walk finds.
func TestStripMarkupMatchesWalk(t *testing.T) {
	walk := func(w []byte) ([]byte, bool) {
		var out []byte
		last := 0
		for i := 0; i < len(w); i++ {
			if b := w[i]; b != '<' && b != '&' {
				continue
			}
			n := markupLen(w[i:])
			if n == 0 {
				continue
			}
			if out == nil {
				out = []byte{}
			}
			out = append(append(out, w[last:i]...), ' ')
			i += n - 1
			last = i + 1
		}
		if out == nil {
			return w, false
		}
		return append(out, w[last:]...), true
	}
	for _, s := range []string{"", "<", "&", "a<b", "<p>caf\xe9</p>", "x &amp; y &#233; & z &;", "<<p>>", "&&amp;<<a href=x>&lt;",
		"<p\n>", "t\xe9<b>\xe8</b>&nbsp;", "<!-- c --><?xml v?></a>&x", "a < b & c > d", "&#x;&#12;<1>< p>"} {
		got, ok := stripMarkup([]byte(s), nil)
		want, wok := walk([]byte(s))
		if string(got) != string(want) || ok != wok {
			t.Errorf("%q: %q %v, walk %q %v", s, got, ok, want, wok)
		}
	}
}

// loneHighBytes, the walk loneHigh replaced, reports whether most bytes above 7F in p stand alone
// between ASCII bytes: the mark of accented letters in Latin-script text. In
// double-byte text such a byte would be a whole character between ASCII
// characters (a lead byte with an ASCII trail byte), which is rare; so the
// double-byte encodings are not worth decoding.
func loneHighBytes(p []byte) bool {
	high, lone := 0, 0
	for i, b := range p {
		if b >= 0x80 {
			high++
			if (i == 0 || p[i-1] < 0x80) && (i+1 == len(p) || p[i+1] < 0x80) {
				lone++
			}
		}
	}
	return high >= 4 && lone*4 >= high*3
}

// The bit masks RankWindow uses after a few windows agree with the walks
// they replace: readingDiffs with sameReading, badBytes with the classes.
func TestReuseMasksMatchWalks(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	d := m.readingDiffs()
	rng := uint64(1)
	for trial := 0; trial < 200; trial++ {
		var present []byte
		var mask [2]uint64
		for b := 0x80; b < 0x100; b++ {
			rng = rng*6364136223846793005 + 1442695040888963407
			if rng>>60 < uint64(trial%16) {
				present = append(present, byte(b))
				mask[(b-0x80)>>6] |= 1 << (b & 63)
			}
		}
		for i, e := range Encodings {
			for j := i + 1; j < len(Encodings); j++ {
				f := Encodings[j]
				if e.Table == nil || f.Table == nil {
					continue
				}
				if got, want := d.same(i, j, &mask), sameReading(e, f, present); got != want {
					t.Fatalf("%s, %s on %x: same %v, walk %v", e.Name, f.Name, present, got, want)
				}
			}
		}
	}
	for _, tb := range m.tables() {
		bad := tb.badBytes()
		for b := 0; b < 256; b++ {
			if got, want := bad[b>>6]>>(b&63)&1 == 1, tb.ClassOf(byte(b)) == Bad; got != want {
				t.Errorf("%s/%s byte %02X: bad %v, class %d", tb.Enc.Name, tb.L.Tag, b, got, tb.ClassOf(byte(b)))
			}
		}
	}
}

// No table reads printable ASCII (20-7E) as undefined: the detector's
// histograms of the bytes beyond the statistics window, which only charge
// undefined bytes and note the bytes above 7F present, skip words of it.
func TestPrintableASCIINeverBad(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range m.tables() {
		for b := 0x20; b < 0x7F; b++ {
			if tb.ClassOf(byte(b)) == Bad {
				t.Errorf("%s/%s reads %q as undefined", tb.Enc.Name, tb.L.Tag, rune(b))
			}
		}
	}
}

// controls, eight bytes at a time, counts what a walk over controlByte does.
func TestControlsMatchesWalk(t *testing.T) {
	edges := []byte{0, 1, '\t', '\n', '\f', '\r', 0x1F, 0x20, 'a', 0x7E, 0x7F, 0x80, 0x9F, 0xFF}
	rng := uint32(3)
	for trial := 0; trial < 3000; trial++ {
		p := make([]byte, trial%41)
		want := 0
		for i := range p {
			rng = rng*1664525 + 1013904223
			if rng>>30 == 0 {
				p[i] = edges[int(rng>>8)%len(edges)]
			} else {
				p[i] = byte(rng >> 8)
			}
			want += int(controlByte[p[i]])
		}
		if got := controls(p); got != want {
			t.Fatalf("% x: %d controls, walk %d", p, got, want)
		}
	}
}

// decodeTo, into a buffer kept between uses, decodes as Decoder.Bytes does
// (decode), errors included.
func TestDecodeToMatchesDecode(t *testing.T) {
	rng := uint32(5)
	var buf []byte
	for trial := 0; trial < 300; trial++ {
		p := make([]byte, trial*7%2000)
		for i := range p {
			rng = rng*1664525 + 1013904223
			if rng>>31 == 0 {
				p[i] = 'a' + byte(rng>>8)%26
			} else {
				p[i] = byte(rng >> 8)
			}
		}
		for _, e := range Encodings {
			if e.Table != nil {
				continue
			}
			want, wantErr := e.decode(p)
			got, gotErr := e.decodeTo(&buf, p)
			if !bytes.Equal(got, want) || (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("%s on % x: %q (%v), want %q (%v)", e.Name, p, got, gotErr, want, wantErr)
			}
		}
	}
}

// WindowTo, its buffers used again and again, gives what Window gives, and
// never writes into the text it reads.
func TestWindowToReusesBuffers(t *testing.T) {
	var bufs WindowBufs
	rng := uint32(9)
	for trial := 0; trial < 400; trial++ {
		var p []byte
		for line := 0; line < trial%60; line++ {
			rng = rng*1664525 + 1013904223
			switch rng >> 30 {
			case 0:
				p = append(p, "<td class=\"x\">caf\xe9 &amp; th\xe9</td>\n"...)
			case 1:
				p = append(p, "plain ascii line\n"...)
			case 2:
				p = append(p, bytes.Repeat([]byte("\xe0\xe1 "), int(rng>>8)%300)...)
				p = append(p, '\n')
			default:
				p = append(p, "x < y & z\n"...)
			}
		}
		orig := append([]byte(nil), p...)
		want, wantC := Window(orig)
		want = append([]byte(nil), want...)
		got, gotC := WindowTo(p, &bufs)
		if !bytes.Equal(got, want) || gotC != wantC || !bytes.Equal(p, orig) {
			t.Fatalf("trial %d: window %q (%v), want %q (%v)", trial, got, gotC, want, wantC)
		}
	}
}

// TestWindowStatsRoom checks that the generated model fits the room a
// windowStats starts with (wsRoom), so that ranking a window allocates
// none of its scratch, and that ranking stays within it.
func TestWindowStatsRoom(t *testing.T) {
	m, err := Build(Data, ASCIIModel, Fitted)
	if err != nil {
		t.Fatal(err)
	}
	m.UseByteClasses(ByteClasses)
	m.tablesInit()
	single := 0
	for _, e := range Encodings {
		if e.Table != nil {
			single++
		}
	}
	if len(Encodings) > wsEncodings || single > len(windowStats{}.groupBuf) || len(m.Langs) > wsLangs || len(m.allTables) > wsTables {
		t.Fatalf("model: %d encodings (%d single-byte), %d languages, %d byte tables; room for %d (%d), %d, %d",
			len(Encodings), single, len(m.Langs), len(m.allTables), wsEncodings, len(windowStats{}.groupBuf), wsLangs, wsTables)
	}
	// A window with every byte above 7F present (as many groups as there
	// are) and few of them (every language scored in full).
	var p []byte
	for b := 0x80; b < 0x100; b++ {
		p = append(p, "ab "...)
		p = append(p, byte(b))
	}
	ws := newWindowStats()
	room := *ws // the slices as they start
	windowStatsPool.Put(ws)
	for range 2 {
		m.RankWindow(p, nil, true, true)
	}
	got := windowStatsPool.Get().(*windowStats)
	if got != ws {
		t.Skip("the pool gave another windowStats (a collection ran)")
	}
	for _, c := range []struct {
		name        string
		start, grew any
		same        bool
	}{
		{"members", room.members, got.members, sameArray(room.members, got.members)},
		{"start", room.start, got.start, sameArray(room.start, got.start)},
		{"taken", room.taken, got.taken, sameArray(room.taken, got.taken)},
		{"slot", room.slot, got.slot, sameArray(room.slot, got.slot)},
		{"cands", room.cands, got.cands, sameArray(room.cands, got.cands)},
		{"ranked", room.ranked, got.ranked, sameArray(room.ranked, got.ranked)},
		{"chosen", room.chosen, got.chosen, sameArray(room.chosen, got.chosen)},
		{"scores", room.scores, got.scores, sameArray(room.scores, got.scores)},
		{"out", room.out, got.out, sameArray(room.out, got.out)},
		{"words", room.words, got.words, sameArray(room.words, got.words)},
		{"high", room.high, got.high, sameArray(room.high, got.high)},
	} {
		if !c.same {
			t.Errorf("%s outgrew its room", c.name)
		}
	}
}

// sameArray reports whether a and b start at the same element of the
// same array.
func sameArray[T any](a, b []T) bool {
	return cap(a) > 0 && cap(b) > 0 && &a[:1][0] == &b[:1][0]
}

// TestWindowRareLines: once the window's budget is spent, the first line
// after it holding each byte above 7F the window lacks is added (up to
// rareBudget bytes of lines, none longer than 2*longLine), and only that
// line: the window stays in order and made of whole lines of p.
func TestWindowRareLines(t *testing.T) {
	common := strings.Repeat("\xe1\xe2\xe3\xe4 \xe5\xe6\xe7 \xe8\xe9\n", statBytes/8) // past the budget
	rare1 := "\xb6\xeb\xeb\xe7 one\n"
	rare2 := "two \xa2\xf0\n"
	in := []byte(common + "plain\n" + rare1 + "\xe1\xe2 again\n" + rare1 + rare2 + "\xe1 \xe2\n")
	w, contiguous := Window(in)
	if contiguous {
		t.Fatal("window with added lines said contiguous")
	}
	if n := strings.Count(string(w), rare1); n != 1 {
		t.Errorf("first rare line %d times in the window, want once", n)
	}
	if !bytes.HasSuffix(w, []byte(rare1+rare2)) {
		t.Errorf("window ends %q, want the two rare lines in order", w[max(len(w)-40, 0):])
	}
	if bytes.Contains(w, []byte("plain")) || bytes.Contains(w, []byte("again")) {
		t.Error("a line without a new byte was added")
	}
	// Without the budget spent, nothing is added: the window is the text's
	// lines with bytes above 7F, as before.
	short := []byte("\xe1\xe2\n" + "plain\n" + rare1)
	if w, _ := Window(short); !bytes.Equal(w, []byte("\xe1\xe2\n"+rare1)) {
		t.Errorf("short text: window %q", w)
	}
	// The added lines are bounded: rareBudget bytes, and no line longer than
	// 2*longLine (a long line is taken in pieces, as the window takes it).
	var many strings.Builder
	many.WriteString(common)
	for b := 0x80; b < 0xe0; b++ {
		many.WriteString(strings.Repeat("x", 200) + string(rune(0)) + "\n")
		many.WriteString("word " + string([]byte{byte(b)}) + " " + strings.Repeat("y", 100) + "\n")
	}
	in = []byte(many.String())
	base, _ := Window([]byte(common))
	w, _ = Window(in)
	if extra := len(w) - len(base); extra <= 0 || extra > rareBudget+2*longLine {
		t.Errorf("%d bytes added, want 1 to %d", extra, rareBudget+2*longLine)
	}
	long := []byte(common + strings.Repeat("z", 3*longLine) + "\xb6\n")
	if w, _ := Window(long); bytes.IndexByte(w, 0xb6) >= 0 {
		t.Errorf("a line of %d bytes (no place to cut it) was added", 3*longLine+2)
	}
}

// FuzzWindow: after a text that spends the window's budget, whatever
// follows, the window (rare lines included) is made of p's bytes in p's
// order, no longer than what Window reads of p, and holds every line of
// the budget's text.
func FuzzWindow(f *testing.F) {
	f.Add([]byte("\xb6\xeb\xeb\xe7 one\n"), uint8(0))
	f.Add([]byte("two \xa2\xf0\nplain\n\xa2 again\n"), uint8(3))
	f.Add([]byte(strings.Repeat("z", 3*longLine)+"\xb6\n"), uint8(1))
	f.Fuzz(func(t *testing.T, tail []byte, reps uint8) {
		common := strings.Repeat("\xe1\xe2\xe3\xe4 \xe5\xe6\xe7 \xe8\xe9\n", statBytes/8)
		var b strings.Builder
		b.WriteString(common)
		for range int(reps%4) + 1 {
			b.Write(tail)
		}
		p := []byte(b.String())
		w, _ := evidenceLines(p, nil)
		if len(w) > min(len(p), 4*statBytes) {
			t.Fatalf("window of %d bytes from %d", len(w), len(p))
		}
		if !bytes.HasPrefix(w, []byte(common[:1024])) {
			t.Fatal("the window does not start with the text's first lines")
		}
		// w is a subsequence of p: nothing invented, nothing reordered.
		i := 0
		for _, c := range w {
			k := bytes.IndexByte(p[i:], c)
			if k < 0 {
				t.Fatalf("window byte %02x not found in order in p", c)
			}
			i += k + 1
		}
	})
}

// TestWindowRepeats: a sparse line (at most sparseLine bytes above 7F)
// all of whose contexts the window took repeatCap times is left out;
// other lines are taken however often they repeat.
func TestWindowRepeats(t *testing.T) {
	var in strings.Builder
	for i := range 8 {
		in.WriteString("int x;\n")
		in.WriteString("// Copyright \xa9 199" + string(rune('0'+i)) + " Someone\n")
	}
	w, _ := Window([]byte(in.String()))
	if n := bytes.Count(w, []byte("Copyright")); n != repeatCap {
		t.Errorf("%d of 8 lines with the same context of \\xa9 taken, want %d", n, repeatCap)
	}
	// a new context makes a line new, even beside old ones
	w, _ = Window([]byte(strings.Repeat("a \xa9 b\n", 5) + "a \xa9 b caf\xe9\n"))
	if want := "a \xa9 b\na \xa9 b\na \xa9 b caf\xe9\n"; string(w) != want {
		t.Errorf("window %q, want %q", w, want)
	}
	// lines with more than sparseLine bytes above 7F are all taken
	dense := "\xe9t\xe9 \xe0 la cr\xe8me br\xfbl\xe9e\n"
	if w, _ := Window([]byte(strings.Repeat(dense, 5))); string(w) != strings.Repeat(dense, 5) {
		t.Errorf("repeated dense lines: window %q", w)
	}
	// once the table is full, every line is taken
	var full strings.Builder
	for b := 0x80; b < 0x80+repeatSlots; b++ {
		full.WriteString("w" + string([]byte{byte(b)}) + "\n")
	}
	full.WriteString(strings.Repeat("w\x80\n", 4))
	if w, _ := Window([]byte(full.String())); string(w) != full.String() {
		t.Errorf("with the table full, lines were left out: %d bytes of %d", len(w), full.Len())
	}
}

// windowRef is Window's choice of lines for a text within its budget, by
// the definition: every line holding a byte above 7F, but a sparse one
// whose contexts were all taken repeatCap times, until repeatSlots*3/4
// contexts were counted.
func windowRef(p []byte) []byte {
	count := map[uint32]int{}
	var out []byte
	for start := 0; start < len(p); {
		end := lineEnd(p, start)
		line := p[start:end]
		start = end
		n := highBytes(line)
		if n == 0 {
			continue
		}
		if n <= sparseLine && len(count) < repeatSlots*3/4 {
			fresh := false
			for i, b := range line {
				if b >= 0x80 && count[contextKey(line, i)] < repeatCap {
					fresh = true
				}
			}
			if !fresh {
				continue
			}
			for i, b := range line {
				if b >= 0x80 {
					k := contextKey(line, i)
					if _, ok := count[k]; ok || len(count) < repeatSlots*3/4 {
						count[k]++
					}
				}
			}
		}
		out = append(out, line...)
	}
	return out
}

// FuzzWindowRepeats: within the budget (fewer than statHigh bytes above 7F,
// so the loop never stops early and rareLines never runs) and without
// markup, the window is the lines the definition takes. Past the budget
// FuzzWindow and TestWindowRareLines judge it.
func FuzzWindowRepeats(f *testing.F) {
	f.Add([]byte("a \xa9 b\na \xa9 b\na \xa9 b\nx\n"))
	f.Add([]byte("w\x80\nw\x81\nw\x80\nw\x80\n\xe9\xe9\xe9\xe9\xe9\n"))
	f.Fuzz(func(t *testing.T, p []byte) {
		if len(p) > 4<<10 || bytes.ContainsAny(p, "<>&") {
			return
		}
		w, _ := evidenceLines(p, nil)
		if n := highBytes(p); n == 0 || n >= statHigh {
			return
		}
		if want := windowRef(p); !bytes.Equal(w, want) {
			t.Fatalf("evidenceLines(%q) = %q, the definition takes %q", p, w, want)
		}
	})
}
