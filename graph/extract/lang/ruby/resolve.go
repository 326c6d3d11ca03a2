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
	ev   *evidence // the receiver's evidence for recv.m, or nil
}

// defined holds the qualified names the file defines.
type defined struct {
	consts, methods map[string]bool
	values          map[string]bool // constants that hold values (X = 1), not classes or modules
	cache           map[constKey]cands
}

// constKey is a constant path as written and the scope it was written in.
type constKey struct {
	cref *cref
	path string
}

// cands is a name's first candidate and its alternatives.
type cands struct {
	q    string
	alts []string
}

// resolve fills in the candidates of pending refs, relations and facts,
// and drops the refs to Ruby's own methods (puts, raise, attr_reader)
// that the file does not define.
func (w *walker) resolve() {
	defer w.dropRefs()
	d := defined{consts: map[string]bool{}, methods: map[string]bool{}, values: map[string]bool{},
		cache: map[constKey]cands{}}
	for _, s := range w.out.Symbols {
		switch s.Kind {
		case extract.KindConst:
			d.values[s.Qualified] = true
			d.consts[s.Qualified] = true
		case extract.KindClass, extract.KindModule:
			d.consts[s.Qualified] = true
		default:
			d.methods[s.Qualified] = true
		}
	}
	for _, p := range w.consts {
		c := d.constCandidate(p.cref, p.path, p.abs)
		w.out.Refs[p.ref].Qualified, w.out.Refs[p.ref].Alternatives = c.q, c.alts
		if p.rel >= 0 {
			w.out.Relations[p.rel].To = c.q
		}
	}
	for _, p := range w.calls {
		r := &w.out.Refs[p.ref]
		d.resolveCall(p, r)
		if r.Qualified == "" && r.Receiver == nil && p.mode == callBare && builtins[r.Name] {
			r.Name = ""
		}
	}
	for _, p := range w.facts {
		w.out.Facts[p.fact].Object = d.constCandidate(p.ev.cref, p.ev.path, p.ev.abs).q
	}
}

// constCandidate follows Ruby's lexical constant lookup: a constant whose
// first name this file defines in an enclosing class or module is that
// one; any other is first in the innermost class or module (A::B::Foo),
// then each outer one (A::Foo), then at the top (Foo). ::Foo is Foo.
func (d *defined) constCandidate(c *cref, path string, abs bool) cands {
	if abs || c == nil {
		return cands{q: path}
	}
	first := path
	for i := 0; i+1 < len(path); i++ {
		if path[i] == ':' && path[i+1] == ':' {
			first = path[:i]
			break
		}
	}
	for s := c; s != nil; s = s.parent {
		if d.consts[s.qual+"::"+first] {
			return cands{q: s.qual + "::" + path}
		}
	}
	if d.consts[first] {
		return cands{q: path}
	}
	key := constKey{c, path}
	if out, ok := d.cache[key]; ok {
		return out
	}
	out := cands{q: c.qual + "::" + path}
	for s := c.parent; s != nil; s = s.parent {
		out.alts = append(out.alts, s.qual+"::"+path)
	}
	out.alts = slices.Clip(append(out.alts, path))
	d.cache[key] = out
	return out
}

// resolveCall fills in a call's candidate. In an instance method, m and
// self.m are methods of the class around it (Receiver [C]: pass 2 walks
// its superclass and mixins) unless only a top-level def of this file
// (Object#m) has the name; in a class body or singleton method they are
// singleton methods (C.m). Const.m is the singleton method m of the
// constant's candidates (a value constant of this file is a receiver);
// recv.m has the receiver's evidence, if any.
func (d *defined) resolveCall(p pendingCall, r *extract.RawRef) {
	name := r.Name
	switch p.mode {
	case callConst:
		c := d.constCandidate(p.cref, p.path, p.abs)
		if d.values[c.q] { // X = Foo.new; X.m: an instance method of what X holds
			r.Receiver = []string{c.q}
			return
		}
		r.Qualified, r.Alternatives = c.q+"."+name, suffixed(c.alts, "."+name)
		return
	case callRecv:
		r.Receiver, r.Alternatives = d.receiver(p.ev)
		return
	}
	if p.mode == callBare && builtins[name] && !d.definesIn(p.cref, name) {
		return // Kernel and Module methods: dropped unless the file defines them
	}
	if p.cref == nil {
		if q := "Object#" + name; d.methods[q] {
			r.Qualified = q
		}
		return
	}
	if p.self != selfInstance {
		r.Qualified = p.cref.qual + "." + name
		return
	}
	if q := "Object#" + name; p.mode == callBare && !d.methods[p.cref.qual+"#"+name] && d.methods[q] {
		r.Qualified = q
		return
	}
	r.Receiver = []string{p.cref.qual}
}

// definesIn reports whether the file defines method name in class c (as
// an instance or singleton method) or at the top level.
func (d *defined) definesIn(c *cref, name string) bool {
	if d.methods["Object#"+name] {
		return true
	}
	return c != nil && (d.methods[c.qual+"#"+name] || d.methods[c.qual+"."+name])
}

// receiver turns evidence into a receiver chain and the alternatives of
// its head.
func (d *defined) receiver(ev *evidence) ([]string, []string) {
	if ev == nil {
		return nil, nil
	}
	if ev.qual != "" {
		return append([]string{ev.qual}, ev.rest...), nil
	}
	c := d.constCandidate(ev.cref, ev.path, ev.abs)
	if ev.smeth != "" {
		c.q, c.alts = c.q+"."+ev.smeth, suffixed(c.alts, "."+ev.smeth)
	}
	return append([]string{c.q}, ev.rest...), c.alts
}

// suffixed is each of names with suffix appended (nil for none).
func suffixed(names []string, suffix string) []string {
	if len(names) == 0 {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + suffix
	}
	return out
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
