package csharp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
)

// The real corpus is any directory of C# sources named by
// ORBIT_CSHARP_CORPUS. The one measured for issue 3 was five Debian source
// packages (keepass2 2.47, newtonsoft-json 6.0.8, nunit 2.6.4, dbus-sharp
// 0.8.1: `apt-get source --download-only` with a deb-src line for bookworm)
// plus the .cs files of the npm package edge-js 26.1.0, unpacked side by side.
func corpusFiles(tb testing.TB) (string, []string) {
	tb.Helper()
	dir := os.Getenv("ORBIT_CSHARP_CORPUS")
	if dir == "" {
		tb.Skip("set ORBIT_CSHARP_CORPUS to a directory of C# sources")
	}
	return dir, extracttest.CorpusFiles(tb, dir, csharp.New().Supports)
}

// TestCorpus extracts every file of the real corpus (only with
// ORBIT_CORPUS=1): no panic, well-formed records, and a summary to compare
// with universal-ctags on the same files.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	dir, files := corpusFiles(t)
	e := csharp.New()
	var s extracttest.Stats
	for _, in := range extracttest.Sample(t, dir, files, 0) {
		f := s.Extract(e, in)
		if msg := extracttest.WellFormed(f, uint32(len(in.Content))); msg != "" && !strings.HasPrefix(msg, "parse:") {
			t.Errorf("%s: %s", in.Path, msg)
		}
	}
	t.Logf("%v\nuniversal-ctags on the same files: %v", &s, extracttest.CtagsKinds(dir, "C#"))
}
