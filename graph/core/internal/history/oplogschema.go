package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// Operation logs are validated by google/jsonschema-go (linked in for MCP
// anyway; its package init is cheap, unlike santhosh-tekuri/jsonschema's,
// which compiled five drafts' meta-schemas in every orbit process). The
// library decides acceptance alone. It stops at the first failure and names
// schema paths, not where in the log the failure is, so a refusal is
// located here: the deepest part of the log that fails the sub-schema
// applying to it.

const schemaDraft = "https://json-schema.org/draft/2020-12/schema"

// logSchema is the embedded schema, resolved, and (once a log has failed
// it) the dispatcher of its sub-schemas.
type logSchema struct {
	root     *jsonschema.Schema
	resolved *jsonschema.Resolved

	subOnce sync.Once
	subs    *jsonschema.Resolved
	subsErr error
}

var (
	schemaOnce sync.Once
	theSchema  *logSchema
	schemaErr  error
)

// compiledSchema resolves the embedded schema on first use.
func compiledSchema() (*logSchema, error) {
	schemaOnce.Do(func() { theSchema, schemaErr = loadSchema(Schema) })
	return theSchema, schemaErr
}

func loadSchema(data []byte) (*logSchema, error) {
	root := new(jsonschema.Schema)
	if err := json.Unmarshal(data, root); err != nil {
		return nil, err
	}
	if root.Schema != schemaDraft {
		return nil, fmt.Errorf("$schema is %q, want %s", root.Schema, schemaDraft)
	}
	if root.ID == "" {
		return nil, fmt.Errorf("no $id: sub-schemas are referred to by it")
	}
	rs, err := root.Resolve(nil)
	if err != nil {
		return nil, err
	}
	return &logSchema{root: root, resolved: rs}, nil
}

// validate validates v against the sub-schema at JSON pointer ptr ("" is
// the whole schema).
func (s *logSchema) validate(v any, ptr string) error {
	if ptr == "" {
		return s.resolved.Validate(v)
	}
	s.subOnce.Do(s.resolveSubschemas)
	if s.subsErr != nil {
		return s.subsErr
	}
	if s.subs.Schema().Properties[ptr] == nil {
		return fmt.Errorf("no sub-schema at %s", ptr) // locate went where addSubschemas does not
	}
	return s.subs.Validate(map[string]any{ptr: v})
}

// resolveSubschemas resolves, once for all, a dispatcher: a schema that
// embeds the whole one and whose property named by a sub-schema's JSON
// pointer refers to that sub-schema. {ptr: v} is valid under it when v is
// valid under the sub-schema, its references resolving as they do in place.
func (s *logSchema) resolveSubschemas() {
	d := &jsonschema.Schema{
		Schema:     schemaDraft,
		Defs:       map[string]*jsonschema.Schema{"log": s.root},
		Properties: map[string]*jsonschema.Schema{},
	}
	s.addSubschemas(d.Properties, schemaNode{"", s.root})
	s.subs, s.subsErr = d.Resolve(nil)
}

// addSubschemas adds to props a reference to each sub-schema of n under
// the keywords locate follows, named by its JSON pointer.
func (s *logSchema) addSubschemas(props map[string]*jsonschema.Schema, n schemaNode) {
	var subs []schemaNode
	for name, sub := range n.s.Defs {
		subs = append(subs, schemaNode{n.ptr + "/$defs/" + pointerToken(name), sub})
	}
	for name, sub := range n.s.Properties {
		subs = append(subs, schemaNode{n.ptr + "/properties/" + pointerToken(name), sub})
	}
	for i, sub := range n.s.AllOf {
		subs = append(subs, schemaNode{n.ptr + "/allOf/" + strconv.Itoa(i), sub})
	}
	for keyword, sub := range map[string]*jsonschema.Schema{"items": n.s.Items, "if": n.s.If, "then": n.s.Then, "else": n.s.Else} {
		if sub != nil {
			subs = append(subs, schemaNode{n.ptr + "/" + keyword, sub})
		}
	}
	for _, sub := range subs {
		props[sub.ptr] = &jsonschema.Schema{Ref: s.root.ID + (&url.URL{Fragment: sub.ptr}).String()}
		s.addSubschemas(props, sub)
	}
}

// schemaFailure is why a log failed the schema: the JSON pointer of the
// failing value and the library's reason.
type schemaFailure struct{ at, reason string }

func (f *schemaFailure) Error() string {
	at := f.at
	if at == "" {
		at = "/"
	}
	return fmt.Sprintf("at %s: %s", at, f.reason)
}

// check validates a decoded log (numbers as json.Number), whose numbers
// it replaces. Only the first failure the library finds is reported. A log
// valid only with a number rounded is refused: 1.00000000000000000001 is
// not the const 1.
func (s *logSchema) check(doc any) error {
	v, rounded := floatNumbers(doc, "")
	if s.validate(v, "") == nil {
		if rounded != nil {
			return rounded
		}
		return nil
	}
	at, err := s.locate(v, "", schemaNode{"", s.root})
	return &schemaFailure{at, leafReason(err)}
}

// schemaNode is a sub-schema and its JSON pointer in the whole schema.
type schemaNode struct {
	ptr string
	s   *jsonschema.Schema
}

// locate returns where v (at instance location at), which fails n, fails:
// the first of its members that fails the sub-schema applying to it, and
// so on down, else v itself; and the error of validating that value. It
// follows properties and items through $ref (into the root's $defs),
// allOf and if/then/else; a failure under any other keyword is located at
// the value holding it.
func (s *logSchema) locate(v any, at string, n schemaNode) (string, error) {
	for _, m := range s.members(v, at, s.inPlace(v, n)) {
		if s.validate(m.v, m.schema.ptr) != nil {
			return s.locate(m.v, m.at, m.schema)
		}
	}
	return at, s.validate(v, n.ptr)
}

// inPlace returns n and the sub-schemas that apply to the same value as
// n: its $ref's target, its allOf and the branch of its if that v takes.
func (s *logSchema) inPlace(v any, n schemaNode) []schemaNode {
	out := []schemaNode{n}
	if name, ok := strings.CutPrefix(n.s.Ref, "#/$defs/"); ok && s.root.Defs[name] != nil {
		out = append(out, s.inPlace(v, schemaNode{"/$defs/" + name, s.root.Defs[name]})...)
	}
	for i, sub := range n.s.AllOf {
		out = append(out, s.inPlace(v, schemaNode{n.ptr + "/allOf/" + strconv.Itoa(i), sub})...)
	}
	if n.s.If != nil {
		if s.validate(v, n.ptr+"/if") == nil && n.s.Then != nil {
			out = append(out, s.inPlace(v, schemaNode{n.ptr + "/then", n.s.Then})...)
		} else if n.s.Else != nil {
			out = append(out, s.inPlace(v, schemaNode{n.ptr + "/else", n.s.Else})...)
		}
	}
	return out
}

// member is a property or item of a value and a sub-schema applying to it.
type member struct {
	v      any
	at     string
	schema schemaNode
}

// members lists v's properties (by name) or items (in order), each with
// every sub-schema of nodes that applies to it.
func (s *logSchema) members(v any, at string, nodes []schemaNode) []member {
	var out []member
	switch v := v.(type) {
	case map[string]any:
		for _, name := range slices.Sorted(maps.Keys(v)) { // the first failure in a stable order
			for _, n := range nodes {
				if sub := n.s.Properties[name]; sub != nil {
					token := pointerToken(name)
					out = append(out, member{v[name], at + "/" + token, schemaNode{n.ptr + "/properties/" + token, sub}})
				}
			}
		}
	case []any:
		for i, e := range v {
			for _, n := range nodes {
				if n.s.Items != nil {
					out = append(out, member{e, at + "/" + strconv.Itoa(i), schemaNode{n.ptr + "/items", n.s.Items}})
				}
			}
		}
	}
	return out
}

// leafReason is the innermost of the library's wrapped errors: the failed
// keyword and why, without the chain of schema paths leading to it. Kept
// on one line.
func leafReason(err error) string {
	for next := errors.Unwrap(err); next != nil; next = errors.Unwrap(err) {
		err = next
	}
	return strings.ReplaceAll(err.Error(), "\n", `\n`)
}

// pointerEscaper escapes a property name for a JSON pointer (RFC 6901).
// (NewReplacer builds its tables on first use, not at init.)
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

func pointerToken(name string) string { return pointerEscaper.Replace(name) }

// floatNumbers replaces, in place, the json.Numbers of a decoded value
// (at instance location at) with float64s, the library taking a
// json.Number for a string. It returns the first number it had to round
// (out of range ones become infinities), if any.
func floatNumbers(v any, at string) (any, *schemaFailure) {
	var rounded *schemaFailure
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil || !isExactly(string(x), f) {
			rounded = &schemaFailure{at, fmt.Sprintf("number %s has no exact float64 value", x)}
		}
		return f, rounded
	case map[string]any:
		for _, name := range slices.Sorted(maps.Keys(x)) {
			var r *schemaFailure
			if x[name], r = floatNumbers(x[name], at+"/"+pointerToken(name)); rounded == nil {
				rounded = r
			}
		}
	case []any:
		for i := range x {
			var r *schemaFailure
			if x[i], r = floatNumbers(x[i], at+"/"+strconv.Itoa(i)); rounded == nil {
				rounded = r
			}
		}
	}
	return v, rounded
}

// isExactly reports whether the decimal number s is the finite f.
func isExactly(s string, f float64) bool {
	r, ok := new(big.Rat).SetString(s)
	return ok && r.Cmp(new(big.Rat).SetFloat64(f)) == 0
}
