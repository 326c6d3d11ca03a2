package query

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// Scope is the part of the worktree that overview and deps look at: one
// file, one directory (recursively) or, when All, the whole worktree.
type Scope struct {
	Kind SelectorKind // SelFile or SelDir; "" for the whole worktree
	Path string       // repo-relative, cleaned; "." for the root directory
	Raw  string
	// HideGenerated leaves a generator's output out (overview's default).
	HideGenerated bool
	// HideExternal leaves dependency packages' files out (overview's
	// default; DESIGN.md, Dependency packages).
	HideExternal bool
}

// SelDir addresses a directory and everything below it: dir:<path>.
const SelDir SelectorKind = "dir"

// WholeWorktree is the scope of a query given no scope.
var WholeWorktree = Scope{Kind: SelDir, Path: ".", Raw: "dir:."}

// ParseScope parses dir:<path> or file:<path>; "" is the whole worktree.
// Paths are repo-relative and may not leave the worktree.
func ParseScope(s string) (Scope, error) {
	if s == "" {
		return WholeWorktree, nil
	}
	form, rest, ok := strings.Cut(s, ":")
	kind := SelectorKind(form)
	if !ok || rest == "" || kind != SelDir && kind != SelFile {
		return Scope{Raw: s}, fmt.Errorf("%w %q: want dir:<path> or file:<path>", ErrBadSelector, s)
	}
	clean, err := cleanRepoPath(rest)
	if err != nil {
		return Scope{Raw: s}, fmt.Errorf("%w %q: %v", ErrBadSelector, s, err)
	}
	if kind == SelFile && clean == "." {
		return Scope{Raw: s}, fmt.Errorf("%w %q: file: needs a file path (use dir: for a directory)", ErrBadSelector, s)
	}
	return Scope{Kind: kind, Path: clean, Raw: s}, nil
}

// IsAll reports whether the scope is the whole worktree.
func (s Scope) IsAll() bool { return s.Kind == SelDir && s.Path == "." }

// paths is the scope as the store selects files.
func (s Scope) paths() store.Paths {
	if s.Kind == SelFile {
		return store.Paths{File: s.Path, NoGenerated: s.HideGenerated, NoExternal: s.HideExternal}
	}
	return store.Paths{Dir: s.Path, NoGenerated: s.HideGenerated, NoExternal: s.HideExternal}
}

// checkScope returns a not-found LookupError with near paths when the scope
// holds no indexed file.
func (e *Engine) checkScope(ctx context.Context, s Scope) error {
	if s.IsAll() { // the whole worktree exists even when nothing in it is indexed
		return nil
	}
	if found, err := e.idx.AnyFile(ctx, s.paths()); found || err != nil {
		return err
	}
	if s.Kind == SelFile {
		return e.scopeFileNotFound(ctx, s)
	}
	return e.dirNotFound(ctx, s)
}

// scopeFileNotFound is fileNotFound, plus dir:<path> when the path names an
// indexed directory.
func (e *Engine) scopeFileNotFound(ctx context.Context, s Scope) error {
	err := e.fileNotFound(ctx, e.sources(), Selector{Kind: SelFile, Path: s.Path, Raw: s.Raw})
	le, ok := err.(*LookupError)
	if !ok {
		return err
	}
	if isDir, derr := e.idx.AnyFile(ctx, store.Paths{Dir: s.Path}); derr != nil {
		return derr
	} else if isDir {
		le.Suggestions = append([]string{"dir:" + s.Path}, le.Suggestions...)
	}
	return le
}

// dirNotFound suggests indexed directories near the requested one (or the
// file, when the path names an indexed file). Only the error path lists
// every directory.
func (e *Engine) dirNotFound(ctx context.Context, s Scope) error {
	le := &LookupError{Selector: s.Raw, Reason: "not_found"}
	if isFile, err := e.idx.AnyFile(ctx, store.Paths{File: s.Path}); err != nil {
		return err
	} else if isFile {
		le.Suggestions = append(le.Suggestions, "file:"+s.Path)
	}
	paths, err := e.idx.AllPaths(ctx)
	if err != nil {
		return err
	}
	dirs := directories(paths)
	var near []string
	base := path.Base(s.Path)
	for _, d := range dirs { // same last element anywhere in the tree first
		if path.Base(d) == base {
			near = append(near, d)
		}
	}
	near = append(near, nearest(s.Path, dirs)...)
	seen := map[string]bool{}
	for _, d := range near {
		if !seen[d] && len(le.Suggestions) < maxSuggestions {
			seen[d] = true
			le.Suggestions = append(le.Suggestions, "dir:"+d)
		}
	}
	return le
}

// directories lists every directory that holds an indexed file, sorted.
func directories(paths []string) []string {
	set := map[string]bool{}
	for _, p := range paths {
		for d := path.Dir(p); d != "." && !set[d]; d = path.Dir(d) {
			set[d] = true
		}
	}
	out := make([]string, 0, len(set))
	for d := range set {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}
