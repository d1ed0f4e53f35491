#!/bin/bash
# chroot.sh build|mount|umount|path: the Debian 13 ("trixie") root the
# integration stage runs Slurm 24.11 in (cluster.sh with
# OOMTRAIL_INTEG_SLURM=24.11).
#
# Debian 12's archive has Slurm 22.05 only; trixie's has 24.11.  The host
# keeps its own Slurm; the 24.11 daemons run by hand inside this root,
# which shares the host's kernel, cgroup hierarchies, /dev and hostname.
#
# "build" makes the root once and keeps it (a cache: later runs take a
# second): debootstrap --variant=minbase from the host's own Debian mirror
# (debootstrap comes from scripts/deps.sh), then apt-get installs the Slurm
# packages inside it with maintainer scripts forbidden to start services.
# The root is written under $ROOT.tmp and renamed when complete, so an
# interrupted build leaves nothing that looks usable.  A stamp names the
# package list; another list rebuilds.  Exit 77 with the reason when it
# cannot be built (not root, no network, no debootstrap).
#
# "mount" bind-mounts what the daemons need (proc, sys, each cgroup
# hierarchy, dev, dev/pts, dev/shm, and $RUN at the same path, so the
# host's scripts and the daemons see one directory); "umount" undoes it.
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
SRC=${OOMTRAIL_SRC:-$(cd "$HERE/../.." && pwd)}
ROOT=${OOMTRAIL_INTEG_CHROOT:-/var/cache/oomtrail-integ/trixie-slurm-24.11}
RUN=${RUN:-${OOMTRAIL_INTEG_RUN:-/var/tmp/oomtrail-integ-2411}}
SUITE=trixie
PKGS="slurmctld slurmd slurmdbd slurm-client libslurm-dev munge
mariadb-server mariadb-client procps hostname perl-base"
STAMP=$ROOT/.oomtrail-chroot

log()
{
	printf '[chroot %s] %s\n' "$(date +%T)" "$*" >&2
}

skip()
{
	echo "SKIP: $*"
	exit 77
}

mirror()
{
	local m
	m=$(awk '/^URIs:/ { print $2; exit }' \
	    /etc/apt/sources.list.d/debian.sources 2>/dev/null)
	[ -n "$m" ] || m=$(awk '$1 == "deb" { print $2; exit }' \
	    /etc/apt/sources.list 2>/dev/null)
	echo "${m:-http://deb.debian.org/debian}"
}

stamp_text()
{
	echo "suite=$SUITE"
	echo "pkgs=$(echo $PKGS)"
}

built()
{
	[ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$(stamp_text)" ]
}

# in ROOT CMD...: run CMD inside ROOT with a clean environment
in_root()
{
	local r=$1
	shift
	chroot "$r" /usr/bin/env -i \
	    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	    HOME=/root LANG=C.UTF-8 LC_ALL=C TERM=dumb "$@"
}

# ------------------------------------------------------------ mounts
# Bind mounts, non-recursive, each one listed so that umount finds them.
mount_list()
{
	local d
	echo proc sys dev dev/pts dev/shm sys/fs/cgroup
	for d in /sys/fs/cgroup/*/; do
		d=${d%/}
		mountpoint -q "$d" && echo "${d#/}"
	done
	echo "${RUN#/}"
}

do_mount()
{
	local r=${1:-$ROOT} m
	for m in $(mount_list); do
		mkdir -p "$r/$m"
		mountpoint -q "$r/$m" && continue
		case $m in
		proc)	mount -t proc proc "$r/proc" ;;
		*)	[ -d "/$m" ] || mkdir -p "/$m"
			mount --bind "/$m" "$r/$m" ;;
		esac || { log "cannot mount $r/$m"; return 1; }
	done
}

do_umount()
{
	local r=${1:-$ROOT} m
	for m in $(mount_list | tac); do
		mountpoint -q "$r/$m" || continue
		umount "$r/$m" 2>/dev/null || umount -l "$r/$m"
	done
	# anything else still below the root (nothing, normally)
	awk -v r="$r/" 'index($5, r) == 1 { print $5 }' /proc/self/mountinfo |
	    sort -r | while read -r m; do
		log "unmounting leftover $m"
		umount "$m" 2>/dev/null || umount -l "$m"
	done
	return 0
}

# safe_rm DIR: remove an old root, never while anything is mounted below
# it (a bind-mounted /dev or /sys would be emptied with it).
safe_rm()
{
	if awk -v r="$1/" 'index($5, r) == 1 { f = 1 } END { exit !f }' \
	    /proc/self/mountinfo; then
		log "not removing $1: still has mounts"
		exit 1
	fi
	rm -rf "$1"
}

# ------------------------------------------------------------ build
build()
{
	local tmp=$ROOT.tmp m t0=$(date +%s)
	[ "$(id -u)" -eq 0 ] || skip "not root: debootstrap and chroot need root"
	if built; then
		echo "chroot $ROOT: cached ($(cat "$ROOT/etc/debian_version"))"
		return 0
	fi
	command -v debootstrap >/dev/null ||
	    OOMTRAIL_DEPS=slurm sh "$SRC/scripts/deps.sh" >&2 ||
	    skip "debootstrap cannot be installed (scripts/deps.sh)"
	command -v debootstrap >/dev/null || skip "no debootstrap"
	m=$(mirror)
	[ -d "$tmp" ] && { do_umount "$tmp"; safe_rm "$tmp"; }
	mkdir -p "$(dirname "$ROOT")"
	log "debootstrap $SUITE from $m into $tmp"
	debootstrap --variant=minbase --arch=amd64 "$SUITE" "$tmp" "$m" \
	    >"$tmp.log" 2>&1 ||
	    skip "debootstrap $SUITE from $m failed (last lines: $(tail -n 3 "$tmp.log" | tr '\n' ' '))"
	log "debootstrap done after $(($(date +%s) - t0)) s"
	cat >"$tmp/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $m
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${m%/debian}/debian-security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
	rm -f "$tmp/etc/apt/sources.list"
	# maintainer scripts must not start the daemons
	printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
	chmod 0755 "$tmp/usr/sbin/policy-rc.d"
	hostname >"$tmp/etc/hostname"
	printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n' "$(hostname)" \
	    >"$tmp/etc/hosts"
	cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null
	mount -t proc proc "$tmp/proc" || skip "cannot mount proc in $tmp"
	mount --bind /dev "$tmp/dev"
	if ! { in_root "$tmp" apt-get update -q &&
	    in_root "$tmp" env DEBIAN_FRONTEND=noninteractive apt-get install \
	    -y -q --no-install-recommends $PKGS; } >>"$tmp.log" 2>&1; then
		umount "$tmp/dev" "$tmp/proc"
		skip "apt-get install in the $SUITE root failed (see $tmp.log)"
	fi
	in_root "$tmp" apt-get clean >/dev/null 2>&1
	umount "$tmp/dev" "$tmp/proc"
	stamp_text >"$tmp/.oomtrail-chroot"
	[ -d "$ROOT" ] && { do_umount "$ROOT"; safe_rm "$ROOT"; }
	mv "$tmp" "$ROOT" && mv "$tmp.log" "$ROOT.log"
	log "built $ROOT in $(($(date +%s) - t0)) s: $(in_root "$ROOT" dpkg-query -W -f='${Version}' slurmctld)"
}

case ${1:-} in
build)	build ;;
mount)	built || { echo "chroot $ROOT not built" >&2; exit 1; }
	do_mount ;;
umount)	do_umount ;;
path)	echo "$ROOT" ;;
*)	echo "usage: chroot.sh build|mount|umount|path" >&2; exit 2 ;;
esac
