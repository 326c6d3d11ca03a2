package rust

import (
	"sort"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A path whose first segment nothing in scope binds names another crate
// (Rust 2018's extern prelude: every dependency is in scope by its name,
// as if `extern crate serde_json;` were written). Such a crate is
// imported like one an `extern crate` names, so that the dependency
// packages (DESIGN.md, Dependency packages) locate a crate that a file
// only names inline, `serde_json::to_string(…)` with no `use`.

// externCrateUse records the crate a path pathRef or a macro resolves
// names inline. Where a glob import is in scope (`use super::*;`, or a
// 2015 crate's `use lib::*;` whose lib re-exports core's fmt), the first
// segment may be a module that glob brings: it is not taken for a crate.
// Nor is a path starting with `::`, which a 2015 crate means from its
// own root (`::actually_private::T` in serde).
func (w *walker) externCrateUse(first []byte, sc *scope) {
	if w.pathSpan == (extract.Span{}) {
		return // a path with no site of its own (an impl's, a receiver's)
	}
	for s := sc; s != nil; s = s.parent {
		if len(s.globs) > 0 {
			return
		}
	}
	for _, e := range w.externs {
		if e.Path == string(first) {
			return
		}
	}
	w.externs = append(w.externs, extract.RawImport{Path: string(first), Span: w.pathSpan})
}

// importExterns imports, in source order, the crates paths named inline
// that no import of the file names already.
func (w *walker) importExterns() {
	have := map[string]bool{}
	for _, im := range w.out.Imports {
		first, _, _ := strings.Cut(strings.TrimPrefix(im.Path, "::"), "::")
		have[first] = true
	}
	added := false
	for _, e := range w.externs {
		if !have[e.Path] && e.Path != "" && isIdentByte(e.Path[0]) {
			w.out.Imports = append(w.out.Imports, e)
			added = true
		}
	}
	if added {
		sort.SliceStable(w.out.Imports, func(i, j int) bool { return w.out.Imports[i].Span.Start < w.out.Imports[j].Span.Start })
	}
}
