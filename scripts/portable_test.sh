#!/bin/sh
# CI's proxy for macOS and the BSDs, which the tests cannot reach: the
# analyzer alone (OOMTRAIL_COLLECTOR=OFF) built with Clang, strict POSIX
# feature macros (OOMTRAIL_STRICT_POSIX: no _DEFAULT_SOURCE, no
# _GNU_SOURCE outside common/compat.c) and the project's own memmem,
# memrchr and explicit_bzero (OOMTRAIL_PORTABLE), warnings as errors.  Its
# JSON must equal the reference build's, byte for byte, on the example
# bundle and on every scenario's real bundles.
#
# Usage: scripts/portable_test.sh REFERENCE_BUILD_DIR   (e.g. build)
set -eu
cd "$(dirname "$0")/.."
ref=${1:?usage: portable_test.sh REFERENCE_BUILD_DIR}
fail() { echo "portable_test: $*" >&2; exit 1; }
[ -x "$ref/report/oomtrail" ] || fail "$ref/report/oomtrail not built"
CC=clang cmake -S . -B build-posix -DCMAKE_BUILD_TYPE=Release \
    -DOOMTRAIL_STRICT_POSIX=ON -DOOMTRAIL_PORTABLE=ON \
    -DOOMTRAIL_COLLECTOR=OFF -DOOMTRAIL_WERROR=ON >/dev/null
cmake --build build-posix -j"${JOBS:-$(nproc)}" --target oomtrail
[ ! -e build-posix/collect ] || fail "the analyzer-only build has a collector"
grep -q '^OOMTRAIL_PORTABLE:BOOL=ON' build-posix/CMakeCache.txt ||
    fail "OOMTRAIL_PORTABLE not set"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for d in fixtures/example fixtures/scenarios/*/; do
	set -- "$d"/*.tar.zst
	[ -f "$1" ] || continue
	"$ref/report/oomtrail" analyze --format json -o "$work/ref.json" "$@" ||
	    fail "reference analyzer failed on $d"
	build-posix/report/oomtrail analyze --format json -o "$work/posix.json" \
	    "$@" || fail "portable analyzer failed on $d"
	cmp -s "$work/ref.json" "$work/posix.json" ||
	    fail "portable analyzer's JSON differs on $d"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n bundle sets compared"
echo "portable_test: same JSON on $n bundle sets"
