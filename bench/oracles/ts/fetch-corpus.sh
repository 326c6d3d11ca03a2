#!/usr/bin/env bash
# Fetches a corpus for the TypeScript oracle from the npm registry, pinned and
# sha256-checked: packages whose tarballs ship their TypeScript sources.
#
#   fetch-corpus.sh DEST [zod|tanstack-query]     (default zod)
#
# zod (the main corpus and the CI fixture's): zod 4.1.12. DEST gets src/,
# package.json, LICENSE and a tsconfig.json written here that mirrors zod's
# own: its package.json exports map the custom condition "@zod/source" to
# src/, so that `import * as z from "zod/v4"` in the tests resolves to the
# sources. The tarball's compiled output is left out.
#
# tanstack-query: @tanstack/query-core and @tanstack/react-query 5.108.0
# laid out as in their monorepo (packages/<name>/src), with a tsconfig.json
# whose paths map each package name to its sources (classes, callbacks, JSX).
set -euo pipefail
dest=${1:?usage: fetch-corpus.sh DEST [zod|tanstack-query]}
which=${2:-zod}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# fetch NAME VERSION SHA256: unpacks the tarball into $tmp/NAME/package
fetch() {
	local name=$1 version=$2 sum=$3 dir="$tmp/${1//\//_}"
	mkdir -p "$dir"
	(cd "$dir" && npm pack "$name@$version" --silent --pack-destination "$dir" >/dev/null)
	local tgz
	tgz=$(ls "$dir"/*.tgz)
	echo "$sum  $tgz" | sha256sum -c --quiet -
	tar xzf "$tgz" -C "$dir"
	echo "$dir/package"
}

case $which in
zod)
	pkg=$(fetch zod 4.1.12 2ef9d7a7d822b059c9bd21f87caa4fdc48220d437353678984df942fb67b43fa)
	mkdir -p "$dest"
	rm -rf "$dest/src"
	cp -R "$pkg/src" "$pkg/package.json" "$pkg/LICENSE" "$dest/"
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
	;;
tanstack-query)
	core=$(fetch @tanstack/query-core 5.108.0 295e04168c1afddc3c0c95a88751b4c3bb69ebe56aee81b523b41bb37daea815)
	react=$(fetch @tanstack/react-query 5.108.0 9e8965c23856fc6a946b211b2e0a0b66c4262a2496580df88e57a7f693d8958f)
	mkdir -p "$dest/packages"
	for p in "query-core:$core" "react-query:$react"; do
		d="$dest/packages/${p%%:*}"
		rm -rf "$d" && mkdir -p "$d"
		cp -R "${p#*:}/src" "${p#*:}/package.json" "${p#*:}/LICENSE" "$d/"
	done
	cat >"$dest/package.json" <<'JSON'
{ "name": "tanstack-query", "version": "5.108.0", "private": true }
JSON
	cat >"$dest/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "es2022",
    "module": "esnext",
    "moduleResolution": "bundler",
    "jsx": "react-jsx",
    "strict": true,
    "skipLibCheck": true,
    "noEmit": true,
    "paths": {
      "@tanstack/query-core": ["./packages/query-core/src/index.ts"],
      "@tanstack/react-query": ["./packages/react-query/src/index.ts"]
    }
  },
  "include": ["packages/*/src"]
}
JSON
	;;
*)
	echo "fetch-corpus: unknown corpus $which (zod, tanstack-query)" >&2
	exit 2
	;;
esac
echo "fetch-corpus: $which in $dest ($(find "$dest" -type f -name '*.ts*' | wc -l) source files)" >&2
