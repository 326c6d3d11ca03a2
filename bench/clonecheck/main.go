// Command clonecheck compares graph check's duplicate-body rule with a
// token-based clone check on a Go corpus: Go's own scanner (go/scanner,
// which drops comments) reads every function body, and bodies with the
// same token sequence (automatic semicolons aside, identifiers and
// literals exact: type-1 clones) form a clone class. The report gives the
// agreement on clone pairs, at a size threshold in tokens, and examples of
// each disagreement.
//
//	go run -tags sqlite_fts5 ./bench/clonecheck -corpus DIR -copy > out.md
package main

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
	"github.com/orbitgraph/orbit/graph/core"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "clonecheck:", err)
		os.Exit(1)
	}
}

// fn is a function by file and the line of its func keyword.
type fn struct {
	File string
	Line int
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("clonecheck", flag.ContinueOnError)
	corpus := fs.String("corpus", "", "a Go tree (required)")
	copyTree := fs.Bool("copy", false, "index a writable copy of the corpus")
	minTokens := fs.Int("min-tokens", 30, "the smallest body, in tokens, either side counts")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *corpus == "" {
		return fmt.Errorf("-corpus is required")
	}
	theirs, sizes, err := tokenClones(*corpus)
	if err != nil {
		return err
	}
	ours, err := ourClones(ctx, *corpus, *copyTree, stderr)
	if err != nil {
		return err
	}
	return report(stdout, theirs, ours, sizes, *minTokens)
}

// tokenClones groups the bodies of every function and method of the
// corpus's .go files (testdata left out) by their token sequence.
func tokenClones(root string) (map[fn]string, map[fn]int, error) {
	classes, sizes := map[fn]string{}, map[fn]int{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return nil // a file that does not parse has no clones to find
		}
		rel, _ := filepath.Rel(root, p)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			start, end := fset.Position(fd.Body.Pos()).Offset, fset.Position(fd.Body.End()).Offset
			key, n := tokens(src[start:end])
			at := fn{filepath.ToSlash(rel), fset.Position(fd.Pos()).Line}
			classes[at], sizes[at] = key, n
		}
		return nil
	})
	return classes, sizes, err
}

// tokens hashes a body's token sequence, automatic semicolons and
// comments left out, and counts its tokens.
func tokens(body []byte) (string, int) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(body)), body, nil, 0)
	h := sha256.New()
	n := 0
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON {
			continue
		}
		if lit == "" {
			lit = tok.String()
		}
		fmt.Fprintf(h, "%d:%s\x00", tok, lit)
		n++
	}
	return string(h.Sum(nil)), n
}

// ourClones asks graph check for its duplicate groups, every size.
func ourClones(ctx context.Context, corpus string, copyTree bool, log io.Writer) (map[fn]string, error) {
	g, done, err := corpusindex.Open(ctx, corpus, copyTree, log)
	if err != nil {
		return nil, err
	}
	defer done()
	rep, err := g.Check(ctx, core.CheckOptions{Rules: []string{"duplicate-body"}, Full: true,
		Config: &core.CheckConfig{DuplicateMinSize: 1}})
	if err != nil {
		return nil, err
	}
	out := map[fn]string{}
	for _, f := range rep.Findings {
		for _, l := range f.Locations {
			if strings.HasSuffix(l.File, ".go") {
				out[fn{l.File, l.Line}] = f.Fingerprint
			}
		}
	}
	return out, nil
}

// pair is two functions in one clone class, in order.
type pair struct{ A, B fn }

func pairsOf(classes map[fn]string, keep func(fn) bool) map[pair]bool {
	by := map[string][]fn{}
	for f, c := range classes {
		if keep(f) {
			by[c] = append(by[c], f)
		}
	}
	out := map[pair]bool{}
	for _, fs := range by {
		sort.Slice(fs, func(i, j int) bool {
			return fs[i].File < fs[j].File || fs[i].File == fs[j].File && fs[i].Line < fs[j].Line
		})
		for i := range fs {
			for j := i + 1; j < len(fs); j++ {
				out[pair{fs[i], fs[j]}] = true
			}
		}
	}
	return out
}

func report(w io.Writer, theirs, ours map[fn]string, sizes map[fn]int, minTokens int) error {
	big := func(f fn) bool { n, ok := sizes[f]; return ok && n >= minTokens }
	tp, op := pairsOf(theirs, big), pairsOf(ours, big)
	both := 0
	var oursOnly, theirsOnly []string
	for p := range op {
		if tp[p] {
			both++
		} else {
			oursOnly = append(oursOnly, fmt.Sprintf("%s:%d = %s:%d", p.A.File, p.A.Line, p.B.File, p.B.Line))
		}
	}
	for p := range tp {
		if !op[p] {
			theirsOnly = append(theirsOnly, fmt.Sprintf("%s:%d = %s:%d", p.A.File, p.A.Line, p.B.File, p.B.Line))
		}
	}
	sort.Strings(oursOnly)
	sort.Strings(theirsOnly)
	var b strings.Builder
	fmt.Fprintf(&b, "# graph check duplicate-body vs a go/scanner token clone check\n\n")
	fmt.Fprintf(&b, "Functions with bodies of at least %d tokens: %d.\n\n", minTokens, countIf(sizes, minTokens))
	fmt.Fprintf(&b, "| clone pairs | both | ours only | tokens only | precision | recall |\n|---|---|---|---|---|---|\n")
	fmt.Fprintf(&b, "| %d ours, %d tokens | %d | %d | %d | %.3f | %.3f |\n\n", len(op), len(tp), both,
		len(oursOnly), len(theirsOnly), ratio(both, len(op)), ratio(both, len(tp)))
	for _, sec := range []struct {
		title string
		xs    []string
	}{{"Ours only", oursOnly}, {"Token check only", theirsOnly}} {
		fmt.Fprintf(&b, "## %s: %d\n\n", sec.title, len(sec.xs))
		for i, x := range sec.xs {
			if i == 15 {
				fmt.Fprintf(&b, "- …\n")
				break
			}
			fmt.Fprintf(&b, "- %s\n", x)
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func countIf(sizes map[fn]int, min int) int {
	n := 0
	for _, s := range sizes {
		if s >= min {
			n++
		}
	}
	return n
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}
