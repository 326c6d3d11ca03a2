package jvm

import "bytes"

// IsIdentByte reports a byte of an identifier (any byte of a multi-byte
// character counts).
func (x *Syntax) IsIdentByte(c byte) bool {
	return c == '_' || c == '$' && x.dollar || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// ScanPackage finds the package name without a parser, for files whose
// parse failed: the first package declaration after comments and
// annotations.
func (x *Syntax) ScanPackage(src []byte) string {
	for len(src) > 0 {
		src = x.SkipSpaceAndComments(src)
		switch {
		case bytes.HasPrefix(src, []byte("package")) && len(src) > 7 && !x.IsIdentByte(src[7]):
			return x.packageName(src[7:])
		case len(src) > 0 && src[0] == '@':
			nl := bytes.IndexByte(src, '\n')
			if nl < 0 {
				return ""
			}
			src = src[nl+1:]
		default:
			return ""
		}
	}
	return ""
}

// packageName is the name rest, what follows the keyword, declares: up
// to the semicolon (Java, which needs one) or the end of the line.
func (x *Syntax) packageName(rest []byte) string {
	var end int
	if x.semicolon {
		if end = bytes.IndexByte(rest, ';'); end < 0 {
			return ""
		}
	} else if end = bytes.IndexAny(rest, ";\n"); end < 0 {
		end = len(rest)
	}
	return string(bytes.Join(bytes.Fields(rest[:end]), nil))
}

// SkipSpaceAndComments drops leading white space and comments.
func (x *Syntax) SkipSpaceAndComments(s []byte) []byte {
	for {
		s = bytes.TrimLeft(s, " \t\r\n\f")
		switch {
		case bytes.HasPrefix(s, []byte("//")):
			nl := bytes.IndexByte(s, '\n')
			if nl < 0 {
				return nil
			}
			s = s[nl+1:]
		case bytes.HasPrefix(s, []byte("/*")):
			s = x.skipBlockComment(s)
		default:
			return s
		}
	}
}

// skipBlockComment drops the block comment s starts with.
func (x *Syntax) skipBlockComment(s []byte) []byte {
	if !x.nested {
		if end := bytes.Index(s[2:], []byte("*/")); end >= 0 {
			return s[2+end+2:]
		}
		return nil
	}
	depth := 0
	for i := 0; i+1 < len(s); i++ {
		switch {
		case s[i] == '/' && s[i+1] == '*':
			depth++
			i++
		case s[i] == '*' && s[i+1] == '/':
			depth--
			i++
			if depth == 0 {
				return s[i+1:]
			}
		}
	}
	return nil
}
