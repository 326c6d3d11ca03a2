package bench

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core"
)

// BenchmarkCheck runs every rule of orbit graph check over the index of
// the 200k-line corpus (DESIGN.md, Checks: a whole check within 1 s): the
// catalog read from the index, entry points, reachability at two floors,
// duplicates, cycles at three levels and coupling. Nothing is parsed.
func BenchmarkCheck(b *testing.B) {
	name := "gostd200k"
	b.Run("corpus="+name+"/rules=all", func(b *testing.B) {
		c := corpus(b, name)
		g := openGraph(b, c.Root)
		defer g.Close()
		if _, err := os.Stat(g.Location().Path); err != nil {
			syncOnce(b, g, core.SyncAuto)
		}
		ctx := context.Background()
		var rep *core.CheckReport
		var worst time.Duration
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			start := time.Now()
			var err error
			if rep, err = g.Check(ctx, core.CheckOptions{}); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(start))
		}
		b.StopTimer()
		if rep.Stats.Callables == 0 {
			b.Fatal("the check saw no callables")
		}
		b.ReportMetric(float64(rep.Stats.Callables), "callables")
		b.ReportMetric(float64(rep.Stats.Edges), "edges")
		b.ReportMetric(float64(len(rep.Findings)), "findings")
		b.Logf("%s: %d callables, %d edges, %d findings, slowest run %s", name, rep.Stats.Callables,
			rep.Stats.Edges, len(rep.Findings), worst)
	})
}
