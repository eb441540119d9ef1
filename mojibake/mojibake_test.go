package mojibake

import (
	"math/rand"
	"slices"
	"testing"
	"unicode/utf8"
)

func TestChainString(t *testing.T) {
	for _, tc := range []struct {
		c    Chain
		want string
	}{
		{Chain{Windows1252}, "UTF-8 read as windows-1252"},
		{Chain{Windows1252, Windows1252}, "UTF-8 read as windows-1252, twice"},
		{Chain{KOI8R, KOI8R, KOI8R}, "UTF-8 read as koi8-r, 3 times"},
		{Chain{Windows1251, Windows1252}, "UTF-8 read as windows-1251, then as windows-1252"},
		{Chain{}, "nothing"},
	} {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("%v: %q, want %q", []Codepage(tc.c), got, tc.want)
		}
	}
	if Codepage(200).String() != "unknown" || len(Codepages()) != int(numEncodings) {
		t.Error("Codepage names")
	}
}

// TestTables checks the package's tables, byte by byte, against x/text's,
// with WHATWG's reading of the unassigned bytes 80-9F as C1 controls.
func TestTables(t *testing.T) {
	for e := Codepage(0); e < numEncodings; e++ {
		cm := testCharmaps[e]
		for b := 0x80; b < 0x100; b++ {
			want := cm.DecodeByte(byte(b))
			if want == utf8.RuneError {
				if b >= 0xA0 || e == Macintosh || e == IBM437 || e == KOI8R {
					want = -1
				} else {
					want = rune(b)
				}
			}
			if got := decodeIn(e, byte(b)); got != want {
				t.Errorf("%s: byte %02X reads as %U, want %U", e, b, got, want)
			}
			if want >= 0 {
				if got, ok := encodeIn(e, want); !ok || got != byte(b) {
					t.Errorf("%s: %U encodes as %02X %v, want %02X", e, want, got, ok, b)
				}
				m := maskOf(want)
				isLead, isCont := m.lead&(1<<e) != 0, m.cont&(1<<e) != 0
				if isLead != (b >= 0xC2 && b <= 0xF4) || isCont != (b < 0xC0) {
					t.Errorf("%s: %U masks lead=%v cont=%v for byte %02X", e, want, isLead, isCont, b)
				}
			}
		}
	}
}

// TestCases: hand-checked repairs, and text that must stay.
func TestCases(t *testing.T) {
	for _, tc := range []struct{ in, want, chain string }{
		{"cafÃ©", "café", "UTF-8 read as windows-1252"},
		{"â€œquotedâ€\u009d", "“quoted”", "UTF-8 read as windows-1252"},
		{"ÃƒÂ©tÃƒÂ©", "été", "UTF-8 read as windows-1252, twice"},
		{"ÐŸÑ€Ð¸Ð²ÐµÑ‚", "Привет", "UTF-8 read as windows-1252"},
		// On a line misread elsewhere under the same encoding, a misread
		// character whose repair is as clean as it is (no unseen pair
		// either way): a real Ă would read "Ä‚" there.
		{"maneras o, en Ăşltimo caso, se harĂˇ de", "maneras o, en último caso, se hará de", "UTF-8 read as windows-1250"},
		{"en Ăşltimo caso", "en Ăşltimo caso", ""},
		// One unseen pair of sure evidence elsewhere on the line is enough
		// for a lone one whose repair takes away two more than it leaves.
		{"  * [LietuviÅ³](https://lt.wikipedia.org/wiki/Marsas) \"Marsas â€“ Lithuanian\")", "  * [Lietuvių](https://lt.wikipedia.org/wiki/Marsas) \"Marsas – Lithuanian\")", "UTF-8 read as windows-1252"},
		{"  * [LietuviÅ³](https://lt.wikipedia.org/wiki/Marsas)", "  * [LietuviÅ³](https://lt.wikipedia.org/wiki/Marsas)", ""},
		// Nor are the names of its special characters and strings
		// ("\(Fo" «, "\*(Aq" ').
		{"Ð¡Ð¼Ð¾Ñ\u0082Ñ\u0080Ð¸Ñ\u0082Ðµ \\(FoÐ\u0098Ð·Ð¼ÐµÐ½ÐµÐ½Ð¸Ðµ\\(Fc\\&.", "Смотрите \\(FoИзменение\\(Fc\\&.", "UTF-8 read as iso-8859-1"},
		{"Р·\\*(AqСЏРІРёР»Р°СЃСЏ Сѓ BSD 4\\&.4\\&.", "з\\*(Aqявилася у BSD 4\\&.4\\&.", "UTF-8 read as windows-1251"},
		{"СЂР°Р·РґРµР» \\(lqРџСЂРµРґСѓРїСЂРµР¶РґРµРЅРёСЏ\\(rq.", "раздел \\(lqПредупреждения\\(rq.", "UTF-8 read as windows-1251"},
		// The letter of a troff font escape is no Latin glued to Cyrillic.
		{"Ð¼Ð¾Ð¶Ð½Ð° \\fIÑ‡Ð¸Ñ\u0081Ð»Ð¾\\fP Ð¼Ð¾Ð¶Ð½Ð°", "можна \\fIчисло\\fP можна", "UTF-8 read as windows-1252"},
		{"РџСЂРёРІРµС‚ Рё РїРѕРєР°", "Привет и пока", "UTF-8 read as windows-1251"},
		{"ðŸ˜€ ok", "😀 ok", "UTF-8 read as windows-1252"},
		{"í\u00a0½í¸€", "😀", "UTF-8 read as windows-1252"},     // CESU-8
		{"dÃ©jÃ  vu", "déjà vu", "UTF-8 read as windows-1252"}, // no-break space lost
		// Â or Ã after no letter, its no-break space lost: no word of one
		// letter (spaceAlone); not in a list of letters nor in text about
		// the letter.
		{"Step 12.Â Nulgrind is the tool.", "Step 12.\u00a0Nulgrind is the tool.", "UTF-8 read as windows-1252"},
		{"Il va Ã  Paris demain.", "Il va à Paris demain.", "UTF-8 read as windows-1252"},
		{"liaisons point-Ã -point ici", "liaisons point-à-point ici", "UTF-8 read as windows-1252"},
		{"À Á Â Ã Ä Å", "À Á Â Ã Ä Å", ""},
		{"Ã is a letter in Portuguese: mãe, não, Ã and ã.", "Ã is a letter in Portuguese: mãe, não, Ã and ã.", ""},
		{"Vitamin Ã 12 is a made-up name", "Vitamin Ã 12 is a made-up name", ""},
		// Â after a capital before French punctuation, its no-break
		// space lost (frenchSpace); a word in capitals ending in Ã stays.
		{"en ajoutant l'option « \\-L CÂ » à la commande", "en ajoutant l'option « \\-L C\u00a0» à la commande", "UTF-8 read as windows-1252"},
		{"Voir la section NOTESÂ : rien", "Voir la section NOTES\u00a0: rien", "UTF-8 read as windows-1252"},
		{"A MAÇÃ : VERDE", "A MAÇÃ : VERDE", ""},
		// A lost one alone where no word follows to bind (the line's end,
		// a cell of spaces); not before a word in small letters (Welsh's
		// "with" begins a sentence).
		{"ACCESSCONTEXT:  ID Â ", "ACCESSCONTEXT:  ID \u00a0", "UTF-8 read as windows-1252"},
		{"1  65          Â         opcode", "1  65          \u00a0        opcode", "UTF-8 read as windows-1252"},
		{"Â phwy yr aethoch chi?", "Â phwy yr aethoch chi?", ""},
		{"Dewch. Â hi, mae hi’n braf.", "Dewch. Â hi, mae hi’n braf.", ""},
		// Â after a capital, its no-break space lost, on a line whose
		// other lost ones are sure (spaceVouched); a Turkish word in
		// capitals ending in Â stays.
		{"systemsÂ (openSUSEÂ 11,Â FedoraÂ CoreÂ 9),Â improvesÂ theÂ existingÂ glibc-2.7<br>", "systems\u00a0(openSUSE\u00a011,\u00a0Fedora\u00a0Core\u00a09),\u00a0improves\u00a0the\u00a0existing\u00a0glibc-2.7<br>", "UTF-8 read as windows-1252"},
		{"-Â ThereÂ isÂ supportÂ forÂ AIXÂ 5.3,Â bothÂ 32-bit", "-\u00a0There\u00a0is\u00a0support\u00a0for\u00a0AIX\u00a05.3,\u00a0both\u00a032-bit", "UTF-8 read as windows-1252"},
		{"HÂLÂ bitmedi ve HÂLÂ 5 kez", "HÂLÂ bitmedi ve HÂLÂ 5 kez", ""},
		// Several, each of which would be taken alone, in one stretch
		// (spaceRun).
		{"Â Â .Â clock_gettime<br>", "\u00a0\u00a0.\u00a0clock_gettime<br>", "UTF-8 read as windows-1252"},
		{"Il va Ã  Paris, Ã  Lyon.", "Il va à Paris, à Lyon.", "UTF-8 read as windows-1252"},
		{"À Á Â Ã Ä Å Â Ã", "À Á Â Ã Ä Å Â Ã", ""},
		{"\t\t// w = NTT⁻¹(Â ∘ NTT(y))", "\t\t// w = NTT⁻¹(Â ∘ NTT(y))", ""},
		{"Î±Î²Î³", "αβγ", "UTF-8 read as windows-1252"},
		{"ÎšÎ±Î»Î·Î¼Î­Ï\u0081Î±", "Καλημέρα", "UTF-8 read as windows-1252"}, // ρ's 81 as a C1 control
		{"Ï\ufffdÎ±", "\ufffdα", "UTF-8 read as windows-1252"},              // 81 lost: Á Í Ï Ð Ý... fit
		{"Ã¤Ã¶Ã¼ÃŸ", "äöüß", "UTF-8 read as windows-1252"},
		{"Ã¤Ã¶Ã¼ÃŸ", "äöüß", "UTF-8 read as windows-1252"},
		// Windows-1252's unassigned bytes dropped: a lead alone inside a
		// word in small letters, a run of leads glued to a misread
		// character, a lead and a space that are not a lost no-break space.
		{"Pro %s nenÃ­ k naÄtenÃ­ Å¾Ã¡dnÃ¡ ikona", "Pro %s není k na\ufffdtení žádná ikona", "UTF-8 read as windows-1252"},
		{"PoÄetni indeks Ã©", "Po\ufffdetni indeks é", "UTF-8 read as windows-1252"},
		// Alone on its line, a lead inside a word is taken when, folded
		// to a small letter, it makes a rare pair ("oä"); camel case makes
		// common ones (tä, än; lå, år) and stays.
		{"PoÄetni indeks", "Po\ufffdetni indeks", "UTF-8 read as windows-1252"},
		{"func getÄnderung() int", "func getÄnderung() int", ""},
		{"totalÅrsbelopp", "totalÅrsbelopp", ""},
		{"setÄnderungsdatum and getÅrsbelopp", "setÄnderungsdatum and getÅrsbelopp", ""},
		// Two leads alone or more in one word vouch for each other.
		{"TlÄcatlahtohcÄyÅtl in Congo", "Tl\ufffdcatlahtohcāyōtl in Congo", "UTF-8 read as windows-1252"},
		// At a word's start, on a line misread elsewhere, in a word misread
		// itself or making a rare pair with the letter after it; a capital
		// of clean text at a word's start stays.
		{"prÃ¡va ÄerpÃ¡nÃ­", "práva \ufffderpání", "UTF-8 read as windows-1252"},
		{"Ã©tÃ© Änderung", "été Änderung", "UTF-8 read as windows-1252"},
		{"Die Änderung", "Die Änderung", ""},
		// In a word in capitals, where the lead's pair with the next
		// letter is rare (ãp), on a line misread elsewhere; "NÃO" stays.
		{"kell Å‘ket, ha a TÃPUS p.", "kell őket, ha a T\ufffdPUS p.", "UTF-8 read as windows-1252"},
		{"SÃ£o Paulo; NÃO", "São Paulo; NÃO", "UTF-8 read as windows-1252"},
		// A sequence short of its last byte on a line misread elsewhere
		// (” with 9D dropped), unless quoted (text about mojibake).
		{"on â€\\-â€, vakiosyÃ¶tettÃ¤", "on \ufffd\\-\ufffd, vakiosyötettä", "UTF-8 read as windows-1252"},
		// A lead and a space on a line that dropped bytes elsewhere are a
		// dropped byte, not a lost no-break space: 택 and 에 with 9D and 90
		// dropped, not 엠; the ā of maksimālā, not Ġ.
		{"ìŠ¤íƒì— ì¶”ê°€í•©ë‹ˆë‹¤.", "스\ufffd\ufffd 추가합니다.", "UTF-8 read as windows-1252"},
		{"maksimÄlÄ vÄ“rtÄ«ba", "maksim\ufffdl\ufffd vērtība", "UTF-8 read as windows-1252"},
		// On such a line a lead alone as a word is a lost character too:
		// с with 81 dropped (я's 8F dropped before it).
		{"(Ð½Ð°Ñ‡Ð¸Ð½Ð°Ñ Ñ glibc 2.10)", "(начина\ufffd \ufffd glibc 2.10)", "UTF-8 read as windows-1252"},
		{"PÅ ", "PÅ ", ""},
		// A mark of one script on a letter of another is refused: not ֠
		// (a Hebrew accent, "Ö " with a lost no-break space under
		// Windows-1254) on the Armenian ի, but ց with 81 dropped.
		{"RLE Ô±Õ»Õ«Ö Õ±Õ¡Õ\u00ad Õ¤", "RLE Աջի\ufffd ձախ դ", "UTF-8 read as windows-1252"},
		// A decoding bad only by its U+FFFD (ρ with 81 dropped) is not
		// decoded again: "έ�γ" is not Greek misread twice.
		{"Î”ÎµÎ½ Ï…Ï€Î¬ÏÏ‡ÎµÎ¹ Î· Ï€ÎµÏÎ¹Î\u00adÏ‡Î¿Ï…ÏƒÎ±", "Δεν υπά\ufffdχει η πε\ufffdιέχουσα", "UTF-8 read as windows-1252"},
		{"ÐÐµ Ðµ ÑÑÐ½Ð¾", "\ufffdе е \ufffd\ufffdно", "UTF-8 read as windows-1252"},
		{"Ð¼Ð¾Ð¶Ðµ ÑÐµ", "може \ufffdе", "UTF-8 read as windows-1252"},
		{"Ð¼Ð¾Ð¶Ðµ Ñ Ð¿Ñ€Ð°Ð²Ð°", "може \ufffd права", "UTF-8 read as windows-1252"},
		{"i nÉirinn agus hÉireann", "i nÉirinn agus hÉireann", ""},
		{"%s%sÄr du säker", "%s%sÄr du säker", ""},
		{"McÉwan", "McÉwan", ""},
		// A lone misread character: one unseen pair and a rare one, the
		// repair's pairs common; a word of Cyrillic in a Latin line.
		{"Alle variabili array non ├¿ possibile dare", "Alle variabili array non è possibile dare", "UTF-8 read as ibm437"},
		{"secuencia de Ăłrdenes en Lua", "secuencia de órdenes en Lua", "UTF-8 read as windows-1250"},
		{"il controllo interno della funzione non ГЁ riuscito.", "il controllo interno della funzione non è riuscito.", "UTF-8 read as windows-1251"},
		{"il controllo interno della funzione non Р“РЃ riuscito.", "il controllo interno della funzione non è riuscito.", "UTF-8 read as windows-1251, twice"},
		{"ГЁ", "ГЁ", ""},
		{"let Γ² be the variance", "let Γ² be the variance", ""},
		{"the Π± sign", "the Π± sign", ""},
		{"then Δ‰ and", "then Δ‰ and", ""},
		{"una canciĂłn nueva", "una canción nueva", "UTF-8 read as windows-1250"},
		{"o informa»õie noua", "o informație noua", "UTF-8 read as macintosh"},
		{"Слово ГЁ и ещё", "Слово ГЁ и ещё", ""},
		// A lone misread character holding a C1 control (byte 80-9F read
		// as ISO-8859-1, or as a C1 control where Windows-1252 has no
		// character) is evidence of its own: real text writes none.
		{"Ilha (Ã\u008cnsula) bonita", "Ilha (Ìnsula) bonita", "UTF-8 read as iso-8859-1"},
		{"COPIE KILDE TIL MÃ\u0085L\\/\\fP", "COPIE KILDE TIL MÅL\\/\\fP", "UTF-8 read as iso-8859-1"},
		{"Muintir na hÃ\u008dosp here", "Muintir na hÍosp here", "UTF-8 read as windows-1252"},
		// So is U+FFFD glued to a lead, where a decoder lost the byte
		// after it (Windows-1252's 8D, 9D): ŝ, č, Í or ĝ, lost.
		{"Ne eblas malÅ\ufffdalti la aparaton", "Ne eblas mal\ufffdalti la aparaton", "UTF-8 read as windows-1252"},
		{"Datoteka je uÄ\ufffditana", "Datoteka je u\ufffditana", "UTF-8 read as windows-1252"},
		{"Na hÃ\ufffdosp here", "Na h\ufffdosp here", "UTF-8 read as windows-1252"},
		{"La reÄ\ufffdimo estas nova", "La re\ufffdimo estas nova", "UTF-8 read as windows-1252"},
		{"a \ufffd b and c\ufffdd", "a \ufffd b and c\ufffdd", ""},
		// A lone misread character whose repair leaves an unseen pair (a
		// foreign word), on a line with sure repairs under the same
		// encoding; not where another encoding reads it as a character
		// real text holds there (ĝ misread as Windows-1257, 9D as ¯,
		// not į as Windows-1252 reads C4 AF).
		{"KriyÃ²l is spoken in French Guiana, as the rÃ©sumÃ© of the rÃ©gion says.", "Kriyòl is spoken in French Guiana, as the résumé of the région says.", "UTF-8 read as windows-1252"},
		{"Plain cafÃ© with no other repair: KriyÃ²l alone.", "Plain café with no other repair: Kriyòl alone.", "UTF-8 read as windows-1252"},
		{"Tio doniÄ¯as SENPAGE KAJ SEN GARANTIO; eÄ‰ ne por VENDEBLO aÅ\u00ad ALIA CELO.", "Tio doniĝas SENPAGE KAJ SEN GARANTIO; eĉ ne por VENDEBLO aŭ ALIA CELO.", "UTF-8 read as windows-1257"},
		{"La programo doniÄ¯as al vi tute senpage, eÄ‰ se vi ne pagas aÅ\u00ad ne volas.", "La programo doniĝas al vi tute senpage, eĉ se vi ne pagas aŭ ne volas.", "UTF-8 read as windows-1257"},
		// A lone misread character the cost model finds nothing to gain in
		// (the model-only rule: one unseen pair), on a line surely
		// repaired elsewhere through the same encoding; alone, a repair
		// that leaves an unseen pair stays.
		{"The dialect LÃ«tzebuergesch is spoken there; see the rÃ©sumÃ© of the rÃ©gion.", "The dialect Lëtzebuergesch is spoken there; see the résumé of the région.", "UTF-8 read as windows-1252"},
		{"The creole KriyÃ²l is spoken there.", "The creole KriyÃ²l is spoken there.", ""},
		// A word in title case whose second letter was misread, a letter
		// then a symbol (capitalInside): alone on its line too. A capital,
		// a mark and a letter is how names are spelled, and a word in
		// capitals may end in a letter before a symbol: they stay.
		{"The dialect LÃ«tzebuergesch is spoken there.", "The dialect Lëtzebuergesch is spoken there.", "UTF-8 read as windows-1252"},
		{"Wilfredo SÃ¡nchez <ws@example.org>", "Wilfredo Sánchez <ws@example.org>", "UTF-8 read as windows-1252"},
		{"Author: Derzsi DÃ¡niel", "Author: Derzsi Dániel", "UTF-8 read as windows-1252"},
		{"O’Brien and D´Silva", "O’Brien and D´Silva", ""},
		{"the CAFÉ’s menu", "the CAFÉ’s menu", ""},
		// One ideograph or kana misread alone, a word of its own in Latin
		// text (wideAlone): both its pairs inside unseen. Not a letter of
		// an alphabet (Hebrew, Arabic) nor a piece of a word.
		{"key            | é”®            |", "key            | 键            |", "UTF-8 read as windows-1252"},
		{"The Internationalized example is <code>'ä¾‹'</code>.", "The Internationalized example is <code>'例'</code>.", "UTF-8 read as windows-1252"},
		{"shrug (ãƒ„) here", "shrug (ツ) here", "UTF-8 read as windows-1252"},
		{"l'été\u00a0»… et l'hiver", "l'été\u00a0»… et l'hiver", ""},
		{"caféƒ„ and more", "caféƒ„ and more", ""},
		{"A ×£ sign", "A ×£ sign", ""},
		// A symbol asking for its emoji presentation (U+FE0F after it):
		// the variation selector is no mark without a letter. Windows-1252
		// leaves its last byte, 8F, unassigned (read here as a C1 control).
		{"        âš\u00a0ï¸\u008f Kernel versions below 5.4", "        ⚠️ Kernel versions below 5.4", "UTF-8 read as windows-1252"},
		{"alias UInt âž¡ï¸\u008f Uint in buffer methods", "alias UInt ➡️ Uint in buffer methods", "UTF-8 read as windows-1252"},
		{"I â\u009d¤ï¸\u008f you", "I ❤️ you", "UTF-8 read as windows-1252"},
		{"ï¸\u008f alone", "ï¸\u008f alone", ""},
		// A no-break space misread (Â and the no-break space) glued after a
		// word's last letter or digit or its closing punctuation
		// (loneNoBreak); not after a capital (a word in capitals may end
		// in Â) nor at a word's start.
		{"Copyright authors'Â\u00a0reputations.", "Copyright authors'\u00a0reputations.", "UTF-8 read as windows-1252"},
		{"lib: refactorÂ\u00a0`primordials.makeSafe`", "lib: refactor\u00a0`primordials.makeSafe`", "UTF-8 read as windows-1252"},
		{"It weighs 5Â\u00a0kg.", "It weighs 5\u00a0kg.", "UTF-8 read as windows-1252"},
		{"HÂLÂ\u00a0bitmedi", "HÂLÂ\u00a0bitmedi", ""},
		{"Â\u00a0all of it", "Â\u00a0all of it", ""},
		// After a hyphen, and after a troff font escape, whose letter ends
		// no word; standing as a word (after a space, markup or at the
		// line's start) with nothing after it to bind to.
		{"-Â\u00a0X86/Linux<br>", "-\u00a0X86/Linux<br>", "UTF-8 read as windows-1252"},
		{"\\&\\fBNote\\fRÂ\u00a0: vraiment", "\\&\\fBNote\\fR\u00a0: vraiment", "UTF-8 read as windows-1252"},
		{"CARD32: 32-bit unsigned integer Â\u00a0", "CARD32: 32-bit unsigned integer \u00a0", "UTF-8 read as windows-1252"},
		{"Â\u00a0                       detail: BYTE,", "\u00a0                       detail: BYTE,", "UTF-8 read as windows-1252"},
		{"<td>Â\u00a0</td>", "<td>\u00a0</td>", "UTF-8 read as windows-1252"},
		{"Mae'n dod \\fBÂ\u00a0phwy\\fR heddiw", "Mae'n dod \\fBÂ\u00a0phwy\\fR heddiw", ""},
		{"Ewch Â\u00a012 o bobl", "Ewch Â\u00a012 o bobl", ""},
		{"Welsh: \\fBHÂ\u00a0x", "Welsh: \\fBHÂ\u00a0x", ""},
		// A lone misread symbol (loneSymbol): the lead glued to what reads
		// as symbols, pairs real text does not hold, though the model
		// holds few of the repair's pairs.
		{"The temperature was 20Â°C today.", "The temperature was 20°C today.", "UTF-8 read as windows-1252"},
		{"Error margin Â±0.5 mm.", "Error margin ±0.5 mm.", "UTF-8 read as windows-1252"},
		{"\"source {Datei}\"Â«. {Datei} darf nicht", "\"source {Datei}\"«. {Datei} darf nicht", "UTF-8 read as windows-1252"},
		{"Density 3 g/cmÂ³.", "Density 3 g/cm³.", "UTF-8 read as windows-1252"},
		{"See section Â§4.", "See section §4.", "UTF-8 read as windows-1252"},
		{"Half Â½ cup", "Half ½ cup", "UTF-8 read as windows-1252"},
		{"foo Â· bar", "foo · bar", "UTF-8 read as windows-1252"},
		{"an angle [Â°] here", "an angle [°] here", "UTF-8 read as windows-1252"},
		{"5 Ã— 3 = 15", "5 × 3 = 15", "UTF-8 read as windows-1252"},
		{"Price 8 Ã· 2", "Price 8 ÷ 2", "UTF-8 read as windows-1252"},
		{"Value is âˆ’3.", "Value is −3.", "UTF-8 read as windows-1252"},
		{"Ubuntu CDâ€”and more", "Ubuntu CD—and more", "UTF-8 read as windows-1252"},
		{"Value is â\u0088\u00923.", "Value is −3.", "UTF-8 read as iso-8859-1"},
		{"Area 5 cm¬≤ ok", "Area 5 cm² ok", "UTF-8 read as macintosh"},
		{"Error ¬±0.5 mm", "Error ±0.5 mm", "UTF-8 read as macintosh"},
		{"5 √ó 3 = 15", "5 × 3 = 15", "UTF-8 read as macintosh"},
		{"The 12 ‚àí 5 here", "The 12 − 5 here", "UTF-8 read as macintosh"},
		// Clean look-alikes: the end of a word in capitals, a variable with
		// a hat, signs of logic before their operand.
		{"IRMÃ—MÃE", "IRMÃ—MÃE", ""},
		{"a ROMÂ³ here", "a ROMÂ³ here", ""},
		{"GNUÂ® here", "GNUÂ® here", ""},
		{"The product Â·B of the operators", "The product Â·B of the operators", ""},
		{"The ladder operators Â±|n> act", "The ladder operators Â±|n> act", ""},
		{"the estimate Ã×B here", "the estimate Ã×B here", ""},
		{"In logic, ¬π is false", "In logic, ¬π is false", ""},
		{"In logic, ¬µX.p holds", "In logic, ¬µX.p holds", ""},
		{"The norm √∑x here", "The norm √∑x here", ""},
		{"Its root 2√∑ here", "Its root 2√∑ here", ""},
		{"[\\fI\\,АРҐ\\/\\fP]", "[\\fI\\,АРҐ\\/\\fP]", ""},
		{"The word well‚Ä¶ ok", "The word well… ok", "UTF-8 read as macintosh"},
		{"ä¸­æ–‡", "中文", "UTF-8 read as windows-1252"},
		{"Ă©cole", "école", "UTF-8 read as windows-1250"},
		{"Ð¿Ñ€Ð¸Ð²ÐµÑ‚", "привет", "UTF-8 read as windows-1252"},
		{"Ãœber Ã–sterreich", "Über Österreich", "UTF-8 read as windows-1252"},
		{"Price:Â\u00a010", "Price:\u00a010", "UTF-8 read as windows-1252"},
		{"donâ€™t", "don’t", "UTF-8 read as windows-1252"},
		// A misread en dash alone on an ASCII line: "â€" is no pair of
		// real text, though the filter holds it by a collision
		// (pairs-fp.bin).
		{"It costs 5 â€“ 10 dollars.", "It costs 5 – 10 dollars.", "UTF-8 read as windows-1252"},
		{"Mars â€“ Ladin", "Mars – Ladin", "UTF-8 read as windows-1252"},
		// Glued between words or brackets: "€“" is a pair real text holds
		// rarely (keyboard symbol lists), the lead's "â€" none.
		{"the Michelsonâ€“Morley experiment", "the Michelson–Morley experiment", "UTF-8 read as windows-1252"},
		{"trains on the Londonâ€“Paris line", "trains on the London–Paris line", "UTF-8 read as windows-1252"},
		{"([1900](/a)â€“[1950](/b)) lived", "([1900](/a)–[1950](/b)) lived", "UTF-8 read as windows-1252"},
		// A capital read as a letter and a symbol glued inside a word in
		// capitals, though the letter's pair with the one before is
		// real text's ("IÃ": Vietnamese GIÃ): a Spanish heading.
		{".SH DESCRIPCIÃ“N", ".SH DESCRIPCIÓN", "UTF-8 read as windows-1252"},
		{"ATENCIÃ“N: no usar", "ATENCIÓN: no usar", "UTF-8 read as windows-1252"},
		{"[OPCIÃ“N]... NOMBRE", "[OPCIÓN]... NOMBRE", "UTF-8 read as windows-1252"},
		{"OPCIÃƒâ€œN", "OPCIÓN", "UTF-8 read as windows-1252, twice"},
		// The whole of a round's text inside another through the same
		// encoding needs one unseen pair, its repair none: the outer
		// round vouches for it. Once undone alone, "Ń–" stays.
		{"\\&.xz Ĺ\u0083â€“ .lzma", "\\&.xz і .lzma", "UTF-8 read as windows-1250, twice"},
		{"\\&.xz Ń– .lzma", "\\&.xz Ń– .lzma", ""},
		{"CÄ‚Ĺźlslais ag an deireadh", "Cúlslais ag an deireadh", "UTF-8 read as windows-1250, twice"},
		// ... or through one that reads it the same: "Ä«" is ī misread as
		// Windows-1257, or as Windows-1252, which plan tries first.
		{"KĆ„Ā«ngitanga o Huitene", "Kīngitanga o Huitene", "UTF-8 read as windows-1252, then as windows-1257"},
		{"la valor Р’В« %s Р’В» es pas interpretabla.", "la valor « %s » es pas interpretabla.", "UTF-8 read as windows-1251, twice"},
		{"DIZ “IRMÃ“ E SAI", "DIZ “IRMÃ“ E SAI", ""},
		{"NÃO", "NÃO", ""},
		{"AMANHÃ… E DEPOIS", "AMANHÃ… E DEPOIS", ""},
		{"„Das ist groß“", "„Das ist groß“", ""},
		{"м/с²", "м/с²", ""},
		{"┌──┐", "┌──┐", ""},
		// A symbol (or box drawing) glued to a letter, alone on its line,
		// elsewhere in a word than inside it (capitalInside): at a word's
		// start before a small letter, a capital ("Änderung" read as
		// Windows-1251 and as code page 437), or a small letter when the
		// pair begins with the symbol (Romanian "în", "și", read as code
		// page 437 and Mac OS Roman); at a word's end ("są"); a word of
		// its own (French "à" read as code page 437). Lines of translated
		// man pages.
		{"optional. Г„ltere Versionen von \\fIDatei\\fP werden wie folgt benannt:", "optional. Ältere Versionen von \\fIDatei\\fP werden wie folgt benannt:", "UTF-8 read as windows-1251"},
		{"nicht ohne ├änderung der Einstellungen", "nicht ohne Änderung der Einstellungen", "UTF-8 read as ibm437"},
		{"documentate ├«n fiecare dintre ele.", "documentate în fiecare dintre ele.", "UTF-8 read as ibm437"},
		{"timpul de acces »ôi timpul de modificare", "timpul de acces și timpul de modificare", "UTF-8 read as macintosh"},
		{"wszystkie argumenty w [ ] sÄ… opcjonalne.", "wszystkie argumenty w [ ] są opcjonalne.", "UTF-8 read as windows-1252"},
		{"Afficher la valeur sans retour ├á la ligne.", "Afficher la valeur sans retour à la ligne.", "UTF-8 read as ibm437"},
		// Clean text with a symbol before a word's first letter, after
		// its last, or a letter of one character.
		{"Siehe »Änderung« und «Ça» (Ära) – à la", "Siehe »Änderung« und «Ça» (Ära) – à la", ""},
		{"«ôter» et «ça», “école”, —à", "«ôter» et «ça», “école”, —à", ""},
		{"├── src └── ä", "├── src └── ä", ""},
		// A lone symbol misread twice: once undone, what is left is a lone
		// misread symbol, judged as one (isLoneSymbol).
		{"units are prefixed with `Ã¢Å“â€œ`.", "units are prefixed with `✓`.", "UTF-8 read as windows-1252, twice"},
		{"ÃƒÂ© and Ã¢â‚¬Â¢ item", "é and • item", "UTF-8 read as windows-1252, twice"},
		// A word misread from its first letter after a troff font escape,
		// whose letter is none of the word's (fontEscapeBefore); a word
		// in capitals misread from its first letter.
		{"\\fBmf=\\fP\\fIÃœf\\fP", "\\fBmf=\\fP\\fIÜf\\fP", "UTF-8 read as windows-1252"},
		{"\\fB├ûRNEK\\fP, \\fBYAZARLAR\\fP", "\\fBÖRNEK\\fP, \\fBYAZARLAR\\fP", "UTF-8 read as ibm437"},
		{"\\fBNote\\fR\u00a0: \\fIÜber\\fP", "\\fBNote\\fR\u00a0: \\fIÜber\\fP", ""},
		// A misread guillemet before a word (a quotation opened), and the
		// one closing it after a capital when the line opened it misread
		// the same way (closesQuote): a word in capitals may end with Ã
		// or Â before a clean one ("MAÇÃ»").
		{"Der Abschnitt Â»debian/rules", "Der Abschnitt »debian/rules", "UTF-8 read as windows-1252"},
		{"im Format Â»yyyy-mm-dd HH:MM:SSÂ«", "im Format »yyyy-mm-dd HH:MM:SS«", "UTF-8 read as windows-1252"},
		{"  * Recognize Â«start-stop-daemon -CÂ» as documented.", "  * Recognize «start-stop-daemon -C» as documented.", "UTF-8 read as windows-1252"},
		{"«MAÇÃ» e «PÃ»", "«MAÇÃ» e «PÃ»", ""},
		{"GNUÂ® e IRMÃ— x", "GNUÂ® e IRMÃ— x", ""},
		// A word's last letter before a double quote: the model of real
		// text holds few pairs of a letter and a quote after it
		// (pairNeighbour), which counts as the line's edge. Danish "SE
		// OGSÅ" (see also) read as Windows-1251, Mac OS Roman, code page
		// 437 and ISO-8859-1 (85, a C1 control); as Windows-1252 ("Ã…")
		// it stays, a word of Portuguese in capitals before an ellipsis.
		{`.SH "SE OGSГ…"`, `.SH "SE OGSÅ"`, "UTF-8 read as windows-1251"},
		{`.SH "SE OGS√Ö"`, `.SH "SE OGSÅ"`, "UTF-8 read as macintosh"},
		{`.SH "SE OGS├à"`, `.SH "SE OGSÅ"`, "UTF-8 read as ibm437"},
		{".SH \"SE OGSÃ\u0085\"", `.SH "SE OGSÅ"`, "UTF-8 read as iso-8859-1"},
		{`Vis "dansk sprÃ¥k" og "Ã¥r"`, `Vis "dansk språk" og "år"`, "UTF-8 read as windows-1252"},
		{`.SH "IRMÃ…" e "AMANHÃ…"`, `.SH "IRMÃ…" e "AMANHÃ…"`, ""},
		{`.SH "ACASĂ…" și "Ă…"`, `.SH "ACASĂ…" și "Ă…"`, ""},
		{`"MAÇÃ»" "PÃ»" "LÃ«tzebuergesch"`, `"MAÇÃ»" "PÃ»" "LÃ«tzebuergesch"`, ""},
		// Symbols misread as Mac OS Roman ("‚Ä¢" •, "‚Ä¶" …) hold a
		// reading of Windows-1252 of the same gain, the lead's pair ("Ä¢"
		// Ģ): the longer stretch wins the tie (plan), once or twice
		// misread.
		{`‚Ä¢ On Linux 4.13 or later, <policy group="‚Ä¶"> now uses`, `• On Linux 4.13 or later, <policy group="…"> now uses`, "UTF-8 read as macintosh"},
		{"‚Ä¢ [Unix] A new unix:dir=‚Ä¶ address family resembles unix:tmpdir=‚Ä¶ but", "• [Unix] A new unix:dir=… address family resembles unix:tmpdir=… but", "UTF-8 read as macintosh"},
		{"  ‚Äö√Ñ¬¢ Extending X for Double-Buffering", "  • Extending X for Double-Buffering", "UTF-8 read as macintosh, twice"},
		{"Ģirts un Ķegums: ‚citāts‘ … •", "Ģirts un Ķegums: ‚citāts‘ … •", ""},
		// A character of three bytes misread as Windows-1251 begins with
		// a small Cyrillic letter (E2 is в), no preposition when glued to
		// two symbols between ASCII (loneSymbol).
		{"the result is в€ћ when the divisor is zero", "the result is ∞ when the divisor is zero", "UTF-8 read as windows-1251"},
		{"Press в–¶ to play the whole list", "Press ▶ to play the whole list", "UTF-8 read as windows-1251"},
		{"Він сказав в“Їжак” і в“Євро”", "Він сказав в“Їжак” і в“Євро”", ""},
		// Glued to a letter and then a symbol, a pair inside words
		// ("поравњање"), standing alone: no word (cyrillicWordless); the
		// symbol's pair tells, and stays where real text holds it (ћ“).
		{"Status: вњ” passed", "Status: ✔ passed", "UTF-8 read as windows-1251"},
		{"- [вњ“] done", "- [✓] done", "UTF-8 read as windows-1251"},
		{"Error: вќЊ failed", "Error: ❌ failed", "UTF-8 read as windows-1251"},
		{"Пише \"вћ“ и иде", "Пише \"вћ“ и иде", ""},
		// Symbols each of which would be repaired alone, a few ASCII
		// characters apart or glued together, make one stretch
		// (symbolRun): two check marks, a bar of blocks. Where they would
		// stay alone (box drawing beside a shade), the stretch stays.
		{"x âœ” y âœ” z", "x ✔ y ✔ z", "UTF-8 read as windows-1252"},
		{"<td>вњ”</td><td>вњ”</td>", "<td>✔</td><td>✔</td>", "UTF-8 read as windows-1251"},
		{"Progress: â–ˆâ–ˆâ–ˆâ–ˆâ–‘â–‘ 60%", "Progress: ████░░ 60%", "UTF-8 read as windows-1252"},
		{"[â–ˆâ–ˆâ–ˆâ–ˆ    ] done", "[████    ] done", "UTF-8 read as windows-1252"},
		{"x ┬░ y ┬░ z", "x ┬░ y ┬░ z", ""},
		// A no-break space misread where the lead C2 reads as a sign (Mac
		// OS Roman's ¬, IBM437's ┬), whatever stands around it; not in a
		// drawing.
		{"ACCESSCONTEXT:  ID ┬á", "ACCESSCONTEXT:  ID \u00a0", "UTF-8 read as ibm437"},
		{"ACCESSCONTEXT:  ID ¬†", "ACCESSCONTEXT:  ID \u00a0", "UTF-8 read as macintosh"},
		{"Hello¬†world", "Hello\u00a0world", "UTF-8 read as macintosh"},
		// A symbol of three bytes misread as Mac OS Roman, a low quotation
		// mark and two letters ("‚Üí" is →): no quoted word; glued to a
		// word it stays.
		{"open `Control Panel` ‚Üí `System`", "open `Control Panel` → `System`", "UTF-8 read as macintosh"},
		{"maint: while (1) ‚Üí while (true)", "maint: while (1) → while (true)", "UTF-8 read as macintosh"},
		{"x ‚Üíx", "x ‚Üíx", ""},
		{"│ x ┬á │", "│ x ┬á │", ""},
		// A symbol of three bytes misread as IBM437 begins with Γ (E2):
		// no Greek capital of two bytes; the start of one is no misread
		// character of another encoding glued to what that one does not
		// have (pieceOfLonger: "Γ£" is ã as Windows-1253, then ö).
		{"Snow Γ¥ä here", "Snow ❄ here", "UTF-8 read as ibm437"},
		{"\t\t     Γ¥ä Γ¥ä Γ¥ä  Γ¥ä ", "\t\t     ❄ ❄ ❄  ❄ ", "UTF-8 read as ibm437"},
		{"x Γ£ö y Γ£ö z", "x ✔ y ✔ z", "UTF-8 read as ibm437"},
		{"Γ is a Greek capital: Γ¥ in maths", "Γ is a Greek capital: Γ¥ in maths", ""},
		{"x ╬ô┬ú├╢ y", "x ✔ y", "UTF-8 read as ibm437, twice"},
		{"x РІСљвЂќ y РІСљвЂќ z", "x ✔ y ✔ z", "UTF-8 read as windows-1251, twice"},
		{"<td>РІСљвЂќ</td><td>РІСљвЂќ</td>", "<td>✔</td><td>✔</td>", "UTF-8 read as windows-1251, twice"},
		// A round inside that would leave a combining mark with no letter
		// under it is not taken: "МіБ" once undone is Ukrainian, not U+0333
		// read as Windows-1251 ("Мі") and Б.
		{"\u00d0\u0153\u00d1\u2013\u00d0\u2018. \u00d0\u2019\u00d0\u00b8\u00d0\u00ba\u00d0\u00be\u00d1\u20ac\u00d0\u00b8\u00d1\u0081\u00d1\u201a\u00d0\u00b0\u00d0\u00bd\u00d0\u00bd\u00d1\u008f \u00d0\u00b7\u00d0\u00bd\u00d0\u00b0\u00d1\u2021\u00d0\u00b5\u00d0\u00bd\u00d0\u00bd\u00d1\u008f", "МіБ. Використання значення", "UTF-8 read as windows-1252"},
		{"   6 \u00d0\u0153\u00d1\u2013\u00d0\u2018   | 100 \u00d0\u0153\u00d1\u2013\u00d0\u2018", "   6 МіБ   | 100 МіБ", "UTF-8 read as windows-1252"},
		{"\u0420\u045a\u0421\u2013\u0420\u2018. \u0420\u2019\u0420\u0451\u0420\u0454\u0420\u0455\u0421\u0402\u0420\u0451\u0421\u0403\u0421\u201a\u0420\u00b0\u0420\u0405\u0420\u0405\u0421\u040f \u0420\u00b7\u0420\u0405\u0420\u00b0\u0421\u2021\u0420\u00b5\u0420\u0405\u0420\u0405\u0421\u040f", "МіБ. Використання значення", "UTF-8 read as windows-1251"},
		{"\u2013\u00fa\u2014\u00f1\u2013\u00eb. \u2013\u00ed\u2013\u220f\u2013\u222b\u2013\u00e6\u2014\u00c4\u2013\u220f\u2014\u00c5\u2014\u00c7\u2013\u221e\u2013\u03a9\u2013\u03a9\u2014\u00e8 \u2013\u2211\u2013\u03a9\u2013\u221e\u2014\u00e1\u2013\u00b5\u2013\u03a9\u2013\u03a9\u2014\u00e8", "МіБ. Використання значення", "UTF-8 read as macintosh"},
		{"prefixed with `╬ô┬ú├┤`.", "prefixed with `✓`.", "UTF-8 read as ibm437, twice"},
		// The same misread twice: the round inside judges the stretch's
		// own units (a table's rules, check marks).
		{"\u00c3\u00a2\u00e2\u20ac\u009d\u00e2\u20ac\u0161#define    \u00c3\u00a2\u00e2\u20ac\u009d\u00e2\u20ac\u0161configure flag  \u00c3\u00a2\u00e2\u20ac\u009d\u00e2\u20ac\u0161Description \u00c3\u00a2\u00e2\u20ac\u009d\u00e2\u20ac\u0161", "│#define    │configure flag  │Description │", "UTF-8 read as windows-1252, twice"},
		{"\u0102\u02d8\u00e2\u20ac\u0165\u00e2\u20ac\u0161#define    \u0102\u02d8\u00e2\u20ac\u0165\u00e2\u20ac\u0161configure flag  \u0102\u02d8\u00e2\u20ac\u0165\u00e2\u20ac\u0161Description \u0102\u02d8\u00e2\u20ac\u0165\u00e2\u20ac\u0161", "│#define    │configure flag  │Description │", "UTF-8 read as windows-1252, then as windows-1250"},
		{"\u0420\u0406\u0432\u0402\u045c\u0432\u0402\u0459#define    \u0420\u0406\u0432\u0402\u045c\u0432\u0402\u0459configure flag  \u0420\u0406\u0432\u0402\u045c\u0432\u0402\u0459Description \u0420\u0406\u0432\u0402\u045c\u0432\u0402\u0459", "│#define    │configure flag  │Description │", "UTF-8 read as windows-1251, twice"},
		{"| \u00c3\u00a2\u00c5\u201c\u00e2\u20ac\u009d | \u00c3\u00a2\u00c5\u201c\u00e2\u20ac\u009d | ok |", "| ✔ | ✔ | ok |", "UTF-8 read as windows-1252, twice"},
		{"| \u0102\u02d8\u0139\u203a\u00e2\u20ac\u0165 | \u0102\u02d8\u0139\u203a\u00e2\u20ac\u0165 | ok |", "| ✔ | ✔ | ok |", "UTF-8 read as windows-1250, twice"},
		{"| \u201a\u00c4\u00f6\u221a\u222b\u221a\u00c6 | \u201a\u00c4\u00f6\u221a\u222b\u221a\u00c6 | ok |", "| ✔ | ✔ | ok |", "UTF-8 read as macintosh, twice"},
		// A symbol of Latin-1 misread as IBM437 (a Windows console showing
		// UTF-8): box drawing glued to a shade or a letter, on a line
		// holding no other box drawing (boxSymbol); in a drawing it stays.
		{"The temperature was 20┬░C today.", "The temperature was 20°C today.", "UTF-8 read as ibm437"},
		{"Use 5 ├ù 3 as the size.", "Use 5 × 3 as the size.", "UTF-8 read as ibm437"},
		{"Add ┬╜ cup of sugar.", "Add ½ cup of sugar.", "UTF-8 read as ibm437"},
		{"┌──┬░░┐", "┌──┬░░┐", ""},
		{"│ 20┬░C │", "│ 20┬░C │", ""},
		// Latin-1's symbols and no-break spaces misread as Windows-1251 on a
		// line of Latin text without another Cyrillic letter
		// (symbolIsland), once ("В«") or twice ("Р’В«"); in Russian, В
		// before a no-break space or a guillemet is typography.
		{"toujours consultable via la commande\\ : В«\\ \\fBLANG=C\\ man\\ 8\\ ifconfig\\fR\\ В».", "toujours consultable via la commande\\ : «\\ \\fBLANG=C\\ man\\ 8\\ ifconfig\\fR\\ ».", "UTF-8 read as windows-1251"},
		{".IP \"В\u00a0\\fILangbeschreibung\\fR\" 4", ".IP \"\u00a0\\fILangbeschreibung\\fR\" 4", "UTF-8 read as windows-1251"},
		{".IP \"Р’В\u00a0\\fILangbeschreibung\\fR\" 4", ".IP \"\u00a0\\fILangbeschreibung\\fR\" 4", "UTF-8 read as windows-1251, twice"},
		{"Erweiterung Р’В»Sync Flush MarkerР’В« zur Formatversion 1 wurde in \\fBlzip\\fP 1.6", "Erweiterung »Sync Flush Marker« zur Formatversion 1 wurde in \\fBlzip\\fP 1.6", "UTF-8 read as windows-1251, twice"},
		{"Copyright В© 1996-2024 Free Software Foundation, Inc.", "Copyright © 1996-2024 Free Software Foundation, Inc.", "UTF-8 read as windows-1251"},
		// No-break spaces glued together, each misread, on a line without
		// other Cyrillic letters, whatever its letters (a table's cell of
		// numbers); one before a URL.
		{"В\u00a0В\u00a0improvement.<br>", "\u00a0\u00a0improvement.<br>", "UTF-8 read as windows-1251"},
		{"158525В\u00a0В\u00a0==126389<br>", "158525\u00a0\u00a0==126389<br>", "UTF-8 read as windows-1251"},
		{"158525Р’В\u00a0Р’В\u00a0==126389<br>", "158525\u00a0\u00a0==126389<br>", "UTF-8 read as windows-1251, twice"},
		{"Р’В\u00a0Р’В\u00a0improvement.<br>", "\u00a0\u00a0improvement.<br>", "UTF-8 read as windows-1251, twice"},
		{"[1]В\u00a0http://docs.oracle.com/cd/E26502_01/html/E28556/gkzlf.html<br>", "[1]\u00a0http://docs.oracle.com/cd/E26502_01/html/E28556/gkzlf.html<br>", "UTF-8 read as windows-1251"},
		{"В\u00a0В\u00a0129937В\u00a0В\u00a0==150380<br>", "\u00a0\u00a0129937\u00a0\u00a0==150380<br>", "UTF-8 read as windows-1251"},
		{"110829В\u00a0В\u00a0==В\u00a0110831<br>", "110829\u00a0\u00a0==\u00a0110831<br>", "UTF-8 read as windows-1251"},
		{"В«\\ cat\\ В».", "«\\ cat\\ ».", "UTF-8 read as windows-1251"},
		{"«Витамин В»", "«Витамин В»", ""},
		{"Витамин В\u00a0В\u00a0x", "Витамин В\u00a0В\u00a0x", ""},
		{"В\u00a0В\u00a0Москва", "В\u00a0В\u00a0Москва", ""},
		{"12 В\u00a0В\u00a0 и 14", "12 В\u00a0В\u00a0 и 14", ""},
		// The symbols whose continuation byte Windows-1251 reads as a
		// letter ("ВІ" ², "ВЅ" ½), and × and ÷ ("Г—", "Г·"), on a line of
		// Latin text; in Ukrainian text ВІЛ is a word.
		{"The area is 20 mВІ in all.", "The area is 20 m² in all.", "UTF-8 read as windows-1251"},
		{"Use 5 Г— 3 as the size.", "Use 5 × 3 as the size.", "UTF-8 read as windows-1251"},
		{"Add ВЅ cup of sugar to the mix.", "Add ½ cup of sugar to the mix.", "UTF-8 read as windows-1251"},
		{"Тест на ВІЛ та інше", "Тест на ВІЛ та інше", ""},
		// A letter of Latin-1 misread as Windows-1251 standing as a word,
		// whose continuation byte reads as a symbol (Portuguese é, French
		// à), or as IBM437.
		{"todo e qualquer argumento entre [ ] Г© opcional.", "todo e qualquer argumento entre [ ] é opcional.", "UTF-8 read as windows-1251"},
		{"Il est Г\u00a0 Paris, dit-il.", "Il est à Paris, dit-il.", "UTF-8 read as windows-1251"},
		{"Ele ├⌐ o melhor de todos os tempos", "Ele é o melhor de todos os tempos", "UTF-8 read as ibm437"},
		{"Год: 2020 Г© и всё", "Год: 2020 Г© и всё", ""},
		// On a line misread whole, the Cyrillic letters a Latin letter
		// misread makes inside a word are no Russian text.
		{"um fakeroot auszufГјhren. Da configure im В»debian/rules", "um fakeroot auszuführen. Da configure im »debian/rules", "UTF-8 read as windows-1251"},
		{"Он сказал: «Да В» и ушёл, и Linuxу", "Он сказал: «Да В» и ушёл, и Linuxу", ""},
		{"Read the ВІЛ notes", "Read the ВІЛ notes", ""},
		{"Он сказал: «Да В» и ушёл", "Он сказал: «Да В» и ушёл", ""},
		{"См. В\u00a0Linux documentation pages", "См. В\u00a0Linux documentation pages", ""},
		{"В\u00a02004 году вышел Linux 2.6", "В\u00a02004 году вышел Linux 2.6", ""},
		{"Он сказал: «Да Р’В» и ушёл", "Он сказал: «Да Р’В» и ушёл", ""},
	} {
		out, cs := FixString(tc.in)
		if tc.chain == "" {
			if out != tc.in && tc.want == tc.in {
				t.Errorf("%q changed to %q", tc.in, out)
			}
			continue
		}
		if out != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, out, tc.want)
			continue
		}
		if len(cs) == 0 || cs[0].Chain.String() != tc.chain {
			t.Errorf("%q: changes %v, want chain %q", tc.in, cs, tc.chain)
		}
	}
}

// TestPairTable checks the pair table against pairCost, its reference, on
// every pair of characters from a sample that covers every class met in the
// Basic Multilingual Plane.
func TestPairTable(t *testing.T) {
	seen := map[uint8]rune{}
	for r := rune(0); r < 0x10000; r++ {
		if in := infoOf(r); seen[in.class] == 0 {
			seen[in.class] = r
		}
	}
	sample := []rune{-2, ' ', 0xA0, 'a', 'Z', 0x1F600}
	for _, r := range seen {
		sample = append(sample, r)
	}
	for _, a := range sample {
		for _, b := range sample {
			x, y := infoOf(a), infoOf(b)
			if got, want := int(pairTable[x.class][y.class]), pairCost(a, x, b, y); got != want {
				t.Fatalf("pair %U %U: table %d, pairCost %d", a, b, got, want)
			}
		}
	}
	t.Logf("%d classes in use, %d in the table", len(seen), len(classReps))
}

// TestLongLineWithoutASCII: a line longer than a window and without ASCII
// (CJK misread as Windows-1252) is cut between misread characters, so that
// all of it comes back.
func TestLongLineWithoutASCII(t *testing.T) {
	var want []rune
	for i := range 3000 {
		want = append(want, rune(0x4E00+i*7%20000))
	}
	mangled, ok := misread(string(want), Windows1252, lossNone)
	if !ok || len(mangled) < 4*maxWindow {
		t.Fatal("test input")
	}
	if got, _ := FixString(mangled); got != string(want) {
		t.Errorf("%d of %d characters came back", len([]rune(got)), len(want))
	}
}

// TestTripleFlags checks the flags badness uses against tripleCost.
func TestTripleFlags(t *testing.T) {
	sample := []rune{'a', 'é', 'Ж', 'α', '中', 'ا', '›', '’', '‘', '–', '—', '…', '€', '•', '«', '»', '-', ' ', 0xA0, '.', '©'}
	for _, w := range sample {
		for _, a := range sample {
			for _, y := range sample {
				iw, ia, iy := infoOf(w), infoOf(a), infoOf(y)
				want := 0
				if w >= 0x80 && y >= 0x80 {
					want = tripleCost(iw, a, ia, iy)
				}
				got := 0
				if ia.flags&tMiddle != 0 && iw.flags&iy.flags&tLetter != 0 && w >= 0x80 && y >= 0x80 {
					got = 2
				}
				if got != want {
					t.Fatalf("%q %q %q: flags give %d, tripleCost %d", w, a, y, got, want)
				}
			}
		}
	}
}

// TestInfoTables checks the lazily built tables infoOf reads against
// classify, their reference, over the Basic and Supplementary Multilingual
// Planes.
func TestInfoTables(t *testing.T) {
	for r := rune(0x80); r < 0x20000; r++ {
		if got, want := infoOf(r), classify(r); got != want {
			t.Fatalf("infoOf(%U) = %+v, classify: %+v", r, got, want)
		}
	}
}

// TestChangeColumn: columns count characters from the line's start, 1-based.
func TestChangeColumn(t *testing.T) {
	for _, tc := range []struct {
		in        string
		line, col int64
	}{
		{"cafÃ©", 1, 4},
		{"x\nab cafÃ©", 2, 7},
		{"x\r\nñü € cafÃ©", 2, 9}, // the CR belongs to line 1
		{"\xff\xfe\nçç MÃ¼ller", 2, 5},
	} {
		_, cs := FixString(tc.in)
		if len(cs) != 1 || cs[0].Line != tc.line || cs[0].Column != tc.col {
			t.Errorf("%q: changes %+v, want one at line %d, column %d", tc.in, cs, tc.line, tc.col)
		}
	}
}

// TestBasicCyrillicNoContinuation: the pre-scan skips runs of А..я on the
// ground that no encoding makes one of them a continuation byte.
func TestBasicCyrillicNoContinuation(t *testing.T) {
	var buf [4]byte
	for r := rune(0x400); r < 0x480; r++ {
		n := utf8.EncodeRune(buf[:], r)
		basic := n == 2 && isBasicCyrillic(buf[0], buf[1])
		if want := 0x410 <= r && r <= 0x44F; basic != want {
			t.Fatalf("isBasicCyrillic(%U) = %v", r, basic)
		}
		if basic && maskOf(r).cont != 0 {
			t.Fatalf("%U is a continuation byte in encodings %b", r, maskOf(r).cont)
		}
	}
	// Every pair of bytes: only the UTF-8 of А..я is a letter (D0 E2, say,
	// is not, though as a number it lies between D090 and D18F).
	for b0 := 0; b0 < 256; b0++ {
		for b1 := 0; b1 < 256; b1++ {
			r, n := utf8.DecodeRune([]byte{byte(b0), byte(b1)})
			want := n == 2 && 0x410 <= r && r <= 0x44F
			if got := isBasicCyrillic(byte(b0), byte(b1)); got != want {
				t.Fatalf("isBasicCyrillic(%02X, %02X) = %v", b0, b1, got)
			}
		}
	}
}

// TestQuickUnit checks quickUnit against findUnit, its reference, at every
// position of clean and misread sentences (lossy misreadings included)
// under every encoding, and on every two-character string of the
// characters the encodings map bytes to.
func TestQuickUnit(t *testing.T) {
	check := func(rs []rune) {
		for i := range rs {
			for e := Codepage(0); e < numEncodings; e++ {
				var u unit
				ok, sure := quickUnit(rs, i, e, &u)
				if !sure {
					continue
				}
				if wu, wok := findUnit(rs, i, e); ok != wok || ok && u != wu {
					t.Fatalf("%q at %d under %v: quickUnit %+v %v, findUnit %+v %v", string(rs), i, e, u, ok, wu, wok)
				}
			}
		}
	}
	n := 0
	for i, s := range sentences(t, 2) {
		check([]rune(s))
		for _, mode := range []loss{lossNone, lossFFFD, lossDrop, lossNBSP} {
			if m, ok := misread(s, Codepage(i%int(numEncodings)), mode); ok {
				check([]rune(m))
				n++
			}
		}
	}
	var chars []rune
	for e := Codepage(0); e < numEncodings; e++ {
		for b := 0x80; b < 0x100; b++ {
			if r := decodeIn(e, byte(b)); r >= 0 {
				chars = append(chars, r)
			}
		}
	}
	slices.Sort(chars)
	chars = slices.Compact(chars)
	for _, a := range chars {
		for _, b := range chars {
			check([]rune{a, b})
			check([]rune{a, b, b, b})
			check([]rune{a, 'x', b, b}) // no unit, sure: a byte missing in the middle
			check([]rune{a, b, 'x', b})
		}
	}
	if n == 0 {
		t.Fatal("no misread sentences")
	}
}

// TestDecodeWindowLeads checks the places and encodings decodeWindow finds
// on the way against leadsOf, their reference.
func TestDecodeWindowLeads(t *testing.T) {
	var f fixer
	for i, s := range sentences(t, 2) {
		for _, mode := range []loss{lossNone, lossFFFD, lossNBSP} {
			m, ok := misread(s, Codepage(i%int(numEncodings)), mode)
			if !ok {
				continue
			}
			for _, w := range []string{s, m, m + " \xff Ã ", "Ã " + m} {
				f.decodeWindow([]byte(w))
				mask, pos := leadsOf(f.rs, nil)
				if mask != f.leadMask || !slices.Equal(pos, f.depth[0].pos) {
					t.Fatalf("%q: decodeWindow %b %v, leadsOf %b %v", w, f.leadMask, f.depth[0].pos, mask, pos)
				}
			}
		}
	}
}

// TestMaskOf checks maskOf's and maskOfDecoded's shortcuts below highMin and above highMax against the tables
// themselves, for every code point.
func TestMaskOf(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		want := highMasks[r]
		if r < maskDense {
			want = lowMasks[r]
		}
		if got := maskOf(r); got != want {
			t.Fatalf("maskOf(%U) = %+v, the tables: %+v", r, got, want)
		}
		if got := maskOfDecoded(r); got != want {
			t.Fatalf("maskOfDecoded(%U) = %+v, the tables: %+v", r, got, want)
		}
	}
}

// TestRangeTable checks rangeTable against a Go map, its reference, over
// random insertions, lookups and resets.
func TestRangeTable(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var tb rangeTable
	want := map[[2]int]int32{}
	tb.reset()
	for op := range 200000 {
		if rng.Intn(500) == 0 {
			tb.reset()
			clear(want)
		}
		s := rng.Intn(300)
		e := s + 1 + rng.Intn(50)
		ent := tb.slot(s, e)
		v, ok := want[[2]int{s, e}]
		if present := ent.gen == tb.gen; present != ok || ok && ent.outAt != v {
			t.Fatalf("op %d: [%d,%d): table has %v %d, map %v %d", op, s, e, present, ent.outAt, ok, v)
		}
		if !ok {
			*ent = rangeEntry{start: int32(s), end: int32(e), gen: tb.gen, outAt: int32(op)}
			tb.n++
			want[[2]int{s, e}] = int32(op)
		}
	}
}
