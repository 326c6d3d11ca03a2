package python

import "github.com/orbitgraph/orbit/graph/extract"

// pytest fixtures: a parameter of a test, or of a fixture, names the
// fixture whose value pytest passes, defined in the same module or in a
// conftest.py of its package or of an enclosing one. The fixture's value
// is its result, or what it yields (facts.go, inferred results), so the
// parameter is typed as a call of the fixture.

// isFixture reports whether the decorators dec include @pytest.fixture
// or @pytest.fixture(...).
func (w *walker) isFixture(dec int32, sc *scope) bool {
	if dec == noNode {
		return false
	}
	for d := range w.t.Kids(dec) {
		e := w.t.FirstKid(d)
		if w.t.Kind(e) == w.x.call {
			e = w.t.Child(e, w.x.fFunction)
		}
		if v := w.valueOf(e, sc); len(v.chain) == 1 && v.chain[0] == "pytest.fixture" {
			return true
		}
	}
	return false
}

// fixtureParams types the plain parameters of a test or fixture as the
// fixtures they name: [fixture, "()"], the module's own fixture first,
// else the conftest modules from the innermost package out.
func (w *walker) fixtureParams(params int32, fs *scope, method bool) {
	if params == noNode {
		return
	}
	x, t := w.x, w.t
	mod := moduleOf(fs)
	first := true
	for p := range t.Kids(params) {
		skip := first && method
		first = false
		if skip || t.Kind(p) != x.identifier {
			continue
		}
		name := t.Text(p)
		if b, ok := mod.names[name]; ok && b.kind == bindDef && b.target != "" {
			fs.setType(name, value{chain: []string{b.target, extract.CallResult}, calls: true})
			continue
		}
		var cands []string
		for pkg := w.pkg; ; pkg = packageOf("", pkg) {
			cands = append(cands, join(pkg, "conftest")+"."+name)
			if pkg == "" {
				break
			}
		}
		fs.setType(name, value{chain: []string{cands[0], extract.CallResult}, alts: cands[1:], calls: true})
	}
}
