#!/bin/bash
# vm.sh build|run: the cgroup v2 stage of the integration tests.  Slurm
# 24.11 with CgroupPlugin=cgroup/v2 on a unified hierarchy, in a QEMU VM.
#
# The build machines mount cgroup v1, and a kernel mounts one hierarchy
# kind for memory: cgroup/v2 cannot run beside them.  So the stage boots
# a Debian 13 kernel (cgroup_no_v1=all) on a copy of the 24.11 root that
# chroot.sh builds, and runs inside it the same cluster.sh and
# run_jobs.sh as the other stages (natively there: no chroot), plus the
# v2-only jobs (vm_guest.sh).  The checks (check_case.sh) then run here,
# on the results the VM wrote, with this machine's analyzer.
#
# "build" makes the VM image once and caches it in $W: a copy of the
# chroot's root with a kernel, an initrd that finds a virtio disk, jq,
# iproute2, Docker (docker.io) and a tiny /sbin/oomtrail-vm-init, packed into an ext4 image
# (mkfs.ext4 -d, no loop mount).  A stamp names its inputs (the chroot's
# own stamp, the packages, the init); other inputs rebuild it.
#
# "run" stages what the project built (the static collector, the SPANK
# plugin rebuilt against the root's slurm/*.h, the stage's scripts and
# jobs, two static job programs) as a tar on a second disk, boots a fresh
# copy of the image with no network device, and unpacks the results the
# guest tarred onto a third disk into $RESULTS.  KVM when it works, else
# TCG (software emulation; the whole run then takes ~10 min on 2 cores).
# The guest's serial console is kept as $RESULTS/console.log.
#
# Exit 77 with the reason when the stage cannot run here (not root, no
# qemu, no 24.11 root); 1 when the VM or its guest stage failed.
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
SRC=${OOMTRAIL_SRC:-$(cd "$HERE/../.." && pwd)}
CHROOT=${OOMTRAIL_INTEG_CHROOT:-/var/cache/oomtrail-integ/trixie-slurm-24.11}
W=${OOMTRAIL_INTEG_VM:-/var/cache/oomtrail-integ/vm-v2}
# The checks' results directory is the guest's, run/ below the VM's own
# (console, guest log, timings): OOMTRAIL_INTEG_RESULTS names run/.
RESULTS=${OOMTRAIL_INTEG_RESULTS:+$(dirname "$OOMTRAIL_INTEG_RESULTS")}
VM_MEM=${OOMTRAIL_VM_MEM:-3072}
# 4 vCPUs on a 2-core host: Slurm runs 4 jobs at once, which mostly wait
VM_CPUS=${OOMTRAIL_VM_CPUS:-4}
# NUMA node 1's memory (node 0 has the rest): less than numa_bind touches
VM_NODE1_MEM=${OOMTRAIL_VM_NODE1_MEM:-384}
VM_TIMEOUT=${OOMTRAIL_VM_TIMEOUT:-1500}
ACCEL=${OOMTRAIL_VM_ACCEL:-auto}
# docker.io, docker-cli: the container case (dockerd, started by
# vm_guest.sh; the client is a package of its own since Debian 13)
VMPKGS="linux-image-amd64 initramfs-tools kmod zstd jq iproute2 docker.io docker-cli"
STAMP=$W/.oomtrail-vm

log()
{
	printf '[vm %s] %s\n' "$(date +%T)" "$*" >&2
}

skip()
{
	# the checks read the guest's results directory, run/
	[ -n "$RESULTS" ] && { mkdir -p "$RESULTS/run"; printf '%s\n' "$*" >"$RESULTS/run/skip"; }
	echo "SKIP: $*"
	exit 77
}

# The PID 1 of the VM: mounts the API file systems, unpacks the stage
# from /dev/vdb and hands over to its vm_guest.sh, which writes the
# results to /dev/vdc and powers off.  Kept tiny and fixed: it is baked
# into the image, everything that changes comes on the stage disk.
init_text()
{
	cat <<'EOF'
#!/bin/sh
# /sbin/oomtrail-vm-init: PID 1 of the oomtrail integration VM.
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -o remount,rw /
mkdir -p /stage
tar -C /stage -xf /dev/vdb && exec /bin/bash /stage/src/tests/integration/vm_guest.sh
echo "oomtrail-vm-init: no stage on /dev/vdb"
echo o >/proc/sysrq-trigger
sleep 30
EOF
}

stamp_text()
{
	cat "$CHROOT/.oomtrail-chroot"
	echo "vmpkgs=$VMPKGS"
	echo "init=$(init_text | md5sum | cut -d' ' -f1)"
}

CH()
{
	chroot "$1" /usr/bin/env -i \
	    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	    HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
	    "${@:2}"
}

need_qemu()
{
	command -v qemu-system-x86_64 >/dev/null && command -v mkfs.ext4 >/dev/null && return 0
	OOMTRAIL_DEPS=slurm sh "$SRC/scripts/deps.sh" >&2 ||
	    skip "qemu-system-x86 cannot be installed (scripts/deps.sh)"
	command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64"
}

build()
{
	local t0 r kver
	t0=$(date +%s)
	[ "$(id -u)" -eq 0 ] || skip "not root: the VM image is built with chroot"
	[ -f "$CHROOT/.oomtrail-chroot" ] ||
	    skip "no Slurm 24.11 root at $CHROOT (the test integration-2411.chroot builds it)"
	need_qemu
	if [ -s "$W/root.img" ] && [ -f "$STAMP" ] &&
	    [ "$(cat "$STAMP")" = "$(stamp_text)" ]; then
		echo "VM image $W/root.img: cached ($(cat "$W/kernel-version"))"
		return 0
	fi
	if awk -v r="$CHROOT/" 'index($5, r) == 1 { f = 1 } END { exit !f }' \
	    /proc/self/mountinfo; then
		skip "$CHROOT has mounts below it (a 24.11 cluster runs?)"
	fi
	rm -rf "$W"
	mkdir -p "$W"
	r=$W/rootfs
	log "copying $CHROOT to $r"
	cp -a "$CHROOT" "$r" || { log "cannot copy $CHROOT"; exit 1; }
	rm -rf "$r"/var/lib/slurm/* "$r"/var/log/slurm/* "$r"/run/* \
	    "$r"/var/cache/apt/archives/*.deb
	# the initrd needs only what finds the root disk
	mkdir -p "$r/etc/initramfs-tools/conf.d"
	printf 'MODULES=list\nCOMPRESS=zstd\n' \
	    >"$r/etc/initramfs-tools/conf.d/oomtrail-vm.conf"
	printf '%s\n' virtio_pci virtio_blk ext4 crc32c_generic \
	    >"$r/etc/initramfs-tools/modules"
	mount -t proc proc "$r/proc" && mount --bind /dev "$r/dev" ||
	    { log "cannot mount proc/dev in $r"; exit 1; }
	if ! { CH "$r" apt-get update -q &&
	    CH "$r" apt-get install -y -q --no-install-recommends $VMPKGS &&
	    CH "$r" apt-get clean; } >"$W/build.log" 2>&1; then
		umount "$r/dev" "$r/proc"
		skip "apt-get install in the VM root failed (see $W/build.log)"
	fi
	umount "$r/dev" "$r/proc"
	kver=$(ls "$r/lib/modules" | sort -V | tail -n 1)
	install -m 0644 "$r/boot/vmlinuz-$kver" "$W/vmlinuz"
	install -m 0644 "$r/boot/initrd.img-$kver" "$W/initrd.img"
	echo "$kver" >"$W/kernel-version"
	init_text >"$r/sbin/oomtrail-vm-init"
	chmod 0755 "$r/sbin/oomtrail-vm-init"
	printf '/dev/vda / ext4 rw,noatime 0 1\n' >"$r/etc/fstab"
	mkfs.ext4 -q -F -L oomtrailvm -d "$r" "$W/root.img" 3G ||
	    { log "mkfs.ext4 -d failed"; exit 1; }
	rm -rf "$r"
	stamp_text >"$STAMP"
	log "built $W/root.img (kernel $kver, $(du -sh "$W/root.img" | cut -f1) used) in $(($(date +%s) - t0)) s"
}

# ---------------------------------------------------------------- run
kvm_works()
{
	[ -c /dev/kvm ] || return 1
	( timeout 20 qemu-system-x86_64 -accel kvm -cpu host -m 64 -nodefaults \
	    -display none -no-reboot -kernel "$W/vmlinuz" \
	    -append 'console=ttyS0 panic=-1 init=/nonexistent' \
	    -serial file:"$W/kvm-probe.log" ) >/dev/null 2>&1
	grep -q 'Linux version' "$W/kvm-probe.log" 2>/dev/null
}

# stage DIR: what the guest runs, laid out as the guest expects it.
stage()
{
	local d=$1 inc
	rm -rf "$d"
	mkdir -p "$d/src/tests" "$d/src/contrib" "$d/bin" "$d/lib"
	cp -r "$SRC/tests/integration" "$d/src/tests/"
	cp -r "$SRC/contrib/slurm" "$d/src/contrib/"
	install -m 0755 "${OOMTRAIL_COLLECT:?OOMTRAIL_COLLECT must be set}" \
	    "$d/bin/oomtrail-collect"
	! readelf -l "$d/bin/oomtrail-collect" 2>/dev/null | grep -q INTERP ||
	    { log "$OOMTRAIL_COLLECT is not statically linked"; return 1; }
	# the job programs: static, the guest has no compiler
	cc -O1 -static -pthread -o "$d/bin/spin" "$HERE/jobs/spin.c" &&
	    cc -O1 -static -o "$d/bin/thrash" "$HERE/jobs/thrash.c" &&
	    cc -O1 -static -o "$d/bin/membind" "$HERE/jobs/membind.c" ||
	    { log "cannot build the job programs"; return 1; }
	# the SPANK plugin against the root's own Slurm headers (24.11
	# refuses a plugin built for another Slurm)
	if [ -f "$CHROOT/usr/include/slurm/spank.h" ]; then
		inc=$d/include
		mkdir -p "$inc"
		cp -r "$CHROOT/usr/include/slurm" "$inc/"
		cc -std=gnu11 -O2 -fPIC -shared -Wall -I"$inc" \
		    -o "$d/lib/oomtrail_spank.so" \
		    "$SRC/contrib/slurm/spank/oomtrail_spank.c" \
		    >"$d/spank-build.log" 2>&1 ||
		    { log "SPANK plugin does not build: $(head -c 300 "$d/spank-build.log")"
		      rm -f "$d/lib/oomtrail_spank.so"; }
		rm -rf "$inc"
	fi
	# a development run of some cases only (run_jobs.sh)
	: >"$d/env"
	[ -n "${OOMTRAIL_INTEG_CASES:-}" ] &&
	    printf 'export OOMTRAIL_INTEG_CASES=%q\n' \
	    "$OOMTRAIL_INTEG_CASES" >"$d/env"
	return 0
}

run()
{
	local accel cpu st rc t0 tar n0 n1
	[ -n "$RESULTS" ] || { echo "OOMTRAIL_INTEG_RESULTS must be set" >&2; exit 2; }
	# its parent is removed and remade: never a directory of someone else's
	[ "$(basename "$OOMTRAIL_INTEG_RESULTS")" = run ] && [ "$RESULTS" != / ] ||
	    { echo "OOMTRAIL_INTEG_RESULTS must name a run/ directory (the VM's own results are beside it): $OOMTRAIL_INTEG_RESULTS" >&2; exit 2; }
	rm -rf "$RESULTS"
	mkdir -p "$RESULTS"
	[ "$(id -u)" -eq 0 ] || skip "not root"
	[ -s "$W/root.img" ] || skip "no VM image (the test integration-v2.image builds it)"
	need_qemu
	t0=$(date +%s.%N)
	st=$W/stage
	stage "$st" || exit 1
	tar=$W/stage.tar
	tar -C "$st" -cf "$tar" . || exit 1
	accel=$ACCEL
	if [ "$accel" = auto ]; then
		if kvm_works; then accel=kvm; else accel=tcg; fi
	fi
	case $accel in
	kvm)	cpu=host ;;
	*)	accel=tcg,thread=multi cpu=max ;;
	esac
	rm -f "$W/root.run.img" "$W/out.img"
	cp --sparse=always "$W/root.img" "$W/root.run.img" || exit 1
	truncate -s 512M "$W/out.img"
	# a slow disk (QEMU throttles its writes to 2 MiB/s), mounted on
	# /slow: the dirty case's page cache waits on it
	rm -f "$W/slow.img"
	truncate -s 1G "$W/slow.img" && mkfs.ext4 -q -F "$W/slow.img" ||
	    { log "cannot make the slow disk"; exit 1; }
	# a swap disk, which the guest turns on for the swap case only
	rm -f "$W/swap.img"
	truncate -s 512M "$W/swap.img" && mkswap "$W/swap.img" >/dev/null ||
	    { log "cannot make the swap disk"; exit 1; }
	# two NUMA nodes: node 1 small (the numa_bind case exhausts it),
	# the vCPUs split between them
	n1=$VM_NODE1_MEM
	n0=$((VM_MEM - n1))
	log "booting ($accel, $VM_CPUS vCPU, $VM_MEM MiB: NUMA node 0 $n0 MiB, node 1 $n1 MiB, no network)"
	timeout "$VM_TIMEOUT" qemu-system-x86_64 -accel "$accel" -cpu "$cpu" \
	    -smp "$VM_CPUS" -m "$VM_MEM" -nodefaults -display none \
	    -object memory-backend-ram,id=mem0,size="${n0}M" \
	    -object memory-backend-ram,id=mem1,size="${n1}M" \
	    -numa node,nodeid=0,cpus=0-$((VM_CPUS / 2 - 1)),memdev=mem0 \
	    -numa node,nodeid=1,cpus=$((VM_CPUS / 2))-$((VM_CPUS - 1)),memdev=mem1 \
	    -no-reboot -nic none \
	    -kernel "$W/vmlinuz" -initrd "$W/initrd.img" \
	    -append "console=ttyS0 root=/dev/vda rw init=/sbin/oomtrail-vm-init panic=-1 loglevel=4 cgroup_no_v1=all" \
	    -drive file="$W/root.run.img",format=raw,if=virtio,cache=unsafe \
	    -drive file="$tar",format=raw,if=virtio,readonly=on \
	    -drive file="$W/out.img",format=raw,if=virtio,cache=writeback \
	    -drive file="$W/slow.img",format=raw,if=virtio,cache=writeback,throttling.bps-write=2097152 \
	    -drive file="$W/swap.img",format=raw,if=virtio,cache=unsafe \
	    -serial file:"$RESULTS/console.log" </dev/null
	rc=$?
	tar -C "$RESULTS" -xf "$W/out.img" 2>/dev/null ||
	    log "the guest wrote no results"
	awk -v a="$(date +%s.%N)" -v b="$t0" -v m="$accel" \
	    'BEGIN { printf "vm_run %.1fs accel=%s\n", a - b, m }' |
	    tee -a "$RESULTS/timings-vm.txt" >&2
	rm -f "$W/root.run.img" "$W/out.img" "$W/slow.img" "$W/swap.img" "$tar"
	if [ "$rc" != 0 ]; then
		log "qemu exited $rc (124: it ran past ${VM_TIMEOUT}s); console tail:"
		tail -n 40 "$RESULTS/console.log" >&2
		exit 1
	fi
	if [ ! -s "$RESULTS/guest.rc" ] || [ "$(cat "$RESULTS/guest.rc")" != 0 ]; then
		log "the guest stage failed (guest.rc: $(cat "$RESULTS/guest.rc" 2>/dev/null)); console tail:"
		tail -n 60 "$RESULTS/console.log" >&2
		exit 1
	fi
	cat "$RESULTS/timings-guest.txt" 2>/dev/null
}

case ${1:-} in
build)	build ;;
run)	run ;;
*)	echo "usage: vm.sh build|run" >&2; exit 2 ;;
esac
