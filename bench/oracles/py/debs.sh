# Shared by fetch-corpus.sh and fetch-fixture.sh: fetch pinned Debian
# packages with apt-get download, check each .deb's sha256, unpack the Python
# modules they install into DEST. Sourced, not run.
set -euo pipefail

# fetch_debs DEST "name=version sha256" ...
fetch_debs() {
	local dest=$1
	shift
	local tmp
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' RETURN
	local specs=() want=()
	for p in "$@"; do
		specs+=("${p%% *}")
		want+=("${p##* }")
	done
	# apt-get download writes into the current directory; _apt cannot write
	# to a root-only temp dir, so let it (or it warns and runs unsandboxed).
	chmod 0777 "$tmp"
	if ! (cd "$tmp" && apt-get download -q "${specs[@]}" >/dev/null 2>&1); then
		apt-get update -q >/dev/null
		(cd "$tmp" && apt-get download -q "${specs[@]}" >/dev/null)
	fi
	local i
	for i in "${!specs[@]}"; do
		local name=${specs[$i]%%=*}
		local deb
		deb=$(ls "$tmp"/"${name}"_*.deb)
		local got
		got=$(sha256sum "$deb" | cut -d' ' -f1)
		if [ "$got" != "${want[$i]}" ]; then
			echo "sha256 mismatch for ${specs[$i]}: got $got, want ${want[$i]}" >&2
			return 1
		fi
		dpkg-deb -x "$deb" "$tmp/x"
	done
	rm -rf "$dest" && mkdir -p "$dest"
	local pkgdir=$tmp/x/usr/lib/python3/dist-packages
	for d in "$pkgdir"/*/; do
		case $d in *.egg-info/ | *.dist-info/) continue ;; esac
		cp -r "$d" "$dest/"
	done
	if [ -d "$tmp/x/usr/share/doc/python3-flask/examples" ]; then
		# Flask's tutorial app and its pytest suite, laid out as in its repository
		cp -r "$tmp/x/usr/share/doc/python3-flask/examples/flaskr" "$dest/flaskr"
		cp -r "$tmp/x/usr/share/doc/python3-flask/examples/tests" "$dest/tests"
	fi
	# The source is the corpus: stubs beside modules (werkzeug/datastructures.pyi)
	# would make pyright resolve imports to the stub instead of the code.
	find "$dest" \( -name '*.pyi' -o -name '*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} +
}
