#!/usr/bin/env bash
# fetch-corpus.sh DEST [SUBTREE]
#
# Lays the JDK's own Java sources for SUBTREE (default java/util: java.base's
# java.util and its subpackages, 354 files) into DEST as a package root
# (DEST/java/util/ArrayList.java ...), for bench/oracles/java/run.sh and
# `accuracy -truth`. The sources come from Debian's openjdk-17-source package
# (its lib/src.zip), fetched with `apt-get download` at a pinned version, and
# the laid files are checked against a pinned sha256 manifest: if Debian has
# replaced the pinned version, the current one is used only when its files for
# SUBTREE are byte-identical; otherwise the script fails.
#
# Pinned subtrees: java/util (the full corpus), java/util/regex (the CI
# fixture: fetch-fixture.sh).
set -euo pipefail

DEST=${1:?usage: fetch-corpus.sh DEST [SUBTREE]}
SUBTREE=${2:-java/util}
PKG=openjdk-17-source
VERSION='17.0.19+10-1~deb12u2'
DEB_SHA256=2591b37131025f872f057be99467b45f7fa2aed928c8d779208db9c3239e1190

# sha256 of `sha256sum` over the subtree's .java files in C-locale path order.
case "$SUBTREE" in
java/util) WANT=ad72774f893edfd1b69be5a8fd0cb5828305c2787b0db1f6c51843e24f150630 ;;
java/util/regex) WANT=04b401824e331bde4bd9f94b0b8e9a948702280f40add8aa96f2f159ef04e477 ;;
*) echo "fetch-corpus: no pinned manifest for subtree $SUBTREE" >&2; exit 2 ;;
esac

manifest() { (cd "$1" && find "$SUBTREE" -type f -name '*.java' | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1); }

if [ -d "$DEST/$SUBTREE" ] && [ "$(manifest "$DEST")" = "$WANT" ]; then
	echo "fetch-corpus: $DEST/$SUBTREE already laid and verified" >&2
	exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
chmod 777 "$TMP" # apt-get download writes as _apt

ZIP=""
# A JDK 17 that ships src.zip (openjdk-17-source installed) saves the download;
# the manifest check below still decides.
for z in /usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip /usr/lib/jvm/openjdk-17/lib/src.zip; do
	if [ -f "$z" ]; then ZIP=$z; break; fi
done
GOT="local $ZIP"
if [ -n "$ZIP" ]; then
	unzip -q "$ZIP" "java.base/$SUBTREE/*" -d "$TMP/x" || ZIP=""
	if [ -n "$ZIP" ] && [ "$(manifest "$TMP/x/java.base")" != "$WANT" ]; then
		echo "fetch-corpus: local $ZIP differs from the pinned sources; downloading" >&2
		rm -rf "$TMP/x"; ZIP=""
	fi
fi
if [ -z "$ZIP" ]; then
	download() { (cd "$TMP" && apt-get download -q "$1" >&2 2>&1); }
	if ! download "$PKG=$VERSION"; then
		echo "fetch-corpus: $PKG=$VERSION not in the apt lists; running apt-get update" >&2
		apt-get update -q >&2 || true
		if ! download "$PKG=$VERSION"; then
			echo "fetch-corpus: $PKG=$VERSION is gone; trying the current $PKG (accepted only if $SUBTREE is identical)" >&2
			download "$PKG" || { echo "fetch-corpus: cannot download $PKG" >&2; exit 1; }
		fi
	fi
	DEB=$(ls "$TMP"/${PKG}_*.deb)
	case "$DEB" in
	*"${VERSION/+/%2b}"* | *"$VERSION"*)
		echo "$DEB_SHA256  $DEB" | sha256sum -c --quiet - || { echo "fetch-corpus: $DEB: sha256 mismatch" >&2; exit 1; } ;;
	esac
	dpkg-deb --fsys-tarfile "$DEB" | tar -xO ./usr/lib/jvm/openjdk-17/lib/src.zip >"$TMP/src.zip"
	GOT=$(basename "$DEB")
	unzip -q "$TMP/src.zip" "java.base/$SUBTREE/*" -d "$TMP/x"
fi

HAVE=$(manifest "$TMP/x/java.base")
if [ "$HAVE" != "$WANT" ]; then
	echo "fetch-corpus: $SUBTREE from $GOT has manifest sha256 $HAVE, want $WANT (pinned: $PKG $VERSION)" >&2
	exit 1
fi
mkdir -p "$DEST/$(dirname "$SUBTREE")"
rm -rf "${DEST:?}/$SUBTREE"
mv "$TMP/x/java.base/$SUBTREE" "$DEST/$SUBTREE"
printf '%s %s src.zip java.base/%s (sha256 manifest %s)\n' "$PKG" "$VERSION" "$SUBTREE" "${WANT:0:12}" >"$DEST/.oracle-corpus"
echo "fetch-corpus: laid $(find "$DEST/$SUBTREE" -name '*.java' | wc -l) files of java.base/$SUBTREE into $DEST ($GOT)" >&2
