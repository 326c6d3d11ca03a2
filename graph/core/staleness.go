package core

import (
	"bytes"
	"context"
	"os"
	"path"
	"path/filepath"
	"sort"
	gosync "sync"
	"sync/atomic"
	"time"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// staleMaxFiles bounds what one answer spends checking for changed files
// (DESIGN.md, Staleness): the indexed files stat'ed, in index order. A
// count, not a time budget, so the same files give the same answer
// however busy the machine is.
const staleMaxFiles = 20000

// maxStaleFiles is how many changed files an answer names.
const maxStaleFiles = 3

// staleness checks whether the worktree changed since the index at st was
// synced: an indexed file whose mtime or size differs, or that is gone; or,
// in a directory holding indexed files whose mtime is newer than the
// index, a new regular file that an extractor would read. New directories
// are not looked for. The check stops at staleMaxFiles and says how many
// files it left unchecked.
func (g *Graph) staleness(ctx context.Context, st *store.Store) query.Staleness {
	// A watching handle (the MCP server) whose watcher saw nothing change
	// since the last sync has nothing to check.
	if g.fresh.quiet() {
		return query.Staleness{}
	}
	// A long-lived handle answers many queries a second: they share one
	// check for staleReuse. A sync in between starts afresh.
	written := indexWrittenAt(st)
	g.staleMu.Lock()
	defer g.staleMu.Unlock()
	if g.staleOf == st && g.staleWritten == written && time.Since(g.staleAt) < staleReuse {
		return g.staleLast
	}
	s := g.checkStaleness(ctx, st, written)
	g.staleOf, g.staleWritten, g.staleAt, g.staleLast = st, written, time.Now(), s
	return s
}

// staleReuse is how long one staleness check serves the answers of a handle.
const staleReuse = time.Second

func (g *Graph) checkStaleness(ctx context.Context, st *store.Store, synced int64) query.Staleness {
	files, err := g.fileStats(ctx, st, synced)
	if err != nil {
		return query.Staleness{}
	}
	var s query.Staleness
	note := func(p string) {
		s.Stale = true
		if len(s.StaleFiles) < maxStaleFiles {
			s.StaleFiles = append(s.StaleFiles, p)
		}
	}
	changed, unchecked := changedFiles(g.loc.Root, files[:min(len(files), staleMaxFiles)])
	unchecked += len(files) - min(len(files), staleMaxFiles)
	for _, p := range changed {
		note(p)
	}
	s.StaleUnchecked = unchecked
	if unchecked > 0 {
		return s
	}
	dirs := map[string]map[string]bool{} // directory → its indexed files
	for _, f := range files {
		dir, name := path.Split(f.Path)
		if dirs[dir] == nil {
			dirs[dir] = map[string]bool{}
		}
		dirs[dir][name] = true
	}
	names := make([]string, 0, len(dirs))
	for d := range dirs {
		names = append(names, d)
	}
	sort.Strings(names)
	for _, d := range names {
		abs := filepath.Join(g.loc.Root, filepath.FromSlash(d))
		info, err := os.Stat(abs)
		if err != nil || info.ModTime().UnixNano() <= synced {
			continue
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.Type().IsRegular() && !dirs[d][e.Name()] && g.opts.Registry.For(d+e.Name()) != nil && e.Name()[0] != '.' {
				note(d + e.Name())
			}
		}
	}
	return s
}

// statWorkers stat files in parallel: the check is mostly waiting on the
// kernel's inode cache.
const statWorkers = 4

// changedFiles returns the indexed files that changed or vanished, in
// index order, and how many were left unchecked (none: the caller bounds
// the list).
func changedFiles(root string, files []store.FileStat) (changed []string, unchecked int) {
	flags := make([]uint8, len(files)) // 0 unchecked, 1 same, 2 changed
	var next atomic.Int64
	var wg gosync.WaitGroup
	for w := 0; w < statWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					return
				}
				f := files[i]
				abs := filepath.Join(root, filepath.FromSlash(f.Path))
				info, err := os.Lstat(abs)
				switch {
				case err != nil || info.Size() != f.Size:
					flags[i] = 2
				case info.ModTime().UnixNano() != f.MtimeNs && !sameBytes(abs, f.Hash):
					flags[i] = 2 // a touch that kept the bytes is no change
				default:
					flags[i] = 1
				}
			}
		}()
	}
	wg.Wait()
	for i, fl := range flags {
		switch fl {
		case 0:
			unchecked++
		case 2:
			changed = append(changed, files[i].Path)
		}
	}
	return changed, unchecked
}

// sameBytes reports whether the file at abs still hashes to hash.
func sameBytes(abs string, hash []byte) bool {
	b, err := os.ReadFile(abs)
	if err != nil {
		return false
	}
	sum := blake3.Sum256(b)
	return bytes.Equal(sum[:], hash)
}

// fileStats reads the indexed files' recorded stats once per index state.
func (g *Graph) fileStats(ctx context.Context, st *store.Store, written int64) ([]store.FileStat, error) {
	// Every sync that writes the index stamps its meta (a full build or an
	// incremental sync): a new stamp means the files table may differ.
	g.statsMu.Lock()
	defer g.statsMu.Unlock()
	if g.statsOf == st && g.statsAt == written {
		return g.stats, nil
	}
	stats, err := st.Reader().FileStats(ctx)
	if err != nil {
		return nil, err
	}
	g.statsOf, g.statsAt, g.stats = st, written, stats
	return stats, nil
}

// indexWrittenAt is when a sync last wrote the index, in Unix nanoseconds.
func indexWrittenAt(st *store.Store) int64 {
	meta, err := st.Meta()
	if err != nil {
		return 0
	}
	return store.LastSyncNs(meta)
}
