package store

import (
	"context"
	"database/sql"
)

// Command is a commands row.
type Command struct {
	Name, Path string
	SpanStart  int64
	Handler    sql.NullInt64
	// BodyStart and BodyEnd span a handler written in place (a closure).
	BodyStart, BodyEnd sql.NullInt64
}

// CommandsNamed reads the commands whose full name is name or ends in the
// word(s) name ("cli sync" for "sync"), by name.
func (r *Reader) CommandsNamed(ctx context.Context, name string) ([]Command, error) {
	return collect(ctx, r.db, "read commands", `SELECT name, file_path, span_start, handler_symbol, body_start, body_end FROM commands
		WHERE name = ?1 OR name LIKE ?2 ESCAPE '\' ORDER BY name, file_path, span_start`, []any{name, "% " + likeEscape(name)},
		func(c *Command) []any {
			return []any{&c.Name, &c.Path, &c.SpanStart, &c.Handler, &c.BodyStart, &c.BodyEnd}
		})
}

// CommandNames lists every command's full name.
func (r *Reader) CommandNames(ctx context.Context) ([]string, error) {
	return collect(ctx, r.db, "read index", `SELECT DISTINCT name FROM commands ORDER BY name`, nil, stringField)
}
