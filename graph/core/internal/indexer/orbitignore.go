package indexer

import (
	"bytes"
	"sort"
)

// DefaultIgnoreFile is the .orbitignore `orbit graph init` writes: the
// default exclusions of ignore.go as gitignore patterns, made from the same
// tables so that the two cannot drift. Under the file the defaults still
// apply, so writing it changes nothing; the patterns alone decide as the
// defaults do (TestDefaultIgnoreFileMatchesDefaults). The defaults match
// files by name and suffix only, so directories of those names are
// re-included at the end.
func DefaultIgnoreFile() []byte {
	var b bytes.Buffer
	b.WriteString(`# .orbitignore: paths Orbit Graph does not index (gitignore syntax), on top
# of .gitignore. Written by "orbit graph init" with Orbit's built-in
# exclusions, which apply with or without this file: deleting a line below
# does not bring its paths back, a "!" line does (e.g. "!vendor/").
# Minified bundles, which each language knows by name, are skipped too.
# Add your own patterns at the end.

# Vendored code, virtual environments and caches, at any depth
`)
	for _, d := range sortedSet(defaultIgnoredDirs) {
		b.WriteString(d + "/\n")
	}
	b.WriteString("\n# Build output, at the root only\n")
	for _, d := range sortedSet(defaultIgnoredRootDirs) {
		b.WriteString("/" + d + "/\n")
	}
	b.WriteString("\n# Lock files, minified styles and source maps\n")
	files := sortedSet(defaultIgnoredFiles)
	for _, f := range files {
		b.WriteString(f + "\n")
	}
	for _, s := range defaultIgnoredSuffixes {
		b.WriteString("*" + s + "\n")
	}
	b.WriteString("\n# ...files only: directories of those names are indexed\n")
	for _, f := range files {
		b.WriteString("!" + f + "/\n")
	}
	for _, s := range defaultIgnoredSuffixes {
		b.WriteString("!*" + s + "/\n")
	}
	return b.Bytes()
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
