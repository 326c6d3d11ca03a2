package indexer

import (
	"database/sql"
	"fmt"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
)

// regrade re-resolves references and relations in unchanged files whose
// target is a qualified name defined (before or after) in a changed file, so
// an incremental sync ends exactly where a cold build would (spec §6.3: refs
// resolve by qualified name, never by a stale id).
func (w *writer) regrade() error {
	tx := w.tx.SQL()
	for _, q := range sortedKeys(w.touched) {
		defs, err := w.idx.Lookup(q)
		if err != nil {
			return err
		}
		if err := w.regradeRefs(tx, q, defs); err != nil {
			return err
		}
		if err := w.regradeRelations(tx, q, defs); err != nil {
			return err
		}
	}
	return nil
}

type storedRow struct {
	id         int64
	file, conf string
	hint       sql.NullInt64
}

func (w *writer) regradeRefs(tx *sql.Tx, q string, defs []resolve.Symbol) error {
	rows, err := queryStored(tx, `SELECT id, from_file, confidence, target_symbol_hint FROM refs WHERE target_qualified = ?`, q)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if w.written[r.file] {
			continue
		}
		res := resolve.Regrade(r.conf, r.file, defs)
		if res.Confidence == r.conf && res.Hint == r.hint.Int64 {
			continue
		}
		var hint any
		if res.Hint != 0 {
			hint = res.Hint
		}
		if _, err := tx.Exec(`UPDATE refs SET confidence = ?, target_symbol_hint = ? WHERE id = ?`, res.Confidence, hint, r.id); err != nil {
			return fmt.Errorf("regrade ref: %w", err)
		}
	}
	return nil
}

func (w *writer) regradeRelations(tx *sql.Tx, q string, defs []resolve.Symbol) error {
	rows, err := queryStored(tx, `SELECT id, def_file, confidence, NULL FROM relations WHERE to_qualified = ?`, q)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if w.written[r.file] {
			continue
		}
		if res := resolve.Regrade(r.conf, r.file, defs); res.Confidence != r.conf {
			if _, err := tx.Exec(`UPDATE relations SET confidence = ? WHERE id = ?`, res.Confidence, r.id); err != nil {
				return fmt.Errorf("regrade relation: %w", err)
			}
		}
	}
	return nil
}

func queryStored(tx *sql.Tx, query, q string) ([]storedRow, error) {
	rows, err := tx.Query(query, q)
	if err != nil {
		return nil, fmt.Errorf("regrade %s: %w", q, err)
	}
	defer rows.Close()
	var out []storedRow
	for rows.Next() {
		var r storedRow
		if err := rows.Scan(&r.id, &r.file, &r.conf, &r.hint); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
