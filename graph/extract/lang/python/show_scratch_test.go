package python_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

func TestScratchShow(t *testing.T) {
	p := os.Getenv("SHOW")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	f := python.New().Extract(extract.Input{Path: os.Getenv("SHOWREL"), Content: src, Module: extract.ModuleContext{Root: os.Getenv("SHOWROOT")}})
	fmt.Print(extracttest.Annotate(src, f))
}
