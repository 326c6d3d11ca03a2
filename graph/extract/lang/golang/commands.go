package golang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// cobraPath is the import path whose Command literals are CLI commands.
const cobraPath = "github.com/spf13/cobra"

// commands collects cobra.Command literals during the walk, and what ties
// them together in this file: the variables and constructor functions they
// are bound to, and the parent.AddCommand(child...) calls.
type commands struct {
	enabled bool // the file imports cobra
	lits    []cmdLit
	vars    map[binding]int // variable → literal
	funcs   map[string]int  // function returning a literal → literal
	returns []pendingReturn // `return x` in a function, resolved at the end
	adds    []pendingAdd
}

// cmdLit is one cobra.Command{...} literal.
type cmdLit struct {
	span     extract.Span // the literal, including a leading &
	base     string       // first word of a literal Use
	literal  bool         // Use is a non-empty string literal
	handler  string       // short name of the handler, "" when none
	target   string       // the handler's candidate qualified name
	body     extract.Span // a closure handler of several statements
	parent   int          // index into lits, -1 for a root
	bindings []string     // what holds it, for other files (RawCommand.Bindings)
}

// binding names a variable: decl is the node of the enclosing top-level
// function or method, -1 at package level.
type binding struct {
	decl int32
	name string
}

type pendingReturn struct {
	fn  string // the function's name
	ret binding
}

type pendingAdd struct {
	decl     int32
	parent   string
	children []childRef
	// parentBinding names the parent when it is held in another file.
	parentBinding string
	span          extract.Span
}

// childRef is an argument of AddCommand: a variable x or a call newX() of
// this file, or what names it in another (binding: a package variable or
// function, pkg.NewCmd()).
type childRef struct {
	name    string
	call    bool
	binding string
}

// isCobraCommand reports a composite literal type cobra.Command, with
// cobra the local name of the cobra import.
func (x *fileExtractor) isCobraCommand(typ int32) bool {
	if x.t.Kind(typ) != kinds.qualifiedType || x.t.Text(x.t.Child(typ, fields.name)) != "Command" {
		return false
	}
	path, ok := x.importPath(x.t.Text(x.t.Child(typ, fields.pkg)))
	return ok && path == cobraPath
}

// compositeLit walks T{...}, noting cobra commands.
func (x *fileExtractor) compositeLit(i int32) {
	typ := x.t.Child(i, fields.typ)
	x.walk(typ)
	if x.cmds.enabled && x.isCobraCommand(typ) {
		x.commandLit(i)
	}
	x.walk(x.t.Child(i, fields.body))
}

// commandLit records a cobra.Command literal. A Use that is not a string
// literal gets a command ref (its text as the name) instead of a row.
func (x *fileExtractor) commandLit(i int32) {
	outer := i
	if p := x.t.parent(i); x.t.Kind(p) == kinds.unaryExpr && x.t.Src[x.t.Nodes[p].Start] == '&' {
		outer = p
	}
	lit := cmdLit{span: x.span(outer), parent: -1}
	use, run, runE := x.commandFields(x.t.Child(i, fields.body))
	if v, ok := x.stringValue(use); ok {
		if words := strings.Fields(v); len(words) > 0 {
			lit.base, lit.literal = words[0], true
		}
	} else if use >= 0 {
		x.addRef(use, extract.RefCommand, normalize(x.t.Text(use)), "")
	}
	if runE < 0 {
		runE = run // cobra runs RunE when both are set
	}
	lit.handler, lit.target = x.handlerTarget(runE)
	if f := x.t.unwrap(runE); runE >= 0 && lit.target == "" && x.t.Kind(f) == kinds.funcLit {
		lit.body = x.span(f)
	}
	x.cmds.lits = append(x.cmds.lits, lit)
	x.bindCommand(outer, len(x.cmds.lits)-1)
}

// commandFields finds the values of the Use, Run and RunE keys.
func (x *fileExtractor) commandFields(body int32) (use, run, runE int32) {
	use, run, runE = -1, -1, -1
	for el := x.t.FirstKid(body); el >= 0; el = x.t.Next(el) {
		if x.t.Kind(el) != kinds.keyedElement {
			continue
		}
		value := x.t.FirstKid(x.t.Child(el, fields.value))
		switch x.t.Text(x.t.FirstKid(x.t.Child(el, fields.key))) {
		case "Use":
			use = value
		case "Run":
			run = value
		case "RunE":
			runE = value
		}
	}
	return use, run, runE
}

// bindCommand notes what a literal is bound to: x := lit, x = lit,
// var x = lit, or `return lit` in a top-level function (not a method).
func (x *fileExtractor) bindCommand(outer int32, lit int) {
	list := x.t.parent(outer)
	if x.t.Kind(list) != kinds.exprList || x.t.onlyChild(list) != outer {
		return
	}
	holder := x.t.parent(list)
	switch x.t.Kind(holder) {
	case kinds.shortVarDecl, kinds.assignStmt:
		if id := x.t.onlyChild(x.t.Child(holder, fields.left)); x.t.Kind(id) == kinds.ident {
			name := x.t.Text(id)
			// x = lit with no local x assigns a package variable (in init).
			global := x.t.Kind(holder) == kinds.assignStmt && !x.scope.has(name)
			x.bindVar(name, lit, global)
		}
	case kinds.varSpec:
		id := x.t.Child(holder, fields.name)
		if id >= 0 && x.t.field(x.t.Next(id)) != fields.name { // one name
			x.bindVar(x.t.Text(id), lit, false)
		}
	case kinds.returnStmt:
		if x.lits == 0 && x.fn != "" {
			x.bindFunc(x.fn, lit)
		}
	}
}

func (x *fileExtractor) bindVar(name string, lit int, global bool) {
	if x.cmds.vars == nil {
		x.cmds.vars = make(map[binding]int)
	}
	key := binding{x.fnDecl, name}
	if global {
		key.decl = -1
	}
	if !hasKey(x.cmds.vars, key) {
		x.cmds.vars[key] = lit
	}
	x.cmds.bind(lit, x.varBinding(name, key.decl < 0))
}

// varBinding names a variable for other files: a package variable by its
// qualified name; a local one by its function and name, which only this
// file can mention but which keeps its commands apart.
func (x *fileExtractor) varBinding(name string, global bool) string {
	if global {
		return x.qualify(name)
	}
	fn := x.fn
	if fn == "" && x.fnDecl >= 0 {
		fn = fmt.Sprintf("@%d", x.t.Nodes[x.fnDecl].Start) // a method
	}
	return x.qualify(fn) + "#" + name
}

func (x *fileExtractor) bindFunc(fn string, lit int) {
	if x.cmds.funcs == nil {
		x.cmds.funcs = make(map[string]int)
	}
	if !hasKey(x.cmds.funcs, fn) {
		x.cmds.funcs[fn] = lit
	}
	x.cmds.bind(lit, x.qualify(fn)) // the constructor is what other files call
}

// bind adds a name the literal is held by.
func (c *commands) bind(lit int, name string) {
	if l := &c.lits[lit]; !slices.Contains(l.bindings, name) {
		l.bindings = append(l.bindings, name)
	}
}

func hasKey[K comparable](m map[K]int, key K) bool {
	_, ok := m[key]
	return ok
}
