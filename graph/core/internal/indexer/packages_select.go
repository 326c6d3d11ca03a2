package indexer

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/orbitgraph/orbit/graph/core/internal/archive"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// Selection (DESIGN.md, Dependency packages: selection): a language whose
// DependencySet is extract.Selective reads only the files of a located
// directory that declare what the worktree's files name, and what those
// declarations need. The names are the short names every reference of
// the language's own files states (refs.target_name, as extracted), so
// the files read are a function of the whole worktree, not of the files
// a sync wrote: an incremental sync reads what a cold build would.

// refNames collects, as a sync writes its own files, the names their
// references state, by language; refs rows of files written again are
// stale until pass 2 rewrites them.
type refNames map[string]map[string]bool

func (n refNames) add(lang string, x *extract.ExtractedFile) {
	if len(x.Refs) == 0 {
		return
	}
	set := n[lang]
	if set == nil {
		set = map[string]bool{}
		n[lang] = set
	}
	for _, r := range x.Refs {
		if !set[r.Name] {
			set[strings.Clone(r.Name)] = true
		}
	}
}

// namesOf is every name the references of the worktree's files of langs
// state: those this sync wrote (fresh) and, of the index's rows, those of
// files it did not write again (stale: the files kept to be rewritten).
func namesOf(tx *store.Tx, langs []string, fresh refNames, stale map[string]bool) (map[string]bool, error) {
	if err := tx.Flush(); err != nil {
		return nil, err
	}
	in := strings.TrimSuffix(strings.Repeat("?,", len(langs)), ",")
	args := make([]any, len(langs))
	for i, l := range langs {
		args[i] = l
	}
	q := func(query string, extra ...any) ([]string, error) {
		rows, err := tx.SQL().Query(query, append(append([]any{}, extra...), args...)...)
		if err != nil {
			return nil, fmt.Errorf("read reference names: %w", err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				return nil, fmt.Errorf("read reference names: %w", err)
			}
			out = append(out, s)
		}
		return out, rows.Err()
	}
	all, err := q(`SELECT DISTINCT r.target_name FROM refs r JOIN files f ON f.path = r.from_file WHERE f.lang IN (` + in + `)`)
	if err != nil {
		return nil, err
	}
	names := make(map[string]bool, len(all))
	for _, n := range all {
		names[n] = true
	}
	// A stale file's name stays only if another file's rows state it.
	for p := range stale {
		own, err := q(`SELECT DISTINCT target_name FROM refs WHERE from_file = ?`, p)
		if err != nil {
			return nil, err
		}
		for _, n := range own {
			if !names[n] {
				continue
			}
			files, err := q(`SELECT r.from_file FROM refs r JOIN files f ON f.path = r.from_file WHERE r.target_name = ? AND f.lang IN (`+in+`)`, n)
			if err != nil {
				return nil, err
			}
			names[n] = false
			for _, f := range files {
				if !stale[f] {
					names[n] = true
					break
				}
			}
		}
	}
	for _, l := range langs {
		for n := range fresh[l] {
			names[n] = true
		}
	}
	return names, nil
}

// selectFile is one file of a located directory that Includes takes.
type selectFile struct {
	name string // relative to the directory
	disk string
	size int64
	mod  int64
}

// summaries keeps the Summarize answers of the process, by language,
// file, size and modification time: a long-lived server syncs often.
var summaries sync.Map // string → []byte

func summaryOf(lang string, sel extract.Selective, f selectFile) []byte {
	key := fmt.Sprintf("%s\x00%s\x00%d\x00%d", lang, f.disk, f.size, f.mod)
	if s, ok := summaries.Load(key); ok {
		return s.([]byte)
	}
	content, err := readAll(f.disk)
	if err != nil {
		return nil // the read proper will say so
	}
	s := sel.Summarize(content)
	summaries.Store(key, s)
	return s
}

func readAll(p string) ([]byte, error) {
	f, err := archive.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
