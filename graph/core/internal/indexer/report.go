package indexer

import (
	"sort"
	"time"
)

// Report is what one sync did (core.SyncReport; DESIGN.md, A sync), plus what it skipped.
type Report struct {
	Mode         string `json:"mode"` // "cold", "full" or "incremental"
	FilesIndexed int    `json:"files_indexed"`
	FilesChanged int    `json:"files_changed"`
	FilesRemoved int    `json:"files_removed"`
	FilesScanned int    `json:"files_scanned"`
	// Reresolved counts unchanged files read again because a change
	// re-routes their references (a type's fields, a re-export).
	Reresolved  int           `json:"files_reresolved,omitempty"`
	Duration    time.Duration `json:"-"`
	DurationMs  float64       `json:"duration_ms"`
	Skipped     Skipped       `json:"skipped"`
	ParseErrors int           `json:"files_with_parse_errors"`
	NonUTF8     int           `json:"files_non_utf8"`
	Warnings    []string      `json:"warnings,omitempty"`
	// RemovedIndexes are this branch's index files of older extractor
	// versions that the sync deleted (a newer version's is left alone).
	RemovedIndexes []string `json:"removed_indexes,omitempty"`
	// Packages is what the sync found of dependency packages, when it
	// indexes them (DESIGN.md, Dependency packages).
	Packages *PackagesReport `json:"packages,omitempty"`
	// Cache is what the shared extraction cache did; nil when it is off.
	Cache *CacheReport `json:"cache,omitempty"`

	skips []SkippedFile // every skip, named in Skipped.Files by finishSkips
}

// CacheReport counts the files the sync had to extract by what the shared
// extraction cache held for them: a whole entry (Hits), none (Misses), or
// a damaged one, dropped and re-extracted (Corrupt, which counts a damaged
// seed too); and the entries evicted to keep the cache under its bound.
// Seeded says a first sync started from the index of another checkout of
// the repository (DESIGN.md, Extraction cache).
type CacheReport struct {
	Hits    int  `json:"hits"`
	Misses  int  `json:"misses"`
	Corrupt int  `json:"corrupt"`
	Evicted int  `json:"evicted,omitempty"`
	Seeded  bool `json:"seeded,omitempty"`
}

// Skipped counts what the index leaves out, by reason, and names the first
// MaxNamedSkips of them. It describes the worktree, not the work of one sync:
// a file skipped by an earlier sync and unchanged since is counted again.
type Skipped struct {
	Large      int `json:"large"`      // over the size limit (never read)
	Binary     int `json:"binary"`     // a NUL byte in its first 8 KB
	Unreadable int `json:"unreadable"` // a file or directory that could not be read
	Symlinks   int `json:"symlinks"`   // symlinks to (or named as) source files: never followed
	// SymlinkDirs are symlinks to directories (never followed), and
	// SymlinkLoops symlinks that resolve to themselves.
	SymlinkDirs  int `json:"symlink_dirs"`
	SymlinkLoops int `json:"symlink_loops"`
	Special      int `json:"special"` // FIFOs, sockets and devices
	// Ignored counts source files and directories left out by .gitignore,
	// .git/info/exclude, .orbitignore or the default rules (a directory
	// once, as "dir/").
	Ignored int `json:"ignored"`
	// Files names skipped files, problems first (unreadable, binary, large,
	// special files, symlinks), then by path; at most MaxNamedSkips.
	Files []SkippedFile `json:"files"`
}

// SkippedFile is one named skip.
type SkippedFile struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
}

// Skip reasons, in the order a report names them.
const (
	SkipUnreadable  = "unreadable"
	SkipBinary      = "binary"
	SkipLarge       = "large"
	SkipSpecial     = "special"
	SkipSymlinkLoop = "symlink_loop"
	SkipSymlinkDir  = "symlink_dir"
	SkipSymlink     = "symlink"
	SkipIgnored     = "ignored"
)

var skipRank = map[string]int{SkipUnreadable: 0, SkipBinary: 1, SkipLarge: 2, SkipSpecial: 3, SkipSymlinkLoop: 4, SkipSymlinkDir: 5, SkipSymlink: 6, SkipIgnored: 7}

// MaxNamedSkips bounds Skipped.Files.
const MaxNamedSkips = 20

// skip counts one skipped file under its reason.
func (r *Report) skip(path, reason string) {
	s := &r.Skipped
	switch reason {
	case SkipLarge:
		s.Large++
	case SkipBinary:
		s.Binary++
	case SkipUnreadable:
		s.Unreadable++
	case SkipSymlink:
		s.Symlinks++
	case SkipSymlinkDir:
		s.SymlinkDirs++
	case SkipSymlinkLoop:
		s.SymlinkLoops++
	case SkipSpecial:
		s.Special++
	case SkipIgnored:
		s.Ignored++
	}
	r.skips = append(r.skips, SkippedFile{Path: path, Reason: reason})
}

// finishSkips names the first MaxNamedSkips skips (never null in JSON).
func (r *Report) finishSkips() {
	sort.Slice(r.skips, func(i, j int) bool {
		a, b := r.skips[i], r.skips[j]
		if ra, rb := skipRank[a.Reason], skipRank[b.Reason]; ra != rb {
			return ra < rb
		}
		return a.Path < b.Path
	})
	r.Skipped.Files = append([]SkippedFile{}, r.skips[:min(len(r.skips), MaxNamedSkips)]...)
	r.skips = nil
}

// maxWarnings keeps a report readable when thousands of files are odd.
const maxWarnings = 20

func (r *Report) warn(msg string) {
	if len(r.Warnings) < maxWarnings {
		r.Warnings = append(r.Warnings, msg)
	} else if len(r.Warnings) == maxWarnings {
		r.Warnings = append(r.Warnings, "… more warnings omitted")
	}
}
