package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// namespace emits a namespace ("a::b" for `namespace a::b`) and walks its
// body in its scope. An anonymous namespace has no symbol: what it
// defines has internal linkage. The first named namespace of a file is
// its ExtractedFile.Namespace.
func (w *walker) namespace(i int32) {
	x, t := w.x, w.t
	name, body := t.Child(i, x.fName), t.Child(i, x.fBody)
	saved := w.save()
	w.ctx = ctxFile
	if name == noNode {
		w.internal = true
	} else if written := w.namespaceName(name); written != "" {
		qual := join(w.scopeQual(), written)
		w.knownNamespaces(qual)
		sig := w.sig(t.Nodes[i].Start, t.Nodes[name].End)
		w.parent = w.addSymbol(lastSegment(qual), qual, extract.KindNamespace, t.Span(i), sig)
		if w.out.Namespace == "" {
			w.out.Namespace = qual
		}
		w.pushScope(qual)
	}
	w.walk(body)
	w.restore(saved)
}

// namespaceName spells a namespace name: "a" or, nested, "a::b".
func (w *walker) namespaceName(name int32) string {
	t := w.t
	if t.Nodes[name].Kind != w.x.nestedNamespace {
		if t.empty(name) {
			return ""
		}
		return t.Text(name)
	}
	return string(w.appendNamespace(nil, name))
}

// appendNamespace appends the names of a nested namespace specifier,
// which nests to the right: a::(b::c).
func (w *walker) appendNamespace(buf []byte, name int32) []byte {
	t := w.t
	for c := range t.Kids(name) {
		switch {
		case t.Nodes[c].Kind == w.x.nestedNamespace:
			buf = w.appendNamespace(buf, c)
		case t.Nodes[c].Kind == w.x.namespaceIdent && !t.empty(c):
			if len(buf) > 0 {
				buf = append(buf, "::"...)
			}
			buf = append(buf, t.Raw(c)...)
		}
	}
	return buf
}

// knownNamespaces records qual and each namespace it is nested in
// ("a::b" opens "a" too) as namespaces of this file.
func (w *walker) knownNamespaces(qual string) {
	for q := qual; q != ""; q, _ = splitLast(q) {
		if _, ok := w.known[q]; ok {
			return
		}
		w.known[q] = knownNamespace
	}
}

// template walks a template declaration: its parameters become locals,
// and the entity it declares (a class, function, alias or variable)
// takes the whole declaration as its span and signature.
func (w *walker) template(i int32) {
	mark := len(w.locals)
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Kind == w.x.templateParamList {
			w.templateParams(c)
			continue
		}
		if w.outer == noNode {
			w.outer = i
		}
		w.walk(c)
		w.outer = noNode
	}
	w.locals = w.locals[:mark]
}

// using reads a using-declaration, `using leveldb::Status;`: at file or
// namespace scope the name means what it names there, for the lookups of
// the rest of the file. `using namespace` directives are not followed.
func (w *walker) using(i int32) {
	t := w.t
	name := t.ChildOfKind(i, w.x.qualifiedIdent)
	if w.ctx != ctxFile || name == noNode ||
		bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(t.Raw(i), []byte("using"))), []byte("namespace")) {
		w.walkKids(i)
		return
	}
	buf, last, ok := w.appendQualified(nil, name)
	if !ok || t.empty(last) {
		return
	}
	written := string(buf)
	qual := w.lookupQualified(pending{scope: w.scope, written: written, global: t.Child(name, w.x.fScope) == noNode})
	w.define(w.nameText(last), w.scopeQual(), qual)
	w.usings[w.nameText(last)] = qual
}
