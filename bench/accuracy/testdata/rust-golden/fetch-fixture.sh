#!/usr/bin/env bash
# fetch-fixture.sh DEST — the crate of the hand-checked Rust golden:
# semver 1.0.14 as Debian 12 (bookworm) ships it (librust-semver-dev
# 1.0.14-1, a 33 KB .deb), sha256-checked; its .cargo-checksum.json
# names the sha256 of the crates.io .crate it was unpacked from.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
deb_spec=librust-semver-dev=1.0.14-1
deb_sha=bf3719b7aac4b7f16f0d68a7037306dbc1532758fe7a5dea01254e85cecaca8c
crate=semver-1.0.14
crate_sha=e25dfac463d778e353db5be2449d1cce89bd6fd23c9f1ea21310ce6e5a1b29c4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# apt-get download writes into the current directory as _apt.
chmod 0777 "$tmp"
if ! (cd "$tmp" && apt-get download -q "$deb_spec" >/dev/null 2>&1); then
	apt-get update -q >/dev/null
	(cd "$tmp" && apt-get download -q "$deb_spec" >/dev/null)
fi
deb=$(ls "$tmp"/librust-semver-dev_*.deb)
got=$(sha256sum "$deb" | cut -d' ' -f1)
[ "$got" = "$deb_sha" ] || { echo "sha256 mismatch for $deb_spec: got $got, want $deb_sha" >&2; exit 1; }
dpkg-deb -x "$deb" "$tmp/x"
src=$tmp/x/usr/share/cargo/registry/$crate
grep -q "\"package\":\"$crate_sha\"" "$src/.cargo-checksum.json" || { echo "$crate: .cargo-checksum.json does not name $crate_sha" >&2; exit 1; }
rm -rf "$1" && mkdir -p "$(dirname "$1")"
cp -r "$src" "$1"
echo "fixture crate in $1: $(find "$1" -name '*.rs' | wc -l) .rs files" >&2
