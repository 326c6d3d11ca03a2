package kotlin

// A dependency's file (Input.DeclarationsOnly) keeps its declarations
// only, so the block bodies of its functions, constructors, accessors and
// init blocks are blanked before parsing, offsets and lines kept, as
// Java's are. A block body's function states its result type (Kotlin
// infers none from a block), so nothing a caller reaches is lost; an
// expression body (`fun f() = …`) is kept, since its result type may be
// inferred from it.

// blankBodies returns src with the inside of every block body replaced
// by spaces, newlines kept. A body is the '{' that follows, outside
// parentheses, the header of a `fun`, a secondary `constructor`, a
// `get()` or `set(v)` accessor, or `init`; a header ends without a body
// at a '=' (an expression body), a ';', a '}' or the next declaration's
// keyword. A class's header (`class A constructor(x: Int) {`) opens its
// body, which is read. Strings (with their templates), characters and
// comments (nested) are skipped.
func blankBodies(src []byte) []byte {
	out := append([]byte(nil), src...)
	header := false      // in a header whose '{' opens a body
	classHeader := false // in a class's header: its '{' opens members
	depth := 0           // parentheses and brackets open in the header
	for i := 0; i < len(src); {
		if n := skipKotlinLexeme(src, i); n > i {
			i = n
			continue
		}
		c := src[i]
		switch {
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			if depth > 0 {
				depth--
			}
		case c == '{' && depth == 0:
			if header && !classHeader {
				end := matchKotlinBrace(src, i)
				for j := i + 1; j < end; j++ {
					if out[j] != '\n' && out[j] != '\r' {
						out[j] = ' '
					}
				}
				header = false
				i = end
				continue
			}
			header, classHeader = false, false
		case c == '{':
			// a lambda in a header's parentheses (a default value)
			i = matchKotlinBrace(src, i)
			continue
		case (c == '=' && !(i+1 < len(src) && src[i+1] == '=') || c == ';' || c == '}') && depth == 0:
			header, classHeader = false, false
		case isKotlinIdentByte(c):
			j := i
			for j < len(src) && isKotlinIdentByte(src[j]) {
				j++
			}
			word := string(src[i:j])
			if depth > 0 || afterDot(src, i) {
				word = "" // a parameter, or a member (map.get(k))
			}
			switch word {
			case "fun":
				header, classHeader, depth = true, false, 0
			case "init":
				header, depth = !classHeader, 0
			case "constructor":
				if !classHeader {
					header, depth = true, 0
				}
			case "get", "set":
				if k := skipKotlinSpace(src, j); k < len(src) && src[k] == '(' && !classHeader {
					header, depth = true, 0
				}
			case "class", "interface", "object":
				header, classHeader, depth = true, true, 0
			case "val", "var", "typealias", "companion", "enum":
				header, classHeader = false, false
			}
			i = j
			continue
		}
		i++
	}
	return out
}

// afterDot: the word at i follows a '.' (a member, not a declaration).
func afterDot(src []byte, i int) bool {
	for i--; i >= 0 && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r'); i-- {
	}
	return i >= 0 && src[i] == '.'
}

func skipKotlinSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// matchKotlinBrace is the index of the "}" closing the "{" at i
// (len(src) when none does).
func matchKotlinBrace(src []byte, i int) int {
	depth := 0
	for i < len(src) {
		if n := skipKotlinLexeme(src, i); n > i {
			i = n
			continue
		}
		switch src[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i
			}
		}
		i++
	}
	return len(src)
}

// skipKotlinLexeme returns the end of the comment (block comments nest),
// string, raw string or character literal starting at i, or i when none
// starts there. A string template's `${…}` is skipped with its braces and
// the strings inside it.
func skipKotlinLexeme(src []byte, i int) int {
	switch {
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
		for i < len(src) && src[i] != '\n' {
			i++
		}
		return i
	case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
		depth := 0
		for i < len(src) {
			switch {
			case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
				depth++
				i += 2
			case src[i] == '*' && i+1 < len(src) && src[i+1] == '/':
				i += 2
				if depth--; depth == 0 {
					return i
				}
			default:
				i++
			}
		}
		return i
	case src[i] == '"':
		raw := i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"'
		if raw {
			i += 3
		} else {
			i++
		}
		for i < len(src) {
			switch {
			case src[i] == '\\' && !raw:
				i += 2
			case src[i] == '$' && i+1 < len(src) && src[i+1] == '{':
				i = matchKotlinBrace(src, i+1) + 1
			case raw && src[i] == '"' && i+2 < len(src) && src[i+1] == '"' && src[i+2] == '"':
				for i < len(src) && src[i] == '"' { // """" ends with the last three
					i++
				}
				return i
			case !raw && (src[i] == '"' || src[i] == '\n'):
				return i + 1
			default:
				i++
			}
		}
		return len(src)
	case src[i] == '\'':
		for i++; i < len(src) && src[i] != '\'' && src[i] != '\n'; i++ {
			if src[i] == '\\' {
				i++
			}
		}
		return min(i+1, len(src))
	}
	return i
}

func isKotlinIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
