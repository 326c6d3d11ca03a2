package indexer

import (
	"testing"

	"github.com/orbitgraph/orbit/graph/internal/gittest"
)

// restoreNuGet lays out a package as NuGet restores it into the global
// packages folder: <id lowercase>/<version>/, with the package's files.
func restoreNuGet(t *testing.T, root, id, version string, files map[string]string) {
	t.Helper()
	dir := root + "/" + lower(id) + "/" + version
	gittest.WriteFile(t, dir, lower(id)+".nuspec", `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
  <metadata><id>`+id+`</id><version>`+version+`</version></metadata>
</package>
`)
	for p, s := range files {
		gittest.WriteFile(t, dir, p, s)
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// guardSource is a source-only package's file (contentFiles/cs/any).
func guardSource(extra string) map[string]string {
	return map[string]string{"contentFiles/cs/any/Acme.Guard/Guard.cs": `using System;

namespace Acme.Guard
{
    /// <summary>Argument checks, compiled into the consuming project.</summary>
    internal static class Guard
    {
        public static T AgainstNull<T>(T value, string name) where T : class
        {
            if (value is null)
            {
                throw new ArgumentNullException(name);
            }
            return value;
        }
` + extra + `    }
}
`}
}

const shopProject = `<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <Nullable>enable</Nullable>
    <RootNamespace>Shop</RootNamespace>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Newtonsoft.Json" />
    <PackageReference Include="Acme.Guard.Sources">
      <PrivateAssets>all</PrivateAssets>
    </PackageReference>
    <PackageReference Include="Contoso.Absent" Version="1.0.0" />
  </ItemGroup>
</Project>
`

func centralVersions(guard string) string {
	return `<Project>
  <PropertyGroup>
    <ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally>
  </PropertyGroup>
  <ItemGroup>
    <PackageVersion Include="Newtonsoft.Json" Version="13.0.3" />
    <PackageVersion Include="Acme.Guard.Sources" Version="` + guard + `" />
  </ItemGroup>
</Project>
`
}

// TestPackagesCSharp: a project's PackageReference items, versioned
// centrally, are packages; a package carrying C# sources is read and a
// call into it resolves; one of compiled assemblies only and one the NuGet
// folder lacks are named in the report with their reasons, and a call
// into the former keeps its grade; a central version bump, restoring that
// version (no file of the worktree changes), a packages.lock.json and a
// Directory.Build.props adding a reference give, incrementally, what a
// cold build gives.
func TestPackagesCSharp(t *testing.T) {
	nuget := t.TempDir()
	t.Setenv("NUGET_PACKAGES", nuget)
	restoreNuGet(t, nuget, "Newtonsoft.Json", "13.0.3", map[string]string{"lib/net6.0/Newtonsoft.Json.dll": "MZ\x90\x00"})
	restoreNuGet(t, nuget, "Acme.Guard.Sources", "2.1.0", guardSource(""))
	repo := gittest.New(t, map[string]string{
		"Directory.Packages.props": centralVersions("2.1.0"),
		"src/Shop/Shop.csproj":     shopProject,
		"src/Shop/Order.cs": `using Acme.Guard;
using Newtonsoft.Json;

namespace Shop
{
    public class Order
    {
        public string Place(string id)
        {
            Guard.AgainstNull(id, nameof(id));
            return JsonConvert.SerializeObject(this);
        }
    }
}
`,
	})
	against := "\"Acme.Guard.Guard.AgainstNull\"\t\"@csharp/Acme.Guard.Sources/contentFiles/cs/any/Acme.Guard/Guard.cs\""
	stepsEqualCold(t, repo.Root, []gapStep{
		{name: "central 2.1.0", do: func() {}, want: []string{
			against,
			"\"csharp\"\t\"Shop\"\t\"\"\t\"own\"",
			"\"csharp\"\t\"Acme.Guard.Sources\"\t\"2.1.0\"\t\"dependency\"",
			"\"csharp\"\t\"Newtonsoft.Json\"\t\"13.0.3\"\t\"dependency\"",
			"\"csharp\"\t\"Microsoft.NETCore.App\"\t\"net8.0\"\t\"stdlib\"",
			// compiled assemblies only: the call keeps the grade it has without packages
			"\"SerializeObject\"\t\"Shop.JsonConvert.SerializeObject\"\tNULL\tNULL\t\"call\"\t\"fuzzy_name\"",
		}, missing: "csharp Newtonsoft.Json@13.0.3: compiled assemblies only"},
		{name: "central 2.2.0, not restored", do: func() { gittest.WriteFile(t, repo.Root, "Directory.Packages.props", centralVersions("2.2.0")) },
			missing: "csharp Acme.Guard.Sources@2.2.0: not in the NuGet global packages folder", bad: []string{"@csharp/Acme.Guard.Sources/"}},
		{name: "restore 2.2.0", do: func() {
			restoreNuGet(t, nuget, "Acme.Guard.Sources", "2.2.0", guardSource("\n        public static string AgainstEmpty(string value, string name) => value;\n"))
		}, want: []string{against, "Acme.Guard.Guard.AgainstEmpty", "\"csharp\"\t\"Acme.Guard.Sources\"\t\"2.2.0\""}},
		{name: "packages.lock.json pins 2.1.0", do: func() {
			gittest.WriteFile(t, repo.Root, "src/Shop/packages.lock.json", `{
  "version": 1,
  "dependencies": {
    "net8.0": {
      "Acme.Guard.Sources": {"type": "Direct", "requested": "[2.1.0, )", "resolved": "2.1.0", "contentHash": "x"},
      "Newtonsoft.Json": {"type": "Direct", "requested": "[13.0.3, )", "resolved": "13.0.3", "contentHash": "y"}
    }
  }
}
`)
		}, want: []string{against, "\"csharp\"\t\"Acme.Guard.Sources\"\t\"2.1.0\""}, bad: []string{"Acme.Guard.Guard.AgainstEmpty"}},
		{name: "Directory.Build.props adds an analyzer", do: func() {
			restoreNuGet(t, nuget, "StyleCop.Analyzers", "1.1.118", map[string]string{"analyzers/dotnet/cs/StyleCop.Analyzers.dll": "MZ\x90\x00"})
			gittest.WriteFile(t, repo.Root, "Directory.Build.props", `<Project>
  <PropertyGroup><StyleCopVersion>1.1.118</StyleCopVersion></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="StyleCop.Analyzers" Version="$(StyleCopVersion)" PrivateAssets="all" />
  </ItemGroup>
</Project>
`)
		}, want: []string{"\"csharp\"\t\"StyleCop.Analyzers\"\t\"1.1.118\"\t\"dependency\""}, missing: "csharp StyleCop.Analyzers@1.1.118: compiled assemblies only"},
	})
}

// TestPackagesCSharpPackagesConfig: an older project's packages.config
// names its packages, restored into the solution's packages/ directory
// (left out of the scan by .gitignore); a source package's content/ is
// read there.
func TestPackagesCSharpPackagesConfig(t *testing.T) {
	t.Setenv("NUGET_PACKAGES", t.TempDir())
	repo := gittest.New(t, map[string]string{
		".gitignore": "packages/\n",
		"Legacy/Legacy.csproj": `<?xml version="1.0" encoding="utf-8"?>
<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup>
    <AssemblyName>Legacy.Web</AssemblyName>
    <TargetFrameworkVersion>v4.8</TargetFrameworkVersion>
  </PropertyGroup>
  <ItemGroup>
    <Compile Include="Report.cs" />
  </ItemGroup>
</Project>
`,
		"Legacy/packages.config": `<?xml version="1.0" encoding="utf-8"?>
<packages>
  <package id="Acme.Text.Sources" version="1.4.0" targetFramework="net48" />
  <package id="EntityFramework" version="6.4.4" targetFramework="net48" />
</packages>
`,
		"Legacy/Report.cs": `using Acme.Text;

namespace Legacy.Web
{
    public class Report
    {
        public string Title(string s) => Slug.Make(s);
    }
}
`,
	})
	gittest.WriteFile(t, repo.Root, "packages/Acme.Text.Sources.1.4.0/content/App_Code/Slug.cs", `namespace Acme.Text
{
    public static class Slug
    {
        public static string Make(string s) => s.Trim().ToLowerInvariant().Replace(' ', '-');
    }
}
`)
	gittest.WriteFile(t, repo.Root, "packages/EntityFramework.6.4.4/lib/net45/EntityFramework.dll", "MZ\x90\x00")
	stepsEqualCold(t, repo.Root, []gapStep{{name: "packages.config", do: func() {}, want: []string{
		"\"Acme.Text.Slug.Make\"\t\"@csharp/Acme.Text.Sources/content/App_Code/Slug.cs\"",
		"\"csharp\"\t\"Legacy.Web\"\t\"\"\t\"own\"",
		"\"csharp\"\t\"Acme.Text.Sources\"\t\"1.4.0\"\t\"dependency\"",
		"\"csharp\"\t\".NETFramework\"\t\"v4.8\"\t\"stdlib\"",
	}, bad: []string{"\"packages/Acme.Text.Sources.1.4.0/"}, missing: "csharp EntityFramework@6.4.4: compiled assemblies only"}})
}
