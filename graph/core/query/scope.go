package query

import (
	"context"
	"database/sql"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Scope is the part of the worktree that overview and deps look at: one
// file, one directory (recursively) or, when All, the whole worktree.
type Scope struct {
	Kind SelectorKind // SelFile or SelDir; "" for the whole worktree
	Path string       // repo-relative, cleaned; "." for the root directory
	Raw  string
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

// where is an SQL condition on a path column selecting the scope's files. A
// directory is a half-open range of paths ("d/" ≤ p < "d0", '0' being the
// byte after '/'), so SQLite answers it from the column's index.
func (s Scope) where(col string) (string, []any) {
	switch {
	case s.IsAll():
		return "1", nil
	case s.Kind == SelFile:
		return col + " = ?", []any{s.Path}
	}
	return col + " >= ? AND " + col + " < ?", []any{s.Path + "/", s.Path + "0"}
}

// checkScope returns a not-found LookupError with near paths when the scope
// holds no indexed file.
func checkScope(ctx context.Context, db *sql.DB, s Scope) error {
	if s.IsAll() { // the whole worktree exists even when nothing in it is indexed
		return nil
	}
	cond, args := s.where("path")
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM files WHERE `+cond+` LIMIT 1`, args...).Scan(&one)
	if err == nil {
		return nil
	}
	if err != sql.ErrNoRows {
		return fmt.Errorf("read files: %w", err)
	}
	if s.Kind == SelFile {
		return scopeFileNotFound(ctx, db, s)
	}
	return dirNotFound(ctx, db, s)
}

// scopeFileNotFound is fileNotFound, plus dir:<path> when the path names an
// indexed directory.
func scopeFileNotFound(ctx context.Context, db *sql.DB, s Scope) error {
	err := fileNotFound(ctx, db, Selector{Kind: SelFile, Path: s.Path, Raw: s.Raw})
	le, ok := err.(*LookupError)
	if !ok {
		return err
	}
	if isDir, derr := hasFilesUnder(ctx, db, s.Path); derr != nil {
		return derr
	} else if isDir {
		le.Suggestions = append([]string{"dir:" + s.Path}, le.Suggestions...)
	}
	return le
}

func hasFilesUnder(ctx context.Context, db *sql.DB, dir string) (bool, error) {
	cond, args := Scope{Kind: SelDir, Path: dir}.where("path")
	var one int
	err := db.QueryRowContext(ctx, `SELECT 1 FROM files WHERE `+cond+` LIMIT 1`, args...).Scan(&one)
	if err == sql.ErrNoRows {
		return false, nil
	}
	return err == nil, err
}

// dirNotFound suggests indexed directories near the requested one (or the
// file, when the path names an indexed file). Only the error path lists
// every directory.
func dirNotFound(ctx context.Context, db *sql.DB, s Scope) error {
	le := &LookupError{Selector: s.Raw, Reason: "not_found"}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM files WHERE path = ?`, s.Path).Scan(&n); err != nil {
		return fmt.Errorf("read files: %w", err)
	}
	if n > 0 {
		le.Suggestions = append(le.Suggestions, "file:"+s.Path)
	}
	paths, err := column(ctx, db, `SELECT path FROM files`)
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
