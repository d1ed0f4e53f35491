#!/bin/sh
# Install what is missing, then build and run every test: the release
# build (with the real-Slurm integration stage when run as root, and the
# headless-Chromium report test), the .deb and .rpm made from it and
# checked (scripts/package.sh), the static release archives for x86_64
# and aarch64, built twice and run (scripts/release_test.sh), then the
# whole suite again under AddressSanitizer + UBSan (integration and
# browser excluded: they test the same code through the release
# binaries), then the Release (-O3) builds with GCC and Clang, the
# analyzer alone under strict POSIX (scripts/portable_test.sh), then a
# short fuzz smoke and a benchmark smoke. Every build here treats warnings as errors (OOMTRAIL_WERROR).
set -eu
cd "$(dirname "$0")/.."
t0=$(date +%s)
stage() { echo "== $1 ($(($(date +%s) - t0)) s since start)"; }
stage "dependencies"
OOMTRAIL_DEPS="${OOMTRAIL_DEPS-browser slurm package release}" sh scripts/deps.sh
jobs=$(nproc)

stage "release build"
sh scripts/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOOMTRAIL_WERROR=ON
stage "release tests"
ctest --test-dir build --output-on-failure -j"$jobs"
stage "packages (.deb, .rpm)"
sh scripts/package.sh build
stage "release archives (x86_64; aarch64 under qemu-user), built twice"
sh scripts/release_test.sh

stage "sanitizer build"
sh scripts/build.sh build-asan -DSANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DOOMTRAIL_WERROR=ON
stage "sanitizer tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs" \
    -LE 'integration|browser'

# The watcher's timing tests ran above; the optimised builds skip them.
stage "release builds as users build them (GCC -O3, Clang)"
sh scripts/build.sh build-gcc-rel -DCMAKE_BUILD_TYPE=Release -DOOMTRAIL_WERROR=ON
ctest --test-dir build-gcc-rel --output-on-failure -j"$jobs" \
    -LE 'integration|browser' -E '^watch[.]'
CC=clang sh scripts/build.sh build-clang-rel -DCMAKE_BUILD_TYPE=Release \
    -DOOMTRAIL_WERROR=ON
ctest --test-dir build-clang-rel --output-on-failure -j"$jobs" \
    -LE 'integration|browser' -E '^watch[.]'

stage "portable analyzer (Clang, strict POSIX, own memmem/memrchr)"
sh scripts/portable_test.sh build

stage "fuzz smoke"
if [ -x scripts/fuzz.sh ]; then
	sh scripts/fuzz.sh --smoke
fi
stage "bench smoke"
if [ -x bench/run.sh ]; then
	sh bench/run.sh --smoke
fi
stage "done"
echo "all test stages passed"
