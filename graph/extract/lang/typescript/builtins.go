package typescript

// builtins are the global names of ECMAScript, Node and the TypeScript
// standard library that a file uses without importing them. An unbound
// builtin gives no ref (nor does a member of one, console.log): nothing in
// the index defines it, and every file uses them.
var builtins = setOf(builtinValues, builtinTypes)

func setOf(lists ...[]string) map[string]bool {
	set := make(map[string]bool)
	for _, names := range lists {
		for _, n := range names {
			set[n] = true
		}
	}
	return set
}

var builtinValues = []string{
	"Array", "ArrayBuffer", "AbortController", "AbortSignal", "AggregateError", "Atomics",
	"BigInt", "BigInt64Array", "BigUint64Array", "Boolean", "Buffer", "DataView", "Date",
	"Error", "EvalError", "FinalizationRegistry", "Float32Array", "Float64Array", "Function",
	"Int8Array", "Int16Array", "Int32Array", "Intl", "Iterator", "JSON", "Map", "Math",
	"Number", "Object", "Promise", "Proxy", "RangeError", "ReferenceError", "Reflect",
	"RegExp", "Set", "SharedArrayBuffer", "String", "Symbol", "SyntaxError", "TextDecoder",
	"TextEncoder", "TypeError", "URIError", "URL", "URLSearchParams", "Uint8Array",
	"Uint8ClampedArray", "Uint16Array", "Uint32Array", "WeakMap", "WeakRef", "WeakSet",
	"atob", "btoa", "clearImmediate", "clearInterval", "clearTimeout", "console",
	"decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "eval",
	"document", "global", "globalThis", "isFinite", "isNaN", "parseFloat", "parseInt", "process", "queueMicrotask",
	"require", "self", "setImmediate", "setInterval", "setTimeout", "structuredClone", "window",
}

var builtinTypes = []string{
	"ArrayLike", "AsyncGenerator", "AsyncIterable", "AsyncIterableIterator", "AsyncIterator",
	"Awaited", "Capitalize", "ConstructorParameters", "Exclude", "Extract", "Generator",
	"InstanceType", "Iterable", "IterableIterator", "Lowercase", "NoInfer", "NonNullable",
	"Omit", "OmitThisParameter", "Parameters", "Partial", "Pick", "PromiseLike",
	"PropertyKey", "Readonly", "ReadonlyArray", "ReadonlyMap", "ReadonlySet", "Record",
	"Required", "ReturnType", "TemplateStringsArray", "ThisParameterType", "ThisType",
	"Uncapitalize", "Uppercase",
}

// builtinStatics are the builtin values whose static members (`Object.keys`,
// `JSON.parse`, `Promise.resolve`) the standard library declares on an
// interface: lib.es*.d.ts's `declare var X: T`. A member of one is a ref
// with that interface as its receiver, which a sync with TypeScript's lib
// resolves (dependencies_lib.go); `console` is left out: its interface is
// lib.dom's or @types/node's, and a project with neither would get a
// name-only ref for every console.log.
var builtinStatics = map[string]string{
	"Atomics": "Atomics", "JSON": "JSON", "Math": "Math",
}

func init() {
	for _, v := range []string{
		"AggregateError", "Array", "ArrayBuffer", "BigInt", "BigInt64Array", "BigUint64Array", "Boolean",
		"DataView", "Date", "Error", "EvalError", "FinalizationRegistry", "Float32Array", "Float64Array",
		"Function", "Int8Array", "Int16Array", "Int32Array", "Map", "Number", "Object", "Promise", "Proxy",
		"RangeError", "ReferenceError", "RegExp", "Set", "SharedArrayBuffer", "String", "Symbol", "SyntaxError",
		"TypeError", "URIError", "Uint8Array", "Uint8ClampedArray", "Uint16Array", "Uint32Array", "WeakMap",
		"WeakRef", "WeakSet",
	} {
		builtinStatics[v] = v + "Constructor"
	}
	for _, t := range builtinStatics {
		staticTypes[t] = true
	}
}

// staticTypes are builtinStatics' interfaces.
var staticTypes = map[string]bool{}
