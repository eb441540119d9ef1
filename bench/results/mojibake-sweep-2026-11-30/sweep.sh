#!/bin/bash
# find /usr/local/go/src /usr/lib/python3* /usr/share/perl* /usr/lib/node_modules /usr/share/doc /usr/share/javascript /usr/share/vim /usr/share/X11/locale /usr/share/i18n /usr/share/iso-codes /usr/share/xml /usr/share/gtk-doc /usr/share/info -type f -size -2M | grep -v "\.gz$\|\.png$\|\.jpg$\|\.so\|\.pyc$" > /tmp/sweep-files.txt
# files that are valid UTF-8 holding non-ASCII, not binary
n=0
while read -r f; do
  if grep -qP '[^\x00-\x7F]' "$f" 2>/dev/null && ! grep -qP '\x00' "$f" 2>/dev/null; then
    /tmp/u8 check -q "$f" >/dev/null 2>&1 || continue
    /tmp/u8 fix --mojibake --explain "$f" 2>&1 >/dev/null | grep -v "^undid mojibake" 
  fi
done < /tmp/sweep-files.txt
