package store

import (
	"database/sql"
	"fmt"
	"strings"
)

// bulk inserts rows through one prepared multi-row INSERT, which saves most
// of the per-statement cgo cost of single-row inserts.
type bulk struct {
	tx      *sql.Tx
	table   string
	head    string // "INSERT INTO t(a, b) VALUES "
	cols    int
	perStmt int
	full    *sql.Stmt
	args    []any
}

const rowsPerStatement = 64

func newBulk(tx *sql.Tx, table string, cols ...string) *bulk {
	return &bulk{
		tx:      tx,
		table:   table,
		head:    fmt.Sprintf("INSERT INTO %s(%s) VALUES ", table, strings.Join(cols, ", ")),
		cols:    len(cols),
		perStmt: rowsPerStatement,
	}
}

func (b *bulk) query(rows int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", b.cols), ", ") + ")"
	return b.head + strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ")
}

func (b *bulk) add(args ...any) error {
	b.args = append(b.args, args...)
	if len(b.args) < b.cols*b.perStmt {
		return nil
	}
	if b.full == nil {
		// Prepared on first use: a one-file sync rarely fills a batch,
		// and preparing nine wide INSERTs cost it half a millisecond.
		stmt, err := b.tx.Prepare(b.query(b.perStmt))
		if err != nil {
			return fmt.Errorf("prepare insert into %s: %w", b.table, err)
		}
		b.full = stmt
	}
	_, err := b.full.Exec(b.args...)
	b.args = b.args[:0]
	return err
}

func (b *bulk) flush() error {
	if len(b.args) == 0 {
		return nil
	}
	_, err := b.tx.Exec(b.query(len(b.args)/b.cols), b.args...)
	b.args = b.args[:0]
	return err
}

func (b *bulk) close() error {
	err := b.flush()
	if b.full == nil {
		return err
	}
	if cerr := b.full.Close(); err == nil {
		err = cerr
	}
	return err
}
