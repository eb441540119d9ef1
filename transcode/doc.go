// Package transcode converts text between UTF-8 and UTF-16, UTF-32, ISO-8859-1,
// Windows-1252, US-ASCII, the other legacy encodings (every encoding of the
// WHATWG Encoding Standard and the DOS, Mac and other code pages iconv
// names), and the variant forms of UTF-8 (CESU-8, Java's modified UTF-8,
// WTF-8, legacy RFC 2279 UTF-8), from a slice or a stream, reporting every unit
// it cannot convert with its byte offset and kind instead of mangling it silently.
//
// # Encodings
//
// Each encoding is an Encoding value (UTF8, UTF16, UTF16LE, UTF16BE, UTF32,
// UTF32LE, UTF32BE, Latin1, CP1252, ASCII, ISO8859_15, CESU8, MUTF8, WTF8,
// UTF8Legacy, or Lookup
// by an iconv or WHATWG label; Encodings lists them all). The variant forms
// are described on their variables. An
// Encoding implements golang.org/x/text/encoding.Encoding: NewDecoder converts
// to UTF-8, NewEncoder from UTF-8, and both work with transform.NewReader in
// constant memory. NewConverter converts between any two encodings directly,
// so that offsets in errors are offsets in the real input.
//
// # Legacy encodings
//
// The single-byte encodings are tables generated (internal/gen) from the
// WHATWG index files for WHATWG's encodings (IBM866, ISO-8859-2 to -16,
// KOI8-R, KOI8-U, macintosh, windows-874, windows-1250 to -1258,
// x-mac-cyrillic, x-user-defined) and from glibc's charmaps for the others
// (IBM437, IBM737, IBM775, IBM850, IBM852, IBM855, IBM857, IBM858, IBM860 to
// IBM863, IBM865, IBM869, CP1125, MAC-CENTRALEUROPE, KOI8-RU, KOI8-T, PT154,
// GEORGIAN-PS, GEORGIAN-ACADEMY, ARMSCII-8, VISCII, and the exact ISO-8859-9,
// ISO-8859-11 and TIS-620). Where WHATWG, Python and iconv differ, WHATWG's table is
// used: ISO-8859-x bytes 80-9F are U+0080-U+009F; KOI8-U AE and BE are ў
// and Ў (Python and iconv: RFC 2319's box drawing characters ╝ and ╬); the
// bytes Microsoft left undefined in windows-874 and windows-1250 to -1258 are
// the C1 controls of the same value; windows-1255 CA is U+05BA; macintosh C6
// is ∆ and F0 U+F8FF, and x-mac-cyrillic A2 is Ґ and FF the euro sign (glibc
// has older tables there). A byte an encoding leaves undefined is an
// utf8x.Unmapped unit. The encoders write the first byte of a character
// listed twice, as WHATWG's do.
//
// VISCII (RFC 1456, Vietnamese; labels viscii, viscii1.1-1, csviscii) is
// glibc's table, in which bytes 02 05 06 14 19 1E are the letters Ẳ Ẵ Ẫ Ỷ Ỹ
// Ỵ, not C0 controls: the single-byte kernels take bytes below 80 for
// ASCII, so VISCII has table-driven kernels of its own in plain Go (slower
// than the SIMD kernels of the other single-byte encodings; BENCHMARKS.md
// has the figures), and is not an ASCII superset (a U+0002 in the text cannot be
// written in it).
//
// Thai: windows-874 is WHATWG's (Microsoft's code page 874: the euro and
// quotation marks at 80-9F). ISO-8859-11 and TIS-620, which WHATWG reads as
// windows-874 (its labels "iso-8859-11", "iso8859-11", "iso885911",
// "tis-620" all name windows-874), are here glibc's exact tables, as iconv
// has them: ISO-8859-11 is TIS-620 plus the C1 controls at 80-9F and the
// no-break space at A0, and TIS-620 has neither (Python's tis_620 has the
// C1 controls). The Thai letters A1-FB are the same in all three. Name
// windows-874 to read text from Windows or the web, where 80-9F hold
// punctuation.
//
// Labels resolve as the WHATWG Encoding Standard says, then as glibc's iconv
// aliases say (cp1251, ibm852, mac-cyrillic, ...), with one exception:
// "latin1", "iso-8859-1", "ascii", "iso-8859-9", "iso-8859-11", "tis-620"
// and their aliases, which WHATWG reads as windows-1252, -1254 and -874, are the exact
// ISO encodings (and 7-bit ASCII), as in iconv and Python, so that text
// written under those names holds only bytes those standards define.
//
// The multi-byte encodings follow the WHATWG Encoding Standard's decoders
// and encoders to the byte for its seven (Shift_JIS, EUC-JP, ISO-2022-JP,
// GBK, gb18030, Big5, EUC-KR: Shift_JIS F040 is U+E000, gb18030 A140 is
// U+E4C6, gb18030 81 FF is one unit); four more follow iconv and Python
// (ISO-2022-KR, HZ-GB-2312, Johab, EUC-JIS X 0213), and two follow glibc's
// iconv, Python having neither: EUC-TW (CNS 11643 planes 1-7 and 15; labels
// euc-tw, euctw, cseuctw) and ISO-2022-CN (RFC 1922: GB 2312 and CNS 11643
// plane 1 by SO, plane 2 by SS2, each designation holding to the end of its
// line; labels iso-2022-cn, csiso2022cn, iso2022cn; ISO-2022-CN-EXT is not
// provided). Their tables are
// generated from the standard's index files and glibc's charmaps
// (internal/multibyte, whose documentation lists every difference from
// Python and iconv). Each unit the standard's decoder reads as an error (a
// byte that starts nothing, a lead with a bad trail, a bad escape, a
// sequence cut by the end of the input) is one utf8x.Unmapped or
// utf8x.Truncated unit, whose bytes the standard does not read again; an
// ASCII trail after a failed lead is read again, as the standard says.
// Conversions between a multi-byte encoding and anything but UTF-8 run
// through UTF-8; under Strict a character the target lacks is still
// reported at the offset of its unit in the input, with the unit's length
// there (a Big5 or EUC-JIS X 0213 unit that reads as two code points is
// named whole; an ISO-2022 escape before a character is a unit of its own),
// as every error of every conversion is.
//
// The Encoding Standard maps "iso-2022-kr", "csiso2022kr", "hz-gb-2312",
// "iso-2022-cn" and "csiso2022cn" to its replacement encoding, which reads
// any input as one U+FFFD and writes nothing (a guard against old
// cross-site attacks in browsers). Here they name the real ISO-2022-KR,
// HZ-GB-2312 and ISO-2022-CN, as in iconv (and Python for the first two): a
// file named so is read as what it is. The replacement encoding itself and
// its other labels ("iso-2022-cn-ext", "replacement") are unknown.
//
// # What counts as an error
//
//   - UTF-8 input: each ill-formed maximal subpart, with the kinds of utf8x.
//   - UTF-16: a surrogate not part of a high-low pair (2 bytes,
//     utf8x.LoneSurrogate), and a last odd byte (1 byte, utf8x.Truncated),
//     except that a high surrogate followed only by a last odd byte is one
//     pair cut short (3 bytes, utf8x.Truncated, one U+FFFD under Replace), as
//     the WHATWG Encoding Standard, Python and ICU read it.
//   - UTF-32: a surrogate code point (utf8x.Surrogate), a value above U+10FFFF
//     (utf8x.TooLarge), each 4 bytes; 1 to 3 bytes left at the end
//     (utf8x.Truncated).
//   - A legacy encoding's input: a byte it leaves undefined (1 byte,
//     utf8x.Unmapped).
//   - Output to ISO-8859-1, Windows-1252 or any legacy encoding: a character
//     the target lacks (utf8x.Unrepresentable, Error.Rune holding it).
//
// Every such error is an *Error, which is utf8x.Error: the one error model of
// the module, described under "Errors" in package utf8x. errors.Is(err,
// utf8x.ErrInvalid) holds for ill-formed input in any encoding,
// errors.Is(err, utf8x.ErrUnrepresentable) for a character the target lacks,
// and errors.Is(err, encoding.ErrInvalidUTF8) (golang.org/x/text) for
// ill-formed UTF-8 input.
//
// ISO-8859-1 and Windows-1252 input never fails: every byte is a character
// (Windows-1252 as the WHATWG Encoding Standard maps it, the five unassigned
// bytes reading as the C1 controls of the same value).
//
// # Policies
//
// An Encoding carries a utf8x.Policy, Strict unless WithPolicy says otherwise.
// Strict stops at the first unit it cannot convert with an *Error. Replace
// writes the policy's replacement (U+FFFD by default) in the target encoding
// per unit, or "?" when the target cannot represent the replacement, as
// iconv does. Skip drops the unit. Escape writes each offending input byte as
// \xNN: the bytes of a lone surrogate in input byte order, or the UTF-8 bytes
// of an unrepresentable character. The FallbackCP1252 and FallbackLatin1
// policies read stray bytes of UTF-8 input as those encodings and are refused
// for other input; for an unrepresentable character they behave like Strict. HTML writes a
// character the target lacks as a numeric character reference, &#NNNN; in
// decimal, as WHATWG's encoders do for HTML forms, and ill-formed input as
// Replace does.
//
// # Byte order marks
//
// UTF-16 and UTF-32 (without LE or BE) are the encoding schemes whose byte
// order a signature, the byte order mark, selects. On decode the signature is
// consumed: FF FE means little-endian, FE FF big-endian (for UTF-32, FF FE 00 00
// and 00 00 FE FF).
//
// Without a signature, RFC 2781 section 4.3 and the Unicode Standard say
// big-endian, but iconv, Python, the WHATWG Encoding Standard and Windows,
// which writes most such files, use little-endian, and text read in the wrong
// order comes out as CJK-looking garbage without a single error. So by
// default (GuessOrder) the decoder reads the byte order from the text;
// Encoding.WithByteOrder(BigEndian) asks for the standards' reading and
// WithByteOrder(LittleEndian) for WHATWG's. Guessing, the decoder judges
// the first 512 bytes by the same structural judgement the detect package
// makes (detect.Sniff): where their NUL bytes (or surrogate pairs) show
// UTF-16 or UTF-32 text in one order, that order. Where both orders read as
// text (CJK, with few ASCII characters), the one detect's language models
// read better when the program links the detect package, else the better
// scored one (below). Otherwise, and for inputs under 16 bytes, it scores
// both readings (values within U+10FFFF, surrogates that pair up,
// characters in blocks where text is written and staying in one row of 256
// as text in one script does, against lone surrogates and U+FFFE) and
// takes the better one, little-endian when they tie. Only those 512 bytes
// decide, so a stream waits for them (or its end) before it writes
// anything, and gives the same output however it is cut. A caller who knows
// the order, RFC 2781's big-endian included, names UTF-16BE, UTF-16LE,
// UTF-32BE or UTF-32LE, which read exactly the order they name.
//
// On encode they write the signature FF FE (FF FE 00 00) and then
// little-endian, what Windows, glibc's iconv on common machines and Python
// write: any conforming reader follows the signature. This is also how the
// corpus files X.utf16.txt are made.
//
// For every other encoding a U+FEFF at the start is a character like any other:
// UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE and UTF-8 neither consume nor write a
// signature, and ISO-8859-1 and Windows-1252 cannot hold U+FEFF at all.
//
// The utf8x.BOMPolicy of an Encoding then applies to the text after any
// signature: BOMKeep (the default) leaves it as it is, BOMStrip drops a U+FEFF
// at its start, BOMAdd writes one in the target encoding unless the text
// already starts with one or the target writes a signature anyway. A target
// without U+FEFF (ISO-8859-1, Windows-1252) gets none added.
//
// # Slices
//
// The hot conversions have direct functions that append to a caller's buffer
// without allocating when it is large enough: AppendUTF8ToUTF16LE and friends.
// UTF8LenFromUTF16LE and the other length functions give the exact size of
// the output without converting (utf8x.UTF16Len and utf8x.RuneCount that of
// the conversions from UTF-8). The conversions between UTF-8, UTF-16 and
// UTF-32 (either byte order), between the byte orders, and between UTF-8 and
// ISO-8859-1, Windows-1252 and the other single-byte encodings run SIMD
// kernels chosen at run time from the CPU's features, a block of 16 to 64
// bytes at a time, leaving to the portable code what a kernel has no vector
// path for: errors and short tails, and on arm64 more (below). The sets, best
// first (KernelSets lists those compiled in, KernelSet names the one in use,
// UseKernelSet forces one):
//
//   - avx512vbmi2 (Ice Lake and later, Zen 4): every conversion above, with
//     the byte compress and expand instructions.
//   - avx512bw (Skylake-X to Cascade Lake): UTF-8 to UTF-16 and UTF-32 in
//     64-byte blocks, compressing 32-bit lanes; the other conversions are
//     the AVX2 kernels.
//   - avx2: every conversion above, 32 bytes a step.
//   - neon (arm64): ASCII, Latin-1, the single-byte encodings, and UTF-8 to
//     and from UTF-16 for characters below U+0800; 3- and 4-byte characters,
//     surrogates and UTF-32 go to the portable code.
//   - go: the portable code, which converts ASCII runs eight bytes at a
//     time; the only set elsewhere and under the purego build tag.
//
// # Streams
//
// A Converter cut at any byte gives the same output and the same error offsets
// as the slice conversion: a unit split between chunks is held back until the
// next chunk or the end of input decides it.
//
// Transform uses the vector kernels whatever the chunk and destination sizes
// (the 4 KiB of transform.NewReader, the 128-byte chunks of transform.String),
// stops exactly where the destination is full, and allocates nothing, errors
// handled by a policy included (except with a multi-byte encoding, whose
// Converter builds a chain of stages on Reset and whose codecs allocate an
// error value for each unit a policy handles). Driven directly with a buffer of some
// kilobytes it converts at the speed of the slice functions. The helpers of
// golang.org/x/text add their own costs on top, the same for every
// transformer: Encoder.Bytes and Decoder.Bytes allocate a buffer the size of
// the input and grow it by half each time it fills (copying what is done);
// Encoder.String and Decoder.String copy the input 128 bytes at a time and
// grow the result the same way; transform.NewReader and transform.NewWriter
// copy everything through 4 KiB buffers. For large inputs, AppendEncode and
// AppendDecode into a reused buffer, or a Converter driven with a large
// buffer, are several times faster than those helpers.
package transcode
