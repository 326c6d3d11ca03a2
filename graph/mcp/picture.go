package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/orbitgraph/orbit/graph/core/render"
)

// pictureArgs let impact, trace and deps answer with a picture: the text
// content becomes a Mermaid or DOT drawing of the whole answer (all pages,
// at most render.DefaultMaxNodes nodes, a note saying what was cut); the
// structured content is paged as usual. The node budget is not a parameter:
// tools/list has a byte budget (budget_test.go), and the CLI's --max-nodes
// is there for bigger pictures.
type pictureArgs struct {
	Format string `json:"format,omitempty"`
}

// pictureHelp is said once, in the server instructions.
const pictureHelp = `impact, trace and deps draw pictures: with format mermaid or dot the text content is a picture of the whole answer.`

// pictureSchema lists the formats.
func pictureSchema(p map[string]*jsonschema.Schema) {
	p["format"].Enum = []any{"text", render.Mermaid, render.DOT}
}

func (a pictureArgs) check() error {
	if a.Format != "" && a.Format != "text" && !render.IsPicture(a.Format) {
		return badArg("unknown format %q (want text, mermaid or dot)", a.Format)
	}
	return nil
}

// picture draws the whole answer when format asks for a picture (once per
// call, whatever the page); "" otherwise.
func (a pictureArgs) picture(draw func(io.Writer, render.PictureOptions) error) string {
	if !render.IsPicture(a.Format) {
		return ""
	}
	var b strings.Builder
	if err := draw(&b, render.PictureOptions{Format: a.Format}); err != nil {
		return fmt.Sprintf("(picture failed: %v)\n", err)
	}
	return b.String()
}

// textOr is a page's text content: the picture when there is one.
func textOr(picture, page string) string {
	if picture != "" {
		return picture
	}
	return page
}
