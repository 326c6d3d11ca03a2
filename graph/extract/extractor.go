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
}

// ModuleContext locates a file inside its language's import system.
type ModuleContext struct {
	// Root is the repo-relative directory import paths are relative to
	// ("" is the repository root): the directory of the nearest go.mod, or
	// the Python package root (the first ancestor without __init__.py).
	Root string
	// Path is the import path of Root: the Go module path; "" for Python.
	Path string
	// TSPaths are the compilerOptions.paths of the tsconfig.json (or
	// jsconfig.json) nearest above a TypeScript/JavaScript file, its
	// `extends` applied, in the order the file lists them; nil when there
	// is none.
	TSPaths []TSPathAlias
	// TSBaseURL is that tsconfig's compilerOptions.baseUrl as a
	// repo-relative directory ("." is the repository root); "" when it
	// sets none.
	TSBaseURL string
}

// TSPathAlias is one entry of a tsconfig's compilerOptions.paths.
type TSPathAlias struct {
	// Pattern is the key as written: exact ("jquery") or with one "*"
	// ("@app/*").
	Pattern string
	// Targets are the values, resolved against baseUrl (or the directory of
	// the tsconfig that declares them) into repo-relative paths that keep
	// their "*" ("src/app/*"), in order; targets outside the repository are
	// dropped.
	Targets []string
}

// Extractor turns one file into an ExtractedFile. Implementations are pure
// and safe for concurrent use; Extract never panics on bad input and returns
// partial results plus Diagnostics for files that do not parse.
type Extractor interface {
	Lang() string
	Supports(path string) bool
	Extract(in Input) *ExtractedFile
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
