package store

import (
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// consultedNames are the names some files' last resolution consulted
// (resolve_deps) or chose as targets (refs), each once; in is the files'
// "IN (…)" list.
func consultedNames(in string) string {
	return `SELECT name FROM resolve_deps WHERE from_file IN ` + in + `
	UNION SELECT target_qualified FROM refs WHERE from_file IN ` + in + ` AND target_qualified IS NOT NULL`
}

// inList is an "IN (…)" list of the paths as numbered parameters (a query
// may use it twice) and their arguments.
func inList(paths []string) (string, []any) {
	args := make([]any, len(paths))
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range paths {
		args[i] = p
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("?" + strconv.Itoa(i+1))
	}
	b.WriteByte(')')
	return b.String(), args
}

// ConsultedDefinitions reads in one query the definitions of every name
// the files' last resolution consulted or targeted (Definitions of each,
// in the same order); a name nothing defines maps to none. Re-resolving an
// edited file asks mostly the same questions again, and files resolved in
// one sync share most of theirs.
func (l *Lookups) ConsultedDefinitions(paths ...string) (map[string][]Definition, error) {
	in, args := inList(paths)
	rows, err := l.tx.Query(`SELECT n.name, s.id, s.file_path, s.kind, s.arity_min, s.arity_max, s.external
		FROM (`+consultedNames(in)+`) n LEFT JOIN symbols s ON s.qualified = n.name ORDER BY n.name, s.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("look up names of %s: %w", paths, err)
	}
	defer rows.Close()
	out := map[string][]Definition{}
	for rows.Next() {
		var name string
		var id sql.NullInt64
		var file, kind sql.NullString
		var d Definition
		var external sql.NullBool
		if err := rows.Scan(&name, &id, &file, &kind, &d.ArityMin, &d.ArityMax, &external); err != nil {
			return nil, fmt.Errorf("look up names of %s: %w", paths, err)
		}
		if !id.Valid {
			out[name] = nil
			continue
		}
		d.ID, d.File, d.Kind, d.External = id.Int64, file.String, kind.String, external.Bool
		out[name] = append(out[name], d)
	}
	return out, rows.Err()
}

// FactRow is one stored fact, its object as FactObject wrote it.
type FactRow struct{ Kind, Subject, Member, Object string }

// ConsultedFacts reads in one query the facts about every name the files'
// last resolution consulted: the names, and their distinct facts sorted by
// subject, kind, member and object (so each (kind, subject, member)'s
// objects come in Facts' order).
func (l *Lookups) ConsultedFacts(paths ...string) ([]string, []FactRow, error) {
	in, args := inList(paths)
	rows, err := l.tx.Query(`SELECT DISTINCT name FROM resolve_deps WHERE from_file IN `+in, args...)
	names, err := scanAll(rows, err, fmt.Sprint("consulted names of ", paths), stringField)
	if err != nil {
		return nil, nil, err
	}
	rows, err = l.tx.Query(`SELECT DISTINCT kind, subject, member, object FROM facts
		WHERE subject IN (SELECT name FROM resolve_deps WHERE from_file IN `+in+`) ORDER BY subject, kind, member, object`, args...)
	facts, err := scanAll(rows, err, fmt.Sprint("consulted facts of ", paths), func(f *FactRow) []any { return []any{&f.Kind, &f.Subject, &f.Member, &f.Object} })
	return names, facts, err
}
