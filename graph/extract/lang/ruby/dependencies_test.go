package ruby

import (
	"reflect"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
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

func TestLocate(t *testing.T) {
	d := &rbDeps{own: map[string]bool{"app": true}, byName: map[string]int{"rack-test": 2}, byTop: map[string]int{"rack": 2, "thor": 3}, std: 1,
		lib: []string{"", "", "lib", ""}}
	d.pkgs = make([]extract.Package, 4)
	for _, c := range []struct {
		ip     string
		pkg    int
		places []string
		ok     bool
	}{
		{"rack/request", 2, []string{"lib/..."}, true},     // a gem's directory: its whole lib
		{"rack-test", 2, []string{"lib/..."}, true},        // a Gemfile's gem name
		{"thor/shell", 3, []string{"thor/shell.rb"}, true}, // vendor_ruby: the file
		{"net/http", 1, []string{"net/http.rb"}, true},     // the standard library
		{"app/runner", 0, nil, false},                      // the worktree's own lib
		{"./local", 0, nil, false},
	} {
		pkg, places, ok := d.Locate(c.ip)
		if pkg != c.pkg || !reflect.DeepEqual(places, c.places) || ok != c.ok {
			t.Errorf("Locate(%q) = %d, %v, %v; want %d, %v, %v", c.ip, pkg, places, ok, c.pkg, c.places, c.ok)
		}
	}
}
