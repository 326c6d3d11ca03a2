// Package jvm holds the naming conventions the Java and Kotlin extractors
// both lean on to tell types from packages and values in dotted names.
//
// Layer: extract (leaf); imports tsutil and the standard library.
package jvm

import (
	"strings"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// Join appends a name to a qualified prefix ("" for the default package).
func Join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// JoinNonEmpty is Join the other way round: a alone when b is "".
func JoinNonEmpty(a, b string) string {
	if b == "" {
		return a
	}
	return a + "." + b
}

// JoinSegs joins the texts of the name segments segs with dots.
func JoinSegs(t *tsutil.Tree[[]byte], segs []int32) string {
	var b strings.Builder
	for k, s := range segs {
		if k > 0 {
			b.WriteByte('.')
		}
		b.Write(t.Raw(s))
	}
	return b.String()
}

// AllUpperCamel reports whether every segment looks like a type name.
func AllUpperCamel(t *tsutil.Tree[[]byte], segs []int32) bool {
	for _, s := range segs {
		if !IsUpperCamel(t.Raw(s)) {
			return false
		}
	}
	return true
}

// IsUpperCamel reports a conventional type name: an upper-case first
// letter and a lower-case letter somewhere (List, HttpClient; not MAX).
func IsUpperCamel(s []byte) bool {
	if len(s) == 0 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, c := range s[1:] {
		if c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// IsLowerInitial reports a conventional package or value name.
func IsLowerInitial(s []byte) bool { return len(s) > 0 && (s[0] >= 'a' && s[0] <= 'z' || s[0] == '_') }
