#!/bin/sh
# CI's release stage: build the release archives twice and require them
# byte-identical (scripts/release.sh --check), then run what is in them
# where it will run: the x86_64 binaries natively, the aarch64 ones under
# qemu-user (Debian's qemu-user-static).  Each architecture's collector
# must write a bundle on this machine (no Slurm, no GPU: --scope node),
# which the analyzer must read; each analyzer must give the same JSON,
# byte for byte, on the shipped example bundle, on a real incident's
# bundles and on the bundles the collectors just wrote (whose own
# "collector_build"/host fields are the same on both: one machine).
#
# Usage: scripts/release_test.sh      (needs OOMTRAIL_DEPS=release deps)
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)
fail() { echo "release_test: $*" >&2; exit 1; }
command -v qemu-aarch64-static >/dev/null 2>&1 ||
    fail "qemu-aarch64-static missing (OOMTRAIL_DEPS=release sh scripts/deps.sh)"

sh scripts/release.sh --check x86_64 aarch64
version=$(sed -n 's/^project(oomtrail VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for a in x86_64 aarch64; do
	n=oomtrail-$version-linux-$a
	[ -f "dist/$n.tar.gz" ] || fail "dist/$n.tar.gz missing"
	grep -q " $n.tar.gz\$" dist/SHA256SUMS || fail "$n not in dist/SHA256SUMS"
	tar -C "$work" -xzf "dist/$n.tar.gz"
	(cd "$work/$n" && sha256sum -c --quiet SHA256SUMS) ||
	    fail "$n: SHA256SUMS does not match"
	for f in bin/oomtrail bin/oomtrail-collect man/man1/oomtrail.1 \
	    man/man1/oomtrail-collect.1 slurm/epilog.sh README LICENSE; do
		[ -f "$work/$n/$f" ] || fail "$n: $f missing"
	done
done

# run ARCH PROGRAM ARGS...: one of the release's binaries, on this machine.
run() {
	a=$1 p=$2
	shift 2
	b="$work/oomtrail-$version-linux-$a/bin/$p"
	case "$a" in
	aarch64) qemu-aarch64-static "$b" "$@" ;;
	*) "$b" "$@" ;;
	esac
}

for a in x86_64 aarch64; do
	run "$a" oomtrail --version >"$work/version-$a"
	grep -q "^oomtrail $version\$" "$work/version-$a" ||
	    fail "$a: oomtrail --version"
	grep -q '^linked: static$' "$work/version-$a" ||
	    fail "$a: oomtrail --version does not say static"
	# a static build leaves PostgreSQL out (fleet --db) and says so
	grep -q '^left out: .*postgresql' "$work/version-$a" ||
	    fail "$a: oomtrail --version does not say PostgreSQL is left out"
	run "$a" oomtrail-collect --version | grep -q -F "$version" ||
	    fail "$a: oomtrail-collect --version"
	# The collector on this machine: host evidence only.
	mkdir "$work/collect-$a"
	# Under qemu-user, glibc's posix_spawnp (clone with CLONE_VFORK)
	# cannot report a failed exec: a command absent here (nvidia-smi)
	# shows as its child's "exit status 127" and the collector exits 3
	# (some sources failed). Natively it is an absent source (exit 0).
	# That case is allowed for aarch64 only, and only if every failure
	# is such a 127 of a command this machine does not have.
	rc=0
	run "$a" oomtrail-collect --scope node --deadline 60 \
	    --output "$work/collect-$a" >"$work/collect-$a.log" 2>&1 || rc=$?
	if [ "$rc" = 3 ] && [ "$a" = aarch64 ] &&
	    ! command -v nvidia-smi >/dev/null 2>&1 &&
	    ! grep ': exit status' "$work/collect-$a.log" |
	    grep -v -q '^oomtrail-collect: gpu/[^:]*: exit status 127: *$'; then
		rc=0
	fi
	[ "$rc" = 0 ] ||
	    { cat "$work/collect-$a.log" >&2; fail "$a: oomtrail-collect exited $rc"; }
	set -- "$work/collect-$a"/*.tar.zst
	[ -f "$1" ] || fail "$a: oomtrail-collect wrote no bundle"
	echo "release_test: $a collector wrote $(basename "$1") ($(wc -c <"$1") bytes)"
done

# The same JSON from both analyzers.
real=fixtures/scenarios/real-snapshots-oom-batch-trap-spank-epilog
i=0
for input in "fixtures/example/*.tar.zst" "$real/*.tar.zst" \
    "$work/collect-x86_64/*.tar.zst" "$work/collect-aarch64/*.tar.zst"; do
	i=$((i + 1))
	for a in x86_64 aarch64; do
		# shellcheck disable=SC2086
		run "$a" oomtrail analyze --format json -o "$work/an-$i-$a.json" \
		    $input || fail "$a: oomtrail analyze $input failed"
	done
	cmp "$work/an-$i-x86_64.json" "$work/an-$i-aarch64.json" ||
	    fail "the analyzers' JSON differs on $input"
	grep -q '"verdict"' "$work/an-$i-x86_64.json" ||
	    fail "no verdict in the analysis of $input"
	echo "release_test: same JSON on x86_64 and aarch64: $input"
done
echo "release_test: passed"
