package query_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

func TestTraceCapsVisitedNodes(t *testing.T) {
	var b strings.Builder
	b.WriteString("import click\n\n\n@click.command()\ndef wide():\n")
	n := query.MaxTraceNodes + 20
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "    step%03d()\n", i)
	}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "\n\ndef step%03d():\n    pass\n", i)
	}
	g := indexed(t, map[string]string{"tool/cli.py": b.String()})
	res, err := g.Trace(context.Background(), "wide", query.TraceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Root == nil || !res.Truncated || res.VisitedNodes != query.MaxTraceNodes || len(res.Root.Children) != query.MaxTraceNodes-1 {
		t.Fatalf("root %v, truncated %v, visited %d; want %d visited (root + %d children), truncated",
			res.Root != nil, res.Truncated, res.VisitedNodes, query.MaxTraceNodes, query.MaxTraceNodes-1)
	}
	if c := child(res.Root, "step000"); c == nil || c.Confidence == nil || *c.Confidence != "exact" {
		t.Errorf("step000 = %+v, want an exact child", c)
	}
}

func TestTraceCycleEnds(t *testing.T) {
	g := indexed(t, map[string]string{"tool/cli.py": `import click


@click.command()
def loop():
    ping()


def ping():
    pong()


def pong():
    ping()
`})
	res, err := g.Trace(context.Background(), "loop", query.TraceOptions{Depth: 50})
	if err != nil {
		t.Fatal(err)
	}
	// loop -> ping -> pong -> ping (a leaf: already expanded).
	leaf := child(child(child(res.Root, "ping"), "pong"), "ping")
	if res.Truncated || leaf == nil || len(leaf.Children) != 0 {
		t.Fatalf("truncated %v, cycle leaf %+v; want ping -> pong -> ping, the last without children", res.Truncated, leaf)
	}
}

// TestTraceLeavesOutDecorators: a Python decorator runs in the enclosing
// scope when the def is executed, so neither the Click decorators nor a
// plain one are calls the handler makes.
func TestTraceLeavesOutDecorators(t *testing.T) {
	g := indexed(t, map[string]string{"tool/cli.py": `import click


def logged(f):
    return f


@click.group()
def cli():
    pass


@cli.command()
@click.option("--n", type=int, default=make_default())
@logged
def sync(n):
    helper(n)


def helper(n):
    pass


def make_default():
    return 1
`})
	res, err := g.Trace(context.Background(), "sync", query.TraceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range res.Root.Children {
		got = append(got, c.Name)
	}
	if !equal(got, []string{"helper"}) {
		t.Errorf("trace sync children = %v, want [helper]", got)
	}
	cr, err := g.Callees(context.Background(), "symbol:tool/cli.py#sync", query.CalleesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, c := range cr.Callees {
		got = append(got, c.Name)
	}
	if !equal(got, []string{"helper"}) {
		t.Errorf("callees of sync = %v, want [helper]", got)
	}
}

// child is n's child named name, nil if none (or n is nil).
func child(n *query.TraceNode, name string) *query.TraceNode {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Name == name {
			return c
		}
	}
	return nil
}
