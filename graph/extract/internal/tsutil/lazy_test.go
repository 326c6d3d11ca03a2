package tsutil

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	golang "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract"
)

// TestLazyDoor: the door is built on its first call, once, however many
// extractions call it at the same time, and each walk sees the built
// tables; a timed door shares the grammar and builds nothing until used.
func TestLazyDoor(t *testing.T) {
	var builds atomic.Int32
	var packageClause uint16 // a kind id, as a language's tables hold it
	door := Lazy(func() *Door {
		builds.Add(1)
		l := NewLang(golang.Language())
		packageClause = l.KindID("package_clause")
		return &Door{Name: "go", Lang: l, Flags: l.NamedKinds()}
	})
	timed := door.WithTimeout(time.Second)
	if n := builds.Load(); n != 0 {
		t.Fatalf("%d builds before the first use", n)
	}
	in := extract.Input{Path: "a.go", Content: []byte("package a\n")}
	found := make([]bool, 8)
	var wg sync.WaitGroup
	for i := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			door().Extract(in, &extract.ExtractedFile{Lang: "go"}, func(nodes []Node, _ extract.LineIndex) {
				for _, n := range nodes {
					found[i] = found[i] || n.Kind == packageClause
				}
			})
		}()
	}
	wg.Wait()
	for i, ok := range found {
		if !ok {
			t.Errorf("extraction %d saw no package_clause", i)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds, want 1", n)
	}
	if d := timed(); d.Lang.Timeout != time.Second || d.Lang.Language != door().Lang.Language || builds.Load() != 1 {
		t.Errorf("timed door: timeout %v, same grammar %v, builds %d", d.Lang.Timeout,
			d.Lang.Language == door().Lang.Language, builds.Load())
	}
}

func TestLazyRegexp(t *testing.T) {
	re := LazyRegexp(`a+b`)
	if re() != re() || !re().MatchString("caab") || re().MatchString("ab"[1:]) {
		t.Error("LazyRegexp: not one compiled a+b")
	}
}
