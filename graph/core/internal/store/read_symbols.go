package store

import (
	"context"
	"database/sql"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Symbol is a symbols row.
type Symbol struct {
	Extent                // id and span
	Name, Qualified, Kind string
	Path                  string
	Signature             sql.NullString
	Parent                sql.NullInt64
	ArityMin, ArityMax    sql.NullInt64 // an overload's, when its language states it
}

// Arity is the symbol's, unknown when not stored.
func (s Symbol) Arity() extract.Arity { return arityOf(s.ArityMin, s.ArityMax) }

const symbolCols = `id, name, qualified, kind, file_path, span_start, span_end, signature, parent_symbol, arity_min, arity_max`

// moduleKinds are the symbol kinds a module: selector names.
const moduleKinds = `('package', 'module', 'namespace')`

func symbolFields(r *Symbol) []any {
	return []any{&r.ID, &r.Name, &r.Qualified, &r.Kind, &r.Path, &r.Start, &r.End, &r.Signature, &r.Parent, &r.ArityMin, &r.ArityMax}
}

func (r *Reader) symbols(ctx context.Context, where string, args ...any) ([]Symbol, error) {
	return collect(ctx, r.db, "read symbols", `SELECT `+symbolCols+` FROM symbols `+where, args, symbolFields)
}

// SymbolByID reads one symbol; ok is false when there is none.
func (r *Reader) SymbolByID(ctx context.Context, id int64) (s Symbol, ok bool, err error) {
	rows, err := r.symbols(ctx, `WHERE id = ?`, id)
	if err != nil || len(rows) == 0 {
		return Symbol{}, false, err
	}
	return rows[0], true, nil
}

// QualifiedOf is the qualified name of a symbol, "" when it cannot be read.
func (r *Reader) QualifiedOf(ctx context.Context, id int64) string {
	var q string
	_ = r.db.QueryRowContext(ctx, `SELECT qualified FROM symbols WHERE id = ?`, id).Scan(&q)
	return q
}

// SymbolsInFile reads a file's symbols in source order.
func (r *Reader) SymbolsInFile(ctx context.Context, path string) ([]Symbol, error) {
	return r.symbols(ctx, `WHERE file_path = ? ORDER BY span_start, id`, path)
}

// Children reads at most limit symbols nested directly in a symbol, in
// source order.
func (r *Reader) Children(ctx context.Context, parent int64, limit int) ([]Symbol, error) {
	return r.symbols(ctx, `WHERE parent_symbol = ? ORDER BY span_start LIMIT ?`, parent, limit)
}

// TopLevel reads at most limit of a file's outermost symbols, in source
// order.
func (r *Reader) TopLevel(ctx context.Context, path string, limit int) ([]Symbol, error) {
	return r.symbols(ctx, `WHERE file_path = ? AND parent_symbol IS NULL
		ORDER BY span_start LIMIT ?`, path, limit)
}

// Modules reads the package, module and namespace symbols with a qualified
// name, by file.
func (r *Reader) Modules(ctx context.Context, qualified string) ([]Symbol, error) {
	return r.symbols(ctx, `
		WHERE qualified = ? AND kind IN `+moduleKinds+` ORDER BY file_path, span_start`, qualified)
}

// ModuleNames lists the distinct qualified names of modules.
func (r *Reader) ModuleNames(ctx context.Context) ([]string, error) {
	return collect(ctx, r.db, "read index", `SELECT DISTINCT qualified FROM symbols WHERE kind IN `+moduleKinds, nil, stringField)
}

// ModuleMembers reads at most limit of a file's outermost symbols that are
// not modules themselves, in source order.
func (r *Reader) ModuleMembers(ctx context.Context, path string, limit int) ([]Symbol, error) {
	return r.symbols(ctx, `WHERE file_path = ? AND parent_symbol IS NULL
			AND kind NOT IN `+moduleKinds+` ORDER BY span_start LIMIT ?`, path, limit)
}

// SymbolsInFiles reads the symbols of many files, in batches.
func (r *Reader) SymbolsInFiles(ctx context.Context, paths []string) ([]Symbol, error) {
	var out []Symbol
	err := inBatches(paths, maxBatch, func(batch []string) error {
		rows, err := r.symbols(ctx, `WHERE file_path IN (`+placeholders(len(batch))+`)`, anys(batch)...)
		out = appendAll(out, rows)
		return err
	})
	return out, err
}

// SymbolsByID reads the symbols with the given ids, in batches.
func (r *Reader) SymbolsByID(ctx context.Context, ids []int64) ([]Symbol, error) {
	var out []Symbol
	err := inBatches(ids, maxBatch, func(batch []int64) error {
		rows, err := r.symbols(ctx, `WHERE id IN (`+placeholders(len(batch))+`)`, anys(batch)...)
		out = appendAll(out, rows)
		return err
	})
	return out, err
}

// SymbolsNamed reads the symbols with the given qualified names, in
// batches, each batch by qualified name, path and offset.
func (r *Reader) SymbolsNamed(ctx context.Context, qualified []string) ([]Symbol, error) {
	var out []Symbol
	err := inBatches(qualified, maxBatch, func(batch []string) error {
		rows, err := r.symbols(ctx, `WHERE qualified IN (`+placeholders(len(batch))+`)
			ORDER BY qualified, file_path, span_start, id`, anys(batch)...)
		out = appendAll(out, rows)
		return err
	})
	return out, err
}

// FilesDefining lists at most limit files other than except that define a
// symbol with a short name, those under dir first.
func (r *Reader) FilesDefining(ctx context.Context, name, except, dir string, limit int) ([]string, error) {
	return collect(ctx, r.db, "read index", `SELECT file_path FROM symbols WHERE name = ? AND file_path <> ?
		GROUP BY file_path ORDER BY (file_path LIKE ? ESCAPE '\') DESC, file_path LIMIT ?`,
		[]any{name, except, likeEscape(dir) + "/%", limit}, stringField)
}
