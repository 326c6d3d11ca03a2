package markdown

import (
	tsmd "github.com/tree-sitter-grammars/tree-sitter-markdown/bindings/go"

	"github.com/orbitgraph/orbit/graph/extract/internal/tsutil"
)

// mdLang is the block grammar handle every default Extractor shares. It
// and the tables below are built by loadGrammar, on the shared door's first
// use (markdown.go), never at package init: a process that parses no
// Markdown never pays for them.
var (
	mdLang    *tsutil.Lang
	kinds     kindIDs
	kindFlags tsutil.KindFlags
)

func loadGrammar() {
	mdLang = tsutil.NewLang(tsmd.Language())
	kinds = loadKinds(mdLang)
	kindFlags = buildFlags(mdLang)
}

// kindIDs holds the block grammar's kind ids the walk looks at.
type kindIDs struct {
	document, section, atxHeading, setextHeading, inline, tableCell uint16
	linkDest                                                        uint16    // only in link reference definitions
	atxMarkers                                                      [6]uint16 // atx_h1_marker … atx_h6_marker
	setextH1, setextH2                                              uint16
}

func loadKinds(l *tsutil.Lang) kindIDs {
	id := l.KindID
	k := kindIDs{
		document: id("document"), section: id("section"), atxHeading: id("atx_heading"),
		setextHeading: id("setext_heading"), inline: id("inline"), tableCell: id("pipe_table_cell"),
		linkDest: id("link_destination"),
		setextH1: id("setext_h1_underline"), setextH2: id("setext_h2_underline"),
	}
	for i := range k.atxMarkers {
		k.atxMarkers[i] = id("atx_h" + string(rune('1'+i)) + "_marker")
	}
	return k
}

// buildFlags copies the containers that can hold headings or links and
// skips code, HTML, front matter and markers wholesale: nothing inside them
// is a heading.
func buildFlags(l *tsutil.Lang) tsutil.KindFlags {
	flags := make(tsutil.KindFlags, l.Language.NodeKindCount())
	const both = tsutil.Keep | tsutil.Descend
	for _, name := range []string{"document", "section", "block_quote", "list", "list_item",
		"paragraph", "atx_heading", "setext_heading", "pipe_table", "pipe_table_header",
		"pipe_table_row", "link_reference_definition"} {
		flags[l.KindID(name)] = both
	}
	for _, name := range []string{"inline", "pipe_table_cell", "link_destination",
		"setext_h1_underline", "setext_h2_underline"} {
		flags[l.KindID(name)] = tsutil.Keep
	}
	for i := range 6 {
		flags[l.KindID("atx_h"+string(rune('1'+i))+"_marker")] = tsutil.Keep
	}
	return flags
}
