package java

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// getenv is the candidate of System.getenv however the file spells it
// (System.getenv, java.lang.System.getenv, a static import).
const getenv = "java.lang.System.getenv"

// envCall records System.getenv("X") and System.getenv().get("X") (also
// getOrDefault and containsKey) with a literal key as env configs.
func (w *walker) envCall(q string, obj, name, args int32) {
	switch {
	case q == getenv:
	case w.t.Kind(obj) == kinds.call && isMapRead(w.t.Raw(name)) && w.isGetenvAll(obj):
	default:
		return
	}
	arg := w.t.FirstKid(args)
	if key, ok := w.stringValue(arg); ok && key != "" {
		w.addConfig(arg, key, extract.ConfigEnv)
	}
}

func isMapRead(name []byte) bool {
	switch string(name) {
	case "get", "getOrDefault", "containsKey":
		return true
	}
	return false
}

// isGetenvAll reports a call of System.getenv() without arguments.
func (w *walker) isGetenvAll(call int32) bool {
	t := w.t
	obj, name, args := t.Child(call, fields.object), t.Child(call, fields.name), t.Child(call, fields.arguments)
	return name >= 0 && args >= 0 && t.FirstKid(args) < 0 && w.callTarget(obj, name) == getenv
}

// serde records the JSON name a field-name annotation gives a member:
// Jackson @JsonProperty("x") and @JsonAlias({"a", "b"}), Gson
// @SerializedName("x", alternate = {...}). Only literal names count.
func (w *walker) serde(anno string, args int32) {
	switch anno {
	case "JsonProperty", "JsonAlias", "SerializedName":
	default:
		return
	}
	t := w.t
	for c := t.FirstKid(args); c >= 0; c = t.Next(c) {
		v := c
		if t.Kind(c) == kinds.elemValuePair {
			key := t.Child(c, fields.key)
			if k := t.Text(key); k != "value" && k != "alternate" {
				continue
			}
			v = t.Child(c, fields.value)
		}
		w.serdeValue(v)
	}
}

// serdeValue records a literal name or each literal of {"a", "b"}.
func (w *walker) serdeValue(v int32) {
	if v < 0 {
		return
	}
	if key, ok := w.stringValue(v); ok {
		if key != "" {
			w.addConfig(v, key, extract.ConfigSerde)
		}
		return
	}
	for c := w.t.FirstKid(v); c >= 0; c = w.t.Next(c) { // element_value_array_initializer
		if key, ok := w.stringValue(c); ok && key != "" {
			w.addConfig(c, key, extract.ConfigSerde)
		}
	}
}

func (w *walker) addConfig(i int32, key string, kind extract.ConfigKind) {
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: w.line(i), Span: w.t.Span(i)})
}
