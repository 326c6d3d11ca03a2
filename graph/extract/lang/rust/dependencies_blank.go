package rust

import "github.com/orbitgraph/orbit/graph/extract"

// A dependency's file (Input.DeclarationsOnly) keeps its declarations,
// which do not depend on what a function does: its function bodies are
// blanked before parsing, bytes turned to spaces, newlines and offsets
// kept, so the parse and the walk skip them. An item inside a function
// body is not nameable from outside, and it goes with the body. The
// parse does not even read the blanks: the insides of the bodies are
// left out of its included ranges (the lexer went over them a space at a
// time, most of what a dependency's file cost to parse).

// blankFnBodies blanks the body of every `fn name … { … }` of src (a copy;
// src itself when there is none), and returns the insides blanked. The
// body starts at the first { after the name outside parentheses and
// brackets; a ; first (a declaration without a body) or anything
// unbalanced leaves the rest as it is.
func blankFnBodies(src []byte) ([]byte, []extract.Span) {
	toks := lex(src)
	var out []byte
	var bodies []extract.Span
	for i := 0; i+1 < len(toks); i++ {
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
		if out == nil {
			out = append([]byte(nil), src...)
		}
		for k := toks[j].at + 1; k < toks[end].at; k++ {
			if out[k] != '\n' && out[k] != '\r' {
				out[k] = ' '
			}
		}
		if toks[end].at > toks[j].at+1 {
			bodies = append(bodies, extract.Span{Start: uint32(toks[j].at + 1), End: uint32(toks[end].at)})
		}
		i = end
	}
	if out == nil {
		return src, nil
	}
	return out, bodies
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
