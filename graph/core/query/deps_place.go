package query

import (
	"context"
	"database/sql"
	"fmt"
	"path"
	"sort"
	"strings"
)

// depResolver places import targets in the worktree. Qualified-name matches
// for the whole scope come from one join over symbols_qualified; the rest
// are indexed lookups, each answered once per distinct question.
type depResolver struct {
	byTarget map[string]string // target_path → internal path, from the join
	names    map[string]string // other qualified names looked up → internal path
	paths    map[string]string // repo path candidates looked up → internal path
	symStmt  *sql.Stmt
	fileStmt *sql.Stmt
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

func newDepResolver(ctx context.Context, db *sql.DB, scope Scope) (*depResolver, error) {
	r := &depResolver{byTarget: map[string]string{}, names: map[string]string{}, paths: map[string]string{}}
	cond, args := scope.where("from_file")
	rows, err := db.QueryContext(ctx, `SELECT t.target_path, s.kind, s.file_path
		FROM (SELECT DISTINCT target_path FROM imports WHERE `+cond+`) t
		JOIN symbols s ON s.qualified = t.target_path ORDER BY t.target_path, s.file_path`, args...)
	if err != nil {
		return nil, fmt.Errorf("deps: %w", err)
	}
	hits := map[string][]symbolHit{}
	for rows.Next() {
		var target string
		var h symbolHit
		if err := rows.Scan(&target, &h.kind, &h.file); err != nil {
			rows.Close()
			return nil, fmt.Errorf("deps: %w", err)
		}
		hits[target] = append(hits[target], h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("deps: %w", err)
	}
	for target, hs := range hits {
		r.byTarget[target] = placeSymbols(hs)
	}
	if r.symStmt, err = db.PrepareContext(ctx, `SELECT kind, file_path FROM symbols WHERE qualified = ? ORDER BY file_path`); err != nil {
		return nil, fmt.Errorf("deps: %w", err)
	}
	if r.fileStmt, err = db.PrepareContext(ctx, placePathQuery); err != nil {
		r.symStmt.Close()
		return nil, fmt.Errorf("deps: %w", err)
	}
	return r, nil
}

// placePathQuery finds the indexed file a path names, in the order a module
// loader would: the path itself, the path plus the shortest extension, then
// any file below it (the path is a directory). Each branch is an index range.
const placePathQuery = `SELECT path FROM (
	SELECT path, 0 AS rank FROM files WHERE path = ?1
	UNION ALL SELECT * FROM (SELECT path, 1 FROM files WHERE path > ?1 || '.' AND path < ?1 || '/' ORDER BY length(path), path LIMIT 1)
	UNION ALL SELECT * FROM (SELECT path, 2 FROM files WHERE path >= ?1 || '/' AND path < ?1 || '0' LIMIT 1)
) ORDER BY rank LIMIT 1`

func (r *depResolver) close() {
	r.symStmt.Close()
	r.fileStmt.Close()
}

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
	rows, err := r.symStmt.QueryContext(ctx, name)
	if err != nil {
		return "", fmt.Errorf("deps: %w", err)
	}
	defer rows.Close()
	var hs []symbolHit
	for rows.Next() {
		var h symbolHit
		if err := rows.Scan(&h.kind, &h.file); err != nil {
			return "", fmt.Errorf("deps: %w", err)
		}
		if !namespacesOnly || namespaceRank(h.kind) < 2 {
			hs = append(hs, h)
		}
	}
	p := placeSymbols(hs)
	r.names[name] = p
	return p, rows.Err()
}

// placePath maps a repo-relative path to an indexed file: the path itself,
// the path plus an extension (./util → util.ts), or a directory holding
// indexed files; a module symbol qualified by that path also counts.
func (r *depResolver) placePath(ctx context.Context, cand string) (string, error) {
	if p, ok := r.paths[cand]; ok {
		return p, nil
	}
	var p string
	err := r.fileStmt.QueryRowContext(ctx, cand).Scan(&p)
	switch {
	case err == sql.ErrNoRows:
		p, err = r.placeName(ctx, cand, true)
	case err != nil:
		return "", fmt.Errorf("deps: %w", err)
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
