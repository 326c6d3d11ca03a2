package indexer

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
)

// WatchDirs lists the directories a file watcher must watch to see every
// change a sync would index: the root ("") and every directory the scan
// enters, repo-relative and slash-separated, sorted. It applies the scan's
// rules, so .git, .orbit, directories excluded by .gitignore,
// .git/info/exclude or .orbitignore and the default exclusions (vendor/,
// node_modules/, …) are left out, and symlinks are not followed.
// Directories that cannot be read are left out too; the next sync reports
// them.
func WatchDirs(root string) ([]string, error) {
	if _, err := os.ReadDir(root); err != nil {
		return nil, fmt.Errorf("watch dirs %s: %w", root, err)
	}
	var git, orbit ignoreStack
	if b, err := os.ReadFile(filepath.Join(root, ".git", "info", "exclude")); err == nil {
		git = append(git, newMatcher("", b))
	}
	orbit = append(orbit, matcher{dir: "", rules: defaultRules{inFile: writtenOutDefaults(root)}})
	s := &scanner{root: root}
	var dirs []string
	var walk func(rel string, git, orbit ignoreStack)
	walk = func(rel string, git, orbit ignoreStack) {
		dir := filepath.Join(root, filepath.FromSlash(rel))
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		dirs = append(dirs, rel)
		git, orbit = s.loadIgnores(rel, dir, entries, git, orbit)
		for _, e := range entries {
			if e.Type()&fs.ModeSymlink != 0 || !e.IsDir() {
				continue
			}
			name := e.Name()
			p := path.Join(rel, name)
			// The same test as scanner.walk: the watcher must not miss a
			// directory the scan indexes, nor watch one it skips.
			if (rel == "" && name == ".orbit") || name == ".git" || git.ignored(p, true) || orbit.ignored(p, true) {
				continue
			}
			walk(p, git, orbit)
		}
	}
	walk("", git, orbit)
	sort.Strings(dirs)
	return dirs, nil
}
