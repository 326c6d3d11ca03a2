package cpp

import (
	"bytes"
	"path"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// include emits an #include as an import of the path as written between
// the quotes or angle brackets ("stdio.h", "util/list.h"), with the file
// a quoted one names next to the includer as Resolved, and a use ref
// named after the file. `#include MACRO` is skipped.
func (w *walker) include(i int32) {
	x, t := w.x, w.t
	p := t.Child(i, x.fPath)
	var target []byte
	switch t.Kind(p) {
	case x.stringLit:
		target = quoted(t.Raw(p))
	case x.systemLibString:
		target = bytes.TrimSuffix(bytes.TrimPrefix(t.Raw(p), []byte("<")), []byte(">"))
	}
	target = bytes.TrimSpace(target)
	if len(target) == 0 {
		return
	}
	s, sp := string(target), t.Span(p)
	im := extract.RawImport{Path: s, Span: sp}
	if t.Kind(p) == x.stringLit {
		im.Resolved = includedFile(w.path, s)
	}
	w.out.Imports = append(w.out.Imports, im)
	w.out.Refs = append(w.out.Refs, extract.RawRef{Span: sp, Name: path.Base(s), Kind: extract.RefUse})
}

// includedFile is the repository file a quoted #include names when it
// is found next to the including file (the first place C looks): the
// target resolved against the includer's directory, or "" when that
// leaves the repository. Whether the file exists is pass 2's business.
func includedFile(includer, target string) string {
	if path.IsAbs(target) {
		return ""
	}
	f := path.Join(path.Dir(includer), target)
	if f == ".." || strings.HasPrefix(f, "../") {
		return ""
	}
	return f
}

// macro emits an object-like or function-like #define, but an include
// guard. A macro is global whatever block it is written in, so it has no
// parent.
func (w *walker) macro(i int32) {
	x, t := w.x, w.t
	name := t.Child(i, x.fName)
	if t.empty(name) {
		return
	}
	value := t.Child(i, x.fValue)
	if value == noNode && t.Nodes[i].Kind == x.preprocDef && w.isIncludeGuard(i, name) {
		return
	}
	n := t.Text(name)
	qual := w.linkName(n, true)
	if _, ok := w.macros[n]; !ok {
		w.macros[n] = qual
	}
	parent := w.parent
	w.parent = extract.NoParent
	w.addSymbol(n, qual, extract.KindMacro, w.directiveSpan(i), w.macroSig(i, name, value))
	w.parent = parent
	if value != noNode {
		w.macroStrings(value)
	}
}

// isIncludeGuard reports whether a valueless #define is the first thing
// inside `#ifndef NAME` of the same name.
func (w *walker) isIncludeGuard(i, name int32) bool {
	x, t := w.x, w.t
	p := t.Nodes[i].Parent
	if p < 0 || t.Nodes[p].Kind != x.preprocIfdef {
		return false
	}
	g := t.Child(p, x.fName)
	if g == noNode || t.Nodes[g].SubEnd != i || !bytes.Equal(t.Raw(g), t.Raw(name)) {
		return false
	}
	return bytes.Contains(t.Src[t.Nodes[p].Start:t.Nodes[g].Start], []byte("ifndef"))
}

// directiveSpan is a directive's span without its final newline.
func (w *walker) directiveSpan(i int32) extract.Span {
	sp := w.t.Span(i)
	for sp.End > sp.Start && (w.t.Src[sp.End-1] == '\n' || w.t.Src[sp.End-1] == '\r') {
		sp.End--
	}
	return sp
}

// maxMacroValue is the longest macro value kept in a signature.
const maxMacroValue = 80

// macroSig is "#define MAX(a, b)", or "#define NAME value" when the value
// is short.
func (w *walker) macroSig(i, name, value int32) string {
	t := w.t
	end := t.Nodes[name].End
	if p := t.Child(i, w.x.fParameters); p != noNode {
		end = t.Nodes[p].End
	}
	head := w.sig(t.Nodes[i].Start, end)
	if p := t.Child(i, w.x.fParameters); p != noNode || value == noNode {
		return head
	}
	if v := normalize(t.Raw(value)); v != "" && len(v) <= maxMacroValue {
		return head + " " + v
	}
	return head
}

// envCalls are the callees, as written, whose first argument names an
// environment variable.
var envCalls = map[string]bool{"getenv": true, "secure_getenv": true, "std::getenv": true}

// envKey emits an env config for a literal first argument.
func (w *walker) envKey(args int32) {
	for c := range w.t.Kids(args) {
		if key, ok := w.literal(c); ok && key != "" {
			sp := w.t.Span(c)
			w.out.Configs = append(w.out.Configs, extract.RawConfig{
				Key: key, Kind: extract.ConfigEnv, Line: w.lines.Line(sp.Start), Span: sp,
			})
		}
		return
	}
}
