package ruby

import (
	"slices"

	"github.com/orbitgraph/orbit/graph/extract"
)

// pendingConst is a constant reference whose candidate needs the whole
// file's definitions: a constant may be defined after its first use.
type pendingConst struct {
	ref, rel int   // indexes into Refs and Relations, or -1
	cref     *cref // the lexical scope it was written in
	path     string
	abs      bool // written ::Foo
}

// pendingCall is a call whose candidate needs the whole file's methods.
type pendingCall struct {
	ref  int
	cref *cref
	self selfKind
	mode callMode
	path string // the receiver of Const.m
	abs  bool
}

// defined holds the qualified names the file defines.
type defined struct{ consts, methods map[string]bool }

// resolve fills in the candidates of pending refs and relations, and drops
// the refs to Ruby's own methods (puts, raise, attr_reader) that the file
// does not define.
func (w *walker) resolve() {
	defer w.dropRefs()
	d := defined{consts: map[string]bool{}, methods: map[string]bool{}}
	for _, s := range w.out.Symbols {
		switch s.Kind {
		case extract.KindClass, extract.KindModule, extract.KindConst:
			d.consts[s.Qualified] = true
		default:
			d.methods[s.Qualified] = true
		}
	}
	for _, p := range w.consts {
		q := d.constCandidate(p.cref, p.path, p.abs)
		w.out.Refs[p.ref].Qualified = q
		if p.rel >= 0 {
			w.out.Relations[p.rel].To = q
		}
	}
	for _, p := range w.calls {
		r := &w.out.Refs[p.ref]
		r.Qualified = d.callCandidate(p, r.Name)
		if r.Qualified == "" && p.mode == callBare && builtins[r.Name] {
			r.Name = ""
		}
	}
}

// constCandidate: a constant whose first name is defined in this file in
// an enclosing class or module (Ruby's lexical lookup) is prefixed by it;
// any other is as written: from the top when written ::Foo, else the file
// cannot tell.
func (d *defined) constCandidate(c *cref, path string, abs bool) string {
	if abs {
		return path
	}
	first := path
	for i := 0; i+1 < len(path); i++ {
		if path[i] == ':' && path[i+1] == ':' {
			first = path[:i]
			break
		}
	}
	for ; c != nil; c = c.parent {
		if d.consts[c.qual+"::"+first] {
			return c.qual + "::" + path
		}
	}
	return path
}

// callCandidate: a receiverless call or self.m is the method of the class
// around it (an instance method inside a def, a singleton method in a
// class body or singleton method) or a top-level def (Object#m), when this
// file defines it; Const.m is the singleton method m of the constant.
// Anything else keeps its name only: the method may be inherited, mixed in
// or defined elsewhere.
func (d *defined) callCandidate(p pendingCall, name string) string {
	if p.mode == callConst {
		return d.constCandidate(p.cref, p.path, p.abs) + "." + name
	}
	if p.cref != nil {
		q := p.cref.qual + "." + name
		if p.self == selfInstance {
			q = p.cref.qual + "#" + name
		}
		if d.methods[q] {
			return q
		}
	}
	if q := "Object#" + name; (p.cref == nil || p.mode == callBare) && d.methods[q] {
		return q
	}
	return ""
}

// dropRefs removes the refs without a name (those resolve emptied, and
// names tree-sitter made up for missing code), keeping the others' order.
func (w *walker) dropRefs() {
	if !slices.ContainsFunc(w.out.Refs, func(r extract.RawRef) bool { return r.Name == "" }) {
		return
	}
	refs := w.out.Refs[:0]
	for _, r := range w.out.Refs {
		if r.Name != "" {
			refs = append(refs, r)
		}
	}
	w.out.Refs = refs
}
