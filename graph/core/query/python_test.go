package query_test

import (
	"context"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/query"
)

// TestRefsThroughMethodResultAttribute: `self.stream = env.tokenize()`
// with env annotated types self.stream by tokenize's declared result, so
// a later `self.stream.skip_if()` is a confident ref of TokenStream.skip_if
// and not of the other skip_if.
func TestRefsThroughMethodResultAttribute(t *testing.T) {
	g := indexed(t, map[string]string{
		"tpl/__init__.py": "",
		"tpl/lexer.py": `class TokenStream:
    def skip_if(self, name):
        pass


class Other:
    def skip_if(self, name):
        pass
`,
		"tpl/env.py": `from tpl.lexer import TokenStream


class Environment:
    def tokenize(self, source) -> TokenStream:
        return TokenStream()
`,
		"tpl/parser.py": `from tpl.env import Environment


class Parser:
    def __init__(self, environment: "Environment", source):
        self.stream = environment.tokenize(source)

    def parse(self):
        self.stream.skip_if("colon")
`,
	})
	res, err := g.Refs(context.Background(), "symbol:tpl/lexer.py#TokenStream.skip_if", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refs) != 1 || res.Refs[0].File != "tpl/parser.py" || res.Refs[0].Line != 9 {
		t.Fatalf("refs of TokenStream.skip_if = %+v; want the call at tpl/parser.py:9", res.Refs)
	}
	other, err := g.Refs(context.Background(), "symbol:tpl/lexer.py#Other.skip_if", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(other.Refs) != 0 {
		t.Errorf("refs of Other.skip_if = %+v; want none", other.Refs)
	}
}

// TestRefsThroughFallbackClassAndVariableMethod: the Flask signals idiom.
// `Namespace` is imported from a library the index lacks, or else defined
// in place; `started = _signals.signal(...)` is typed by the method's
// declared result; a module that imports `started` calls its member.
func TestRefsThroughFallbackClassAndVariableMethod(t *testing.T) {
	g := indexed(t, map[string]string{
		"app/__init__.py": "",
		"app/signals.py": `try:
    from blinker import Namespace
except ImportError:
    class Namespace:
        def signal(self, name) -> "_FakeSignal":
            return _FakeSignal()

    class _FakeSignal:
        def send(self, *args):
            pass

_signals = Namespace()
started = _signals.signal("started")
`,
		"app/run.py": `from .signals import started


def run():
    started.send(1)
`,
	})
	res, err := g.Refs(context.Background(), "symbol:app/signals.py#_FakeSignal.send", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refs) != 1 || res.Refs[0].File != "app/run.py" || res.Refs[0].Line != 5 || res.Refs[0].Confidence != "import_resolved" {
		t.Fatalf("refs of _FakeSignal.send = %+v; want the import_resolved call at app/run.py:5", res.Refs)
	}
}

// TestRefsThroughOverriddenParameter: an unannotated parameter of an
// override has the type the overridden method declares when the two take
// the same parameters (pyright's rule); with other names it has none.
func TestRefsThroughOverriddenParameter(t *testing.T) {
	g := indexed(t, map[string]string{
		"cli/__init__.py": "",
		"cli/core.py": `class Context:
    def ensure_object(self, kind):
        pass


class Other:
    def ensure_object(self, kind):
        pass


class Group:
    def list_commands(self, ctx: Context):
        return []

    def get_command(self, ctx: Context, cmd_name: str):
        return None
`,
		"cli/app.py": `from cli.core import Group


class AppGroup(Group):
    pass


class FlaskGroup(AppGroup):
    def list_commands(self, ctx):
        ctx.ensure_object(1)

    def get_command(self, ctx, name):
        ctx.ensure_object(2)
`,
	})
	res, err := g.Refs(context.Background(), "symbol:cli/core.py#Context.ensure_object", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refs) != 1 || res.Refs[0].File != "cli/app.py" || res.Refs[0].Line != 10 {
		t.Fatalf("refs of Context.ensure_object = %+v; want only the call at cli/app.py:10", res.Refs)
	}
}

// TestRefsThroughLoopOverTypedAttribute: `self.loaders = loaders` with
// `loaders: Sequence[BaseLoader]` makes the elements of self.loaders
// BaseLoaders, so the loop variable's call resolves.
func TestRefsThroughLoopOverTypedAttribute(t *testing.T) {
	g := indexed(t, map[string]string{
		"tpl/__init__.py": "",
		"tpl/loaders.py": `import typing as t


class BaseLoader:
    def get_source(self, name):
        pass


class ChoiceLoader(BaseLoader):
    def __init__(self, loaders: t.Sequence[BaseLoader]) -> None:
        self.loaders = loaders

    def get_source(self, name):
        for loader in self.loaders:
            return loader.get_source(name)
        return [l.get_source(name) for l in self.loaders]
`,
	})
	res, err := g.Refs(context.Background(), "symbol:tpl/loaders.py#BaseLoader.get_source", query.RefsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, r := range res.Refs {
		lines = append(lines, r.Line)
	}
	if len(lines) != 2 || lines[0] != 15 || lines[1] != 16 {
		t.Fatalf("refs of BaseLoader.get_source at lines %v; want 15 and 16", lines)
	}
}

// TestRefsThroughPytestFixtures: a test's parameter is the fixture's
// value: `app` yields create_app()'s Flask, `client` returns
// app.test_client().
func TestRefsThroughPytestFixtures(t *testing.T) {
	g := indexed(t, map[string]string{
		"web/__init__.py": `class Client:
    def get(self, url):
        pass


class App:
    def test_client(self) -> Client:
        return Client()

    def app_context(self):
        pass


def create_app():
    app = App()
    return app
`,
		"tests/conftest.py": `import pytest
from web import create_app


@pytest.fixture
def app():
    app = create_app()
    yield app


@pytest.fixture
def client(app):
    return app.test_client()
`,
		"tests/test_views.py": `def test_index(client, app):
    client.get("/")
    with app.app_context():
        pass
`,
	})
	for _, tc := range []struct{ sel, file string }{
		{"symbol:web/__init__.py#Client.get", "tests/test_views.py"},
		{"symbol:web/__init__.py#App.app_context", "tests/test_views.py"},
	} {
		res, err := g.Refs(context.Background(), tc.sel, query.RefsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Refs) != 1 || res.Refs[0].File != tc.file {
			t.Errorf("refs of %s = %+v; want one in %s", tc.sel, res.Refs, tc.file)
		}
	}
}
