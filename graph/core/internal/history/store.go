package history

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	_ "github.com/mattn/go-sqlite3" // the driver

	"github.com/orbitgraph/orbit/graph/extract"
)

// Store is the attribution of a branch's first-parent history, beside the
// index (.orbit/history/): derived data, rebuilt from git whenever it is
// lost or no longer fits the history (a rewritten branch).
type Store struct {
	db *sql.DB
}

const storeSchema = `
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

// Meta keys.
const (
	metaCursor  = "cursor"       // the newest commit walked
	metaLimited = "limited"      // "1": the first walk stopped at its depth
	metaPattern = "task_pattern" // the pattern the tasks table was made with
	metaVersion = "version"      // storeVersion + the extractor version
)

// storeVersion changes when the tables or the attribution change.
const storeVersion = 1

// OpenStore opens (creating) the store at path.
func OpenStore(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_busy_timeout=5000")
	if err != nil {
		return nil, err
	}
	if _, err := db.Exec(storeSchema); err != nil {
		db.Close()
		return nil, fmt.Errorf("history store %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

func (s *Store) Close() error { return s.db.Close() }

func (s *Store) meta(key string) string {
	var v string
	s.db.QueryRow(`SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	return v
}

// WalkReport says what a walk did.
type WalkReport struct {
	Walked  int  `json:"walked"`  // commits attributed now
	Rebuilt bool `json:"rebuilt"` // from scratch: first walk, rewritten branch, new version
}

// Walk brings the store up to date with the first-parent history of HEAD:
// the commits after its cursor when HEAD descends from it, else the whole
// history again, at most depth commits. A new task pattern rereads the
// task ids of every stored commit (a backfill; no walk).
func (s *Store) Walk(reg *extract.Registry, root string, depth int, tasks *regexp.Regexp) (WalkReport, error) {
	var rep WalkReport
	head, err := gitOut(root, "rev-parse", "--verify", "-q", "HEAD")
	if err != nil || head == "" {
		return rep, nil // no commits yet
	}
	version := fmt.Sprintf("%d.%d", storeVersion, extract.Version)
	cursor := s.meta(metaCursor)
	rangeSpec, limit := head, depth
	if cursor == head && s.meta(metaVersion) == version {
		return rep, s.backfill(tasks)
	}
	if cursor != "" && s.meta(metaVersion) == version && isAncestor(root, cursor, head) {
		rangeSpec, limit = cursor+".."+head, 0
	} else {
		rep.Rebuilt = true
	}
	commits, err := readLog(root, rangeSpec, limit, nil)
	if err != nil {
		return rep, err
	}
	tx, err := s.db.Begin()
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	if rep.Rebuilt {
		for _, t := range []string{"tasks", "changes", "commits", "meta"} {
			if _, err := tx.Exec(`DELETE FROM ` + t); err != nil {
				return rep, err
			}
		}
	}
	var seq int64
	tx.QueryRow(`SELECT COALESCE(MAX(seq), 0) FROM commits`).Scan(&seq)
	b, err := newBlobs(root)
	if err != nil {
		return rep, err
	}
	defer b.close()
	for i := len(commits) - 1; i >= 0; i-- { // oldest first
		c := commits[i]
		seq++
		if _, err := tx.Exec(`INSERT INTO commits(hash, seq, author, date, subject) VALUES(?, ?, ?, ?, ?)`,
			c.Hash, seq, c.Author, c.Date.Format("2006-01-02T15:04:05Z07:00"), c.Subject); err != nil {
			return rep, err
		}
		for _, id := range TaskIDs(tasks, c.Subject) {
			if _, err := tx.Exec(`INSERT INTO tasks(hash, task_id) VALUES(?, ?)`, c.Hash, id); err != nil {
				return rep, err
			}
		}
		for _, d := range c.Files {
			if reg.For(d.Path) == nil {
				continue
			}
			changes, err := fileChanges(reg, b, c, d)
			if err != nil {
				return rep, fmt.Errorf("history at %.12s: %w", c.Hash, err)
			}
			for _, ch := range changes {
				if _, err := tx.Exec(`INSERT INTO changes(hash, path, local, kind, what) VALUES(?, ?, ?, ?, ?)`,
					c.Hash, d.Path, ch.Symbol.Local, ch.Symbol.Kind, ch.What); err != nil {
					return rep, err
				}
			}
		}
		rep.Walked++
	}
	limited := s.meta(metaLimited)
	if rep.Rebuilt {
		limited = "0"
		if depth > 0 && len(commits) == depth {
			limited = "1"
		}
	}
	for k, v := range map[string]string{metaCursor: head, metaLimited: limited, metaPattern: tasks.String(), metaVersion: version} {
		if _, err := tx.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, k, v); err != nil {
			return rep, err
		}
	}
	if err := tx.Commit(); err != nil {
		return rep, err
	}
	return rep, s.backfill(tasks)
}

// backfill rereads every stored commit's task ids when the pattern changed.
func (s *Store) backfill(tasks *regexp.Regexp) error {
	if s.meta(metaPattern) == tasks.String() {
		return nil
	}
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT hash, subject FROM commits ORDER BY seq`)
	if err != nil {
		return err
	}
	type commit struct{ hash, subject string }
	var all []commit
	for rows.Next() {
		var c commit
		if err := rows.Scan(&c.hash, &c.subject); err != nil {
			rows.Close()
			return err
		}
		all = append(all, c)
	}
	rows.Close()
	if _, err := tx.Exec(`DELETE FROM tasks`); err != nil {
		return err
	}
	for _, c := range all {
		for _, id := range TaskIDs(tasks, c.subject) {
			if _, err := tx.Exec(`INSERT INTO tasks(hash, task_id) VALUES(?, ?)`, c.hash, id); err != nil {
				return err
			}
		}
	}
	if _, err := tx.Exec(`INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)`, metaPattern, tasks.String()); err != nil {
		return err
	}
	return tx.Commit()
}

// fileChanges attributes one file of one commit.
func fileChanges(reg *extract.Registry, b *blobs, c Commit, d FileDiff) ([]FileChange, error) {
	var old, cur []Symbol
	if !d.Added && c.Parent != "" {
		content, ok, err := b.read(c.Parent, d.Path)
		if err != nil {
			return nil, err
		}
		if ok {
			old = fileSymbols(reg, d.Path, content)
		}
	}
	if !d.Deleted {
		content, ok, err := b.read(c.Hash, d.Path)
		if err != nil {
			return nil, err
		}
		if ok {
			cur = fileSymbols(reg, d.Path, content)
		}
	}
	return attribute(d, old, cur), nil
}

// Symbol returns the stored history of one symbol, newest first, and
// whether the walk that stored it stopped at its depth.
func (s *Store) Symbol(path, local string, limit int) ([]Entry, bool, error) {
	rows, err := s.db.Query(`SELECT c.hash, c.author, c.date, c.subject, ch.what,
		COALESCE((SELECT group_concat(task_id, ' ') FROM tasks t WHERE t.hash = c.hash), '')
		FROM changes ch JOIN commits c ON c.hash = ch.hash
		WHERE ch.path = ? AND ch.local = ? ORDER BY c.seq DESC LIMIT ?`, path, local, limit)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var ids string
		if err := rows.Scan(&e.Hash, &e.Author, &e.Date, &e.Subject, &e.Change, &ids); err != nil {
			return nil, false, err
		}
		e.TaskIDs = strings.Fields(ids)
		out = append(out, e)
	}
	return out, s.meta(metaLimited) == "1", rows.Err()
}

// TaskChange is a symbol a task's commits changed.
type TaskChange struct {
	Path    string `json:"path"`
	Symbol  string `json:"symbol"` // the local name
	Kind    string `json:"kind"`
	Change  string `json:"change"`
	Hash    string `json:"hash"`
	Subject string `json:"subject"`
}

// Task lists the symbols the commits naming a task id changed, newest first.
func (s *Store) Task(id string, limit int) ([]TaskChange, error) {
	rows, err := s.db.Query(`SELECT ch.path, ch.local, ch.kind, ch.what, c.hash, c.subject
		FROM tasks t JOIN commits c ON c.hash = t.hash JOIN changes ch ON ch.hash = c.hash
		WHERE t.task_id = ? ORDER BY c.seq DESC, ch.path, ch.local LIMIT ?`, id, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []TaskChange
	for rows.Next() {
		var t TaskChange
		if err := rows.Scan(&t.Path, &t.Symbol, &t.Kind, &t.Change, &t.Hash, &t.Subject); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Dump is a canonical text form of the store, for determinism tests.
func (s *Store) Dump() (string, error) {
	var b strings.Builder
	for _, q := range []string{
		`SELECT seq || ' ' || hash || ' ' || author || ' ' || date || ' ' || subject FROM commits ORDER BY seq`,
		`SELECT hash || ' ' || path || ' ' || local || ' ' || kind || ' ' || what FROM changes ORDER BY hash, path, local, kind, what`,
		`SELECT hash || ' ' || task_id FROM tasks ORDER BY hash, task_id`,
		`SELECT key || '=' || value FROM meta ORDER BY key`,
	} {
		rows, err := s.db.Query(q)
		if err != nil {
			return "", err
		}
		for rows.Next() {
			var line string
			rows.Scan(&line)
			b.WriteString(line + "\n")
		}
		rows.Close()
		b.WriteString("--\n")
	}
	return b.String(), nil
}

func gitOut(root string, args ...string) (string, error) {
	out, err := gitCmd(root, args...).Output()
	return strings.TrimSpace(string(out)), err
}

func isAncestor(root, a, b string) bool {
	return gitCmd(root, "merge-base", "--is-ancestor", a, b).Run() == nil
}
