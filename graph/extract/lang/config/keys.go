package config

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// Per-file bounds: a large data file must not flood the configs table.
const (
	maxKeys   = 5000 // rows per file; the rest are dropped
	maxDepth  = 32   // nesting levels (keys and "[]") below the root
	maxKeyLen = 512  // bytes of a whole path
)

// keys builds dotted paths and records them as configs rows.
type keys struct {
	out   *extract.ExtractedFile
	kind  extract.ConfigKind
	lines extract.LineIndex
	path  []byte
	depth int
	// dataKeys, when not 0, is how many keys make a file data: one more
	// and every row is dropped (datafile.go).
	dataKeys int
	// Limits met, each reported once by finish.
	full, deep, long bool
	skipped          string // why the whole file was skipped as data
}

func newKeys(kind extract.ConfigKind, lines extract.LineIndex, out *extract.ExtractedFile) *keys {
	return &keys{out: out, kind: kind, lines: lines}
}

// mark is a position in the path to come back to with leave.
type mark struct{ n, depth int }

// mark returns the current position.
func (k *keys) mark() mark { return mark{len(k.path), k.depth} }

// enter appends one key segment to the path; it reports false, leaving
// the path as it was, when that would pass maxDepth.
func (k *keys) enter(seg string) bool {
	if k.depth >= maxDepth {
		k.deep = true
		return false
	}
	if len(k.path) > 0 {
		k.path = append(k.path, '.')
	}
	k.path = appendSegment(k.path, seg)
	k.depth++
	return true
}

// enterArray appends "[]": what follows is inside an array element.
func (k *keys) enterArray() bool {
	if k.depth >= maxDepth {
		k.deep = true
		return false
	}
	k.path = append(k.path, "[]"...)
	k.depth++
	return true
}

// leave goes back to m.
func (k *keys) leave(m mark) { k.path, k.depth = k.path[:m.n], m.depth }

// done reports whether no more rows will be taken.
func (k *keys) done() bool { return k.full }

// emit records the current path as a key written at span.
func (k *keys) emit(span extract.Span) {
	switch {
	case k.full:
	case len(k.path) > maxKeyLen:
		k.long = true
	case k.dataKeys > 0 && len(k.out.Configs) >= k.dataKeys:
		k.skipData(fmt.Sprintf("more than %d keys", k.dataKeys))
	case len(k.out.Configs) >= maxKeys:
		k.full = true
	default:
		k.out.Configs = append(k.out.Configs, extract.RawConfig{
			Key: strings.ToValidUTF8(string(k.path), "\uFFFD"), Kind: k.kind, Line: k.lines.Line(span.Start), Span: span,
		})
	}
}

// skipData drops every row: the file looks like data, for the reason given.
func (k *keys) skipData(reason string) {
	k.out.Configs = nil
	k.skipped = reason
	k.full = true
}

// finish reports the limits that were met.
func (k *keys) finish() {
	note := func(msg string) { k.out.Diagnostics = append(k.out.Diagnostics, extract.Diagnostic{Message: msg}) }
	if k.skipped != "" {
		note("data file, keys not recorded: " + k.skipped)
		return
	}
	if k.full {
		note(fmt.Sprintf("key limit: only the first %d keys are recorded", maxKeys))
	}
	if k.deep {
		note(fmt.Sprintf("depth limit: keys nested deeper than %d levels are not recorded", maxDepth))
	}
	if k.long {
		note(fmt.Sprintf("length limit: keys longer than %d bytes are not recorded", maxKeyLen))
	}
}

// appendSegment appends one key, quoted when it would otherwise read as
// more than one segment or be empty.
func appendSegment(b []byte, seg string) []byte {
	if !needsQuote(seg) {
		return append(b, seg...)
	}
	return strconv.AppendQuote(b, seg)
}

func needsQuote(seg string) bool {
	if seg == "" {
		return true
	}
	for i := 0; i < len(seg); i++ {
		if c := seg[i]; c < 0x20 || c == 0x7f || strings.IndexByte(`."[]`, c) >= 0 {
			return true
		}
	}
	return false
}

// emitFlat records a key that is a name, not a path (.env variables).
func (k *keys) emitFlat(name string, span extract.Span) {
	k.path = append(k.path[:0], name...)
	k.emit(span)
	k.path = k.path[:0]
}
