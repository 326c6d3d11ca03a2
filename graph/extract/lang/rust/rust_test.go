package rust_test

import (
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, rust.New())
}

func TestSupports(t *testing.T) {
	ex := rust.New()
	for p, want := range map[string]bool{
		"src/lib.rs": true, "A.RS": true, "a/b.rsx": false, "a/b.r": false, "rs": false, "a/rs": false,
	} {
		if got := ex.Supports(p); got != want {
			t.Errorf("Supports(%q) = %v, want %v", p, got, want)
		}
	}
	if ex.Lang() != "rust" {
		t.Errorf("Lang() = %q", ex.Lang())
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	var inputs []extract.Input
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	for _, file := range files {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if f.Name != "want" {
				inputs = append(inputs, extract.Input{Path: f.Name, Content: f.Data})
			}
		}
	}
	ex := rust.New()
	want := make([]*extract.ExtractedFile, len(inputs))
	for i, in := range inputs {
		want[i] = ex.Extract(in)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Go(func() {
			for i := range inputs {
				j := (i + g*len(inputs)/4) % len(inputs)
				if got := rust.New().Extract(inputs[j]); !reflect.DeepEqual(got, want[j]) {
					t.Errorf("%s: concurrent extraction differs", inputs[j].Path)
				}
			}
		})
	}
	wg.Wait()
}
