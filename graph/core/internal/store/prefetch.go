package store

import (
	"database/sql"
	"fmt"
)

// consultedNames are the names a file's last resolution consulted
// (resolve_deps) or chose as targets (refs).
const consultedNames = `SELECT name FROM resolve_deps WHERE from_file = ?1
	UNION SELECT target_qualified FROM refs WHERE from_file = ?1 AND target_qualified IS NOT NULL`

// ConsultedDefinitions reads in one query the definitions of every name a
// file's last resolution consulted or targeted (Definitions of each, in
// the same order); a name nothing defines maps to none. Re-resolving an
// edited file asks mostly the same questions again.
func (l *Lookups) ConsultedDefinitions(path string) (map[string][]Definition, error) {
	rows, err := l.tx.Query(`SELECT n.name, s.id, s.file_path, s.kind, s.arity_min, s.arity_max, s.package IS NOT NULL AND s.package IN `+externalPackages+`
		FROM (`+consultedNames+`) n LEFT JOIN symbols s ON s.qualified = n.name ORDER BY n.name, s.id`, path)
	if err != nil {
		return nil, fmt.Errorf("look up names of %s: %w", path, err)
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
			return nil, fmt.Errorf("look up names of %s: %w", path, err)
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

// ConsultedFacts reads in one query the facts about every name a file's
// last resolution consulted: the names, and their distinct facts sorted by
// subject, kind, member and object (so each (kind, subject, member)'s
// objects come in Facts' order).
func (l *Lookups) ConsultedFacts(path string) ([]string, []FactRow, error) {
	rows, err := l.tx.Query(`SELECT name FROM resolve_deps WHERE from_file = ?`, path)
	names, err := scanAll(rows, err, "consulted names of "+path, stringField)
	if err != nil {
		return nil, nil, err
	}
	rows, err = l.tx.Query(`SELECT DISTINCT kind, subject, member, object FROM facts
		WHERE subject IN (SELECT name FROM resolve_deps WHERE from_file = ?) ORDER BY subject, kind, member, object`, path)
	facts, err := scanAll(rows, err, "consulted facts of "+path, func(f *FactRow) []any { return []any{&f.Kind, &f.Subject, &f.Member, &f.Object} })
	return names, facts, err
}
