package check

import (
	"path"
	"slices"
	"sort"
	"strings"
)

// Entry reasons: why a callable runs with no caller in the code. The
// language's own reasons ("main", "init", "protocol", "override") come
// through extract.Cataloguing.
const (
	ReasonTest       = "test"
	ReasonCommand    = "cli-command"
	ReasonRoute      = "http-route"
	ReasonAnnotation = "annotation"
	ReasonExported   = "exported-api"
	ReasonConfig     = "config"
)

// Entry is one inferred entry point.
type Entry struct {
	Callable int32  `json:"-"`
	Reason   string `json:"reason"`
}

// defaultAnnotations are decorators and annotations that frameworks call
// by themselves: test set-up, dependency injection, serialisation,
// Python properties (read as attributes, never called).
var defaultAnnotations = []string{
	"Bean", "PostConstruct", "PreDestroy", "EventListener", "Scheduled", "JsonCreator", "Subscribe",
	"property", "cached_property", "setter", "getter", "deleter", "staticmethod", "classmethod",
	"no_mangle", "export_name", "proc_macro", "proc_macro_derive", "proc_macro_attribute", "tokio::main",
	"command", "group", "callback", "receiver", "task", "shared_task",
}

// testAnnotations make a callable a test, or part of one, that a test
// runner calls (JUnit, NUnit, xUnit, MSTest, pytest fixtures).
var testAnnotations = []string{
	"Test", "ParameterizedTest", "RepeatedTest", "TestFactory", "TestTemplate", "BeforeEach", "AfterEach",
	"BeforeAll", "AfterAll", "Before", "After", "BeforeClass", "AfterClass", "Fact", "Theory", "TestMethod",
	"TestCase", "TestCaseSource", "SetUp", "TearDown", "OneTimeSetUp", "OneTimeTearDown", "TestInitialize",
	"TestCleanup", "fixture", "pytest.fixture",
}

// routeNames are the last segments of decorators that register an HTTP
// route (Flask, FastAPI, Spring, JAX-RS, NestJS).
var routeNames = []string{
	"route", "get", "post", "put", "delete", "patch", "head", "options", "websocket", "api_route",
	"GetMapping", "PostMapping", "PutMapping", "DeleteMapping", "PatchMapping", "RequestMapping",
	"GET", "POST", "PUT", "DELETE", "PATCH", "Path", "Get", "Post", "Put", "Delete", "Patch",
}

// lastSegment is what follows a decorator's last '.' or "::".
func lastSegment(d string) string {
	if i := strings.LastIndexAny(d, ".:"); i >= 0 {
		return d[i+1:]
	}
	return d
}

// inferEntries lists the entry points of c, one per callable (the first
// reason found, in the order below), sorted by callable.
func inferEntries(c *Catalog, cfg Config) []Entry {
	var out []Entry
	handlers := map[int64]bool{}
	for _, cmd := range c.commands {
		if cmd.Handler.Valid {
			handlers[cmd.Handler.Int64] = true
		}
	}
	annotations := append(slices.Clone(defaultAnnotations), cfg.Annotations...)
	mains := map[string]bool{} // packages with a main: not libraries
	for _, cl := range c.Callables {
		if cl.langEntry == "main" {
			mains[cl.Package] = true
		}
	}
	exported := cfg.ExportedAPI == nil || *cfg.ExportedAPI
	for i, cl := range c.Callables {
		r := ""
		switch {
		case cl.langEntry != "":
			r = cl.langEntry
		case cl.Kind == "test", matchesAny(cl.Decorators, testAnnotations):
			r = ReasonTest
		case handlers[cl.id]:
			r = ReasonCommand
		case matchesRoute(cl.Decorators):
			r = ReasonRoute
		case matchesAny(cl.Decorators, annotations):
			r = ReasonAnnotation
		case matchesRoot(cl.Qualified, cfg.Roots):
			r = ReasonConfig
		case exported && cl.Access == "exported" && !cl.TestFile && !mains[cl.Package]:
			r = ReasonExported
		}
		if r != "" {
			out = append(out, Entry{Callable: int32(i), Reason: r})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Callable < out[j].Callable })
	return out
}

func matchesRoute(ds []string) bool {
	for _, d := range ds {
		if slices.Contains(routeNames, lastSegment(d)) && (strings.ContainsAny(d, ".:") || isUpperStart(d)) {
			return true
		}
	}
	return false
}

func isUpperStart(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

func matchesAny(ds, names []string) bool {
	for _, d := range ds {
		for _, n := range names {
			if d == n || lastSegment(d) == n {
				return true
			}
		}
	}
	return false
}

func matchesRoot(q string, roots []string) bool {
	for _, r := range roots {
		if r == q {
			return true
		}
		if ok, _ := path.Match(r, q); ok {
			return true
		}
	}
	return false
}

// isTestEntry reports whether an entry runs only under a test runner.
func isTestEntry(c *Catalog, e Entry) bool {
	return e.Reason == ReasonTest || c.Callables[e.Callable].TestFile
}
