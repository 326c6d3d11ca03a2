package typescript

import (
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency with no declarations of its own and no @types package is
// read from its JavaScript entry, declarations only (DESIGN.md, npm
// packages without declarations): the file "exports" sends an import of
// the package to, else "module", else "main", else index.js. Only that
// file is read: a package's other JavaScript is not named by an import of
// it, and a package with declarations keeps its JavaScript out. Includes
// takes a file by its name alone, so a JavaScript file is taken when its
// start is that of an entry (read once here), which no other package's
// file beside its declarations has.

// jsExtensions are the JavaScript files an entry may be.
var jsExtensions = []string{".js", ".mjs", ".cjs"}

func isJSFile(p string) bool {
	for _, e := range jsExtensions {
		if strings.HasSuffix(strings.ToLower(p), e) {
			return true
		}
	}
	return false
}

// jsEntry is the JavaScript file an import of the package loads, relative
// to its directory; "" when none is there.
func jsEntry(m npmManifest, exists func(rel string) bool) string {
	clean := func(p string) string { return path.Clean("/" + p)[1:] }
	var cands []string
	if len(m.Exports) > 0 && string(m.Exports) != "null" {
		keys, values := objectEntries(m.Exports)
		v := m.Exports
		if keys != nil && len(keys) > 0 && strings.HasPrefix(keys[0], ".") {
			v = nil
			for i, k := range keys {
				if k == "." {
					v = values[i]
				}
			}
		}
		if v != nil {
			for _, t := range exportTargets(v, nil) {
				if strings.HasPrefix(t, "./") && isJSFile(t) {
					cands = append(cands, clean(t))
				}
			}
		}
	}
	for _, p := range []string{m.Module, m.Main} {
		if p == "" {
			continue
		}
		p = clean(p)
		if isJSFile(p) {
			cands = append(cands, p)
		} else {
			cands = append(cands, p+".js", p+"/index.js")
		}
	}
	cands = append(cands, "index.js")
	for _, c := range cands {
		if c != "" && exists(c) {
			return c
		}
	}
	return ""
}

// addJSEntries gives each installed dependency with no declarations and
// no @types package its JavaScript entry.
func (d *npmDeps) addJSEntries(manifest func(i int) (npmManifest, bool), read func(string) ([]byte, error)) {
	for i := range d.meta {
		p, meta := d.pkgs[i], &d.meta[i]
		if p.Kind != extract.PackageDependency || p.Missing != "" || meta.entry != "" || len(meta.exports) > 0 || meta.types >= 0 || meta.spec == "" {
			continue
		}
		m, ok := manifest(i)
		if !ok {
			continue
		}
		entry := jsEntry(m, func(rel string) bool { _, err := read(p.Root + "/" + rel); return err == nil })
		if entry == "" {
			continue
		}
		b, err := read(p.Root + "/" + entry)
		if err != nil {
			continue
		}
		if len(b) > extract.HeadSize {
			b = b[:extract.HeadSize]
		}
		if d.jsHeads == nil {
			d.jsHeads, d.jsBases = map[string]bool{}, map[string]bool{}
		}
		d.jsHeads[string(b)] = true
		d.jsBases[path.Base(entry)] = true
		meta.entry, meta.js = entry, true
	}
}

// includesJS: a JavaScript file named as an entry is, and whose start is
// that of an entry (head nil: by its name only).
func (d *npmDeps) includesJS(base string, head []byte) bool {
	if !isJSFile(base) || !d.jsBases[base] {
		return false
	}
	return head == nil || d.jsHeads[string(head)]
}

// IncludesByHead (extract.HeadIncludes): only when some package is read
// from its JavaScript entry.
func (d *npmDeps) IncludesByHead() bool { return len(d.jsBases) > 0 }
