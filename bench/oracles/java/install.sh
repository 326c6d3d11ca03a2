#!/usr/bin/env bash
# install.sh — the Java oracle's toolchain: a JDK 17 (javac and its
# com.sun.source Trees API, module jdk.compiler) from Debian, plus unzip for
# fetch-corpus.sh. Idempotent: does nothing when javac 17 is there.
set -euo pipefail

have_jdk17() {
	for j in /usr/lib/jvm/java-17-openjdk-amd64/bin/javac "$(command -v javac 2>/dev/null || true)"; do
		[ -n "$j" ] && [ -x "$j" ] && "$j" -version 2>&1 | grep -q '^javac 17\.' && return 0
	done
	return 1
}

need=()
have_jdk17 || need+=(openjdk-17-jdk-headless)
command -v unzip >/dev/null || need+=(unzip)
if [ ${#need[@]} -eq 0 ]; then
	echo "install: JDK 17 and unzip already installed" >&2
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${need[@]}"
have_jdk17 || { echo "install: javac 17 still missing" >&2; exit 1; }
