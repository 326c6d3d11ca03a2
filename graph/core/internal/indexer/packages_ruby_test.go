package indexer

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/core/internal/dbpath"
	"github.com/orbitgraph/orbit/graph/core/internal/store"
	"github.com/orbitgraph/orbit/graph/core/query"
	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// installGem lays out a gem as RubyGems installs it below home: its
// specification and its sources in gems/<name>-<version>/lib.
func installGem(t *testing.T, home, name, version string, lib map[string]string) {
	t.Helper()
	gittest.WriteFile(t, home, "specifications/"+name+"-"+version+".gemspec",
		"# -*- encoding: utf-8 -*-\nGem::Specification.new do |s|\n  s.name = \""+name+"\".freeze\n  s.version = \""+version+"\"\n  s.require_paths = [\"lib\".freeze]\nend\n")
	for p, src := range lib {
		gittest.WriteFile(t, home, "gems/"+name+"-"+version+"/lib/"+p, src)
	}
}

// greeterLib is the greeter gem: its entry autoloads the client, as gems do.
func greeterLib(method string) map[string]string {
	return map[string]string{
		"greeter.rb": "module Greeter\n  VERSION = \"1\"\n  autoload :Client, \"greeter/client\"\nend\n",
		"greeter/client.rb": "module Greeter\n  class Client\n    def initialize(name)\n      @name = name\n    end\n\n    def " + method +
			"\n      \"hello #{@name}\"\n    end\n  end\nend\n",
	}
}

func gemLock(greeter string) string {
	return `PATH
  remote: .
  specs:
    app (0.1.0)
      greeter

PATH
  remote: ../shared-util
  specs:
    shared-util (0.3.0)

GEM
  remote: https://rubygems.org/
  specs:
    absent (0.1.0)
    greeter (` + greeter + `)

PLATFORMS
  ruby

DEPENDENCIES
  absent
  app!
  greeter
  shared-util!

BUNDLED WITH
   2.3.7
`
}

// rubyRepo is a worktree whose Gemfile.lock pins greeter 1.2.0
// (installed in a gem home of the test's), shared-util at ../shared-util
// and a gem no home holds.
func rubyRepo(t *testing.T) (gems string, repo *gittest.Repo) {
	t.Helper()
	gems = t.TempDir()
	t.Setenv("GEM_HOME", gems)
	t.Setenv("GEM_PATH", "")
	t.Setenv("HOME", t.TempDir())
	installGem(t, gems, "greeter", "1.2.0", greeterLib("hello"))
	repo = gittest.New(t, map[string]string{
		"app.gemspec":  "Gem::Specification.new do |s|\n  s.name = \"app\"\n  s.version = \"0.1.0\"\n  s.add_dependency \"greeter\"\nend\n",
		"Gemfile":      "source \"https://rubygems.org\"\n\ngemspec\ngem \"greeter\"\ngem \"absent\"\ngem \"shared-util\", path: \"../shared-util\"\n",
		"Gemfile.lock": gemLock("1.2.0"),
		"lib/app.rb": `require "greeter"
require "shared/util"

module App
  class Runner
    def run
      Greeter::Client.new("x").hello
      Shared::Util.tidy("y")
    end
  end
end
`,
	})
	gittest.WriteFile(t, filepath.Dir(repo.Root), "shared-util/lib/shared/util.rb", "module Shared\n  module Util\n    def self.tidy(s)\n      s.strip\n    end\n  end\nend\n")
	return gems, repo
}

// TestPackagesRuby: a locked gem is read from the gem directory whole
// below its require path (a constant its entry file only autoloads is a
// target), a path gem outside the worktree where the lock points; a gem
// the lock pins but no gem directory holds is named missing; an upgrade
// in the lock, installing the gem (no file of the worktree changes) and
// removing the lock (every installed gem, the highest version; a gem the
// Gemfile names that none is, missing) give, incrementally, what a cold
// build gives.
func TestPackagesRuby(t *testing.T) {
	gems, repo := rubyRepo(t)
	hello := "\"Greeter::Client#hello\"\t\"@ruby/greeter/lib/greeter/client.rb\""
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "locked 1.2.0", do: func() {}, want: []string{
			hello,
			"\"ruby\"\t\"greeter\"\t\"1.2.0\"\t\"dependency\"",
			"\"ruby\"\t\"app\"\t\"\"\t\"own\"",
			"\"Greeter::Client\"\t\"@ruby/greeter/lib/greeter/client.rb\"",
			"\"Shared::Util.tidy\"\t\"@ruby/shared-util/lib/shared/util.rb\"",
		}, bad: []string{"\"ruby\"\t\"app\"\t\"0.1.0\""}, missing: "ruby absent@0.1.0: not installed in any gem directory"},
		{name: "lock pins 2.0.0, not installed", do: func() { gittest.WriteFile(t, repo.Root, "Gemfile.lock", gemLock("2.0.0")) },
			missing: "ruby greeter@2.0.0: not installed in any gem directory (installed: 1.2.0)", bad: []string{"@ruby/greeter/"}},
		// 2.0.0's client is read, less wave, a method no file of the
		// worktree names (a gem's file is read in part).
		{name: "gem install greeter 2.0.0", do: func() { installGem(t, gems, "greeter", "2.0.0", greeterLib("wave")) },
			want: []string{"\"Greeter::Client\"\t\"@ruby/greeter/lib/greeter/client.rb\"", "\"ruby\"\t\"greeter\"\t\"2.0.0\""},
			bad:  []string{hello, "\"Greeter::Client#wave\""}},
		{name: "lock removed", do: func() { removeIf(t, repo.Root, "Gemfile.lock") },
			want: []string{"\"ruby\"\t\"greeter\"\t\"2.0.0\""}, bad: []string{"@ruby/shared-util/"},
			missing: "ruby absent@: declared by Gemfile, not installed in any gem directory"},
	})
}

// TestPackagesRubyQueries: refs of a gem's class and of its method by
// ext: selectors list the worktree's uses, with the gem's name and
// version.
func TestPackagesRubyQueries(t *testing.T) {
	_, repo := rubyRepo(t)
	loc, _ := dbpath.Resolve(repo.Root, extract.Version)
	loc.Path = filepath.Join(t.TempDir(), "x.db")
	syncPackages(t, loc, false, true)
	st, err := store.Open(loc.Path, extract.Version)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := query.NewEngine(st.Reader(), repo.Root)
	ctx := context.Background()
	for _, c := range []struct{ sel, kind string }{{"ext:greeter#Greeter::Client", "type"}, {"ext:greeter#Greeter::Client#hello", "call"}} {
		sel, err := query.ParseSelector(c.sel)
		if err != nil {
			t.Fatal(err)
		}
		refs, err := e.Refs(ctx, sel, query.RefsOptions{})
		if err != nil || len(refs.Refs) != 1 || refs.Refs[0].File != "lib/app.rb" || refs.Refs[0].Kind != c.kind || refs.Target.Package != "greeter" || refs.Target.Version != "1.2.0" {
			t.Errorf("refs %s = %+v, %v; want the %s in lib/app.rb, of greeter 1.2.0", c.sel, refs, err, c.kind)
		}
	}
}

// TestPackagesRubySelection: of a gem's files only those declaring what
// the worktree names are read, with the superclasses and mixins of a
// class it names (Farewell < Base, which includes Polite); a method of a
// class nothing names (Unused#hello) does not select its file. A name
// that starts and stops being used gives, incrementally, what a cold
// build gives.
func TestPackagesRubySelection(t *testing.T) {
	gems, repo := rubyRepo(t)
	lib := greeterLib("hello")
	lib["greeter/farewell.rb"] = "module Greeter\n  class Farewell < Base\n    def bye\n      \"bye\"\n    end\n  end\nend\n"
	lib["greeter/base.rb"] = "module Greeter\n  class Base\n    include Polite\n  end\nend\n"
	lib["greeter/polite.rb"] = "module Greeter\n  module Polite\n    def please\n      \"please\"\n    end\n  end\nend\n"
	lib["greeter/unused.rb"] = "module Greeter\n  class Unused\n    def hello\n      \"unused\"\n    end\n  end\nend\n"
	installGem(t, gems, "greeter", "1.2.0", lib)
	const app = "require \"greeter\"\n\nmodule App\n  class Runner%s\n    def run\n      Greeter::Client.new(\"x\").hello\n%s    end\n  end\nend\n"
	farewell := []string{"@ruby/greeter/lib/greeter/farewell.rb", "@ruby/greeter/lib/greeter/base.rb", "@ruby/greeter/lib/greeter/polite.rb"}
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "Client only", do: func() {}, want: []string{"\"Greeter::Client#hello\"\t\"@ruby/greeter/lib/greeter/client.rb\""},
			bad: append([]string{"@ruby/greeter/lib/greeter/unused.rb"}, farewell...)},
		{name: "Farewell named", do: func() {
			gittest.WriteFile(t, repo.Root, "lib/app.rb", fmt.Sprintf(app, " < Greeter::Farewell", "      please\n"))
		}, want: append([]string{"\"Greeter::Farewell\"\t\"@ruby/greeter/lib/greeter/farewell.rb\""}, farewell...),
			bad: []string{"@ruby/greeter/lib/greeter/unused.rb"}},
		{name: "Farewell no longer named", do: func() { gittest.WriteFile(t, repo.Root, "lib/app.rb", fmt.Sprintf(app, "", "")) },
			want: []string{"\"Greeter::Client#hello\""}, bad: append([]string{"@ruby/greeter/lib/greeter/unused.rb"}, farewell...)},
	})
}

// TestPackagesRubyGemsRB: Bundler's other names, gems.rb and gems.locked,
// declare and pin the gems as a Gemfile and its Gemfile.lock do.
func TestPackagesRubyGemsRB(t *testing.T) {
	gems := t.TempDir()
	t.Setenv("GEM_HOME", gems)
	t.Setenv("GEM_PATH", "")
	t.Setenv("HOME", t.TempDir())
	installGem(t, gems, "greeter", "1.2.0", greeterLib("hello"))
	locked := func(v string) string {
		return "GEM\n  remote: https://rubygems.org/\n  specs:\n    greeter (" + v + ")\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  greeter\n"
	}
	repo := gittest.New(t, map[string]string{
		"gems.rb":     "source \"https://rubygems.org\"\n\ngem \"greeter\"\n",
		"gems.locked": locked("1.2.0"),
		"lib/app.rb":  "require \"greeter\"\n\nGreeter::Client.new(\"x\").hello\n",
	})
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "gems.locked pins 1.2.0", do: func() {}, want: []string{
			"\"Greeter::Client#hello\"\t\"@ruby/greeter/lib/greeter/client.rb\"",
			"\"ruby\"\t\"greeter\"\t\"1.2.0\"\t\"dependency\"",
		}},
		{name: "gems.locked pins 2.0.0", do: func() { gittest.WriteFile(t, repo.Root, "gems.locked", locked("2.0.0")) },
			missing: "ruby greeter@2.0.0: not installed in any gem directory (installed: 1.2.0)", bad: []string{"@ruby/greeter/"}},
	})
}
