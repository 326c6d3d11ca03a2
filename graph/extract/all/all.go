// Package all is the explicit, ordered list of every extractor (no init()
// registration): earlier entries win when two support a path.
//
// Layer: extract (top of it); imports the language packages only.
package all

import (
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/lang/c"
	"github.com/orbitgraph/orbit/graph/extract/lang/config"
	"github.com/orbitgraph/orbit/graph/extract/lang/cpp"
	"github.com/orbitgraph/orbit/graph/extract/lang/csharp"
	"github.com/orbitgraph/orbit/graph/extract/lang/golang"
	"github.com/orbitgraph/orbit/graph/extract/lang/gomod"
	"github.com/orbitgraph/orbit/graph/extract/lang/java"
	"github.com/orbitgraph/orbit/graph/extract/lang/kotlin"
	"github.com/orbitgraph/orbit/graph/extract/lang/markdown"
	"github.com/orbitgraph/orbit/graph/extract/lang/python"
	"github.com/orbitgraph/orbit/graph/extract/lang/ruby"
	"github.com/orbitgraph/orbit/graph/extract/lang/rust"
	"github.com/orbitgraph/orbit/graph/extract/lang/typescript"
)

// Registry returns a registry of every language extractor.
func Registry() *extract.Registry {
	return extract.NewRegistry(
		golang.New(),
		gomod.New(),
		python.New(),
		rust.New(),
		typescript.New(),
		java.New(),
		kotlin.New(),
		csharp.New(),
		ruby.New(),
		c.New(), // .h files that are C++ by content are handed to cpp
		cpp.New(),
		markdown.New(),
		config.New(),
	)
}
