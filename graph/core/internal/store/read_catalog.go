package store

import (
	"context"
)

// CatalogSymbol is a symbols row as graph check's catalog reads it.
type CatalogSymbol struct {
	ID                    int64
	Name, Qualified, Kind string
	Path                  string
	Start, End            int64
	Signature             string
	Parent                int64 // 0 for none
	BodyHash              int64 // 0: no body digest
	BodySize              int64
	Decorators            string // one per line
}

// CatalogSymbols reads every symbol, by file and position.
func (r *Reader) CatalogSymbols(ctx context.Context) ([]CatalogSymbol, error) {
	return collect(ctx, r.db, "read catalog", `SELECT id, name, qualified, kind, file_path, span_start, span_end,
		COALESCE(signature, ''), COALESCE(parent_symbol, 0), COALESCE(body_hash, 0), COALESCE(body_size, 0), COALESCE(decorators, '')
		FROM symbols ORDER BY file_path, span_start, id`, nil, func(s *CatalogSymbol) []any {
		return []any{&s.ID, &s.Name, &s.Qualified, &s.Kind, &s.Path, &s.Start, &s.End, &s.Signature, &s.Parent,
			&s.BodyHash, &s.BodySize, &s.Decorators}
	})
}

// CatalogRef is a reference as graph check's catalog reads it.
type CatalogRef struct {
	File                        string
	Start                       int64
	TargetName, TargetQualified string
	Hint                        int64
	Kind, Confidence            string
}

// CatalogRefs reads the references that can make code run or name a
// type: calls, uses, command handlers and type uses, in no set order.
func (r *Reader) CatalogRefs(ctx context.Context) ([]CatalogRef, error) {
	return collect(ctx, r.db, "read catalog", `SELECT from_file, from_span_start, target_name, COALESCE(target_qualified, ''),
		COALESCE(target_symbol_hint, 0), kind, confidence FROM refs WHERE kind IN ('call', 'use', 'handler', 'type')`, nil, func(x *CatalogRef) []any {
		return []any{&x.File, &x.Start, &x.TargetName, &x.TargetQualified, &x.Hint, &x.Kind, &x.Confidence}
	})
}

// AllRelations reads every relation.
func (r *Reader) AllRelations(ctx context.Context) ([]Relation, error) {
	return collect(ctx, r.db, "read catalog", `SELECT from_qualified, to_qualified, kind, def_file, def_span_start, confidence
		FROM relations`, nil, func(x *Relation) []any {
		return []any{&x.From, &x.To, &x.Kind, &x.File, &x.Start, &x.Confidence}
	})
}

// CatalogFile is a files row as graph check reads it.
type CatalogFile struct {
	Path, Lang string
	Generated  bool
	Hash       []byte
}

// CatalogFiles reads every file.
func (r *Reader) CatalogFiles(ctx context.Context) ([]CatalogFile, error) {
	return collect(ctx, r.db, "read catalog", `SELECT path, lang, generated, content_hash FROM files ORDER BY path`, nil,
		func(f *CatalogFile) []any { return []any{&f.Path, &f.Lang, &f.Generated, &f.Hash} })
}

// CommandHandlers reads every command with the handler it names, if any.
func (r *Reader) CommandHandlers(ctx context.Context) ([]Command, error) {
	return collect(ctx, r.db, "read catalog", `SELECT name, file_path, span_start, handler_symbol, body_start, body_end
		FROM commands ORDER BY name, file_path, span_start`, nil, func(c *Command) []any {
		return []any{&c.Name, &c.Path, &c.SpanStart, &c.Handler, &c.BodyStart, &c.BodyEnd}
	})
}

// CatalogClosure is a closures row.
type CatalogClosure struct {
	Path               string
	Start, End         int64
	Line, Col          int
	BodyHash, BodySize int64
}

// CatalogClosures reads every anonymous function, by file and position.
func (r *Reader) CatalogClosures(ctx context.Context) ([]CatalogClosure, error) {
	return collect(ctx, r.db, "read catalog", `SELECT file_path, span_start, span_end, line, col, COALESCE(body_hash, 0),
		COALESCE(body_size, 0) FROM closures ORDER BY file_path, span_start`, nil, func(c *CatalogClosure) []any {
		return []any{&c.Path, &c.Start, &c.End, &c.Line, &c.Col, &c.BodyHash, &c.BodySize}
	})
}
