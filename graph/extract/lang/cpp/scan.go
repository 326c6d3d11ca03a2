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

// maskDeclMacros blanks, with spaces, an export or attribute macro written
// between `class`, `struct` or `union` and the name of a definition
// (`class LEVELDB_EXPORT Env : public X {`, `struct PACKED hdr {`): no
// grammar knows the macro, and tree-sitter reads such a class as an error
// that can swallow the rest of the file. Offsets, lines and the rest of the
// text are unchanged; src itself is never written (a copy is made when
// there is something to blank).
func maskDeclMacros(src []byte) []byte {
	if !hasDeclMacro(src) {
		return src
	}
	out := src
	lx := lexer{src: src, lineStart: true}
	var w [4]token
	var ends [4]int // where each token of w ends in src
	for {
		tok := lx.next()
		if tok.kind == tokEOF {
			return out
		}
		copy(w[:], w[1:])
		copy(ends[:], ends[1:])
		w[3], ends[3] = tok, lx.pos
		if (w[0].is("class") || w[0].is("struct") || w[0].is("union")) &&
			w[1].kind == tokIdent && isMacroName(w[1].text) &&
			w[2].kind == tokIdent && !w[2].is("final") &&
			(w[3].is("{") || w[3].is(":") || w[3].is("final")) {
			if len(out) > 0 && &out[0] == &src[0] {
				out = bytes.Clone(src)
			}
			for i := ends[1] - len(w[1].text); i < ends[1]; i++ {
				out[i] = ' '
			}
		}
	}
}

// hasDeclMacro is the cheap test before maskDeclMacros' scan: whether
// `class `, `struct ` or `union ` is ever followed by an upper-case
// letter and, after that word, another word.
func hasDeclMacro(src []byte) bool {
	for _, kw := range []string{"class ", "struct ", "union "} {
		for rest := src; ; {
			i := bytes.Index(rest, []byte(kw))
			if i < 0 {
				break
			}
			rest = rest[i+len(kw):]
			j := 0
			for j < len(rest) && (rest[j] >= 'A' && rest[j] <= 'Z' || rest[j] >= '0' && rest[j] <= '9' || rest[j] == '_') {
				j++
			}
			if j >= 2 && j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') && isMacroName(rest[:j]) {
				return true
			}
		}
	}
	return false
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
