package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/orbitgraph/orbit/bench/internal/corpusindex"
	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
)

// site is a function by file (module-relative) and the line of its func
// keyword: where both tools place a declaration.
type site struct {
	File string
	Line int
}

// dcFunc is one function of deadcode's -json answer.
type dcFunc struct {
	Name     string
	Position struct {
		File string
		Line int
	}
	Generated bool
}

type dcPackage struct {
	Path  string
	Funcs []dcFunc
}

// deadcodeAnswer reads or runs deadcode; its positions become
// module-relative sites.
func deadcodeAnswer(ctx context.Context, corpus, saved, version string, tests bool, log io.Writer) (map[site]string, error) {
	var data []byte
	var err error
	if saved != "" {
		data, err = os.ReadFile(saved)
	} else {
		args := []string{"run", "golang.org/x/tools/cmd/deadcode@" + version, "-json"}
		if tests {
			args = append(args, "-test")
		}
		cmd := exec.CommandContext(ctx, "go", append(args, "./...")...)
		cmd.Dir, cmd.Stderr = corpus, log
		data, err = cmd.Output()
	}
	if err != nil {
		return nil, fmt.Errorf("deadcode: %w", err)
	}
	var pkgs []dcPackage
	if err := json.Unmarshal(data, &pkgs); err != nil {
		return nil, fmt.Errorf("deadcode answer: %w", err)
	}
	abs, _ := filepath.Abs(corpus)
	out := map[site]string{}
	for _, p := range pkgs {
		for _, f := range p.Funcs {
			file := f.Position.File
			if filepath.IsAbs(file) {
				if rel, err := filepath.Rel(abs, file); err == nil {
					file = rel
				}
			}
			out[site{filepath.ToSlash(file), f.Position.Line}] = f.Name
		}
	}
	return out, nil
}

// loadedFiles lists the files `go list` builds for this platform: the
// only ones deadcode sees (files for other platforms are a class of
// their own).
func loadedFiles(ctx context.Context, corpus string, tests bool) (map[string]bool, error) {
	tmpl := `{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}
{{end}}`
	if tests {
		tmpl += `{{$d := .Dir}}{{range .TestGoFiles}}{{$d}}/{{.}}
{{end}}{{range .XTestGoFiles}}{{$d}}/{{.}}
{{end}}`
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-f", tmpl, "./...")
	cmd.Dir = corpus
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, stderr.String())
	}
	abs, _ := filepath.Abs(corpus)
	real, _ := filepath.EvalSymlinks(abs)
	files := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if line == "" {
			continue
		}
		rel, err := filepath.Rel(real, line)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel, _ = filepath.Rel(abs, line)
		}
		files[filepath.ToSlash(rel)] = true
	}
	return files, nil
}

// callable is one of our catalog's functions.
type callable struct{ Qualified, Kind string }

// ours is graph check's side: for every callable of a Go file, the
// weakest floor at which it is still unreachable ("" when reachable at
// every floor), by site.
type ours struct {
	Callables map[site]callable // every function and method
	DeadAt    map[query.Confidence]map[site]bool
	Floors    []query.Confidence
}

func ourAnswer(ctx context.Context, corpus string, copyTree, tests bool, log io.Writer) (*ours, error) {
	g, done, err := corpusindex.Open(ctx, corpus, copyTree, log)
	if err != nil {
		return nil, err
	}
	defer done()
	no := false
	cfg := core.CheckConfig{ExportedAPI: &no}
	o := &ours{Callables: map[site]callable{}, DeadAt: map[query.Confidence]map[site]bool{}, Floors: query.ConfidenceLevels()}
	for _, floor := range o.Floors {
		rep, err := g.Check(ctx, core.CheckOptions{Rules: []string{"unreachable"}, Floor: floor, Config: &cfg, Full: true})
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(log, "check at %s: %d ms, %d callables\n", floor, rep.Stats.Millis, rep.Stats.Callables)
		dead := map[site]bool{}
		for _, f := range rep.Findings {
			for _, l := range f.Locations {
				if strings.HasSuffix(l.File, ".go") {
					dead[site{l.File, l.Line}] = true
				}
			}
		}
		o.DeadAt[floor] = dead
	}
	rep, err := g.Check(ctx, core.CheckOptions{Rules: []string{"unreachable"}, Config: &cfg, Catalog: true})
	if err != nil {
		return nil, err
	}
	for _, cl := range rep.Catalog {
		if strings.HasSuffix(cl.File, ".go") && cl.Kind != "module-init" && cl.Kind != "closure" {
			o.Callables[site{cl.File, cl.Line}] = callable{Qualified: cl.Qualified, Kind: cl.Kind}
		}
	}
	return o, nil
}
