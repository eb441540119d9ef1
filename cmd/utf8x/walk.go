// Turning command-line arguments into the list of files to process, walking
// directories for -r and skipping what --exclude names.
//
// --exclude takes the subset of .gitignore patterns that makes sense on a
// command line, matched against each path relative to the directory given on
// the command line (with / as separator):
//
//	*.min.js     no slash: matches a file or directory name at any depth
//	build/       a trailing slash: only directories (and so all under them)
//	/vendor      a leading or inner slash: anchored at the walked directory
//	docs/**/*.md ** matches any number of directories, including none
//	!keep.min.js a leading ! re-includes what an earlier pattern excluded
//	*.[ch] [!~]* character classes, negated with ! (or ^) as in .gitignore
//
// Within a segment, * and ? never match /, and \ escapes the next character.
// Not taken from .gitignore files: comments (#), trailing-space trimming, and
// reading the patterns from files; and, as in git, a file under an excluded
// directory cannot be re-included (the directory is not walked at all).
//
// Each segment is matched with path.Match, a class's leading ! translated to
// its ^; this small matcher keeps a dependency out of go.mod (the maintained alternative, go-git's gitignore
// package, comes with all of go-git). Directories named .git, .hg and .svn are
// always skipped: version control data is not text.
package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// walkOptions are the flags -r and --exclude, shared by every command that
// reads files.
type walkOptions struct {
	recursive bool
	excludes  []string
}

func (o *walkOptions) addFlags(cmd *command) {
	f := cmd.Flags()
	f.BoolVarP(&o.recursive, "recursive", "r", false, "read every file under each DIR argument")
	f.StringArrayVar(&o.excludes, "exclude", nil, "with -r, skip paths matching the .gitignore-style `PATTERN` (repeatable)")
}

// inputFile is one file to process, or why a part of the tree could not be
// listed (err set), kept in the list so it is reported in order.
type inputFile struct {
	path string
	err  error
}

// vcsDir reports whether name is a version-control directory -r skips.
func vcsDir(name string) bool { return name == ".git" || name == ".hg" || name == ".svn" }

// expandInputs lists the files named by args. Without -r, arguments are kept as
// they are, so that a directory gets its own clear error when opened. With -r,
// each directory is walked in lexical order.
func (o *walkOptions) expandInputs(args []string) ([]inputFile, error) {
	if len(o.excludes) > 0 && !o.recursive {
		return nil, usageError("--exclude only applies with -r")
	}
	m, err := newExcludeMatcher(o.excludes)
	if err != nil {
		return nil, err
	}
	var files []inputFile
	for _, arg := range args {
		fi, err := os.Stat(arg)
		if !o.recursive || arg == "-" || err != nil || !fi.IsDir() {
			files = append(files, inputFile{path: arg})
			continue
		}
		walkErr := filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				files = append(files, inputFile{path: p, err: describeOpenError(p, err, "")})
				return nil
			}
			if p == arg {
				return nil
			}
			rel, _ := filepath.Rel(arg, p)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if vcsDir(d.Name()) || m.excluded(rel, true) {
					return fs.SkipDir
				}
				return nil
			}
			if m.excluded(rel, false) || !isFileLike(p, d) {
				return nil
			}
			files = append(files, inputFile{path: p})
			return nil
		})
		if walkErr != nil {
			return nil, walkErr
		}
	}
	return files, nil
}

// isFileLike reports whether a walked entry can be read as a file: a regular
// file or a link to one. FIFOs, sockets and devices would block or never end.
func isFileLike(p string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(p)
	return err != nil || fi.Mode().IsRegular() // a dangling link is reported on open
}

type excludePattern struct {
	segments []string // split on /, "**" standing for any number of segments
	anchored bool     // matched from the walked directory, not at any depth
	dirOnly  bool
	negate   bool
}

type excludeMatcher []excludePattern

func newExcludeMatcher(patterns []string) (excludeMatcher, error) {
	var m excludeMatcher
	for _, p := range patterns {
		var e excludePattern
		if strings.HasPrefix(p, "!") {
			e.negate, p = true, p[1:]
		}
		if strings.HasSuffix(p, "/") {
			e.dirOnly, p = true, strings.TrimRight(p, "/")
		}
		e.anchored = strings.Contains(p, "/")
		p = strings.TrimPrefix(p, "/")
		if p == "" {
			return nil, usageError("--exclude: empty pattern")
		}
		e.segments = strings.Split(p, "/")
		for i, s := range e.segments {
			s = negatedClasses(s)
			e.segments[i] = s
			if _, err := path.Match(s, ""); err != nil {
				return nil, usageError("--exclude %q: malformed pattern (check its brackets)", p)
			}
		}
		m = append(m, e)
	}
	return m, nil
}

// excluded reports whether rel (slash-separated, relative to the walked
// directory) is excluded; the last matching pattern decides, as in .gitignore.
func (m excludeMatcher) excluded(rel string, isDir bool) bool {
	parts := strings.Split(rel, "/")
	out := false
	for _, e := range m {
		if e.dirOnly && !isDir {
			continue
		}
		if e.matches(parts) {
			out = !e.negate
		}
	}
	return out
}

func (e excludePattern) matches(parts []string) bool {
	if e.anchored {
		return matchSegments(e.segments, parts)
	}
	return len(parts) > 0 && matchSegments(e.segments, parts[len(parts)-1:])
}

// matchSegments matches pattern segments against path segments, "**" matching
// zero or more whole segments.
func matchSegments(pat, parts []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(parts); i++ {
				if matchSegments(pat[1:], parts[i:]) {
					return true
				}
			}
			return false
		}
		if len(parts) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], parts[0]); !ok {
			return false
		}
		pat, parts = pat[1:], parts[1:]
	}
	return len(parts) == 0
}

// negatedClasses spells the negated character classes of a .gitignore
// segment, [!...], as path.Match does, [^...]; path.Match would read the !
// as one of the characters of the class.
func negatedClasses(seg string) string {
	b := []byte(seg)
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++ // the escaped character is literal
		case '[':
			if i+1 < len(b) && b[i+1] == '!' {
				b[i+1] = '^'
			}
			// Skip to the class's end, so that a ! inside it stays literal.
			for i++; i < len(b) && b[i] != ']'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		}
	}
	return string(b)
}
