package dbpath

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// CleanReport lists what Clean removed and kept (never null in JSON).
type CleanReport struct {
	Removed []string `json:"removed"`
	Kept    []string `json:"kept"`
}

// LockSuffix names the lock file beside an index: <db>.lock.
const LockSuffix = ".lock"

// sidecars are the files SQLite keeps beside an index, and its lock.
var sidecars = []string{"-wal", "-shm", "-journal", LockSuffix}

// familyOf is the index file a file of .orbit/graph belongs to (itself or
// one of its sidecars), "" if none.
func familyOf(name string) string {
	base := name
	for _, suf := range sidecars {
		base = strings.TrimSuffix(base, suf)
	}
	if strings.HasSuffix(base, ".db") {
		return base
	}
	return ""
}

// CommitOf reads the commit a detached index was built for; callers supply
// it so this package stays free of the store.
type CommitOf func(dbFile string) string

// Clean deletes index files of other extractor versions and detached indexes
// whose commit no local ref reaches. It never touches the active DB family
// (the active file and its -wal/-shm) and keeps other branches' current
// indexes, which are valid caches for when the user switches back.
//
// Lock files go too, unless a sync holds them: lockIndex takes a lock only
// on a file still in place, so removing a free one is safe.
func Clean(active Location, extractorVersion int, commitOf CommitOf) (CleanReport, error) {
	rep := CleanReport{Removed: []string{}, Kept: []string{}}
	dir := filepath.Join(active.Root, Dir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return rep, nil
		}
		return rep, fmt.Errorf("clean %s: %w", dir, err)
	}
	families := map[string][]string{} // db file → it plus its sidecars
	for _, e := range entries {
		name := e.Name()
		if isAbandonedBuild(e) {
			if err := os.Remove(filepath.Join(dir, name)); err == nil {
				rep.Removed = append(rep.Removed, name)
			}
			continue
		}
		if base := familyOf(name); base != "" {
			families[base] = append(families[base], name)
		}
	}
	bases := make([]string, 0, len(families))
	for b := range families {
		bases = append(bases, b)
	}
	sort.Strings(bases)
	for _, base := range bases {
		full := filepath.Join(dir, base)
		if full == active.Path || !stale(base, full, active, extractorVersion, commitOf) {
			if RemoveLock(full) {
				rep.Removed = append(rep.Removed, base+LockSuffix)
			}
			if _, err := os.Stat(full); err == nil {
				rep.Kept = append(rep.Kept, base)
			}
			continue
		}
		removed, err := removeFamily(dir, base, families[base])
		if err != nil {
			return rep, err
		}
		if removed {
			rep.Removed = append(rep.Removed, base)
		}
	}
	return rep, removeOrphanHistories(active.Root, &rep)
}

// HistoryDir holds each index's commit attribution (graph/DESIGN.md,
// History), named as its index.
const HistoryDir = ".orbit/history"

// removeOrphanHistories deletes the history files whose index is gone: they
// were derived for an index no version or branch keeps.
func removeOrphanHistories(root string, rep *CleanReport) error {
	dir := filepath.Join(root, HistoryDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return fmt.Errorf("clean %s: %w", dir, err)
	}
	for _, e := range entries {
		base := familyOf(e.Name())
		if base == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, Dir, base)); err == nil {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("clean %s: %w", e.Name(), err)
		}
		if e.Name() == base {
			rep.Removed = append(rep.Removed, "history/"+base)
		}
	}
	return nil
}

// removeFamily deletes an index file and its sidecars, unless a sync holds
// its lock (it is in use; false).
func removeFamily(dir, base string, files []string) (bool, error) {
	full := filepath.Join(dir, base)
	unlock, ok := tryLock(full)
	if !ok {
		return false, nil
	}
	defer unlock()
	for _, f := range files {
		if strings.HasSuffix(f, LockSuffix) {
			continue // last, while held
		}
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
			return false, fmt.Errorf("clean %s: %w", f, err)
		}
	}
	os.Remove(full + LockSuffix)
	return true, nil
}

// RemoveOtherVersions deletes the index files of the active location's
// branch (or detached commit, or non-git directory) built by older
// extractor versions (a newer one's index is left to it), and those under the branch's name before BranchStem
// (feat/x and feat_x shared "feat_x"; no version reads them now), with
// their sidecars, skipping any a sync holds. It returns the index files
// removed.
func RemoveOtherVersions(active Location, extractorVersion int) []string {
	dir, name := filepath.Split(active.Path)
	stem, ok := strings.CutSuffix(name, fmt.Sprintf(".%d.db", extractorVersion))
	if !ok {
		return nil
	}
	legacy := ""
	if active.Git && !active.Detached {
		legacy = legacyStem(active.Branch)
	}
	entries, _ := os.ReadDir(dir)
	families := map[string][]string{}
	for _, e := range entries {
		base := familyOf(e.Name())
		if base == "" || base == name {
			continue
		}
		s := strings.TrimSuffix(base, ".db")
		dot := strings.LastIndexByte(s, '.')
		if dot < 0 {
			continue
		}
		v, err := strconv.Atoi(s[dot+1:])
		if err != nil || s[:dot] != stem && s[:dot] != legacy {
			continue
		}
		if v > extractorVersion {
			continue // a newer orbit's index, in use by it: not ours to delete
		}
		families[base] = append(families[base], e.Name())
	}
	var removed []string
	for base, files := range families {
		if ok, _ := removeFamily(dir, base, files); ok {
			removed = append(removed, base)
		}
	}
	sort.Strings(removed)
	return removed
}

// legacyStem is the file stem a branch had before BranchStem: "/" and any
// other byte outside [A-Za-z0-9._-] as "_", a leading "." prefixed by "_".
func legacyStem(branch string) string {
	var b strings.Builder
	for _, r := range branch {
		if r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" || s[0] == '.' {
		s = "_" + s
	}
	return s
}

// RemoveLock deletes the lock file of the index at dbPath unless a sync
// holds it; it reports whether it removed one.
func RemoveLock(dbPath string) bool {
	if _, err := os.Lstat(dbPath + LockSuffix); err != nil {
		return false
	}
	unlock, ok := tryLock(dbPath)
	if !ok {
		return false
	}
	defer unlock()
	return os.Remove(dbPath+LockSuffix) == nil
}

// tryLock takes the index lock of dbPath without waiting, if its lock file
// exists; ok is false when a sync holds it. Without a lock file there is
// nothing to hold: ok, and unlock does nothing.
func tryLock(dbPath string) (unlock func(), ok bool) {
	f, err := os.OpenFile(dbPath+LockSuffix, os.O_RDWR, 0)
	if err != nil {
		return func() {}, os.IsNotExist(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, false
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, true
}

// abandonedAge is how old a cold build's temporary file must be before
// clean takes it for the leftover of a killed sync rather than a running one.
const abandonedAge = 10 * time.Minute

// isAbandonedBuild: "<db>.<pid>.tmp" files are cold builds in progress; a
// killed sync leaves one behind.
func isAbandonedBuild(e os.DirEntry) bool {
	if !strings.HasSuffix(e.Name(), ".tmp") {
		return false
	}
	info, err := e.Info()
	return err == nil && time.Since(info.ModTime()) > abandonedAge
}

func stale(base, full string, active Location, extractorVersion int, commitOf CommitOf) bool {
	stem := strings.TrimSuffix(base, ".db")
	dot := strings.LastIndexByte(stem, '.')
	if dot < 0 {
		return false // not ours
	}
	v, err := strconv.Atoi(stem[dot+1:])
	if err != nil {
		return false
	}
	if v != extractorVersion {
		return true
	}
	name := stem[:dot]
	if !isDetachedStem(name) || !active.Git {
		return false
	}
	sha := ""
	if commitOf != nil {
		sha = commitOf(full)
	}
	if sha == "" {
		sha = strings.TrimPrefix(name, "detached-")
	}
	return !reachable(active.Root, sha)
}

// isDetachedStem: "detached-" and hex digits, which no branch's stem is
// (BranchStem ends in "-" and a hash).
func isDetachedStem(stem string) bool {
	sha, ok := strings.CutPrefix(stem, "detached-")
	if !ok || sha == "" {
		return false
	}
	for _, c := range sha {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// reachable asks git whether any local branch or tag contains sha.
func reachable(root, sha string) bool {
	cmd := exec.Command("git", "for-each-ref", "--contains", sha, "--format=%(refname)", "refs/heads", "refs/tags")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return false // unknown or pruned commit
	}
	return len(bytes.TrimSpace(out)) > 0
}
