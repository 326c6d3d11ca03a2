package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolResultBytes: a toolResult encodes to the SDK's bytes, alone and
// inside the JSON-RPC layer's encoder (no HTML escaping), for the results
// addTool makes and for the ones it leaves to the SDK.
func TestToolResultBytes(t *testing.T) {
	text := "refs of p.F <T> & \"q\"\n\tp/a.go:1 é \u2028 \x01\n"
	structured, err := json.Marshal(map[string]any{"refs": []any{map[string]any{"file": "a<b>&.go", "line": 1}}, "note": text})
	if err != nil {
		t.Fatal(err)
	}
	txt := func(s string) []mcp.Content { return []mcp.Content{&mcp.TextContent{Text: s}} }
	cases := map[string]*mcp.CallToolResult{
		"text":                     {Content: txt(text)},
		"text and structured":      {Content: txt(text), StructuredContent: json.RawMessage(structured)},
		"empty text":               {Content: txt(""), StructuredContent: json.RawMessage(`{}`)},
		"two texts":                {Content: append(txt("a"), txt("<b>")...), StructuredContent: json.RawMessage(structured)},
		"error":                    {Content: txt("bad <x>"), IsError: true},
		"request state":            {Content: txt(text), StructuredContent: json.RawMessage(structured), RequestState: "s<1>"},
		"meta":                     {Meta: mcp.Meta{"k": "<v>"}, Content: txt(text), StructuredContent: json.RawMessage(structured)},
		"image":                    {Content: []mcp.Content{&mcp.ImageContent{Data: []byte("x"), MIMEType: "image/png"}}},
		"structured value":         {Content: txt(text), StructuredContent: map[string]any{"a": "<b>"}},
		"no content":               {StructuredContent: json.RawMessage(structured)},
		"annotated text":           {Content: []mcp.Content{&mcp.TextContent{Text: "a", Annotations: &mcp.Annotations{Priority: 1}}}},
		"empty structured":         {Content: txt(text), StructuredContent: json.RawMessage{}},
		"text, nil structured raw": {Content: txt(text), StructuredContent: json.RawMessage(nil)},
	}
	for name, c := range cases {
		want, werr := c.MarshalJSON()
		got, gerr := (&toolResult{c}).MarshalJSON()
		if !bytes.Equal(got, want) || (werr == nil) != (gerr == nil) {
			t.Errorf("%s: MarshalJSON\n got %s (%v)\nwant %s (%v)", name, got, gerr, want, werr)
		}
		if wire(t, &toolResult{c}) != wire(t, c) {
			t.Errorf("%s: on the wire\n got %s\nwant %s", name, wire(t, &toolResult{c}), wire(t, c))
		}
	}
}

// wire encodes a result as the SDK's JSON-RPC layer does.
func wire(t *testing.T, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "error" // both fail: the messages name their types
	}
	return b.String()
}
