#!/usr/bin/env bash
# Fetches the TypeScript oracle's corpus: zod's TypeScript sources as
# published on the npm registry (the tarball ships src/*.ts), pinned and
# sha256-checked. DEST gets src/, package.json, LICENSE and a tsconfig.json
# written here that mirrors zod's own (its package.json exports map the
# custom condition "@zod/source" to src/, so that `import "zod/v4"` in the
# tests resolves to the sources); the compiled output is left out.
#
#   fetch-corpus.sh DEST
set -euo pipefail
PKG=zod
VERSION=4.1.12
SHA256=2ef9d7a7d822b059c9bd21f87caa4fdc48220d437353678984df942fb67b43fa
dest=${1:?usage: fetch-corpus.sh DEST}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack "$PKG@$VERSION" --silent --pack-destination "$tmp" >/dev/null)
tgz="$tmp/$PKG-$VERSION.tgz"
echo "$SHA256  $tgz" | sha256sum -c --quiet -
mkdir -p "$tmp/x" "$dest"
tar xzf "$tgz" -C "$tmp/x"
rm -rf "$dest/src"
cp -R "$tmp/x/package/src" "$tmp/x/package/package.json" "$tmp/x/package/LICENSE" "$dest/"
cat >"$dest/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "es2022",
    "module": "esnext",
    "moduleResolution": "bundler",
    "customConditions": ["@zod/source"],
    "strict": true,
    "skipLibCheck": true,
    "noEmit": true,
    "allowImportingTsExtensions": true
  },
  "include": ["src"]
}
JSON
echo "fetch-corpus: $PKG@$VERSION in $dest ($(find "$dest/src" -type f | wc -l) files)" >&2
