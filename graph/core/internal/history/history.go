package history

import (
	"fmt"
	"regexp"
	"sort"

	"github.com/orbitgraph/orbit/graph/core/query"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Entry is one commit that changed the symbol asked about.
type Entry = query.HistoryEntry

// DefaultTaskPattern recognises common tracker keys: PROJ-123 and #123.
// A pattern's first capture group, when it has one, is the id (ADR-020).
var DefaultTaskPattern = regexp.MustCompile(`\b([A-Z][A-Z0-9]+-[0-9]+)\b|(?:^|[\s(])#([0-9]+)\b`)

// Query asks for the history of one symbol of one file.
type Query struct {
	Root  string
	Rev   string // where the walk starts; "" is HEAD
	Path  string // the file, repo-relative
	Local string // the symbol's local name (Symbol.Local)
	Limit int    // at most this many commits walked; 0 is DefaultLimit
	Tasks *regexp.Regexp
}

// DefaultLimit bounds the commits of the file one history query walks.
const DefaultLimit = 500

// Of returns the commits that changed the symbol, newest first, and
// whether the walk stopped at the limit. The walk follows the file's path:
// it ends where the file was created (renames are not followed).
func Of(reg *extract.Registry, q Query) (entries []Entry, truncated bool, err error) {
	if q.Rev == "" {
		q.Rev = "HEAD"
	}
	if q.Limit <= 0 {
		q.Limit = DefaultLimit
	}
	if q.Tasks == nil {
		q.Tasks = DefaultTaskPattern
	}
	commits, err := readLog(q.Root, q.Rev, q.Limit+1, []string{q.Path})
	if err != nil {
		return nil, false, err
	}
	if len(commits) > q.Limit {
		commits, truncated = commits[:q.Limit], true
	}
	b, err := newBlobs(q.Root)
	if err != nil {
		return nil, false, err
	}
	defer b.close()
	for _, c := range commits {
		for _, d := range c.Files {
			if d.Path != q.Path {
				continue
			}
			what, err := changeOf(reg, b, c, d, q.Local)
			if err != nil {
				return nil, false, fmt.Errorf("history of %s at %.12s: %w", q.Path, c.Hash, err)
			}
			if what != "" {
				entries = append(entries, Entry{Hash: c.Hash, Author: c.Author, Date: c.Date.Format(dateLayout),
					Subject: c.Subject, TaskIDs: TaskIDs(q.Tasks, c.Subject), Change: what})
			}
		}
	}
	return entries, truncated, nil
}

// changeOf is what commit c did to the symbol named local in file d, "" if
// nothing.
func changeOf(reg *extract.Registry, b *blobs, c Commit, d FileDiff, local string) (string, error) {
	changes, err := fileChanges(reg, b, c, d)
	if err != nil {
		return "", err
	}
	for _, ch := range changes {
		if ch.Symbol.Local == local {
			return ch.What, nil
		}
	}
	return "", nil
}

// TaskIDs are the task ids a commit subject names, in order, each once.
func TaskIDs(re *regexp.Regexp, subject string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range re.FindAllStringSubmatch(subject, -1) {
		id := m[0]
		for _, g := range m[1:] {
			if g != "" {
				id = g
				break
			}
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// LocalName finds the local name of the symbol whose definition starts on
// line in a version of a file (the one the index describes).
func LocalName(reg *extract.Registry, path string, content []byte, line int, kind string) (string, bool) {
	syms := fileSymbols(reg, path, content)
	sort.SliceStable(syms, func(i, j int) bool { return syms[i].End-syms[i].Start > syms[j].End-syms[j].Start })
	for _, s := range syms {
		if s.Start == line && (kind == "" || s.Kind == kind) {
			return s.Local, true
		}
	}
	return "", false
}

// AtRev reports whether rev's version of path defines local with kind.
func AtRev(reg *extract.Registry, root, rev, path, local, kind string) (bool, error) {
	b, err := newBlobs(root)
	if err != nil {
		return false, err
	}
	defer b.close()
	_, ok, err := newTree(reg, b, rev).find(addr{path, local, kind})
	return ok, err
}
