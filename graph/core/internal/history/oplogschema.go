package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// The JSON Schema (draft 2020-12) validator of operation logs: just the
// keywords operations-v1.json uses, with their standard meaning. A general
// validator library would cost every orbit process its start-up work
// (santhosh-tekuri/jsonschema compiled five drafts' meta-schemas in its
// package init, 3.6 ms of CPU per process); this one costs nothing until a
// log is read. A schema using any other keyword is refused when compiled,
// so the schema cannot gain a keyword this file silently ignores.

// schemaNode is one compiled (sub)schema; unset fields do not constrain.
type schemaNode struct {
	always     *bool // a boolean schema: true accepts anything, false nothing
	ref        *schemaNode
	types      []string
	allowed    [][]any // enum, and const as an enum of one: the value is in each
	pattern    *regexp.Regexp
	minLength  int
	minItems   int
	required   []string
	properties map[string]*schemaNode
	additional *schemaNode
	items      *schemaNode
	allOf      []*schemaNode
	ifS        *schemaNode
	thenS      *schemaNode
	elseS      *schemaNode
}

const draft202012 = "https://json-schema.org/draft/2020-12/schema"

// annotationKeywords have no effect on validation.
var annotationKeywords = []string{"$id", "$schema", "$comment", "title", "description", "examples", "default"}

var (
	schemaOnce sync.Once
	schemaRoot *schemaNode
	schemaErr  error
)

// compiledSchema compiles the embedded schema on first use.
func compiledSchema() (*schemaNode, error) {
	schemaOnce.Do(func() { schemaRoot, schemaErr = compileSchema(Schema) })
	return schemaRoot, schemaErr
}

// compileSchema compiles a schema document whose references all point
// into its own $defs.
func compileSchema(data []byte) (*schemaNode, error) {
	doc, err := decodeJSONValue(data)
	if err != nil {
		return nil, err
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the schema is not an object")
	}
	if root["$schema"] != draft202012 {
		return nil, fmt.Errorf("$schema is %v, want %s", root["$schema"], draft202012)
	}
	c := schemaCompiler{defs: map[string]*schemaNode{}}
	defs, _ := root["$defs"].(map[string]any)
	for name := range defs {
		c.defs[name] = &schemaNode{} // filled below: references may run ahead
	}
	for name, def := range defs {
		if err := c.fill(c.defs[name], def, "/$defs/"+name); err != nil {
			return nil, err
		}
	}
	delete(root, "$defs")
	return c.compile(root, "")
}

type schemaCompiler struct{ defs map[string]*schemaNode }

func (c *schemaCompiler) compile(v any, at string) (*schemaNode, error) {
	n := &schemaNode{}
	return n, c.fill(n, v, at)
}

// fill compiles the schema v (at schema location at) into n.
func (c *schemaCompiler) fill(n *schemaNode, v any, at string) error {
	if b, ok := v.(bool); ok {
		n.always = &b
		return nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("schema %s: not an object or a boolean", at)
	}
	for key, val := range obj {
		if err := c.keyword(n, key, val, at+"/"+key); err != nil {
			return fmt.Errorf("schema %s: %w", at+"/"+key, err)
		}
	}
	return nil
}

// keyword compiles one keyword of a schema object into n.
func (c *schemaCompiler) keyword(n *schemaNode, key string, val any, at string) (err error) {
	switch key {
	case "$ref":
		name, ok := strings.CutPrefix(fmt.Sprint(val), "#/$defs/")
		if n.ref = c.defs[name]; !ok || n.ref == nil {
			return fmt.Errorf("only references into this schema's $defs are supported")
		}
	case "type":
		n.types, err = stringList(val)
	case "enum":
		values, ok := val.([]any)
		if !ok {
			return fmt.Errorf("not an array")
		}
		n.allowed = append(n.allowed, values)
	case "const":
		n.allowed = append(n.allowed, []any{val})
	case "pattern":
		n.pattern, err = regexp.Compile(fmt.Sprint(val))
	case "minLength":
		n.minLength, err = count(val)
	case "minItems":
		n.minItems, err = count(val)
	case "required":
		n.required, err = stringList(val)
	case "properties":
		props, ok := val.(map[string]any)
		if !ok {
			return fmt.Errorf("not an object")
		}
		n.properties = map[string]*schemaNode{}
		for name, sub := range props {
			if n.properties[name], err = c.compile(sub, at+"/"+name); err != nil {
				return err
			}
		}
	case "additionalProperties":
		n.additional, err = c.compile(val, at)
	case "items":
		n.items, err = c.compile(val, at)
	case "allOf":
		subs, ok := val.([]any)
		if !ok {
			return fmt.Errorf("not an array")
		}
		for i, sub := range subs {
			s, err := c.compile(sub, fmt.Sprintf("%s/%d", at, i))
			if err != nil {
				return err
			}
			n.allOf = append(n.allOf, s)
		}
	case "if":
		n.ifS, err = c.compile(val, at)
	case "then":
		n.thenS, err = c.compile(val, at)
	case "else":
		n.elseS, err = c.compile(val, at)
	default:
		if !slices.Contains(annotationKeywords, key) {
			return fmt.Errorf("keyword not supported by this validator")
		}
	}
	return err
}

func stringList(v any) ([]string, error) {
	if s, ok := v.(string); ok {
		return []string{s}, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("not a string or an array of strings")
	}
	var out []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			return nil, fmt.Errorf("not a string or an array of strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func count(v any) (int, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("not a number")
	}
	i, err := n.Int64()
	if err != nil || i < 0 {
		return 0, fmt.Errorf("not a non-negative integer")
	}
	return int(i), nil
}

// schemaFailure is one reason an instance failed: the JSON pointer of the
// value and what is wrong with it.
type schemaFailure struct{ at, reason string }

// validate appends to fails every reason v (at instance location at)
// fails n, as the leaves of the standard's error tree.
func (n *schemaNode) validate(v any, at string, fails *[]schemaFailure) {
	fail := func(format string, args ...any) {
		*fails = append(*fails, schemaFailure{at, fmt.Sprintf(format, args...)})
	}
	if n.always != nil {
		if !*n.always {
			fail("false schema")
		}
		return
	}
	if n.ref != nil {
		n.ref.validate(v, at, fails)
	}
	if len(n.types) > 0 && !slices.ContainsFunc(n.types, func(t string) bool { return hasType(v, t) }) {
		fail("got %s, want %s", jsonType(v), strings.Join(n.types, " or "))
		return
	}
	for _, values := range n.allowed {
		if !slices.ContainsFunc(values, func(e any) bool { return jsonEqual(e, v) }) {
			fail("value must be %s", enumText(values))
		}
	}
	for _, s := range n.allOf {
		s.validate(v, at, fails)
	}
	if n.ifS != nil {
		if n.ifS.accepts(v) {
			n.thenS.validateIfSet(v, at, fails)
		} else {
			n.elseS.validateIfSet(v, at, fails)
		}
	}
	switch v := v.(type) {
	case string:
		n.validateString(v, fail)
	case []any:
		n.validateArray(v, at, fails, fail)
	case map[string]any:
		n.validateObject(v, at, fails, fail)
	}
}

func (n *schemaNode) validateIfSet(v any, at string, fails *[]schemaFailure) {
	if n != nil {
		n.validate(v, at, fails)
	}
}

func (n *schemaNode) accepts(v any) bool {
	var fails []schemaFailure
	n.validate(v, "", &fails)
	return len(fails) == 0
}

func (n *schemaNode) validateString(s string, fail func(string, ...any)) {
	if got := utf8.RuneCountInString(s); got < n.minLength {
		fail("minLength: got %d, want %d", got, n.minLength)
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		fail("%q does not match pattern %q", s, n.pattern.String())
	}
}

func (n *schemaNode) validateArray(a []any, at string, fails *[]schemaFailure, fail func(string, ...any)) {
	if len(a) < n.minItems {
		fail("minItems: got %d, want %d", len(a), n.minItems)
	}
	if n.items != nil {
		for i, e := range a {
			n.items.validate(e, fmt.Sprintf("%s/%d", at, i), fails)
		}
	}
}

func (n *schemaNode) validateObject(obj map[string]any, at string, fails *[]schemaFailure, fail func(string, ...any)) {
	var missing, extra []string
	for _, name := range n.required {
		if _, ok := obj[name]; !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		fail("missing properties %s", quoteList(missing))
	}
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	sort.Strings(names) // failures in a stable order
	for _, name := range names {
		sub, ok := n.properties[name]
		switch {
		case ok:
			sub.validate(obj[name], at+"/"+pointerToken(name), fails)
		case n.additional != nil && n.additional.always != nil && !*n.additional.always:
			extra = append(extra, name)
		case n.additional != nil:
			n.additional.validate(obj[name], at+"/"+pointerToken(name), fails)
		}
	}
	if len(extra) > 0 {
		fail("additional properties %s not allowed", quoteList(extra))
	}
}

func quoteList(names []string) string {
	quoted := make([]string, len(names))
	for i, name := range names {
		quoted[i] = fmt.Sprintf("%q", name)
	}
	return strings.Join(quoted, ", ")
}

// pointerEscaper escapes a property name for a JSON pointer (RFC 6901).
// (NewReplacer builds its tables on first use, not at init.)
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

func pointerToken(name string) string { return pointerEscaper.Replace(name) }

// hasType is the standard's type test: an integer is a number whose
// fractional part is zero (1.0 included).
func hasType(v any, t string) bool {
	got := jsonType(v)
	return got == t || t == "number" && got == "integer"
}

func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(v)); ok && r.IsInt() {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// jsonEqual is the standard's equality: numbers by value, objects and
// arrays member by member.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		ra, okA := new(big.Rat).SetString(string(a))
		rb, okB := new(big.Rat).SetString(string(b))
		return okA && okB && ra.Cmp(rb) == 0
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, jsonEqual)
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, va := range a {
			if vb, ok := b[k]; !ok || !jsonEqual(va, vb) {
				return false
			}
		}
		return true
	}
	return a == b // nil, bool, string; false on mismatched types
}

func enumText(enum []any) string {
	var parts []string
	for _, e := range enum {
		b, _ := json.Marshal(e)
		parts = append(parts, string(b))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "one of " + strings.Join(parts, ", ")
}

// decodeJSONValue reads one JSON value (numbers kept exact) and nothing
// after it.
func decodeJSONValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid character after top-level value")
	}
	return doc, nil
}
