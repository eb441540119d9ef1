package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/unicode/norm"
)

// Sentences written for this test (not taken from any corpus).
var (
	frLines = []string{
		"Le démon vérifie chaque fichier reçu avant de l’écrire sur le disque.",
		"Cette option est ignorée lorsque la sortie n’est pas un terminal ; voyez « mode » ci-dessous.",
		"Les paramètres régionaux déterminent l’ordre de tri et le format des dates affichées.",
		"Une erreur fatale arrête le traitement : le code de retour vaut alors deux.",
	}
	ruLines = []string{
		"Программа читает файл настроек при запуске и проверяет права доступа.",
		"Если каталог не указан, используется текущий рабочий каталог пользователя.",
		"Параметр задаёт размер буфера в байтах; значение по умолчанию достаточно.",
	}
	jaLines = []string{
		"このページでは、ネットワークの設定を変更する方法を説明します。",
		"設定を保存するには、画面右上のボタンを押してください。",
	}
	deLines = []string{
		"Die Größe des Puffers lässt sich über die Umgebungsvariable ändern.",
		"Öffnen Sie das Menü „Einstellungen“ und wählen Sie den gewünschten Eintrag.",
	}
)

func repeatLines(lines []string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d. %s\n", i, lines[i%len(lines)])
	}
	return b.String()
}

func writeGz(t *testing.T, path, text string) {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	zw.Close()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tinySet lays out a tiny version of every source in a temporary folder.
func tinySet(t *testing.T) sources {
	dir := t.TempDir()
	raw := filepath.Join(dir, "raw")
	// ten French training files: by the generator's rule (i%5 == 2, test
	// half i/5 odd) only the eighth, f07, is an evaluation document.
	for i := 0; i < 10; i++ {
		page := fmt.Sprintf(".\\\" -*- coding: UTF-8 -*-\n.TH F%02d 1\n.SH NOM\nf%02d \\- outil\n.SH DESCRIPTION\n%s", i, i, repeatLines(frLines, 240+i))
		writeGz(t, filepath.Join(raw, "fr", fmt.Sprintf("_usr_share_man_fr_man1_f%02d.1.gz", i)), page)
	}
	man := filepath.Join(dir, "man")
	writeGz(t, filepath.Join(man, "ru", "man1", "r.1.gz"), ".TH R 1\n.SH ОПИСАНИЕ\n"+repeatLines(ruLines, 80))
	// a page the training folder holds: left out of man-other
	writeGz(t, filepath.Join(man, "fr", "man1", "f00.1.gz"), "copie\n"+frLines[0])
	if err := os.Rename(filepath.Join(man, "fr", "man1", "f00.1.gz"), filepath.Join(man, "fr", "man1", "f00.1.gz")); err != nil {
		t.Fatal(err)
	}
	html := filepath.Join(dir, "doc", "guide.de.html")
	writeFile(t, html, "<!DOCTYPE html>\n<html><head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n<meta charset=\"utf-8\">\n<title>Handbuch</title></head><body>\n"+
		strings.ReplaceAll(repeatLines(deLines, 120), "\n", "<br>\n")+"</body></html>\n")
	help := filepath.Join(dir, "help")
	writeFile(t, filepath.Join(help, "ja", "app", "net.page"), "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<page xmlns=\"http://projectmallard.org/1.0/\" id=\"net\">\n<title>ネットワーク</title>\n<p>"+
		strings.ReplaceAll(repeatLines(jaLines, 60), "\n", "</p>\n<p>")+"</p>\n</page>\n")
	writeFile(t, filepath.Join(help, "ru", "app", "short.page"), "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<page id=\"short\"><p>"+ruLines[1]+"</p></page>\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(zw, "%d %x\n", i, i*7919)
	}
	zw.Close()
	writeFile(t, filepath.Join(dir, "bin", "data.gz"), gz.String())
	return sources{training: raw, manRoot: man, html: []string{filepath.Join(dir, "doc", "*.html")}, help: help,
		binary: []string{filepath.Join(dir, "bin", "*.gz")}}
}

// iconvName is glibc iconv's name for an encoding of the set (CP932 for
// Shift_JIS: glibc's SHIFT_JIS reads 5C as the yen sign).
func iconvName(enc string) string {
	switch enc {
	case "shift_jis":
		return "CP932"
	case "x-mac-cyrillic":
		return "MAC-CYRILLIC"
	case "windows-874":
		return "CP874"
	}
	return strings.ToUpper(enc)
}

func TestTinySet(t *testing.T) {
	src := tinySet(t)
	all := collect(src, 1, 3)
	docs, samples := buildSamples(pick(all, 3, 1), true, 64<<20, 8<<20)
	if len(samples) == 0 {
		t.Fatal("no samples built from the tiny set")
	}
	var held []string
	kinds := map[string]int{}
	for _, d := range docs {
		kinds[d.source+"/"+d.kind]++
		if d.source == "man-heldout" && d.kind == "roff" {
			held = append(held, filepath.Base(d.name))
		}
		if d.source == "man-other" && strings.Contains(d.name, "f00") {
			t.Errorf("%s is in the training folder but was taken as man-other", d.name)
		}
	}
	if len(held) != 1 || held[0] != "_usr_share_man_fr_man1_f07.1.gz" {
		t.Errorf("held-out man pages %v, want only f07 (index 7: 7%%5 == 2, 7/5 odd)", held)
	}
	for _, k := range []string{"man-heldout/roff", "man-heldout/text", "man-heldout/csv", "man-heldout/srt", "man-heldout/email", "man-heldout/source",
		"man-other/roff", "html-debian/html", "xml-gnome/xml", "binary/binary"} {
		if kinds[k] == 0 {
			t.Errorf("no document of %s (have %v)", k, kinds)
		}
	}
	_, haveIconv := exec.LookPath("iconv")
	if haveIconv != nil {
		t.Logf("iconv absent: samples not checked against it")
	}
	checked := 0
	buckets := map[string]int{}
	files := map[string]string{}
	for i := range samples {
		s := &samples[i]
		buckets[s.bucket]++
		key := fmt.Sprintf("%d %s %s %s", s.doc, s.kind, s.bucket, s.bytes)
		if enc, dup := files[key]; dup {
			t.Errorf("doc %d %s %s: %s and %s files are identical", s.doc, s.kind, s.bucket, enc, s.enc)
		}
		files[key] = s.enc
		if s.enc == "binary" {
			if !right("binary", s) || right("windows-1252", s) || !right("", s) {
				t.Errorf("binary sample %d judged wrong", i)
			}
			continue
		}
		for _, bk := range []struct {
			name string
			n    int
		}{{"4K", 4 << 10}, {"16K", 16 << 10}, {"64K", 64 << 10}} {
			if s.bucket == bk.name && (len(s.bytes) > bk.n || len(s.bytes) < bk.n-4) {
				t.Errorf("%s %s sample of %d bytes in bucket %s", s.kind, s.enc, len(s.bytes), bk.name)
			}
		}
		if !strings.HasSuffix(s.kind, "+decl") {
			low := strings.ToLower(s.text)
			if strings.Contains(low, "charset=") || strings.Contains(low, "encoding=") || strings.Contains(low, "coding: utf-8") {
				t.Errorf("%s %s sample keeps a charset declaration", s.kind, s.enc)
			}
		} else if !strings.Contains(s.text, s.enc) {
			t.Errorf("%s %s sample does not declare its encoding", s.kind, s.enc)
		}
		if !right(s.enc, s) {
			t.Errorf("%s %s %s: its own encoding is judged wrong", s.kind, s.enc, s.bucket)
		}
		if s.enc != "utf-8" && right("utf-8", s) {
			t.Errorf("%s %s %s: utf-8 judged right", s.kind, s.enc, s.bucket)
		}
		if haveIconv == nil && (s.bucket == "4K" || s.bucket == "small") {
			cmd := exec.Command("iconv", "-f", iconvName(s.enc), "-t", "UTF-8")
			cmd.Stdin = bytes.NewReader(s.bytes)
			out, err := cmd.Output()
			if err != nil {
				t.Errorf("iconv -f %s: %v", iconvName(s.enc), err)
			} else if norm.NFC.String(string(out)) != norm.NFC.String(s.text) {
				t.Errorf("%s %s %s: iconv reads other text than the sample's", s.kind, s.enc, s.bucket)
			}
			checked++
		}
	}
	for _, b := range []string{"4K", "16K", "whole", "small"} {
		if buckets[b] == 0 {
			t.Errorf("no sample in bucket %s (have %v)", b, buckets)
		}
	}
	t.Logf("%d documents, %d samples, %d checked with iconv", len(docs), len(samples), checked)
}

// TestBuiltKinds checks the scaffolding with parsers of the formats.
func TestBuiltKinds(t *testing.T) {
	prose := strings.Join(append(append([]string{}, frLines...), `Un "guillemet", une virgule et un */ ici.`), "\n")
	rows, err := csv.NewReader(strings.NewReader(wrap("csv", prose, 1))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	if len(rows) != len(frLines)+2 || rows[len(rows)-1][2] != `Un "guillemet", une virgule et un */ ici.` {
		t.Errorf("csv rows %d, last %q", len(rows), rows[len(rows)-1])
	}
	for _, r := range rows {
		if len(r) != 5 {
			t.Errorf("csv row of %d fields: %q", len(r), r)
		}
	}
	m, err := mail.ReadMessage(strings.NewReader(wrap("email", prose, 1)))
	if err != nil {
		t.Fatalf("email: %v", err)
	}
	if !strings.HasPrefix(m.Header.Get("Subject"), "Re: Le démon") {
		t.Errorf("email subject %q", m.Header.Get("Subject"))
	}
	srt := wrap("srt", prose, 1)
	blocks := strings.Split(strings.TrimSpace(srt), "\n\n")
	for i, b := range blocks {
		lines := strings.Split(b, "\n")
		if lines[0] != fmt.Sprint(i+1) || !strings.Contains(lines[1], " --> ") || len(lines) < 3 || len(lines) > 4 {
			t.Errorf("srt block %d: %q", i+1, b)
		}
	}
	var withEnds []string
	for _, l := range frLines {
		withEnds = append(withEnds, l+" (*/)")
	}
	src := wrap("source", strings.Join(append(withEnds, withEnds...), "\n"), 1)
	code := regexp.MustCompile(`"(\\.|[^"\\])*"`).ReplaceAllString(src, `""`)
	if strings.Count(code, "{") != strings.Count(code, "}") || strings.Count(code, "/*") != strings.Count(code, "*/") || !strings.Contains(src, "* /") {
		t.Errorf("source text unbalanced or a comment end left in a comment:\n%s", src)
	}
}

func TestJudge(t *testing.T) {
	text := "Déjà vu — “quoted” €5"
	e, ok := encodeText("windows-1252", text)
	if !ok {
		t.Fatal("windows-1252 cannot encode the text")
	}
	s := &sample{enc: "windows-1252", bytes: e.whole, text: text}
	for label, want := range map[string]bool{"windows-1252": true, "WINDOWS-1252": true, "cp1252": true, "Windows-1252": true,
		"iso-8859-1": false, "ISO-8859-15": false, "utf-8": false, "": false, "ascii": false, "binary": false} {
		if got := right(label, s); got != want {
			t.Errorf("right(%q) = %v, want %v", label, got, want)
		}
	}
	if _, ok := encodeText("iso-8859-1", text); ok {
		t.Error("iso-8859-1 encoded “ and € losslessly")
	}
	plain := "Déjà vu, à la française"
	e, _ = encodeText("iso-8859-1", plain)
	s = &sample{enc: "iso-8859-1", bytes: e.whole, text: plain}
	for _, label := range []string{"iso-8859-1", "latin_1", "windows-1252", "cp1252", "ISO-8859-15", "iso8859_15"} {
		if !right(label, s) {
			t.Errorf("right(%q) on Latin-1 text without 80-9F or ¤-area letters = false, want true (an equivalent encoding)", label)
		}
	}
	b, txt := e.cut(plain, 5)
	if string(txt) != "Déjà " || len(b) != 5 {
		t.Errorf("cut at 5 bytes = %q %q", b, txt)
	}
	u, _ := encodeText("utf-16le", "aé")
	if b, txt := u.cut("aé", 3); len(b) != 2 || txt != "a" {
		t.Errorf("utf-16le cut at 3 bytes = %x %q, want one character", b, txt)
	}
}

// TestEvaluate runs the whole evaluation on the tiny set: utf8x always,
// each peer when installed (skipped with a message otherwise).
func TestEvaluate(t *testing.T) {
	src := tinySet(t)
	cfg := config{per: 1, budget: 1 << 20, longBudget: 0, timeout: time.Minute, costN: 3, costFiles: 50, command: "test",
		peers: map[string]bool{"uchardet": true, "enca": true, "chardet": true, "charset-normalizer": true, "jschardet": true}}
	if testing.Short() {
		cfg.peers = map[string]bool{}
	}
	cfg.keep = t.TempDir()
	defer func(d string) { cacheDir = d }(cacheDir)
	cacheDir = t.TempDir()
	rep, err := evaluate(src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## By length (all files)", "## By file kind", "| utf8x |", "## utf8x calibration", "## More text never worse", "## The set", "man-heldout"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	index, err := os.ReadFile(filepath.Join(cfg.keep, "index.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(index)), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "file\tsource\tkind") {
		t.Fatalf("index.tsv: %q", lines[0])
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		b, err := os.ReadFile(filepath.Join(cfg.keep, f[0]))
		if err != nil || len(b) == 0 {
			t.Errorf("index.tsv names %s, which is not kept: %v", f[0], err)
		}
	}
	if i := strings.Index(rep, "Skipped"); i >= 0 {
		t.Logf("%s", firstLine(rep[i:]))
	}
	// a second run takes the peers' answers from the cache: same tables
	again, err := evaluate(src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	table := func(r string) string {
		i := strings.Index(r, "## By length (all files)")
		j := strings.Index(r, "## By length, legacy")
		return r[i:j]
	}
	if table(again) != table(rep) {
		t.Errorf("the run with cached answers differs:\n%s\nfirst:\n%s", table(again), table(rep))
	}
	ents, _ := os.ReadDir(cacheDir)
	for _, e := range ents {
		name := strings.TrimSuffix(e.Name(), ".tsv")
		if !strings.Contains(again, name+": ") || !strings.Contains(again, "answers from the cache") {
			t.Errorf("%s's answers were cached but the second report does not say they came from the cache", name)
		}
	}
}

// TestPythonCodecs checks that an answer naming a codec only Python knows
// is judged by decoding with Python (mac_iceland reads é and à as
// macintosh does; cp1125 does not).
func TestPythonCodecs(t *testing.T) {
	if exec.Command("/usr/bin/python3", "-c", "pass").Run() != nil {
		t.Skip("/usr/bin/python3 absent: answers naming Python-only codecs are not judged by Python")
	}
	text := "Déjà vu à Paris"
	mac, err := charmap.Macintosh.NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	samples := []sample{{id: 0, enc: "macintosh", bytes: mac, text: text}}
	path := filepath.Join(t.TempDir(), "mac")
	if err := os.WriteFile(path, mac, 0o644); err != nil {
		t.Fatal(err)
	}
	runs := []run{{name: "a", answers: []answer{{label: "mac_iceland"}}}, {name: "b", answers: []answer{{label: "cp1125"}}}}
	if err := judgeWithPython(runs, samples, []string{path}); err != nil {
		t.Fatal(err)
	}
	if !right("mac_iceland", &samples[0]) {
		t.Error("mac_iceland judged wrong on macintosh text of é and à")
	}
	if right("cp1125", &samples[0]) {
		t.Error("cp1125 judged right on macintosh text of é and à")
	}
}

func TestFold(t *testing.T) {
	for _, c := range []struct{ enc, in, want string }{
		{"windows-1250", "Știința și „țara”", "Ştiinţa şi „ţara”"}, // „ ” are in Windows-1250: kept
		{"iso-8859-2", "Știința — „țara”", `Ştiinţa - "ţara"`},
		{"windows-1252", "“€” → next", "“€” -> next"},
		{"windows-1256", "فارسی ۱۲", "فارسي 12"},
		{"iso-8859-8", "שָׁלוֹם ׳", "שלום '"},
	} {
		got, changed := fold(c.enc, c.in)
		if got != c.want || !changed {
			t.Errorf("fold(%s, %q) = %q, %v; want %q", c.enc, c.in, got, changed, c.want)
		}
		if _, ok := encodeText(c.enc, got); !ok {
			t.Errorf("fold(%s, %q) = %q does not encode", c.enc, c.in, got)
		}
	}
	if got, changed := fold("windows-1252", "déjà vu"); changed || got != "déjà vu" {
		t.Errorf("fold changed encodable text: %q", got)
	}
}

// TestJudgeCedilla: a Romanian ISO-8859-2 file (cedilla forms) read as
// ISO-8859-16 (comma forms) is right only up to the one-letter rule, and
// commaOnly says so; a reading that changes another letter stays wrong.
func TestJudgeCedilla(t *testing.T) {
	text := "Şi ţara aşa"
	e, ok := encodeText("iso-8859-2", text)
	if !ok {
		t.Fatal("iso-8859-2 cannot encode the text")
	}
	s := &sample{enc: "iso-8859-2", bytes: e.whole, text: text}
	if !right("iso-8859-2", s) || commaOnly("iso-8859-2", s) {
		t.Error("the true encoding is not plainly right")
	}
	if !right("iso-8859-16", s) || !commaOnly("iso-8859-16", s) {
		t.Error("iso-8859-16 (ș for ş) not right up to the comma/cedilla rule")
	}
	if right("iso-8859-4", s) || commaOnly("iso-8859-4", s) {
		t.Error("iso-8859-4 counted right")
	}
}
