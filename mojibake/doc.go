// Package mojibake undoes mojibake: UTF-8 text that was read as a legacy
// single-byte encoding (Windows-1252, ISO-8859-1, Windows-1250, -1251,
// -1253, -1254, -1257, Mac OS Roman, IBM437, KOI8-R) and written back as
// UTF-8, once or several times. "cafÃ©" becomes "café" again, "â€™"
// becomes "’", "РџСЂРёРІРµС‚" becomes "Привет". The result of such a
// misreading is valid UTF-8, so validators cannot see it.
//
// # How it decides
//
// Text is judged stretch by stretch. A misread character is a run of
// characters that, encoded back in one legacy encoding, are the bytes of one
// UTF-8 sequence; misread characters a few ASCII bytes apart on one line
// form a stretch (a name, a field, a phrase), and each stretch is decided on
// its own: a line may hold clean text and several stretches misread through
// different encodings. A stretch is rewritten only when
//
//   - every misread character in it re-encodes to valid UTF-8 (a multi-byte
//     sequence, not a C1 control, unassigned code point or noncharacter
//     once all rounds are undone), and
//   - its decoding is less "bad" than the text as found, by a cost model
//     that counts what misreading leaves behind and writing rarely has:
//     letters glued to symbols ("Ã©"), symbols glued together ("€™"), a
//     capital inside a small-letter word, Latin glued to Cyrillic or Greek,
//     punctuation between two letters ("з›ё"), a Latin-1 capital before
//     what Windows-1252 reads a continuation byte as ("Ãœ", unless in a
//     word in capitals), C1 controls, the odd symbols legacy code pages
//     are full of. Length does not count: clean text scores 0 and is never
//     rewritten, whatever re-encoding it would survive.
//
// The decoding of a stretch is decoded again while that helps (a text
// misread twice), up to four rounds; the Change reports the chain undone.
// Lossy misreadings are undone as far as the bytes allow: the five bytes
// Windows-1252 leaves unassigned read as C1 controls (as WHATWG does) are
// exact; read as U+FFFD or dropped, the character comes back when only one
// fits, else as U+FFFD; a no-break space turned into a space is taken back
// when a sure misread character stands in the same stretch. CESU-8 (a
// supplementary character as two 3-byte surrogates) misread is undone too.
// A line holding bytes that are not UTF-8, or NUL, is left alone: repair
// invalid bytes first (utf8x's policies, or utf8x fix --invalid).
//
// # Streaming
//
// Decisions look at one line at a time, at most 2 KiB of it (a longer line
// is cut after an ASCII byte, or between misread characters), so
// Transformer works on input of any size in constant memory and gives the
// same output however the input is split.
// Clean text passes through a pre-scan that only stops at a character that
// could begin a misread one. The Transformer keeps the pre-scan's place
// across calls, so input handed over a byte at a time costs time linear in
// its length, as it does whole.
//
// Each Change gives the stretch's byte ranges in the input and the output,
// and its line and column (1-based, in characters, as utf8x check counts
// them).
package mojibake
