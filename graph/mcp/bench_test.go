package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// benchRepo is a Go module of pkgs packages with files files each (about
// 52 lines a file), whose functions call into the previous package, so refs
// have callers to find: every function of file f calls Handle<f%10>_0 of
// the previous package, which has files/10*10 callers.
func benchRepo(pkgs, files int) map[string]string {
	repo := map[string]string{"go.mod": "module example.com/bench\n\ngo 1.26\n"}
	for p := range pkgs {
		for f := range files {
			var b strings.Builder
			fmt.Fprintf(&b, "package p%d\n\n", p)
			if p > 0 {
				fmt.Fprintf(&b, "import \"example.com/bench/p%d\"\n\n", p-1)
			}
			for fn := range 10 {
				fmt.Fprintf(&b, "// Handle%d_%d handles request %d.\nfunc Handle%d_%d(n int) int {\n", f, fn, fn, f, fn)
				if p > 0 {
					fmt.Fprintf(&b, "\treturn p%d.Handle%d_0(n) + %d\n}\n\n", p-1, f%10, fn)
				} else {
					fmt.Fprintf(&b, "\treturn n + %d\n}\n\n", fn)
				}
			}
			repo[fmt.Sprintf("p%d/f%d.go", p, f)] = b.String()
		}
	}
	return repo
}

// BenchmarkCall measures a search, a refs (100 refs), a callees and a show
// call through MCP over stdio (the SDK's client → orbit-graph-mcp → core →
// back) against the same call on a core.Graph in the benchmark's process,
// on a 200k-line corpus (40 packages of 100 files), by default and with
// --answers text (no structured content). p50-ns/op is the median call,
// p95-ns/op the 95th percentile (issue 16: refs ≤ 2 ms and ≤ 5 ms).
func BenchmarkCall(b *testing.B) {
	repo := gittest.New(b, benchRepo(40, 100))
	s := start(b, "--root", repo.Root)
	s.ok("orbit_graph_sync", nil)
	text := start(b, "--root", repo.Root, "--answers", "text")
	text.call("orbit_graph_sync", nil)
	g := openCore(b, repo.Root)
	ctx := context.Background()
	cases := []struct {
		tool string
		args map[string]any
		core func() error
	}{
		{"search", map[string]any{"query": "Handle3_4"}, func() error {
			_, err := g.Search(ctx, query.SearchQuery{Text: "Handle3_4"})
			return err
		}},
		{"refs", map[string]any{"selector": "symbol:p5/f0.go#Handle0_0"}, func() error {
			_, err := g.Refs(ctx, "symbol:p5/f0.go#Handle0_0", query.RefsOptions{})
			return err
		}},
		{"callees", map[string]any{"selector": "symbol:p5/f0.go#Handle0_0"}, func() error {
			_, err := g.Callees(ctx, "symbol:p5/f0.go#Handle0_0", query.CalleesOptions{})
			return err
		}},
		{"show", map[string]any{"selector": "file:p5/f0.go"}, func() error {
			_, err := g.Show(ctx, "file:p5/f0.go", min(query.DefaultMaxBytes, defaultMaxBytes/3)) // as the tool asks
			return err
		}},
	}
	for _, c := range cases {
		for _, via := range []struct {
			name string
			s    *server
		}{{"mcp", s}, {"mcp-answers-text", text}} {
			b.Run("tool="+c.tool+"/via="+via.name, func(b *testing.B) {
				params := &mcp.CallToolParams{Name: "orbit_graph_" + c.tool, Arguments: c.args}
				timeCalls(b, func() error {
					res, err := via.s.session.CallTool(ctx, params)
					if err == nil && res.IsError {
						err = fmt.Errorf("%s", textOf(res))
					}
					return err
				})
			})
		}
		b.Run("tool="+c.tool+"/via=core", func(b *testing.B) { timeCalls(b, c.core) })
	}
}

// timeCalls runs call b.N times and reports the median and p95 latency too.
func timeCalls(b *testing.B, call func() error) {
	b.ReportAllocs()
	lat := make([]time.Duration, 0, b.N)
	for b.Loop() {
		t0 := time.Now()
		if err := call(); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds()), "p50-ns/op")
		b.ReportMetric(float64(lat[len(lat)*95/100].Nanoseconds()), "p95-ns/op")
	}
}
