package store

import (
	"bufio"
	"database/sql"
	"fmt"
	"io"
	"strings"
)

// dumpQueries render every table in a fixed order with symbol ids replaced by
// the identity of the symbol they point at, since ids are not stable across
// incremental syncs (DESIGN.md, A sync). Timestamps are left out.
var dumpQueries = []struct{ table, query string }{
	{"packages", `SELECT lang, name, version, kind, root, index_dir, missing FROM packages ORDER BY lang, name`},
	{"files", `SELECT f.path, hex(f.content_hash), f.mtime_ns, f.lang, f.byte_len, f.generated, p.lang, p.name
		FROM files f LEFT JOIN packages p ON p.id = f.package ORDER BY f.path`},
	{"symbols", `SELECT s.file_path, s.name, s.qualified, s.kind, s.span_start, s.span_end, s.signature,
		p.qualified, p.span_start, s.arity_min, s.arity_max, s.body_hash, s.body_size, s.decorators, k.name FROM symbols s LEFT JOIN symbols p ON p.id = s.parent_symbol
		LEFT JOIN packages k ON k.id = s.package
		ORDER BY s.file_path, s.span_start, s.span_end, s.qualified, s.kind`},
	{"refs", `SELECT r.from_file, r.from_span_start, r.from_span_end, r.target_name, r.target_qualified,
		h.file_path, h.span_start, r.kind, r.confidence, r.args FROM refs r LEFT JOIN symbols h ON h.id = r.target_symbol_hint
		ORDER BY r.from_file, r.from_span_start, r.from_span_end, r.kind, r.target_name, r.target_qualified`},
	{"relations", `SELECT from_qualified, to_qualified, kind, def_file, def_span_start, def_span_end, confidence
		FROM relations ORDER BY def_file, def_span_start, def_span_end, from_qualified, to_qualified, kind`},
	{"imports", `SELECT from_file, target_path, target_symbol FROM imports ORDER BY 1, 2, 3`},
	{"commands", `SELECT c.name, c.local_name, c.file_path, c.span_start, h.file_path, h.qualified, h.span_start,
		c.body_start, c.body_end, c.bindings, c.top
		FROM commands c LEFT JOIN symbols h ON h.id = c.handler_symbol ORDER BY c.name, c.file_path, c.span_start`},
	{"command_edges", `SELECT file_path, span_start, parent, child FROM command_edges ORDER BY 1, 2, 3, 4`},
	{"strings", `SELECT s.file_path, s.line, s.value, c.qualified, c.span_start FROM strings s
		LEFT JOIN symbols c ON c.id = s.context_symbol ORDER BY 1, 2, 3, 4, 5`},
	{"configs", `SELECT file_path, line, key, kind FROM configs ORDER BY 1, 2, 3, 4`},
	{"facts", `SELECT def_file, kind, subject, member, object FROM facts ORDER BY 1, 2, 3, 4, 5`},
	{"resolve_deps", `SELECT from_file, name FROM resolve_deps ORDER BY 1, 2`},
	{"symbols_fts", `SELECT s.file_path, s.span_start, s.qualified FROM symbols_fts f JOIN symbols s ON s.id = f.rowid
		WHERE symbols_fts MATCH ? ORDER BY 1, 2, 3`},
	{"closures", `SELECT file_path, span_start, span_end, line, col, body_hash, body_size FROM closures ORDER BY 1, 2, 3`},
	{"skipped", `SELECT path, reason, hex(content_hash), mtime_ns, byte_len FROM skipped ORDER BY path`},
	{"meta", `SELECT key, value FROM meta WHERE key IN ('extractor_version', 'schema_version', 'branch') ORDER BY key`},
}

// Dump writes a canonical text form of the whole index: two indexes of the
// same files dump identically, however they were built.
func (s *Store) Dump(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, q := range dumpQueries {
		fmt.Fprintf(bw, "## %s\n", q.table)
		var args []any
		if q.table == "symbols_fts" {
			args = append(args, "handler OR test OR new") // a sample of FTS terms: proves FTS rows track symbols
		}
		if err := dumpRows(bw, s.db, q.query, args...); err != nil {
			return fmt.Errorf("dump %s: %w", q.table, err)
		}
	}
	return bw.Flush()
}

// CheckSearch runs FTS5's integrity check of the search indexes of the
// index at path (a write connection: the check is an INSERT command): a
// stale or duplicated search row fails it. strings and configs are indexed
// verbatim and checked against their content tables too; symbols are
// indexed as orbit_terms of their columns, so only their index itself is.
func CheckSearch(path string, extractorVersion int) error {
	st, err := Open(path, extractorVersion)
	if err != nil {
		return err
	}
	defer st.Close()
	for _, c := range []struct {
		fts  string
		rank int
	}{{"symbols_fts", 0}, {"strings_fts", 1}, {"configs_fts", 1}} {
		if _, err := st.db.Exec(`INSERT INTO `+c.fts+`(`+c.fts+`, rank) VALUES('integrity-check', ?)`, c.rank); err != nil {
			return fmt.Errorf("check %s: %w", c.fts, err)
		}
	}
	return nil
}

// DumpFile is the Dump of the index at path, as a string: how the
// determinism and crash tests compare two indexes.
func DumpFile(path string, extractorVersion int) (string, error) {
	st, err := Open(path, extractorVersion)
	if err != nil {
		return "", err
	}
	defer st.Close()
	var b strings.Builder
	if err := st.Dump(&b); err != nil {
		return "", err
	}
	return b.String(), nil
}

func dumpRows(w io.Writer, db *sql.DB, query string, args ...any) error {
	rows, err := db.Query(query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, v := range vals {
			if i > 0 {
				io.WriteString(w, "\t")
			}
			if v.Valid {
				fmt.Fprintf(w, "%q", v.String)
			} else {
				io.WriteString(w, "NULL")
			}
		}
		io.WriteString(w, "\n")
	}
	return rows.Err()
}
