package markdown

import (
	"strings"
	"unicode/utf8"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// maxHeadingLen caps a heading's text: a setext underline can turn a whole
// paragraph into one heading.
const maxHeadingLen = 256

// document walks one file's flat block tree.
type document struct {
	nodes []tsutil.Node
	src   []byte
	path  string
	out   *extract.ExtractedFile
	open  []open // the enclosing sections, outermost first
}

// open is a section whose end is not known yet.
type open struct {
	depth int
	sym   int // index into out.Symbols
	text  string
}

// walk visits the nodes in source order: outline headings become symbols,
// inline text and link definitions are scanned for local links.
func (d *document) walk() {
	for i := range d.nodes {
		n := &d.nodes[i]
		switch n.Kind {
		case kinds.atxHeading, kinds.setextHeading:
			if d.inOutline(int32(i)) {
				d.heading(int32(i))
			}
		case kinds.inline, kinds.tableCell:
			d.scanLinks(n.Start, n.End)
		case kinds.linkDest:
			d.linkDestination(n)
		}
	}
	d.closeSections(0, uint32(len(d.src)))
}

// inOutline reports whether heading i belongs to the document's outline:
// every ancestor is a section or the document, not a quote or list item.
func (d *document) inOutline(i int32) bool {
	for p := d.nodes[i].Parent; p >= 0; p = d.nodes[p].Parent {
		if k := d.nodes[p].Kind; k != kinds.section && k != kinds.document {
			return false
		}
	}
	return true
}

// heading closes the sections it ends and opens its own.
func (d *document) heading(i int32) {
	n := d.nodes[i]
	depth, text := d.headingParts(i)
	if depth == 0 { // no marker: only error recovery makes such a node
		return
	}
	d.closeSections(depth, n.Start)
	if text == "" { // "#" alone still ends the sections above, but names nothing
		return
	}
	parent := extract.NoParent
	if len(d.open) > 0 {
		parent = d.open[len(d.open)-1].sym
	}
	d.open = append(d.open, open{depth: depth, sym: len(d.out.Symbols), text: text})
	d.out.Symbols = append(d.out.Symbols, extract.RawSymbol{
		Name:      text,
		Qualified: d.qualified(),
		Kind:      extract.KindSection,
		Span:      extract.Span{Start: n.Start, End: n.End},
		Signature: strings.Repeat("#", depth) + " " + text,
		Parent:    parent,
	})
}

// qualified is "path#h1/h2/h3" over the open sections.
func (d *document) qualified() string {
	var b strings.Builder
	b.WriteString(d.path)
	sep := byte('#')
	for _, o := range d.open {
		b.WriteByte(sep)
		b.WriteString(o.text)
		sep = '/'
	}
	return b.String()
}

// closeSections ends every open section of depth >= depth at boundary,
// less the blank lines before it.
func (d *document) closeSections(depth int, boundary uint32) {
	for len(d.open) > 0 && d.open[len(d.open)-1].depth >= depth {
		o := d.open[len(d.open)-1]
		d.open = d.open[:len(d.open)-1]
		s := &d.out.Symbols[o.sym]
		end := max(boundary, s.Span.End)
		for end > s.Span.Start && isSpace(d.src[end-1]) {
			end--
		}
		s.Span.End = end
	}
}

// headingParts returns a heading's depth and its text, trimmed, without
// an ATX closing sequence, with setext lines joined by one space and
// invalid UTF-8 replaced.
func (d *document) headingParts(i int32) (int, string) {
	depth, text := 0, ""
	for c := i + 1; c >= 0 && c < d.nodes[i].SubEnd; c = d.nodes[c].Next {
		n := d.nodes[c]
		switch {
		case n.Kind == kinds.setextH1:
			depth = 1
		case n.Kind == kinds.setextH2:
			depth = 2
		case n.Kind == kinds.inline: // ATX content
			text = trimClosing(string(d.src[n.Start:n.End]))
		case d.nodes[i].Kind == kinds.setextHeading && c == i+1: // its paragraph
			text = joinLines(d.paragraphText(c))
		default:
			for k, m := range kinds.atxMarkers {
				if n.Kind == m {
					depth = k + 1
				}
			}
		}
	}
	return depth, strings.ToValidUTF8(clip(text), "\uFFFD")
}

// paragraphText is the text of the inline node inside paragraph p.
func (d *document) paragraphText(p int32) string {
	if c := p + 1; c < d.nodes[p].SubEnd && d.nodes[c].Kind == kinds.inline {
		return string(d.src[d.nodes[c].Start:d.nodes[c].End])
	}
	return ""
}

// trimClosing drops an ATX heading's optional closing run of '#', which
// counts only when it is the whole content or follows a space or tab.
func trimClosing(s string) string {
	s = strings.TrimRight(s, " \t")
	j := len(s)
	for j > 0 && s[j-1] == '#' {
		j--
	}
	if j == 0 || s[j-1] == ' ' || s[j-1] == '\t' {
		s = s[:j]
	}
	return strings.TrimSpace(s)
}

// joinLines joins a setext heading's lines with single spaces.
func joinLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return strings.TrimSpace(strings.Join(lines, " "))
}

// clip cuts s to maxHeadingLen bytes on a rune boundary.
func clip(s string) string {
	if len(s) <= maxHeadingLen {
		return s
	}
	cut := maxHeadingLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
