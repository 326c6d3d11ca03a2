package rust

import (
	"path"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// pathAttr finds the file of `#[path = "f.rs"]` and of each
// `#[cfg_attr(cond, path = "f.rs")]`.
var pathAttr = tsutil.LazyRegexp(`\bpath\s*=\s*"([^"]+)"`)

// pathModule states where an out-of-line `mod x;` declared at the top of
// the file lives when its attributes name its file: the module is another
// name for the module that file is named after (`#[cfg_attr(unix, path =
// "backend/libc/mod.rs")] mod backend;` in src/lib.rs: crate::backend is
// crate::backend::libc). Several cfg_attr paths are alternatives, in the
// order written; pass 2 takes the first that something defines. The path
// is relative to the declaring file's directory.
func (w *walker) pathModule(q string, attrs, item int32) {
	var cands []string
	for a := attrs; a != noNode && a != item && w.t.Nodes[a].Kind == w.x.attrItem; a = w.t.Next(a) {
		for _, m := range pathAttr().FindAllSubmatch(w.t.Src[w.t.Nodes[a].Start:w.t.Nodes[a].End], -1) {
			rel := path.Join(extract.ParentDir(w.file), string(m[1]))
			if strings.HasPrefix(rel, "../") || !strings.HasSuffix(rel, ".rs") {
				continue
			}
			if mod := locate(rel, w.where).mod; mod != q && !slices.Contains(cands, mod) {
				cands = append(cands, mod)
			}
		}
	}
	if len(cands) > 0 {
		w.addFact(extract.FactAlias, q, "", strings.Join(cands, "\n"), w.t.Span(item))
	}
}
