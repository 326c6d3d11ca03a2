package query

import (
	"context"
	"errors"
	"strings"

	"github.com/orbitgraph/orbit/graph/core/internal/resolve"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/extract"
)

// DefaultTraceDepth is trace's default call-tree depth (DESIGN.md, A query).
const DefaultTraceDepth = 5

// MaxTraceNodes caps the nodes of one trace (DESIGN.md, A query).
const MaxTraceNodes = 200

// TraceOptions bound a trace query.
type TraceOptions struct {
	Depth         int        // 0 means DefaultTraceDepth
	MinConfidence Confidence // "" means same_module
}

// TraceNode is a symbol in a command's call tree. Calls to things outside
// the index (a library) are leaves with no path.
type TraceNode struct {
	Name          string       `json:"name"`
	QualifiedName *string      `json:"qualified_name"` // null when the call could not be qualified
	Confidence    *string      `json:"confidence"`     // null on the root
	Path          string       `json:"path,omitempty"`
	Line          int          `json:"line,omitempty"`
	Children      []*TraceNode `json:"children"`
}

// TraceResult is the answer to trace (DESIGN.md, A query). Root is null for an
// unknown command or one whose handler could not be resolved.
type TraceResult struct {
	Root         *TraceNode `json:"root"`
	Truncated    bool       `json:"truncated"`
	VisitedNodes int        `json:"visited_nodes"`
	Staleness
}

// Trace resolves a command to its handler and walks its calls breadth
// first. A symbol already in the tree appears again as a leaf but is not
// expanded again, so cycles end.
func (e *Engine) Trace(ctx context.Context, command string, opts TraceOptions) (TraceResult, error) {
	floor, err := parseFloor(opts.MinConfidence)
	if err != nil {
		return TraceResult{}, err
	}
	depth := opts.Depth
	if depth <= 0 {
		depth = DefaultTraceDepth
	}
	name := strings.TrimPrefix(command, string(SelCommand)+":")
	cmd, err := e.resolveCommand(ctx, Selector{Kind: SelCommand, Name: name, Raw: "command:" + name})
	if errors.Is(err, ErrNotFound) {
		return TraceResult{}, nil // DESIGN.md, A query: unknown commands are an empty result
	}
	if err != nil {
		return TraceResult{}, err
	}
	handler, ok, err := e.handlerOf(ctx, cmd)
	if err != nil || !ok {
		return TraceResult{}, err
	}
	t := &traceWalk{e: e, src: e.sources(), calls: newCallSites(e.idx), floor: floor}
	res, err := t.run(ctx, handler, depth)
	if err == nil && handler.Qualified == "" {
		res.Root.QualifiedName = nil // code in place has no name
	}
	return res, err
}

// handlerOf is the code a command runs: its handler symbol, or the handler
// written in place (a closure), as a root named by the command.
func (e *Engine) handlerOf(ctx context.Context, cmd store.Command) (symbolRow, bool, error) {
	switch {
	case cmd.Handler.Valid:
		return e.idx.SymbolByID(ctx, cmd.Handler.Int64)
	case cmd.BodyStart.Valid && cmd.BodyEnd.Valid:
		var s symbolRow
		s.Name, s.Kind, s.Path = cmd.Name, "handler", cmd.Path
		s.Start, s.End = cmd.BodyStart.Int64, cmd.BodyEnd.Int64
		return s, true, nil
	}
	return symbolRow{}, false, nil
}

// traceWalk holds what one trace has read so far.
type traceWalk struct {
	e     *Engine
	src   *sources
	calls *callSites
	floor int
}

type traceItem struct {
	node *TraceNode
	sym  symbolRow
}

func (t *traceWalk) run(ctx context.Context, handler symbolRow, depth int) (TraceResult, error) {
	rootNode := t.node(handler, nil)
	res := TraceResult{Root: rootNode, VisitedNodes: 1}
	expanded := map[string]bool{handler.Qualified: true}
	level := []traceItem{{rootNode, handler}}
	for d := 1; d <= depth && len(level) > 0; d++ {
		if err := ctx.Err(); err != nil {
			return TraceResult{}, err
		}
		var next []traceItem
		kids, err := t.children(ctx, level)
		if err != nil {
			return TraceResult{}, err
		}
		for i, it := range level {
			for _, k := range kids[i] {
				if res.VisitedNodes == MaxTraceNodes {
					res.Truncated = true
					return res, nil
				}
				res.VisitedNodes++
				it.node.Children = append(it.node.Children, k.node)
				if k.sym.Qualified != "" && !expanded[k.sym.Qualified] {
					expanded[k.sym.Qualified] = true
					if k, ok, err := t.expansion(ctx, k); err != nil {
						return TraceResult{}, err
					} else if ok {
						next = append(next, k)
					}
				}
			}
		}
		level = next
	}
	return res, nil
}

// children lists, for each symbol of a level, the calls it makes at or
// above the floor, one per callee (the first call site), in source order.
// Only children with an indexed definition carry a symbol to expand. The
// whole level is read in batches.
func (t *traceWalk) children(ctx context.Context, level []traceItem) ([][]traceItem, error) {
	paths := make([]string, len(level))
	for i, it := range level {
		paths[i] = it.sym.Path
	}
	if err := t.calls.load(ctx, paths); err != nil {
		return nil, err
	}
	perSym := make([][]refRow, len(level))
	var all []refRow
	for i, it := range level {
		rows, err := t.calls.within(ctx, it.sym)
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for _, r := range rows {
			key := r.TargetQualified
			if key == "" {
				key = "\x00" + r.TargetName
			}
			if above(r.Confidence, t.floor) && !seen[key] {
				seen[key] = true
				perSym[i] = append(perSym[i], r)
			}
		}
		all = append(all, perSym[i]...)
	}
	defs, err := t.e.definitions(ctx, all)
	if err != nil {
		return nil, err
	}
	out := make([][]traceItem, len(level))
	for i, rows := range perSym {
		for _, r := range rows {
			out[i] = append(out[i], t.child(defs, r))
		}
	}
	return out, nil
}

// expansion is what a node's children are read from: a function's own
// body; for a class that is constructed, only its constructor (not every
// method it declares); nothing for a type without one.
func (t *traceWalk) expansion(ctx context.Context, k traceItem) (traceItem, bool, error) {
	if !resolve.IsTypeKind(k.sym.Kind) {
		return k, true, nil
	}
	members, err := t.e.idx.Children(ctx, k.sym.ID, maxMembers)
	if err != nil {
		return k, false, err
	}
	for _, m := range members {
		if m.Kind == extract.KindConstructor.String() || m.Name == "__init__" {
			k.sym = m
			return k, true, nil
		}
	}
	return k, false, nil
}

// maxMembers bounds the members read to find a constructor.
const maxMembers = 500

// child is the node of one call: its definition when indexed, else a leaf
// named as written.
func (t *traceWalk) child(defs symbolIndex, r refRow) traceItem {
	confidence := r.Confidence
	if d, ok := defs.of(r); ok {
		return traceItem{t.node(d, &confidence), d}
	}
	n := &TraceNode{Name: r.TargetName, Confidence: &confidence, Children: []*TraceNode{}}
	if r.TargetQualified != "" {
		q := r.TargetQualified
		n.QualifiedName = &q
	}
	return traceItem{node: n}
}

func (t *traceWalk) node(s symbolRow, confidence *string) *TraceNode {
	q := s.Qualified
	return &TraceNode{Name: s.Name, QualifiedName: &q, Confidence: confidence, Path: s.Path,
		Line: t.src.line(s.Path, s.Start), Children: []*TraceNode{}}
}
