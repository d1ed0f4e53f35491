#!/bin/bash
# vm_guest.sh: the guest half of the cgroup v2 stage (vm.sh), PID 1 of the
# VM after /sbin/oomtrail-vm-init unpacked the stage into /stage.
#
# Sets the VM up the way a systemd host looks to Slurm (a cgroup2 unified
# hierarchy mounted with nsdelegate and memory_recursiveprot, PID 1 in
# init.scope, every controller enabled for system.slice, the stage's
# processes in system.slice/oomtrail-integ.service), then runs the
# stage's own cluster.sh up, run_jobs.sh and cluster.sh down natively
# (OOMTRAIL_INTEG_NATIVE=1: the root is Debian 13's with Slurm 24.11),
# writes the results as a tar to /dev/vdc and powers the VM off.  The
# steps' exit codes are kept in /results/guest-steps.txt, the first
# failure's in /results/guest.rc (0: all passed).
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export LANG=C.UTF-8 LC_ALL=C TZ=UTC HOME=/root TERM=dumb
R=/results
CG=/sys/fs/cgroup
NODE=v2node

up() { cut -d' ' -f1 /proc/uptime; }
say() { echo "vm-guest: $* (uptime $(up))"; }

mkdir -p /dev/pts /dev/shm
mount -t devpts -o gid=5,mode=620,ptmxmode=666 devpts /dev/pts
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs /dev/shm
mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs /run
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs /tmp
mount -t cgroup2 -o nsdelegate,memory_recursiveprot cgroup2 $CG
# vm.sh's slow disk (writes throttled to 2 MiB/s), for the dirty case
mkdir -p /slow && mount -t ext4 /dev/vdd /slow && chmod 1777 /slow
hostname $NODE
echo $NODE >/etc/hostname
printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n' $NODE >/etc/hosts
ip link set lo up
# Slurm resolves with AI_ADDRCONFIG, which fails when only loopback has
# an address: a dummy interface (reaches nothing) with a TEST-NET-1 one.
modprobe dummy && ip link add vm0 type dummy &&
    ip addr add 192.0.2.10/24 dev vm0 && ip link set vm0 up
mkdir -p $CG/init.scope $CG/system.slice
echo 1 >$CG/init.scope/cgroup.procs
for c in $(cat $CG/cgroup.controllers); do
	echo "+$c" >$CG/cgroup.subtree_control
done
for c in $(cat $CG/system.slice/cgroup.controllers); do
	echo "+$c" >$CG/system.slice/cgroup.subtree_control
done
say "$(uname -r), cgroup2 controllers: $(cat $CG/cgroup.controllers)"
rm -rf $R
mkdir -p $R

# Docker as a site runs it for its users: dockerd as root in
# system.slice/docker.service (the cgroupfs driver: no systemd here), no
# network (the VM has none), the job user in the docker group (before
# Slurm starts, which reads the user's groups).  A container it starts
# for a job lives in /docker/<id>, outside the job's cgroup: the
# container case.  Its image is membind alone, imported from a tar.
docker_up()
{
	local i opts="--bridge=none --iptables=false"
	command -v dockerd >/dev/null || { say "no dockerd in the image"; return 1; }
	dockerd --help 2>&1 | grep -q -- --ip6tables && opts="$opts --ip6tables=false"
	modprobe overlay 2>/dev/null
	id oomtrailci >/dev/null 2>&1 || useradd -m -s /bin/bash oomtrailci
	getent group docker >/dev/null || groupadd -r docker
	usermod -aG docker oomtrailci
	mkdir -p $CG/system.slice/docker.service
	(
		echo $BASHPID >$CG/system.slice/docker.service/cgroup.procs
		# shellcheck disable=SC2086
		exec dockerd $opts --exec-opt native.cgroupdriver=cgroupfs \
		    --group docker >$R/dockerd.log 2>&1 </dev/null
	) &
	for i in $(seq 1 180); do
		docker info >/dev/null 2>&1 && break
		sleep 1
	done
	docker info >$R/docker-info.txt 2>&1 || { say "dockerd did not come up"; return 1; }
	tar -C /stage/bin -c membind | docker import - oomtrail/membind >/dev/null ||
	    { say "docker import failed"; return 1; }
	say "dockerd up: $(docker version --format '{{.Server.Version}}' 2>/dev/null), $(sed -n 's/^ *Cgroup Driver: //p' $R/docker-info.txt) driver"
}
docker_up

# the stage itself, in its own service cgroup
mkdir -p $CG/system.slice/oomtrail-integ.service
(
	echo $BASHPID >$CG/system.slice/oomtrail-integ.service/cgroup.procs
	I=/stage/src/tests/integration
	export OOMTRAIL_SRC=/stage/src OOMTRAIL_INTEG_SLURM=24.11
	export OOMTRAIL_INTEG_NATIVE=1 OOMTRAIL_INTEG_RESULTS=$R/run
	export OOMTRAIL_COLLECT=/stage/bin/oomtrail-collect
	export OOMTRAIL_INTEG_BIN=/stage/bin
	# software emulation: every job and collector is several times
	# slower than on the host, and jobs queue longer
	export OOMTRAIL_INTEG_SLOW=4 OOMTRAIL_INTEG_DEADLINE=120
	export OOMTRAIL_INTEG_JOB_DEADLINE=300
	[ -s /stage/env ] && . /stage/env
	[ -f /stage/lib/oomtrail_spank.so ] &&
	    export OOMTRAIL_SPANK=/stage/lib/oomtrail_spank.so
	rc=0
	T0=$(up)
	step()
	{
		local n=$1 r t
		shift
		t=$(up)
		say "step $n"
		"$@"
		r=$?
		printf '%s rc=%s %.1fs\n' "$n" "$r" \
		    "$(awk -v a="$(up)" -v b="$t" 'BEGIN { print a - b }')" \
		    >>$R/guest-steps.txt
		say "step $n: rc=$r"
		[ "$rc" = 0 ] && [ "$r" != 0 ] && rc=$r
		return "$r"
	}
	if step cluster_up bash $I/cluster.sh up; then
		step jobs bash $I/run_jobs.sh
	fi
	step cluster_down bash $I/cluster.sh down
	awk -v a="$(up)" -v b="$T0" \
	    'BEGIN { printf "guest_stage %.1fs\n", a - b }' >$R/timings-guest.txt
	echo "$rc" >$R/guest.rc
) 2>&1 | tee $R/guest.log
say "stage done: guest.rc=$(cat $R/guest.rc 2>/dev/null)"
dmesg >$R/dmesg.txt
tar -C $R -cf /dev/vdc . && say "results written to /dev/vdc ($(du -sk $R | cut -f1) KiB)"
sync
say "powering off"
echo o >/proc/sysrq-trigger
sleep 30
