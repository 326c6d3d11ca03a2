package main

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Matching a returned ref to a truth site. Both must be on the same file and
// line, and either the ref starts at the identifier's column or it starts
// earlier and the text between is a qualifier such as "pkg." or "pkg.Var.":
// our Go extractor spans a qualified call pkg.F() from pkg, while the type
// checker's use is the identifier F. Each site and each ref match at most
// once; equal columns are paired first.

// refMatch is the outcome for one target: which answers matched a site, and
// the confidence of the answer each site matched ("" when none did).
type refMatch struct {
	answerOK  []bool
	siteLevel []string
}

func matchRefs(sites []Use, answers []RefAnswer, src *sourceLines) refMatch {
	m := refMatch{answerOK: make([]bool, len(answers)), siteLevel: make([]string, len(sites))}
	bySite := map[fileLine][]int{}
	for i, s := range sites {
		k := fileLine{s.File, s.Line}
		bySite[k] = append(bySite[k], i)
	}
	for _, exact := range []bool{true, false} {
		for ai, a := range answers {
			if m.answerOK[ai] {
				continue
			}
			for _, si := range bySite[fileLine{a.File, a.Line}] {
				if m.siteLevel[si] != "" {
					continue
				}
				s := sites[si]
				if a.Column == s.Col || !exact && a.Column < s.Col && isQualifier(src.line(s.File, s.Line), a.Column, s.Col) {
					m.answerOK[ai], m.siteLevel[si] = true, a.Confidence
					break
				}
			}
		}
	}
	return m
}

// isQualifier reports whether line[from-1 : to-1] (1-based byte columns) is
// a selector prefix: identifiers, dots, the parentheses and star of a
// method expression (*T).M, C++ and Rust paths (ns::) and C's ->, ending in
// a dot, "::" or "->".
func isQualifier(line string, from, to int) bool {
	if from < 1 || to > len(line)+1 || from >= to {
		return false
	}
	s := line[from-1 : to-1]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "::") && !strings.HasSuffix(s, "->") {
		return false
	}
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		if !(r == '_' || r == '.' || r == ':' || r == '-' || r == '>' || r == '(' || r == ')' || r == '*' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
		s = s[n:]
	}
	return true
}

// calleeMatch is the outcome of one target's callees: which answers matched
// a true call, and the confidence of the answer each call matched.
type calleeMatch struct {
	answerOK  []bool
	callLevel []string
	byAltName int // matches under one of the call's alternate names
}

// matchCallees pairs a returned callee with a true call of the same
// qualified name on the same line, each at most once. Exact keys are paired
// first, then the call's alternate names (altNames); byAltName counts the
// latter, so the report can give the strict figure too.
func matchCallees(calls []Use, answers []CalleeAnswer) calleeMatch {
	m := calleeMatch{answerOK: make([]bool, len(answers)), callLevel: make([]string, len(calls))}
	for _, alt := range []bool{false, true} {
		for ai, a := range answers {
			if m.answerOK[ai] || a.Qualified == "" && a.Def == nil {
				continue
			}
			for ci, c := range calls {
				if m.callLevel[ci] != "" || c.Line != a.Line {
					continue
				}
				if !alt && sameCallee(c, a) || alt && slices.Contains(altNames(c), a.Qualified) {
					m.answerOK[ai], m.callLevel[ci] = true, a.Confidence
					if alt {
						m.byAltName++
					}
					break
				}
			}
		}
	}
	return m
}

// altNames are other names that say truly what a call calls, where the
// type checker's key is one spelling among several:
//   - a method promoted from an embedded field, named by the type it was
//     selected through (T.M for E.M embedded in T, Use.Outer): what the
//     call site states, and all an index can say of a library type whose
//     fields it does not hold;
//   - a package vendored into the standard library, named by its import
//     path (golang.org/x/… rather than go/types' vendor/golang.org/x/…).
func altNames(c Use) []string {
	var names []string
	if c.Outer != "" {
		names = append(names, c.Outer)
	}
	if k, ok := strings.CutPrefix(c.Key, "vendor/"); ok {
		names = append(names, k)
	}
	return names
}

// sameCallee reports whether answer a names call c's callee: by qualified
// name for Go, by the place of its definition for a truth file's call.
func sameCallee(c Use, a CalleeAnswer) bool {
	if c.Def == nil {
		return c.Key == a.Qualified
	}
	return a.Def != nil && a.Def.File == c.Def.File && a.Def.Line <= c.Def.Line && c.Def.Line-a.Def.Line <= maxLead
}
