#!/usr/bin/env bash
# fetch-corpus.sh DEST [redis|lua|leveldb]
#
# Fetches a pinned C corpus from Debian's source packages (the mirrors
# already configured for apt; no other host), checks the upstream tarball's
# sha256 and unpacks it into DEST (pristine upstream source: Debian's
# patches are not applied).
#
#   redis  redis 7.0.15 (the full sample; deps/jemalloc, tests/ and utils/
#          are removed: jemalloc is a configure-generated third-party tree
#          the oracle does not parse, tests/ and utils/ are mostly Tcl)
#   lua    lua 5.4.4 (the CI fixture; ~360 KB)
#   leveldb  leveldb 1.23 (C++; ~240 KB)
#
# apt's own lists are not touched: deb-src entries are derived from the
# configured deb entries into a private apt state directory.
set -euo pipefail
dest=${1:?usage: fetch-corpus.sh DEST [redis|lua|leveldb]}
which=${2:-redis}
case $which in
redis)
	pkg=redis
	tarball=redis_7.0.15.orig.tar.gz
	sha=4b1dc4ee6d622a09fff9c6777191209750fb5e5a725ef78ea012d6eef4c22982
	prune=(deps/jemalloc tests utils)
	;;
leveldb)
	pkg=leveldb
	tarball=leveldb_1.23.orig.tar.gz
	sha=9a37f8a6174f09bd622bc723b55881dc541cd50747cbd08831c2a82d620f6d76
	prune=()
	;;
lua)
	pkg=lua5.4
	tarball=lua5.4_5.4.4.orig.tar.gz
	sha=164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61
	prune=()
	;;
*)
	echo "unknown corpus $which (redis|lua|leveldb)" >&2
	exit 2
	;;
esac

if [ -n "${ORACLE_C_EXPECT_SHA:-}" ] && [ "$ORACLE_C_EXPECT_SHA" != "$sha" ]; then
	echo "fetch-corpus: $which is pinned to $sha here, the caller expects $ORACLE_C_EXPECT_SHA" >&2
	exit 1
fi
cache=${ORACLE_C_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/orbit-oracle-c}
mkdir -p "$cache"
if ! echo "$sha  $cache/$tarball" | sha256sum -c --status 2>/dev/null; then
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	mkdir -p "$work/sources.list.d" "$work/lists/partial" "$work/cache/archives/partial" "$work/dl"
	# deb822 .sources files: Types: deb -> deb-src
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -e "$f" ] || continue
		sed -E 's/^Types:.*$/Types: deb-src/' "$f" >"$work/sources.list.d/$(basename "$f")"
	done
	# one-line format
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -e "$f" ] || continue
		grep -E '^deb ' "$f" | sed 's/^deb /deb-src /' >>"$work/sources.list.d/oneline.list" || true
	done
	opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/sources.list.d"
		-o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o "APT::Sandbox::User=root")
	apt-get "${opts[@]}" update -qq >/dev/null 2>"$work/update.err" || { cat "$work/update.err" >&2; }
	(cd "$work/dl" && apt-get "${opts[@]}" source --download-only --tar-only -qq "$pkg" >/dev/null)
	[ -f "$work/dl/$tarball" ] || {
		echo "fetch-corpus: $tarball not served (the pinned upstream version left the archive?); got: $(ls "$work/dl")" >&2
		exit 1
	}
	cp "$work/dl/$tarball" "$cache/$tarball.tmp"
	mv "$cache/$tarball.tmp" "$cache/$tarball"
fi
echo "$sha  $cache/$tarball" | sha256sum -c --status || {
	echo "fetch-corpus: sha256 mismatch for $tarball" >&2
	exit 1
}
rm -rf "$dest"
mkdir -p "$dest"
tar -xf "$cache/$tarball" -C "$dest" --strip-components=1
for p in "${prune[@]}"; do rm -rf "${dest:?}/$p"; done
echo "fetch-corpus: $which ($tarball, sha256 ok) in $dest"
