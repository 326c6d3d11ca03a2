package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

const (
	testSha = "0123456789abcdef0123456789abcdef01234567"
	idA     = "node:AAAAAAAAAAAAAAAAAAAAA"
	idB     = "node:BBBBBBBBBBBBBBBBBBBBB"
	hash64  = "0000000000000000000000000000000000000000000000000000000000000000"
)

// validLog holds one of each operation (not a log any tree would accept:
// the parser only reads).
var validLog = `{
 "schemaVersion": 1,
 "commitSha": "` + testSha + `",
 "producer": {"name": "orbit-engine", "version": "0.1.0", "agent": "claude"},
 "operations": [
  {"op": "create", "stable_id": "` + idA + `", "post": {"file": "a.go", "qualified_name": "A", "kind": "function"}, "body_hash_post": "sha256:` + hash64 + `"},
  {"op": "delete", "stable_id": "` + idA + `", "pre": {"file": "a.go", "qualified_name": "A", "kind": "function"}},
  {"op": "rename", "stable_id": "` + idA + `", "pre": {"qualified_name": "A"}, "post": {"qualified_name": "B", "file": "a.go"}, "note": "why"},
  {"op": "move", "stable_id": "` + idA + `", "pre": {"file": "a.go"}, "post": {"file": "b.go"}},
  {"op": "change_signature", "stable_id": "` + idA + `", "signature_pre": "func A()", "signature_post": "func A(x int)"},
  {"op": "change_body", "stable_id": "` + idA + `", "body_hash_pre": "` + hash64 + `", "body_hash_post": "` + hash64 + `"},
  {"op": "split", "source": {"stable_id": "` + idA + `", "pre": {"file": "a.go", "qualified_name": "A", "kind": "function"}},
   "children": [{"stable_id": "` + idB + `", "post": {"file": "a.go", "qualified_name": "A1", "kind": "function"}, "body_hash_post": "` + hash64 + `"}]},
  {"op": "merge", "sources": [{"stable_id": "` + idA + `", "pre": {"file": "a.go", "qualified_name": "A", "kind": "function"}},
   {"stable_id": "` + idB + `", "pre": {"file": "a.go", "qualified_name": "B", "kind": "function"}}],
   "target": {"stable_id": "` + idA + `", "post": {"file": "a.go", "qualified_name": "AB", "kind": "function"}, "body_hash_post": "` + hash64 + `"}}
 ]
}`

func TestParseAcceptsEveryOperation(t *testing.T) {
	log, err := Parse(testSha+".json", []byte(validLog))
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, o := range log.Operations {
		ops = append(ops, o.Op)
	}
	want := []string{OpCreate, OpDelete, OpRename, OpMove, OpChangeSignature, OpChangeBody, OpSplit, OpMerge}
	if !reflect.DeepEqual(ops, want) {
		t.Errorf("ops %q, want %q", ops, want)
	}
	if m := log.Operations[7]; len(m.Sources) != 2 || m.Target.Post.QualifiedName != "AB" {
		t.Errorf("merge read as %+v", m)
	}
}

// Each rule of well-formedness (spec §4.1), broken once.
func TestParseRefusesMalformedLogs(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(validLog, old) {
			t.Fatalf("test edit: %q not in the log", old)
		}
		return strings.Replace(validLog, old, new, 1)
	}
	for name, c := range map[string]struct {
		stem, data string
		future     bool
	}{
		"not json":              {testSha, `{"schemaVersion": 1,`, false},
		"not utf-8":             {testSha, strings.Replace(validLog, "why", "\xff", 1), false},
		"trailing data":         {testSha, validLog + " {}", false},
		"no producer":           {testSha, edit(`"producer": {"name": "orbit-engine", "version": "0.1.0", "agent": "claude"},`, ""), false},
		"producer no version":   {testSha, edit(`"version": "0.1.0", `, ""), false},
		"version not semver":    {testSha, edit(`"0.1.0"`, `"v1"`), false},
		"schemaVersion string":  {testSha, edit(`"schemaVersion": 1`, `"schemaVersion": "1"`), false},
		"schemaVersion zero":    {testSha, edit(`"schemaVersion": 1`, `"schemaVersion": 0`), false},
		"future version":        {testSha, edit(`"schemaVersion": 1`, `"schemaVersion": 2`), true},
		"future, else garbage":  {testSha, `{"schemaVersion": 7, "whatever": [1]}`, true},
		"sha not the stem":      {strings.Repeat("f", 40), validLog, false},
		"sha upper case":        {strings.ToUpper(testSha), strings.ReplaceAll(validLog, testSha, strings.ToUpper(testSha)), false},
		"sha short":             {"0123", strings.ReplaceAll(validLog, testSha, "0123"), false},
		"unknown envelope key":  {testSha, edit(`"schemaVersion": 1,`, `"schemaVersion": 1, "extra": true,`), false},
		"unknown producer key":  {testSha, edit(`"agent": "claude"`, `"agent": "claude", "host": "x"`), false},
		"unknown op":            {testSha, edit(`"op": "create"`, `"op": "relocate"`), false},
		"no op":                 {testSha, edit(`"op": "create", `, ""), false},
		"unknown op field":      {testSha, edit(`"op": "move",`, `"op": "move", "reason": "x",`), false},
		"field of another op":   {testSha, edit(`"op": "delete",`, `"op": "delete", "body_hash_post": "`+hash64+`",`), false},
		"create without hash":   {testSha, edit(`, "body_hash_post": "sha256:`+hash64+`"}`, `}`), false},
		"bad stable id":         {testSha, edit(`"op": "delete", "stable_id": "`+idA+`"`, `"op": "delete", "stable_id": "A"`), false},
		"address without kind":  {testSha, edit(`"pre": {"file": "a.go", "qualified_name": "A", "kind": "function"}}`, `"pre": {"file": "a.go", "qualified_name": "A"}}`), false},
		"address unknown key":   {testSha, edit(`"pre": {"file": "a.go"}`, `"pre": {"file": "a.go", "line": 3}`), false},
		"rename without name":   {testSha, edit(`"pre": {"qualified_name": "A"}`, `"pre": {"file": "a.go"}`), false},
		"split without child":   {testSha, edit(`"children": [{"stable_id": "`+idB+`", "post": {"file": "a.go", "qualified_name": "A1", "kind": "function"}, "body_hash_post": "`+hash64+`"}]`, `"children": []`), false},
		"merge of one":          {testSha, edit(`{"stable_id": "`+idA+`", "pre": {"file": "a.go", "qualified_name": "A", "kind": "function"}},`+"\n"+`   {"stable_id"`, `{"stable_id"`), false},
		"bad body hash":         {testSha, edit(`"body_hash_pre": "`+hash64+`"`, `"body_hash_pre": "abc"`), false},
		"operations not array":  {testSha, `{"schemaVersion": 1, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}, "operations": {}}`, false},
		"no operations":         {testSha, `{"schemaVersion": 1, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}}`, false},
		"empty producer name":   {testSha, edit(`"name": "orbit-engine"`, `"name": ""`), false},
		"signature not string":  {testSha, edit(`"signature_pre": "func A()"`, `"signature_pre": 3`), false},
		"top level not objects": {testSha, `[]`, false},
	} {
		_, err := Parse(c.stem+".json", []byte(c.data))
		switch {
		case err == nil:
			t.Errorf("%s: accepted", name)
		case c.future && !errors.Is(err, ErrFutureVersion):
			t.Errorf("%s: %v, want a future-version refusal", name, err)
		case !c.future && !errors.Is(err, ErrMalformed):
			t.Errorf("%s: %v, want malformed", name, err)
		}
	}
	// The empty log is well-formed (spec §6: readers support it first).
	empty := `{"schemaVersion": 1, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}, "operations": []}`
	if _, err := Parse(testSha, []byte(empty)); err != nil {
		t.Errorf("empty log: %v", err)
	}
}

// FuzzParse: Parse never panics; what it accepts has every field its
// operation requires (checked here field by field, apart from the schema),
// and survives a round trip through encoding/json unchanged.
func FuzzParse(f *testing.F) {
	f.Add([]byte(validLog))
	seeds, _ := filepath.Glob("testdata/oplog/*.json")
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"schemaVersion": 2}`))
	f.Add([]byte(`{"schemaVersion": 1.0, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}, "operations": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		log, err := Parse(testSha, data)
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrFutureVersion) {
				t.Fatalf("unclassified refusal: %v", err)
			}
			return
		}
		if msg := missingField(log); msg != "" {
			t.Fatalf("accepted a log lacking %s: %q", msg, data)
		}
		again, err := json.Marshal(log)
		if err != nil {
			t.Fatal(err)
		}
		log2, err := Parse(testSha, again)
		if err != nil {
			t.Fatalf("accepted %q but not its re-encoding %s: %v", data, again, err)
		}
		if !reflect.DeepEqual(log, log2) {
			t.Fatalf("round trip changed the log:\n%+v\n%+v", log, log2)
		}
	})
}

// missingField names a field an accepted log's operation lacks, "" if none.
func missingField(log *OpLog) string {
	if log.SchemaVersion != 1 || log.CommitSha != testSha || log.Producer.Name == "" || log.Producer.Version == "" {
		return "an envelope field"
	}
	full := func(a *Address) bool { return a != nil && a.File != "" && a.QualifiedName != "" && a.Kind != "" }
	id := func(s string) bool { return strings.HasPrefix(s, "node:") && len(s) == 26 }
	for _, o := range log.Operations {
		ok := true
		switch o.Op {
		case OpCreate:
			ok = id(o.StableID) && full(o.Post) && o.BodyHashPost != ""
		case OpDelete:
			ok = id(o.StableID) && full(o.Pre)
		case OpRename:
			ok = id(o.StableID) && o.Pre != nil && o.Post != nil && o.Pre.QualifiedName != "" && o.Post.QualifiedName != ""
		case OpMove:
			ok = id(o.StableID) && o.Pre != nil && o.Post != nil && o.Pre.File != "" && o.Post.File != ""
		case OpChangeSignature:
			ok = id(o.StableID) && o.SignaturePre != nil && o.SignaturePost != nil
		case OpChangeBody:
			ok = id(o.StableID) && o.BodyHashPre != "" && o.BodyHashPost != ""
		case OpSplit:
			ok = o.Source != nil && id(o.Source.StableID) && full(o.Source.Pre) && len(o.Children) > 0
			for _, c := range o.Children {
				ok = ok && id(c.StableID) && full(c.Post) && c.BodyHashPost != ""
			}
		case OpMerge:
			ok = o.Target != nil && id(o.Target.StableID) && full(o.Target.Post) && len(o.Sources) > 1
			for _, s := range o.Sources {
				ok = ok && id(s.StableID) && full(s.Pre)
			}
		default:
			ok = false
		}
		if !ok {
			return "a field of " + o.Op
		}
	}
	return ""
}

// The example logs of testdata/oplog (also the fuzz seeds): valid-* are
// accepted, malformed-* and future-* refused as their names say.
func TestExampleLogs(t *testing.T) {
	paths, _ := filepath.Glob("testdata/oplog/*.json")
	if len(paths) == 0 {
		t.Fatal("no example logs")
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Parse(testSha, data)
		name := filepath.Base(p)
		switch {
		case strings.HasPrefix(name, "valid-") && err != nil:
			t.Errorf("%s: %v", name, err)
		case strings.HasPrefix(name, "malformed-") && !errors.Is(err, ErrMalformed):
			t.Errorf("%s: %v, want malformed", name, err)
		case strings.HasPrefix(name, "future-") && !errors.Is(err, ErrFutureVersion):
			t.Errorf("%s: %v, want a future version", name, err)
		}
		// The schema alone agrees, but on a future version (refused either way).
		if serr := ValidateSchema(data); (serr == nil) != strings.HasPrefix(name, "valid-") {
			t.Errorf("%s: the schema says %v", name, serr)
		}
	}
}

// A refusal names where in the log the (first) failure is and why, on one
// line. One case per keyword the schema uses: each is enforced.
func TestSchemaFailuresNameTheirLocation(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(validLog, old) {
			t.Fatalf("test edit: %q not in the log", old)
		}
		return strings.Replace(validLog, old, new, 1)
	}
	envelope := func(operations string) string {
		return `{"schemaVersion": 1, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}, "operations": ` + operations + `}`
	}
	for _, c := range []struct{ keyword, data, want string }{
		{"pattern", edit(`"op": "delete", "stable_id": "`+idA+`"`, `"op": "delete", "stable_id": "A"`),
			`at /operations/1/stable_id: pattern: "A" does not match regular expression "^node:`},
		{"const", edit(`"schemaVersion": 1`, `"schemaVersion": "1"`), `at /schemaVersion: const: 1 does not equal 1`},
		{"additionalProperties", edit(`"schemaVersion": 1,`, `"schemaVersion": 1, "extra": true,`), `at /: unexpected additional properties ["extra"]`},
		{"required, if/then, $ref", edit(`, "body_hash_post": "sha256:`+hash64+`"}`, `}`), `at /operations/0: required: missing properties: ["body_hash_post"]`},
		{"enum", edit(`"op": "create"`, `"op": "relocate"`), `at /operations/0/op: enum: relocate does not equal any of: [create delete`},
		{"minLength", edit(`"name": "orbit-engine"`, `"name": ""`), `at /producer/name: minLength: "" contains 0 Unicode code points, fewer than 1`},
		{"minItems", edit(`"children": [{"stable_id": "`+idB+`", "post": {"file": "a.go", "qualified_name": "A1", "kind": "function"}, "body_hash_post": "`+hash64+`"}]`, `"children": []`),
			`at /operations/6/children: minItems: array length 0 is less than 1`},
		{"type", edit(`"signature_pre": "func A()"`, `"signature_pre": 3`), `at /operations/4/signature_pre: type: 3 has type "integer", want "string"`},
		{"items, allOf (the last branch)", edit(`"qualified_name": "AB"`, `"qualified_name": ""`), `at /operations/7/target/post/qualified_name: minLength`},
		{"additionalProperties of a $ref'd def", envelope(`[{"op": "move", "stable_id": "` + idA + `", "pre": {"a/b": 1}, "post": {"file": "b.go"}}]`),
			`at /operations/0/pre: unexpected additional properties ["a/b"]`},
	} {
		err := ValidateSchema([]byte(c.data))
		if err == nil || !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: got %v\nwant one line with %s", c.keyword, err, c.want)
		}
	}
}

// Numbers compare by value, as the standard says: a schemaVersion of 1.0
// is the const 1 (Parse still refuses it: the field is an integer). One
// that only rounds to 1 is not.
func TestSchemaComparesNumbersByValue(t *testing.T) {
	for v, valid := range map[string]bool{"1": true, "1.0": true, "1e0": true, "10e-1": true,
		"1.00000000000000000001": false, "0.99999999999999999999": false, "1e400": false} {
		log := `{"schemaVersion": ` + v + `, "commitSha": "` + testSha + `", "producer": {"name": "p", "version": "1.0.0"}, "operations": []}`
		if err := ValidateSchema([]byte(log)); (err == nil) != valid || !valid && !strings.Contains(err.Error(), "at /schemaVersion: ") {
			t.Errorf("schemaVersion %s: %v", v, err)
		}
	}
}

// Every keyword of the schema is one the library knows (an unknown one
// would be kept in Extra and ignored), and the library resolves it.
func TestSchemaUsesOnlyKeywordsTheLibraryKnows(t *testing.T) {
	sch, err := loadSchema(Schema)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(s *jsonschema.Schema, at string)
	walk = func(s *jsonschema.Schema, at string) {
		if len(s.Extra) > 0 {
			t.Errorf("schema %s: keywords unknown to the library: %v", at, slices.Sorted(maps.Keys(s.Extra)))
		}
		for sub, where := range subschemas(s) {
			walk(sub, at+"/"+where)
		}
	}
	walk(sch.root, "")
	var probe jsonschema.Schema
	if err := json.Unmarshal([]byte(`{"maxLength": 3, "frobnicate": 1}`), &probe); err != nil || len(probe.Extra) != 1 {
		t.Errorf("an unknown keyword is not in Extra: %v %v", probe.Extra, err)
	}
}

// subschemas yields a schema's direct sub-schemas (whatever keyword holds
// them) and where each is.
func subschemas(s *jsonschema.Schema) iter.Seq2[*jsonschema.Schema, string] {
	return func(yield func(*jsonschema.Schema, string) bool) {
		v := reflect.ValueOf(s).Elem()
		for i := range v.NumField() {
			name := v.Type().Field(i).Name
			switch f := v.Field(i).Interface().(type) {
			case *jsonschema.Schema:
				if f != nil && !yield(f, name) {
					return
				}
			case []*jsonschema.Schema:
				for j, sub := range f {
					if !yield(sub, fmt.Sprintf("%s/%d", name, j)) {
						return
					}
				}
			case map[string]*jsonschema.Schema:
				for k, sub := range f {
					if !yield(sub, name+"/"+k) {
						return
					}
				}
			}
		}
	}
}
