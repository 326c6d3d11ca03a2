package tsutil

import (
	"errors"
	"strings"
	"testing"
	"time"

	sitter "github.com/tree-sitter/go-tree-sitter"
	golang "github.com/tree-sitter/tree-sitter-go/bindings/go"
)

func TestParseAndErrors(t *testing.T) {
	l := NewLang(golang.Language())
	src := []byte("package p\n\nfunc f( {\n")
	err := l.Parse(src, func(root *sitter.Node) {
		if root.Kind() != "source_file" {
			t.Errorf("root kind %q", root.Kind())
		}
		if d := Errors(root, nil); len(d) == 0 {
			t.Error("want a diagnostic for a syntax error")
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestParseTimeout(t *testing.T) {
	l := NewLang(golang.Language())
	l.Timeout = time.Nanosecond
	src := []byte("package p\n" + strings.Repeat("func f() { a := b + c * d }\n", 20000))
	err := l.Parse(src, func(*sitter.Node) { t.Error("callback ran after timeout") })
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
}

func TestKindIDPanicsOnTypo(t *testing.T) {
	l := NewLang(golang.Language())
	if l.KindID("function_declaration") == 0 {
		t.Fatal("zero id")
	}
	defer func() {
		if recover() == nil {
			t.Error("want panic for unknown kind")
		}
	}()
	l.KindID("no_such_kind")
}
