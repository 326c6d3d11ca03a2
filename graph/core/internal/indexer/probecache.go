package indexer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/zeebo/blake3"

	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// A Keyed probe's output (extract.Probe) is kept in the extraction cache
// under what the language says it follows: the command, its environment
// variables, its files' stamps and its executable's. Running `go env`
// costs a one-file sync of a Go repository with packages more than the
// rest of its work; a stamp costs a stat.

// probeKey is a Keyed probe's cache key; ok is false for a probe that is
// not Keyed, or without the cache.
func probeKey(xc *cacheRun, p extract.Probe) (xcache.Key, bool) {
	if xc == nil || !p.Keyed {
		return xcache.Key{}, false
	}
	h := blake3.New()
	fmt.Fprintf(h, "%q %q %v %q\n", p.Args, p.Env, p.Stderr, p.Dir)
	for _, name := range p.KeyEnv {
		v, set := os.LookupEnv(name)
		fmt.Fprintf(h, "env %q %v %q\n", name, set, v)
	}
	exe, err := exec.LookPath(p.Args[0])
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe) // an alternatives link switched
	}
	if err != nil {
		return xcache.Key{}, false // not found: running it says so
	}
	for _, f := range append([]string{exe}, p.KeyFiles...) {
		fmt.Fprintf(h, "file %q %s\n", f, fileStamp(f))
	}
	return xc.key(h.Sum(nil), "probe", "", extract.ModuleContext{})
}

// fileStamp is a file's size and modification time, "-" when absent.
func fileStamp(p string) string {
	fi, err := os.Stat(p)
	if err != nil {
		return "-"
	}
	return fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
}

// cachedProbe is the output kept under k, ok false when none is.
func cachedProbe(xc *cacheRun, k xcache.Key, keyed bool) ([]byte, bool) {
	if !keyed {
		return nil, false
	}
	b, err := xc.c.GetBlob(k)
	if err != nil {
		xc.noteCorrupt(err)
	}
	return b, b != nil
}

// storeProbe keeps a Keyed probe's output; a failed probe's is not kept
// (the toolchain may be installed before the next sync).
func storeProbe(xc *cacheRun, k xcache.Key, keyed bool, out []byte) {
	if keyed && out != nil {
		xc.c.PutBlob(k, out) // a failed write costs a probe next time
	}
}
