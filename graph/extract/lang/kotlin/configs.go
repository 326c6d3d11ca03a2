package kotlin

import (
	"github.com/orbitgraph/orbit/graph/extract"
)

// getenv is the candidate of System.getenv (java.lang is a default import
// on the JVM).
const getenv = "java.lang.System.getenv"

// envArg records the first argument of System.getenv("X") (or of
// System.getenv().get("X")) as an env config when it is a literal.
func (w *walker) envArg(args int32) {
	if args < 0 {
		return
	}
	arg := w.t.first(args)
	if arg < 0 || w.t.kind(arg) != kinds.valueArg {
		return
	}
	if v := w.t.first(arg); v >= 0 && w.t.next(v) < 0 { // not a named argument
		if key, ok := w.literal(v); ok && key != "" {
			w.addConfig(v, key, extract.ConfigEnv)
		}
	}
}

// index walks a[k] and records System.getenv()["X"] as an env config.
func (w *walker) index(i int32) {
	w.children(i)
	t := w.t
	recv := t.first(i)
	if recv < 0 || t.kind(recv) != kinds.call || !w.isGetenvAll(recv) {
		return
	}
	if key := t.next(recv); key >= 0 {
		if v, ok := w.literal(key); ok && v != "" {
			w.addConfig(key, v, extract.ConfigEnv)
		}
	}
}

// isEnvMapRead reports System.getenv().get("X") (or getOrDefault,
// containsKey) for a called navigation.
func (w *walker) isEnvMapRead(nav int32) bool {
	name := w.navName(nav)
	if name < 0 {
		return false
	}
	switch string(w.t.bytes(name)) {
	case "get", "getOrDefault", "containsKey":
		recv := w.t.first(nav)
		return w.t.kind(recv) == kinds.call && w.isGetenvAll(recv)
	}
	return false
}

// isGetenvAll reports a call of System.getenv() without arguments.
func (w *walker) isGetenvAll(call int32) bool {
	t := w.t
	callee, args := t.first(call), t.childOfKind(call, kinds.valueArgs)
	if t.kind(callee) != kinds.navigation || args < 0 || t.first(args) >= 0 || t.next(args) >= 0 {
		return false
	}
	name := w.navName(callee)
	return name >= 0 && w.memberTarget(t.first(callee), t.bytes(name)).q == getenv
}

// serdeNames are the annotations that give a property its serialized
// name, with the argument that holds it: kotlinx.serialization
// @SerialName("x"), Jackson @JsonProperty("x") and @JsonAlias, Gson
// @SerializedName("x", alternate = [...]), Moshi @Json(name = "x").
var serdeNames = map[string][]string{
	"SerialName": {"value"}, "JsonProperty": {"value"}, "JsonAlias": {"value"},
	"SerializedName": {"value", "alternate"}, "Json": {"name"},
}

// serde records the literal names a serialization annotation gives;
// positional arguments count only where the annotation's first parameter
// is the name.
func (w *walker) serde(anno []byte, args int32) {
	keys, ok := serdeNames[string(anno)]
	if !ok {
		return
	}
	t := w.t
	for a := t.first(args); a >= 0; a = t.next(a) {
		v := t.first(a)
		if v < 0 {
			continue
		}
		if n := t.next(v); n >= 0 { // name = value
			if !contains(keys, t.text(v)) {
				continue
			}
			v = n
		} else if keys[0] != "value" || a != t.first(args) {
			continue
		}
		w.serdeValue(v)
	}
}

// serdeValue records a literal or each literal of ["a", "b"] / arrayOf.
func (w *walker) serdeValue(v int32) {
	if key, ok := w.literal(v); ok {
		if key != "" {
			w.addConfig(v, key, extract.ConfigSerde)
		}
		return
	}
	t := w.t
	if t.kind(v) == kinds.call {
		v = t.childOfKind(v, kinds.valueArgs)
	}
	for c := t.first(v); c >= 0; c = t.next(c) {
		x := c
		if t.kind(c) == kinds.valueArg {
			x = t.first(c)
		}
		if key, ok := w.literal(x); ok && key != "" {
			w.addConfig(x, key, extract.ConfigSerde)
		}
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

func (w *walker) addConfig(i int32, key string, kind extract.ConfigKind) {
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: w.line(i), Span: w.t.span(i)})
}
