package csharp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/orbitgraph/orbit/graph/extract"
	"github.com/orbitgraph/orbit/graph/extract/extracttest"
)

func TestParseProject(t *testing.T) {
	props, refs, _, ok := parseProject([]byte(`<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFrameworks>net8.0;net48</TargetFrameworks><SerilogVersion>3.1.1</SerilogVersion></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Serilog" Version="$(SerilogVersion)" />
    <PackageReference Include="Dapper"><Version>2.1.35</Version></PackageReference>
    <PackageReference Include="Polly" Version="7.0.0" VersionOverride="8.4.0" />
  </ItemGroup>
</Project>`))
	if !ok || props["TargetFrameworks"] != "net8.0;net48" || len(refs) != 3 {
		t.Fatalf("parseProject = %v, %+v, %v", props, refs, ok)
	}
	for i, want := range []string{"3.1.1", "2.1.35", "8.4.0"} {
		if got := expand(first(refs[i].VersionOverride, refs[i].Version, refs[i].VersionElem), props); got != want {
			t.Errorf("%s: version %q, want %q", refs[i].Include, got, want)
		}
	}
	if _, _, _, ok := parseProject([]byte("not xml <")); ok {
		t.Error("a file that is not XML must state nothing")
	}
}

func TestFindVersion(t *testing.T) {
	nuget := t.TempDir()
	for _, v := range []string{"1.2.0", "1.9.3", "2.0.0-beta.1", "2.0.0", "3.1.0"} {
		if err := os.MkdirAll(filepath.Join(nuget, "acme.lib", v), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	m := &csModules{host: extracttest.Host{Dir: t.TempDir()}}
	for _, c := range []struct{ asked, want string }{
		{"1.9.3", "1.9.3"},
		{"1.*", "1.9.3"},
		{"[1.0,2.0)", "1.9.3"},
		{"[2.0.0]", "2.0.0"},
		{"(,3.0]", "2.0.0"},
		{"4.0.0", ""},
		{"1.5.0", "1.9.3"}, // a minimum: the lowest above it
	} {
		if _, got := m.findVersion(nuget, "acme.lib", c.asked); got != c.want {
			t.Errorf("findVersion(%q) = %q, want %q", c.asked, got, c.want)
		}
	}
	if compareNuGet("2.0.0-beta.1", "2.0.0") >= 0 || compareNuGet("1.10.0", "1.9.0") <= 0 {
		t.Error("compareNuGet: want a pre-release before its release and 1.10 after 1.9")
	}
}

func TestLocateNamespaces(t *testing.T) {
	d := &csDeps{pkgs: make([]extract.Package, 3), ns: map[string]int{"Acme.Guard": 0}, src: []string{"contentFiles/cs/any"}, srcPkg: []int{2}}
	if pkg, places, ok := d.Locate("Acme.Guard.Extensions"); !ok || pkg != 2 || places[0] != "contentFiles/cs/any/..." {
		t.Errorf("Locate(Acme.Guard.Extensions) = %d, %v, %v", pkg, places, ok)
	}
	if _, _, ok := d.Locate("System.Text"); ok {
		t.Error("a namespace no package's sources declare is not located")
	}
}

func TestBaseLibrary(t *testing.T) {
	for tfm, want := range map[string]string{"net8.0": "Microsoft.NETCore.App", "netcoreapp3.1": "Microsoft.NETCore.App", "net48": ".NETFramework",
		"net472": ".NETFramework", "v4.8": ".NETFramework", "netstandard2.0": "NETStandard.Library", "": "Microsoft.NETCore.App"} {
		if got := baseLibrary(tfm); got != want {
			t.Errorf("baseLibrary(%q) = %q, want %q", tfm, got, want)
		}
	}
}

// TestStateContent: a sibling checkout of the same project and lock file
// (other path, other time) has another state key but the same content
// key; new lock bytes change the content key.
func TestStateContent(t *testing.T) {
	t.Setenv("NUGET_PACKAGES", t.TempDir())
	proj := `<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="Acme.Guard" Version="1.2.0" /></ItemGroup></Project>`
	files := map[string]string{
		"app/App.csproj":         proj,
		"app/packages.lock.json": `{"version":1,"dependencies":{"net8.0":{"Acme.Guard":{"type":"Direct","resolved":"1.2.0"}}}}`,
		"Directory.Build.props":  "<Project></Project>",
	}
	changed := `{"version":1,"dependencies":{"net8.0":{"Acme.Guard":{"type":"Direct","resolved":"1.3.0"}}}}`
	extracttest.CheckStateContent(t, files, "app/packages.lock.json", changed, func(root string) (string, string) {
		m := &csModules{markers: []extract.MarkerFile{{Path: "app/App.csproj", Content: []byte(proj)}}}
		m.SetHost(extracttest.Host{Dir: root})
		return m.StateKey(), m.StateContent()
	})
}
