package history

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Touch is a symbol a change touches.
type Touch struct {
	Path   string
	Symbol Symbol // in the working tree; in rev when Deleted
	What   string // created, signature, body, deleted
}

// Touched lists the symbols the working tree's changes against rev touch
// (staged or not, and the files git does not track yet, unless ignored),
// by the same hunk mapping as history: new lines against the working
// tree's symbols, the symbols rev had and the working tree lost.
func Touched(reg *extract.Registry, root, rev string) ([]Touch, error) {
	if rev == "" {
		rev = "HEAD"
	}
	cmd := exec.Command("git", "-C", root, "diff", "--no-color", "--no-ext-diff", "--no-renames", "-U0", rev, "--")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %v: %s", rev, err, strings.TrimSpace(stderr.String()))
	}
	commits, err := parseLog(bytes.NewReader(out))
	if err != nil {
		return nil, err
	}
	var files []FileDiff
	if len(commits) > 0 {
		files = commits[0].Files
	}
	untracked, err := exec.Command("git", "-C", root, "ls-files", "-z", "--others", "--exclude-standard").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	for _, p := range strings.Split(string(untracked), "\x00") {
		if p != "" {
			files = append(files, FileDiff{Path: p, Added: true})
		}
	}
	b, err := newBlobs(root)
	if err != nil {
		return nil, err
	}
	defer b.close()
	var touches []Touch
	for _, d := range files {
		if reg.For(d.Path) == nil || strings.HasPrefix(d.Path, ".orbit/") {
			continue
		}
		var old, cur []Symbol
		if !d.Added {
			content, ok, err := b.read(rev, d.Path)
			if err != nil {
				return nil, err
			}
			if ok {
				old = fileSymbols(reg, d.Path, content)
			}
		}
		if !d.Deleted {
			content, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d.Path)))
			if err != nil && !os.IsNotExist(err) {
				return nil, err
			}
			cur = fileSymbols(reg, d.Path, content)
		}
		for _, ch := range attribute(d, old, cur) {
			touches = append(touches, Touch{Path: d.Path, Symbol: ch.Symbol, What: ch.What})
		}
	}
	return touches, nil
}
