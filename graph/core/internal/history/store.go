package history

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/query"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Store is the attribution of a branch's first-parent history, kept in a
// file beside the index (store.History): derived data, rebuilt from git
// whenever it is lost or no longer fits the history (a rewritten branch).
type Store struct {
	h *store.History
}

// Meta keys.
const (
	metaBase    = "base"         // the parent of the oldest commit walked
	metaCursor  = "cursor"       // the newest commit walked
	metaLimited = "limited"      // "1": the first walk stopped at its depth
	metaLogs    = "oplogs"       // logsDigest of the walked commits' operation logs
	metaPattern = "task_pattern" // the pattern the tasks table was made with
	metaVersion = "version"      // storeVersion and the extractor version
)

// storeVersion changes when the attribution changes.
// 2: stable ids, operation logs, the matcher keys on the kind too.
const storeVersion = 2

// OpenStore opens (creating) the store at path.
func OpenStore(path string) (*Store, error) {
	h, err := store.OpenHistory(path)
	if err != nil {
		return nil, err
	}
	return &Store{h}, nil
}

func (s *Store) Close() error { return s.h.Close() }

// WalkReport says what a walk did.
type WalkReport struct {
	Walked  int  `json:"walked"`  // commits attributed now
	Rebuilt bool `json:"rebuilt"` // from scratch: first walk, rewritten branch, new version, changed logs
	// Warnings name the operation logs that fell back to the matcher.
	Warnings []string `json:"warnings,omitempty"`
}

// Walk brings the store up to date with the first-parent history of HEAD:
// the commits after its cursor when HEAD descends from it, else the whole
// history again, at most depth commits (0: no bound). A new task pattern
// rereads the task ids of every stored commit (a backfill; no walk). Each
// commit's operation log, when .orbit/operations holds one, is checked and,
// when accepted, carries stable ids across its renames, moves, splits and
// merges; a log added or changed for a walked commit starts the walk over.
func (s *Store) Walk(reg *extract.Registry, root string, depth int, tasks *regexp.Regexp) (WalkReport, error) {
	var rep WalkReport
	head, err := gitOut(root, "rev-parse", "--verify", "-q", "HEAD")
	if err != nil || head == "" {
		return rep, nil // no commits yet
	}
	version := fmt.Sprintf("%d.%d", storeVersion, extract.Version)
	cursor, sameVersion := s.h.Meta(metaCursor), s.h.Meta(metaVersion) == version
	logs, err := logsDigest(root, s.h.HasCommit)
	if err != nil {
		return rep, err
	}
	sameLogs := logs == s.h.Meta(metaLogs)
	if cursor == head && sameVersion && sameLogs {
		return rep, s.backfill(tasks)
	}
	rangeSpec, limit := head, depth
	if cursor != "" && sameVersion && sameLogs && isAncestor(root, cursor, head) {
		rangeSpec, limit = cursor+".."+head, 0
	} else {
		rep.Rebuilt = true
	}
	commits, err := readLog(root, rangeSpec, limit, nil)
	if err != nil {
		return rep, err
	}
	tx, err := s.h.Begin()
	if err != nil {
		return rep, err
	}
	defer tx.Rollback()
	base := s.h.Meta(metaBase)
	if rep.Rebuilt {
		if err := tx.Reset(); err != nil {
			return rep, err
		}
		base = ""
		if len(commits) > 0 {
			base = commits[len(commits)-1].Parent
		}
	}
	seq, err := tx.LastSeq()
	if err != nil {
		return rep, err
	}
	live, err := tx.LoadLive()
	if err != nil {
		return rep, err
	}
	b, err := newBlobs(root)
	if err != nil {
		return rep, err
	}
	defer b.close()
	w := &walker{reg: reg, b: b, root: root, base: base, live: live, tx: tx}
	for i := len(commits) - 1; i >= 0; i-- { // oldest first
		c := commits[i]
		seq++
		if err := tx.AddCommit(c.Hash, seq, c.Author, c.Date.Format(dateLayout), c.Subject); err != nil {
			return rep, err
		}
		for _, id := range TaskIDs(tasks, c.Subject) {
			if err := tx.AddTask(c.Hash, id); err != nil {
				return rep, err
			}
		}
		if err := w.commit(c); err != nil {
			return rep, fmt.Errorf("history at %.12s: %w", c.Hash, err)
		}
		rep.Walked++
	}
	rep.Warnings = w.warn
	if err := tx.SaveLive(w.live); err != nil {
		return rep, err
	}
	if logs, err = logsDigest(root, tx.HasCommit); err != nil {
		return rep, err
	}
	limited := s.h.Meta(metaLimited)
	if rep.Rebuilt {
		limited = "0"
		if depth > 0 && len(commits) == depth {
			limited = "1"
		}
	}
	for k, v := range map[string]string{metaBase: base, metaCursor: head, metaLimited: limited, metaLogs: logs,
		metaPattern: tasks.String(), metaVersion: version} {
		if err := tx.SetMeta(k, v); err != nil {
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
	if s.h.Meta(metaPattern) == tasks.String() {
		return nil
	}
	tx, err := s.h.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	subjects, err := tx.Subjects()
	if err != nil {
		return err
	}
	if err := tx.ClearTasks(); err != nil {
		return err
	}
	for _, c := range subjects {
		for _, id := range TaskIDs(tasks, c[1]) {
			if err := tx.AddTask(c[0], id); err != nil {
				return err
			}
		}
	}
	if err := tx.SetMeta(metaPattern, tasks.String()); err != nil {
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

// ID is the stable id of the symbol at (path, local, kind) at the cursor.
func (s *Store) ID(path, local, kind string) string {
	if sid, ok := s.h.LiveID(path, local, kind); ok {
		return sid
	}
	return deriveID(s.h.Meta(metaBase), addr{path, local, kind})
}

// Symbol returns the stored history of one symbol, newest first, and
// whether the walk that stored it stopped at its depth. It follows the
// symbol's stable id: through renames and moves an accepted operation log
// made, and into the history of a split's source or a merge's sources
// before the commit that split or merged them. An entry at another address
// than (path, local) names it.
func (s *Store) Symbol(path, local, kind string, limit int) ([]Entry, bool, error) {
	type item struct {
		sid    string
		before int64
	}
	var rows []store.HistoryRow
	seen := map[string]bool{}
	queue := []item{{s.ID(path, local, kind), 0}}
	for len(queue) > 0 && len(seen) < maxLineage {
		it := queue[0]
		queue = queue[1:]
		if seen[it.sid] {
			continue
		}
		seen[it.sid] = true
		rs, err := s.h.IDHistory(it.sid, it.before, limit)
		if err != nil {
			return nil, false, err
		}
		rows = append(rows, rs...)
		parents, err := s.h.Lineage(it.sid)
		if err != nil {
			return nil, false, err
		}
		for _, p := range parents {
			if it.before == 0 || p.Seq < it.before {
				queue = append(queue, item{p.From, p.Seq})
			}
		}
	}
	// Newest first; of one commit's rows, the one at the asked address.
	at := func(r store.HistoryRow) bool { return r.Path == path && r.Local == local }
	sort.SliceStable(rows, func(i, j int) bool {
		if rows[i].Seq != rows[j].Seq {
			return rows[i].Seq > rows[j].Seq
		}
		return at(rows[i]) && !at(rows[j])
	})
	var out []Entry
	hashes := map[string]bool{}
	for _, r := range rows {
		if hashes[r.Hash] || len(out) == limit {
			continue
		}
		hashes[r.Hash] = true
		e := Entry{Hash: r.Hash, Author: r.Author, Date: r.Date, Subject: r.Subject, TaskIDs: r.TaskIDs, Change: r.Change}
		if r.Path != path || r.Local != local {
			e.Path, e.Symbol = r.Path, r.Local
		}
		out = append(out, e)
	}
	return out, s.h.Meta(metaLimited) == "1", nil
}

// maxLineage bounds the ids one history follows.
const maxLineage = 100

// LogStatus is what became of one walked commit's operation log.
type LogStatus struct {
	Hash    string `json:"hash"`
	Status  string `json:"status"` // accepted, malformed, future, rejected
	Message string `json:"message,omitempty"`
}

// Logs lists the walked commits' operation logs, oldest first.
func (s *Store) Logs() ([]LogStatus, error) {
	rows, err := s.h.Oplogs()
	out := make([]LogStatus, len(rows))
	for i, r := range rows {
		out[i] = LogStatus{r.Hash, r.Status, r.Message}
	}
	return out, err
}

// TaskChange is a symbol a task's commits changed.
type TaskChange = query.TaskChange

// Task lists the symbols the commits naming a task id changed, newest first.
func (s *Store) Task(id string, limit int) ([]TaskChange, error) {
	rows, err := s.h.TaskChanges(id, limit)
	if err != nil {
		return nil, err
	}
	out := make([]TaskChange, len(rows))
	for i, r := range rows {
		out[i] = TaskChange{Path: r.Path, Symbol: r.Local, Kind: r.Kind, Change: r.Change, Hash: r.Hash, Subject: r.Subject}
	}
	return out, nil
}

// Dump is a canonical text form of the store.
func (s *Store) Dump() (string, error) { return s.h.Dump() }

func gitOut(root string, args ...string) (string, error) {
	out, err := gitCmd(root, args...).Output()
	return string(trimSpace(out)), err
}

func isAncestor(root, a, b string) bool {
	return gitCmd(root, "merge-base", "--is-ancestor", a, b).Run() == nil
}
