package rust

// prelude maps the names every Rust module sees without a `use` (the std
// prelude of editions 2015–2021, the primitive types and the built-in crate
// names) to their std path. References to them are not recorded, as Go's
// and Python's builtins are not; the paths name the targets of relations
// and impl blocks (`impl Clone for T` implements std::clone::Clone).
var prelude = map[string]string{
	"Box": "std::boxed::Box", "Option": "std::option::Option",
	"Some": "std::option::Option::Some", "None": "std::option::Option::None",
	"Result": "std::result::Result", "Ok": "std::result::Result::Ok",
	"Err": "std::result::Result::Err", "String": "std::string::String",
	"ToString": "std::string::ToString", "Vec": "std::vec::Vec",
	"ToOwned": "std::borrow::ToOwned", "Clone": "std::clone::Clone",
	"Copy": "std::marker::Copy", "Send": "std::marker::Send", "Sync": "std::marker::Sync",
	"Sized": "std::marker::Sized", "Unpin": "std::marker::Unpin", "Drop": "std::ops::Drop",
	"Fn": "std::ops::Fn", "FnMut": "std::ops::FnMut", "FnOnce": "std::ops::FnOnce",
	"Default": "std::default::Default", "PartialEq": "std::cmp::PartialEq",
	"Eq": "std::cmp::Eq", "PartialOrd": "std::cmp::PartialOrd", "Ord": "std::cmp::Ord",
	"Iterator": "std::iter::Iterator", "IntoIterator": "std::iter::IntoIterator",
	"DoubleEndedIterator": "std::iter::DoubleEndedIterator",
	"ExactSizeIterator":   "std::iter::ExactSizeIterator", "Extend": "std::iter::Extend",
	"FromIterator": "std::iter::FromIterator", "AsRef": "std::convert::AsRef",
	"AsMut": "std::convert::AsMut", "From": "std::convert::From", "Into": "std::convert::Into",
	"TryFrom": "std::convert::TryFrom", "TryInto": "std::convert::TryInto",
	"drop": "std::mem::drop",

	"bool": "bool", "char": "char", "str": "str", "f32": "f32", "f64": "f64",
	"i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "i128": "i128", "isize": "isize",
	"u8": "u8", "u16": "u16", "u32": "u32", "u64": "u64", "u128": "u128", "usize": "usize",
}

// stdMacros are the standard library's macros: their invocations get no
// call ref (env! and option_env! still give configs).
var stdMacros = map[string]bool{
	"print": true, "println": true, "eprint": true, "eprintln": true, "format": true,
	"format_args": true, "write": true, "writeln": true, "panic": true, "assert": true,
	"assert_eq": true, "assert_ne": true, "debug_assert": true, "debug_assert_eq": true,
	"debug_assert_ne": true, "vec": true, "todo": true, "unimplemented": true,
	"unreachable": true, "matches": true, "dbg": true, "concat": true, "stringify": true,
	"include": true, "include_str": true, "include_bytes": true, "env": true,
	"option_env": true, "cfg": true, "line": true, "column": true, "file": true,
	"module_path": true, "compile_error": true, "thread_local": true, "try": true,
	"concat_idents": true, "global_asm": true, "asm": true, "trace_macros": true,
	"log_syntax": true, "is_x86_feature_detected": true, "const_format_args": true,
}
