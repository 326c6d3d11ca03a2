// Package linestdio is an MCP stdio transport that frames messages by line:
// one JSON-RPC message per line, each line decoded on its own, so a bad line
// costs only that line.
//
// The SDK's mcp.StdioTransport reads stdin with one streaming JSON decoder:
// a non-JSON line, a wrong "jsonrpc" version or a too-deep value ends the
// session (the server exits, losing even a pending initialize answer), a
// truncated object makes the decoder wait for the rest across newlines, and
// a request without "method" is taken for a response and never answered
// (modelcontextprotocol/go-sdk#1209). This transport answers each of them
// with a JSON-RPC error (-32700 parse error, -32600 invalid request; the
// request's id echoed when it can be read, else null) and reads on.
//
// Drop this package for mcp.StdioTransport once the SDK ships the fix for
// modelcontextprotocol/go-sdk#1209.
package linestdio

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	// DefaultMaxLine bounds one line (message) in bytes, as the SDK's
	// mcp.DefaultMaxLineLength does. The rest of a longer line is read and
	// discarded, and the line answered with -32600.
	DefaultMaxLine = mcp.DefaultMaxLineLength
	// MaxDepth bounds the nesting of arrays and objects in a message, as the
	// SDK's own decoder does (1000). A deeper line is answered with -32700.
	MaxDepth = 1000
)

// Transport is an mcp.Transport over a byte stream, one message per line.
// The zero value reads os.Stdin and writes os.Stdout.
type Transport struct {
	In  io.ReadCloser // default os.Stdin
	Out io.Writer     // default os.Stdout
	// MaxLine bounds a line in bytes; 0 means DefaultMaxLine.
	MaxLine int
	// Log, when set, is told about each line answered with an error.
	Log func(msg string)
}

// Connect implements mcp.Transport.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	c := &conn{
		in:       t.In,
		out:      t.Out,
		log:      t.Log,
		incoming: make(chan jsonrpc.Message),
		closed:   make(chan struct{}),
	}
	if c.in == nil {
		c.in = os.Stdin
	}
	if c.out == nil {
		c.out = os.Stdout
	}
	max := t.MaxLine
	if max <= 0 {
		max = DefaultMaxLine
	}
	// Reads happen in their own goroutine so that Close unblocks Read (as in
	// the SDK's transport; a read of stdin itself may outlive Close).
	go c.readLoop(&lineReader{br: bufio.NewReaderSize(c.in, 64<<10), max: max})
	return c, nil
}

type conn struct {
	in  io.ReadCloser
	out io.Writer
	log func(string)

	writeMu sync.Mutex // Write is called concurrently, and by readLoop for error answers

	incoming chan jsonrpc.Message // closed by readLoop when input ends, after setting readErr
	readErr  error

	closeOnce sync.Once
	closed    chan struct{}
	closeErr  error
}

// readLoop reads lines until the input ends or the connection closes,
// handing messages to Read and answering bad lines itself.
func (c *conn) readLoop(lr *lineReader) {
	defer close(c.incoming)
	for {
		line, tooLong, err := lr.next()
		if err != nil {
			c.readErr = err
			return
		}
		var msg jsonrpc.Message
		var bad *rpcError
		if tooLong {
			bad = &rpcError{id: peekID(line), code: jsonrpc.CodeInvalidRequest,
				message: fmt.Sprintf("invalid request: message longer than %d bytes", lr.max)}
		} else {
			msg, bad = parse(line)
		}
		switch {
		case bad != nil:
			if c.log != nil {
				c.log(fmt.Sprintf("answered a bad input line (%d bytes) with %d: %s", lr.n, bad.code, bad.message))
			}
			if err := c.writeError(bad); err != nil {
				c.readErr = err
				return
			}
		case msg != nil:
			select {
			case c.incoming <- msg:
			case <-c.closed:
				return
			}
		}
	}
}

// Read implements mcp.Connection.
func (c *conn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	default:
	}
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case msg, ok := <-c.incoming:
		if !ok {
			return nil, c.readErr
		}
		return msg, nil
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write implements mcp.Connection.
func (c *conn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	data, err := encode(msg)
	if err != nil {
		return fmt.Errorf("marshaling message: %w", err)
	}
	return c.writeLine(data)
}

// encode is jsonrpc.EncodeMessage(msg), byte for byte, without its second
// pass over a result: EncodeMessage compacts (re-scans and copies) the
// result that the SDK's jsonrpc2 layer has just encoded compactly, which
// for a tool's answer is a pass over every byte of it (issue 16). A
// response with a result is written around the result as it is; anything
// else goes through EncodeMessage.
func encode(msg jsonrpc.Message) ([]byte, error) {
	r, ok := msg.(*jsonrpc.Response)
	if !ok || r.Error != nil || len(r.Result) == 0 {
		return jsonrpc.EncodeMessage(msg)
	}
	b := make([]byte, 0, len(r.Result)+64)
	b = append(b, `{"jsonrpc":"2.0"`...)
	switch id := r.ID.Raw().(type) {
	case nil: // omitted, as EncodeMessage omits it
	case int64:
		b = append(b, `,"id":`...)
		b = strconv.AppendInt(b, id, 10)
	case string:
		// As EncodeMessage encodes it: without HTML escaping.
		var e bytes.Buffer
		enc := json.NewEncoder(&e)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(id); err != nil {
			return nil, err
		}
		b = append(b, `,"id":`...)
		b = append(b, bytes.TrimRight(e.Bytes(), "\n")...)
	default:
		return jsonrpc.EncodeMessage(msg)
	}
	b = append(b, `,"result":`...)
	b = append(b, r.Result...)
	return append(b, '}'), nil
}

func (c *conn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(data, '\n'))
	return err
}

// Close implements mcp.Connection.
func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		c.closeErr = c.in.Close()
	})
	return c.closeErr
}

// SessionID implements mcp.Connection: stdio has no session id.
func (c *conn) SessionID() string { return "" }

// rpcError is the answer to a bad message.
type rpcError struct {
	id      json.RawMessage // nil: null
	code    int
	message string
}

// Error is the JSON-RPC error answering a bad message.
func (e *rpcError) Error() string { return e.message }

// JSON is e as a JSON-RPC response.
func (e *rpcError) JSON() []byte {
	id := e.id
	if id == nil {
		id = json.RawMessage("null")
	}
	data, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   any             `json:"error"`
	}{"2.0", id, struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{e.code, e.message}})
	return data
}

func (c *conn) writeError(e *rpcError) error {
	return c.writeLine(e.JSON())
}

// Check checks one message as the transport does (nesting, syntax,
// JSON-RPC structure; a blank message passes) and returns the JSON-RPC
// error response that answers a bad one, or nil. Other transports (HTTP)
// use it to answer what the SDK would take for a response or drop.
func Check(msg []byte) (errResponse []byte) {
	if _, bad := parse(msg); bad != nil {
		return bad.JSON()
	}
	return nil
}

// parse checks one line and decodes it. It returns nil, nil for a blank
// line.
func parse(line []byte) (jsonrpc.Message, *rpcError) {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\uFEFF"))) // a byte order mark, as some Windows tools write
	if len(line) == 0 {
		return nil, nil
	}
	if tooDeep(line, MaxDepth) {
		return nil, &rpcError{id: peekID(line), code: jsonrpc.CodeParseError,
			message: fmt.Sprintf("parse error: nested deeper than %d", MaxDepth)}
	}
	var obj map[string]json.RawMessage // exact key names, as the SDK reads them
	if err := json.Unmarshal(line, &obj); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, &rpcError{code: jsonrpc.CodeInvalidRequest,
				message: "invalid request: a message is one JSON object (batches are not supported)"}
		}
		return nil, &rpcError{id: peekID(line), code: jsonrpc.CodeParseError, message: "parse error: " + err.Error()}
	}
	if obj == nil { // the line is null
		return nil, &rpcError{code: jsonrpc.CodeInvalidRequest, message: "invalid request: a message is one JSON object"}
	}
	id, hasID := obj["id"]
	if hasID && !isID(id) {
		return nil, &rpcError{code: jsonrpc.CodeInvalidRequest, message: "invalid request: id must be a string, a number or null"}
	}
	invalid := func(msg string) (jsonrpc.Message, *rpcError) {
		return nil, &rpcError{id: id, code: jsonrpc.CodeInvalidRequest, message: "invalid request: " + msg}
	}
	if v := obj["jsonrpc"]; string(v) != `"2.0"` {
		return invalid(`"jsonrpc" must be "2.0"`)
	}
	if method, ok := obj["method"]; ok {
		if method[0] != '"' {
			return invalid(`"method" must be a string`)
		}
		if params, ok := obj["params"]; ok && params[0] != '{' && params[0] != '[' && params[0] != 'n' {
			return invalid(`"params" must be an object or an array`)
		}
	} else if _, ok := obj["result"]; !ok {
		if _, ok := obj["error"]; !ok {
			return invalid(`no "method" (a request) nor "result" or "error" (a response)`)
		}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return invalid(err.Error())
	}
	return msg, nil
}

// isID reports whether raw is a JSON-RPC id: a string, a number or null.
func isID(raw json.RawMessage) bool {
	switch c := raw[0]; {
	case c == '"', c == 'n', c == '-', c >= '0' && c <= '9':
		return true
	}
	return false
}

// peekID reads the id of a message that does not parse (truncated, too
// long, too deep) when it comes before the damage; nil when it cannot.
func peekID(line []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if k == "id" {
			if isID(v) {
				return v
			}
			return nil
		}
	}
	return nil
}

// tooDeep reports whether arrays and objects in b nest deeper than max.
// Brackets inside strings do not count.
func tooDeep(b []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > max {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

// lineReader splits its input into lines of at most max bytes.
type lineReader struct {
	br  *bufio.Reader
	max int
	n   int // length of the last line, including any part discarded
}

// next returns the next line without its newline. A line longer than max
// is read to its end and returned cut to its first max bytes, with tooLong.
// The last line needs no newline. err is only set when nothing is left.
// Each line is a new slice: a decoded message may keep parts of it.
func (r *lineReader) next() (line []byte, tooLong bool, err error) {
	r.n = 0
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.n += len(chunk)
		if !tooLong {
			if len(line)+len(chunk) > r.max {
				tooLong = true
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && r.n == 0:
			return nil, false, err
		}
		return bytes.TrimSuffix(line, []byte{'\n'}), tooLong, nil
	}
}
