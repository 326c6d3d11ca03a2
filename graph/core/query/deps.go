package query

import (
	"context"
	"sort"
	"strings"
)

// DepsResult lists the outbound imports of the files in a scope (DESIGN.md,
// A query): what each file imports, not who imports it (that is refs).
type DepsResult struct {
	Scope    string     `json:"scope"`
	Files    []FileDeps `json:"files"`    // files with at least one import, by path
	External []string   `json:"external"` // imported modules not in the index, sorted
	// Packages are the dependency packages the imports land in, as
	// name@version, sorted, when syncs index them (DESIGN.md, Dependency
	// packages).
	Packages []string `json:"packages,omitempty"`
	Staleness
}

// FileDeps is one file's imports, sorted by target.
type FileDeps struct {
	File    string `json:"file"`
	Imports []Dep  `json:"imports"`
}

// Dep is one imports row. InternalPath is the indexed file or directory the
// import refers to, when the index can tell; it is empty for an external
// module and for an internal path the index cannot place.
type Dep struct {
	TargetPath   string `json:"target_path"`
	TargetSymbol string `json:"target_symbol,omitempty"`
	InternalPath string `json:"internal_path,omitempty"`
	// Package and Version name the dependency package an external import
	// lands in, when its declarations are indexed.
	Package string `json:"package,omitempty"`
	Version string `json:"version,omitempty"`
}

// Deps reads the imports of every file in scope and places each target in
// the worktree when it can.
func (e *Engine) Deps(ctx context.Context, scope Scope) (DepsResult, error) {
	if err := e.checkScope(ctx, scope); err != nil {
		return DepsResult{}, err
	}
	res := DepsResult{Scope: scope.Raw, Files: []FileDeps{}, External: []string{}}
	r, err := e.newDepResolver(ctx, scope)
	if err != nil {
		return res, err
	}
	defer r.close()
	// Read in full before any lookup: the store has one connection.
	imports, err := e.idx.Imports(ctx, scope.paths())
	if err != nil {
		return res, err
	}
	external, packages := map[string]bool{}, map[string]bool{}
	src := e.sources()
	for _, im := range imports {
		d := Dep{TargetPath: im.TargetPath, TargetSymbol: im.TargetSymbol}
		if d.InternalPath, err = r.place(ctx, im.File, d.TargetPath, d.TargetSymbol); err != nil {
			return res, err
		}
		if m, ok := src.mount(d.InternalPath); ok { // a dependency's, not the worktree's
			d.InternalPath, d.Package, d.Version = "", m.Name, m.Version
			packages[m.Name+"@"+m.Version] = true
		}
		if d.InternalPath == "" && !looksInternal(d.TargetPath) {
			external[d.TargetPath] = true
		}
		if n := len(res.Files); n == 0 || res.Files[n-1].File != im.File {
			res.Files = append(res.Files, FileDeps{File: im.File})
		}
		last := &res.Files[len(res.Files)-1]
		last.Imports = append(last.Imports, d)
	}
	for m := range external {
		res.External = append(res.External, m)
	}
	sort.Strings(res.External)
	for p := range packages {
		res.Packages = append(res.Packages, p)
	}
	sort.Strings(res.Packages)
	return res, nil
}

// looksInternal: relative specifiers and Rust crate-relative paths name the
// worktree even when the index cannot place them, so they are not external.
func looksInternal(target string) bool {
	for _, p := range []string{".", "crate::", "self::", "super::"} {
		if strings.HasPrefix(target, p) {
			return true
		}
	}
	return false
}
