package check_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core"
)

// TestDispatchEdges: a call through an interface fans out to each
// implementation, marked dispatch and graded no stronger than same_module
// (the call names the interface, not the type); body digests, access and
// closures are in the catalog.
func TestDispatchEdges(t *testing.T) {
	g := syncedGraph(t, map[string]string{
		"go.mod": "module example.com/d\n\ngo 1.22\n",
		"d.go": `package d

type Shape interface{ Area() float64 }

type Sq struct{ S float64 }

func (q Sq) Area() float64 { return q.S * q.S }

type Ci struct{ R float64 }

func (c Ci) Area() float64 { return 3 * c.R * c.R }

func Total(xs []Shape) float64 {
	t := 0.0
	each := func(s Shape) { t += s.Area() }
	for _, s := range xs {
		each(s)
	}
	return t
}
`})
	rep, err := g.Check(context.Background(), core.CheckOptions{Catalog: true})
	if err != nil {
		t.Fatal(err)
	}
	by := map[string]core.CheckCatalogEntry{}
	for _, c := range rep.Catalog {
		by[c.Qualified] = c
	}
	total, closure := by["example.com/d.Total"], by["<closure:d.go:15:10>"]
	if total.Access != "exported" || total.BodyHash == 0 || total.BodySize == 0 {
		t.Errorf("Total: access %q, body %d/%d; want exported and a digest", total.Access, total.BodyHash, total.BodySize)
	}
	if closure.Kind != "closure" {
		t.Fatalf("no closure at d.go:15:10 in the catalog: %+v", rep.Catalog)
	}
	calls := map[string]core.CheckCall{}
	direct := false
	for _, c := range closure.Calls {
		if c.Dispatch {
			calls[c.To] = c
		} else if c.To == "example.com/d.Shape.Area" {
			direct = true
		}
	}
	for _, impl := range []string{"example.com/d.Sq.Area", "example.com/d.Ci.Area"} {
		c, ok := calls[impl]
		if !ok || !c.Dispatch || c.Confidence != "same_module" {
			t.Errorf("closure → %s: %+v (found %v); want a dispatch edge graded same_module", impl, c, ok)
		}
	}
	if !direct {
		t.Errorf("closure → Shape.Area: no direct call in %+v", closure.Calls)
	}
	for _, f := range rep.Findings {
		if f.Rule == "unreachable" {
			t.Errorf("nothing here is unreachable: %s", f.Message)
		}
	}
}
