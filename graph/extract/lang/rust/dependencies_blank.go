package rust

import (
	"cmp"
	"slices"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file (Input.DeclarationsOnly) keeps its declarations,
// which do not depend on what a function does: its function bodies are
// blanked before parsing, bytes turned to spaces, newlines and offsets
// kept, so the parse and the walk skip them. An item inside a function
// body is not nameable from outside, and it goes with the body. So do the
// rules of a macro_rules! definition (a dependency's macro is its name:
// its strings are dropped, its rules never read). The parse does not even
// read the blanks, nor the comments (the walk keeps no comment): they are
// left out of its included ranges (the lexer went over them a byte at a
// time, most of what a dependency's file cost to parse).

// blankFnBodies blanks the body of every `fn name … { … }` and the rules
// of every `macro_rules! name { … }` of src (a copy; src itself when there
// is none), and returns, in order, what the parse may leave out: the
// insides blanked and the comments. A function's body starts at the first
// { after the name outside parentheses and brackets; a ; first (a
// declaration without a body) or anything unbalanced leaves the rest as
// it is.
func blankFnBodies(src []byte) ([]byte, []extract.Span) {
	var comments []extract.Span
	toks := lexNoting(src, &comments)
	var out []byte
	var bodies []extract.Span
	blank := func(open, close int) { // the inside of toks[open] … toks[close]
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for k := toks[open].at + 1; k < toks[close].at; k++ {
			if out[k] != '\n' && out[k] != '\r' {
				out[k] = ' '
			}
		}
		if toks[close].at > toks[open].at+1 {
			bodies = append(bodies, extract.Span{Start: uint32(toks[open].at + 1), End: uint32(toks[close].at)})
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		if open, close, ok := macroRules(toks, i); ok {
			blank(open, close)
			i = close
			continue
		}
		if toks[i].str || toks[i].text != "fn" || toks[i+1].str || !isIdentByte(toks[i+1].text[0]) {
			continue
		}
		j := fnHeaderEnd(toks, i+2)
		if j >= len(toks) || toks[j].text != "{" {
			i = j
			continue
		}
		end := matching(toks, j, "{", "}")
		if toks[end].str || toks[end].text != "}" || end <= j {
			break // unbalanced: leave the rest
		}
		blank(j, end)
		i = end
	}
	if out == nil {
		out = src
	}
	return out, fewerGaps(out, mergeSpans(bodies, comments))
}

// minGap is the smallest span worth leaving out of a parse: tree-sitter
// looks for the range to go on in from the first, each time it leaves one.
const minGap = 24

// fewerGaps joins the spans (in order) that only blanks separate in src,
// then drops those shorter than minGap: a doc comment's lines are one
// gap, not one each.
func fewerGaps(src []byte, spans []extract.Span) []extract.Span {
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && blankBytes(src[out[n-1].End:s.Start]) {
			out[n-1].End = s.End
			continue
		}
		out = append(out, s)
	}
	kept := out[:0]
	for _, s := range out {
		if s.End-s.Start >= minGap {
			kept = append(kept, s)
		}
	}
	return kept
}

// blankBytes: b is spaces, tabs and line ends only.
func blankBytes(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// macroRules: toks[i] starts `macro_rules! name {…}` (or (…)); the
// indices of its rules' opening and closing delimiters.
func macroRules(toks []token, i int) (open, close int, ok bool) {
	if i+3 >= len(toks) || toks[i].str || toks[i].text != "macro_rules" || toks[i+1].text != "!" || toks[i+2].str || !isIdentByte(toks[i+2].text[0]) {
		return 0, 0, false
	}
	open = i + 3
	var want string
	switch toks[open].text {
	case "{":
		want = "}"
	case "(":
		want = ")"
	default:
		return 0, 0, false
	}
	if toks[open].str {
		return 0, 0, false
	}
	close = matching(toks, open, toks[open].text, want)
	return open, close, !toks[close].str && toks[close].text == want && close > open
}

// mergeSpans is the union of two lists of spans, each in order and not
// overlapping itself, in order and not overlapping.
func mergeSpans(a, b []extract.Span) []extract.Span {
	all := append(append(make([]extract.Span, 0, len(a)+len(b)), a...), b...)
	slices.SortFunc(all, func(x, y extract.Span) int { return cmp.Compare(x.Start, y.Start) })
	out := all[:0]
	for _, s := range all {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// fnHeaderEnd is the index of the token ending the header of a function
// whose signature starts at toks[from] (after its name): the first ;, {
// or } outside parentheses and brackets, len(toks) when none does.
func fnHeaderEnd(toks []token, from int) int {
	depth, j := 0, from
	for ; j < len(toks); j++ {
		if toks[j].str {
			continue
		}
		switch toks[j].text {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ";", "{", "}":
			if depth == 0 {
				return j
			}
		}
	}
	return j
}
