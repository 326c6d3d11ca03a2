package extract

import (
	"path"
	"strings"
)

// Input is what an extractor gets for one file. It grows as a struct, never
// as more parameters.
type Input struct {
	Path    string // repo-relative, slash-separated
	Content []byte
	// Module is the import context core found for this file on disk, so that
	// extractors stay pure.
	Module ModuleContext
	// DeclarationsOnly: the file is a dependency package's (DESIGN.md,
	// Dependency packages), and only its symbols, relations and facts are
	// kept; an extractor may skip the work that finds the rest.
	DeclarationsOnly bool
	// Keep, when not nil, are the only parts of Content to parse, in
	// order (a dependency's file read in part, extract.Selection);
	// Content holds the whole file, so offsets and lines stay.
	Keep []Span
}

// ModuleContext locates a file inside its language's import system.
type ModuleContext struct {
	// Root is the repo-relative directory import paths are relative to
	// ("" is the repository root): the directory of the nearest go.mod, or
	// the Python package root (the first ancestor without __init__.py).
	Root string
	// Path is the import path of Root: the Go module path; "" for Python.
	Path string
	// Own is what else the language's Modules tells its extractor, in the
	// language's own type (TypeScript: the tsconfig paths and baseUrl);
	// nil when there is nothing.
	Own any
}

// Extractor turns one file into an ExtractedFile. Implementations are pure
// and safe for concurrent use; Extract never panics on bad input and returns
// partial results plus Diagnostics for files that do not parse.
type Extractor interface {
	Lang() string
	Supports(path string) bool
	Extract(in Input) *ExtractedFile
}

// FileLangs is implemented by an extractor whose files carry language
// names other than its own (ExtractedFile.Lang): TypeScript's files are
// "typescript" or "javascript". It lists them all.
type FileLangs interface {
	FileLangs() []string
}

// Registry picks the first extractor whose Supports accepts a path.
type Registry struct {
	extractors []Extractor
}

// NewRegistry keeps extractors in the given order; earlier ones win.
func NewRegistry(extractors ...Extractor) *Registry {
	return &Registry{extractors: extractors}
}

// For returns the extractor for a repo-relative path, or nil.
func (r *Registry) For(p string) Extractor {
	for _, e := range r.extractors {
		if e.Supports(p) {
			return e
		}
	}
	return nil
}

// Langs lists the registered languages in registration order.
func (r *Registry) Langs() []string {
	out := make([]string, len(r.extractors))
	for i, e := range r.extractors {
		out[i] = e.Lang()
	}
	return out
}

// FileLangs lists every language name a file extracted by the registry
// can carry (files.lang), in registration order.
func (r *Registry) FileLangs() []string {
	var out []string
	for _, e := range r.extractors {
		if fl, ok := e.(FileLangs); ok {
			out = append(out, fl.FileLangs()...)
		} else {
			out = append(out, e.Lang())
		}
	}
	return out
}

// HasExt reports whether p ends in one of the extensions (".go").
func HasExt(p string, exts ...string) bool {
	ext := path.Ext(p)
	for _, e := range exts {
		if strings.EqualFold(ext, e) {
			return true
		}
	}
	return false
}

// ParentDir is the repo-relative directory of p, "" for the root.
func ParentDir(p string) string {
	d := path.Dir(p)
	if d == "." || d == "/" {
		return ""
	}
	return d
}

// Under reports whether p is inside the repo-relative directory dir ("" is
// the root).
func Under(p, dir string) bool {
	return dir == "" || len(p) > len(dir) && p[:len(dir)] == dir && p[len(dir)] == '/'
}

// Extractors lists the registered extractors in registration order: the
// indexer asks them for their optional abilities.
func (r *Registry) Extractors() []Extractor { return r.extractors }

// Nearest finds, in a map keyed by repo-relative directory, the entry of
// the nearest directory at or above p's own: the module or manifest a file
// belongs to. ok is false when no directory above p has one.
func Nearest[V any](byDir map[string]V, p string) (dir string, v V, ok bool) {
	for d := ParentDir(p); ; d = ParentDir(d) {
		if v, ok := byDir[d]; ok {
			return d, v, true
		}
		if d == "" {
			return "", v, false
		}
	}
}
