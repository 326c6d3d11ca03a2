package csharp

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// envConfig records Environment.GetEnvironmentVariable("X") (also written
// System.Environment or global::System.Environment) with a literal name.
func (w *walker) envConfig(fn, args int32) {
	t := w.t
	if t.Kind(fn) != kinds.memberAccess || t.Text(t.Child(fn, fields.name)) != "GetEnvironmentVariable" {
		return
	}
	if _, ok := w.chain(t.Child(fn, fields.expression)); !ok {
		return
	}
	if p := w.segPath(w.segs); p != "Environment" && p != "System.Environment" {
		return
	}
	if arg := w.argument(args, ""); arg != noNode {
		w.configKey(arg, extract.ConfigEnv)
	}
}

// serdeConfig records the JSON name an attribute gives a member:
// [JsonPropertyName("x")] (System.Text.Json), [JsonProperty("x")] and
// [JsonProperty(PropertyName = "x")] (Newtonsoft.Json), and
// [DataMember(Name = "x")] (data contracts).
func (w *walker) serdeConfig(attr, nm int32) {
	t := w.t
	var positional bool
	var named string
	switch attributeName(t.Text(w.lastIdent(nm))) {
	case "JsonPropertyName":
		positional = true
	case "JsonProperty":
		positional, named = true, "PropertyName"
	case "DataMember":
		named = "Name"
	default:
		return
	}
	args := t.ChildOfKind(attr, kinds.attributeArgList)
	if args == noNode {
		return
	}
	if arg := w.argument(args, named); arg != noNode {
		w.configKey(arg, extract.ConfigSerde)
	} else if positional {
		if arg := w.argument(args, ""); arg != noNode {
			w.configKey(arg, extract.ConfigSerde)
		}
	}
}

// argument returns the value of the argument called name, or of the
// first argument when name is "" and that one has no name; noNode
// otherwise.
func (w *walker) argument(args int32, name string) int32 {
	t := w.t
	for a := range t.Kids(args) {
		if k := t.Nodes[a].Kind; k != kinds.argument && k != kinds.attributeArg {
			continue
		}
		nm := t.Child(a, fields.name)
		switch {
		case name == "" && nm != noNode:
			return noNode
		case name == "" || nm != noNode && t.Text(nm) == name:
			for v := range t.Kids(a) {
				if v != nm {
					return v
				}
			}
			return noNode
		}
	}
	return noNode
}

// configKey records a literal key of the given kind; other expressions
// are dynamic and give none.
func (w *walker) configKey(i int32, kind extract.ConfigKind) {
	if key, ok := w.literalKey(i); ok && key != "" {
		sp := w.t.Span(i)
		w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: w.lines.Line(sp.Start), Span: sp})
	}
}
