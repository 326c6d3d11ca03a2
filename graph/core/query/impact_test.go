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

// fanIn has Target called by parents P0…P(parents-1), each called by per
// callers of its own, and Shared calling P3 and P1.
func fanIn(parents, per int) map[string]string {
	var b strings.Builder
	b.WriteString("package fan\n\nfunc Target() {}\n\n")
	for p := 0; p < parents; p++ {
		fmt.Fprintf(&b, "func P%d() { Target() }\n", p)
		for c := 0; c < per; c++ {
			fmt.Fprintf(&b, "func C%d_%03d() { P%d() }\n", p, c, p)
		}
	}
	b.WriteString("\nfunc Shared() { P3(); P1() }\n")
	return map[string]string{"go.mod": "module example.com/fan\n\ngo 1.26\n", "fan.go": b.String()}
}

// fanInOrder is the breadth-first order impact lists fanIn in: level 1 by
// name, level 2 grouped by the parent reaching each symbol first.
func fanInOrder(parents, per int) []string {
	var out []string
	for p := 0; p < parents; p++ {
		out = append(out, fmt.Sprintf("1 P%d via Target", p))
	}
	for p := 0; p < parents; p++ {
		for c := 0; c < per; c++ {
			out = append(out, fmt.Sprintf("2 C%d_%03d via P%d", p, c, p))
		}
		if p == 1 {
			out = append(out, "2 Shared via P1") // P1 is listed before P3
		}
	}
	return out
}

func impactOrder(res query.ImpactResult) []string {
	out := make([]string, len(res.Symbols))
	for i, s := range res.Symbols {
		out[i] = fmt.Sprintf("%d %s via %s", s.Distance, s.Name, strings.TrimPrefix(s.Via, "example.com/fan."))
	}
	return out
}

func TestImpactBreadthFirstOrder(t *testing.T) {
	g := indexed(t, fanIn(5, 3))
	res, err := g.Impact(context.Background(), "symbol:fan.go#Target", query.ImpactOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := fanInOrder(5, 3)
	if got := impactOrder(res); strings.Join(got, "\n") != strings.Join(want, "\n") || res.Truncated {
		t.Errorf("got (truncated %v)\n%s\nwant\n%s", res.Truncated, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The walk stops reading once the cap is certain; what it lists is still
// the first MaxImpactNodes of the whole breadth-first order, and a list
// that holds everything is not marked truncated.
func TestImpactCapKeepsBreadthFirstPrefix(t *testing.T) {
	for _, tc := range []struct{ parents, per int }{
		{10, 20}, // 10 + 201 symbols
		{10, 40}, // 10 + 401: most parents' callers are never read
		{2, 98},  // 2 + 197 (with Shared): 199
		{1, 199}, // exactly MaxImpactNodes
		{1, 200}, // one more
	} {
		g := indexed(t, fanIn(tc.parents, tc.per))
		res, err := g.Impact(context.Background(), "symbol:fan.go#Target", query.ImpactOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := fanInOrder(tc.parents, tc.per)
		truncated := len(want) > query.MaxImpactNodes
		if truncated {
			want = want[:query.MaxImpactNodes]
		}
		if got := impactOrder(res); strings.Join(got, "\n") != strings.Join(want, "\n") || res.Truncated != truncated {
			t.Errorf("%d×%d: got %d symbols (truncated %v), want %d (truncated %v)", tc.parents, tc.per,
				len(got), res.Truncated, len(want), truncated)
		}
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
