package main

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// encodeOnce hands the SDK's JSON-RPC layer each tool result as a
// toolResult, which encodes to the same bytes as the SDK's
// CallToolResult with one pass less over them (issue 16: what an MCP call
// pays beyond the query).
func encodeOnce(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if r, ok := res.(*mcp.CallToolResult); ok && r != nil && err == nil {
			return &toolResult{r}, nil
		}
		return res, err
	}
}

// toolResult is a CallToolResult (the SDK reads and sets it through the
// embedded pointer) with its own MarshalJSON.
//
// The SDK's MarshalJSON encodes the result with encoding/json, which
// copies and re-validates (compacts) the output of every Marshaler in it:
// the structured content's JSON, already encoded by the tool, and each
// content's JSON, once there and once more where the JSON-RPC layer
// encodes the result. toolResult writes both as they are, around the
// SDK's own encoding of the remaining fields, so that only the JSON-RPC
// layer's pass remains. Byte for byte the same (TestToolResultBytes);
// a result it does not know (a _meta, content other than text, structured
// content that is not encoded JSON) is left to the SDK.
type toolResult struct {
	*mcp.CallToolResult
}

func (r *toolResult) MarshalJSON() ([]byte, error) {
	c := r.CallToolResult
	var structured json.RawMessage
	switch s := c.StructuredContent.(type) {
	case nil:
	case json.RawMessage:
		structured = s
	default:
		return c.MarshalJSON()
	}
	if len(c.Content) == 0 || c.StructuredContent != nil && len(structured) == 0 {
		return c.MarshalJSON()
	}
	// The SDK's encoding of everything else: {"content":null then the
	// fields after structuredContent (isError, resultType, ...).
	rest := *c
	rest.Content, rest.StructuredContent = nil, nil
	tail, err := rest.MarshalJSON()
	const head = `{"content":null`
	if err != nil || !bytes.HasPrefix(tail, []byte(head)) { // a _meta comes first
		return c.MarshalJSON()
	}
	b := make([]byte, 0, len(structured)+len(tail)+64)
	b = append(b, `{"content":[`...)
	for i, content := range c.Content {
		t, ok := content.(*mcp.TextContent)
		if !ok {
			return c.MarshalJSON()
		}
		j, err := t.MarshalJSON() // json.Marshal's output: compact, as encoding/json would leave it
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, j...)
	}
	b = append(b, ']')
	if structured != nil {
		b = append(b, `,"structuredContent":`...)
		b = append(b, structured...) // json.Marshal's output (addTool)
	}
	return append(b, tail[len(head):]...), nil
}
