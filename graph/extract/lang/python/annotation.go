package python

import (
	"bytes"
	"strings"
)

// annotationType is the candidate of the class an annotation names, for
// type evidence: a plain or dotted name, quoted or not, with Optional[...],
// Union[..., None], Annotated[T, ...] and `T | None` stripped. Containers,
// builtins, unions of several types and anything dynamic give "".
func (w *walker) annotationType(i int32, sc *scope) string {
	if i == noNode {
		return ""
	}
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.typ, x.parenExpr, x.typeParameter:
		if c := t.FirstKid(i); c != noNode && t.Nodes[c].SubEnd == t.Nodes[i].SubEnd {
			return w.annotationType(c, sc)
		}
	case x.identifier, x.attribute:
		if w.chain(i) {
			return classOnly(w.typeName(w.segs, sc))
		}
	case x.genericType, x.subscript:
		return w.wrappedType(i, sc)
	case x.binaryOp:
		l, r := t.Child(i, x.fLeft), t.Child(i, x.fRight)
		switch {
		case w.isNone(r):
			return w.annotationType(l, sc)
		case w.isNone(l):
			return w.annotationType(r, sc)
		}
	case x.str:
		return w.stringAnnotation(w.stringBody(i), sc)
	}
	return ""
}

// typeArgs splits a generic type or subscript X[A, B] into X and [A, B].
func (w *walker) typeArgs(i int32) (head int32, params []int32) {
	head = noNode
	for c := range w.t.Kids(i) {
		switch {
		case head == noNode:
			head = c
		case w.t.Nodes[c].Kind == w.x.typeParameter:
			for p := range w.t.Kids(c) {
				params = append(params, p)
			}
		default:
			params = append(params, c)
		}
	}
	return head, params
}

// wrappedType unwraps Optional[T], Union[T, None] and Annotated[T, ...].
func (w *walker) wrappedType(i int32, sc *scope) string {
	head, params := w.typeArgs(i)
	if head == noNode || !w.chain(head) || len(params) == 0 {
		return ""
	}
	switch strings.TrimPrefix(strings.TrimPrefix(w.typeName(w.segs, sc), "typing."), "typing_extensions.") {
	case "Optional":
		if len(params) == 1 {
			return w.annotationType(params[0], sc)
		}
	case "Annotated":
		return w.annotationType(params[0], sc)
	case "Union":
		var only int32 = noNode
		for _, p := range params {
			if w.isNone(p) {
				continue
			}
			if only != noNode {
				return ""
			}
			only = p
		}
		return w.annotationType(only, sc)
	}
	return ""
}

// isNone reports whether i is None, possibly wrapped in a type node.
func (w *walker) isNone(i int32) bool {
	if w.t.Kind(i) == w.x.typ {
		i = w.t.FirstKid(i)
	}
	return i != noNode && w.t.Nodes[i].Kind == w.x.none
}

// stringBody is the text between the quotes of a plain string literal, or
// nil for an f-string, a concatenation or a string with escapes.
func (w *walker) stringBody(i int32) []byte {
	x, t := w.x, w.t
	start, end := t.FirstKid(i), int32(noNode)
	for c := range t.Kids(i) {
		if t.Nodes[c].Kind != x.strStart && t.Nodes[c].Kind != x.strEnd {
			return nil // an interpolation or escape sequence
		}
		end = c
	}
	if start == noNode || t.Nodes[start].Kind != x.strStart || t.Nodes[end].Kind != x.strEnd {
		return nil
	}
	return t.Src[t.Nodes[start].End:t.Nodes[end].Start]
}

// stringAnnotation reads a quoted annotation: "T", "mod.T", "T | None",
// "Optional[T]".
func (w *walker) stringAnnotation(s []byte, sc *scope) string {
	s = bytes.TrimSpace(s)
	if a, b, ok := bytes.Cut(s, []byte("|")); ok {
		a, b = bytes.TrimSpace(a), bytes.TrimSpace(b)
		switch {
		case string(b) == "None":
			s = a
		case string(a) == "None":
			s = b
		default:
			return ""
		}
	}
	for _, opt := range []string{"Optional[", "typing.Optional["} {
		if inner, ok := bytes.CutPrefix(s, []byte(opt)); ok && bytes.HasSuffix(inner, []byte("]")) {
			s = bytes.TrimSpace(inner[:len(inner)-1])
		}
	}
	segs := bytes.Split(s, []byte("."))
	for _, seg := range segs {
		if !isIdentifier(seg) {
			return ""
		}
	}
	return classOnly(w.typeName(segs, sc))
}

// classOnly drops the typing module's names (Any, a TypeVar's module
// path...): none is a class to look a member up in.
func classOnly(q string) string {
	if isTyping(q) {
		return ""
	}
	return q
}

// isIdentifier reports whether s is an ASCII Python identifier.
func isIdentifier(s []byte) bool {
	for i, c := range s {
		switch {
		case c == '_', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case c >= '0' && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return len(s) > 0
}

// typeName is the candidate of a dotted type name as seen from sc: its
// first segment bound to an import, a class or a module-level name, or
// unbound (a later definition, a star import). typing.Self is the
// enclosing class. Locals and builtins give "".
func (w *walker) typeName(segs [][]byte, sc *scope) string {
	b, s, found := sc.lookup(segs[0])
	var root string
	switch {
	case !found && isBuiltin(segs[0]):
		return ""
	case !found && len(w.stars) > 0:
		root, _ = w.starCandidates(string(segs[0]))
	case !found:
		root = join(w.ns, string(segs[0]))
	case b.kind == bindImport || b.kind == bindClass:
		root = b.target
	case b.kind == bindVar && s.kind == scopeModule:
		root = join(w.ns, string(segs[0]))
	}
	if root == "" {
		return ""
	}
	buf := make([]byte, 0, 64)
	buf = append(buf, root...)
	for _, seg := range segs[1:] {
		buf = append(append(buf, '.'), seg...)
	}
	q := string(buf)
	if q == "typing.Self" || q == "typing_extensions.Self" {
		return selfClass(sc)
	}
	return q
}

// selfClass is the class whose body or method sc is, or "".
func selfClass(sc *scope) string {
	for ; sc != nil; sc = sc.parent {
		switch {
		case sc.kind == scopeClass:
			return sc.qual
		case sc.class != nil:
			return sc.class.qual
		}
	}
	return ""
}

// iterables are the generic containers whose first type argument is what
// iterating one gives, as typing, collections.abc and the builtins name
// them.
var iterables = map[string]bool{
	"List": true, "Sequence": true, "MutableSequence": true, "Iterable": true,
	"Iterator": true, "Set": true, "MutableSet": true, "AbstractSet": true,
	"FrozenSet": true, "Collection": true, "Deque": true, "Generator": true,
	"AsyncIterable": true, "AsyncIterator": true, "AsyncGenerator": true,
	"list": true, "set": true, "frozenset": true, "deque": true,
}

// elemType is the class of the elements of an iterable annotation
// (List[T], Sequence[T], list[T], Iterator[T], Tuple[T, ...], and those
// wrapped in Optional or `| None`), or "".
func (w *walker) elemType(i int32, sc *scope) string {
	if i == noNode {
		return ""
	}
	x, t := w.x, w.t
	switch t.Nodes[i].Kind {
	case x.typ, x.parenExpr:
		if c := t.FirstKid(i); c != noNode && t.Nodes[c].SubEnd == t.Nodes[i].SubEnd {
			return w.elemType(c, sc)
		}
	case x.binaryOp:
		l, r := t.Child(i, x.fLeft), t.Child(i, x.fRight)
		switch {
		case w.isNone(r):
			return w.elemType(l, sc)
		case w.isNone(l):
			return w.elemType(r, sc)
		}
	case x.genericType, x.subscript:
		head, params := w.typeArgs(i)
		if head == noNode || len(params) == 0 || !w.chain(head) {
			return ""
		}
		name := string(t.Raw(head))
		if len(w.segs) > 1 || !isBuiltin(w.segs[0]) {
			name = w.typeName(w.segs, sc)
			for _, p := range []string{"typing.", "typing_extensions.", "collections.abc.", "collections."} {
				name = strings.TrimPrefix(name, p)
			}
		}
		switch {
		case iterables[name]:
			return w.annotationType(params[0], sc)
		case name == "Optional" && len(params) == 1:
			return w.elemType(params[0], sc)
		case (name == "Tuple" || name == "tuple") && len(params) == 2 && string(t.Raw(params[1])) == "...":
			return w.annotationType(params[0], sc)
		}
	}
	return ""
}
