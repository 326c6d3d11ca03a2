#!/usr/bin/env bash
# Installs the oracle's toolchain: the pinned `typescript` package (see
# package.json / package-lock.json) into bench/oracles/ts/node_modules.
# Needs Node >= 18 and npm (Debian: apt-get install -y nodejs npm).
# Idempotent: does nothing when the pinned version is already there.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
		apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null
	else
		echo "install.sh: node and npm are needed" >&2
		exit 1
	fi
fi
want=$(node -p 'require("./package-lock.json").packages["node_modules/typescript"].version')
have=$(node -p 'try { require("./node_modules/typescript/package.json").version } catch { "" }')
if [ "$have" != "$want" ]; then
	npm ci --no-audit --no-fund --loglevel=error
fi
node -p '"typescript " + require("typescript").version' >&2
