package golang

import (
	"reflect"
	"strings"

	"github.com/orbitgraph/orbit/graph/extract"
)

// envConfig records os.Getenv("X") and os.LookupEnv("X"): the receiver
// must be the local name of import "os" and the argument a literal.
func (x *fileExtractor) envConfig(callee, args int32) {
	if x.t.Kind(callee) != kinds.selectorExpr {
		return
	}
	switch x.t.Text(x.t.Child(callee, fields.field)) {
	case "Getenv", "LookupEnv":
	default:
		return
	}
	op := x.t.Child(callee, fields.operand)
	if x.t.Kind(op) != kinds.ident {
		return
	}
	if path, ok := x.importPath(x.t.Text(op)); !ok || path != "os" {
		return
	}
	arg := x.t.FirstKid(args)
	if key, ok := x.stringValue(arg); ok && key != "" {
		x.addConfig(arg, key, extract.ConfigEnv)
	}
}

// tagKeys are the struct tag keys that name serialized fields.
var tagKeys = [...]string{"json", "yaml", "toml"}

// structTag records the names a field's tag gives it under json, yaml and
// toml, each distinct name once; "-" and empty names are skipped.
func (x *fileExtractor) structTag(tag int32) {
	v, ok := x.stringValue(tag)
	if !ok || v == "" {
		return
	}
	var seen [len(tagKeys)]string
	for i, key := range tagKeys {
		val, ok := reflect.StructTag(v).Lookup(key)
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(val, ",")
		if name == "" || name == "-" || contains(seen[:i], name) {
			continue
		}
		seen[i] = name
		x.addConfig(tag, name, extract.ConfigSerde)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (x *fileExtractor) addConfig(i int32, key string, kind extract.ConfigKind) {
	x.out.Configs = append(x.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: x.line(i), Span: x.span(i)})
}
