package indexer

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// A worktree's first sync starts, when it can, from a seed: the index of
// the last cold build of the same repository on this machine, kept in the
// extraction cache (DESIGN.md, Extraction cache). The seed is copied into
// place and an incremental sync brings it to this worktree's files; the
// seed's meta says it was never written, so that sync hashes every file
// rather than trust a size and mtime recorded in another worktree.
// Incremental ≡ cold makes the result the cold build's.

// seedKey names the seed of the repository at opts.Location: its root
// commits (shared by its worktrees, clones, forks and tags), with what
// else shapes an index: the languages and the size limit. ok is false
// outside git, or without the cache.
func seedKey(opts Options) (xcache.Key, bool) {
	if opts.xc == nil || !opts.Location.Git {
		return xcache.Key{}, false
	}
	out, err := exec.Command("git", "-C", opts.Location.Root, "rev-list", "--max-parents=0", "HEAD").Output()
	roots := strings.Fields(string(out))
	if err != nil || len(roots) == 0 {
		return xcache.Key{}, false
	}
	sort.Strings(roots)
	// Whether dependency packages are indexed is part of what a seed holds:
	// a build without them must not start from one with them.
	return opts.xc.c.SeedKey(strings.Join(roots, " "), strconv.FormatInt(opts.MaxFileSize, 10), strings.Join(opts.Registry.FileLangs(), " "),
		"packages="+strconv.FormatBool(opts.Packages)), true
}

// seededBuild makes the worktree's first index from its repository's
// seed, when there is one and no index: the seed is copied to the
// temporary file a cold build would use, synced incrementally there, and
// renamed into place, so a crash leaves no index, as a killed cold build
// does. ok is false when it did not (no seed, a damaged one, an error):
// the caller builds cold.
func seededBuild(opts Options, waitScan func() (scanResult, error)) (rep Report, ok bool) {
	if _, err := os.Lstat(opts.Location.Path); !errors.Is(err, os.ErrNotExist) {
		return rep, false
	}
	k, ok := seedKey(opts)
	if !ok {
		return rep, false
	}
	tmp := fmt.Sprintf("%s.%d.tmp", opts.Location.Path, os.Getpid()) // removeAbandonedBuilds' name
	defer func() {
		for _, side := range []string{"", "-wal", "-shm", "-journal"} {
			os.Remove(tmp + side)
		}
	}()
	got, err := opts.xc.c.FetchSeed(k, tmp)
	if err != nil && errors.Is(err, xcache.ErrCorrupt) {
		opts.xc.noteCorrupt(err)
	}
	if !got {
		return rep, false
	}
	// The copy is this process's alone until it is renamed: written
	// without a journal, as a cold build writes its new file (a WAL would
	// write every page the sync changes twice).
	st, err := store.OpenCopy(tmp, extract.Version)
	if err != nil {
		return rep, false
	}
	rep, err = incremental(opts, st, waitScan)
	if err == nil {
		err = st.SealCopy()
	} else {
		st.Close()
	}
	if err != nil {
		return Report{}, false
	}
	// As in cold: a stale WAL or journal beside the target would be
	// replayed into the new file.
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(opts.Location.Path + side); err != nil && !errors.Is(err, os.ErrNotExist) {
			return Report{}, false
		}
	}
	if err := os.Rename(tmp, opts.Location.Path); err != nil {
		return Report{}, false
	}
	// The worktree's first index, reported as a cold build's: every file
	// is new to it and none is removed. Parse errors and non-UTF-8 files
	// are counted among the files re-extracted only (the index does not
	// keep diagnostics).
	opts.xc.seeded = true
	rep.Mode, rep.FilesChanged, rep.FilesRemoved, rep.Reresolved = "cold", rep.FilesIndexed, 0, 0
	return rep, true
}

// publishSeed stores a copy of the index a cold build just made as its
// repository's seed, its meta reset (no branch, never written). Failing
// costs the next worktree a cold build, nothing more.
func publishSeed(opts Options) {
	k, ok := seedKey(opts)
	if !ok {
		return
	}
	tmp, err := opts.xc.c.SeedTemp()
	if err != nil {
		return
	}
	if err := copySeed(opts.Location.Path, tmp); err != nil {
		os.Remove(tmp)
		return
	}
	opts.xc.c.PublishSeed(k, tmp)
}

func copySeed(index, tmp string) error {
	src, err := os.Open(index)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(tmp, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	// The copy says it was never written and belongs to no branch.
	st, err := store.Open(tmp, extract.Version)
	if err != nil {
		return err
	}
	tx, err := st.Begin()
	if err == nil {
		err = st.SetMeta(tx.SQL(), map[string]string{
			store.MetaLastFullBuildAt: "0", store.MetaLastIncrementalAt: "0",
			store.MetaBranch: "", store.MetaCommitSHA: "",
		})
		if err == nil {
			err = tx.Commit()
		} else {
			tx.Rollback()
		}
	}
	if cerr := st.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = store.Checkpoint(tmp)
	}
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		os.Remove(tmp + side)
	}
	return err
}
