package query_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

func TestCalleesIncludeClosuresInSourceOrder(t *testing.T) {
	g := indexed(t, map[string]string{
		"go.mod": "module example.com/cl\n\ngo 1.26\n",
		"cl.go": `package cl

func Run() {
	first()
	defer func() {
		inClosure()
	}()
	last()
}

func first()     {}
func inClosure() {}
func last()      { notRuns() }
func notRuns()   {}
`,
	})
	res, err := g.Callees(context.Background(), "symbol:cl.go#Run", query.CalleesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Callees {
		got = append(got, c.Name)
		if c.Target == nil || c.Target.Qualified != c.Qualified {
			t.Errorf("callee %s: target %+v, want the definition of %s", c.Name, c.Target, c.Qualified)
		}
	}
	if want := []string{"first", "inClosure", "last"}; !equal(got, want) {
		t.Errorf("callees = %v, want %v", got, want)
	}
	if c := res.Callees[1]; c.Line != 6 || c.Column != 3 {
		t.Errorf("inClosure at %d:%d, want 6:3", c.Line, c.Column)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
