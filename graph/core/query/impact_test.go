package query_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// manyCallers has more callers of Target than impact lists.
func manyCallers(n int) map[string]string {
	var b strings.Builder
	b.WriteString("package many\n\nfunc Target() {}\n\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "func Caller%03d() { Target() }\n", i)
	}
	b.WriteString("\nfunc Top() { Caller000() }\n")
	return map[string]string{"go.mod": "module example.com/many\n\ngo 1.26\n", "many.go": b.String()}
}

func TestImpactCapsAndOrders(t *testing.T) {
	g := indexed(t, manyCallers(query.MaxImpactNodes+50))
	res, err := g.Impact(context.Background(), "symbol:many.go#Target", query.ImpactOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Symbols) != query.MaxImpactNodes || !res.Truncated || res.Depth != query.DefaultImpactDepth {
		t.Fatalf("got %d symbols, truncated %v, depth %d; want %d, true, %d", len(res.Symbols), res.Truncated, res.Depth,
			query.MaxImpactNodes, query.DefaultImpactDepth)
	}
	names := make([]string, len(res.Symbols))
	for i, s := range res.Symbols {
		names[i] = s.Qualified
		if s.Distance != 1 || s.Edge != "call" || s.Direction != "inbound" || s.Via != "example.com/many.Target" {
			t.Errorf("%+v: want a distance-1 inbound call from Target", s)
		}
	}
	if !sort.StringsAreSorted(names) || names[0] != "example.com/many.Caller000" {
		t.Errorf("level not ordered by qualified name: %v…", names[:3])
	}
}

func TestImpactDepth(t *testing.T) {
	g := indexed(t, manyCallers(3))
	for _, tc := range []struct {
		depth   int
		wantTop bool
	}{{1, false}, {2, true}} {
		res, err := g.Impact(context.Background(), "symbol:many.go#Target", query.ImpactOptions{Depth: tc.depth})
		if err != nil {
			t.Fatal(err)
		}
		last := res.Symbols[len(res.Symbols)-1]
		if gotTop := last.Name == "Top" && last.Distance == 2; gotTop != tc.wantTop || res.Truncated {
			t.Errorf("depth %d: %+v; Top at distance 2 wanted: %v", tc.depth, res.Symbols, tc.wantTop)
		}
	}
}
