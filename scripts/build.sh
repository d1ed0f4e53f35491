#!/bin/sh
# Configure and build one tree. Usage: scripts/build.sh DIR [cmake args...]
set -eu
dir=$1
shift
cmake -S "$(dirname "$0")/.." -B "$dir" "$@" >/dev/null
cmake --build "$dir" -j"$(nproc)"
