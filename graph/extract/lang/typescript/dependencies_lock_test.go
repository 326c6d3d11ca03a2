package typescript

import "testing"

// TestLockVersions: each lock format's pin for a dependency, as the
// package.json declaring it sees it.
func TestLockVersions(t *testing.T) {
	for _, c := range []struct {
		file, name, content string
		dep, rng, from      string
		want                string
	}{
		{"v3", "package-lock.json", `{"lockfileVersion": 3, "packages": {"": {"name": "app"},
			"node_modules/evlib": {"version": "1.2.1"},
			"packages/a/node_modules/evlib": {"version": "2.0.0"},
			"node_modules/a": {"resolved": "packages/a", "link": true}}}`,
			"evlib", "^1.2.0", "", "1.2.1"},
		{"v3 nested", "package-lock.json", `{"lockfileVersion": 3, "packages": {
			"node_modules/evlib": {"version": "1.2.1"},
			"packages/a/node_modules/evlib": {"version": "2.0.0"}}}`,
			"evlib", "^2.0.0", "packages/a", "2.0.0"},
		{"v2 hoisted", "package-lock.json", `{"lockfileVersion": 2, "packages": {"node_modules/evlib": {"version": "1.2.1"}}, "dependencies": {"evlib": {"version": "1.2.1"}}}`,
			"evlib", "^1.2.0", "packages/b", "1.2.1"},
		{"v1", "package-lock.json", `{"lockfileVersion": 1, "dependencies": {"evlib": {"version": "1.2.1"}, "loc": {"version": "file:../loc"}}}`,
			"evlib", "^1.2.0", "", "1.2.1"},
		{"v1 file:", "npm-shrinkwrap.json", `{"lockfileVersion": 1, "dependencies": {"loc": {"version": "file:../loc"}}}`,
			"loc", "file:../loc", "", ""},
		{"yarn v1", "yarn.lock", "# yarn lockfile v1\n\n\n\"@scope/evlib@^1.0.0\", \"@scope/evlib@^1.2.0\":\n  version \"1.2.1\"\n  resolved \"https://x\"\n\nother@^3:\n  version \"3.1.0\"\n",
			"@scope/evlib", "^1.2.0", "", "1.2.1"},
		{"yarn v1 plain", "yarn.lock", "other@^3, other@^3.1:\n  version \"3.1.0\"\n",
			"other", "^3.1", "", "3.1.0"},
		{"berry", "yarn.lock", "__metadata:\n  version: 6\n  cacheKey: 8\n\n\"evlib@npm:^1.0.0, evlib@npm:^1.2.0\":\n  version: 1.2.1\n  resolution: \"evlib@npm:1.2.1\"\n\n\"app@workspace:.\":\n  version: 0.0.0-use.local\n",
			"evlib", "^1.2.0", "", "1.2.1"},
		{"pnpm v9", "pnpm-lock.yaml", "lockfileVersion: '9.0'\nimporters:\n  .:\n    dependencies:\n      evlib:\n        specifier: ^1.2.0\n        version: 1.2.1(react@18.2.0)\n  packages/a:\n    devDependencies:\n      evlib:\n        specifier: ^2.0.0\n        version: 2.0.0\n      loc:\n        specifier: workspace:*\n        version: link:../loc\n",
			"evlib", "^2.0.0", "packages/a", "2.0.0"},
		{"pnpm v6 root", "pnpm-lock.yaml", "lockfileVersion: '6.0'\ndependencies:\n  evlib:\n    specifier: ^1.2.0\n    version: 1.2.1\n",
			"evlib", "^1.2.0", "", "1.2.1"},
		{"pnpm v5", "pnpm-lock.yaml", "lockfileVersion: 5.4\nspecifiers:\n  evlib: ^1.2.0\ndependencies:\n  evlib: 1.2.1_react@18.2.0\n",
			"evlib", "^1.2.0", "", "1.2.1"},
		{"not named", "package-lock.json", `{"lockfileVersion": 3, "packages": {}}`,
			"evlib", "^1.2.0", "", ""},
	} {
		l := parseLock("", c.name, []byte(c.content))
		if l == nil {
			t.Errorf("%s: not read", c.file)
			continue
		}
		if got := l.version(c.dep, c.rng, c.from); got != c.want {
			t.Errorf("%s: %s from %q = %q, want %q", c.file, c.dep, c.from, got, c.want)
		}
	}
	if parseLock("", "yarn.lock", []byte("__metadata:\n  - [")) != nil || parseLock("", "package-lock.json", []byte("{")) != nil {
		t.Errorf("a broken lock file pins nothing")
	}
}
