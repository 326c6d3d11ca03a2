package typescript

import (
	"path"
	"strings"
)

// dialect picks the grammar of a file.
type dialect uint8

const (
	dialectTS  dialect = iota // .ts .mts .cts .d.ts
	dialectTSX                // .tsx, and .jsx: JSX without type syntax parses the same
	dialectJS                 // .js .mjs .cjs
	dialectCount
)

// fileKind is what the extension of a path says: the grammar, and whether
// the file is JavaScript.
type fileKind struct {
	d  dialect
	js bool
}

// extensions maps each supported extension to its file kind.
var extensions = map[string]fileKind{
	".ts": {dialectTS, false}, ".mts": {dialectTS, false}, ".cts": {dialectTS, false},
	".tsx": {dialectTSX, false}, ".jsx": {dialectTSX, true},
	".js": {dialectJS, true}, ".mjs": {dialectJS, true}, ".cjs": {dialectJS, true},
}

// dialectOf returns the grammar of a supported path.
func dialectOf(p string) (fileKind, bool) {
	k, ok := extensions[strings.ToLower(path.Ext(p))]
	return k, ok
}

func (k fileKind) langName() string {
	if k.js {
		return langJS
	}
	return langName
}

// declSuffixes are the declaration-file extensions dropped whole.
var declSuffixes = []string{".d.ts", ".d.mts", ".d.cts"}

// isDeclarationFile reports whether p holds only ambient declarations.
func isDeclarationFile(p string) bool {
	lower := strings.ToLower(p)
	for _, s := range declSuffixes {
		if strings.HasSuffix(lower, s) {
			return true
		}
	}
	return false
}

// stripExt drops a known source extension ("a/b.d.ts" → "a/b"); any other
// path is returned as it is ("./styles.css").
func stripExt(p string) string {
	lower := strings.ToLower(p)
	for _, s := range declSuffixes {
		if strings.HasSuffix(lower, s) {
			return p[:len(p)-len(s)]
		}
	}
	if _, ok := extensions[strings.ToLower(path.Ext(p))]; ok {
		return p[:len(p)-len(path.Ext(p))]
	}
	return p
}

// namespace is the repo-relative path without its extension; an index file
// keeps "index". A file named only by its extension (".ts") keeps it all.
func namespace(file string) string {
	ns := stripExt(file)
	if ns == "" || strings.HasSuffix(ns, "/") {
		return file
	}
	return ns
}

// modulePath is the candidate prefix of an import specifier written in a
// file of directory dir: a relative specifier is joined to dir and loses a
// known extension ("./utils/fetch.js" → "src/utils/fetch"); a bare one
// ("react", "@orbit/core", "node:fs") and one climbing out of the
// repository are kept as written.
func modulePath(dir, spec string) string {
	if !isRelative(spec) {
		return spec
	}
	p := path.Join(dir, spec)
	if p == ".." || strings.HasPrefix(p, "../") {
		return spec
	}
	return stripExt(p)
}

func isRelative(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// moduleName is the short name of a module path: its last path segment
// ("src/a" → "a", "node:fs" → "fs", "socket.io" → "socket.io"), or the
// whole path when that is empty.
func moduleName(mp string) string {
	trimmed := strings.TrimRight(mp, "/")
	if name := trimmed[strings.LastIndexAny(trimmed, "/:")+1:]; name != "" {
		return name
	}
	return mp
}
