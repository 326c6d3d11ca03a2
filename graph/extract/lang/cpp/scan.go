package cpp

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
