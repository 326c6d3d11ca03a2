package gomod

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestGolden(t *testing.T) { extracttest.Run(t, New()) }
