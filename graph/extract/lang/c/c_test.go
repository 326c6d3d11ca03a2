package c_test

import (
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
	"github.com/orbitgraph/orbit/graph/extract/lang/c"
)

// TestGolden checks every testdata/*.txtar case; regenerate the want
// sections with -update and read them.
func TestGolden(t *testing.T) {
	extracttest.Run(t, c.New())
}

func TestSupports(t *testing.T) {
	extracttest.Supports(t, c.New(), "c", map[string]bool{
		"a/b.c": true, "a/b.h": true, "B.C": true, "b.H": true, "a/b.cc": false, "a/b.hpp": false, "c": false,
	})
}

// TestDelegation checks that a .h file that is C++ by content is extracted
// as C++ and that C stays C, whatever it contains.
func TestDelegation(t *testing.T) {
	ex := c.New()
	cxx := "namespace geo { class Point { public: int x; }; }\n"
	plain := "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint area(int w, int h);\n#ifdef __cplusplus\n}\n#endif\n"
	for _, tc := range []struct{ path, src, lang, ns string }{
		{"include/point.h", cxx, "cpp", "geo"},
		{"include/area.h", plain, "c", ""},
		{"src/point.c", cxx, "c", ""}, // a .c file is C, however broken
	} {
		f := ex.Extract(extract.Input{Path: tc.path, Content: []byte(tc.src)})
		if f.Lang != tc.lang || f.Namespace != tc.ns {
			t.Errorf("%s: Lang, Namespace = %q, %q, want %q, %q", tc.path, f.Lang, f.Namespace, tc.lang, tc.ns)
		}
	}
}

// TestParseTimeout checks that a parse cut short by its timeout gives a
// diagnostic and an otherwise empty result, not a panic, for C and for a
// header handed to the C++ extractor.
func TestParseTimeout(t *testing.T) {
	ex := c.New().WithTimeout(time.Nanosecond)
	body := strings.Repeat("int f(int a, int b) { return g(a) + h(b) * 2; }\n", 20000)
	for _, tc := range []struct{ path, src, lang, ns string }{
		{"src/slow.c", body, "c", ""},
		{"include/slow.h", "namespace slow {\n" + body + "}\n", "cpp", "slow"},
	} {
		f := ex.Extract(extract.Input{Path: tc.path, Content: []byte(tc.src)})
		if f.Lang != tc.lang || f.Namespace != tc.ns {
			t.Errorf("%s: Lang, Namespace = %q, %q", tc.path, f.Lang, f.Namespace)
		}
		if len(f.Diagnostics) != 1 || !strings.Contains(f.Diagnostics[0].Message, "timed out") {
			t.Errorf("%s: Diagnostics = %+v, want one timeout", tc.path, f.Diagnostics)
		}
		if len(f.Symbols)+len(f.Refs)+len(f.Imports)+len(f.Strings) != 0 {
			t.Errorf("%s: records after a timeout", tc.path)
		}
	}
}

// TestConcurrent extracts the golden sources from several goroutines at
// once (run it with -race) and expects the sequential results.
func TestConcurrent(t *testing.T) {
	extracttest.Concurrent(t, c.New(), extracttest.GoldenInputs(t))
}

// TestFunctionValues checks that a function named as a value — stored in a
// table or a field, passed, compared, taken or returned — gets a use ref,
// and that locals, ALL_CAPS macros and the callee of a call do not get one
// (issue 13: the C oracle's value sites were never refs).
func TestFunctionValues(t *testing.T) {
	src := `static int cmp(const void *a, const void *b);
typedef struct { void *(*alloc)(int); int (*hash)(const void *); } Type;
static Type t1 = { .alloc = myAlloc, .hash = hashFn };
static Type t2 = { myAlloc, NULL };
static const struct { const char *name; int (*f)(void); } lib[] = { {"cos", math_cos}, {0, 0} };
int run(int (*local)(void), int n) {
	int (*p)(void) = 0;
	qsort(0, n, 8, cmp);
	p = onRead;
	if (cmd->proc == execCommand) return 1;
	register_cb(&onWrite, local, stderr);
	return n ? pickA : pickB;
}
`
	f := c.New().Extract(extract.Input{Path: "src/tab.c", Content: []byte(src)})
	uses := map[string]int{}
	for _, r := range f.Refs {
		if r.Kind == extract.RefUse {
			uses[r.Name]++
		}
	}
	for _, name := range []string{"myAlloc", "hashFn", "math_cos", "cmp", "onRead", "execCommand", "onWrite", "pickA", "pickB"} {
		if uses[name] == 0 {
			t.Errorf("no use ref for %s; uses = %v", name, uses)
		}
	}
	if uses["myAlloc"] != 2 {
		t.Errorf("myAlloc: %d use refs, want 2", uses["myAlloc"])
	}
	for _, name := range []string{"NULL", "local", "n", "p", "qsort", "register_cb", "cmd", "stderr"} {
		if uses[name] != 0 {
			t.Errorf("unexpected use ref for %s", name)
		}
	}
}

// TestDeclSpecMacros checks that an export macro before a declaration's
// type (lua's `LUA_API int (lua_isnumber) (lua_State *L);`) does not turn
// the declared name into a type ref or lose the function, and that a
// macro-named type before one name (`BROTLI_BOOL f(void)`) stays a type.
func TestDeclSpecMacros(t *testing.T) {
	src := `LUALIB_API int (luaL_newmetatable) (lua_State *L, const char *tname);
LUA_API const char *(lua_typename) (lua_State *L, int tp);
LUA_API lua_CFunction lua_atpanic (lua_State *L, lua_CFunction panicf) {
  return panicf;
}
LUA_API void (lua_close) (lua_State *L) { }
BROTLI_BOOL BrotliEncoderIsFinished(BrotliEncoderState *state);
`
	f := c.New().Extract(extract.Input{Path: "src/lua.h", Content: []byte(src)})
	syms := map[string]string{}
	for _, s := range f.Symbols {
		syms[s.Name] = s.Kind.String()
	}
	for name, kind := range map[string]string{
		"luaL_newmetatable": "function_declaration", "lua_typename": "function_declaration",
		"lua_atpanic": "function", "lua_close": "function", "BrotliEncoderIsFinished": "function_declaration",
	} {
		if syms[name] != kind {
			t.Errorf("%s: %q, want %q; symbols %v", name, syms[name], kind, syms)
		}
	}
	types := map[string]bool{}
	for _, r := range f.Refs {
		if r.Kind == extract.RefType {
			types[r.Name] = true
		}
	}
	for _, name := range []string{"luaL_newmetatable", "lua_typename", "lua_close", "LUA_API", "LUALIB_API"} {
		if types[name] {
			t.Errorf("type ref to %s", name)
		}
	}
	if !types["BROTLI_BOOL"] || !types["lua_CFunction"] {
		t.Errorf("type refs %v: want BROTLI_BOOL and lua_CFunction", types)
	}
}

// TestStaticThenPlain checks that a function defined without static after
// a static prototype (redis's dict.c: `static int _dictInit(…);` …
// `int _dictInit(…) {`) is the file's static function, so that its calls
// find the definition.
func TestStaticThenPlain(t *testing.T) {
	src := "static int helper(int x);\nint use(void) { return helper(1); }\nint helper(int x) { return x; }\nint other(int x) { return x; }\n"
	f := c.New().Extract(extract.Input{Path: "src/a.c", Content: []byte(src)})
	quals := map[string][]string{}
	for _, s := range f.Symbols {
		quals[s.Name] = append(quals[s.Name], s.Qualified+"/"+s.Kind.String())
	}
	want := []string{"src/a.c:helper/function_declaration", "src/a.c:helper/function"}
	if strings.Join(quals["helper"], ",") != strings.Join(want, ",") || strings.Join(quals["other"], ",") != "other/function" {
		t.Errorf("symbols %v, want helper %v and other/function", quals, want)
	}
	for _, r := range f.Refs {
		if r.Name == "helper" && r.Qualified != "src/a.c:helper" {
			t.Errorf("call of helper: candidate %q", r.Qualified)
		}
	}
}
