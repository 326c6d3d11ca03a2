package sync

import (
	"bytes"
	"strings"

	gitignore "github.com/boyter/gocodewalker/go-gitignore"
)

// DefaultOrbitIgnore is what every worktree skips unless its own .orbitignore
// re-includes it with "!pattern": vendored and generated code, build output,
// lock files and minified files (ADR: .orbitignore is for committed but
// non-indexable paths).
const DefaultOrbitIgnore = `
node_modules/
vendor/
third_party/
.venv/
venv/
__pycache__/
.tox/
.mypy_cache/
site-packages/
/dist/
/build/
/out/
/target/
/bin/
/obj/
*.min.js
*.min.css
*.bundle.js
*.map
*.lock
package-lock.json
pnpm-lock.yaml
*.pb.go
*_pb2.py
*_pb2_grpc.py
zz_generated*
*_generated.go
*.generated.*
`

// matcher is one ignore file, applying to paths below its directory.
type matcher struct {
	dir string // repo-relative directory of the ignore file ("" = root)
	ig  gitignore.GitIgnore
}

func newMatcher(dir string, content []byte) matcher {
	return matcher{dir: dir, ig: gitignore.New(bytes.NewReader(content), "/", func(gitignore.Error) bool { return true })}
}

// ignoreStack holds the ignore files that apply to the current directory,
// outermost first. Git semantics: the deepest file that matches decides.
type ignoreStack []matcher

// ignored reports whether rel (repo-relative, slash-separated) is excluded.
func (s ignoreStack) ignored(rel string, isDir bool) bool {
	for i := len(s) - 1; i >= 0; i-- {
		m := s[i]
		sub := rel
		if m.dir != "" {
			sub = strings.TrimPrefix(rel, m.dir+"/")
		}
		if match := m.ig.Relative(sub, isDir); match != nil {
			return match.Ignore()
		}
	}
	return false
}
