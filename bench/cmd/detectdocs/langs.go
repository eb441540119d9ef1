package main

import (
	"github.com/utf8x/utf8x/transcode"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	xunicode "golang.org/x/text/encoding/unicode"
)

// encodings are the targets documents are written into, by the name the
// report uses (the WHATWG or IANA name).
var encodings = map[string]encoding.Encoding{
	"windows-1252": charmap.Windows1252, "iso-8859-1": charmap.ISO8859_1, "iso-8859-15": charmap.ISO8859_15,
	"windows-1250": charmap.Windows1250, "iso-8859-2": charmap.ISO8859_2, "iso-8859-16": charmap.ISO8859_16,
	"windows-1257": charmap.Windows1257, "iso-8859-13": charmap.ISO8859_13, "iso-8859-4": charmap.ISO8859_4,
	"windows-1251": charmap.Windows1251, "koi8-r": charmap.KOI8R, "koi8-u": charmap.KOI8U,
	"ibm866": charmap.CodePage866, "ibm852": charmap.CodePage852, "ibm855": charmap.CodePage855, "iso-8859-5": charmap.ISO8859_5, "x-mac-cyrillic": charmap.MacintoshCyrillic,
	"windows-1253": charmap.Windows1253, "iso-8859-7": charmap.ISO8859_7,
	"windows-1254": charmap.Windows1254, "iso-8859-9": charmap.ISO8859_9,
	"windows-1255": charmap.Windows1255, "iso-8859-8": charmap.ISO8859_8,
	"windows-1256": charmap.Windows1256, "iso-8859-6": charmap.ISO8859_6,
	"windows-1258": charmap.Windows1258, "iso-8859-3": charmap.ISO8859_3, "iso-8859-10": charmap.ISO8859_10, "windows-874": charmap.Windows874,
	"shift_jis": japanese.ShiftJIS, "euc-jp": japanese.EUCJP,
	"gb18030": simplifiedchinese.GB18030, "big5": traditionalchinese.Big5, "euc-kr": korean.EUCKR,
	"mac-centraleurope": lookup("mac-centraleurope"), "johab": lookup("johab"), "viscii": lookup("viscii"), "euc-tw": lookup("euc-tw"),
	"utf-8":    xunicode.UTF8,
	"utf-16le": xunicode.UTF16(xunicode.LittleEndian, xunicode.IgnoreBOM),
	"utf-16be": xunicode.UTF16(xunicode.BigEndian, xunicode.IgnoreBOM),
}

// unicodeForms are written for every document, whatever its language.
var unicodeForms = []string{"utf-8", "utf-16le", "utf-16be"}

var (
	western = []string{"windows-1252", "iso-8859-1", "iso-8859-15"}
	central = []string{"windows-1250", "iso-8859-2", "ibm852"}
	// the languages Mac OS wrote in its Central European code page
	macCE    = append(central[:3:3], "mac-centraleurope")
	baltic   = []string{"windows-1257", "iso-8859-13", "iso-8859-4"}
	cyrillic = []string{"windows-1251", "iso-8859-5", "ibm855"}
)

// langSpec is what a language (the detector's BCP 47 tag) is commonly
// written in, and enca's name for it where enca knows it.
type langSpec struct {
	encs []string
	enca string
}

var langs = map[string]langSpec{
	"en": {western, ""}, "fr": {western, ""}, "de": {western, ""}, "es": {western, ""},
	"it": {western, ""}, "pt": {western, ""}, "nl": {western, ""}, "sv": {western, ""},
	"da": {western, ""}, "no": {western, ""}, "fi": {western, ""}, "ca": {western, ""},
	"id": {western, ""}, "la": {western, ""},
	"is": {[]string{"windows-1252", "iso-8859-1", "iso-8859-10"}, ""},
	"eo": {[]string{"iso-8859-3"}, ""},
	"cs": {macCE, "czech"}, "pl": {macCE, "polish"}, "hu": {macCE, "hungarian"},
	"sk": {macCE, "slovak"}, "sl": {central, "slovene"}, "hr": {central, "croatian"},
	"ro": {[]string{"windows-1250", "iso-8859-2", "iso-8859-16", "ibm852"}, ""},
	"lt": {baltic, "lithuanian"}, "lv": {baltic, "latvian"}, "et": {[]string{"windows-1257", "iso-8859-13", "iso-8859-15"}, "estonian"},
	"ru": {[]string{"windows-1251", "koi8-r", "ibm866", "iso-8859-5", "x-mac-cyrillic"}, "russian"},
	"uk": {[]string{"windows-1251", "koi8-u"}, "ukrainian"},
	"bg": {cyrillic, "bulgarian"}, "be": {cyrillic, "belarusian"}, "sr": {cyrillic, ""}, "mk": {cyrillic, ""},
	"el":      {[]string{"windows-1253", "iso-8859-7"}, ""},
	"tr":      {[]string{"windows-1254", "iso-8859-9"}, ""},
	"he":      {[]string{"windows-1255", "iso-8859-8"}, ""},
	"ar":      {[]string{"windows-1256", "iso-8859-6"}, ""},
	"fa":      {[]string{"windows-1256"}, ""},
	"vi":      {[]string{"windows-1258", "viscii"}, ""},
	"th":      {[]string{"windows-874"}, ""},
	"ja":      {[]string{"shift_jis", "euc-jp"}, ""},
	"zh-hans": {[]string{"gb18030"}, "chinese"},
	"zh-hant": {[]string{"big5", "euc-tw"}, ""},
	"ko":      {[]string{"euc-kr", "johab"}, ""},
}

// langOf maps a locale or file-name language ("pt_BR", "zh_CN", "zh-tw",
// "nb") to the detector's tag, as detect/internal/gen/fetch-training.sh
// does; "" for regional variants and languages the set does not cover.
func langOf(loc string) string {
	switch loc {
	case "pt_BR", "pt-br", "pt":
		return "pt"
	case "zh_CN", "zh_SG", "zh-cn":
		return "zh-hans"
	case "zh_TW", "zh_HK", "zh-tw":
		return "zh-hant"
	case "nb", "nb_NO", "no":
		return "no"
	}
	if _, ok := langs[loc]; ok {
		return loc
	}
	return ""
}

// corpusLang maps the shared corpus's file names to language tags.
var corpusLang = map[string]string{
	"arabic": "ar", "persan": "fa", "chinese": "zh-hans", "czech": "cs", "english": "en",
	"french": "fr", "german": "de", "portuguese": "pt", "greek": "el",
	"hebrew": "he", "japanese": "ja", "korean": "ko", "russian": "ru", "thai": "th",
	"turkish": "tr", "vietnamese": "vi", "latin": "la", "esperanto": "eo", "hindi": "", "emoji": "",
}

// lookup is utf8x's encoding called label (strict: what it cannot encode
// or decode is an error), for the encodings x/text lacks.
func lookup(label string) encoding.Encoding {
	e, err := transcode.Lookup(label)
	if err != nil {
		panic(err)
	}
	return e
}
