package main

import (
	"go/ast"
	"go/types"
)

// fileShape is what one pass over a file's syntax tells about identifiers:
// which are called, which called things are no function, and which are the
// selected name of a selector expression.
type fileShape struct {
	callees map[*ast.Ident]bool
	notes   map[*ast.Ident]string // called conversion, builtin or func value
	selOf   map[*ast.Ident]*ast.SelectorExpr
}

func scanFile(info *types.Info, f *ast.File) fileShape {
	s := fileShape{callees: map[*ast.Ident]bool{}, notes: map[*ast.Ident]string{}, selOf: map[*ast.Ident]*ast.SelectorExpr{}}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			s.selOf[n.Sel] = n
		case *ast.CallExpr:
			id := calleeIdent(n.Fun)
			if id == nil {
				return true
			}
			s.callees[id] = true
			if note := calleeNote(info.Uses[id]); note != "" {
				s.notes[id] = note
			}
		}
		return true
	})
	return s
}

// calleeIdent is the identifier naming what a call calls: F, pkg.F, x.M,
// F[T], through parentheses; nil for a func literal or a call result.
func calleeIdent(fun ast.Expr) *ast.Ident {
	for {
		switch e := fun.(type) {
		case *ast.ParenExpr:
			fun = e.X
		case *ast.IndexExpr:
			fun = e.X
		case *ast.IndexListExpr:
			fun = e.X
		case *ast.StarExpr: // (*T)(x)
			fun = e.X
		case *ast.Ident:
			return e
		case *ast.SelectorExpr:
			return e.Sel
		default:
			return nil
		}
	}
}

// calleeNote says what a called object is when it is no function.
func calleeNote(obj types.Object) string {
	switch obj.(type) {
	case *types.TypeName:
		return "conversion"
	case *types.Builtin:
		return "builtin"
	case *types.Var:
		return "func value"
	}
	return ""
}

// selection reports whether id is the M of x.M on a value (not a package
// qualifier) and whether M is reached through an embedded field.
func (s fileShape) selection(info *types.Info, id *ast.Ident) (onValue, promoted bool) {
	se := s.selOf[id]
	if se == nil {
		return false, false
	}
	sel, ok := info.Selections[se]
	if !ok {
		return false, false // pkg.F
	}
	return true, len(sel.Index()) > 1
}

// outerKey is "<path>.<T>.<M>" for a method M promoted into the named type
// T that x.M selects from; "" when x's type is unnamed.
func (s fileShape) outerKey(info *types.Info, id *ast.Ident) string {
	sel := info.Selections[s.selOf[id]]
	if sel == nil {
		return ""
	}
	t := sel.Recv()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Origin().Obj().Name() + "." + id.Name
}
