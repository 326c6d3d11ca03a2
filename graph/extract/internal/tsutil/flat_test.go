package tsutil

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"
	golang "github.com/tree-sitter/tree-sitter-go/bindings/go"
)

const flatSrc = `package p

// A comment that is not kept.
func f(a int) int {
	return g(a) + "s"[0]
}

type T struct{ x, y int }
`

// goFlags keeps named Go kinds but comments and does not descend into
// identifiers and string literals.
func goFlags(l *Lang) KindFlags {
	flags := l.NamedKinds()
	flags[l.KindID("comment")] = 0
	for _, k := range []string{"identifier", "interpreted_string_literal"} {
		flags[l.KindID(k)] = Keep
	}
	return flags
}

func TestParseFlatMatchesTree(t *testing.T) {
	l := NewLang(golang.Language())
	for _, src := range []string{flatSrc, "package p\n\nfunc f( {\n\tx := 1 +\n}\n", ""} {
		got, _, err := l.ParseFlat([]byte(src), goFlags(l), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var want []Node
		l.Parse([]byte(src), func(root *sitter.Node) { want = reference(root, goFlags(l)) })
		if !slices.Equal(got, want) {
			t.Errorf("%q:\n got %+v\nwant %+v", src, got, want)
		}
		checkLinks(t, got)
	}
}

// reference flattens root the slow way, through the Go bindings.
func reference(root *sitter.Node, flags KindFlags) []Node {
	var out []Node
	c := root.Walk()
	defer c.Close()
	var visit func(parent int32) int32
	visit = func(parent int32) int32 { // returns the index written, or -1
		n := c.Node()
		k := n.KindId()
		f := Keep | Descend
		if int(k) < len(flags) {
			f = flags[k]
		}
		if f&Keep == 0 {
			return -1
		}
		i := int32(len(out))
		out = append(out, Node{Kind: k, Field: c.FieldId(), Start: uint32(n.StartByte()),
			End: uint32(n.EndByte()), Parent: parent, Next: -1})
		if f&Descend != 0 && c.GotoFirstChild() {
			prev := int32(-1)
			for ok := true; ok; ok = c.GotoNextSibling() {
				if j := visit(i); j >= 0 {
					if prev >= 0 {
						out[prev].Next = j
					}
					prev = j
				}
			}
			c.GotoParent()
		}
		out[i].SubEnd = int32(len(out))
		return i
	}
	visit(-1)
	return out
}

// checkLinks checks that Parent, Next and SubEnd describe one tree.
func checkLinks(t *testing.T, nodes []Node) {
	t.Helper()
	for i, n := range nodes {
		i := int32(i)
		if n.SubEnd <= i || int(n.SubEnd) > len(nodes) {
			t.Fatalf("node %d: SubEnd %d", i, n.SubEnd)
		}
		c := i + 1
		for ; c < n.SubEnd; c = nodes[c].SubEnd {
			if nodes[c].Parent != i {
				t.Fatalf("node %d: child %d has parent %d", i, c, nodes[c].Parent)
			}
			if next := nodes[c].Next; next != -1 && next != nodes[c].SubEnd {
				t.Fatalf("node %d: Next %d, SubEnd %d", c, next, nodes[c].SubEnd)
			}
		}
		if c != n.SubEnd {
			t.Fatalf("node %d: children overrun SubEnd", i)
		}
	}
}

func TestParseFlatFlags(t *testing.T) {
	l := NewLang(golang.Language())
	flags := goFlags(l)
	flags[l.KindID("block")] = 0             // skips the body
	flags[l.KindID("parameter_list")] = Keep // keeps no parameter
	got, _, err := l.ParseFlat([]byte(flatSrc), flags, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range got {
		k := l.Language.NodeKindForId(n.Kind)
		switch {
		case k == "comment" || k == "block" || k == "return_statement":
			t.Errorf("node %d: %s kept", i, k)
		case k == "parameter_declaration":
			t.Errorf("node %d: descended into a parameter_list", i)
		case (k == "identifier" || k == "parameter_list") && n.SubEnd != int32(i)+1:
			t.Errorf("node %d: %s has children", i, k)
		}
	}
}

func TestParseFlatKeepsErrors(t *testing.T) {
	l := NewLang(golang.Language())
	src := []byte("package p\nvar x = [}y(z)\n")
	got, diags, err := l.ParseFlat(src, goFlags(l), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) == 0 {
		t.Error("no diagnostic for a syntax error")
	}
	i := slices.IndexFunc(got, func(n Node) bool { return n.Kind == 0xFFFF })
	if i < 0 || got[i].SubEnd == int32(i)+1 {
		t.Fatalf("no ERROR node with children in %+v", got)
	}
	if k := got[i+1].Kind; k != l.KindID("identifier") || got[i+1].Parent != int32(i) {
		t.Errorf("first child of ERROR: %+v", got[i+1])
	}
}

func TestParseFlatReusesBuffer(t *testing.T) {
	l := NewLang(golang.Language())
	buf := make([]Node, 0, 100)
	got, _, err := l.ParseFlat([]byte(flatSrc), goFlags(l), buf, nil)
	if err != nil || len(got) == 0 || &got[0] != &buf[:1][0] {
		t.Fatalf("buffer not reused: err %v, len %d", err, len(got))
	}
	big := []byte("package p\n" + strings.Repeat("var x = 1\n", 100))
	got, _, err = l.ParseFlat(big, goFlags(l), buf, nil)
	if err != nil || len(got) != 1+2+100*5 {
		t.Fatalf("outgrown buffer: err %v, len %d", err, len(got))
	}
}

// TestParseFlatLargeTreeSized: a tree of more than countAbove nodes gets
// an array counted to fit (nodes kept plus comments), filled as a small
// tree's is.
func TestParseFlatLargeTreeSized(t *testing.T) {
	// A 1.2 MB file: parse it without the wall-clock timeout, which a
	// loaded machine can pass.
	l := NewLang(golang.Language()).WithTimeout(time.Hour)
	var b strings.Builder
	b.WriteString("package p\n")
	for i := 0; b.Len() < 1200<<10; i++ {
		fmt.Fprintf(&b, "// f%d does little.\nfunc f%d(a int) int { return g(a, %d) + h[a] }\n", i, i, i)
	}
	src := []byte(b.String())
	flags := goFlags(l)
	var descendants int
	var want []Node
	if err := l.Parse(src, func(root *sitter.Node) {
		descendants = int(root.DescendantCount())
		want = reference(root, flags)
	}); err != nil {
		t.Fatal(err)
	}
	if descendants <= countAbove {
		t.Fatalf("%d nodes: not past the size counted first", descendants)
	}
	got, comments, _, err := l.parseFlat(src, nil, true, flags, l.bodies.comment, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("got %d nodes, want %d (or they differ)", len(got), len(want))
	}
	checkLinks(t, got)
	if n := strings.Count(b.String(), "// f"); len(comments) != n {
		t.Errorf("%d comments, want %d", len(comments), n)
	}
	for i, c := range comments {
		if s := string(src[c.Start:c.End]); !strings.HasPrefix(s, "// f") || i > 0 && c.Start <= comments[i-1].Start {
			t.Fatalf("comment %d: %q at %d", i, s, c.Start)
		}
	}
	if cap(got) != len(got)+len(comments) {
		t.Errorf("array of %d for %d nodes and %d comments (%d descendants)", cap(got), len(got), len(comments), descendants)
	}
}
