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
	arg := w.t.FirstKid(args)
	if arg < 0 || w.t.Kind(arg) != kinds.valueArg {
		return
	}
	if v := w.t.FirstKid(arg); v >= 0 && w.t.Next(v) < 0 { // not a named argument
		if key, ok := w.literal(v); ok && key != "" {
			w.addConfig(v, key, extract.ConfigEnv)
		}
	}
}

// index walks a[k] and records System.getenv()["X"] as an env config.
func (w *walker) index(i int32) {
	w.children(i)
	t := w.t
	recv := t.FirstKid(i)
	if recv < 0 || t.Kind(recv) != kinds.call || !w.isGetenvAll(recv) {
		return
	}
	if key := t.Next(recv); key >= 0 {
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
	switch string(w.t.Raw(name)) {
	case "get", "getOrDefault", "containsKey":
		recv := w.t.FirstKid(nav)
		return w.t.Kind(recv) == kinds.call && w.isGetenvAll(recv)
	}
	return false
}

// isGetenvAll reports a call of System.getenv() without arguments.
func (w *walker) isGetenvAll(call int32) bool {
	t := w.t
	callee, args := t.FirstKid(call), t.ChildOfKind(call, kinds.valueArgs)
	if t.Kind(callee) != kinds.navigation || args < 0 || t.FirstKid(args) >= 0 || t.Next(args) >= 0 {
		return false
	}
	name := w.navName(callee)
	return name >= 0 && w.memberTarget(t.FirstKid(callee), t.Raw(name)).Q == getenv
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
	for a := t.FirstKid(args); a >= 0; a = t.Next(a) {
		v := t.FirstKid(a)
		if v < 0 {
			continue
		}
		if n := t.Next(v); n >= 0 { // name = value
			if !contains(keys, t.Text(v)) {
				continue
			}
			v = n
		} else if keys[0] != "value" || a != t.FirstKid(args) {
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
	if t.Kind(v) == kinds.call {
		v = t.ChildOfKind(v, kinds.valueArgs)
	}
	for c := t.FirstKid(v); c >= 0; c = t.Next(c) {
		x := c
		if t.Kind(c) == kinds.valueArg {
			x = t.FirstKid(c)
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
	w.out.Configs = append(w.out.Configs, extract.RawConfig{Key: key, Kind: kind, Line: w.line(i), Span: w.t.Span(i)})
}
