package rust

import (
	"strconv"

	"github.com/orbitgraph/orbit/graph/extract"
)

// A dependency's file that Select reads is read in part (DESIGN.md, Ruby
// and Rust packages: selection by name): of its module-level items only
// those the worktree reaches are parsed (extract.Selection.Keep); the
// rest is blanked before parsing. Uses, modules, macros and anything the
// scan does not know are always kept.

// crateItem is one module-level item: its byte range, attributes
// included, its kind, the name it declares and, for an impl, its trait.
type crateItem struct {
	start, end int
	kind       byte // itemFn, itemType, itemImpl or itemKept
	name       string
	trait      string // an impl's trait, "" for an inherent impl
}

const (
	itemFn   = 'f' // a free function: kept when named
	itemType = 't' // struct, enum, union, trait, type alias, const, static: kept when wanted
	itemImpl = 'i' // kept when its type is wanted
	itemKept = 'k' // use, mod, extern, macro_rules, a macro call, anything else
	// itemSyntax is a part of a macro call's body that is no item (winapi's
	// RIDL!{interface …}, DEFINE_GUID!{NAME, …}) and has no struct, enum,
	// union or trait keyword: it declares nothing (the extractor reads such
	// a body as tokens, declaring only the types those keywords name).
	itemSyntax = 'x'
)

// itemWords start an item, or a path to a macro (self::m!).
var itemWords = map[string]bool{
	"use": true, "mod": true, "extern": true, "impl": true, "fn": true, "struct": true, "enum": true, "union": true,
	"trait": true, "type": true, "const": true, "static": true, "macro_rules": true, "pub": true, "unsafe": true,
	"async": true, "default": true, "crate": true, "self": true, "super": true,
}

// macroSyntax: the item it of a macro call's body (toks) is the macro's
// own syntax and declares nothing.
func macroSyntax(toks []token, it crateItem) bool {
	k := 0
	for k < len(toks) && toks[k].at < it.start {
		k++
	}
	k = skipAttributes(toks, k)
	if k >= len(toks) || toks[k].at >= it.end || toks[k].str || itemWords[toks[k].text] || !isIdentByte(toks[k].text[0]) {
		return false
	}
	for ; k < len(toks) && toks[k].at < it.end; k++ {
		if _, typ := typeKeywords[toks[k].text]; !toks[k].str && (typ || toks[k].text == "!") {
			return false
		}
	}
	return true
}

// scanItems splits a file's tokens into its module-level items. The
// body of an extern block or of a macro call with braces (libc's s! { …
// }, winapi's STRUCT!{…}) is split in turn, its header and closing brace
// kept: most of libc's and winapi's declarations are there. Not
// cfg_if!'s: its branches stay whole (a module's names re-exported
// through them resolve along fewer aliases).
func scanItems(toks []token) []crateItem {
	var items []crateItem
	for i := 0; i < len(toks); {
		if its, next, ok := cfgIfItems(toks, i); ok {
			items = append(items, its...)
			i = next
			continue
		}
		if open, ok := itemsBody(toks, i); ok {
			close := matching(toks, open, "{", "}")
			items = append(items, crateItem{start: toks[i].at, end: toks[open].at + 1, kind: itemKept})
			for _, it := range scanItems(toks[open+1 : close]) {
				if it.kind == itemKept && macroSyntax(toks[open+1:close], it) {
					it.kind = itemSyntax
				}
				items = append(items, it)
			}
			it, next := crateItem{start: toks[close].at, kind: itemKept}.ending(toks, close)
			items = append(items, it)
			i = next
			continue
		}
		it, next := scanItem(toks, i)
		items = append(items, it)
		i = next
	}
	return items
}

// cfgIfItems splits a cfg_if! call starting at toks[i] (attributes
// first): its branches' headers and braces are kept, the items of each
// branch's body split in turn; and the index after it. Not ok when the
// call is not a chain of if #[cfg(…)] { … } (cfgIfBranches).
func cfgIfItems(toks []token, i int) ([]crateItem, int, bool) {
	j := skipAttributes(toks, i)
	if j > i {
		return nil, 0, false // #[cfg(…)] cfg_if! { … }: kept whole
	}
	open := isCfgIf(toks, j)
	if open < 0 {
		if j+4 < len(toks) && toks[j].text == "cfg_if" && toks[j+1].text == ":" && toks[j+2].text == ":" {
			open = isCfgIf(toks, j+3) // cfg_if::cfg_if! { … }
		}
		if open < 0 {
			return nil, 0, false
		}
	}
	branches := cfgIfBranches(toks, open)
	close := matching(toks, open, "{", "}")
	if branches == nil || toks[close].str || toks[close].text != "}" {
		return nil, 0, false
	}
	var items []crateItem
	from := toks[i].at // the start of what is kept up to the next branch's body
	for _, b := range branches {
		if b.open < 0 {
			continue
		}
		items = append(items, crateItem{start: from, end: toks[b.open].at + 1, kind: itemKept})
		items = append(items, scanItems(toks[b.open+1:b.close])...)
		from = toks[b.close].at
	}
	it, next := crateItem{start: from, kind: itemKept}.ending(toks, close)
	return append(items, it), next, true
}

// itemsBody is the index of the { opening the body of items of an extern
// block or a macro call starting at toks[i] (attributes first), if it is
// one whose } closes it.
func itemsBody(toks []token, i int) (int, bool) {
	j := skipAttributes(toks, i)
	if j+2 >= len(toks) || toks[j].str {
		return 0, false
	}
	open := -1
	switch {
	case toks[j].text == "extern" && toks[j+1].str && toks[j+2].text == "{":
		open = j + 2
	case toks[j].text == "extern" && toks[j+1].text == "{":
		open = j + 1
	case toks[j+1].text == "!" && toks[j+2].text == "{" && toks[j].text != "cfg_if" && toks[j].text != "macro_rules" &&
		isIdentByte(toks[j].text[0]):
		open = j + 2
	}
	if open < 0 {
		return 0, false
	}
	close := matching(toks, open, "{", "}")
	return open, close > open && !toks[close].str && toks[close].text == "}"
}

// skipAttributes skips the outer attributes starting at toks[i].
func skipAttributes(toks []token, i int) int {
	for i+1 < len(toks) && toks[i].text == "#" && !toks[i].str && toks[i+1].text == "[" {
		i = matching(toks, i+1, "[", "]") + 1
	}
	return i
}

// scanItem reads the item starting at toks[i]: the item and the index of
// the token after it.
func scanItem(toks []token, i int) (crateItem, int) {
	it := crateItem{start: toks[i].at, kind: itemKept}
	if toks[i].text == "#" && i+1 < len(toks) && toks[i+1].text == "!" {
		return it.ending(toks, bracketed(toks, i+2))
	}
	i = skipModifiers(toks, skipAttributes(toks, i))
	if i >= len(toks) {
		return it.ending(toks, len(toks)-1)
	}
	name := func(k int) string {
		if k < len(toks) && toks[k].text == "mut" {
			k++
		}
		if k < len(toks) && !toks[k].str {
			return toks[k].text
		}
		return ""
	}
	switch t := toks[i]; {
	case t.str:
	case t.text == "fn":
		it.kind, it.name = itemFn, name(i+1)
		end := fnHeaderEnd(toks, i+2)
		if end < len(toks) && toks[end].text == "{" {
			end = matching(toks, end, "{", "}")
		}
		return it.ending(toks, end)
	case t.text == "struct" || t.text == "enum" || t.text == "union" || t.text == "trait":
		it.kind, it.name = itemType, name(i+1)
	case t.text == "type" || t.text == "const" || t.text == "static":
		it.kind, it.name = itemType, name(i+1)
		return it.ending(toks, statementEnd(toks, i))
	case t.text == "use":
		return it.ending(toks, statementEnd(toks, i))
	case t.text == "impl":
		h, brace, ok := implHeader(toks, i+1)
		if !ok {
			return it.ending(toks, brace)
		}
		it.kind, it.name, it.trait = itemImpl, h[1], h[0]
		return it.ending(toks, matching(toks, brace, "{", "}"))
	case i+2 < len(toks) && toks[i+1].text == "!": // a macro call or macro_rules! name
		k := i + 2
		if t.text == "macro_rules" {
			k++
		}
		return it.ending(toks, bracketed(toks, k))
	}
	return it.ending(toks, blockEnd(toks, i))
}

// ending closes an item at toks[end], taking a ; right after a } or ).
func (it crateItem) ending(toks []token, end int) (crateItem, int) {
	end = min(end, len(toks)-1)
	if t := toks[end].text; (t == "}" || t == ")" || t == "]") && end+1 < len(toks) && toks[end+1].text == ";" {
		end++
	}
	it.end = toks[end].at + len(toks[end].text)
	if toks[end].str { // cannot tell where the literal ends: keep the rest
		it.end = maxItemEnd
	}
	return it, end + 1
}

// maxItemEnd is past any file's end (a Span's offsets are 32-bit).
const maxItemEnd = 1<<31 - 1

// skipModifiers skips visibility and qualifiers before an item's keyword.
func skipModifiers(toks []token, i int) int {
	for i < len(toks) && !toks[i].str {
		switch toks[i].text {
		case "pub":
			if i+1 < len(toks) && toks[i+1].text == "(" {
				i = matching(toks, i+1, "(", ")")
			}
		case "unsafe", "async", "default":
		case "const": // const fn, not const X
			if i+1 >= len(toks) || (toks[i+1].text != "fn" && toks[i+1].text != "unsafe" && toks[i+1].text != "async" && toks[i+1].text != "extern") {
				return i
			}
		case "extern": // extern "C" fn, not extern crate or an extern block
			k := i + 1
			if k < len(toks) && toks[k].str {
				k++
			}
			if k >= len(toks) || toks[k].text != "fn" && toks[k].text != "unsafe" {
				return i
			}
			i = k - 1
		default:
			return i
		}
		i++
	}
	return i
}

// bracketed is the index of the token closing the group opened at
// toks[i] ((, [ or {), i itself when none opens there.
func bracketed(toks []token, i int) int {
	if i >= len(toks) || toks[i].str {
		return i
	}
	switch toks[i].text {
	case "(":
		return matching(toks, i, "(", ")")
	case "[":
		return matching(toks, i, "[", "]")
	case "{":
		return matching(toks, i, "{", "}")
	}
	return i
}

// statementEnd is the index of the ; ending the item at toks[i], outside
// any brackets (const X: T = T { … };).
func statementEnd(toks []token, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		if toks[i].str {
			continue
		}
		switch toks[i].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ";":
			if depth <= 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// blockEnd is the index of the token ending the item at toks[i]: a ;
// outside parentheses and brackets, or the } closing its first {.
func blockEnd(toks []token, i int) int {
	j := fnHeaderEnd(toks, i)
	if j < len(toks) && toks[j].text == "{" {
		return matching(toks, j, "{", "}")
	}
	return j
}

// encodeItems appends the summary lines of items: "r start end kind name
// trait" ("-" for none).
func encodeItems(b []byte, items []crateItem) []byte {
	for _, it := range items {
		b = append(b, "r "...)
		b = strconv.AppendInt(b, int64(it.start), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(it.end), 10)
		b = append(b, ' ', it.kind, ' ')
		b = append(b, extract.SummaryField(it.name)...)
		b = append(b, ' ')
		b = append(b, extract.SummaryField(it.trait)...)
		b = append(b, '\n')
	}
	return b
}

// decodeItem reads the fields of an "r" line after "r".
func decodeItem(f []string) (crateItem, bool) {
	start, err1 := strconv.Atoi(f[0])
	end, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || len(f[2]) != 1 {
		return crateItem{}, false
	}
	return crateItem{start: start, end: end, kind: f[2][0], name: extract.FromSummaryField(f[3]), trait: extract.FromSummaryField(f[4])}, true
}

// keptSpans is what Select reads of a file: the items keep says to keep,
// nil (all of it) when it keeps every one.
func keptSpans(items []crateItem, keep func(crateItem) bool) []extract.Span {
	var spans []extract.Span
	all := true
	for _, it := range items {
		if !keep(it) {
			all = false
			continue
		}
		spans = append(spans, extract.Span{Start: uint32(it.start), End: uint32(min(it.end, maxItemEnd))})
	}
	if all {
		return nil
	}
	if spans == nil {
		return []extract.Span{}
	}
	return spans
}

// withoutSpans is keep (nil: the whole file) less the ranges of dead,
// both in order, neither overlapping itself.
func withoutSpans(keep, dead []extract.Span) []extract.Span {
	if len(dead) == 0 {
		return keep
	}
	if keep == nil {
		keep = []extract.Span{{Start: 0, End: maxItemEnd}}
	}
	out := []extract.Span{}
	d := 0
	for _, k := range keep {
		for d < len(dead) && dead[d].End <= k.Start {
			d++ // before this part, and so before every later one
		}
		for e := d; e < len(dead) && dead[e].Start < k.End; e++ {
			if dead[e].Start > k.Start {
				out = append(out, extract.Span{Start: k.Start, End: dead[e].Start})
			}
			k.Start = max(k.Start, dead[e].End)
		}
		if k.End > k.Start {
			out = append(out, k)
		}
	}
	return out
}
