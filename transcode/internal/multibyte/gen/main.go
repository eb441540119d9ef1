// Command gen builds the multibyte package's mapping tables from the
// published data kept in ../testdata/src (WHATWG indexes as shipped by npm
// packages, glibc charmaps as shipped by Debian's locales package).
//
// Usage (from transcode/internal/multibyte):
//
//	go run ./gen            # regenerate tables/ and tables_gen.go
//	go run ./gen -check     # verify sources against SHA256SUMS and outputs against a fresh build (no network)
//	go run ./gen -fetch     # refresh ../testdata/src with npm pack and /usr/share/i18n/charmaps, rewrite SHA256SUMS
//
// From the repository root: go run ./transcode/internal/multibyte/gen -check.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
)

const (
	srcDir   = "testdata/src"
	outDir   = "tables"
	goOut    = "tables_gen.go"
	sumsFile = "testdata/src/SHA256SUMS"
	pageBits = 5
)

var (
	check = flag.Bool("check", false, "verify sources and generated files; write nothing")
	fetch = flag.Bool("fetch", false, "refresh the source data (npm, Debian locales) and SHA256SUMS")
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("multibyte/gen: ")
	flag.Parse()
	// Work from the package directory wherever the command is run from (go
	// generate runs it there; CI may run it from the repository root).
	if _, err := os.Stat(srcDir); err != nil {
		if _, file, _, ok := runtime.Caller(0); ok {
			if err := os.Chdir(filepath.Join(filepath.Dir(file), "..")); err != nil {
				log.Fatal(err)
			}
		}
	}
	if *fetch {
		doFetch()
	}
	verifySums()
	files := build()
	if *check {
		bad := 0
		for name, want := range files {
			got, err := os.ReadFile(name)
			if err != nil || !bytes.Equal(got, want) {
				log.Printf("%s is stale or missing (run go generate)", name)
				bad++
			}
		}
		if bad > 0 {
			os.Exit(1)
		}
		fmt.Println("multibyte tables are current")
		return
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(n, files[n], 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// verifySums refuses to build from source files that are not the ones the
// committed digest names, so a table can only change with a visible data change.
func verifySums() {
	f, err := os.Open(sumsFile)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			continue
		}
		data, err := os.ReadFile(filepath.Join(srcDir, fields[1]))
		if err != nil {
			log.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if hex.EncodeToString(sum[:]) != fields[0] {
			log.Fatalf("%s: sha256 differs from %s", fields[1], sumsFile)
		}
		n++
	}
	if n == 0 {
		log.Fatalf("%s lists no files", sumsFile)
	}
}

func doFetch() {
	tmp, err := os.MkdirTemp("", "multibyte-gen")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	run := func(dir string, name string, args ...string) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			log.Fatalf("%s %v: %v", name, args, err)
		}
	}
	for _, pkg := range []struct{ spec, dir string }{
		{"@kayahr/text-encoding@2.2.0", "k"},
		{"text-encoding@0.7.0", "t"},
	} {
		d := filepath.Join(tmp, pkg.dir)
		os.MkdirAll(d, 0o755)
		run(d, "npm", "pack", "--silent", pkg.spec)
		run(d, "sh", "-c", "tar xzf *.tgz")
	}
	gz := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			log.Fatal(err)
		}
		var b bytes.Buffer
		w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		w.Write(data)
		w.Close()
		os.MkdirAll(filepath.Dir(to), 0o755)
		if err := os.WriteFile(to, b.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
	}
	for _, n := range []string{"jis0208", "jis0212", "gb18030", "big5", "euc-kr", "iso-2022-jp-katakana"} {
		gz(filepath.Join(tmp, "k/package/data", n+".cp.js"), filepath.Join(srcDir, "whatwg", n+".cp.js.gz"))
	}
	gz(filepath.Join(tmp, "k/package/data/gb18030.ranges.js"), filepath.Join(srcDir, "whatwg/gb18030.ranges.js.gz"))
	gz(filepath.Join(tmp, "t/package/lib/encoding-indexes.js"), filepath.Join(srcDir, "text-encoding/encoding-indexes.js.gz"))
	for _, n := range []string{"JOHAB", "EUC-JISX0213", "GB2312", "EUC-TW"} {
		data, err := os.ReadFile("/usr/share/i18n/charmaps/" + n + ".gz")
		if err != nil {
			log.Fatalf("%v (install Debian's locales package)", err)
		}
		os.WriteFile(filepath.Join(srcDir, "glibc", n+".gz"), data, 0o644)
	}
	var sums bytes.Buffer
	filepath.Walk(srcDir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(p, ".gz") {
			return err
		}
		data, _ := os.ReadFile(p)
		s := sha256.Sum256(data)
		rel, _ := filepath.Rel(srcDir, p)
		fmt.Fprintf(&sums, "%x  %s\n", s, filepath.ToSlash(rel))
		return nil
	})
	if err := os.WriteFile(sumsFile, sums.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}

func readGz(name string) []byte {
	f, err := os.Open(filepath.Join(srcDir, name))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	r, err := gzip.NewReader(f)
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	return data
}

// whatwgIndex reads one index in @kayahr/text-encoding's form,
// "export default [cp, cp, ...]", where 0 stands for "no code point".
func whatwgIndex(name string) []rune {
	s := string(readGz("whatwg/" + name + ".cp.js.gz"))
	i := strings.Index(s, "[")
	j := strings.LastIndex(s, "]")
	if i < 0 || j < i {
		log.Fatalf("%s: no array", name)
	}
	var v []int64
	if err := json.Unmarshal([]byte(s[i:j+1]), &v); err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	out := make([]rune, len(v))
	items := make([]string, len(v))
	for k, c := range v {
		if c < 0 || c > 0x10FFFF {
			log.Fatalf("%s: pointer %d: code point %d out of range", name, k, c)
		}
		out[k] = rune(c)
		items[k] = "None"
		if c != 0 {
			items[k] = strconv.FormatInt(c, 10)
		}
	}
	checkIdentifier(name, items)
	return out
}

// whatwgIdentifiers are the "Identifier" lines of the Encoding Standard's
// index-*.txt files (2024-09-18): SHA-256 of the index as Python prints the
// list. build refuses source data that does not reproduce them, so the
// tables can only come from the standard's current indexes.
var whatwgIdentifiers = map[string]string{
	"jis0208":              "cbaa91f3deb7d0841faf5c33041fc15a285da0e87e64ab802c4bf04b7c4da861",
	"jis0212":              "83bf90dd1c591a4355730d8c4567efc499d74da7490531019ef22a879991cfb7",
	"gb18030":              "ff1c9a923b5d24f9761b3a2de2c0f07b395f9f6f36519508944de4f0415be81c",
	"big5":                 "8dfc771062e7be0810919082c2c06baa2236147909e0ecc235b1cb9ad782ac82",
	"euc-kr":               "1d97134cbf187263585bc8f593ca4196654ed4c7a673f5672eaad4f5d9fdc4ba",
	"iso-2022-jp-katakana": "6ffc12c11f6eab1ccb3dada740d9b0db096ef0b0783c3bd5ec951dcb4a44b95e",
	"gb18030-ranges":       "f963aaa1653f630c523e7b04729fb4e4458f35806c45eb5c179445623138f0c0",
}

func checkIdentifier(name string, items []string) {
	sum := sha256.Sum256([]byte("[" + strings.Join(items, ", ") + "]"))
	if got := hex.EncodeToString(sum[:]); got != whatwgIdentifiers[name] {
		log.Fatalf("index %s: identifier %s is not the Encoding Standard's %s", name, got, whatwgIdentifiers[name])
	}
}

func gbRanges() [][2]uint32 {
	s := string(readGz("whatwg/gb18030.ranges.js.gz"))
	i := strings.Index(s, "[")
	j := strings.LastIndex(s, "]")
	var v [][2]uint32
	if err := json.Unmarshal([]byte(s[i:j+1]), &v); err != nil {
		log.Fatalf("gb18030 ranges: %v", err)
	}
	items := make([]string, len(v))
	for k, r := range v {
		items[k] = fmt.Sprintf("[%d, %d]", r[0], r[1])
	}
	checkIdentifier("gb18030-ranges", items)
	return v
}

// oldGB18030 reads index gb18030 as it was before the Encoding Standard
// adopted GB18030-2022 (text-encoding 0.7.0), to find the private-use code
// points that the gb18030 encoder still maps to their former bytes.
func oldGB18030() []rune {
	s := string(readGz("text-encoding/encoding-indexes.js.gz"))
	key := `"gb18030":[`
	i := strings.Index(s, key)
	if i < 0 {
		log.Fatal("text-encoding: no gb18030 index")
	}
	j := strings.Index(s[i:], "]")
	var v []*int64
	if err := json.Unmarshal([]byte(s[i+len(key)-1:i+j+1]), &v); err != nil {
		log.Fatalf("text-encoding gb18030: %v", err)
	}
	out := make([]rune, len(v))
	for k, c := range v {
		if c != nil {
			out[k] = rune(*c)
		}
	}
	return out
}

type charmapEntry struct {
	cps   []rune
	bytes []byte
}

var charmapLine = regexp.MustCompile(`^(%?)((?:<U[0-9A-F]{4,8}>)+)\s+((?:/x[0-9a-f]{2})+)`)

// charmap reads a glibc charmap; the lines glibc comments out because they
// map a byte sequence to a sequence of code points are read too (they are
// the only form in which glibc publishes EUC-JIS X 0213's combining pairs).
func charmap(name string) []charmapEntry {
	var out []charmapEntry
	sc := bufio.NewScanner(bytes.NewReader(readGz("glibc/" + name)))
	in := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "CHARMAP":
			in = true
			continue
		case line == "END CHARMAP":
			in = false
		}
		if !in {
			continue
		}
		m := charmapLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		var e charmapEntry
		for _, u := range strings.Split(strings.Trim(m[2], "<>"), "><") {
			v, err := strconv.ParseUint(u[1:], 16, 32)
			if err != nil {
				log.Fatal(err)
			}
			e.cps = append(e.cps, rune(v))
		}
		if m[1] == "%" && len(e.cps) < 2 {
			continue
		}
		for _, h := range strings.Split(m[3], "/x")[1:] {
			v, _ := strconv.ParseUint(h, 16, 8)
			e.bytes = append(e.bytes, byte(v))
		}
		out = append(out, e)
	}
	return out
}

// u16 serialises v little-endian; every table is read back the same way.
func u16(v []uint16) []byte {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], x)
	}
	return b
}

// supp lists the supplementary-plane mappings as sorted (code point, value)
// records of 4+2 bytes for a binary search; they are few.
func supp(m map[rune]uint16) []byte {
	keys := make([]rune, 0, len(m))
	for r := range m {
		keys = append(keys, r)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var b []byte
	for _, r := range keys {
		b = binary.LittleEndian.AppendUint32(b, uint32(r))
		b = binary.LittleEndian.AppendUint16(b, m[r])
	}
	return b
}

type gen struct {
	files map[string][]byte
	gosrc bytes.Buffer
	sizes []string
}

func (g *gen) table(name, varName, doc string, data []byte) {
	g.files[filepath.Join(outDir, name)] = data
	fmt.Fprintf(&g.gosrc, "\n// %s %s\n//\n//go:embed %s/%s\nvar %s string\n", varName, doc, outDir, name, varName)
	g.sizes = append(g.sizes, fmt.Sprintf("%s=%d", name, len(data)))
}

func build() map[string][]byte {
	g := &gen{files: map[string][]byte{}}

	jis0208 := whatwgIndex("jis0208")
	jis0212 := whatwgIndex("jis0212")
	gb := whatwgIndex("gb18030")
	big5 := whatwgIndex("big5")
	euckr := whatwgIndex("euc-kr")
	kata := whatwgIndex("iso-2022-jp-katakana")
	ranges := gbRanges()
	old := oldGB18030()

	dec := func(idx []rune) []uint16 {
		v := make([]uint16, len(idx))
		for i, c := range idx {
			if c > 0xFFFF {
				log.Fatalf("unexpected supplementary code point U+%X at %d", c, i)
			}
			v[i] = uint16(c)
		}
		return v
	}
	g.table("jis0208.dec", "jis0208Dec", "is index jis0208: code point by pointer, 0 for none.", u16(dec(jis0208)))
	g.table("jis0212.dec", "jis0212Dec", "is index jis0212: code point by pointer, 0 for none.", u16(dec(jis0212)))
	g.table("gb18030.dec", "gb18030Dec", "is index gb18030 (GB18030-2022 mappings): code point by pointer.", u16(dec(gb)))
	g.table("euckr.dec", "euckrDec", "is index euc-kr: code point by pointer, 0 for none.", u16(dec(euckr)))

	// Big5's supplementary code points are all in plane 2; a bit per pointer
	// says "add 0x20000", which keeps the decoder table at 16 bits.
	b5 := make([]uint16, len(big5))
	b5hi := make([]byte, (len(big5)+7)/8)
	for i, c := range big5 {
		if c > 0xFFFF {
			if c>>16 != 2 {
				log.Fatalf("big5: pointer %d: U+%X not in plane 2", i, c)
			}
			b5hi[i/8] |= 1 << (i % 8)
		}
		b5[i] = uint16(c)
	}
	g.table("big5.dec", "big5Dec", "is index Big5, low 16 bits of the code point by pointer.", u16(b5))
	g.table("big5hi.bits", "big5Hi", "has a bit per Big5 pointer whose code point is in plane 2.", b5hi)

	// The encoders' tables are built at run time from the decoders' (see
	// enctables.go); what is computed here checks the data and gives the
	// small generated lists.
	first := func(idx []rune, skip func(p int) bool) (bmp, sup map[rune]uint16) {
		bmp, sup = map[rune]uint16{}, map[rune]uint16{}
		for p, c := range idx {
			if c == 0 || (skip != nil && skip(p)) {
				continue
			}
			m := bmp
			if c > 0xFFFF {
				m = sup
			}
			if _, ok := m[c]; !ok {
				m[c] = uint16(p + 1)
			}
		}
		return
	}
	jisEnc, _ := first(jis0208, nil)
	for c, p := range jisEnc {
		if int(p-1) >= 94*94 {
			log.Fatalf("jis0208: first pointer of U+%04X is %d, beyond EUC-JP's 94x94", c, p-1)
		}
	}
	// index Shift_JIS pointer: index jis0208 without pointers 8272 to 8835.
	sjisEnc, _ := first(jis0208, func(p int) bool { return p >= 8272 && p <= 8835 })
	var sjisExc []string
	keys := sortedKeys(jisEnc, sjisEnc)
	for _, c := range keys {
		a, b := jisEnc[c], sjisEnc[c]
		if a != b {
			sjisExc = append(sjisExc, fmt.Sprintf("{0x%04X, %d},", c, int(b)))
		}
	}
	// index Big5 pointer: no pointers below (0xA1-0x81)*157; the last pointer
	// for six code points that occur twice.
	const b5min = (0xA1 - 0x81) * 157
	_, b5sup := first(big5, func(p int) bool { return p < b5min })
	g.table("big5.supp", "big5Supp", "lists (code point, pointer+1) for Big5's plane-2 code points, sorted.", supp(b5sup))

	// GB18030-2022: pointers whose former private-use code point the encoders
	// still map to the same bytes (the Encoding Standard's encoder-only table).
	var gbPUA []string
	if len(old) != len(gb) {
		log.Fatal("gb18030: old and new index differ in length")
	}
	for p := range gb {
		if old[p] != gb[p] {
			if old[p] < 0xE000 || old[p] > 0xF8FF {
				log.Fatalf("gb18030: pointer %d changed from a non-PUA code point U+%04X", p, old[p])
			}
			gbPUA = append(gbPUA, fmt.Sprintf("{0x%04X, %d},", old[p], p))
		}
	}

	// glibc charmaps for the encodings beyond WHATWG.
	johabDec := make([]uint16, 118*206)
	for _, e := range charmap("JOHAB.gz") {
		if len(e.cps) != 1 || len(e.bytes) == 1 {
			if len(e.bytes) == 1 && e.bytes[0] >= 0x80 {
				log.Fatalf("johab: single byte %#x", e.bytes[0])
			}
			continue
		}
		l, t := e.bytes[0], e.bytes[1]
		if l < 0x84 || l > 0xF9 || t < 0x31 || t > 0xFE || e.cps[0] > 0xFFFF {
			log.Fatalf("johab: entry % x U+%X outside the table", e.bytes, e.cps[0])
		}
		johabDec[int(l-0x84)*206+int(t-0x31)] = uint16(e.cps[0])
	}
	g.table("johab.dec", "johabDec", "maps (lead-0x84)*206+(trail-0x31) to a code point (glibc JOHAB).", u16(johabDec))

	gb2312Dec := make([]uint16, 94*94)
	for _, e := range charmap("GB2312.gz") {
		if len(e.bytes) == 1 {
			continue
		}
		l, t := e.bytes[0], e.bytes[1]
		if len(e.bytes) != 2 || len(e.cps) != 1 || l < 0xA1 || t < 0xA1 || l == 0xFF || t == 0xFF || e.cps[0] > 0xFFFF {
			log.Fatalf("gb2312: entry % x outside the table", e.bytes)
		}
		gb2312Dec[int(l-0xA1)*94+int(t-0xA1)] = uint16(e.cps[0])
	}
	g.table("gb2312.dec", "gb2312Dec", "maps (lead-0xA1)*94+(trail-0xA1) to a code point (glibc GB2312, for HZ).", u16(gb2312Dec))

	// EUC-JIS X 0213: plane 1 at pointers 0..8835, plane 2 (after 0x8F) at
	// 8836..17671; plane-2 code points carry a bit; the value stored for the
	// encoder is lead<<8|trail with the lead's top bit cleared for plane 2.
	x0213Dec := make([]uint16, 2*8836)
	x0213Hi := make([]byte, (2*8836+7)/8)
	x0213Sup := map[rune]uint16{}
	var x0213Pairs []string
	for _, e := range charmap("EUC-JISX0213.gz") {
		b := e.bytes
		if len(b) == 1 || (len(b) == 2 && b[0] == 0x8E) {
			continue // ASCII and half-width katakana are algorithmic
		}
		plane := 0
		if b[0] == 0x8F {
			plane, b = 1, b[1:]
		}
		if len(b) != 2 || b[0] < 0xA1 || b[1] < 0xA1 || b[0] == 0xFF || b[1] == 0xFF {
			log.Fatalf("euc-jisx0213: entry % x outside the table", e.bytes)
		}
		p := plane*8836 + int(b[0]-0xA1)*94 + int(b[1]-0xA1)
		val := uint16(b[0])<<8 | uint16(b[1])
		if plane == 1 {
			val &^= 0x8000
		}
		if len(e.cps) == 2 {
			x0213Pairs = append(x0213Pairs, fmt.Sprintf("{0x%04X, 0x%04X, 0x%04X},", e.cps[0], e.cps[1], val))
			continue
		}
		c := e.cps[0]
		if c > 0xFFFF {
			if c>>16 != 2 {
				log.Fatalf("euc-jisx0213: U+%X not in plane 2", c)
			}
			x0213Hi[p/8] |= 1 << (p % 8)
			if _, ok := x0213Sup[c]; !ok {
				x0213Sup[c] = val
			}
		}
		x0213Dec[p] = uint16(c)
	}
	g.table("jisx0213.dec", "jisx0213Dec", "maps plane*8836+(lead-0xA1)*94+(trail-0xA1) to a code point's low 16 bits (glibc EUC-JISX0213).", u16(x0213Dec))
	g.table("jisx0213hi.bits", "jisx0213Hi", "has a bit per EUC-JIS X 0213 pointer whose code point is in plane 2.", x0213Hi)
	g.table("jisx0213.supp", "jisx0213Supp", "lists (code point, bytes) for EUC-JIS X 0213's plane-2 code points, sorted.", supp(x0213Sup))

	// CNS 11643 from glibc's EUC-TW charmap: planes 1-7 and 15 (the ones it
	// has), in that order, 94x94 each; plane 1 from its two-byte codes (the
	// four-byte 8EA1 codes are the same characters, which glibc marks
	// irreversible and comments out). Every supplementary code point is in
	// Unicode plane 2, flagged by a bit as for Big5.
	cnsPlanes := []int{1, 2, 3, 4, 5, 6, 7, 15}
	slotOf := map[int]int{}
	for s, p := range cnsPlanes {
		slotOf[p] = s
	}
	cnsDec := make([]uint16, len(cnsPlanes)*8836)
	cnsHi := make([]byte, (len(cnsDec)+7)/8)
	for _, e := range charmap("EUC-TW.gz") {
		b := e.bytes
		if len(b) == 1 {
			if b[0] >= 0x80 || len(e.cps) != 1 || e.cps[0] != rune(b[0]) {
				log.Fatalf("euc-tw: single byte % x is not ASCII", b)
			}
			continue
		}
		plane := 1
		if len(b) == 4 && b[0] == 0x8E {
			plane, b = int(b[1]-0xA0), b[2:]
		}
		s, ok := slotOf[plane]
		if len(b) != 2 || !ok || len(e.cps) != 1 || b[0] < 0xA1 || b[1] < 0xA1 || b[0] == 0xFF || b[1] == 0xFF {
			log.Fatalf("euc-tw: entry % x outside the table", e.bytes)
		}
		p := s*8836 + int(b[0]-0xA1)*94 + int(b[1]-0xA1)
		c := e.cps[0]
		if cnsDec[p] != 0 {
			log.Fatalf("euc-tw: % x mapped twice", e.bytes)
		}
		if c > 0xFFFF {
			if c>>16 != 2 {
				log.Fatalf("euc-tw: U+%X not in Unicode plane 2", c)
			}
			cnsHi[p/8] |= 1 << (p % 8)
		}
		cnsDec[p] = uint16(c)
	}
	g.table("cns.dec", "cnsDec", "maps slot*8836+(row-0x21)*94+(col-0x21) to a code point's low 16 bits, slots 0-7 being CNS 11643 planes 1-7 and 15 (glibc EUC-TW).", u16(cnsDec))
	g.table("cnshi.bits", "cnsHi", "has a bit per CNS 11643 pointer whose code point is in Unicode plane 2.", cnsHi)

	var src bytes.Buffer
	src.WriteString("// Code generated by go run ./gen; DO NOT EDIT.\n// Sources: testdata/src (see SHA256SUMS there).\n\npackage multibyte\n\nimport _ \"embed\"\n\n")
	fmt.Fprintf(&src, "// pageBits is the log2 of the page size of the encoder tables built at run time.\nconst pageBits = %d\n\n", pageBits)
	fmt.Fprintf(&src, "// Table sizes in bytes: %s.\n", strings.Join(g.sizes, ", "))
	src.Write(g.gosrc.Bytes())
	src.WriteString("\n// isoKatakana is index ISO-2022-JP katakana: U+FF61+i maps to isoKatakana[i].\nvar isoKatakana = [...]uint16{")
	for _, c := range kata {
		fmt.Fprintf(&src, "0x%04X,", c)
	}
	src.WriteString("}\n\n// gbRanges is index gb18030 ranges: (pointer, code point) pairs.\nvar gbRanges = [...][2]uint32{")
	for _, r := range ranges {
		fmt.Fprintf(&src, "{%d, 0x%04X},", r[0], r[1])
	}
	src.WriteString("}\n\n// gbPUA is the gb18030 encoder-only table: a private-use code point that GB18030-2022 moved, and the pointer it keeps encoding to.\nvar gbPUA = [...]struct{ cp, pointer uint16 }{\n")
	src.WriteString(strings.Join(gbPUA, "\n"))
	src.WriteString("\n}\n\n// sjisExceptions lists the code points whose index Shift_JIS pointer differs from the first index jis0208 pointer: pointer+1, or 0 for none.\nvar sjisExceptions = [...]struct{ cp, pointer uint16 }{\n")
	src.WriteString(strings.Join(sjisExc, "\n"))
	src.WriteString("\n}\n\n// jisx0213Pairs lists EUC-JIS X 0213's byte pairs that decode to two code points (base, combining mark, lead<<8|trail, the lead's top bit cleared for plane 2).\nvar jisx0213Pairs = [...]struct{ base, mark, bytes uint16 }{\n")
	src.WriteString(strings.Join(x0213Pairs, "\n"))
	src.WriteString("\n}\n")
	fmtd, err := format.Source(src.Bytes())
	if err != nil {
		log.Fatalf("format: %v\n%s", err, src.Bytes())
	}
	g.files[goOut] = fmtd
	return g.files
}

func sortedKeys(ms ...map[rune]uint16) []rune {
	seen := map[rune]bool{}
	var out []rune
	for _, m := range ms {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
