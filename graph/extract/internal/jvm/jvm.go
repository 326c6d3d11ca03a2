// Package jvm holds what the Java and Kotlin extractors share: the naming
// conventions that tell types from packages and values in dotted names
// (StaticTarget), receiver chains and ref targets (Chain, Target), and,
// through a Syntax per language, signatures and the lexical scans of a
// file that did not parse.
//
// Layer: extract (leaf); imports tsutil, signature and the standard
// library.
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

// Prefixed is p.name for each prefix p (nil for none).
func Prefixed(prefixes []string, name string) []string {
	if len(prefixes) == 0 {
		return nil
	}
	out := make([]string, len(prefixes))
	for i, p := range prefixes {
		out[i] = p + "." + name
	}
	return out
}

// Suffixed is a+suffix for each a (nil for none).
func Suffixed(list []string, suffix string) []string {
	if len(list) == 0 {
		return nil
	}
	out := make([]string, len(list))
	for i, a := range list {
		out[i] = a + suffix
	}
	return out
}

// StaticTarget is the type the name segments segs of a receiver name,
// when they name one: a name the file binds to a type (lookup), an
// UpperCamel name (a type of package pkg, or of an on-demand import:
// onDemand's candidates), or a dotted chain of them, possibly behind a
// package name (java.util.Collections). ok is false for anything else;
// the caller rules out local variables first, since they shadow types.
func StaticTarget(t *tsutil.Tree[[]byte], segs []int32, pkg string,
	lookup func(name []byte) (string, bool), onDemand func(name string) []string) (q string, alts []string, ok bool) {
	if q, found := lookup(t.Raw(segs[0])); found {
		if q == "" || !AllUpperCamel(t, segs[1:]) {
			return "", nil, false
		}
		return JoinNonEmpty(q, JoinSegs(t, segs[1:])), nil, true
	}
	k := 0
	for k < len(segs) && IsLowerInitial(t.Raw(segs[k])) {
		k++
	}
	if k == len(segs) || !AllUpperCamel(t, segs[k:]) {
		return "", nil, false
	}
	if k == 0 {
		name := JoinSegs(t, segs)
		return Join(pkg, name), onDemand(name), true
	}
	return JoinSegs(t, segs), nil, true
}
