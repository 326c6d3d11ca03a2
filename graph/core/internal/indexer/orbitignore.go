package indexer

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultIgnoreFile is the .orbitignore `orbit graph init` writes: the
// default exclusions of ignore.go as gitignore patterns, made from the same
// tables so that the two cannot drift. A root .orbitignore that starts with
// its marker line holds the defaults, so the built-in name tables step aside
// and editing the file edits them (writtenOutDefaults); the patterns alone
// decide as the tables do (TestDefaultIgnoreFileMatchesDefaults). The
// tables match files by name and suffix only, so directories of those names
// are re-included at the end.
func DefaultIgnoreFile() []byte {
	var b bytes.Buffer
	b.WriteString(initMarker + `
# .orbitignore: paths Orbit Graph does not index (gitignore syntax), on top
# of .gitignore. Written by "orbit graph init" with Orbit's default
# exclusions, which this file now holds: delete a line to index its paths,
# add your own patterns at the end. Keep the first line: without it the
# built-in defaults apply as well. Minified bundles, which each language
# knows by name, are skipped either way.

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
	for _, f := range sortedSet(keptLocks) {
		b.WriteString("!" + f + "\n")
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

// initMarker starts a .orbitignore that holds the default exclusions.
const initMarker = "# orbit graph init: this file holds the default exclusions"

// writtenOutDefaults reports whether the root .orbitignore holds the
// default exclusions (it starts with initMarker), which the scan then takes
// from it instead of its built-in tables.
func writtenOutDefaults(root string) bool {
	f, err := os.Open(filepath.Join(root, ".orbitignore"))
	if err != nil {
		return false
	}
	defer f.Close()
	line, _ := bufio.NewReader(f).ReadString('\n')
	return strings.TrimRight(line, "\r\n") == initMarker
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
