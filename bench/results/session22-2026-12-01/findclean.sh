#!/bin/bash
# list valid-UTF-8 files with some non-ASCII, 1 KiB..1 MiB, from the given roots
for root in "$@"; do
  find "$root" -type f -size +1k -size -1024k 2>/dev/null
done | grep -v -i -E 'fortune|chardet|ftfy|uchardet|/shared/|testdata/.*(mojibake|encoding)' | while read -r f; do
  if LC_ALL=C grep -q -P '[\x80-\xff]' "$f" 2>/dev/null && iconv -f utf-8 -t utf-8 "$f" >/dev/null 2>&1 && ! LC_ALL=C grep -q -P '\x00' "$f"; then echo "$f"; fi
done
