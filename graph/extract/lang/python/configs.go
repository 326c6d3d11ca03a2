package python

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// envCalls are the calls whose first argument names an environment
// variable, by the candidate qualified name of the callee (so `import os as
// o` and `from os import getenv` are recognised through their bindings).
var envCalls = map[string]bool{
	"os.getenv":             true,
	"os.environ.get":        true,
	"os.environ.setdefault": true,
}

// importCalls take a module name as their first argument; that string is
// an import, not a notable literal.
var importCalls = map[string]bool{
	"importlib.import_module": true,
	"builtins.__import__":     true,
}

// specialCall reads the arguments of a call to a known function.
func (w *walker) specialCall(callee string, args int32) {
	if callee == "" || w.t.Nodes[args].Kind != w.x.argList {
		return
	}
	switch {
	case envCalls[callee]:
		if a := w.firstPositional(args); a != noNode {
			w.envKey(a)
		}
	case importCalls[callee]:
		w.skipStr = w.firstPositional(args)
	}
}

// envSubscript reads os.environ["X"].
func (w *walker) envSubscript(i int32, sc *scope) {
	x, t := w.x, w.t
	v := t.Child(i, x.fValue)
	if v == noNode || t.Nodes[v].Kind != x.attribute && t.Nodes[v].Kind != x.identifier {
		return
	}
	if q, _, _ := w.target(v, sc); q != "os.environ" {
		return
	}
	if k := t.Child(i, x.fSubscript); k != noNode && t.Nodes[k].SubEnd == t.Nodes[i].SubEnd {
		w.envKey(k)
	}
}

// envKey emits an env config for a literal key; other keys are dynamic.
func (w *walker) envKey(k int32) {
	key, ok := w.literal(k)
	if !ok || key == "" {
		return
	}
	sp := w.t.Span(k)
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: extract.ConfigEnv, Line: w.lines.Line(sp.Start), Span: sp})
}

// firstPositional returns the first positional argument of an
// argument_list, or noNode.
func (w *walker) firstPositional(args int32) int32 {
	x, t := w.x, w.t
	for c := range t.Kids(args) {
		switch t.Nodes[c].Kind {
		case x.keywordArg, x.listSplat, x.dictSplat:
			return noNode
		}
		return c
	}
	return noNode
}
