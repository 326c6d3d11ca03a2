package cpp

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// builtinTypes are the standard typedefs that are C's equivalent of
// builtins: no repository defines them, so refs to them would only be
// noise (the Go extractor skips `int` and `error` the same way).
var builtinTypes = map[string]bool{
	"size_t": true, "ssize_t": true, "ptrdiff_t": true, "intptr_t": true, "uintptr_t": true,
	"intmax_t": true, "uintmax_t": true, "int8_t": true, "int16_t": true, "int32_t": true,
	"int64_t": true, "uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
	"bool": true, "wchar_t": true, "char8_t": true, "char16_t": true, "char32_t": true,
	"max_align_t": true, "nullptr_t": true, "va_list": true,
}

// castOperators look like template function calls but are operators.
var castOperators = map[string]bool{
	"static_cast": true, "dynamic_cast": true, "reinterpret_cast": true, "const_cast": true,
}

// call emits the callee's ref, reads getenv keys and walks the arguments.
func (w *walker) call(i int32) {
	x, t := w.x, w.t
	fn := t.Child(i, x.fFunction)
	outer := w.args
	w.args = w.callArgs(t.Child(i, x.fArguments))
	callee := w.callee(fn)
	w.args = outer
	for c := range t.Kids(i) {
		if c == fn {
			continue
		}
		if t.Nodes[c].Field == x.fArguments && envCalls[callee] {
			w.envKey(c)
		}
		w.walk(c)
	}
}

// callee emits the ref of a called function and returns its name as
// written ("" for a member call, a local or an expression).
func (w *walker) callee(fn int32) string {
	x, t := w.x, w.t
	switch t.Kind(fn) {
	case x.identifier:
		if t.empty(fn) || w.isLocal(t.Raw(fn)) {
			return ""
		}
		name := t.Text(fn)
		w.addRef(t.Span(fn), name, extract.RefCall, "", false)
		w.pending[len(w.pending)-1].cls = w.methodOf
		return name
	case x.qualifiedIdent:
		return w.qualifiedCall(fn)
	case x.templateFunc:
		name := t.Child(fn, x.fName)
		s := ""
		if !castOperators[string(t.Raw(name))] {
			s = w.callee(name)
		}
		w.walkExcept(fn, name)
		return s
	case x.fieldExpr:
		w.memberCall(fn)
	default:
		w.walk(fn)
	}
	return ""
}

// memberCall emits `obj.f()` and `p->f()`, with obj's receiver chain
// when the file says what obj is.
func (w *walker) memberCall(fe int32) {
	x, t := w.x, w.t
	var recv *recvSpec
	if w.cxx {
		recv = w.exprRecv(t.Child(fe, x.fArgument))
	}
	for c := range t.Kids(fe) {
		if t.Nodes[c].Field != x.fField {
			w.walk(c)
			continue
		}
		name := c
		if t.Nodes[name].Kind == x.dependentName && name+1 < t.Nodes[name].SubEnd { // obj.template f<T>()
			name++
		}
		if k := t.Nodes[name].Kind; k == x.templateMethod || k == x.templateFunc {
			name = t.Child(name, x.fName)
		}
		if !t.empty(name) {
			w.addRecvRef(t.Span(name), w.nameText(name), recv)
		}
		if name != c {
			w.walkExcept(c, name)
		}
	}
}

// qualifiedCall emits the ref of `ns::f(...)` and returns "ns::f".
func (w *walker) qualifiedCall(q int32) string {
	written, last := w.qualifiedUse(q, extract.RefCall)
	if last == noNode {
		return ""
	}
	return written
}

// qualifiedRef handles a qualified name met by the walk: a type ref when
// it names a type, nothing for a value; template arguments are walked.
func (w *walker) qualifiedRef(q int32) bool {
	_, last := w.qualifiedUse(q, extract.RefType)
	return last != noNode
}

// qualifiedUse emits a ref of kind for a qualified name spanning from its
// start to its last name, unless it starts with a local (`T::type`) or,
// for a type ref, does not end in a type name. It returns the name as
// written, template arguments left out, and the last name's node (noNode
// when there is no ref).
func (w *walker) qualifiedUse(q int32, kind extract.RefKind) (string, int32) {
	t := w.t
	buf, last, ok := w.appendQualified(nil, q)
	first, _, _ := bytes.Cut(buf, []byte("::"))
	if !ok || t.empty(last) || w.isLocal(first) ||
		kind == extract.RefType && t.Nodes[last].Kind != w.x.typeIdent {
		w.walkTemplateArgs(q)
		return "", noNode
	}
	written := string(buf)
	sp := extract.Span{Start: t.Nodes[q].Start, End: t.Nodes[last].End}
	w.addRef(sp, w.nameText(last), kind, written, t.Child(q, w.x.fScope) == noNode)
	w.walkTemplateArgs(q)
	return written, last
}

// typeRef emits the ref of a type_identifier in a type position, unless
// it is a template parameter or one of builtinTypes.
func (w *walker) typeRef(i int32) bool {
	t := w.t
	if t.Kind(i) != w.x.typeIdent || t.empty(i) {
		return false
	}
	b := t.Raw(i)
	if w.isLocal(b) || builtinTypes[string(b)] {
		return false
	}
	w.addRef(t.Span(i), string(b), extract.RefType, "", false)
	return true
}

// typeUse emits the ref of a type named by i (a type_identifier, a
// qualified name or a template type) and walks its template arguments. It
// reports whether the type itself got a ref.
func (w *walker) typeUse(i int32) bool {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.typeIdent:
		return w.typeRef(i)
	case x.qualifiedIdent:
		return w.qualifiedRef(i)
	case x.templateType:
		name := t.Child(i, x.fName)
		ok := w.typeUse(name)
		w.walkExcept(i, name)
		return ok
	}
	w.walk(i)
	return false
}

// appendQualified appends the name i spells, template arguments left out
// ("std::vector::iterator"), and returns its last name node.
func (w *walker) appendQualified(buf []byte, i int32) ([]byte, int32, bool) {
	x, t := w.x, w.t
	switch t.Kind(i) {
	case x.qualifiedIdent:
		sc, nm := t.Child(i, x.fScope), t.Child(i, x.fName)
		if sc != noNode {
			var ok bool
			if buf, _, ok = w.appendQualified(buf, sc); !ok {
				return buf, noNode, false
			}
			buf = append(buf, "::"...)
		}
		return w.appendQualified(buf, nm)
	case x.templateType, x.templateFunc, x.templateMethod:
		return w.appendQualified(buf, t.Child(i, x.fName))
	case x.identifier, x.fieldIdent, x.typeIdent, x.namespaceIdent, x.destructorName, x.operatorName:
		if t.empty(i) {
			return buf, noNode, false
		}
		return append(buf, w.nameText(i)...), i, true
	}
	return buf, noNode, false
}

// nameText is the short name a name node spells: "f", "~K",
// "operator==", "operator bool".
func (w *walker) nameText(n int32) string {
	x, t := w.x, w.t
	switch t.Kind(n) {
	case x.destructorName:
		return string(removeSpace(t.Raw(n)))
	case x.operatorName:
		return operatorName(t.Raw(n))
	case x.operatorCast:
		b := t.Raw(n)
		if p := bytes.IndexByte(b, '('); p > 0 {
			b = b[:p]
		}
		return normalize(b)
	case x.templateFunc, x.templateType, x.templateMethod:
		return w.nameText(t.Child(n, x.fName))
	case x.qualifiedIdent:
		_, last, ok := w.appendQualified(nil, n)
		if ok {
			return w.nameText(last)
		}
	}
	if n < 0 {
		return ""
	}
	return t.Text(n)
}

// operatorName spells an operator without inner spaces: "operator==",
// "operator()", but "operator new[]".
func operatorName(b []byte) string {
	rest := removeSpace(bytes.TrimPrefix(b, []byte("operator")))
	if len(rest) > 0 && isIdentByte(rest[0]) {
		return "operator " + string(rest)
	}
	return "operator" + string(rest)
}

func removeSpace(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			out = append(out, c)
		}
	}
	return out
}

// lambda walks a lambda with its parameters as locals; it defines no
// symbols, wherever it is.
func (w *walker) lambda(i int32) {
	saved, mark := w.save(), len(w.locals)
	w.ctx = ctxBody
	for c := range w.t.Kids(i) {
		w.walk(c)
		if w.t.Nodes[c].Field == w.x.fDeclarator {
			w.declareParams(w.t.Child(c, w.x.fParameters))
		}
	}
	w.locals = w.locals[:mark]
	w.restore(saved)
}

// forRange declares the loop variables of `for (auto& [k, v] : m)`.
func (w *walker) forRange(i int32) {
	for c := range w.t.Kids(i) {
		if w.t.Nodes[c].Field == w.x.fDeclarator {
			w.walkDeclarator(c)
			w.declareLocal(c, w.t.Child(i, w.x.fType))
		} else {
			w.walk(c)
		}
	}
}

// values walks a node whose bare-name children are C values: a function
// passed (`qsort(a, n, sz, cmp)`), stored (`.alloc = myAlloc`, `{"cos",
// math_cos}`, `p->cb = onRead`), compared (`c->proc == execCommand`),
// taken (`&f`) or returned. Each such name
// that is not a local gets a use ref; resolution finds whether it names a
// function, a global or nothing the index holds. ALL_CAPS names are left
// out: in C they are macros and constants (NULL, EXIT_FAILURE).
func (w *walker) values(i int32) {
	x, t := w.x, w.t
	k := t.Kind(i)
	for c := range t.Kids(i) {
		if t.Kind(c) == x.identifier && w.isValueSlot(i, k, c) {
			w.valueRef(c)
			continue
		}
		w.walk(c)
	}
}

// isValueSlot reports whether child c of node i (of kind k) holds a value.
func (w *walker) isValueSlot(i int32, k uint16, c int32) bool {
	x, t := w.x, w.t
	f := t.Nodes[c].Field
	switch k {
	case x.argList, x.initList, x.returnStmt:
		return true
	case x.initPair:
		return f == x.fValue
	case x.assignExpr:
		return f == x.fRight
	case x.binaryExpr: // cmd->proc == execCommand
		return f == x.fLeft || f == x.fRight
	case x.condExpr:
		return f == x.fConsequence || f == x.fAlternative
	case x.pointerExpr:
		return f == x.fArgument && t.Src[t.Nodes[i].Start] == '&'
	}
	return false
}

// valueRef emits the use ref of a bare name used as a value.
func (w *walker) valueRef(c int32) {
	t := w.t
	if t.empty(c) {
		return
	}
	raw := t.Raw(c)
	if allCaps(raw) || libcValues[string(raw)] || w.isLocal(raw) {
		return
	}
	w.addRef(t.Span(c), t.Text(c), extract.RefUse, "", false)
}

// vexingArgs walks the arguments of a local `T x(f());` that tree-sitter
// reads as the parameters of a function x: `f()` reads as a parameter of
// type f returning a function, and is a call of f. Other arguments are
// walked as written.
func (w *walker) vexingArgs(params int32) {
	x, t := w.x, w.t
	for c := range t.Kids(params) {
		typ, d := t.Child(c, x.fType), t.Child(c, x.fDeclarator)
		if t.Kind(c) != x.paramDecl || t.Kind(d) != x.abstractFuncDecl || t.FirstKid(t.Child(d, x.fParameters)) != noNode {
			w.walk(c)
			continue
		}
		outer := w.args
		w.args = extract.Exactly(0)
		switch t.Kind(typ) {
		case x.typeIdent:
			if !t.empty(typ) && !w.isLocal(t.Raw(typ)) {
				w.addRef(t.Span(typ), t.Text(typ), extract.RefCall, "", false)
				w.pending[len(w.pending)-1].cls = w.methodOf
			}
		case x.qualifiedIdent:
			w.qualifiedUse(typ, extract.RefCall)
		default:
			w.walk(c)
		}
		w.args = outer
	}
}

// address walks `&x`; `&Benchmark::WriteSeq` and `&ns::f` take a function
// by its qualified name, a use of it.
func (w *walker) address(i int32) {
	t := w.t
	arg := t.Child(i, w.x.fArgument)
	if t.Src[t.Nodes[i].Start] != '&' || t.Kind(arg) != w.x.qualifiedIdent {
		w.walkKids(i)
		return
	}
	w.qualifiedUse(arg, extract.RefUse)
}

// libcValues are the C library's globals that code passes around most:
// no repository defines them, so their refs would only be noise.
var libcValues = map[string]bool{"errno": true, "stderr": true, "stdout": true, "stdin": true, "environ": true}

// allCaps reports whether b has no lower-case letter (a macro or constant
// by C convention).
func allCaps(b []byte) bool {
	for _, ch := range b {
		if ch >= 'a' && ch <= 'z' {
			return false
		}
	}
	return true
}
