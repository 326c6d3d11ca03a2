#!/usr/bin/env bash
# run.sh CORPUS_DIR OUT.json [-n N] [-seed S] [-label TEXT] [-patch-module MOD]
#
# Writes a truth file (bench/accuracy/TRUTH.md) for the Java sources under
# CORPUS_DIR from javac's answers (Oracle.java). A corpus laid out as JDK
# sources (a top-level java/ directory, as fetch-corpus.sh lays it) is compiled
# as a patch of java.base; anything else with CORPUS_DIR as the source path.
# Deterministic: the same corpus, JDK and seed give the same bytes.
set -euo pipefail

DIR=${1:?usage: run.sh CORPUS_DIR OUT.json [-n N] [-seed S]}
OUT=${2:?usage: run.sh CORPUS_DIR OUT.json [-n N] [-seed S]}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)

JAVA=java
[ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ] && JAVA=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
"$JAVA" -version 2>&1 | grep -q 'version "17\.' || { echo "run.sh: needs JDK 17 (bench/oracles/java/install.sh)" >&2; exit 1; }

extra=()
if [ -d "$DIR/java" ] && [ ! -f "$DIR/module-info.java" ] && [[ " $* " != *" -patch-module "* ]]; then
	extra+=(-patch-module java.base)
fi
if [ -f "$DIR/.oracle-corpus" ] && [[ " $* " != *" -label "* ]]; then
	extra+=(-label "$(head -n1 "$DIR/.oracle-corpus")")
fi

BIN=$(mktemp -d)
trap 'rm -rf "$BIN"' EXIT
"${JAVA%java}javac" -d "$BIN" "$HERE/Oracle.java" 2>/dev/null || javac -d "$BIN" "$HERE/Oracle.java"
exec "$JAVA" -Xmx3g -cp "$BIN" Oracle "$DIR" "$OUT" "${extra[@]}" "$@"
