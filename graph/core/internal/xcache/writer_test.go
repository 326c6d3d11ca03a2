package xcache

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

// TestWriter: entries put through a Writer by several goroutines, with a
// queue so small that every Put waits for the one before, are all there
// and whole after Close, and counted for the size accounting.
func TestWriter(t *testing.T) {
	c := testCache(t, 0)
	fs := fixtures(t)
	w := c.newWriter(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < len(fs); i += 4 {
				if err := w.Put(key(t, c, fs[i]), fs[i].x); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	size := int64(0)
	for _, f := range fs {
		k := key(t, c, f)
		x, err := c.Get(k)
		if err != nil || !reflect.DeepEqual(x, f.x) {
			t.Fatalf("%s: %v, entry differs: %v", f.in.Path, err, x == nil)
		}
		fi, err := os.Stat(c.path(k))
		if err != nil {
			t.Fatal(err)
		}
		size += fi.Size()
	}
	if got := c.written.Load(); got != size {
		t.Fatalf("written %d bytes, entries hold %d", got, size)
	}
}

// TestWriterError: a write that fails (its shard directory is a file) is
// Close's error; the other entries are written.
func TestWriterError(t *testing.T) {
	c := testCache(t, 0)
	fs := fixtures(t)
	bad, other := key(t, c, fs[0]), fs[1]
	for i := 2; key(t, c, other).String()[:2] == bad.String()[:2]; i++ {
		other = fs[i] // in another shard
	}
	good := key(t, c, other)
	if err := os.WriteFile(filepath.Dir(c.path(bad)), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	w := c.NewWriter()
	w.Put(bad, fs[0].x)
	w.Put(good, other.x)
	if err := w.Close(); err == nil {
		t.Fatal("a failed write was not reported")
	}
	if x, err := c.Get(good); x == nil || err != nil {
		t.Fatalf("the other entry: %v %v", x, err)
	}
}
