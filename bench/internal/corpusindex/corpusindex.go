// Package corpusindex gives the measuring tools (bench/accuracy,
// bench/dangling) an up-to-date index of a corpus, built in a writable copy
// when the corpus is read-only (GOROOT, the Go module cache).
package corpusindex

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// Copy copies the tree at src into a new temp dir and returns the copy's
// root, writable; done removes it.
func Copy(src string) (root string, done func(), err error) {
	tmp, err := os.MkdirTemp("", "orbit-corpus-")
	if err != nil {
		return "", nil, err
	}
	done = func() { os.RemoveAll(tmp) }
	root = filepath.Join(tmp, filepath.Base(src))
	for _, cmd := range [][]string{{"cp", "-R", src, root}, {"chmod", "-R", "u+w", root}} {
		if out, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput(); err != nil {
			done()
			return "", nil, fmt.Errorf("copy %s: %s: %v: %s", src, cmd[0], err, out)
		}
	}
	return root, done, nil
}

// Packages makes the indexes Synced builds hold the dependency packages
// the corpus imports (core.Options.Packages): the tools' -packages flag.
var Packages bool

// Synced opens the index of root and brings it up to date, saying how long
// that took on log.
func Synced(ctx context.Context, root string, log io.Writer) (*core.Graph, error) {
	g, err := core.Open(root, core.Options{Registry: all.Registry(), Packages: Packages, Warn: func(s string) { fmt.Fprintln(log, s) }})
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if _, err := g.Sync(ctx, core.SyncAuto); err != nil {
		g.Close()
		return nil, fmt.Errorf("sync %s: %w", root, err)
	}
	fmt.Fprintf(log, "index: synced %s in %s\n", root, time.Since(start).Round(time.Millisecond))
	return g, nil
}

// Open syncs the index of the corpus at dir (in a writable copy when
// copyTree) and opens it; done closes the graph and removes the copy.
func Open(ctx context.Context, dir string, copyTree bool, log io.Writer) (g *core.Graph, done func(), err error) {
	root, cleanup := dir, func() {}
	if copyTree {
		if root, cleanup, err = Copy(dir); err != nil {
			return nil, nil, err
		}
	}
	if g, err = Synced(ctx, root, log); err != nil {
		cleanup()
		return nil, nil, err
	}
	return g, func() { g.Close(); cleanup() }, nil
}

// IndexFile syncs the index of the corpus at dir (in a writable copy when
// copyTree) and returns the corpus root it indexed and the index file, for
// tools that read the SQLite file directly; done removes the copy.
func IndexFile(ctx context.Context, dir string, copyTree bool, log io.Writer) (root, dbPath string, done func(), err error) {
	done = func() {}
	if root, err = filepath.Abs(dir); err != nil {
		return "", "", done, err
	}
	if copyTree {
		if root, done, err = Copy(root); err != nil {
			return "", "", func() {}, err
		}
	}
	g, err := Synced(ctx, root, log)
	if err != nil {
		done()
		return "", "", func() {}, err
	}
	dbPath = g.Location().Path
	if err := g.Close(); err != nil {
		done()
		return "", "", func() {}, err
	}
	return root, dbPath, done, nil
}
