package linestdio

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestLineReader(t *testing.T) {
	in := "short\n" + strings.Repeat("x", 100) + "\n\r\n" + "last"
	lr := &lineReader{br: bufio.NewReaderSize(strings.NewReader(in), 16), max: 50}
	type line struct {
		text    string
		tooLong bool
	}
	want := []line{{"short", false}, {strings.Repeat("x", 48), true}, {"\r", false}, {"last", false}}
	for i, w := range want {
		got, tooLong, err := lr.next()
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if string(got) != w.text || tooLong != w.tooLong {
			t.Errorf("line %d: %q, tooLong %v; want %q, %v", i, got, tooLong, w.text, w.tooLong)
		}
	}
	if _, _, err := lr.next(); err != io.EOF {
		t.Errorf("after the last line: %v, want EOF", err)
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		line string
		code int    // 0: a message
		id   string // echoed id, "" for null
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"notifications/initialized","params":null}`, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","result":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":"a","error":{"code":1,"message":"m"}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"x","params":{"s":"[[[[{{{{\"]]"}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"x"`, -32700, "1"},
		{`{"jsonrpc":"2.0","id":1,"Method":"x"}`, -32600, "1"},
		{`{"jsonrpc":2,"id":"q","method":"x"}`, -32600, `"q"`},
		{`{"jsonrpc":"2.0","id":true,"method":"x"}`, -32600, ""},
		{`{"jsonrpc":"2.0","method":"x","params":[1]}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"x","params":true}`, -32600, ""},
		{`{"jsonrpc":"2.0","result":{}}`, -32600, ""},
		{`{"id":3,"x":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}`, -32700, "3"},
		{`"just a string"`, -32600, ""},
		{"\uFEFF" + `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, ""},
	} {
		msg, bad := parse([]byte(c.line))
		switch {
		case c.code == 0 && bad != nil:
			t.Errorf("%s: %d %s; want a message", c.line, bad.code, bad.message)
		case c.code == 0:
			if _, err := jsonrpc.EncodeMessage(msg); err != nil {
				t.Errorf("%s: decoded to %#v: %v", c.line, msg, err)
			}
		case bad == nil:
			t.Errorf("%s: decoded; want error %d", c.line, c.code)
		case bad.code != c.code || string(bad.id) != c.id:
			t.Errorf("%s: error %d id %s; want %d id %s", c.line, bad.code, bad.id, c.code, c.id)
		}
	}
}

// TestConn runs a connection over pipes: messages in order, bad lines
// answered on the output, Read unblocked by Close.
func TestConn(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c, err := (&Transport{In: inR, Out: outW}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	go io.WriteString(inW, "oops\n{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}\n")
	out := bufio.NewScanner(outR)
	if !out.Scan() {
		t.Fatal("no answer to the bad line")
	}
	var e struct {
		ID    any `json:"id"`
		Error struct{ Code int }
	}
	if err := json.Unmarshal(out.Bytes(), &e); err != nil || e.ID != nil || e.Error.Code != -32700 {
		t.Errorf("answer to a bad line: %s", out.Bytes())
	}
	msg, err := c.Read(context.Background())
	if req, ok := msg.(*jsonrpc.Request); err != nil || !ok || req.Method != "ping" {
		t.Fatalf("Read: %#v, %v", msg, err)
	}
	go func() {
		resp, _ := jsonrpc.DecodeMessage([]byte(`{"jsonrpc":"2.0","id":5,"result":{}}`))
		c.Write(context.Background(), resp)
	}()
	if !out.Scan() || out.Text() != `{"jsonrpc":"2.0","id":5,"result":{}}` {
		t.Errorf("Write wrote %q", out.Text())
	}
	done := make(chan error)
	go func() { _, err := c.Read(context.Background()); done <- err }()
	time.Sleep(10 * time.Millisecond)
	c.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Error("Read after Close: no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not unblock Read")
	}
}

// BenchmarkRoundTrip times one tool call through an MCP server on this
// transport against the same server on the SDK's newline-delimited
// transport, both over in-process pipes, for a small and a 64 KiB answer.
func BenchmarkRoundTrip(b *testing.B) {
	for _, size := range []int{16, 64 << 10} {
		for _, name := range []string{"sdk", "linestdio"} {
			b.Run(fmt.Sprintf("answer=%d/transport=%s", size, name), func(b *testing.B) {
				srv := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0"}, nil)
				answer := strings.Repeat("x", size)
				mcp.AddTool(srv, &mcp.Tool{Name: "echo"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
					return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: answer}}}, nil, nil
				})
				c2sR, c2sW := io.Pipe()
				s2cR, s2cW := io.Pipe()
				var st mcp.Transport = &mcp.IOTransport{Reader: c2sR, Writer: s2cW}
				if name == "linestdio" {
					st = &Transport{In: c2sR, Out: s2cW}
				}
				ctx := context.Background()
				ss, err := srv.Connect(ctx, st, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer ss.Close()
				client := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil)
				cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: s2cR, Writer: c2sW}, nil)
				if err != nil {
					b.Fatal(err)
				}
				defer cs.Close()
				params := &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{}}
				for b.Loop() {
					if _, err := cs.CallTool(ctx, params); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestEncode: encode writes what jsonrpc.EncodeMessage writes, for results
// as the SDK encodes them (compact, not HTML-escaped) and for every other
// message.
func TestEncode(t *testing.T) {
	result := func(v any) json.RawMessage {
		// What the SDK's jsonrpc2 layer makes of a handler's result.
		r, err := jsonrpc2NewResult(v)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	answer := map[string]any{
		"content":           []any{map[string]any{"type": "text", "text": "a <b> & \"c\"\n\u2028 é \x01"}},
		"structuredContent": json.RawMessage(`{"refs": [ {"path":"a<b>.go", "line":1} ],"total":1}`),
	}
	var ids []jsonrpc.ID
	for _, v := range []any{nil, 0.0, -7.0, float64(1 << 52), "", "abc", "<&>\"\\ é\u2028\x01"} {
		id, err := jsonrpc.MakeID(v)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	var msgs []jsonrpc.Message
	for _, id := range ids {
		msgs = append(msgs,
			&jsonrpc.Response{ID: id, Result: result(answer)},
			&jsonrpc.Response{ID: id, Result: result(map[string]any{})},
			&jsonrpc.Response{ID: id},
			&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad <x>"}},
			&jsonrpc.Request{ID: id, Method: "tools/call", Params: json.RawMessage(`{"name":"x"}`)},
		)
	}
	for _, m := range msgs {
		want, werr := jsonrpc.EncodeMessage(m)
		got, gerr := encode(m)
		if string(got) != string(want) || (werr == nil) != (gerr == nil) {
			t.Errorf("%#v:\nencode        %s (%v)\nEncodeMessage %s (%v)", m, got, gerr, want, werr)
		}
	}
}

// jsonrpc2NewResult encodes v as the SDK's jsonrpc2.NewResponse does.
func jsonrpc2NewResult(v any) (json.RawMessage, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(strings.TrimRight(b.String(), "\n")), nil
}
