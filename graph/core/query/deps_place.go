package query

import (
	"context"
	"path"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
)

// depResolver places import targets in the worktree. Qualified-name matches
// for the whole scope come from one join over symbols_qualified; the rest
// are indexed lookups, each answered once per distinct question.
type depResolver struct {
	byTarget map[string]string // target_path → internal path, from the join
	names    map[string]string // other qualified names looked up → internal path
	paths    map[string]string // repo path candidates looked up → internal path
	placer   *store.Placer
}

// namespaceRank orders the symbols an import can name: a Go package (its
// directory) first, then a module or namespace, then any other definition.
func namespaceRank(kind string) int {
	switch kind {
	case "package":
		return 0
	case "module", "namespace":
		return 1
	}
	return 2
}

func (e *Engine) newDepResolver(ctx context.Context, scope Scope) (*depResolver, error) {
	r := &depResolver{byTarget: map[string]string{}, names: map[string]string{}, paths: map[string]string{}}
	defs, err := e.idx.ImportTargetDefiners(ctx, scope.paths())
	if err != nil {
		return nil, err
	}
	hits := map[string][]symbolHit{}
	for _, d := range defs {
		hits[d.Target] = append(hits[d.Target], symbolHit{d.Kind, d.File})
	}
	for target, hs := range hits {
		r.byTarget[target] = placeSymbols(hs)
	}
	if r.placer, err = e.idx.Placer(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *depResolver) close() { r.placer.Close() }

// symbolHit is where a definition an import may name lives.
type symbolHit struct{ kind, file string }

// placeSymbols picks where a set of same-named definitions live: the
// directory of a package, the file of a module (or the directory when a
// module spans files of one directory), else the defining file.
func placeSymbols(hs []symbolHit) string {
	if len(hs) == 0 {
		return ""
	}
	sort.SliceStable(hs, func(i, j int) bool { return namespaceRank(hs[i].kind) < namespaceRank(hs[j].kind) })
	best := namespaceRank(hs[0].kind)
	if best == 0 {
		return path.Dir(hs[0].file)
	}
	files := map[string]bool{}
	dirs := map[string]bool{}
	for _, h := range hs {
		if namespaceRank(h.kind) == best {
			files[h.file], dirs[path.Dir(h.file)] = true, true
		}
	}
	if len(files) > 1 && len(dirs) == 1 {
		return path.Dir(hs[0].file)
	}
	return hs[0].file
}

// place finds the internal path of one import of file: a submodule named
// by the imported symbol (Python `from pkg import sub`), the target by
// qualified name, the module of an imported item (a::b::Item → a::b), or a
// path relative to the importing file or the root (./util, "util.h").
func (r *depResolver) place(ctx context.Context, file, target, symbol string) (string, error) {
	if symbol != "" && symbol != "*" {
		p, err := r.placeName(ctx, target+"."+symbol, true)
		if p != "" || err != nil {
			return p, err
		}
	}
	if p := r.byTarget[target]; p != "" {
		return p, nil
	}
	if parent, ok := parentPath(target); ok {
		p, err := r.placeName(ctx, parent, true)
		if p != "" || err != nil {
			return p, err
		}
	}
	for _, cand := range pathCandidates(file, target) {
		p, err := r.placePath(ctx, cand)
		if p != "" || err != nil {
			return p, err
		}
	}
	return "", nil
}

// placeName looks a qualified name up; namespacesOnly keeps a parent path
// from landing on an unrelated definition of the same name.
func (r *depResolver) placeName(ctx context.Context, name string, namespacesOnly bool) (string, error) {
	if p, ok := r.names[name]; ok {
		return p, nil
	}
	all, err := r.placer.Definers(ctx, name)
	if err != nil {
		return "", err
	}
	var hs []symbolHit
	for _, h := range all {
		if !namespacesOnly || namespaceRank(h.Kind) < 2 {
			hs = append(hs, symbolHit{h.Kind, h.File})
		}
	}
	p := placeSymbols(hs)
	r.names[name] = p
	return p, nil
}

// placePath maps a repo-relative path to an indexed file: the path itself,
// the path plus an extension (./util → util.ts), or a directory holding
// indexed files; a module symbol qualified by that path also counts.
func (r *depResolver) placePath(ctx context.Context, cand string) (string, error) {
	if p, ok := r.paths[cand]; ok {
		return p, nil
	}
	p, ok, err := r.placer.FileAt(ctx, cand)
	switch {
	case err != nil:
		return "", err
	case !ok:
		p, err = r.placeName(ctx, cand, true)
	case p != cand && strings.HasPrefix(p, cand+"/"):
		p = cand // a directory of files
	}
	if err != nil {
		return "", err
	}
	r.paths[cand] = p
	return p, nil
}

// parentPath strips an imported item's name from a "::" or "." path, never
// cutting inside a slash-separated import path (example.com/x).
func parentPath(target string) (string, bool) {
	i := max(strings.LastIndex(target, "::"), strings.LastIndex(target, "."))
	if i <= 0 || i < strings.LastIndex(target, "/") {
		return "", false
	}
	return target[:i], true
}

// pathCandidates lists the repo paths a path-like import may name: relative
// to the importing file's directory, then to the root. Names that are not
// paths (os, serde::Serialize) have none.
func pathCandidates(file, target string) []string {
	relative := strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../")
	if !relative && !strings.Contains(target, "/") && path.Ext(target) == "" {
		return nil
	}
	var out []string
	if c, err := cleanRepoPath(path.Join(path.Dir(file), target)); err == nil {
		out = append(out, c)
	}
	if !relative {
		if c, err := cleanRepoPath(target); err == nil && (len(out) == 0 || out[0] != c) {
			out = append(out, c)
		}
	}
	return out
}
