#!/usr/bin/env bash
# Installs the C oracle's toolchain: libclang 14 and its Python bindings
# from Debian (bookworm), and the clang resource headers (stddef.h, …) that
# libclang needs to parse real code. Idempotent.
set -euo pipefail
# googletest, googlemock and google-benchmark headers: leveldb's tests (the C++ corpus)
pkgs=(python3-clang-14 libclang-common-14-dev libgtest-dev libgmock-dev libbenchmark-dev)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
	SUDO=""
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
/usr/bin/python3 -c 'import clang.cindex as c; c.Index.create()' 
echo "c oracle: libclang $(dpkg-query -W -f='${Version}' python3-clang-14) ready"
