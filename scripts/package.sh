#!/bin/sh
# Build the .deb and .rpm packages with cpack and check them: every
# expected path is in each (dpkg-deb -c, rpm -qlp), the collector in the
# .rpm is statically linked, the plugin's source in the .rpm builds with
# its build.sh (against Debian's Slurm headers, where installed), and the
# .debs unpacked into a scratch root (dpkg -x: nothing is installed on
# this machine) give a working `oomtrail analyze` on the example bundle
# and `oomtrail-collect --version`.
#   sh scripts/package.sh [BUILD_DIR]   (default: build; configured and
#                                        built first if it is not there)
# Needs dpkg-deb, rpmbuild and rpm2archive (Debian: dpkg-dev, rpm).
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)
b=${1:-build}
fails=0
fail() {
	echo "package: FAIL: $*" >&2
	fails=$((fails + 1))
}

if [ ! -f "$b/CMakeCache.txt" ]; then
	sh scripts/build.sh "$b" -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
cmake --build "$b" -j"$(nproc)" >/dev/null
ver=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$b/CMakeCache.txt")
pk=$b/packages
rm -f "$pk"/*.deb "$pk"/*.rpm
(cd "$b" && cpack -G "DEB;RPM" >cpack.log 2>&1) || {
	tail -30 "$b/cpack.log"
	echo "package: cpack failed" >&2
	exit 1
}
deb=$pk/oomtrail_${ver}_amd64.deb
sdeb=$pk/oomtrail-spank_${ver}_amd64.deb
rpm=$pk/oomtrail-node-${ver}-1.x86_64.rpm
spank=0
[ -f "$b/contrib/slurm/spank/oomtrail_spank.so" ] && spank=1
for f in "$deb" "$rpm"; do
	[ -f "$f" ] || fail "$f not built"
done
[ "$spank" -eq 0 ] || [ -f "$sdeb" ] || fail "$sdeb not built"
[ "$fails" -eq 0 ] || exit 1

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# has LISTING PATH...: each path is a line of the listing.
has() {
	l=$1
	shift
	for p in "$@"; do
		grep -q -x -F -- "$p" "$l" || fail "${l##*/}: no $p"
	done
}

# The Slurm scripts, whatever contrib/slurm holds today.
scripts=""
for f in contrib/slurm/*.sh contrib/slurm/*.sbatch; do
	[ -f "$f" ] && scripts="$scripts /usr/share/oomtrail/slurm/${f##*/}"
done

# ---- .deb contents ----
dpkg-deb -c "$deb" | awk '{ sub(/^\./, "", $6); print $6 }' >"$work/deb.txt"
# shellcheck disable=SC2086
has "$work/deb.txt" /usr/bin/oomtrail /usr/bin/oomtrail-collect \
    /usr/share/man/man1/oomtrail.1 /usr/share/man/man1/oomtrail-collect.1 \
    $scripts
dpkg-deb -f "$deb" Depends | grep -q libarchive ||
    fail "oomtrail.deb: no libarchive in Depends"
if [ "$spank" -eq 1 ]; then
	dpkg-deb -c "$sdeb" | awk '{ sub(/^\./, "", $6); print $6 }' \
	    >"$work/sdeb.txt"
	has "$work/sdeb.txt" /usr/lib/oomtrail/oomtrail_spank.so
	dpkg-deb -f "$sdeb" Depends | grep -q 'slurmd (>= ' ||
	    fail "oomtrail-spank.deb: not tied to a slurmd release"
fi

# ---- .rpm contents ----
rpm -qlp "$rpm" >"$work/rpm.txt" 2>/dev/null
# shellcheck disable=SC2086
has "$work/rpm.txt" /usr/bin/oomtrail-collect \
    /usr/share/man/man1/oomtrail-collect.1 \
    /usr/share/oomtrail/spank/oomtrail_spank.c \
    /usr/share/oomtrail/spank/build.sh \
    /usr/share/oomtrail/spank/README.md $scripts
grep -q -x /usr/bin/oomtrail "$work/rpm.txt" &&
    fail "oomtrail-node.rpm holds the analyzer (it needs Debian's libraries)"
mkdir "$work/rpm"
cp "$rpm" "$work/rpm/node.rpm"
(cd "$work/rpm" && rpm2archive node.rpm && tar -xzf node.rpm.tgz)
file "$work/rpm/usr/bin/oomtrail-collect" | grep -q 'statically linked' ||
    fail "the .rpm's collector is not statically linked"
"$work/rpm/usr/bin/oomtrail-collect" --version | grep -q -F "$ver" ||
    fail "the .rpm's collector does not run"
if [ -f /usr/include/slurm/spank.h ]; then
	if ! sh "$work/rpm/usr/share/oomtrail/spank/build.sh" "$work/rpm" \
	    >/dev/null || [ ! -f "$work/rpm/oomtrail_spank.so" ]; then
		fail "the .rpm's spank/build.sh does not build the plugin"
	fi
fi

# ---- the .debs in a scratch root ----
root=$work/root
dpkg -x "$deb" "$root"
[ "$spank" -eq 0 ] || dpkg -x "$sdeb" "$root"
"$root/usr/bin/oomtrail-collect" --version | grep -q -F "$ver" ||
    fail "installed oomtrail-collect --version"
"$root/usr/bin/oomtrail" --version | grep -q -F "$ver" ||
    fail "installed oomtrail --version"
out=$("$root/usr/bin/oomtrail" analyze "$src"/fixtures/example/*.tar.zst) ||
    fail "installed oomtrail analyze: exit $?"
echo "$out" | grep -q '^Verdict: host_oom' ||
    fail "installed oomtrail analyze: no host_oom verdict"
for s in $scripts; do
	case "$s" in *.sh) [ -x "$root$s" ] || fail "$s not executable" ;; esac
done

[ "$fails" -eq 0 ] || exit 1
for f in "$deb" "$rpm"; do
	echo "package: ${f##*/} ($(wc -c <"$f") bytes)"
done
[ "$spank" -eq 0 ] || echo "package: ${sdeb##*/} ($(wc -c <"$sdeb") bytes)"
echo "package: contents checked, the installed analyzer and collector work"
