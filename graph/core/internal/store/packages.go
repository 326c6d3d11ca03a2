package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// PackageRow is one row of packages.
type PackageRow struct {
	ID   int64
	Lang string
	extract.Package
}

// SyncPackages writes the packages of a language, keeping the id of a
// package whose name stays (files point at it), and returns their ids in
// the given order. PrunePackages deletes the others once no file needs
// them.
func (t *Tx) SyncPackages(lang string, pkgs []extract.Package) ([]int64, error) {
	old, err := t.packagesOf(lang)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(pkgs))
	for i, p := range pkgs {
		if id, ok := old[p.Name]; ok {
			ids[i] = id
			_, err = t.tx.Exec(`UPDATE packages SET version = ?, kind = ?, root = ?, index_dir = ?, missing = ? WHERE id = ?`,
				p.Version, p.Kind.String(), p.Root, p.IndexDir, p.Missing, id)
		} else {
			// A name given twice is one row (the first's).
			err = t.tx.QueryRow(`INSERT INTO packages(lang, name, version, kind, root, index_dir, missing) VALUES(?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT(lang, name) DO UPDATE SET name = excluded.name RETURNING id`,
				lang, p.Name, p.Version, p.Kind.String(), p.Root, p.IndexDir, p.Missing).Scan(&ids[i])
			old[p.Name] = ids[i]
		}
		if err != nil {
			return nil, fmt.Errorf("write package %s: %w", p.Name, err)
		}
	}
	return ids, nil
}

func (t *Tx) packagesOf(lang string) (map[string]int64, error) {
	rows, err := t.tx.Query(`SELECT name, id FROM packages WHERE lang = ?`, lang)
	if err != nil {
		return nil, fmt.Errorf("read packages: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var name string
		var id int64
		if err := rows.Scan(&name, &id); err != nil {
			return nil, fmt.Errorf("read packages: %w", err)
		}
		out[name] = id
	}
	return out, rows.Err()
}

// ImportedPaths lists the distinct import paths the worktree's own files
// of the languages state (external files keep no imports), in order.
func (t *Tx) ImportedPaths(langs ...string) ([]string, error) {
	if err := t.Flush(); err != nil {
		return nil, err
	}
	args := make([]any, len(langs))
	for i, l := range langs {
		args[i] = l
	}
	rows, err := t.tx.Query(`SELECT DISTINCT i.target_path FROM imports i JOIN files f ON f.path = i.from_file
		WHERE f.lang IN (`+strings.TrimSuffix(strings.Repeat("?,", len(langs)), ",")+`) ORDER BY 1`, args...)
	return scanAll(rows, err, "read "+strings.Join(langs, ", ")+" imports", stringField)
}

// DefinesOwn reports whether a symbol of the worktree's own (not a
// dependency package's) is qualified ns.
func (t *Tx) DefinesOwn(ns string) (bool, error) {
	if err := t.Flush(); err != nil {
		return false, err
	}
	var n int
	err := t.tx.QueryRow(`SELECT EXISTS(SELECT 1 FROM symbols WHERE qualified = ? AND NOT external)`, ns).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("look up namespace %s: %w", ns, err)
	}
	return n != 0, nil
}

// ExternalPaths lists the indexed files of dependency packages.
func (t *Tx) ExternalPaths() (map[string]bool, error) {
	rows, err := t.tx.Query(`SELECT f.path FROM files f JOIN packages p ON p.id = f.package WHERE p.kind != 'own'`)
	paths, err := scanAll(rows, err, "read external files", stringField)
	out := make(map[string]bool, len(paths))
	for _, p := range paths {
		out[p] = true
	}
	return out, err
}

// Packages reads every package row, by language then name.
func (r *Reader) Packages() ([]PackageRow, error) {
	rows, err := r.db.Query(`SELECT id, lang, name, version, kind, root, index_dir, missing FROM packages ORDER BY lang, name`)
	return scanAll(rows, err, "read packages", func(p *PackageRow) []any {
		return []any{&p.ID, &p.Lang, &p.Name, &p.Version, (*kindScan)(&p.Kind), &p.Root, &p.IndexDir, &p.Missing}
	})
}

// kindScan reads a stored package kind.
type kindScan extract.PackageKind

func (k *kindScan) Scan(v any) error {
	s, _ := v.(string)
	if b, ok := v.([]byte); ok {
		s = string(b)
	}
	for i := extract.PackageOwn; i <= extract.PackageStdlib; i++ {
		if i.String() == s {
			*k = kindScan(i)
			return nil
		}
	}
	return fmt.Errorf("unknown package kind %q", s)
}

// SetPackage records which package a worktree file and its symbols
// belong to (0: none), for a file whose rows stay while the package ids
// change (packages turned off and on again renumber them).
func (t *Tx) SetPackage(path string, pkg int64) error {
	if err := t.Flush(); err != nil {
		return err
	}
	var v any
	if pkg != 0 {
		v = pkg
	}
	if _, err := t.tx.Exec(`UPDATE files SET package = ? WHERE path = ? AND package IS NOT ?`, v, path, v); err != nil {
		return fmt.Errorf("set package of %s: %w", path, err)
	}
	if _, err := t.tx.Exec(`UPDATE symbols SET package = ? WHERE file_path = ? AND package IS NOT ?`, v, path, v); err != nil {
		return fmt.Errorf("set package of %s: %w", path, err)
	}
	return nil
}

// PrunePackages deletes the packages of a language whose ids are not kept.
func (t *Tx) PrunePackages(lang string, keep []int64) error {
	old, err := t.packagesOf(lang)
	if err != nil {
		return err
	}
	kept := map[int64]bool{}
	for _, id := range keep {
		kept[id] = true
	}
	for _, id := range old {
		if kept[id] {
			continue
		}
		if _, err := t.tx.Exec(`DELETE FROM packages WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete package: %w", err)
		}
	}
	return nil
}

// HasPackages reports whether the index holds any package row.
func (s *Store) HasPackages() (bool, error) {
	var n int
	if err := s.db.QueryRow(`SELECT EXISTS(SELECT 1 FROM packages)`).Scan(&n); err != nil {
		return false, fmt.Errorf("read packages: %w", err)
	}
	return n == 1, nil
}

// Mount is where a dependency package's files are indexed (Prefix,
// "@<lang>/<index_dir>") and read from (Root).
type Mount struct{ Prefix, Root, Name, Version string }

// MountOf is the dependency package holding an indexed file (or the
// files of an indexed directory), and where it is read from; false for
// the worktree's.
func (r *Reader) MountOf(ctx context.Context, p string) (Mount, bool, error) {
	var m Mount
	err := r.db.QueryRowContext(ctx, `SELECT '@' || k.lang || CASE WHEN k.index_dir = '' THEN '' ELSE '/' || k.index_dir END, k.root, k.name, k.version
		FROM files f JOIN packages k ON k.id = f.package
		WHERE (f.path = ?1 OR f.path >= ?1 || '/' AND f.path < ?1 || '0') AND k.kind != 'own' LIMIT 1`, p).Scan(&m.Prefix, &m.Root, &m.Name, &m.Version)
	if errors.Is(err, sql.ErrNoRows) {
		return m, false, nil
	}
	if err != nil {
		return m, false, fmt.Errorf("read package of %s: %w", p, err)
	}
	return m, true, nil
}

// ExternalSymbols reads the symbols of the dependency package files that
// make up pkg, an import path: below "@<lang>/", the files of directory
// pkg (net/http, json) or the one file pkg is (Python's os.py), the
// path's dots read as slashes too (os.path); when none is, every file
// below directory pkg.
func (r *Reader) ExternalSymbols(ctx context.Context, pkg string) ([]Symbol, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT f.path FROM files f JOIN packages p ON p.id = f.package
		WHERE p.kind != 'own' ORDER BY f.path`)
	paths, err := scanAll(rows, err, "read external files", stringField)
	if err != nil {
		return nil, err
	}
	names := []string{pkg, strings.ReplaceAll(pkg, ".", "/"), strings.ReplaceAll(pkg, "::", "/")}
	var in, below []string
	for _, p := range paths {
		_, rest, _ := strings.Cut(p, "/")
		dir, module := path.Dir(rest), strings.TrimSuffix(rest, path.Ext(rest))
		for _, n := range names {
			if dir == n || module == n {
				in = append(in, p)
				break
			}
		}
		if strings.HasPrefix(rest, pkg+"/") {
			below = append(below, p)
		}
	}
	if len(in) == 0 {
		// A package whose files sit below its name (npm's
		// "@tanstack/query-core" keeps them in build/modern/).
		in = below
	}
	return r.SymbolsInFiles(ctx, in)
}
