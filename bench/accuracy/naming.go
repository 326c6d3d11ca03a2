package main

import (
	"go/types"
)

// qualifiedKey names fn the way our Go extractor qualifies it:
// "<import path>.<Name>" for functions, "<import path>.<Recv>.<Name>" for
// methods, with pointer receivers and type parameters stripped. An external
// test package's path already ends in "_test", as our namespace does. It
// returns "" for what has no such name (a method of an unnamed interface).
func qualifiedKey(fn *types.Func) string {
	fn = fn.Origin()
	if fn.Pkg() == nil {
		return "" // the universe's error.Error
	}
	path := fn.Pkg().Path()
	recv := fn.Signature().Recv()
	if recv == nil {
		return path + "." + fn.Name()
	}
	name := receiverTypeName(recv.Type())
	if name == "" {
		return ""
	}
	return path + "." + name + "." + fn.Name()
}

// receiverTypeName is the declared name of a receiver's type: T for T, *T
// and T[P]; "" for an unnamed type.
func receiverTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		return t.Origin().Obj().Name()
	case *types.TypeParam: // the receiver of an interface method of a constraint
		return ""
	}
	return ""
}

// isInterfaceMethod reports a method declared by an interface (abstract:
// calls through it are dynamic dispatch).
func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type())
}
