package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract/all"
)

// BenchmarkWatch measures freshness under the Watch policy: the time from a
// file write to the change being queryable by a search, which is the
// debounce plus a one-file sync plus the event latency (DESIGN.md, A sync; target
// ≤ 500 ms with the MCP server's 250 ms debounce).
func BenchmarkWatch(b *testing.B) {
	for _, debounce := range []time.Duration{50 * time.Millisecond, core.DefaultDebounce} {
		b.Run(fmt.Sprintf("corpus=gostd200k/debounce=%s", debounce), func(b *testing.B) {
			c := corpus(b, "gostd200k")
			g, err := core.Open(c.Root, core.Options{Registry: all.Registry(), Policy: core.Watch{Debounce: debounce}})
			if err != nil {
				b.Fatal(err)
			}
			defer g.Close()
			ctx := context.Background()
			if _, err := g.Search(ctx, query.SearchQuery{Text: "Println"}); err != nil { // waits for the initial sync
				b.Fatal(err)
			}
			path := filepath.Join(c.Root, "bufio", "scan.go")
			orig, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			defer os.WriteFile(path, orig, 0o644)
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				name := fmt.Sprintf("WatchEdit%dx%d", i, time.Now().UnixNano())
				edit := fmt.Sprintf("%s\nfunc %s() {}\n", orig, name)
				start := time.Now()
				if err := os.WriteFile(path, []byte(edit), 0o644); err != nil {
					b.Fatal(err)
				}
				for !found(b, g, name) {
					if time.Since(start) > 30*time.Second {
						b.Fatalf("%s not queryable after 30s", name)
					}
					time.Sleep(2 * time.Millisecond)
				}
				times = append(times, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "write-to-query-ms")
			b.ReportMetric(float64(times[(len(times)*95)/100].Microseconds())/1000, "p95-ms")
		})
	}
}

func found(b *testing.B, g *core.Graph, name string) bool {
	res, err := g.Search(context.Background(), query.SearchQuery{Text: name, Kind: "symbol"})
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range res.Matches {
		if m.Name == name {
			return true
		}
	}
	return false
}
