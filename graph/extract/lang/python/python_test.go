package python_test

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
)

func TestGolden(t *testing.T) {
	extracttest.Run(t, python.New())
}
