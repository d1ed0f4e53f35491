#!/bin/sh
# Install what oomtrail needs from Debian's packages, only if missing.
# Idempotent: a second run installs nothing. Uses sudo when not root.
set -eu

PKGS="build-essential cmake pkg-config ca-certificates
libarchive-dev libzstd-dev zstd libpcre2-dev libxml2-dev libjansson-dev nettle-dev
libyaml-dev libsqlite3-dev
clang libclang-rt-14-dev file time
liblz4-dev libacl1-dev liblzma-dev libbz2-dev zlib1g-dev libicu-dev"

# Extra groups: OOMTRAIL_DEPS="browser slurm package"
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
