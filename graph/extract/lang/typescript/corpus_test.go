package typescript_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// corpusDir is the real corpus: a node_modules tree with TypeScript
// sources and declarations and plain JavaScript, installed with e.g.
//
//	mkdir -p /tmp/tscorpus && cd /tmp/tscorpus && npm init -y &&
//	npm install --ignore-scripts typescript zod rxjs @tanstack/react-query \
//	  @tanstack/react-router @trpc/server @reduxjs/toolkit @headlessui/react \
//	  express lodash eslint react-router vue
//
// ORBIT_TS_CORPUS overrides the default /tmp/tscorpus/node_modules.
func corpusDir() string {
	if d := os.Getenv("ORBIT_TS_CORPUS"); d != "" {
		return d
	}
	return "/tmp/tscorpus/node_modules"
}

// corpusFiles lists the corpus's supported files, sorted, as slash paths
// relative to it; the test or benchmark is skipped when there are none.
func corpusFiles(tb testing.TB) (string, []string) {
	dir := corpusDir()
	ex := typescript.New()
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && ex.Supports(p) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(files) == 0 {
		tb.Skipf("no corpus under %s (see corpusDir)", dir)
	}
	slices.Sort(files)
	return dir, files
}

// corpusStats adds up one extraction run.
type corpusStats struct {
	mu                                        sync.Mutex
	files, bytes, relations, imports, strings int
	configs, diagnosed, candidates, receivers int
	facts                                     map[string]int
	symbols, refs                             map[string]int
	diagnosedFiles                            []string
}

func (s *corpusStats) add(rel string, size int, f *extract.ExtractedFile) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files++
	s.bytes += size
	for _, sym := range f.Symbols {
		s.symbols[sym.Kind.String()]++
	}
	for _, r := range f.Refs {
		s.refs[r.Kind.String()]++
		if r.Qualified != "" {
			s.candidates++
		}
		if r.Receiver != nil {
			s.receivers++
		}
	}
	for _, ft := range f.Facts {
		s.facts[ft.Kind.String()]++
	}
	s.relations += len(f.Relations)
	s.imports += len(f.Imports)
	s.strings += len(f.Strings)
	s.configs += len(f.Configs)
	if len(f.Diagnostics) > 0 {
		s.diagnosed++
		s.diagnosedFiles = append(s.diagnosedFiles, rel)
	}
}

// TestCorpus extracts every file of the real corpus on all cores (set
// ORBIT_CORPUS=1): no panic, every record well formed; it logs the
// counts, and compares symbol counts with universal-ctags when installed.
func TestCorpus(t *testing.T) {
	if os.Getenv("ORBIT_CORPUS") != "1" {
		t.Skip("set ORBIT_CORPUS=1 to extract the real corpus")
	}
	dir, files := corpusFiles(t)
	st := &corpusStats{symbols: map[string]int{}, refs: map[string]int{}, facts: map[string]int{}}
	ex := typescript.New()
	start := time.Now()
	var wg sync.WaitGroup
	next := make(chan string)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for rel := range next {
				src, err := os.ReadFile(filepath.Join(dir, rel))
				if err != nil {
					t.Error(err)
					continue
				}
				f := ex.Extract(extract.Input{Path: rel, Content: src})
				checkFile(t, rel, src, f)
				st.add(rel, len(src), f)
			}
		})
	}
	for _, rel := range files {
		next <- rel
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	t.Logf("%d files, %.1f MB in %v (%.1f MB/s on %d cores)", st.files, float64(st.bytes)/1e6,
		elapsed.Round(time.Millisecond), float64(st.bytes)/1e6/elapsed.Seconds(), runtime.GOMAXPROCS(0))
	t.Logf("symbols by kind: %s", formatCounts(st.symbols))
	t.Logf("refs by kind: %s; %d with a candidate, %d with a receiver", formatCounts(st.refs), st.candidates, st.receivers)
	t.Logf("facts by kind: %s", formatCounts(st.facts))
	t.Logf("%d relations, %d imports, %d strings, %d configs; %d files with diagnostics",
		st.relations, st.imports, st.strings, st.configs, st.diagnosed)
	slices.Sort(st.diagnosedFiles)
	for i := 0; i < len(st.diagnosedFiles); i += max(1, len(st.diagnosedFiles)/20) {
		t.Logf("  diagnostics: %s", st.diagnosedFiles[i])
	}
	compareCtags(t, dir, files, st.symbols)
}

func formatCounts(m map[string]int) string {
	var parts []string
	total := 0
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
		total += m[k]
	}
	return fmt.Sprintf("%d (%s)", total, strings.Join(parts, " "))
}

// compareCtags runs universal-ctags over the same files (mapping the
// extensions its version does not know) and logs its tags by kind next to
// ours.
func compareCtags(t *testing.T, dir string, files []string, ours map[string]int) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Log("no ctags: comparison skipped")
		return
	}
	cmd := exec.Command("ctags", "--output-format=json", "--fields=+Kl", "-f", "-",
		"--langmap=TypeScript:+.tsx.mts.cts,JavaScript:+.cjs", "-L", "-")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n"))
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		t.Logf("ctags: %v", err)
		return
	}
	kinds := map[string]int{}
	sc := bufio.NewScanner(&out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var tag struct{ Kind, Language string }
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Kind != "" {
			kinds[tag.Language+"/"+tag.Kind]++
		}
	}
	t.Logf("ctags tags by language/kind: %s", formatCounts(kinds))
	t.Logf("ours:                        %s", formatCounts(ours))
}
