package indexer

import (
	"fmt"
	"io/fs"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/internal/xcache"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/all"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// propGoDirs are the GOROOT/src packages copied (non-test .go files only)
// into the property test's repository (encoding/json without its v2_*
// files), under a go.mod of module "std" so that their imports of one
// another resolve as in GOROOT. About 40 files, 7k lines:
// enough real code for resolution to matter, small enough that a cold build
// per step keeps the -short run well under 90 s.
var propGoDirs = []string{"bufio", "strconv", "unicode/utf8", "container/list", "encoding/json", "errors"}

// propSeed are the hand-written Python, TypeScript and Rust files: modules
// that import each other, classes with inherited methods and re-exports.
var propSeed = map[string]string{
	"go.mod": "module std\n\ngo 1.26\n",
	// A module of its own requiring a dependency from the fake module
	// cache (fakeModCache): syncs index its packages.
	"app/go.mod":        depsSeed["go.mod"],
	"app/main.go":       depsSeed["main.go"],
	"pyapp/__init__.py": "from .models import User, Admin\nfrom .service import Service\n",
	"pyapp/models.py": `class Base:
    def save(self):
        return self.validate()

    def validate(self):
        return True


class User(Base):
    def __init__(self, name):
        self.name = name

    def greet(self):
        return "hello " + self.name


class Admin(User):
    def greet(self):
        return super().greet() + "!"
`,
	"pyapp/service.py": `from .models import User, Admin
from . import util


class Service:
    def create(self, name):
        u = User(name)
        u.save()
        return u

    def promote(self, user):
        a = Admin(user.name)
        a.greet()
        util.log("promoted")
        return a
`,
	"pyapp/util.py":     "def log(msg):\n    print(msg)\n\n\ndef fmt(x):\n    return str(x)\n",
	"pyapp/main.py":     "from pyapp import Service, User\nfrom pyapp.util import fmt\n\n\ndef main():\n    s = Service()\n    u = s.create(\"a\")\n    u.greet()\n    s.promote(u)\n    fmt(u)\n",
	"web/tsconfig.json": "{\"compilerOptions\": {\"baseUrl\": \".\", \"paths\": {\"@shapes/*\": [\"src/*\"]}}}\n",
	"web/src/shapes.ts": `export interface Shape { area(): number }

export class Circle implements Shape {
  constructor(public r: number) {}
  area(): number { return Math.PI * this.r * this.r }
  grow(): void { this.r += 1 }
}

export class Square implements Shape {
  constructor(public s: number) {}
  area(): number { return this.s * this.s }
}
`,
	"web/src/util.ts":  "import { Shape } from \"./shapes\";\n\nexport function total(xs: Shape[]): number { return xs.reduce((a, x) => a + x.area(), 0) }\n\nexport function largest(xs: Shape[]): Shape { return xs[0] }\n",
	"web/src/index.ts": "export { Circle, Square } from \"./shapes\";\nexport * from \"./util\";\n",
	"web/src/app.ts":   "import { Circle, total, largest } from \"./index\";\nimport { Square } from \"@shapes/shapes\";\n\nconst c = new Circle(1);\nc.grow();\nexport const t = total([c, new Square(2)]);\nlargest([c]).area();\n",
	"rs/Cargo.toml":    "[package]\nname = \"shapes\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
	"rs/src/lib.rs":    "pub mod geo;\npub mod util;\npub use geo::Circle;\npub use util::describe;\n",
	"rs/src/geo.rs": `pub trait Area {
    fn area(&self) -> f64;
}

pub struct Circle {
    pub r: f64,
}

impl Circle {
    pub fn new(r: f64) -> Circle { Circle { r } }
    pub fn grow(&mut self) { self.r += 1.0; }
}

impl Area for Circle {
    fn area(&self) -> f64 { 3.14 * self.r * self.r }
}
`,
	"rs/src/util.rs":        "use crate::geo::{Area, Circle};\n\npub fn describe(c: &Circle) -> f64 { c.area() }\n\npub fn make() -> Circle {\n    let mut c = Circle::new(1.0);\n    c.grow();\n    c\n}\n",
	"jv/src/app/Store.java": "package app;\n\npublic class Store {\n    void put(int a) {}\n\n    void put(int a, int b) {}\n\n    void log(String... parts) {}\n}\n",
	"cc/store.h":            "namespace app {\nclass Store {\n public:\n  void put(int a, int b = 0);\n  void put(const char* s, int a, int b);\n};\n}  // namespace app\n",
	"cc/store.cc":           "#include \"store.h\"\n\nnamespace app {\nvoid Store::put(int a, int b) {}\nvoid Store::put(const char* s, int a, int b) {}\n}  // namespace app\n",
	"cc/main.cc":            "#include \"store.h\"\n\nint main() {\n  app::Store s;\n  s.put(1);\n  s.put(1, 2);\n  s.put(\"x\", 1, 2);\n  return 0;\n}\n",
	"jv/src/app/Use.java":   "package app;\n\nclass Use {\n    void run(Store s) {\n        s.put(1);\n        s.put(1, 2);\n        s.log(\"a\");\n    }\n}\n",
	"rs/src/main.rs":        "use shapes::Circle;\nuse shapes::describe;\n\nfn main() {\n    let c = Circle::new(2.0);\n    describe(&c);\n    shapes::util::make().grow();\n}\n",
}

// propCorpus copies propGoDirs from GOROOT and adds propSeed.
func propCorpus(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for k, v := range propSeed {
		files[k] = v
	}
	src := filepath.Join(runtime.GOROOT(), "src")
	for _, d := range propGoDirs {
		entries, err := os.ReadDir(filepath.Join(src, d))
		if err != nil {
			t.Skipf("GOROOT sources unavailable: %v", err)
		}
		for _, e := range entries {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, "v2_") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(src, d, n))
			if err != nil {
				t.Fatal(err)
			}
			files[d+"/"+n] = string(b)
		}
	}
	return files
}

// world is the repository under test plus what the random steps need.
type world struct {
	t    *testing.T
	repo *gittest.Repo
	r    *rand.Rand
	n    int // a counter that makes every generated name and edit unique
	// branches known to git; cur is checked out.
	branches []string
	cur      string
}

// files lists the worktree's files (slash paths), optionally by extension.
func (w *world) files(exts ...string) []string {
	var out []string
	root := w.repo.Root
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == ".git" || rel == ".orbit" {
				return filepath.SkipDir
			}
			return nil
		}
		if len(exts) == 0 {
			out = append(out, rel)
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(rel, e) {
				out = append(out, rel)
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func (w *world) pick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[w.r.Intn(len(xs))]
}

func (w *world) read(p string) string { return readFile(w.t, w.repo.Root, p) }

// toggleLine removes line from file p, or appends it if p lacks it.
func (w *world) toggleLine(p, line string) {
	src := w.read(p)
	if strings.Contains(src, line) {
		src = strings.Replace(src, line, "", 1)
	} else {
		src += line
	}
	w.write(p, src)
}

func (w *world) write(p, s string) { gittest.WriteFile(w.t, w.repo.Root, p, s) }

// touch gives files the current time as mtime, their bytes unchanged.
func (w *world) touch(ps ...string) {
	now := time.Now()
	for _, p := range ps {
		if err := os.Chtimes(filepath.Join(w.repo.Root, filepath.FromSlash(p)), now, now); err != nil {
			w.t.Fatal(err)
		}
	}
}

// replaceMatch rewrites one random match of re in file p with f(match
// submatches); it reports what it did, or "" if re does not match.
func (w *world) replaceMatch(p string, re *regexp.Regexp, f func(src string, m []int) string) string {
	src := w.read(p)
	ms := re.FindAllStringSubmatchIndex(src, -1)
	if len(ms) == 0 {
		return ""
	}
	m := ms[w.r.Intn(len(ms))]
	repl := f(src, m)
	w.write(p, src[:m[0]]+repl+src[m[1]:])
	return fmt.Sprintf("%q → %q", src[m[0]:m[1]], repl)
}

var (
	goFuncLine   = regexp.MustCompile(`(?m)^func [^\n]*\{$`)
	goFuncName   = regexp.MustCompile(`(?m)^func ([A-Za-z_]\w*)(\[[^\]]*\])?\(`)
	goMethod     = regexp.MustCompile(`(?m)^func \([^)]*\) \w+\([^\n]*$`)
	goStruct     = regexp.MustCompile(`(?m)^type (\w+) struct \{$`)
	goResult     = regexp.MustCompile(`(?m)^(func [^\n]*\)) (\*?)([A-Z]\w*) \{$`)
	pyDef        = regexp.MustCompile(`(?m)^(\s*)(def|class) (\w+)`)
	tsDecl       = regexp.MustCompile(`(function|class|interface) (\w+)`)
	tsMethodLine = regexp.MustCompile(`(?m)^  \w+\([^\n]*\{[^\n]*\}\n`)
	rsDecl       = regexp.MustCompile(`(fn|struct|trait) (\w+)`)
	rsMethodLine = regexp.MustCompile(`(?m)^    (pub )?fn \w+\([^\n]*\{[^\n]*\}\n`)
)

// goNames are types and functions that exist (or not) across the corpus:
// fields and results switched to them resolve differently.
var goNames = []string{"Reader", "Writer", "Scanner", "Decoder", "Encoder", "NumError", "List", "Element", "IntSlice", "Missing", "error", "int"}

// renameToggle appends or strips "Renamed", so a rename can come back.
func renameToggle(name string) string {
	if s, ok := strings.CutSuffix(name, "Renamed"); ok {
		return s
	}
	return name + "Renamed"
}

// steps are the random operations; each returns a description, or "" when
// it found nothing to do.
var propSteps = []struct {
	name   string
	weight int
	do     func(w *world) string
}{
	{"go dependency upgrade", 1, func(w *world) string {
		src := w.read("app/go.mod")
		from, to := "example.com/lib v1.0.0", "example.com/lib v1.1.0"
		if !strings.Contains(src, from) {
			from, to = to, from
		}
		if !strings.Contains(src, from) {
			return ""
		}
		w.write("app/go.mod", strings.Replace(src, from, to, 1))
		return "app/go.mod: " + from + " → " + to
	}},
	{"go dependency removal", 1, func(w *world) string {
		w.toggleLine("app/go.mod", "\nrequire example.com/lib v1.0.0\n")
		return "app/go.mod: require toggled"
	}},
	{"go library name", 3, func(w *world) string {
		// Naming lib.Extra, or no longer, reads lib's extra.go, or not.
		w.toggleLine("app/main.go", "\nvar _ = lib.Extra\n")
		return "app/main.go: lib.Extra toggled"
	}},
	{"go library declaration", 2, func(w *world) string {
		// lib.go is read for Hello and Base: naming Greeter, or no
		// longer, reads its declaration there too, or not (the file's
		// bytes stay).
		w.toggleLine("app/main.go", "\nvar _ lib.Greeter\n")
		return "app/main.go: lib.Greeter toggled"
	}},
	{"go body edit", 6, func(w *world) string {
		p := w.pick(w.files(".go"))
		calls := []string{"_ = strconv.Itoa(%d)", "_ = NewReader(nil) // %d", "_ = utf8.RuneLen(%d)", "_ = len(\"%d\")", "_ = errors.New(\"e%d\")"}
		return p + ": " + w.replaceMatch(p, goFuncLine, func(src string, m []int) string {
			w.n++
			return src[m[0]:m[1]] + "\n\t" + fmt.Sprintf(calls[w.r.Intn(len(calls))], w.n)
		})
	}},
	{"go rename function", 4, func(w *world) string {
		p := w.pick(w.files(".go"))
		return p + ": " + w.replaceMatch(p, goFuncName, func(src string, m []int) string {
			return "func " + renameToggle(src[m[2]:m[3]]) + src[m[3]:m[1]]
		})
	}},
	{"go delete method", 3, func(w *world) string {
		p := w.pick(w.files(".go"))
		src := w.read(p)
		ms := goMethod.FindAllStringIndex(src, -1)
		if len(ms) == 0 {
			return ""
		}
		m := ms[w.r.Intn(len(ms))]
		end := m[1] + 1
		if strings.HasSuffix(src[m[0]:m[1]], "{") {
			i := strings.Index(src[m[1]:], "\n}\n")
			if i < 0 {
				return ""
			}
			end = m[1] + i + 3
		}
		if end > len(src) {
			end = len(src)
		}
		w.write(p, src[:m[0]]+src[end:])
		return p + ": deleted " + src[m[0]:m[1]]
	}},
	{"go struct field type", 3, func(w *world) string {
		p := w.pick(w.files(".go"))
		return p + ": " + w.replaceMatch(p, goStruct, func(src string, m []int) string {
			w.n++
			return src[m[0]:m[1]] + fmt.Sprintf("\n\tprop%d *%s", w.n, w.pick(goNames))
		})
	}},
	{"go result type", 3, func(w *world) string {
		p := w.pick(w.files(".go"))
		return p + ": " + w.replaceMatch(p, goResult, func(src string, m []int) string {
			return src[m[2]:m[3]] + " " + src[m[4]:m[5]] + w.pick(goNames) + " {"
		})
	}},
	{"py rename", 3, func(w *world) string {
		p := w.pick(w.files(".py"))
		return p + ": " + w.replaceMatch(p, pyDef, func(src string, m []int) string {
			return src[m[2]:m[3]] + src[m[4]:m[5]] + " " + renameToggle(src[m[6]:m[7]])
		})
	}},
	{"py delete def", 2, func(w *world) string {
		p := w.pick(w.files(".py"))
		src := w.read(p)
		ms := pyDef.FindAllStringSubmatchIndex(src, -1)
		if len(ms) == 0 {
			return ""
		}
		m := ms[w.r.Intn(len(ms))]
		indent := src[m[2]:m[3]]
		indent = indent[strings.LastIndexByte(indent, '\n')+1:]
		start := strings.LastIndexByte(src[:m[1]], '\n') + 1
		lines := strings.SplitAfter(src[start:], "\n")
		end := start + len(lines[0])
		for _, l := range lines[1:] {
			if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " ")) <= len(indent) {
				break
			}
			end += len(l)
		}
		w.write(p, src[:start]+src[end:])
		return p + ": deleted " + strings.TrimSpace(lines[0])
	}},
	{"py re-export", 2, func(w *world) string {
		const p = "pyapp/__init__.py"
		w.toggleLine(p, "from .util import log, fmt\n")
		return p
	}},
	{"ts rename", 2, func(w *world) string {
		p := w.pick(w.files(".ts"))
		return p + ": " + w.replaceMatch(p, tsDecl, func(src string, m []int) string {
			return src[m[2]:m[3]] + " " + renameToggle(src[m[4]:m[5]])
		})
	}},
	{"ts delete method", 2, func(w *world) string {
		p := w.pick(w.files(".ts"))
		return p + ": " + w.replaceMatch(p, tsMethodLine, func(string, []int) string { return "" })
	}},
	{"ts re-export", 2, func(w *world) string {
		const p = "web/src/index.ts"
		src := w.read(p)
		from, to := `export * from "./util";`, `export { total } from "./util";`
		if !strings.Contains(src, from) {
			from, to = to, from
		}
		w.write(p, strings.Replace(src, from, to, 1))
		return p + ": " + to
	}},
	{"rust rename", 2, func(w *world) string {
		p := w.pick(w.files(".rs"))
		return p + ": " + w.replaceMatch(p, rsDecl, func(src string, m []int) string {
			return src[m[2]:m[3]] + " " + renameToggle(src[m[4]:m[5]])
		})
	}},
	{"rust delete method", 2, func(w *world) string {
		p := w.pick(w.files(".rs"))
		return p + ": " + w.replaceMatch(p, rsMethodLine, func(string, []int) string { return "" })
	}},
	{"rust re-export", 2, func(w *world) string {
		const p = "rs/src/lib.rs"
		w.toggleLine(p, "pub use geo::Circle;\n")
		return p
	}},
	{"java overload", 2, func(w *world) string {
		// Overloads share a qualified name: a changed or removed one must
		// leave every call's hint where a cold build puts it.
		const p = "jv/src/app/Store.java"
		src := w.read(p)
		from, to := "void put(int a) {}", "void put(int a, int b, int c) {}"
		if w.r.Intn(2) == 0 {
			from, to = "void put(int a, int b) {}", "// no put(int, int)"
		}
		if !strings.Contains(src, from) {
			from, to = to, from
		}
		w.write(p, strings.Replace(src, from, to, 1))
		return p + ": " + to
	}},
	{"cpp overload", 2, func(w *world) string {
		// A C++ method's prototype states its default arguments and its
		// out-of-line definition the body: dropping either must leave
		// every call's hint where a cold build puts it.
		p, from, to := "cc/store.h", "void put(int a, int b = 0);", "void put(int a, int b);"
		if w.r.Intn(2) == 0 {
			p, from, to = "cc/store.cc", "void Store::put(const char* s, int a, int b) {}", "// no put(const char*, int, int)"
		}
		src := w.read(p)
		if !strings.Contains(src, from) {
			from, to = to, from
		}
		w.write(p, strings.Replace(src, from, to, 1))
		return p + ": " + to
	}},
	{"add file", 4, func(w *world) string {
		w.n++
		switch w.r.Intn(4) {
		case 0: // a Go file in an existing package, calling into others
			sib := w.pick(w.files(".go"))
			dir := filepath.ToSlash(filepath.Dir(sib))
			src := w.read(sib)
			pkg := "main"
			if m := regexp.MustCompile(`(?m)^package (\w+)`).FindStringSubmatch(src); m != nil {
				pkg = m[1]
			}
			p := fmt.Sprintf("%s/added%d.go", dir, w.n)
			w.write(p, fmt.Sprintf("package %s\n\nimport \"strconv\"\n\ntype Added%d struct{ r *Reader }\n\nfunc (a *Added%d) Read() { a.r.Read(nil) }\n\nfunc NewAdded%d() *Added%d { _ = strconv.Itoa(1); return &Added%d{} }\n", pkg, w.n, w.n, w.n, w.n, w.n))
			return p
		case 1: // a copy of an existing file: duplicate definitions
			from := w.pick(w.files())
			ext := filepath.Ext(from)
			p := fmt.Sprintf("%s/copy%d%s", filepath.ToSlash(filepath.Dir(from)), w.n, ext)
			w.write(p, w.read(from))
			return p + " from " + from
		case 2:
			p := fmt.Sprintf("pyapp/extra%d.py", w.n)
			w.write(p, "from .models import Base\nfrom .util import log\n\n\nclass Extra(Base):\n    def validate(self):\n        log(\"x\")\n        return self.save()\n")
			return p
		default:
			p := fmt.Sprintf("web/src/extra%d.ts", w.n)
			w.write(p, "import { Circle } from \"./shapes\";\nexport class Extra extends Circle {\n  grow(): void { super.grow() }\n}\n")
			return p
		}
	}},
	{"delete file", 3, func(w *world) string {
		p := w.pick(w.files(".go", ".py", ".ts", ".rs", ".json", ".toml", "go.mod"))
		if p == "" {
			return ""
		}
		removeIf(w.t, w.repo.Root, p)
		return p
	}},
	{"rename file", 3, func(w *world) string {
		from := w.pick(w.files(".go", ".py", ".ts", ".rs"))
		if from == "" {
			return ""
		}
		dir := filepath.ToSlash(filepath.Dir(from))
		if w.r.Intn(3) == 0 { // move to another directory of the same language
			dir = filepath.ToSlash(filepath.Dir(w.pick(w.files(filepath.Ext(from)))))
		}
		w.n++
		to := fmt.Sprintf("%s/moved%d%s", dir, w.n, filepath.Ext(from))
		if err := os.Rename(filepath.Join(w.repo.Root, from), filepath.Join(w.repo.Root, to)); err != nil {
			w.t.Fatal(err)
		}
		return from + " → " + to
	}},
	{"orbitignore", 3, func(w *world) string {
		patterns := []string{"encoding/\n", "pyapp/\n", "*.ts\n", "rs/src/geo.rs\n", "strconv/*\n!strconv/number.go\n", "**/moved*\n", ""}
		pat := w.pick(patterns)
		dir := ""
		if w.r.Intn(4) == 0 { // a nested .orbitignore
			dir, pat = "encoding/json/", "stream.go\nmoved*\n"
		}
		if pat == "" || w.read(dir+".orbitignore") == pat {
			removeIf(w.t, w.repo.Root, dir+".orbitignore")
			return "removed " + dir + ".orbitignore"
		}
		w.write(dir+".orbitignore", pat)
		return dir + ".orbitignore: " + strings.ReplaceAll(pat, "\n", " ")
	}},
	{"touch", 3, func(w *world) string {
		// New mtimes, the same bytes: what touch, a checkout or a rebase
		// leaves. All files, or one.
		ps := w.files()
		if w.r.Intn(2) == 0 {
			ps = []string{w.pick(ps)}
		}
		w.touch(ps...)
		return fmt.Sprintf("%d files: %s", len(ps), ps[0])
	}},
	{"touch marker", 3, func(w *world) string {
		p := w.pick(w.files("go.mod", "tsconfig.json", "package.json", "Cargo.toml", "pyproject.toml", "__init__.py"))
		if p == "" {
			return ""
		}
		w.touch(p)
		return p
	}},
	{"edit marker", 2, func(w *world) string {
		// A module context changes under files whose bytes do not: their
		// extraction (and its cache key) must follow.
		if w.r.Intn(2) == 0 {
			p := "web/tsconfig.json"
			src := w.read(p)
			switch {
			case strings.Contains(src, `["src/*"]`):
				w.write(p, strings.Replace(src, `["src/*"]`, `["lib/*", "src/*"]`, 1))
			case strings.Contains(src, `["lib/*", "src/*"]`):
				w.write(p, strings.Replace(src, `["lib/*", "src/*"]`, `["src/*"]`, 1))
			default:
				return ""
			}
			return p
		}
		src := w.read("go.mod")
		switch {
		case strings.HasPrefix(src, "module std\n"):
			w.write("go.mod", strings.Replace(src, "module std\n", "module example.com/std\n", 1))
		case strings.HasPrefix(src, "module example.com/std\n"):
			w.write("go.mod", strings.Replace(src, "module example.com/std\n", "module std\n", 1))
		default:
			return ""
		}
		return "go.mod"
	}},
	{"binary file", 2, func(w *world) string {
		// A file a sync reads and leaves out; later text again, or gone.
		p := "pyapp/blob.py"
		switch src := w.read(p); {
		case src == "":
			w.write(p, "def blob():\x00\x01\n")
			return "added " + p
		case w.r.Intn(2) == 0:
			w.write(p, "def blob():\n    return 1\n")
			return p + " as text"
		default:
			removeIf(w.t, w.repo.Root, p)
			return "removed " + p
		}
	}},
	{"git branch", 3, func(w *world) string {
		w.repo.Commit(fmt.Sprintf("step %d", w.n)) // the worktree moves with the commit
		if len(w.branches) < 2 || w.r.Intn(4) == 0 {
			w.n++
			b := fmt.Sprintf("topic/%d", w.n)
			w.repo.Git("checkout", "-q", "-b", b)
			w.branches = append(w.branches, b)
			w.cur = b
			return "checkout -b " + b
		}
		b := w.cur
		for b == w.cur {
			b = w.pick(w.branches)
		}
		w.repo.Git("checkout", "-q", b)
		w.cur = b
		return "checkout " + b
	}},
}

// TestIncrementalEqualsColdProperty drives a real git repository through
// random edits, file operations, .orbitignore changes and branch switches,
// syncing incrementally after each step and comparing every table with a
// cold build of the same tree.
func TestIncrementalEqualsColdProperty(t *testing.T) {
	steps := 200
	seed := int64(1)
	if testing.Short() {
		// A sample, with or without -race (which slows it ~10x):
		// scripts/test.sh runs all 200 steps without -short.
		steps = 25
	}
	if os.Getenv("ORBIT_SOAK") != "" {
		steps, seed = 5000, time.Now().UnixNano()
	}
	if s := os.Getenv("ORBIT_PROPERTY_STEPS"); s != "" {
		steps, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("ORBIT_PROPERTY_SEED"); s != "" {
		seed, _ = strconv.ParseInt(s, 10, 64)
	}
	files := propCorpus(t)
	fakeModCache(t)
	// No JDK: its java.lang (~250 files) would be parsed by every cold
	// build; TestPackagesJavaIncrementalEqualsCold steps through Java's.
	t.Setenv("JAVA_HOME", t.TempDir())
	repo := gittest.New(t, files)
	// The index lives inside the worktree; keep it out of the commits.
	gittest.WriteFile(t, repo.Root, ".git/info/exclude", ".orbit/\n")
	w := &world{t: t, repo: repo, r: rand.New(rand.NewSource(seed)), branches: []string{"main"}, cur: "main"}
	reg := all.Registry()
	coldPath := filepath.Join(t.TempDir(), "cold.db")
	// The incremental syncs use an extraction cache, which the steps below
	// damage and wipe now and then; every fifth step a cold build reads
	// the whole cache (warm) and must equal the reference, built without.
	cache, err := xcache.Open(xcache.Config{Dir: t.TempDir(), Build: "property"})
	if err != nil {
		t.Fatal(err)
	}
	warmPath := filepath.Join(t.TempDir(), "warm.db")
	var cacheTotal cacheTotals
	total := 0
	for _, s := range propSteps {
		total += s.weight
	}
	t.Logf("seed %d, %d steps, corpus %d files", seed, steps, len(files))
	start := time.Now()
	counts := map[string]int{}
	var incTime, coldTime time.Duration
	for step := 0; step < steps; step++ {
		desc, name := "initial sync", ""
		if step > 0 {
			desc = ""
			for desc == "" { // retry steps that found nothing to change
				n := w.r.Intn(total)
				for _, s := range propSteps {
					if n -= s.weight; n < 0 {
						name = s.name
						desc = s.do(w)
						if strings.HasSuffix(desc, ": ") {
							desc = ""
						}
						break
					}
				}
			}
			counts[name]++
		}
		loc, err := dbpath.Resolve(repo.Root, extract.Version)
		if err != nil {
			t.Fatal(err)
		}
		switch n := w.r.Intn(20); {
		case n == 0:
			os.RemoveAll(cache.Dir()) // a cold cache
		case n < 4:
			cacheTotal.Damaged += damageCache(t, w.r, cache.Dir(), "??", 3)
		case n < 6:
			// A new worktree: no index, so the sync starts from the
			// repository's seed (the first cold build's), sometimes damaged.
			removeIndex(t, loc.Path)
			if n == 5 {
				cacheTotal.Damaged += damageCache(t, w.r, cache.Dir(), "seeds", 1)
			}
		}
		t0 := time.Now()
		rep, err := Run(Options{Location: loc, Registry: reg, Packages: true, Cache: cache})
		if err != nil {
			t.Fatalf("step %d (%s: %s): incremental sync: %v", step, name, desc, err)
		}
		cacheTotal.Add(rep.Cache)
		if rep.Cache.Seeded {
			cacheTotal.Seeded++
		}
		t1 := time.Now()
		coldLoc := loc
		coldLoc.Path = coldPath
		if _, err := Run(Options{Location: coldLoc, Registry: reg, Full: true, Packages: true}); err != nil {
			t.Fatalf("step %d: cold sync: %v", step, err)
		}
		if step%5 == 4 {
			warmLoc := loc
			warmLoc.Path = warmPath
			rep, err := Run(Options{Location: warmLoc, Registry: reg, Full: true, Packages: true, Cache: cache})
			if err != nil {
				t.Fatalf("step %d: cold sync from the cache: %v", step, err)
			}
			cacheTotal.Add(rep.Cache)
			if warm, cold := dump(t, warmPath), dump(t, coldPath); warm != cold {
				n, diff := dumpDiff(cold, warm, 60)
				t.Fatalf("step %d of %d (seed %d): %d rows differ between a cold build from the cache and one without (- without, + from the cache):\n%s", step, steps, seed, n, diff)
			}
		}
		incTime += t1.Sub(t0)
		coldTime += time.Since(t1)
		if err := store.CheckSearch(loc.Path, extract.Version); err != nil {
			t.Fatalf("step %d of %d (seed %d) on branch %s, %s: %s: incremental index: %v", step, steps, seed, w.cur, name, desc, err)
		}
		inc, cold := dump(t, loc.Path), dump(t, coldPath)
		if inc != cold {
			n, diff := dumpDiff(cold, inc, 60)
			t.Fatalf("step %d of %d (seed %d) on branch %s, %s: %s\n%d rows differ between the incremental index and a cold build (- cold only, + incremental only):\n%s",
				step, steps, seed, w.cur, name, desc, n, diff)
		}
	}
	t.Logf("%d steps, 0 rows differing, in %v (incremental %v, cold %v); branches %d; steps by kind %v; extraction cache %+v",
		steps, time.Since(start).Round(time.Millisecond), incTime.Round(time.Millisecond), coldTime.Round(time.Millisecond), len(w.branches), counts, cacheTotal)
	if steps >= 25 && (cacheTotal.Hits == 0 || cacheTotal.Corrupt == 0 || cacheTotal.Seeded == 0) {
		t.Fatalf("the cache was never hit or never found damaged: %+v", cacheTotal)
	}
}

// cacheTotals adds up the syncs' cache reports.
type cacheTotals struct {
	Hits, Misses, Corrupt, Damaged, Seeded int
}

func (c *cacheTotals) Add(r *CacheReport) {
	c.Hits += r.Hits
	c.Misses += r.Misses
	c.Corrupt += r.Corrupt
}

// removeIndex deletes an index and its sidecars.
func removeIndex(t *testing.T, path string) {
	for _, side := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(path + side); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}

// damageCache truncates or flips a bit in up to n files of the cache
// directory's subdirectories matching sub (entries: "??"; seeds: "seeds").
func damageCache(t *testing.T, r *rand.Rand, dir, sub string, n int) int {
	entries, _ := filepath.Glob(filepath.Join(dir, sub, "[0-9a-f]*"))
	sort.Strings(entries)
	done := 0
	for ; done < n && len(entries) > 0; done++ {
		i := r.Intn(len(entries))
		p := entries[i]
		entries = append(entries[:i], entries[i+1:]...)
		b, err := os.ReadFile(p)
		if err != nil || len(b) == 0 {
			t.Fatal(err)
		}
		if r.Intn(2) == 0 {
			b = b[:r.Intn(len(b))]
		} else {
			b[r.Intn(len(b))] ^= 1 << r.Intn(8)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return done
}

// dumpDiff returns how many rows differ between two dumps and the differing
// rows (at most max), grouped under their table.
func dumpDiff(want, got string, max int) (int, string) {
	tables := func(s string) map[string]map[string]int {
		out := map[string]map[string]int{}
		cur := ""
		for _, l := range strings.Split(s, "\n") {
			if t, ok := strings.CutPrefix(l, "## "); ok {
				cur = t
				out[cur] = map[string]int{}
				continue
			}
			if l != "" {
				out[cur][l]++
			}
		}
		return out
	}
	a, b := tables(want), tables(got)
	names := map[string]bool{}
	for k := range a {
		names[k] = true
	}
	for k := range b {
		names[k] = true
	}
	var sorted []string
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	n := 0
	var out strings.Builder
	for _, tb := range sorted {
		var lines []string
		for l, c := range a[tb] {
			for i := b[tb][l]; i < c; i++ {
				lines = append(lines, "- "+l)
			}
		}
		for l, c := range b[tb] {
			for i := a[tb][l]; i < c; i++ {
				lines = append(lines, "+ "+l)
			}
		}
		if len(lines) == 0 {
			continue
		}
		sort.Slice(lines, func(i, j int) bool {
			return lines[i][2:] < lines[j][2:] || lines[i][2:] == lines[j][2:] && lines[i] < lines[j]
		})
		n += len(lines)
		fmt.Fprintf(&out, "## %s (%d rows)\n", tb, len(lines))
		for _, l := range lines {
			if max--; max >= 0 {
				out.WriteString(l + "\n")
			}
		}
	}
	if max < 0 {
		fmt.Fprintf(&out, "... %d more\n", -max)
	}
	return n, out.String()
}
