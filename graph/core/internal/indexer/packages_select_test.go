package indexer

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
)

// countingSelective summarizes a file as its content, counting the calls.
type countingSelective struct{ calls int }

func (c *countingSelective) Summarize(content []byte) []byte { c.calls++; return content }

func (c *countingSelective) Select(dirs []extract.SelectDir, _ extract.Names) [][]extract.Selection {
	return nil
}

// TestSummariesCached: a directory's summaries, with its files' hashes,
// are computed once and then read from the extraction cache, until a
// file's size or time changes.
func TestSummariesCached(t *testing.T) {
	dir := t.TempDir()
	var files []selectFile
	for _, n := range []string{"a.go", "b.go"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("package x // "+n), 0o644); err != nil {
			t.Fatal(err)
		}
		fi, _ := os.Stat(p)
		files = append(files, selectFile{name: n, disk: p, size: fi.Size(), mod: fi.ModTime().UnixNano()})
	}
	c, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "summaries"})
	if err != nil {
		t.Fatal(err)
	}
	xc := newCacheRun(c)
	sel := &countingSelective{}
	want := [][]byte{[]byte("package x // a.go"), []byte("package x // b.go")}
	wantHashes := [][]byte{contentHash(want[0], nil), contentHash(want[1], nil)}
	for i := 0; i < 2; i++ {
		if got, hashes := summariesOf(xc, "go", dir, sel, files); !reflect.DeepEqual(got, want) || !reflect.DeepEqual(hashes, wantHashes) {
			t.Fatalf("summaries %q and hashes %x, want %q and %x", got, hashes, want, wantHashes)
		}
	}
	if sel.calls != 2 {
		t.Fatalf("%d Summarize calls for 2 files summarized twice; want 2 (the second time from the cache)", sel.calls)
	}
	files[1].mod++
	summariesOf(xc, "go", dir, sel, files)
	if sel.calls != 4 {
		t.Fatalf("%d Summarize calls after a file's time changed; want 4", sel.calls)
	}
	if summariesOf(nil, "go", dir, sel, files); sel.calls != 6 {
		t.Fatalf("%d Summarize calls without a cache; want 6", sel.calls)
	}
}
