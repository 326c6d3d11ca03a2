package signature

// commentEnd is the end of the comment or directive that starts at s[i],
// or i when none does.
func commentEnd[S ~string | ~[]byte](st *Style, s S, i int) int {
	c := s[i]
	if c == '#' && (st.Comments == "#" || st.Hashes && lineStart(s, i)) {
		return lineEnd(s, i)
	}
	if st.Comments != "//" || c != '/' || i+1 == len(s) {
		return i
	}
	switch s[i+1] {
	case '/':
		return lineEnd(s, i)
	case '*':
		if st.Nested {
			return nestedEnd(s, i)
		}
		return blockEnd(s, i)
	}
	return i
}

// blockEnd is the end of the block comment at s[i].
func blockEnd[S ~string | ~[]byte](s S, i int) int {
	for j := i + 2; j+1 < len(s); j++ {
		if s[j] == '*' && s[j+1] == '/' {
			return j + 2
		}
	}
	return len(s)
}

// nestedEnd is the end of the block comment at s[i], whose inner block
// comments nest.
func nestedEnd[S ~string | ~[]byte](s S, i int) int {
	depth := 0
	for ; i+1 < len(s); i++ {
		switch {
		case s[i] == '/' && s[i+1] == '*':
			depth++
			i++
		case s[i] == '*' && s[i+1] == '/':
			depth--
			i++
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

// lineEnd is the offset of the newline that ends s[i]'s line, or len(s).
func lineEnd[S ~string | ~[]byte](s S, i int) int {
	for ; i < len(s); i++ {
		if s[i] == '\n' {
			return i
		}
	}
	return len(s)
}

// lineStart reports whether only blanks precede s[i] on its line.
func lineStart[S ~string | ~[]byte](s S, i int) bool {
	for i--; i >= 0 && (s[i] == ' ' || s[i] == '\t'); i-- {
	}
	return i < 0 || s[i] == '\n'
}

// literalEnd is the end of the token that starts at s[i]: a whole string
// or character literal, or the single byte otherwise.
func literalEnd[S ~string | ~[]byte](n *Normalizer, s S, i int) int {
	q := s[i]
	if n.st.Verbatim && q == '@' && i+1 < len(s) && s[i+1] == '"' {
		return verbatimEnd(s, i+1)
	}
	cl := n.class[q]
	if cl&isQuote == 0 {
		return i + 1
	}
	size := 1
	if n.st.Triple && i+2 < len(s) && s[i+1] == q && s[i+2] == q {
		size = 3
	}
	escapes, endsWithLine := cl&isRawQuote == 0, cl&isLineQuote != 0 && size == 1
	for j := i + size; j < len(s); j++ {
		switch {
		case s[j] == '\\' && escapes:
			j++
		case s[j] == '\n' && endsWithLine:
			return j
		case s[j] == q && (size == 1 || j+2 < len(s) && s[j+1] == q && s[j+2] == q):
			return j + size
		}
	}
	return len(s)
}

// verbatimEnd is the end of the verbatim literal whose quote is s[i].
func verbatimEnd[S ~string | ~[]byte](s S, i int) int {
	for j := i + 1; j < len(s); j++ {
		if s[j] == '"' {
			if j+1 < len(s) && s[j+1] == '"' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}
