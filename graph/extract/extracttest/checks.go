package extracttest

import (
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Supports checks ex's Lang and which paths it accepts.
func Supports(t *testing.T, ex extract.Extractor, lang string, want map[string]bool) {
	t.Helper()
	if ex.Lang() != lang {
		t.Errorf("Lang() = %q", ex.Lang())
	}
	for p, want := range want {
		if got := ex.Supports(p); got != want {
			t.Errorf("Supports(%q) = %v, want %v", p, got, want)
		}
	}
}

// Concurrent extracts ins from four goroutines at once (run it with -race)
// and expects the sequential results.
func Concurrent(t *testing.T, ex extract.Extractor, ins []extract.Input) {
	t.Helper()
	want := make([]*extract.ExtractedFile, len(ins))
	for i, in := range ins {
		want[i] = ex.Extract(in)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range ins {
				j := (i + g*len(ins)/4) % len(ins)
				if got := ex.Extract(ins[j]); !reflect.DeepEqual(got, want[j]) {
					t.Errorf("%s: concurrent extraction differs", ins[j].Path)
				}
			}
		})
	}
	wg.Wait()
}

// TimedOut checks a result whose parse hit its timeout: one "timed out"
// diagnostic, Lang and Namespace still set, and no records.
func TimedOut(t *testing.T, got *extract.ExtractedFile, lang, namespace string) {
	t.Helper()
	if len(got.Diagnostics) != 1 || !strings.Contains(got.Diagnostics[0].Message, "timed out") {
		t.Errorf("diagnostics = %+v, want one timeout", got.Diagnostics)
	}
	if got.Lang != lang || got.Namespace != namespace {
		t.Errorf("Lang, Namespace = %q, %q", got.Lang, got.Namespace)
	}
	if n := len(got.Symbols) + len(got.Refs) + len(got.Imports) + len(got.Strings) + len(got.Configs); n != 0 {
		t.Errorf("want an otherwise empty result, got %d records", n)
	}
}
