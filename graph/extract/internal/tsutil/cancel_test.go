package tsutil

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	golang "github.com/tree-sitter/tree-sitter-go/bindings/go"
)

// TestParseAfterCancelledBalancing cancels a parse at tree-sitter's last
// progress check, which falls in the balancing of the finished tree, then
// parses again on the same Lang. With the parser pooled after such a
// cancel, the second parse aborts the whole test binary (an assertion in
// ts_parser_parse), as it would abort a sync that timed out on one file.
func TestParseAfterCancelledBalancing(t *testing.T) {
	var b strings.Builder
	b.WriteString("package p\n\nfunc f(v int) int {\n")
	for i := range 4000 {
		fmt.Fprintf(&b, "\tif v == %d {\n\t\treturn g(v, %d) + h(%d)\n\t}\n", i, i, i)
	}
	b.WriteString("\treturn 0\n}\n")
	content := []byte(b.String())

	l := NewLang(golang.Language())
	checks := 0
	l.expired = func() bool { checks++; return false }
	if err := l.Parse(content, func(*sitter.Node) {}); err != nil {
		t.Fatal(err)
	}
	last := checks
	if last < 2 {
		t.Fatalf("only %d progress checks: the parse is too small to cancel mid-way", last)
	}

	checks = 0
	l.expired = func() bool { checks++; return checks >= last }
	if err := l.Parse(content, func(*sitter.Node) {}); !errors.Is(err, ErrTimeout) {
		t.Fatalf("cancelled parse: got %v, want ErrTimeout", err)
	}

	l.expired = nil
	kids := 0
	if err := l.Parse(content, func(root *sitter.Node) { kids = int(root.ChildCount()) }); err != nil {
		t.Fatalf("parse after a cancelled one: %v", err)
	}
	if kids == 0 {
		t.Fatal("parse after a cancelled one gave an empty tree")
	}
}
