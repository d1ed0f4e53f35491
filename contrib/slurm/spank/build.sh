#!/bin/sh
# Build oomtrail_spank.so against this machine's Slurm, without CMake:
# what the RHEL package ships beside the plugin's source, since a SPANK
# plugin only loads into the Slurm release it was compiled against.
#   sh build.sh [OUTDIR]        (default: the current directory)
# Needs a C compiler and Slurm's headers (RHEL: slurm-devel; Debian:
# libslurm-dev); SLURM_INCLUDE names their directory if it is not one of
# /usr/include, /usr/local/include, /opt/slurm/include. CC and CFLAGS
# are honoured.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-.}
inc=${SLURM_INCLUDE:-}
if [ -z "$inc" ]; then
	for d in /usr/include /usr/local/include /opt/slurm/include; do
		if [ -f "$d/slurm/spank.h" ]; then
			inc=$d
			break
		fi
	done
fi
if [ -z "$inc" ] || [ ! -f "$inc/slurm/spank.h" ]; then
	echo "build.sh: slurm/spank.h not found: install slurm-devel" \
	    "(RHEL) or libslurm-dev (Debian), or set SLURM_INCLUDE" >&2
	exit 1
fi
srcs=""
for f in "$here"/*.c; do
	case "${f##*/}" in test_*) ;; *) srcs="$srcs $f" ;; esac
done
# shellcheck disable=SC2086
${CC:-cc} ${CFLAGS:--O2 -g} -std=c11 -D_POSIX_C_SOURCE=200809L \
    -D_DEFAULT_SOURCE -Wall -Wextra -Wno-unused-parameter -fPIC -shared -I"$inc" \
    -o "$out/oomtrail_spank.so" $srcs
num=$(sed -n 's/^#define SLURM_VERSION_NUMBER 0x\([0-9a-fA-F]*\).*/\1/p' \
    "$inc/slurm/slurm_version.h")
num=$((0x${num:-0}))
printf '%s/oomtrail_spank.so (for Slurm %d.%02d, from %s)\n' "$out" \
    $((num >> 16)) $(((num >> 8) & 255)) "$inc"
