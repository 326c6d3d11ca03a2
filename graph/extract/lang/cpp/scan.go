package cpp

import "bytes"

// LooksLikeCPP reports whether a header is C++ by content: whether, outside
// comments, string and character literals and preprocessor lines, it has
// a construct C does not: `::` before a name (not GNU asm's `: :`, and
// not inside a C23 [[vendor::attribute]]), `template <`, `namespace`
// before a name or `{`, `class Name` before `{`, `:`, `;` or `final`, an
// access specifier `public:`, `private:` or `protected:`, `extern "C++"`,
// `noexcept`, a raw string literal or a `static_cast<`-style cast. It is
// one pass over the bytes.
//
// Code inside `#ifdef __cplusplus` (or `#if defined(__cplusplus)`, or the
// #else of `#ifndef __cplusplus`) is C++ by definition, so markers there
// do not make a C header that also serves C++ (stdlib.h, math.h) a C++
// one, unless such blocks hold nearly all of the header's code (a C++
// header wrapped whole in `#ifdef __cplusplus`). Macros named after
// __cplusplus (U_SHOW_CPLUSPLUS_API, __CORRECT_ISO_CPP_STRING_H_PROTO)
// count as __cplusplus.
func LooksLikeCPP(src []byte) bool {
	lx := lexer{src: src, lineStart: true}
	var prev2, prev token
	inner, outer, innerMarkers := 0, 0, 0
	for {
		tok := lx.next()
		if tok.kind == tokEOF {
			return innerMarkers > 0 && outer*8 < inner
		}
		marker := tok.kind == tokRaw || isCPPMarker(prev2, prev, tok, &lx)
		switch {
		case !lx.inCPP() && marker:
			return true
		case lx.inCPP():
			inner++
			if marker {
				innerMarkers++
			}
		default:
			outer++
		}
		prev2, prev = prev, tok
	}
}

// isCPPMarker reports whether tok, after prev2 and prev, is C++ only.
func isCPPMarker(prev2, prev, tok token, lx *lexer) bool {
	switch {
	case tok.is("::"):
		return lx.attr == 0 && lx.pos < len(lx.src) && (isIdentByte(lx.src[lx.pos]) || lx.src[lx.pos] == '~')
	case tok.is("noexcept"):
		return true
	case tok.is("<"):
		return prev.is("template") || prev.is("static_cast") || prev.is("dynamic_cast") ||
			prev.is("reinterpret_cast") || prev.is("const_cast")
	case tok.is(":"):
		return prev.is("public") || prev.is("private") || prev.is("protected")
	case prev.is("namespace"):
		return tok.kind == tokIdent || tok.is("{")
	case prev.is("extern"):
		return tok.kind == tokString && string(tok.text) == "C++"
	case prev2.is("class") && prev.kind == tokIdent:
		return tok.is("{") || tok.is(";") || tok.is("final")
	}
	return false
}

// firstNamespace is the name of the first named namespace a file opens,
// "a" or "a::b", from a lexical scan; "" when there is none.
func firstNamespace(src []byte) string {
	lx := lexer{src: src, lineStart: true}
	var prev token
	for tok := lx.next(); tok.kind != tokEOF; prev, tok = tok, lx.next() {
		if tok.is("namespace") && !prev.is("using") {
			if name := lx.namespaceName(); name != "" {
				return name
			}
		}
	}
	return ""
}

// namespaceName reads "a::b {" after `namespace` and returns "a::b", or ""
// when no body follows (an alias, `using namespace`, an anonymous one).
func (l *lexer) namespaceName() string {
	var name []byte
	for t := l.next(); ; t = l.next() {
		switch {
		case t.kind == tokIdent && !t.is("inline"):
			name = append(name, t.text...)
		case t.is("::"):
			name = append(name, "::"...)
		case t.is("{"):
			return string(name)
		default:
			return ""
		}
	}
}

// maskDeclMacros blanks, with spaces, the export and attribute macros no
// grammar knows and tree-sitter misreads, so that what they decorate
// parses:
//   - between `class`, `struct` or `union` and the name of a definition
//     (`class LEVELDB_EXPORT Env : public X {`), read as an error that can
//     swallow the rest of the file;
//   - before a declaration's type (`LUA_API int (lua_isnumber) (lua_State
//     *L);`, `LUA_API lua_CFunction lua_atpanic (lua_State *L, …) {`,
//     `SQLITE_API int sqlite3_open(…);`), where the macro reads as the type
//     and the rest as nonsense: a declaration starts there (after `;` or
//     `}`), and before its first `(` come two more names (`const char`,
//     `lua_CFunction lua_atpanic`) or one and a parenthesized name. One
//     name (`HANDLE CreateFoo(void)`) is a type and a function: kept.
//   - in C++ (cxx), after a declarator, with its arguments: clang's
//     thread-safety annotations (see annotations; `Status bg_error_
//     GUARDED_BY(mutex_);`,
//     `void Lock() EXCLUSIVE_LOCKS_REQUIRED(mu_);`), read as a method
//     GUARDED_BY that hides the field: the macro follows a name that is
//     no keyword, or the `)` of a parameter list, and `;`, `{`, `=` or
//     `,` follows its arguments (or, after a parameter list, the `:` of
//     a constructor's initializers).
//
// Offsets, lines and the rest of the text are unchanged; src itself is
// never written (a copy is made when there is something to blank).
func maskDeclMacros(src []byte, cxx bool) []byte {
	trailing := cxx && hasTrailingMacro(src)
	if !trailing && !hasDeclMacro(src) {
		return src
	}
	var toks []token
	var ends []int // where each token ends in src
	lx := lexer{src: src, lineStart: true}
	for tok := lx.next(); tok.kind != tokEOF; tok = lx.next() {
		toks = append(toks, tok)
		ends = append(ends, lx.pos)
	}
	out := src
	for i := range toks {
		last := i
		switch {
		case isClassMacro(toks, i) || isDeclSpecMacro(toks, i):
		case trailing && isTrailingMacro(toks, i):
			last = closing(toks, i+1)
		default:
			continue
		}
		if len(out) > 0 && &out[0] == &src[0] {
			out = bytes.Clone(src)
		}
		for k := ends[i] - len(toks[i].text); k < ends[last]; k++ {
			if out[k] != '\n' {
				out[k] = ' '
			}
		}
	}
	return out
}

// notDeclarators are the words a macro call after a name follows in a
// statement (`return FOO(x);`), not in a declaration.
var notDeclarators = map[string]bool{
	"return": true, "else": true, "do": true, "case": true, "new": true, "delete": true, "throw": true,
	"goto": true, "sizeof": true, "co_return": true, "co_yield": true, "co_await": true, "typedef": true,
	"using": true, "namespace": true, "public": true, "private": true, "protected": true,
}

// statementHeads are the words whose parenthesized condition a statement
// follows (`if (x) FOO(y);`).
var statementHeads = map[string]bool{"if": true, "while": true, "for": true, "switch": true, "catch": true}

// isTrailingMacro reports whether toks[i] is an annotation macro with
// arguments after a declarator (see maskDeclMacros).
func isTrailingMacro(toks []token, i int) bool {
	if i < 1 || i+1 >= len(toks) || toks[i].kind != tokIdent || !isAnnotation(toks[i].text) || !toks[i+1].is("(") {
		return false
	}
	end := closing(toks, i+1)
	if end+1 >= len(toks) {
		return false
	}
	if n := toks[end+1]; !n.is(";") && !n.is("{") && !n.is("=") && !n.is(",") && !(n.is(":") && toks[i-1].is(")")) {
		return false
	}
	switch prev := toks[i-1]; {
	case prev.kind == tokIdent:
		return !notDeclarators[string(prev.text)] && !isMacroName(prev.text)
	case prev.is(")"):
		open := opening(toks, i-1)
		return open > 0 && toks[open-1].kind == tokIdent && !statementHeads[string(toks[open-1].text)] &&
			!notDeclarators[string(toks[open-1].text)]
	}
	return false
}

// closing is the index of the `)` that closes the `(` at toks[i], or the
// last token.
func closing(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch {
		case toks[j].is("("):
			depth++
		case toks[j].is(")"):
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(toks) - 1
}

// opening is the index of the `(` that the `)` at toks[i] closes, or -1.
func opening(toks []token, i int) int {
	depth := 0
	for j := i; j >= 0; j-- {
		switch {
		case toks[j].is(")"):
			depth++
		case toks[j].is("("):
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// annotations are the words clang's thread-safety annotation macros are
// named by (`GUARDED_BY`, abseil's `ABSL_GUARDED_BY`): an upper-case call
// after a declarator is blanked only when its name is one of them or ends
// in `_` and one of them, so that a method named in capitals (`Status
// OK()`) stays.
var annotations = []string{
	"GUARDED_BY", "LOCKS_REQUIRED", "LOCKS_EXCLUDED", "LOCK_FUNCTION", "UNLOCK_FUNCTION", "TRYLOCK_FUNCTION", "LOCK_RETURNED",
	"ACQUIRED_AFTER", "ACQUIRED_BEFORE", "REQUIRES", "REQUIRES_SHARED", "ACQUIRE", "ACQUIRE_SHARED",
	"RELEASE", "RELEASE_SHARED", "RELEASE_GENERIC", "TRY_ACQUIRE", "TRY_ACQUIRE_SHARED", "EXCLUDES",
	"ASSERT_CAPABILITY", "ASSERT_SHARED_CAPABILITY", "RETURN_CAPABILITY", "ASSERT_EXCLUSIVE_LOCK",
	"ASSERT_SHARED_LOCK",
}

// isAnnotation reports whether a macro name is a thread-safety annotation.
func isAnnotation(name []byte) bool {
	for _, a := range annotations {
		if rest, ok := bytes.CutSuffix(name, []byte(a)); ok && (len(rest) == 0 || rest[len(rest)-1] == '_') {
			return true
		}
	}
	return false
}

// hasTrailingMacro is the cheap test before the scan for trailing
// annotation macros: whether one is called in the file.
func hasTrailingMacro(src []byte) bool {
	for k := bytes.IndexByte(src, '('); k >= 0; {
		j := k
		for j > 0 && (src[j-1] >= 'A' && src[j-1] <= 'Z' || src[j-1] == '_') {
			j--
		}
		if k-j >= 6 && isAnnotation(src[j:k]) {
			return true
		}
		next := bytes.IndexByte(src[k+1:], '(')
		if next < 0 {
			break
		}
		k += 1 + next
	}
	return false
}

// isClassMacro reports whether toks[i] is a macro between `class` and the
// name of a class definition.
func isClassMacro(toks []token, i int) bool {
	return i >= 1 && i+2 < len(toks) &&
		(toks[i-1].is("class") || toks[i-1].is("struct") || toks[i-1].is("union")) &&
		toks[i].kind == tokIdent && isMacroName(toks[i].text) &&
		toks[i+1].kind == tokIdent && !toks[i+1].is("final") &&
		(toks[i+2].is("{") || toks[i+2].is(":") || toks[i+2].is("final"))
}

// isDeclSpecMacro reports whether toks[i] is a macro that starts a
// declaration, before its type (see maskDeclMacros).
func isDeclSpecMacro(toks []token, i int) bool {
	if toks[i].kind != tokIdent || !isMacroName(toks[i].text) || i > 0 && !toks[i-1].is(";") && !toks[i-1].is("}") {
		return false
	}
	names := 0
	for j := i + 1; j < len(toks) && j <= i+8; j++ {
		switch t := toks[j]; {
		case t.kind == tokIdent:
			names++
		case t.is("*"):
		case t.is("("):
			return names >= 2 || names == 1 && j+2 < len(toks) &&
				toks[j+1].kind == tokIdent && toks[j+2].is(")")
		default:
			return false
		}
	}
	return false
}

// hasDeclMacro is the cheap test before maskDeclMacros' scan: whether an
// upper-case word followed by another word starts a line, or follows
// `class `, `struct ` or `union `.
func hasDeclMacro(src []byte) bool {
	for line := range bytes.Lines(src) {
		if macroThenWord(line) {
			return true
		}
	}
	for _, kw := range []string{"class ", "struct ", "union "} {
		for rest := src; ; {
			i := bytes.Index(rest, []byte(kw))
			if i < 0 {
				break
			}
			rest = rest[i+len(kw):]
			if macroThenWord(rest) {
				return true
			}
		}
	}
	return false
}

// macroThenWord reports whether b starts with a macro-like word, blanks
// and another word.
func macroThenWord(b []byte) bool {
	j := 0
	for j < len(b) && (b[j] >= 'A' && b[j] <= 'Z' || b[j] >= '0' && b[j] <= '9' || b[j] == '_') {
		j++
	}
	if j < 2 || !isMacroName(b[:j]) {
		return false
	}
	k := j
	for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	return k > j && k < len(b) && isIdentByte(b[k]) && !(b[k] >= '0' && b[k] <= '9')
}

// isMacroName reports whether b is spelled like a macro: upper-case
// letters, digits and underscores, starting with a letter or '_', with at
// least two letters.
func isMacroName(b []byte) bool {
	if len(b) < 2 || b[0] >= '0' && b[0] <= '9' {
		return false
	}
	letters := 0
	for _, c := range b {
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case c >= '0' && c <= '9' || c == '_':
		default:
			return false
		}
	}
	return letters >= 2
}
