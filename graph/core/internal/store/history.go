package store

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// History is the attribution of a branch's first-parent history to the
// symbols each commit changed (graph/DESIGN.md, History): a file of its
// own beside the index, derived from git and rebuilt whenever it is lost.
type History struct {
	db *sql.DB
}

const historySchema = `
CREATE TABLE IF NOT EXISTS commits (
  hash     TEXT PRIMARY KEY,
  seq      INTEGER NOT NULL UNIQUE, -- first-parent order, oldest first
  author   TEXT NOT NULL,
  date     TEXT NOT NULL,
  subject  TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS changes (
  hash   TEXT NOT NULL REFERENCES commits(hash),
  path   TEXT NOT NULL,
  local  TEXT NOT NULL,
  kind   TEXT NOT NULL,
  what   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS changes_symbol ON changes(path, local);
CREATE TABLE IF NOT EXISTS tasks (
  hash     TEXT NOT NULL REFERENCES commits(hash),
  task_id  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS tasks_id ON tasks(task_id);
CREATE TABLE IF NOT EXISTS meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;
`

// OpenHistory opens (creating) the history file at path.
func OpenHistory(path string) (*History, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_busy_timeout=5000")
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(historySchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	return &History{db: db}, nil
}

func (h *History) Close() error { return h.db.Close() }

// Meta reads one meta value, "" when unset.
func (h *History) Meta(key string) string {
	var v string
	h.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	return v
}

// HistoryTx is one walk's writes, all or nothing.
type HistoryTx struct {
	tx *sql.Tx
}

func (h *History) Begin() (*HistoryTx, error) {
	tx, err := h.db.Begin()
	return &HistoryTx{tx}, err
}

func (t *HistoryTx) Commit() error { return t.tx.Commit() }
func (t *HistoryTx) Rollback()     { t.tx.Rollback() }

// Reset empties every table: the walk starts over.
func (t *HistoryTx) Reset() error {
	for _, table := range []string{"tasks", "changes", "commits", "meta"} {
		if _, err := t.tx.Exec(`DELETE FROM ` + table); err != nil {
			return err
		}
	}
	return nil
}

// LastSeq is the seq of the newest stored commit, 0 when none.
func (t *HistoryTx) LastSeq() (int64, error) {
	var seq int64
	err := t.tx.QueryRow(`SELECT COALESCE(MAX(seq), 0) FROM commits`).Scan(&seq)
	return seq, err
}

func (t *HistoryTx) AddCommit(hash string, seq int64, author, date, subject string) error {
	_, err := t.tx.Exec(`INSERT INTO commits(hash, seq, author, date, subject) VALUES(?, ?, ?, ?, ?)`, hash, seq, author, date, subject)
	return err
}

func (t *HistoryTx) AddTask(hash, id string) error {
	_, err := t.tx.Exec(`INSERT INTO tasks(hash, task_id) VALUES(?, ?)`, hash, id)
	return err
}

func (t *HistoryTx) AddChange(hash, path, local, kind, what string) error {
	_, err := t.tx.Exec(`INSERT INTO changes(hash, path, local, kind, what) VALUES(?, ?, ?, ?, ?)`, hash, path, local, kind, what)
	return err
}

func (t *HistoryTx) SetMeta(key, value string) error {
	_, err := t.tx.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, key, value)
	return err
}

// ClearTasks drops every task id (before they are read again).
func (t *HistoryTx) ClearTasks() error {
	_, err := t.tx.Exec(`DELETE FROM tasks`)
	return err
}

// Subjects lists the stored commits' hashes and subjects, oldest first.
func (t *HistoryTx) Subjects() ([][2]string, error) {
	rows, err := t.tx.Query(`SELECT hash, subject FROM commits ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var c [2]string
		if err := rows.Scan(&c[0], &c[1]); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// HistoryRow is one commit that changed a symbol.
type HistoryRow struct {
	Hash, Author, Date, Subject, Change string
	TaskIDs                             []string
}

// SymbolHistory lists the commits that changed a symbol, newest first.
func (h *History) SymbolHistory(path, local string, limit int) ([]HistoryRow, error) {
	rows, err := h.db.Query(`SELECT c.hash, c.author, c.date, c.subject, ch.what,
		COALESCE((SELECT group_concat(task_id, ' ') FROM tasks t WHERE t.hash = c.hash), '')
		FROM changes ch JOIN commits c ON c.hash = ch.hash
		WHERE ch.path = ? AND ch.local = ? ORDER BY c.seq DESC LIMIT ?`, path, local, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []HistoryRow
	for rows.Next() {
		var r HistoryRow
		var ids string
		if err := rows.Scan(&r.Hash, &r.Author, &r.Date, &r.Subject, &r.Change, &ids); err != nil {
			return nil, err
		}
		r.TaskIDs = strings.Fields(ids)
		out = append(out, r)
	}
	return out, rows.Err()
}

// TaskRow is a symbol a task's commit changed.
type TaskRow struct {
	Path, Local, Kind, Change, Hash, Subject string
}

// TaskChanges lists the symbols the commits naming a task id changed,
// newest first.
func (h *History) TaskChanges(id string, limit int) ([]TaskRow, error) {
	rows, err := h.db.Query(`SELECT ch.path, ch.local, ch.kind, ch.what, c.hash, c.subject
		FROM tasks t JOIN commits c ON c.hash = t.hash JOIN changes ch ON ch.hash = c.hash
		WHERE t.task_id = ? ORDER BY c.seq DESC, ch.path, ch.local LIMIT ?`, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TaskRow
	for rows.Next() {
		var r TaskRow
		if err := rows.Scan(&r.Path, &r.Local, &r.Kind, &r.Change, &r.Hash, &r.Subject); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Dump is a canonical text form of the history file, for determinism tests.
func (h *History) Dump() (string, error) {
	var b strings.Builder
	for _, q := range []string{
		`SELECT seq || ' ' || hash || ' ' || author || ' ' || date || ' ' || subject FROM commits ORDER BY seq`,
		`SELECT hash || ' ' || path || ' ' || local || ' ' || kind || ' ' || what FROM changes ORDER BY hash, path, local, kind, what`,
		`SELECT hash || ' ' || task_id FROM tasks ORDER BY hash, task_id`,
		`SELECT key || '=' || value FROM meta ORDER BY key`,
	} {
		rows, err := h.db.Query(q)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				rows.Close()
				return "", err
			}
			b.WriteString(line + "\n")
		}
		rows.Close()
		b.WriteString("--\n")
	}
	return b.String(), nil
}
