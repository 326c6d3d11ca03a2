package config

import (
	"bytes"

	"github.com/orbitgraph/orbit/graph/extract"
)

// maxEnvDiagnostics caps the malformed lines reported per .env file.
const maxEnvDiagnostics = 5

// scanEnv records the keys of a .env file. There is no grammar for the
// format, and it needs none: KEY=VALUE lines, optionally after "export";
// blank lines and # comments; a quoted value may run over several lines.
// Any other line gets a diagnostic.
func scanEnv(src []byte, k *keys) {
	pos := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		pos = 3
	}
	bad := 0
	for pos < len(src) && !k.done() {
		line := src[pos:lineEnd(src, pos)]
		start, end, eq := envAssignment(line)
		switch {
		case eq > 0:
			k.emitFlat(string(line[start:end]), extract.Span{Start: uint32(pos + start), End: uint32(pos + end)})
			pos = valueEnd(src, pos+eq+1)
			continue
		case eq < 0:
			if bad++; bad <= maxEnvDiagnostics {
				k.out.Diagnostics = append(k.out.Diagnostics, extract.Diagnostic{
					Line: k.lines.Line(uint32(pos)), Message: "not a KEY=VALUE line"})
			}
		}
		pos += len(line) + 1
	}
}

// envAssignment finds the variable name line[start:end] of a
// "[export] KEY = value" line and the index of its "="; eq is 0 for a
// blank or comment line and -1 for anything else.
func envAssignment(line []byte) (start, end, eq int) {
	i := skipBlanks(line, 0)
	if i == len(line) || line[i] == '#' {
		return 0, 0, 0
	}
	if j := skipBlanks(line, i+len("export")); bytes.HasPrefix(line[i:], []byte("export")) && j > i+len("export") {
		i = j
	}
	j := i
	for j < len(line) && isKeyByte(line[j], j == i) {
		j++
	}
	eq = skipBlanks(line, j)
	if j == i || eq == len(line) || line[eq] != '=' {
		return 0, 0, -1
	}
	return i, j, eq
}

// lineEnd returns the index of the '\n' ending the line at pos, or len(src).
func lineEnd(src []byte, pos int) int {
	if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
		return pos + i
	}
	return len(src)
}

// valueEnd returns where the line after the value starting at v begins;
// a quoted value ends at its closing quote, on whatever line that is.
func valueEnd(src []byte, v int) int {
	v = skipBlanks(src, v)
	if v < len(src) && (src[v] == '"' || src[v] == '\'' || src[v] == '`') {
		if end := closingQuote(src, v); end >= 0 {
			return lineEnd(src, end) + 1
		}
	}
	return lineEnd(src, v) + 1
}

// closingQuote returns the index of the quote closing the one at src[v]
// (a backslash escapes it inside double quotes), or -1.
func closingQuote(src []byte, v int) int {
	q := src[v]
	for i := v + 1; i < len(src); i++ {
		switch {
		case src[i] == '\\' && q == '"':
			i++
		case src[i] == q:
			return i
		}
	}
	return -1
}

// skipBlanks skips spaces, tabs and carriage returns (not newlines).
func skipBlanks(s []byte, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r') {
		i++
	}
	return min(i, len(s))
}

// isKeyByte reports whether c may appear in a variable name:
// [A-Za-z_][A-Za-z0-9_.-]*.
func isKeyByte(c byte, first bool) bool {
	switch {
	case c >= 'A' && c <= 'Z', c >= 'a' && c <= 'z', c == '_':
		return true
	case first:
		return false
	}
	return c >= '0' && c <= '9' || c == '.' || c == '-'
}
