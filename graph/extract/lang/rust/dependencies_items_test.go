package rust

import (
	"reflect"
	"strings"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
)

func TestScanItems(t *testing.T) {
	src := `#![allow(dead_code)]
use std::fmt::{self, Display};
mod inner;

/// A point.
#[derive(Debug)]
pub(crate) struct Point<T> where T: Copy { x: T }

pub struct Unit;
struct Pair(u8, u8);

impl<T> fmt::Debug for Point<T>
where
    T: Copy + fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { todo!() }
}

pub const ORIGIN: Point<u8> = Point { x: 0 };
static mut COUNT: usize = 0;
pub type Result<T> = std::result::Result<T, Error>;

pub unsafe extern "C" fn raw(x: [u8; 4]) -> u8 { x[0] }
pub const fn make() -> Unit { Unit }
extern crate alloc;

cfg_if::cfg_if! {
    if #[cfg(unix)] { pub fn only_unix() {} }
}
macro_rules! twice { ($e:expr) => { $e; $e }; }
define!(Thing);
pub trait Shape: Display { fn area(&self) -> f64; }
#[cfg(unix)]
s! {
    pub struct stat { st_dev: u64 }
}
extern "C" {
    pub fn open(path: *const c_char) -> c_int;
}
cfg_if! { if #[cfg(unix)] { pub fn u() {} } }
RIDL!{#[uuid(0x1, 0x2)]
interface IUnknown(IUnknownVtbl) { fn AddRef() -> ULONG, }}
`
	var got []string
	for _, it := range scanItems(lex([]byte(src))) {
		text := src[it.start:it.end]
		first, _, _ := strings.Cut(text, "\n")
		got = append(got, string(it.kind)+" "+it.name+" "+it.trait+" | "+first+" | "+text[max(0, len(text)-1):])
	}
	want := []string{
		"k   | #![allow(dead_code)] | ]",
		"k   | use std::fmt::{self, Display}; | ;",
		"k   | mod inner; | ;",
		"t Point  | #[derive(Debug)] | }",
		"t Unit  | pub struct Unit; | ;",
		"t Pair  | struct Pair(u8, u8); | ;",
		"i Point Debug | impl<T> fmt::Debug for Point<T> | }",
		"t ORIGIN  | pub const ORIGIN: Point<u8> = Point { x: 0 }; | ;",
		"t COUNT  | static mut COUNT: usize = 0; | ;",
		"t Result  | pub type Result<T> = std::result::Result<T, Error>; | ;",
		"f raw  | pub unsafe extern \"C\" fn raw(x: [u8; 4]) -> u8 { x[0] } | }",
		"f make  | pub const fn make() -> Unit { Unit } | }",
		"k   | extern crate alloc; | ;",
		"k   | cfg_if::cfg_if! { | {", // a cfg_if!'s branches are split into items too
		"f only_unix  | pub fn only_unix() {} | }",
		"k   | } | }",
		"k   | macro_rules! twice { ($e:expr) => { $e; $e }; } | }",
		"k   | define!(Thing); | ;",
		"t Shape  | pub trait Shape: Display { fn area(&self) -> f64; } | }",
		"k   | #[cfg(unix)] | {",
		"t stat  | pub struct stat { st_dev: u64 } | }",
		"k   | } | }",
		"k   | extern \"C\" { | {",
		"f open  | pub fn open(path: *const c_char) -> c_int; | ;",
		"k   | } | }",
		"k   | cfg_if! { if #[cfg(unix)] { | {",
		"f u  | pub fn u() {} | }",
		"k   | } } | }",
		"k   | RIDL!{ | {",
		"x   | #[uuid(0x1, 0x2)] | }", // the macro's syntax: never read
		"k   | } | }",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scanItems =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSelectItems: a file read is read in part: the named function, the
// wanted type with its impls and the traits those implement, a type with a
// named member; uses always.
func TestSelectItems(t *testing.T) {
	d := &rustDeps{}
	src := `use std::fmt;
pub struct Value { n: u8 }
impl Value { pub fn get(&self) -> u8 { self.n } }
impl Render for Value { fn render(&self) -> Output { todo!() } }
pub trait Render { fn render(&self) -> Output; }
pub struct Output;
pub struct Unused;
impl Unused { pub fn other(&self) {} }
pub struct Config;
impl Config { pub fn new() -> Self { Config } }
pub fn to_value() -> Value { todo!() }
pub fn unrelated() {}
`
	dir := extract.SelectDir{Files: []string{"lib.rs"}, Summaries: [][]byte{d.Summarize([]byte(src))}}
	sel := d.Select([]extract.SelectDir{dir}, names{"to_value": true, "get": true, "render": true, "new": true})
	if !sel[0][0].Read {
		t.Fatal("lib.rs not read")
	}
	kept := extract.BlankOutside([]byte(src), sel[0][0].Keep)
	var lines []string
	for _, l := range strings.Split(string(kept), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	want := []string{
		"use std::fmt;",
		"pub struct Value { n: u8 }",
		"impl Value { pub fn get(&self) -> u8 { self.n } }",
		"impl Render for Value { fn render(&self) -> Output { todo!() } }",
		"pub trait Render { fn render(&self) -> Output; }",
		"pub struct Output;",
		"pub struct Config;", // packed::Config::new() names new alone
		"impl Config { pub fn new() -> Self { Config } }",
		"pub fn to_value() -> Value { todo!() }",
	}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("kept:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if len(kept) != len(src) || strings.Count(string(kept), "\n") != strings.Count(src, "\n") {
		t.Error("blankOutside moved offsets or lines")
	}
}
