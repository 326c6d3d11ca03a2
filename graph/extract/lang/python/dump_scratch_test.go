package python

import (
	"fmt"
	"os"
	"strings"
	"testing"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tspy "github.com/tree-sitter/tree-sitter-python/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

func TestDumpScratch(t *testing.T) {
	src, err := os.ReadFile(os.Getenv("DUMP"))
	if err != nil {
		t.Skip()
	}
	l := tsutil.NewLang(tspy.Language())
	l.Parse(src, func(root *sitter.Node) {
		var rec func(n *sitter.Node, field string, d int)
		rec = func(n *sitter.Node, field string, d int) {
			if !n.IsNamed() {
				return
			}
			f := ""
			if field != "" {
				f = field + ": "
			}
			txt := strings.ReplaceAll(string(src[n.StartByte():n.EndByte()]), "\n", "\\n")
			if len(txt) > 40 {
				txt = txt[:40]
			}
			fmt.Printf("%s%s%s %q\n", strings.Repeat("  ", d), f, n.Kind(), txt)
			for i := uint(0); i < n.ChildCount(); i++ {
				rec(n.Child(i), n.FieldNameForChild(uint32(i)), d+1)
			}
		}
		rec(root, "", 0)
	})
}
