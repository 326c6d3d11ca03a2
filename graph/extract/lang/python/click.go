package python

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// clickGroup is a function decorated as a Click group: its full command
// path, or dynamic when the path is not known.
type clickGroup struct {
	path    string
	dynamic bool
}

// click records the Click command or group declared by the decorators of
// function name (qualified q), DESIGN.md, Confidence: @click.command / @click.group
// (through the file's imports of click) and @g.command / @g.group for a
// group g declared earlier in the file. The first such decorator counts.
// A command with a known name gets its row and handler ref at once; one
// whose name is dynamic gets a command ref, returned for the caller to emit
// when it walks decorator at, so that refs stay in source order.
func (w *walker) click(dec int32, name, q string, sc *scope) (at int32, ref extract.RawRef) {
	for d := range w.t.Kids(dec) {
		if w.t.Nodes[d].Kind != w.x.decorator {
			continue
		}
		if ok, dyn := w.clickDecorator(d, dec, name, q, sc); ok {
			if dyn.Name == "" {
				return noNode, dyn
			}
			return d, dyn
		}
	}
	return noNode, extract.RawRef{}
}

// clickDecorator handles one decorator and reports whether it was Click's,
// and the command ref to emit if the command's name is dynamic.
func (w *walker) clickDecorator(d, dec int32, fn, q string, sc *scope) (bool, extract.RawRef) {
	x, t := w.x, w.t
	callee, args := t.FirstKid(d), int32(noNode)
	if t.Kind(callee) == x.call {
		callee, args = t.Child(callee, x.fFunction), t.Child(callee, x.fArguments)
	}
	if callee == noNode {
		return false, extract.RawRef{}
	}
	parent, isGroup, ok := w.clickRole(callee, sc)
	if !ok {
		return false, extract.RawRef{}
	}
	name, expr := w.clickName(args, fn)
	dyn := extract.RawRef{Span: t.Span(d), Kind: extract.RefCommand}
	switch {
	case expr != noNode: // a name Click only knows at run time
		dyn.Name = t.Text(expr)
	case parent != nil && parent.dynamic:
		dyn.Name = name
	case name != "":
		if parent != nil {
			name = parent.path + " " + name
		}
		h := w.addRef(t.Span(dec), fn, q, extract.RefHandler)
		w.out.Commands = append(w.out.Commands, extract.RawCommand{Name: name, Span: t.Span(dec), Handler: h})
		w.setGroup(isGroup, fn, clickGroup{path: name})
		return true, extract.RawRef{}
	}
	w.setGroup(isGroup, fn, clickGroup{dynamic: true})
	return true, dyn
}

func (w *walker) setGroup(isGroup bool, fn string, g clickGroup) {
	if !isGroup {
		return
	}
	if w.groups == nil {
		w.groups = make(map[string]clickGroup)
	}
	w.groups[fn] = g
}

// clickRole recognises a Click decorator: its parent group (nil at the
// root) and whether it declares a group.
func (w *walker) clickRole(callee int32, sc *scope) (parent *clickGroup, group, ok bool) {
	x, t := w.x, w.t
	switch q, _, _ := w.target(callee, sc); q {
	case "click.command":
		return nil, false, true
	case "click.group":
		return nil, true, true
	}
	if t.Nodes[callee].Kind != x.attribute {
		return nil, false, false
	}
	obj, attr := t.Child(callee, x.fObject), t.Child(callee, x.fAttribute)
	if t.Kind(obj) != x.identifier || attr == noNode {
		return nil, false, false
	}
	g, found := w.groups[string(t.Raw(obj))]
	switch method := string(t.Raw(attr)); {
	case !found:
	case method == "command":
		return &g, false, true
	case method == "group":
		return &g, true, true
	}
	return nil, false, false
}

// clickName reads the command name from the decorator's arguments: a
// literal first positional argument or name= keyword. With neither (or
// None) it is Click's default for function fn. A non-literal name is
// returned as expr.
func (w *walker) clickName(args int32, fn string) (name string, expr int32) {
	arg := int32(noNode)
	if args != noNode && w.t.Nodes[args].Kind == w.x.argList {
		arg = w.firstPositional(args)
		if arg == noNode {
			arg = w.keywordValue(args, "name")
		}
	}
	if arg == noNode || w.t.Nodes[arg].Kind == w.x.none {
		return defaultCommandName(fn), noNode
	}
	if v, ok := w.literal(arg); ok {
		return v, noNode
	}
	return "", arg
}

// keywordValue returns the value of keyword argument key, or noNode.
func (w *walker) keywordValue(args int32, key string) int32 {
	x, t := w.x, w.t
	for c := range t.Kids(args) {
		if t.Nodes[c].Kind != x.keywordArg {
			continue
		}
		if n := t.Child(c, x.fName); n != noNode && string(t.Raw(n)) == key {
			return t.Child(c, x.fValue)
		}
	}
	return noNode
}

// defaultCommandName is Click's (≥ 8.2) name for a command function:
// lower case, "_" → "-", and a trailing -command, -cmd, -group or -grp
// removed.
func defaultCommandName(fn string) string {
	name := strings.ReplaceAll(strings.ToLower(fn), "_", "-")
	if i := strings.LastIndexByte(name, '-'); i >= 0 {
		switch name[i+1:] {
		case "command", "cmd", "group", "grp":
			return name[:i]
		}
	}
	return name
}
