package golang

import (
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// stringLit records a notable string literal. Import paths and struct tags
// never get here: the walk does not visit them.
func (x *fileExtractor) stringLit(i int32) {
	n := &x.t.Nodes[i]
	if n.End-n.Start < extract.MinStringLen+2 { // unquoting never lengthens
		return
	}
	v, ok := unquote(x.t.Text(i))
	if !ok || !extract.Notable(v) {
		return
	}
	x.out.Strings = append(x.out.Strings, extract.RawString{Value: v, Line: x.line(i), Span: x.span(i)})
}

// unquote returns the value of a Go string literal, without copying when
// there is nothing to decode.
func unquote(lit string) (string, bool) {
	if len(lit) < 2 {
		return "", false
	}
	q, body := lit[0], lit[1:len(lit)-1]
	switch {
	case q == '`' && lit[len(lit)-1] == '`':
		if strings.IndexByte(body, '\r') >= 0 { // dropped from raw strings (spec)
			body = strings.ReplaceAll(body, "\r", "")
		}
		return body, true
	case q == '"' && lit[len(lit)-1] == '"' && strings.IndexByte(body, '\\') < 0:
		return body, true
	}
	v, err := strconv.Unquote(lit)
	return v, err == nil
}

// stringValue is the value of a string literal node, or ok false for any
// other expression.
func (x *fileExtractor) stringValue(i int32) (string, bool) {
	if k := x.t.Kind(i); k != kinds.interpString && k != kinds.rawString {
		return "", false
	}
	return unquote(x.t.Text(i))
}
