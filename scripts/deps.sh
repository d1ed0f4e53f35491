#!/bin/sh
# Install what oomtrail needs from Debian's packages, only if missing.
# Idempotent: a second run installs nothing. Uses sudo when not root.
set -eu

PKGS="build-essential cmake pkg-config ca-certificates
libarchive-dev libzstd-dev zstd libpcre2-dev libxml2-dev libjansson-dev nettle-dev
libyaml-dev libsqlite3-dev libpq-dev postgresql
clang libclang-rt-14-dev file time
liblz4-dev libacl1-dev liblzma-dev libbz2-dev zlib1g-dev libicu-dev"

# Extra groups: OOMTRAIL_DEPS="browser slurm package release"
for g in ${OOMTRAIL_DEPS:-}; do
	case "$g" in
	browser)
		PKGS="$PKGS chromium fonts-dejavu-core"
		# Node.js may come from elsewhere (e.g. NodeSource, whose nodejs
		# conflicts with Debian's npm): only install what is absent.
		command -v node >/dev/null 2>&1 || PKGS="$PKGS nodejs"
		command -v npm >/dev/null 2>&1 || PKGS="$PKGS npm"
		;;
	# (qemu-system-x86, e2fsprogs: the cgroup v2 stage's VM, tests/integration/vm.sh)
	slurm) PKGS="$PKGS slurm-wlm slurmdbd slurm-client munge mariadb-server libslurm-dev jq debootstrap qemu-system-x86 e2fsprogs" ;;
	# cpack's .rpm (rpmbuild) and its inspection (rpm -qlp, rpm2archive)
	package) PKGS="$PKGS rpm dpkg-dev" ;;
	# scripts/release.sh: the aarch64 cross toolchain, Debian's arm64
	# -dev libraries (multiarch) for the static link, and qemu-user to
	# run the aarch64 binaries in CI.
	release)
		if ! dpkg --print-foreign-architectures | grep -qx arm64; then
			SUDO=""
			[ "$(id -u)" -ne 0 ] && SUDO="sudo"
			$SUDO dpkg --add-architecture arm64
			$SUDO apt-get update -qq
		fi
		PKGS="$PKGS gcc-aarch64-linux-gnu libc6-dev-arm64-cross
libstdc++-12-dev-arm64-cross
qemu-user-static
libarchive-dev:arm64 libzstd-dev:arm64 libpcre2-dev:arm64 libxml2-dev:arm64
libjansson-dev:arm64 nettle-dev:arm64 libyaml-dev:arm64 liblz4-dev:arm64
libacl1-dev:arm64 liblzma-dev:arm64 libbz2-dev:arm64 zlib1g-dev:arm64
libsqlite3-dev:arm64
libicu-dev:arm64"
		;;
	*) echo "deps.sh: unknown group '$g'" >&2; exit 2 ;;
	esac
done

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "deps.sh: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
