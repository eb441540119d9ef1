#!/usr/bin/env bash
# fetch-training.sh installs the Debian packages the detector is trained on
# and copies their translated manual pages and gettext catalogs into
# $UTF8X_DETECT_TRAINING (default /tmp/utf8x-detect-training)/raw/<language>/.
# The generator (go generate ./detect) reads only that folder. Nothing from
# ../shared/corpus is ever used: that is test data.
#
# Needs root and a Debian 12 (bookworm) apt source. Re-running it is harmless.
set -euo pipefail
out=${UTF8X_DETECT_TRAINING:-/tmp/utf8x-detect-training}

# Translated manual pages: prose, one package per language.
manpages="manpages-cs manpages-da manpages-de manpages-el manpages-es manpages-fi
manpages-fr manpages-hu manpages-id manpages-it manpages-ja manpages-mk manpages-nb
manpages-nl manpages-pl manpages-pt-br manpages-ro manpages-ru manpages-sr
manpages-sv manpages-tr manpages-uk manpages-vi manpages-zh"
# Packages with many gettext translations: the only source for languages
# without translated manual pages (Arabic, Persian, Hebrew, Thai, Baltic, ...).
catalogs="iso-codes libgtk2.0-common libglib2.0-data coreutils bash dpkg apt grep
sed findutils diffutils tar libpam-runtime packagekit shared-mime-info
xdg-user-dirs gettext gettext-base libc-l10n at-spi2-common python-apt-common
software-properties-common xkb-data make git gnupg-l10n binutils-common
libgdk-pixbuf2.0-common libgtk-3-common gnome-desktop3-data
evolution-data-server-common gnome-control-center-data"
# English: the original strings (msgids) of every catalog above, which the
# generator reads from the copied catalogs themselves, and the English manual
# pages of these packages (Linux man-pages, git's, and those of the catalog
# packages), copied to raw/en/.
english="manpages git-man"
# Natural documents: the documentation of packages nothing above holds,
# written by people, mostly in English, with a few characters beyond ASCII
# (names, symbols, a quoted word) or now and then a translation. Whole files,
# copied to natural/<package>/: the generator writes each in the first legacy
# encoding that holds it and fits the confidence of documents with few
# characters beyond ASCII on half of them (natural.go). None is language
# model training text.
natural="perl-doc vim-runtime emacs-common tcl8.6-doc postgresql-doc-15 groff lintian
debian-policy developers-reference automake libtool-doc texinfo mutt sqlite3-doc
gnuplot-doc exim4-doc-html swig-doc"
# Source code, copied to natural/<package>/ as the documents above: the
# libraries of languages whose code nothing else here holds (Perl, Ruby,
# Emacs Lisp, Rust, gnulib's C), comments and strings with a name, a ©, a
# symbol or a word of another language now and then. (Not Python's or Go's:
# the project's evaluation of real files is made of those.)
code="perl-modules-5.36 libruby3.1 emacs-el rust-src gnulib"

if [ "$(id -u)" = 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $manpages $catalogs $english $natural $code >/dev/null
fi

rm -rf "$out/raw"
mkdir -p "$out/raw"
# Locale directory name -> the detector's language tag.
lang_of() {
  case "$1" in
    pt_BR|pt) echo pt ;; zh_CN|zh_SG) echo zh-hans ;; zh_TW|zh_HK) echo zh-hant ;;
    nb|nb_NO|no) echo no ;; sr@latin) echo "" ;;
    *_*|*@*) echo "" ;;   # regional variants would only duplicate their language
    *) echo "$1" ;;
  esac
}
for pkg in $manpages $catalogs; do
  dpkg -L "$pkg" 2>/dev/null | grep -E '^/usr/share/(man/[^/]+/man[1-9]/.*\.gz|locale/[^/]+/LC_MESSAGES/.*\.mo)$' || true
done | sort -u | while read -r f; do
  [ -f "$f" ] || continue
  loc=$(echo "$f" | cut -d/ -f5)
  lang=$(lang_of "$loc")
  [ -n "$lang" ] || continue
  mkdir -p "$out/raw/$lang"
  # package-prefixed names keep catalogs of the same domain apart
  cp "$f" "$out/raw/$lang/$(echo "$f" | tr / _)"
done
# English manual pages: sections 1, 5, 7 and 8 (prose about commands, files
# and concepts; sections 2 and 3 are mostly C declarations).
for pkg in $english $catalogs; do
  dpkg -L "$pkg" 2>/dev/null | grep -E '^/usr/share/man/man[1578]/[^/]*\.gz$' || true
done | sort -u | while read -r f; do
  # aliases (symbolic links) would put one page in training and held-out text
  [ -f "$f" ] && [ ! -L "$f" ] || continue
  mkdir -p "$out/raw/en"
  cp "$f" "$out/raw/en/$(echo "$f" | tr / _)"
done
rm -rf "$out/natural"
for pkg in $natural $code; do
  mkdir -p "$out/natural/$pkg"
  # documentation lives under /usr/share; code under /usr/lib and /usr/src too
  case " $code " in *" $pkg "*) under='^/usr/(share|lib|src)/' ;; *) under='^/usr/share/' ;; esac
  dpkg -L "$pkg" 2>/dev/null | grep -E "$under" | grep -v -i -E 'testdata|/tests?/|charset|encoding|codec|i18n|locale|/po/|\.(mo|po|elc)$' | while read -r f; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    [ "$(stat -c %s "$f")" -le 1048576 ] || continue
    # only files with a byte beyond ASCII (the generator checks the rest)
    zcat -f "$f" 2>/dev/null | LC_ALL=C grep -q -P '[\x80-\xff]' || continue
    cp "$f" "$out/natural/$pkg/$(echo "$f" | tr / _)"
  done
done
echo "natural documents:"; du -sh "$out"/natural/* | sort -k2
echo "training files:"; du -sh "$out"/raw/* | sort -k2
