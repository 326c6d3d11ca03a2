package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/render"
)

// Output discipline: a response never exceeds the caller's byte budget.
// The defaults keep one answer near 8k tokens.
const (
	defaultMaxBytes = 32 << 10 // ≈ 8k tokens
	minMaxBytes     = 1 << 10
	maxMaxBytes     = 1 << 20
	defaultLimit    = 200
	maxLimit        = 1000
	// envelopeBytes is kept free of the budget for the JSON-RPC envelope
	// around the content (ids, field names, isError, …).
	envelopeBytes = 256
)

// errBadArgs marks arguments the server refuses before any query runs.
var errBadArgs = errors.New("bad arguments")

// pageArgs are the paging inputs of every list-shaped tool.
type pageArgs struct {
	Limit    int    `json:"limit,omitempty"`
	MaxBytes int    `json:"max_bytes,omitempty"`
	Cursor   string `json:"cursor,omitempty"`
}

func (p pageArgs) limit(def int) int {
	if p.Limit <= 0 {
		return def
	}
	return min(p.Limit, maxLimit)
}

// budget is MaxBytes (or the default), checked against its bounds.
func budget(maxBytes int) (int, error) {
	switch {
	case maxBytes == 0:
		return defaultMaxBytes, nil
	case maxBytes < minMaxBytes || maxBytes > maxMaxBytes:
		return 0, fmt.Errorf("%w: max_bytes %d out of range (%d to %d)", errBadArgs, maxBytes, minMaxBytes, maxMaxBytes)
	}
	return maxBytes, nil
}

// window is the part [Off, End) of a list of Total entries that one page
// shows; Cursor continues after it ("" on the last page).
type window struct {
	Off, End, Total int
	Cursor          string
}

// More reports whether entries follow this page.
func (w window) More() bool { return w.End < w.Total }

// footer is the text line that tells an agent how to continue.
func (w window) footer() string {
	if !w.More() {
		return ""
	}
	return fmt.Sprintf("… showing entries %d-%d of %d; call again with cursor %q for the rest\n", w.Off+1, w.End, w.Total, w.Cursor)
}

// pager cuts one query result into pages. key identifies the query (tool
// and arguments other than paging), so a cursor is only accepted by the
// call that issued it.
type pager struct {
	key    string
	args   pageArgs
	limit  int
	budget int
	shape  answers  // what the response carries, and so what counts
	enc    *encoded // where the page's JSON is kept for the response
}

// pager is newPager for a call of a tool of this server.
func (ix *index) pager(ctx context.Context, tool string, args pageArgs, defLimit int, query ...any) (*pager, error) {
	p, err := newPager(tool, args, defLimit, query...)
	if p != nil {
		p.shape, p.enc = ix.answers, encodedIn(ctx)
	}
	return p, err
}

// encoded is the structured content of a call's page as page measured it,
// so that the response sends those bytes rather than encoding the output a
// second time (issue 16: what an MCP call pays beyond the query). text
// tells which page they belong to.
type encoded struct {
	json []byte
	text string
}

type encodedKey struct{}

// withEncoded gives a call a place for its page's JSON.
func withEncoded(ctx context.Context) (context.Context, *encoded) {
	e := &encoded{}
	return context.WithValue(ctx, encodedKey{}, e), e
}

func encodedIn(ctx context.Context) *encoded {
	e, _ := ctx.Value(encodedKey{}).(*encoded)
	return e
}

// measure is p.shape.size of a page, keeping its JSON.
func (p *pager) measure(out any, text string) (int, error) {
	n, structured, err := p.shape.size(out, text)
	if structured != nil && p.enc != nil {
		p.enc.json, p.enc.text = structured, text
	}
	return n, err
}

func newPager(tool string, args pageArgs, defLimit int, query ...any) (*pager, error) {
	b, err := budget(args.MaxBytes)
	if err != nil {
		return nil, err
	}
	if args.Limit < 0 {
		return nil, fmt.Errorf("%w: limit %d is negative", errBadArgs, args.Limit)
	}
	key, err := json.Marshal(append([]any{tool}, query...))
	if err != nil {
		return nil, err
	}
	return &pager{key: string(key), args: args, limit: args.limit(defLimit), budget: b}, nil
}

// offset decodes the cursor: where the page starts.
func (p *pager) offset() (int, error) {
	if p.args.Cursor == "" {
		return 0, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(p.args.Cursor)
	off, sum, ok := strings.Cut(string(raw), ".")
	n, nerr := strconv.Atoi(off)
	if err != nil || !ok || nerr != nil || n < 0 {
		return 0, fmt.Errorf("%w: cursor %q is not a cursor this server issued; omit it to start from the first page", errBadArgs, p.args.Cursor)
	}
	if sum != p.sum() {
		return 0, fmt.Errorf("%w: cursor %q belongs to a different query; repeat the same arguments with it, or omit it", errBadArgs, p.args.Cursor)
	}
	return n, nil
}

func (p *pager) sum() string {
	h := fnv.New32a()
	h.Write([]byte(p.key))
	return strconv.FormatUint(uint64(h.Sum32()), 36)
}

func (p *pager) cursor(off int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.Itoa(off) + "." + p.sum()))
}

// page picks the longest page of at most limit entries, starting at the
// cursor, whose response fits the budget. build makes the output and its
// text for a window.
func page[O any](p *pager, total int, build func(window) (O, string)) (O, string, error) {
	var zero O
	off, err := p.offset()
	if err != nil {
		return zero, "", err
	}
	if off > total || off == total && total > 0 {
		return zero, "", fmt.Errorf("%w: cursor is past the end of the %d entries (did the index change?); start again without a cursor", errBadArgs, total)
	}
	at := func(end int) window {
		w := window{Off: off, End: end, Total: total}
		if w.More() {
			w.Cursor = p.cursor(end)
		}
		return w
	}
	end := min(total, off+p.limit)
	out, text := build(at(end))
	n, err := p.measure(out, text)
	if err != nil || n <= p.budget {
		return out, text, err
	}
	// The largest end in (off, end) whose page fits; sort.Search wants the
	// first that does not.
	fits := off + sort.Search(end-off, func(i int) bool {
		o, t := build(at(off + i + 1))
		n, err := p.measure(o, t)
		return err != nil || n > p.budget
	})
	if fits == off {
		return zero, "", fmt.Errorf("%w: max_bytes %d is too small for even one entry; raise it", errBadArgs, p.budget)
	}
	out, text = build(at(fits))
	_, err = p.measure(out, text) // keeps this page's JSON
	return out, text, err
}

// size is what a response with this structured content and text costs on
// the wire: what it carries JSON-encoded, plus the envelope; structured is
// the structured content's encoding (nil when it is not sent).
func (a answers) size(out any, text string) (n int, structured []byte, err error) {
	n = envelopeBytes
	if a == answersBoth {
		if structured, err = json.Marshal(render.NonNil(out)); err != nil {
			return 0, nil, err
		}
		n += len(structured)
	}
	t, err := json.Marshal(text)
	if err != nil {
		return 0, nil, err
	}
	return n + len(t), structured, nil
}

// span clips [off, end) to a list of n entries that starts at base in the
// page's numbering, returning indexes into that list.
func span(off, end, base, n int) (int, int) {
	lo := min(max(off-base, 0), n)
	hi := min(max(end-base, 0), n)
	return lo, hi
}
