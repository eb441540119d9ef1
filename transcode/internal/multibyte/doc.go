// Package multibyte implements the multi-byte legacy encodings of the WHATWG
// Encoding Standard (Shift_JIS, EUC-JP, ISO-2022-JP, gb18030, GBK, Big5,
// EUC-KR) and six beyond it (ISO-2022-KR, HZ-GB-2312, Johab,
// EUC-JIS X 0213, EUC-TW, ISO-2022-CN), in both directions, as
// golang.org/x/text/transform Transformers.
//
// Decoders follow the Encoding Standard's algorithms to the byte: which bytes
// of an ill-formed sequence are read again (gb18030 81 FF is one U+FFFD; an
// ASCII trail after a failed lead is read again as ASCII), Shift_JIS F040..
// as U+E000.., gb18030's GB18030-2022 mappings and its encoder-only table for
// the eighteen private-use code points it moved, Big5's four pointers that
// decode to two code points, the Big5 encoder's exclusion of HKSCS leads
// below A1. A decoder never keeps a partial sequence: it asks for more input
// (transform.ErrShortSrc), so any cut of the input gives the same output.
//
// Known differences (TestPythonDifferential and TestIconvDifferential state
// each as a rule, count them, and fail on any other):
//   - Shift_JIS vs Python's cp932: cp932 reads A0, FD-FF as U+F8F0-U+F8F3
//     and writes the user-defined area U+E000-U+E757 (the standard decodes
//     F040-F9FC to it but does not encode it); the standard's encoder takes
//     the IBM rows FA-FC where cp932 takes the NEC-selected rows ED-EE, writes
//     U+00A5/U+203E as 5C/7E, and refuses cp932's best fits (U+00A2...).
//   - EUC-JP and ISO-2022-JP vs Python's euc_jp/iso2022_jp: index jis0208
//     has NEC row 13, the NEC-selected IBM rows and the Windows forms
//     (U+FF5E, U+2225, U+FF0D, U+FFE0-U+FFE2; Python U+301C, U+2016, U+2212,
//     U+00A2...); the standard's EUC-JP encoder writes no JIS X 0212, its
//     ISO-2022-JP encoder writes half-width katakana as full-width.
//   - gb18030 vs Python (GB18030-2005): the 2022 mappings; U+1E3F, U+FE10-FE19
//     and U+9FB4-9FBB in two bytes; byte 80 as U+20AC. GBK vs Python's gbk
//     (CP936): the user-defined areas as private use and GB18030's two-byte
//     additions (the standard's GBK decoder is its gb18030 decoder).
//   - Big5 vs Python's big5hkscs (HKSCS-2004): HKSCS-2008 characters; the
//     encoder writes no HKSCS lead below A1; variants in rows A1-A3, C6,
//     F9-FE (U+2027, U+FE51, U+FF5E, U+FFE0...; control pictures; the euro).
//   - EUC-KR agrees with Python's cp949 and glibc's CP949 on every pair and
//     code point.
//   - ISO-2022-KR: the designation ESC $ ) C is written once before the
//     first SO (Python), not at the start of every output (glibc); SO, SI
//     and ESC are not encodable; a line feed in KS X 1001 mode returns to
//     ASCII, as in Python. glibc lacks KS X 1001's later additions (euro...).
//   - Johab follows glibc's charmap except that 0x5C is REVERSE SOLIDUS
//     (Python, code page 1361; glibc: WON SIGN); Python also reads the
//     filler-only combinations 84 41-84 5x, which glibc and iconv reject, and
//     lacks D9E8 (U+327E).
//   - EUC-JIS X 0213 follows glibc's charmap and iconv exactly (A1BD U+2014,
//     A2D6/A2D7 U+FF5F/U+FF60, where Python has U+2015, U+2985/U+2986);
//     Python also reads and writes JIS X 0212 codes after 8F outside
//     JIS X 0213 plane 2.
//   - HZ-GB-2312 is GB2312 from glibc's charmap and agrees with Python's hz
//     (glibc has no HZ).
//   - EUC-TW (CNS 11643 planes 1-7 and 15, from glibc's EUC-TW charmap) and
//     ISO-2022-CN (GB 2312 from glibc's GB2312 charmap, CNS 11643 planes 1
//     and 2) are compared with glibc's iconv alone, Python having neither
//     (TestIconvEncodeEveryScalar, TestIconvDecodeEUCTWSequences,
//     TestIconvDecodeISO2022CNSequences, TestISO2022CNTextVsIconv): EUC-TW
//     encodes every scalar value byte for byte as glibc does. On ill-formed
//     input: an unmapped four-byte EUC-TW code (8E A1-B0 xx yy) is one
//     unit here, where glibc drops 8E and reads the rest again; after ESC N
//     an unmapped code is one unit, where glibc reads its two bytes as
//     ASCII. ISO-2022-CN: each line designates what it uses (RFC 1922): a
//     line feed ends SO mode and clears the designations, so SO or SS2
//     without a designation on the line is a bad escape (glibc keeps
//     designations across lines and reads an undesignated SO as GB 2312);
//     ISO-2022-CN-EXT's escapes are bad escapes (glibc passes them
//     through). The encoder writes what glibc's writes except: SO, SI and
//     ESC in the text are refused (glibc passes them through); after a
//     change of SO designation in SO mode it writes SO again, a no-op in
//     ISO 2022 without which glibc's decoder reads the old set; it writes
//     SS2 before every CNS plane 2 character and no SI after one written in
//     ASCII mode (glibc drops the SS2, or the SO, before a character that
//     follows a plane 2 character, and its own decoder then misreads the
//     text).
//   - Ill-formed input to the four codecs beyond the standard gets the
//     standard's conventions (one U+FFFD per bad unit, an ASCII trail read
//     again); Python's differ (its iso2022_kr passes bytes 80-FF through as
//     Latin-1 and ESC raw, its hz counts errors per byte), so only
//     well-formed input is compared with Python.
//   - glibc iconv otherwise: gb18030 differs only in the GB18030-2022 code
//     points (glibc 2.36 is GB18030-2005); GBK, Big5-HKSCS, CP932,
//     EUC-JP-MS and ISO-2022-JP differ in their tables as the tests list.
//
// The Encoding Standard maps the labels "iso-2022-kr", "csiso2022kr",
// "hz-gb-2312", "iso-2022-cn" and "csiso2022cn" to its replacement encoding
// (a decoder that outputs one U+FFFD); this package gives them the real
// encodings, as iconv (and Python, for the first three) do.
//
// Decoder tables are generated by ./gen from the data in testdata/src, whose
// SHA256SUMS pins each file; "go run ./gen -check" verifies both without a
// network. They are embedded (435 KB, of which CNS 11643's planes take 150);
// each encoder's table is built from its
// decoder's on first use (about 0.2 ms, 44-69 KB of heap per encoding), which
// keeps what the package adds to a binary near 600 KB.
package multibyte

//go:generate go run ./gen
