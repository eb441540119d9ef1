package mojibake

import (
	"os"
	"strings"
	"testing"

	"github.com/utf8x/utf8x/mojibake/internal/training"
)

// Issue 24: "never harms clean text". A repair writes U+FFFD only for a byte
// the input lost; where nothing was lost there is none to write. The
// misreadings below are made by the test's own misread (x/text's tables),
// not the package's.

// fffdCase is a line built of clean text and text misread through e
// (lossless: the five bytes Windows-1252 leaves unassigned read as C1
// controls): clean + misread(bad) + rest must come back as clean + bad +
// rest.
type fffdCase struct {
	name             string
	e                Codepage
	clean, bad, rest string
}

func (c fffdCase) build(t *testing.T) (in, want string) {
	t.Helper()
	m, ok := misread(c.bad, c.e, lossNone)
	if !ok {
		t.Fatalf("%s: %q cannot be misread as %v", c.name, c.bad, c.e)
	}
	return c.clean + m + c.rest, c.clean + c.bad + c.rest
}

// check requires Fix to give back the clean line, with no U+FFFD.
func (c fffdCase) check(t *testing.T) {
	t.Helper()
	in, want := c.build(t)
	got, cs := FixString(in)
	if got != want {
		t.Errorf("%s: %q\n  got  %q\n  want %q\n  %v", c.name, in, got, want, cs)
	}
	if strings.ContainsRune(got, 0xFFFD) {
		t.Errorf("%s: U+FFFD where nothing was lost: %q", c.name, got)
	}
}

// TestNoFFFDBesideCleanWord: a clean accented word next to a misread one
// stays as it is. The Czech and Polish clean words hold, read as
// Windows-1252 (Windows-1250 for Polish), a lead of three bytes followed by
// one continuation and then ASCII: "íš" of Vypíše is ED 9A, which a reading
// taking a byte for lost (dropped after a strict Windows-1252 reading)
// turns into U+FFFD, carried by the repair of the words misread beside it.
func TestNoFFFDBesideCleanWord(t *testing.T) {
	for _, c := range []fffdCase{
		// The line of issue 24's side-by-side run against ftfy.
		{"czech, issue 24", Windows1252, "Vypíše ", "příkazů nastavení", ""},
		{"czech, further on", Windows1252, "Vypíše sekvenci ", "příkazů pro nastavení", " proměnné prostředí LS_COLORS."},
		{"czech, náš", Windows1252, "Soubor náš ", "není čitelný", ""},
		{"czech, after", Windows1252, "", "Chyba při čtení", " souboru, program píše dál"},
		// Polish misread as Windows-1250: "ęś" of częściej is EA 9C.
		{"polish", Windows1250, "Wybierz częściej ", "używane opcje", ""},
		{"polish, after", Windows1250, "", "Błąd zapisu pliku", " zdarza się częściej"},
		// French: clean words whose 1252 bytes hold leads (é E9, ô F4,
		// É C9) beside words misread.
		{"french", Windows1252, "Le café était fermé, ", "à côté du théâtre", ""},
		{"french, after", Windows1252, "", "Déjà vu à l'été", " près du château, Élodie"},
		{"french, cœur", Windows1252, "Au cœur de l'été ", "où règne la sécheresse", " même à Noël"},
		// "é» " of «café» is E9 BB then a space: ” short of its last byte
		// (9D dropped) to a Windows-1252 reading, or 黠 with its no-break
		// space lost; real text holds neither there.
		{"french, «café»", Windows1252, "Le mot «café» ", "désigne aussi un établissement", ""},
		{"french, «café», after", Windows1252, "", "Déjà vu à l'été", " dans «café» et ailleurs"},
	} {
		c.check(t)
	}
}

// TestNoFFFDForContinuationPunctuation: lines of Arabic, Persian and Greek
// misread whole as Windows-1252, where continuation bytes read as 1252's
// punctuation („ ‚ Š ’ Œ), come back whole. Latin-1 has no byte for those:
// it must not take the lead before one for a character whose C1 byte was
// stripped (U+FFFD, "Ù„" for ل), with every encoding allowed or with
// Latin-1 alone, which then leaves the lead as it is.
func TestNoFFFDForContinuationPunctuation(t *testing.T) {
	for _, c := range []fffdCase{
		// The line of issue 24's run (wikipedia_mars, Arabic): ل is D9 84
		// („), ك D9 83 (ƒ), ْ D9 92 (’), a sukun alone after a number.
		{"arabic, issue 24", Windows1252, "", "\"الحضيض \\(فلك\\)\")، أي بفارق 30 ْ وما يتبع ذلك من تغيرات في مناخ الكوكب بين", ""},
		{"arabic", Windows1252, "", "قال الرجل إن الكتاب في المكتبة", ""},
		// Persian: ی is DB 8C (Œ), پ D9 BE, ک DA A9.
		{"persian", Windows1252, "", "این یک پیام کوتاه برای آزمایش است", ""},
		// Greek: τ is CF 84 („), ς CF 82 (‚), ϊ CF 8A (Š).
		{"greek", Windows1252, "", "Η πτήση της αεροπορικής εταιρείας καθυστέρησε λόγω της καταιγίδας", ""},
		{"greek, stretch", Windows1252, "Το αρχείο ", "της ρύθμισης δεν βρέθηκε", " στον φάκελο"},
	} {
		c.check(t)
		in, _ := c.build(t)
		if got, cs := FixString(in, Options{Codepages: []Codepage{ISO8859_1}}); strings.ContainsRune(got, 0xFFFD) {
			t.Errorf("%s, Latin-1 only: U+FFFD where nothing was lost: %q\n  %v", c.name, got, cs)
		}
	}
}

// TestNoFFFDCutRound: text misread twice whose right repair is refused (a
// Devanagari mark opening a line, with no letter to sit on) is repaired in
// pieces; a round inside a piece ends where the piece ends, and a character
// short of its last bytes there lost nothing ("à¥" of "०ॖ" once undone,
// whose last byte is U+0096, which Windows-1252 has no byte for, after the
// piece). No U+FFFD comes out.
func TestNoFFFDCutRound(t *testing.T) {
	for _, s := range []string{"॑ॖ नमस्ते ॖ", "ॖ०ॖ", "॓कखग०ॖघ", "ॗ ग०ॖघ", "॓ैक०ॖन"} {
		for _, es := range [][]Codepage{{ISO8859_1, ISO8859_1}, {Windows1252, ISO8859_1}} {
			in, ok := whole(es, lossNone)(s)
			if !ok {
				t.Fatalf("%q cannot be misread as %v", s, es)
			}
			if got, cs := FixString(in); strings.ContainsRune(got, 0xFFFD) {
				t.Errorf("%v: %q -> %q: U+FFFD where nothing was lost\n  %v", es, in, got, cs)
			}
		}
	}
}

// TestNoFFFDInsertedStretch is a property over the test text: a clean line
// with a phrase of another line misread (losslessly) inserted into it, at
// its start, in its middle and at its end, never comes out with a U+FFFD
// that neither holds. The lines are the in-repo sample of the training text
// and, when present, held-out lines of the training text itself.
func TestNoFFFDInsertedStretch(t *testing.T) {
	data, err := os.ReadFile("testdata/training-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") && !strings.ContainsRune(l, 0xFFFD) {
			lines = append(lines, l)
		}
	}
	if root := trainingDir(); len(training.Files(root)) > 0 {
		for _, s := range heldOutSentences(t, root, 8) {
			if !strings.ContainsRune(s, 0xFFFD) {
				lines = append(lines, s)
			}
		}
	} else {
		t.Log("no training text: the in-repo sample only")
	}
	chains := []Codepage{Windows1252, ISO8859_1, Windows1250, Windows1251, Macintosh, IBM437}
	cases, bad := 0, 0
	for i, l := range lines {
		// The phrase: up to four words of another line, one holding
		// non-ASCII.
		src := strings.Fields(lines[(i*7+3)%len(lines)])
		k := 0
		for k < len(src) && !strings.ContainsFunc(src[k], func(r rune) bool { return r >= 0x80 }) {
			k++
		}
		if k == len(src) {
			continue
		}
		phrase := strings.Join(src[k:min(k+4, len(src))], " ")
		e := chains[i%len(chains)]
		m, ok := misread(phrase, e, lossNone)
		if !ok || m == phrase {
			continue
		}
		words := strings.Split(l, " ")
		for _, at := range []int{0, len(words) / 2, len(words)} {
			in := strings.Join(append(append(append([]string{}, words[:at]...), m), words[at:]...), " ")
			cases++
			if got, cs := FixString(in); strings.ContainsRune(got, 0xFFFD) {
				bad++
				if bad <= 20 {
					t.Errorf("%v: U+FFFD where nothing was lost:\n  in  %q\n  out %q\n  %v", e, in, got, cs)
				}
			}
		}
	}
	if cases < 3000 {
		t.Fatalf("only %d cases", cases)
	}
	t.Logf("%d lines with a misread phrase inserted, %d given a U+FFFD", cases, bad)
}

// trainingDir is where trainingRoot looks for the training text, without
// skipping when it is absent.
func trainingDir() string {
	if r := os.Getenv("MOJIBAKE_TRAINING"); r != "" {
		return r
	}
	return training.DefaultRoot
}

// TestTroffEscapeBeforeStretch: a line opening with a troff font escape
// whose text is misread from its first letter on ("\fIпрограмі", Ukrainian
// misread whole) comes back: the escape's letter I is no Latin letter the
// repair's п is glued to, as inside a stretch. It was refused, and the line
// left to readings that guessed lost bytes.
func TestTroffEscapeBeforeStretch(t *testing.T) {
	for _, s := range []string{
		"\\fIпрограма\\fP читає файл конфігурації",
		"\\fBσύστημα\\fR αρχείων",
		"\\fIчисло\\fP строк",
	} {
		for _, e := range []Codepage{Windows1252, Windows1250, ISO8859_1} {
			in, ok := misread(s, e, lossNone)
			if !ok {
				continue
			}
			if got, cs := FixString(in); got != s {
				t.Errorf("%v: %q -> %q, want %q\n  %v", e, in, got, s, cs)
			}
		}
	}
}

// TestNoFFFDForCleanLetterAfterApostrophe: a clean accented letter right
// after a misread apostrophe (’, E2 80 99, read as Windows-1252 "â€™")
// stays. Read as Windows-1252, é is E9, the lead of a three-byte
// character; the old reading took it for one whose two other bytes were
// dropped (81 8D 8F 90 9D) and wrote U+FFFD glued to the ’: "d’�chec".
// A lead alone E0-EF stands for a character of the block its bytes fix
// (E9: U+9000-U+9FFF, ideographs): none the line could hold.
func TestNoFFFDForCleanLetterAfterApostrophe(t *testing.T) {
	for _, c := range []fffdCase{
		// The four French lines of issue 24 (è, é: E8, E9; à, E0, which
		// no dropped byte completes, was right before).
		{"french, d’échec", Windows1252, "un code d", "’", "échec différent"},
		{"italian, c’è", Windows1252, "non c", "’", "è imbeded"},
		{"french, jusqu’à", Windows1252, "jusqu", "’", "à demain"},
		{"french, l’été", Windows1252, "l", "’", "été dernier"},
		{"french, l’âge", Windows1252, "à l", "’", "âge de pierre"},
		{"french, d’être", Windows1252, "avant d", "’", "être lu"},
		{"french, qu’îl", Windows1252, "le fichier qu", "’", "îlot contient"},
		// Italian.
		{"italian, com’è", Windows1252, "Com", "’", "è andata la copia?"},
		{"italian, dov’è", Windows1252, "Dov", "’", "è il file di configurazione"},
		{"italian, quest’èra", Windows1252, "in quest", "’", "èra digitale"},
		// Portuguese and Catalan.
		{"portuguese, d’água", Windows1252, "caixa-d", "’", "água vazia"},
		{"portuguese, olho-d’água", Windows1252, "o olho-d", "’", "água secou"},
		{"catalan, l’època", Windows1252, "a l", "’", "època del fitxer"},
		{"catalan, d’èxit", Windows1252, "codi d", "’", "èxit diferent"},
	} {
		c.check(t)
	}
}
