#!/usr/bin/env bash
# fetch-corpus.sh DEST — the full corpus: the Pallets web stack as Debian 12
# (bookworm) ships it — Flask, Werkzeug, Jinja2, Click, ItsDangerous,
# MarkupSafe — one top-level package each, plus Flask's tutorial app (flaskr/)
# and its pytest suite (tests/). Pinned versions, sha256-checked .debs.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
. "$here/debs.sh"
fetch_debs "$1" \
	"python3-click=8.1.3-2 c3af7e231d711f7fdb9a2fac4954061fe423ea517279bc30bf95a0920738279b" \
	"python3-flask=2.2.2-3 2c8c9a408c2373d8b42f0d3434f17fc1a710bc81e52273b96597b25c57b399d7" \
	"python3-itsdangerous=2.1.2-3 cc67574162ce16b1e58ef03f0846f578f2eb7f488c6ca2ea39a3260363359f7c" \
	"python3-jinja2=3.1.2-1+deb12u3 914e3a26742b488bca661dd12dc06198262c3a99b68f2f20ef7310aecdf82cae" \
	"python3-markupsafe=2.1.2-1+b1 38310d680386db2d1b166be3ac839aa5bc7ead3de235466bd3e13a3ef4962601" \
	"python3-werkzeug=2.2.2-3+deb12u1 283e2d849e93531581948b0c49ebdd3831c0a5fc22edb7bc08efd3c38ae055b8"
echo "corpus in $1: $(find "$1" -name '*.py' | wc -l) .py files" >&2
