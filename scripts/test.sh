#!/bin/sh
# Install what is missing, then build and run every test: the release
# build (with the real-Slurm integration stage when run as root, and the
# headless-Chromium report test), then the whole suite again under
# AddressSanitizer + UBSan (integration and browser excluded: they test
# the same code through the release binaries), then a short fuzz smoke
# and a benchmark smoke.
set -eu
cd "$(dirname "$0")/.."
OOMTRAIL_DEPS="${OOMTRAIL_DEPS-browser slurm}" sh scripts/deps.sh
jobs=$(nproc)

sh scripts/build.sh build -DCMAKE_BUILD_TYPE=RelWithDebInfo
ctest --test-dir build --output-on-failure -j"$jobs"

sh scripts/build.sh build-asan -DSANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs" \
    -LE 'integration|browser'

if [ -x scripts/fuzz.sh ]; then
	sh scripts/fuzz.sh --smoke
fi
if [ -x bench/run.sh ]; then
	sh bench/run.sh --smoke
fi
echo "all test stages passed"
