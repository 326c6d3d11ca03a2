package golang

import (
	"os"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

func TestDebugSexp(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("SEXP"))
	if err != nil {
		t.Skip()
	}
	goLang.Parse(src, func(root *sitter.Node) { t.Log(root.ToSexp()) })
}
