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
	"time"
)

// CleanReport lists what Clean removed and kept.
type CleanReport struct {
	Removed []string `json:"removed"`
	Kept    []string `json:"kept"`
}

// CommitOf reads the commit a detached index was built for; callers supply
// it so this package stays free of the store.
type CommitOf func(dbFile string) string

// Clean deletes index files of other extractor versions and detached indexes
// whose commit no local ref reaches. It never touches the active DB family
// (the active file and its -wal/-shm) and keeps other branches' current
// indexes, which are valid caches for when the user switches back.
func Clean(active Location, extractorVersion int, commitOf CommitOf) (CleanReport, error) {
	var rep CleanReport
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
		base := name
		for _, suf := range []string{"-wal", "-shm", "-journal"} {
			base = strings.TrimSuffix(base, suf)
		}
		if strings.HasSuffix(base, ".db") {
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
			rep.Kept = append(rep.Kept, base)
			continue
		}
		for _, f := range families[base] {
			if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
				return rep, fmt.Errorf("clean %s: %w", f, err)
			}
		}
		rep.Removed = append(rep.Removed, base)
	}
	return rep, nil
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
	if !strings.HasPrefix(name, "detached-") || !active.Git {
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
