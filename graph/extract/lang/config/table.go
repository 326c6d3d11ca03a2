package config

import (
	"bytes"
	"strconv"

	"github.com/orbitgraph/orbit/graph/extract"
)

// scanTable records the column names of a CSV or TSV file (ADR-011): the
// cells of its first record, each a key of its own, at the cell's text.
// Fields follow RFC 4180: a field that starts with a double quote runs to
// the matching quote ("" is a quote inside it) and may hold separators and
// newlines. Only the header is read, however long the file.
//
// A first record with an empty or numeric cell is data rather than a
// header (a table written without one): the file gets a diagnostic and no
// keys, as a data file does (datafile.go).
func scanTable(src []byte, sep byte, k *keys) {
	pos := 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		pos = 3
	}
	type cell struct {
		name string
		span extract.Span
	}
	var cells []cell
	for pos < len(src) {
		start, end, next, quoted := tableField(src, pos, sep)
		name := src[start:end]
		if quoted {
			name = bytes.ReplaceAll(name, []byte(`""`), []byte(`"`))
		}
		cells = append(cells, cell{string(name), extract.Span{Start: uint32(start), End: uint32(end)}})
		if next >= len(src) || src[next] != sep {
			break // the record ends: a newline or the end of the file
		}
		pos = next + 1
	}
	if len(cells) == 0 || len(cells) == 1 && cells[0].name == "" {
		return // an empty file
	}
	for _, c := range cells {
		if reason := dataCell(c.name); reason != "" {
			k.skipData("no header row (a first-row cell is " + reason + ")")
			return
		}
	}
	for _, c := range cells {
		m := k.mark()
		if k.enter(c.name) {
			k.emit(c.span)
		}
		k.leave(m)
	}
}

// tableField reads the field at pos: its text src[start:end] (inside the
// quotes of a quoted field, without the blanks around an unquoted one) and
// next, the index of the separator, newline
// or end of file after it.
func tableField(src []byte, pos int, sep byte) (start, end, next int, quoted bool) {
	q := pos
	for q < len(src) && src[q] == ' ' {
		q++
	}
	if q < len(src) && src[q] == '"' {
		for i := q + 1; i < len(src); i++ {
			if src[i] != '"' {
				continue
			}
			if i+1 < len(src) && src[i+1] == '"' {
				i++
				continue
			}
			next = i + 1
			for next < len(src) && src[next] != sep && src[next] != '\n' {
				next++ // text after the closing quote: not RFC 4180, skipped
			}
			return q + 1, i, next, true
		}
		// An unclosed quote: the rest of the line is the field.
	}
	next = pos
	for next < len(src) && src[next] != sep && src[next] != '\n' {
		next++
	}
	start, end = pos, next
	for start < end && isBlank(src[start]) {
		start++
	}
	for end > start && isBlank(src[end-1]) {
		end--
	}
	return start, end, next, false
}

// isBlank: a space, tab or carriage return around an unquoted field.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// dataCell says why a first-row cell reads as data rather than a column
// name, or "".
func dataCell(name string) string {
	if name == "" {
		return "empty"
	}
	if _, err := strconv.ParseFloat(name, 64); err == nil {
		return "a number"
	}
	return ""
}
