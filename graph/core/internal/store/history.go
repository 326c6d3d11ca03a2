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

// historySchemaVersion is the history file's PRAGMA user_version; a file
// of another version is emptied and made again (it is derived data).
// 2: stable ids (changes.sid, live, lineage) and operation logs (oplogs).
const historySchemaVersion = 2

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
  what   TEXT NOT NULL,
  sid    TEXT NOT NULL  -- the symbol's stable id
) STRICT;
CREATE INDEX IF NOT EXISTS changes_symbol ON changes(path, local);
CREATE INDEX IF NOT EXISTS changes_sid ON changes(sid);
-- The stable ids of the symbols at the cursor that the walk has seen
-- change; any other symbol's id is derived from the walk's base.
CREATE TABLE IF NOT EXISTS live (
  path   TEXT NOT NULL,
  local  TEXT NOT NULL,
  kind   TEXT NOT NULL,
  sid    TEXT NOT NULL,
  PRIMARY KEY (path, local, kind)
) STRICT;
-- sid came from from_sid at commit hash (a split's child, a merge's target).
CREATE TABLE IF NOT EXISTS lineage (
  sid       TEXT NOT NULL,
  from_sid  TEXT NOT NULL,
  hash      TEXT NOT NULL REFERENCES commits(hash)
) STRICT;
CREATE INDEX IF NOT EXISTS lineage_sid ON lineage(sid);
-- What became of each walked commit's operation log.
CREATE TABLE IF NOT EXISTS oplogs (
  hash     TEXT PRIMARY KEY REFERENCES commits(hash),
  status   TEXT NOT NULL, -- accepted, malformed, future, rejected
  message  TEXT NOT NULL
) STRICT;
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
	var version int
	if err := db.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		db.Close()
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	if version != historySchemaVersion {
		for _, t := range []string{"oplogs", "lineage", "live", "tasks", "changes", "commits", "meta"} {
			if _, err := db.Exec(`DROP TABLE IF EXISTS ` + t); err != nil {
				db.Close()
				return nil, fmt.Errorf("history %s: %w", path, err)
			}
		}
	}
	if _, err := db.Exec(historySchema + fmt.Sprintf("PRAGMA user_version = %d;", historySchemaVersion)); err != nil {
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
	for _, table := range []string{"oplogs", "lineage", "live", "tasks", "changes", "commits", "meta"} {
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

func (t *HistoryTx) AddChange(hash, path, local, kind, what, sid string) error {
	_, err := t.tx.Exec(`INSERT INTO changes(hash, path, local, kind, what, sid) VALUES(?, ?, ?, ?, ?, ?)`, hash, path, local, kind, what, sid)
	return err
}

func (t *HistoryTx) AddLineage(sid, from, hash string) error {
	_, err := t.tx.Exec(`INSERT INTO lineage(sid, from_sid, hash) VALUES(?, ?, ?)`, sid, from, hash)
	return err
}

func (t *HistoryTx) AddOplog(hash, status, message string) error {
	_, err := t.tx.Exec(`INSERT OR REPLACE INTO oplogs(hash, status, message) VALUES(?, ?, ?)`, hash, status, message)
	return err
}

// HasCommit reports whether hash is a stored commit.
func (t *HistoryTx) HasCommit(hash string) (bool, error) {
	var n int
	err := t.tx.QueryRow(`SELECT COUNT(*) FROM commits WHERE hash = ?`, hash).Scan(&n)
	return n > 0, err
}

// HasCommit reports whether hash is a stored commit.
func (h *History) HasCommit(hash string) (bool, error) {
	var n int
	err := h.db.QueryRow(`SELECT COUNT(*) FROM commits WHERE hash = ?`, hash).Scan(&n)
	return n > 0, err
}

// Live is the stable id of each address in the live table.
type Live map[[3]string]string // {path, local, kind} → sid

// LoadLive reads the live table.
func (t *HistoryTx) LoadLive() (Live, error) {
	rows, err := t.tx.Query(`SELECT path, local, kind, sid FROM live`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := Live{}
	for rows.Next() {
		var k [3]string
		var sid string
		if err := rows.Scan(&k[0], &k[1], &k[2], &sid); err != nil {
			return nil, err
		}
		out[k] = sid
	}
	return out, rows.Err()
}

// SaveLive replaces the live table.
func (t *HistoryTx) SaveLive(live Live) error {
	if _, err := t.tx.Exec(`DELETE FROM live`); err != nil {
		return err
	}
	st, err := t.tx.Prepare(`INSERT INTO live(path, local, kind, sid) VALUES(?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for k, sid := range live {
		if _, err := st.Exec(k[0], k[1], k[2], sid); err != nil {
			return err
		}
	}
	return nil
}

// LiveID is the stable id the live table gives an address.
func (h *History) LiveID(path, local, kind string) (string, bool) {
	var sid string
	err := h.db.QueryRow(`SELECT sid FROM live WHERE path = ? AND local = ? AND kind = ?`, path, local, kind).Scan(&sid)
	return sid, err == nil
}

// Parent is where a stable id came from: from_sid, at the commit of seq.
type Parent struct {
	From string
	Seq  int64
}

// Lineage lists the ids sid came from (a split's source, a merge's sources).
func (h *History) Lineage(sid string) ([]Parent, error) {
	rows, err := h.db.Query(`SELECT l.from_sid, c.seq FROM lineage l JOIN commits c ON c.hash = l.hash
		WHERE l.sid = ? ORDER BY c.seq, l.from_sid`, sid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Parent
	for rows.Next() {
		var p Parent
		if err := rows.Scan(&p.From, &p.Seq); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// OplogRow is what became of one commit's operation log.
type OplogRow struct {
	Hash, Status, Message string
}

// Oplogs lists the walked commits' operation logs, oldest first.
func (h *History) Oplogs() ([]OplogRow, error) {
	rows, err := h.db.Query(`SELECT o.hash, o.status, o.message FROM oplogs o JOIN commits c ON c.hash = o.hash ORDER BY c.seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OplogRow
	for rows.Next() {
		var r OplogRow
		if err := rows.Scan(&r.Hash, &r.Status, &r.Message); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
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
	Path, Local                         string // the symbol's address in the commit
	Seq                                 int64
	TaskIDs                             []string
}

// IDHistory lists the commits that changed the symbol of a stable id
// before the commit of seq before (0: no bound), newest first.
func (h *History) IDHistory(sid string, before int64, limit int) ([]HistoryRow, error) {
	if before <= 0 {
		before = 1 << 62
	}
	rows, err := h.db.Query(`SELECT c.hash, c.author, c.date, c.subject, ch.what, ch.path, ch.local, c.seq,
		COALESCE((SELECT group_concat(task_id, ' ') FROM tasks t WHERE t.hash = c.hash), '')
		FROM changes ch JOIN commits c ON c.hash = ch.hash
		WHERE ch.sid = ? AND c.seq < ? ORDER BY c.seq DESC, ch.path, ch.local LIMIT ?`, sid, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []HistoryRow
	for rows.Next() {
		var r HistoryRow
		var ids string
		if err := rows.Scan(&r.Hash, &r.Author, &r.Date, &r.Subject, &r.Change, &r.Path, &r.Local, &r.Seq, &ids); err != nil {
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
		`SELECT hash || ' ' || path || ' ' || local || ' ' || kind || ' ' || what || ' ' || sid FROM changes ORDER BY hash, path, local, kind, what, sid`,
		`SELECT path || ' ' || local || ' ' || kind || ' ' || sid FROM live ORDER BY path, local, kind`,
		`SELECT sid || ' ' || from_sid || ' ' || hash FROM lineage ORDER BY sid, from_sid, hash`,
		`SELECT hash || ' ' || status || ' ' || message FROM oplogs ORDER BY hash`,
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
