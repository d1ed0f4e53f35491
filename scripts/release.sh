#!/bin/sh
# Build the one-file release archives:
#   dist/oomtrail-<version>-linux-<arch>.tar.gz
# each holding a statically linked oomtrail (the analyzer) and
# oomtrail-collect, their man pages, the Slurm scripts, a short README and
# SHA256SUMS; dist/SHA256SUMS lists the archives.
#
# Usage: scripts/release.sh [--check] [ARCH...]     (ARCH: x86_64 aarch64;
#        default: x86_64, and aarch64 when aarch64-linux-gnu-gcc is there)
#   --check  build everything twice, in differently named build trees,
#            and fail unless the archives are byte-identical.
#
# Reproducible: SOURCE_DATE_EPOCH is the last commit's time (kept if set),
# the build paths are mapped away (-ffile-prefix-map), the binaries are
# stripped, and the tar members are sorted with a fixed owner and mtime,
# gzip without a name or time stamp.  aarch64 is cross-compiled with
# Debian's cross toolchain against the arm64 -dev packages (multiarch,
# OOMTRAIL_DEPS=release sh scripts/deps.sh) via cmake/aarch64-linux-gnu.cmake.
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)
check=0
archs=""
for a in "$@"; do
	case "$a" in
	--check) check=1 ;;
	x86_64|aarch64) archs="$archs $a" ;;
	*) echo "release.sh: unknown argument '$a'" >&2; exit 2 ;;
	esac
done
if [ -z "$archs" ]; then
	archs="x86_64"
	command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && archs="$archs aarch64"
fi
jobs=${JOBS:-$(nproc)}

if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
	SOURCE_DATE_EPOCH=$(git -C "$src" log -1 --format=%ct 2>/dev/null || echo 0)
fi
export SOURCE_DATE_EPOCH
export TZ=UTC LC_ALL=C
umask 022
version=$(sed -n 's/^project(oomtrail VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
[ -n "$version" ] || { echo "release.sh: no version in CMakeLists.txt" >&2; exit 1; }

# build ARCH BUILDDIR OUTDIR: one archive into OUTDIR.
build() {
	arch=$1 bdir=$2 out=$3
	tc=""
	case "$arch" in
	aarch64) tc="-DCMAKE_TOOLCHAIN_FILE=$src/cmake/aarch64-linux-gnu.cmake" ;;
	esac
	rm -rf "$bdir"
	# No build path in the binaries: source and build tree mapped to
	# fixed names (debug info, __FILE__ in assertions).
	cflags="-ffile-prefix-map=$src=. -ffile-prefix-map=$bdir=build"
	# shellcheck disable=SC2086
	cmake -S "$src" -B "$bdir" $tc -DCMAKE_BUILD_TYPE=Release \
	    -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="-s" \
	    -DBUILD_TESTING=OFF -DOOMTRAIL_SPANK=OFF -DOOMTRAIL_WERROR=ON \
	    -DSTATIC_COLLECTOR=ON -DOOMTRAIL_STATIC_ANALYZER=ON \
	    -DOOMTRAIL_LEFT_OUT="none" >/dev/null
	cmake --build "$bdir" -j"$jobs" --target oomtrail oomtrail-collect
	name=oomtrail-$version-linux-$arch
	stage=$bdir/stage/$name
	rm -rf "$bdir/stage"
	mkdir -p "$stage/bin" "$stage/man/man1" "$stage/slurm"
	cp "$bdir/report/oomtrail" "$bdir/collect/oomtrail-collect" "$stage/bin/"
	cp man/oomtrail.1 man/oomtrail-collect.1 "$stage/man/man1/"
	(cd contrib/slurm && find . -type f ! -path './spank/*' \
	    \( -name '*.sh' -o -name '*.sbatch' -o -name '*.conf' -o -name '*.md' \) |
	    while read -r f; do
		mkdir -p "$stage/slurm/$(dirname "$f")"
		cp -p "$f" "$stage/slurm/$f"
	done)
	sed -e "s/@VERSION@/$version/g" -e "s/@ARCH@/$arch/g" \
	    scripts/release-README.in >"$stage/README"
	cp LICENSE "$stage/"
	for b in oomtrail oomtrail-collect; do
		if file "$stage/bin/$b" | grep -q 'dynamically linked'; then
			echo "release.sh: $arch $b is not static" >&2
			exit 1
		fi
	done
	(cd "$stage" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' |
	    sort | xargs sha256sum >SHA256SUMS)
	mkdir -p "$out"
	tar -C "$bdir/stage" --sort=name --owner=0 --group=0 --numeric-owner \
	    --mtime="@$SOURCE_DATE_EPOCH" --mode='u+rw,go+r,go-w' \
	    --format=gnu -cf - "$name" | gzip -9n >"$out/$name.tar.gz"
	echo "release.sh: $out/$name.tar.gz"
}

rm -rf dist
for a in $archs; do
	build "$a" "$src/build-release-$a" "$src/dist"
done
(cd dist && sha256sum ./*.tar.gz | sed 's| \./| |' >SHA256SUMS)

if [ "$check" = 1 ]; then
	for a in $archs; do
		build "$a" "$src/build-release-again-$a" "$src/build-release-again-dist"
		n=oomtrail-$version-linux-$a.tar.gz
		if ! cmp "dist/$n" "build-release-again-dist/$n"; then
			echo "release.sh: $n differs between two builds" >&2
			exit 1
		fi
		echo "release.sh: $n is byte-identical in two builds"
	done
	rm -rf build-release-again-dist
fi
cat dist/SHA256SUMS
