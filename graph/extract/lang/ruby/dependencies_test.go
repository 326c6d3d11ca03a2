package ruby

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestParseLock(t *testing.T) {
	lock := "GIT\n  remote: https://github.com/acme/widget.git\n  revision: 0123456789abcdef0123\n  specs:\n    widget (0.9.0)\n      rack (>= 2)\n\n" +
		"PATH\n  remote: ../util\n  specs:\n    util (1.0.0)\n\n" +
		"GEM\n  remote: https://rubygems.org/\n  specs:\n    nokogiri (1.13.0-x86_64-linux)\n      racc (~> 1.4)\n    rack (2.2.4)\n\n" +
		"PLATFORMS\n  ruby\n\nDEPENDENCIES\n  rack (~> 2.2)\n"
	want := []lockedGem{
		{name: "widget", version: "0.9.0", git: "widget-0123456789ab"},
		{name: "util", version: "1.0.0", path: "../util"},
		{name: "nokogiri", version: "1.13.0-x86_64-linux"},
		{name: "rack", version: "2.2.4"},
	}
	if got := parseLock([]byte(lock)); !reflect.DeepEqual(got, want) {
		t.Fatalf("parseLock = %+v\nwant %+v", got, want)
	}
}

func TestGemDirsAndVersions(t *testing.T) {
	for _, c := range []struct{ dir, name, version string }{
		{"rack-2.2.4", "rack", "2.2.4"},
		{"rack-test-2.0.2", "rack-test", "2.0.2"},
		{"nokogiri-1.13.0-x86_64-linux", "nokogiri", "1.13.0-x86_64-linux"},
	} {
		if n, v, ok := splitGemDir(c.dir); !ok || n != c.name || v != c.version {
			t.Errorf("splitGemDir(%q) = %q, %q, %v", c.dir, n, v, ok)
		}
	}
	for _, c := range []struct {
		a, b string
		want int
	}{{"2.10.0", "2.9.1", 1}, {"1.0.0.rc1", "1.0.0", -1}, {"13.0.6", "13.0.6", 0}, {"1.2", "1.2.1", -1}} {
		if got := compareVersions(c.a, c.b); got != c.want {
			t.Errorf("compareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestDependenciesAndLocate(t *testing.T) {
	root, gems, std := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("GEM_HOME", gems)
	t.Setenv("GEM_PATH", "")
	t.Setenv("HOME", t.TempDir())
	extracttest.WriteFiles(t, root, map[string]string{
		"Gemfile":         "gem 'rack'\n",
		"Gemfile.lock":    "GEM\n  remote: https://rubygems.org/\n  specs:\n    net-ftp (0.1.3)\n    rack (2.2.4)\n    rack-test (2.0.2)\n    zzabsent (1.2.1)\n",
		"lib/app/cli.rb":  "module App; end\n",
		"lib/net/mine.rb": "module Net; end\n",
	})
	extracttest.WriteFiles(t, gems, map[string]string{
		"gems/rack-2.2.4/lib/rack.rb":            "module Rack; end\n",
		"gems/rack-2.2.4/lib/rack/request.rb":    "module Rack; class Request; end; end\n",
		"gems/rack-test-2.0.2/lib/rack/test.rb":  "module Rack; module Test; end; end\n",
		"gems/net-ftp-0.1.3/lib/net/ftp.rb":      "module Net; class FTP; end; end\n",
		"specifications/rack-2.2.4.gemspec":      "Gem::Specification.new do |s|\n  s.require_paths = [\"lib\".freeze]\nend\n",
		"specifications/rack-test-2.0.2.gemspec": "",
		"specifications/net-ftp-0.1.3.gemspec":   "",
	})
	extracttest.WriteFiles(t, std, map[string]string{
		"net/http.rb": "module Net\n  class HTTP\n    def get; end\n  end\nend\n", "net/http/header.rb": "",
		"set.rb":  "class Set; end\n",
		"json.rb": "require 'json/common'\nmodule JSON\n  require 'json/version'\nend\n", "json/common.rb": "module JSON\n  def self.parse(s) end\nend\n",
	})
	m := &rbModules{gemfiles: []string{"Gemfile"}}
	m.SetHost(extracttest.Host{Dir: root})
	d := m.Dependencies([]byte(std + "\n3.1.2\n\n"))
	var got []string
	for _, p := range d.Packages() {
		got = append(got, p.Name+"@"+p.Version+" "+p.Kind.String()+" "+p.Missing)
	}
	want := []string{
		filepath.Base(root) + "@ own ",
		"ruby@3.1.2 stdlib ",
		"net-ftp@0.1.3 dependency ",
		"rack@2.2.4 dependency ",
		"rack-test@2.0.2 dependency ",
		"zzabsent@1.2.1 dependency not installed in any gem directory",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Packages() = %q\nwant %q", got, want)
	}
	for _, c := range []struct {
		ip     string
		pkg    int
		places []string
		ok     bool
	}{
		{"rack/request", 3, []string{"lib/..."}, true}, // a gem's directory: its whole lib
		{"rack", 3, []string{"lib/..."}, true},
		{"rack/test", 4, []string{"lib/..."}, true},    // another gem under the same first name
		{"rack-test", 4, []string{"lib/..."}, true},    // a Gemfile's gem name
		{"net/ftp", 2, []string{"lib/..."}, true},      //
		{"net/http", 1, []string{"net/http.rb"}, true}, // the standard library, by file, though a gem holds net/
		{"set", 1, []string{"set.rb"}, true},
		{"json", 1, []string{"json"}, true}, // a loader defining no method: its directory's files
		{"net/mine", 0, nil, false},         // the worktree's own lib
		{"app/cli", 0, nil, false},
		{"zzabsent", 1, []string{"zzabsent.rb"}, true}, // missing: looked for in the standard library only
		{"./local", 0, nil, false},
	} {
		pkg, places, ok := d.Locate(c.ip)
		if pkg != c.pkg || !reflect.DeepEqual(places, c.places) || ok != c.ok {
			t.Errorf("Locate(%q) = %d, %v, %v; want %d, %v, %v", c.ip, pkg, places, ok, c.pkg, c.places, c.ok)
		}
	}
	if !d.Includes("request.rb", nil) || d.Includes("request_spec.rb", nil) || d.Includes("rack.so", nil) {
		t.Error("Includes: want Ruby sources, not specs or extensions")
	}
}

func TestGlobPath(t *testing.T) {
	home := t.TempDir()
	extracttest.WriteFiles(t, home, map[string]string{
		".rbenv/versions/3.2.2/lib/ruby/gems/3.2.0/gems/x-1/a.rb": "",
		".rbenv/versions/3.3.0/lib/ruby/gems/3.3.0/gems/y-1/a.rb": "",
		".rbenv/versions/system":                                  "",
	})
	got := globPath(extracttest.Host{Dir: home}, filepath.Join(home, ".rbenv/versions/*/lib/ruby/gems/*"))
	want := []string{filepath.Join(home, ".rbenv/versions/3.2.2/lib/ruby/gems/3.2.0"), filepath.Join(home, ".rbenv/versions/3.3.0/lib/ruby/gems/3.3.0")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("globPath = %q, want %q", got, want)
	}
}

func TestDeclaredGems(t *testing.T) {
	got := declaredGems([]byte("source 'https://rubygems.org'\ngem \"rails\", \"~> 7.1\"\n  gem 'pg' # the database\ngem 'local', path: '../local'\ngem('rspec')\n# gem 'old'\ngem 'edge', git: 'https://x/edge.git'\n"))
	if want := []string{"rails", "pg", "rspec"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("declaredGems = %q, want %q", got, want)
	}
}

// TestStateContent: a sibling checkout of the same Gemfile.lock (other
// path, other time) has another state key but the same content key; new
// lock bytes change the content key.
func TestStateContent(t *testing.T) {
	t.Setenv("GEM_HOME", t.TempDir())
	t.Setenv("GEM_PATH", "")
	t.Setenv("HOME", t.TempDir())
	files := map[string]string{
		"Gemfile":      "gem 'rack'\n",
		"Gemfile.lock": "GEM\n  specs:\n    rack (2.2.4)\n",
	}
	extracttest.CheckStateContent(t, files, "Gemfile.lock", "GEM\n  specs:\n    rack (2.2.5)\n", func(root string) (string, string) {
		m := &rbModules{gemfiles: []string{"Gemfile"}}
		m.SetHost(extracttest.Host{Dir: root})
		return m.StateKey(), m.StateContent()
	})
}
