#!/bin/bash
# cluster.sh up|down: a one-node Slurm cluster for the integration stage.
#
# "up" installs what is missing (scripts/deps.sh, group slurm), writes a
# private slurm.conf/cgroup.conf/slurmdbd.conf under $RUN, and starts munged
# (unless one already runs), a private MariaDB, slurmdbd, slurmctld and
# slurmd by hand (no systemd), then waits for the node to be idle.  Every
# daemon it starts is recorded by PID in $RUN/pids.  It skips (exit 77,
# reason printed and kept in $RESULTS/skip) when not root, when the packages
# cannot be installed, when there is no memory cgroup controller, or when
# a Slurm daemon it did not start is already running.
#
# "down" always runs: it cancels what is left, stops every daemon recorded
# in $RUN/pids by PID (TERM, then KILL), stops stray slurmstepds, removes the
# cgroups slurmd created, keeps the logs in $RESULTS/logs, removes $RUN and
# fails if any of the processes it stopped is still alive.
#
# It does not touch /etc/slurm, the system MariaDB or a munged it found.
#
# With OOMTRAIL_INTEG_SLURM=24.11 the same cluster runs Slurm 24.11 inside
# the Debian 13 root of chroot.sh (built beforehand by the stage's chroot
# test; skips when it is not): its own munged, MariaDB (port 13317) and
# Slurm daemons on ports 7817-7819, every one started with chroot; $RUN is
# bind-mounted into the root at the same path and unmounted by "down".
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

SRC=${OOMTRAIL_SRC:-$(cd "$HERE/../.." && pwd)}
COLLECT=${OOMTRAIL_COLLECT:-}
SPANK=${OOMTRAIL_SPANK:-}
HOST=$(hostname -s)
DBPORT=${OOMTRAIL_INTEG_DBPORT:-13306}
[ -n "$CHROOT" ] && DBPORT=${OOMTRAIL_INTEG_DBPORT:-13317}
DBPASS=oomtrail-integ
CLUSTER=oomtrailci
FAKE_GPU=/dev/nvidia0
PKGS="slurmctld slurmd slurmdbd slurm-client munge mariadb-server jq"
# 24.11: the daemons and clients come from the chroot; the checks need jq
[ -n "$CHROOT" ] && PKGS=jq

T0=$(date +%s.%N)

die()
{
	log "FAIL: $*"
	dump_logs
	exit 1
}
phase()
{
	awk -v n="$1" -v a="$(date +%s.%N)" -v t="$T0" \
	    'BEGIN { printf "%-22s %6.1fs\n", n, a - t }' |
	    tee -a "$RESULTS/timings-$MODE.txt" >&2
}

dump_logs()
{
	local f
	for f in "$RUN"/log/*.log "$RUN"/log/*.out; do
		[ -f "$f" ] || continue
		echo "==== tail of $f" >&2
		tail -n 40 "$f" >&2
	done
}

pkgs_missing()
{
	local p m=""
	for p in $PKGS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		    grep -q 'ok installed' || m="$m $p"
	done
	echo "$m"
}

foreign_slurm()
{
	local d p
	for d in slurmctld slurmd slurmdbd slurmstepd; do
		for p in $(pgrep -x "$d"); do
			grep -qx "$p" "$RUN"/pids/* 2>/dev/null || echo "$d:$p"
		done
	done
}

# other_run: the results directory of another build's integration run
# whose daemons still live in $RUN (e.g. a whole-suite ctest of another
# build directory); false when $RUN is ours, absent, or stale.
other_run()
{
	local r
	[ -f "$RUN/hooks/env" ] || return 1
	r=$(sed -n 's/^RESULTS=//p' "$RUN/hooks/env")
	[ -n "$r" ] && [ "$r" != "$RESULTS" ] || return 1
	[ -n "$(leftovers)" ] || return 1
	echo "$r"
}

check_can_run()
{
	local m o
	[ "$(id -u)" -eq 0 ] || skip "not root: the stage starts Slurm daemons"
	[ -n "$(cgroup_mode)" ] || skip "no memory cgroup controller"
	command -v dpkg-query >/dev/null || skip "not a Debian system"
	if [ -n "$CHROOT" ]; then
		[ -f "$CHROOT/.oomtrail-chroot" ] ||
		    skip "no Slurm $SLURMV root at $CHROOT (the test integration-2411.chroot builds it)"
	fi
	m=$(pkgs_missing)
	if [ -n "$m" ]; then
		log "installing:$m"
		OOMTRAIL_DEPS=slurm sh "$SRC/scripts/deps.sh" \
		    >"$RESULTS/deps.log" 2>&1 ||
		    skip "packages cannot be installed:$m (see $RESULTS/deps.log)"
		m=$(pkgs_missing)
		[ -z "$m" ] || skip "packages still missing:$m"
	fi
	if o=$(other_run); then
		skip "another integration run is using the cluster (results: $o)"
	fi
	[ -z "$(foreign_slurm)" ] ||
	    skip "Slurm daemons already run here: $(foreign_slurm)"
	[ -x "$COLLECT" ] || die "OOMTRAIL_COLLECT is not an executable: $COLLECT"
}

# ---------------------------------------------------------------- up
make_dirs()
{
	id "$JOBUSER" >/dev/null 2>&1 || useradd -m -s /bin/bash "$JOBUSER" ||
	    die "cannot create user $JOBUSER"
	# 24.11: unmount a previous run's $RUN from the root before removing it
	[ -z "$CHROOT" ] ||
	    OOMTRAIL_INTEG_CHROOT=$CHROOT bash "$HERE/chroot.sh" umount
	rm -rf "$RUN"
	install -d -m 0755 "$RUN" "$RUN/etc" "$RUN/bin" "$RUN/hooks"
	if [ -n "$CHROOT" ]; then
		chroot_user
		OOMTRAIL_INTEG_CHROOT=$CHROOT bash "$HERE/chroot.sh" mount || die "cannot mount $RUN into $CHROOT"
	fi
	in_slurm install -d -m 0755 -o slurm -g slurm "$RUN/pids" "$RUN/log" \
	    "$RUN/state"
	install -d -m 0700 "$RUN/spool"
	install -d -m 1777 "$RUN/measure"
	install -d -m 0755 -o "$JOBUSER" "$RUN/jobs" "$RUN/bundles"
	# the new deployment: SPANK markers (root), the EpilogSlurmctld's
	# job bundles and its log (SlurmUser)
	install -d -m 0700 "$RUN/markers"
	in_slurm install -d -m 0755 -o slurm -g slurm "$RUN/bundles/job" \
	    "$RUN/ctld"
	install -m 0755 "$COLLECT" "$RUN/bin/oomtrail-collect"
	install -m 0755 "$HERE"/hooks/*.sh "$RUN/hooks/"
	install -m 0755 "$HERE"/jobs/* "$RUN/jobs/"
	if ls "$SRC"/contrib/slurm/epilog*.sh >/dev/null 2>&1; then
		install -d -m 0755 "$RUN/contrib"
		install -m 0755 "$SRC"/contrib/slurm/epilog*.sh "$RUN/contrib/"
	fi
	if [ -n "$CHROOT" ]; then
		spank_for_chroot
	elif [ -n "$SPANK" ] && [ -f "$SPANK" ]; then
		install -d -m 0755 "$RUN/lib"
		install -m 0755 "$SPANK" "$RUN/lib/oomtrail_spank.so"
		install -d -m 0700 "$RUN/bundles/spank"
	fi
	# DEADLINE: the collectors' --deadline (the VM's software
	# emulation is several times slower: vm_guest.sh raises it)
	printf 'RUN=%s\nRESULTS=%s\nSLURM_CONF=%s\nDEADLINE=%s\nJOB_DEADLINE=%s\n' \
	    "$RUN" "$RESULTS" "$SLURM_CONF" "$DEADLINE" "$JOB_DEADLINE" \
	    >"$RUN/hooks/env"
	install -d -m 0755 "$RESULTS/bundles" "$RESULTS/measure"
}

# chroot_user: the job user inside the 24.11 root, with the host's uid and
# gid (bundles and job files are shared through $RUN).
chroot_user()
{
	local uid gid
	uid=$(id -u "$JOBUSER") gid=$(id -g "$JOBUSER")
	in_slurm getent group "$gid" >/dev/null ||
	    in_slurm groupadd -g "$gid" "$JOBUSER" || die "groupadd in $CHROOT"
	in_slurm id "$JOBUSER" >/dev/null 2>&1 ||
	    in_slurm useradd -m -u "$uid" -g "$gid" -s /bin/bash "$JOBUSER" ||
	    die "cannot create $JOBUSER in $CHROOT"
}

# spank_for_chroot: a SPANK plugin is built against one Slurm; slurmstepd
# 24.11 refuses 22.05's.  Build the plugin's one source file again against
# the root's own slurm/*.h (copied aside, so that the host's libc headers
# are used; it runs on the root's newer libc).
spank_for_chroot()
{
	local src=$SRC/contrib/slurm/spank/oomtrail_spank.c inc=$RUN/include
	[ -f "$CHROOT/usr/include/slurm/spank.h" ] || return 0
	install -d -m 0755 "$RUN/lib" "$inc"
	cp -r "$CHROOT/usr/include/slurm" "$inc/"
	if cc -std=gnu11 -O2 -fPIC -shared -Wall -I"$inc" -o \
	    "$RUN/lib/oomtrail_spank.so" "$src" >"$RUN/spank-build.log" 2>&1; then
		install -d -m 0700 "$RUN/bundles/spank"
	else
		log "SPANK plugin does not build against $SLURMV: $(head -c 300 "$RUN/spank-build.log")"
		rm -f "$RUN/lib/oomtrail_spank.so"
	fi
}

# start_munge_chroot: the root's own munged (its key and socket are the
# root's), never the host's.
start_munge_chroot()
{
	in_slurm install -d -o munge -g munge -m 0755 /run/munge
	[ -s "$CHROOT/etc/munge/munge.key" ] || {
		in_slurm mungekey --create --keyfile=/etc/munge/munge.key &&
		in_slurm chown munge:munge /etc/munge/munge.key &&
		in_slurm chmod 0400 /etc/munge/munge.key
	} || die "cannot create the munge key in $CHROOT"
	if ! pid_alive "$CHROOT/run/munge/munged.pid" munged >/dev/null; then
		rm -f "$CHROOT/run/munge/munged.pid"
		in_slurm runuser -u munge -- /usr/sbin/munged ||
		    die "munged failed in $CHROOT"
		wait_for 10 munged pid_alive "$CHROOT/run/munge/munged.pid" munged ||
		    die "munged did not start in $CHROOT"
	fi
	pid_alive "$CHROOT/run/munge/munged.pid" munged >"$RUN/pids/munged"
	in_slurm sh -c 'munge -n | unmunge >/dev/null' ||
	    die "munge round trip failed in $CHROOT"
}

start_munge()
{
	local pid
	if [ -n "$CHROOT" ]; then
		start_munge_chroot
		return
	fi
	if pid=$(pgrep -x munged); then
		log "munged already running ($pid): using it"
	else
		[ -s /etc/munge/munge.key ] || {
			mungekey --create --keyfile=/etc/munge/munge.key &&
			chown munge:munge /etc/munge/munge.key &&
			chmod 0400 /etc/munge/munge.key
		} || die "cannot create the munge key"
		install -d -o munge -g munge -m 0755 /run/munge
		runuser -u munge -- /usr/sbin/munged || die "munged failed"
		wait_for 10 munged pid_alive /run/munge/munged.pid munged ||
		    die "munged did not start"
		pid_alive /run/munge/munged.pid munged >"$RUN/pids/munged"
	fi
	munge -n | unmunge >/dev/null || die "munge round trip failed"
}

mariadb_up()
{
	kill -0 "$(cat "$RUN/pids/mariadbd")" 2>/dev/null || return 2
	in_slurm mariadb --socket="$RUN/mysqld/sock" -e 'select 1' >/dev/null 2>&1
}

start_mariadb()
{
	local i rc=1
	in_slurm install -d -o mysql -g mysql -m 0700 "$RUN/mysql"
	in_slurm install -d -o mysql -g mysql -m 0755 "$RUN/mysqld"
	in_slurm mariadb-install-db --user=mysql --datadir="$RUN/mysql" \
	    --auth-root-authentication-method=socket \
	    >"$RUN/log/mariadb-install.out" 2>&1 ||
	    die "mariadb-install-db failed"
	# (for 24.11 setsid execs chroot, which execs mariadbd: $! is its pid)
	set --
	[ -n "$CHROOT" ] && set -- chroot "$CHROOT" /usr/bin/env -i \
	    PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C TZ=UTC
	setsid "$@" /usr/sbin/mariadbd --no-defaults --user=mysql \
	    --datadir="$RUN/mysql" --pid-file="$RUN/mysqld/pid" \
	    --socket="$RUN/mysqld/sock" --bind-address=127.0.0.1 \
	    --port="$DBPORT" --skip-name-resolve \
	    --innodb-buffer-pool-size=64M --innodb-log-file-size=16M \
	    >"$RUN/log/mariadbd.out" 2>&1 </dev/null &
	echo $! >"$RUN/pids/mariadbd"
	for i in $(seq 1 300); do
		mariadb_up
		rc=$?
		[ "$rc" = 1 ] || break
		sleep 0.2
	done
	[ "$rc" = 0 ] || die "mariadbd did not start"
	in_slurm mariadb --socket="$RUN/mysqld/sock" -e "
	    CREATE DATABASE slurm_acct_db;
	    CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY '$DBPASS';
	    GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';" ||
	    die "cannot create the accounting database"
}

write_slurm_conf()
{
	local cpus mem sel first ports
	read -r cpus mem < <(in_slurm slurmd -C | sed -n \
	    's/.*CPUs=\([0-9]*\).*RealMemory=\([0-9]*\).*/\1 \2/p')
	[ -n "$mem" ] || die "slurmd -C printed no RealMemory"
	mem=$((mem < 4000 ? mem : 4000))
	# Two cores: the time-limit job holds one while the others run in
	# turn on the other.  One core: share it, or the stage runs too long.
	sel=CR_Core_Memory
	[ "$cpus" -ge 2 ] || sel=CR_Memory
	# Job ids unique across runs: the kernel ring buffer keeps earlier
	# runs' OOM kills, whose memcg paths name job_<id>.
	first=$(($(date +%s) % 50000000 + 1000))
	# 24.11 on other ports: nothing can reach the other version's daemons
	ports=""
	[ -n "$CHROOT" ] && ports="SlurmctldPort=7817
SlurmdPort=7818
AccountingStoragePort=7819"
	cat >"$RUN/etc/slurm.conf" <<EOF
ClusterName=$CLUSTER
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$RUN/state
SlurmdSpoolDir=$RUN/spool
SlurmctldPidFile=$RUN/pids/slurmctld.pid
SlurmdPidFile=$RUN/pids/slurmd.pid
SlurmctldLogFile=$RUN/log/slurmctld.log
SlurmdLogFile=$RUN/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=debug
ProctrackType=proctrack/cgroup
TaskPlugin=task/cgroup
JobAcctGatherType=jobacct_gather/cgroup
JobAcctGatherFrequency=task=1
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
$ports
JobCompType=jobcomp/filetxt
JobCompLoc=$RUN/log/jobcomp.log
SelectType=select/cons_tres
SelectTypeParameters=$sel
Epilog=$RUN/hooks/epilog.sh
EpilogSlurmctld=$RUN/hooks/epilog_slurmctld.sh
TaskEpilog=$RUN/hooks/task_epilog.sh
ReturnToService=2
FirstJobId=$first
MinJobAge=86400
KillWait=5
OverTimeLimit=0
InactiveLimit=0
SchedulerType=sched/backfill
MpiDefault=none
GresTypes=gpu
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem Gres=gpu:1 State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
	write_plugstack
}

# write_plugstack: load the SPANK plugin (when it was built) with the
# options contrib/slurm/spank/README.md documents, watch included (every
# job gets a watcher whose series the plugin's collection picks up);
# "optional", as sites
# are told, so a plugin that fails to load fails no job (the spank checks
# then fail for want of bundles).
write_plugstack()
{
	[ -f "$RUN/lib/oomtrail_spank.so" ] || return 0
	echo "PlugStackConfig=$RUN/etc/plugstack.conf" >>"$RUN/etc/slurm.conf"
	echo "optional $RUN/lib/oomtrail_spank.so" \
	    "collect=$RUN/bin/oomtrail-collect output=$RUN/bundles/spank" \
	    "markers=$RUN/markers scope=all deadline=$DEADLINE wait=15 watch" \
	    >"$RUN/etc/plugstack.conf"
}

write_other_confs()
{
	local v2=""
	[ "$(cgroup_mode)" = v2 ] && v2="IgnoreSystemd=yes"
	cat >"$RUN/etc/cgroup.conf" <<EOF
CgroupPlugin=cgroup/$(cgroup_mode)
CgroupMountpoint=/sys/fs/cgroup
ConstrainCores=yes
ConstrainDevices=yes
ConstrainRAMSpace=yes
ConstrainSwapSpace=no
$v2
EOF
	echo "Name=gpu File=$FAKE_GPU" >"$RUN/etc/gres.conf"
	cat >"$RUN/etc/slurmdbd.conf" <<EOF
AuthType=auth/munge
DbdHost=localhost
DbdAddr=127.0.0.1
$([ -n "$CHROOT" ] && echo DbdPort=7819)
SlurmUser=slurm
LogFile=$RUN/log/slurmdbd.log
PidFile=$RUN/pids/slurmdbd.pid
DebugLevel=info
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$DBPORT
StorageUser=slurm
StoragePass=$DBPASS
StorageLoc=slurm_acct_db
EOF
	in_slurm chown slurm:slurm "$RUN/etc/slurmdbd.conf"
	chmod 0600 "$RUN/etc/slurmdbd.conf"
}

# fake_gpu: the GPU of gres.conf.  Without one, a character node with
# NVIDIA's major and minor (195:0) and no driver behind it: the devices
# cgroup decides who may open it (EPERM for the others), an allowed open
# fails with ENXIO.  Made only when absent; "down" removes only that one.
# Also builds the thread-hungry job's spin (jobs/spin.c), the
# thrashing job's thrash (jobs/thrash.c) and the NUMA-bound job's membind
# (jobs/membind.c).
fake_gpu()
{
	if [ ! -e "$FAKE_GPU" ]; then
		mknod -m 0666 "$FAKE_GPU" c 195 0 || die "cannot mknod $FAKE_GPU"
		echo "$FAKE_GPU" >"$RUN/fake-gpu"
	fi
	# the job programs; the VM has no compiler: vm.sh built them
	if [ -n "${OOMTRAIL_INTEG_BIN:-}" ]; then
		install -m 0755 "$OOMTRAIL_INTEG_BIN/spin" \
		    "$OOMTRAIL_INTEG_BIN/thrash" \
		    "$OOMTRAIL_INTEG_BIN/membind" "$RUN/jobs/" ||
		    die "no job programs in $OOMTRAIL_INTEG_BIN"
		return 0
	fi
	cc -O1 -pthread -o "$RUN/jobs/spin" "$RUN/jobs/spin.c" ||
	    die "cannot build jobs/spin.c"
	cc -O1 -o "$RUN/jobs/thrash" "$RUN/jobs/thrash.c" ||
	    die "cannot build jobs/thrash.c"
	cc -O1 -o "$RUN/jobs/membind" "$RUN/jobs/membind.c" ||
	    die "cannot build jobs/membind.c"
}

remove_fake_gpu()
{
	[ -s "$RUN/fake-gpu" ] || return 0
	[ "$(stat -c %t:%T "$FAKE_GPU" 2>/dev/null)" = c3:0 ] &&
	    rm -f "$FAKE_GPU"
	rm -f "$RUN/fake-gpu"
}

# start_daemon NAME: start a self-daemonising Slurm daemon, wait for its
# pid file, record the pid.
start_daemon()
{
	local name=$1 pid
	in_slurm "/usr/sbin/$name" >"$RUN/log/$name.out" 2>&1 </dev/null ||
	    die "$name failed to start"
	wait_for 30 "$name" pid_alive "$RUN/pids/$name.pid" "$name" ||
	    die "$name wrote no live pid"
	pid_alive "$RUN/pids/$name.pid" "$name" >"$RUN/pids/$name"
}

node_idle()
{
	sinfo -h -n "$HOST" -o %T | grep -qx idle
}

start_slurm()
{
	start_daemon slurmdbd
	wait_for 30 "slurmdbd rpc" sacctmgr -n list cluster ||
	    die "slurmdbd does not answer"
	sacctmgr -i add cluster "$CLUSTER" >/dev/null
	sacctmgr -i add account ci Description=ci Organization=ci >/dev/null
	sacctmgr -i add user "$JOBUSER" Account=ci >/dev/null
	sacctmgr -i add user root Account=ci >/dev/null
	phase slurmdbd
	start_daemon slurmctld
	start_daemon slurmd
	if ! wait_for 30 "node idle" node_idle; then
		scontrol update NodeName="$HOST" State=RESUME
		wait_for 20 "node idle after resume" node_idle ||
		    die "node $HOST never became idle"
	fi
	phase "slurmctld+slurmd"
}

up()
{
	rm -rf "$RESULTS"
	mkdir -p "$RESULTS"
	check_can_run
	phase checks
	# a previous run killed before its cleanup: clear it first
	[ -d "$RUN/pids" ] && down_quiet
	make_dirs
	start_munge
	start_mariadb
	phase "munge+mariadb"
	fake_gpu
	write_slurm_conf
	write_other_confs
	start_slurm
	{
		echo "host=$HOST"
		echo "cgroup=$(cgroup_mode)"
		echo "slurm=$(sinfo -V)"
		echo "kernel=$(uname -r)"
		if [ -f "$RUN/lib/oomtrail_spank.so" ]; then
			echo "spank=built"
		else
			echo "spank=not built (no slurm/spank.h, or a sanitizer build)"
		fi
		if [ -x "$RUN/contrib/epilog-slurmctld.sh" ]; then
			echo "new_deployment=yes"
		else
			echo "new_deployment=no (no contrib/slurm/epilog-slurmctld.sh)"
		fi
		echo "up_at=$(date -u +%FT%TZ)"
	} >"$RESULTS/up"
	cp "$RUN/etc/slurm.conf" "$RUN/etc/cgroup.conf" "$RUN/etc/gres.conf" \
	    "$RESULTS/"
	[ -f "$RUN/etc/plugstack.conf" ] && cp "$RUN/etc/plugstack.conf" "$RESULTS/"
	cat "$RESULTS/up"
}

# ---------------------------------------------------------------- gres
node_state()
{
	sinfo -h -n "$HOST" -o %T | grep -qx "$1"
}

# regres nofile|file: restart slurmd on another gres.conf, for the
# gpu_nofile case (run_jobs.sh runs it when every other job is done).
# "nofile": "Name=gpu Count=1", a GPU with no File= for the devices cgroup
# to allow; waits for slurmctld to mark the node INVALID_REG (Slurm
# 22.05.8 drops a GPU with no File).  "file": the stage's own gres.conf
# again; waits until the node registered, resumes it, waits for idle.
# slurmstepds outlive the restarts.
regres()
{
	local pid
	case $1 in
	nofile)	echo "Name=gpu Count=1" >"$RUN/etc/gres.conf" ;;
	file)	echo "Name=gpu File=$FAKE_GPU" >"$RUN/etc/gres.conf" ;;
	*)	echo "usage: cluster.sh gres nofile|file" >&2; exit 2 ;;
	esac
	pid=$(cat "$RUN/pids/slurmd" 2>/dev/null)
	[ -n "$pid" ] && stop_pid slurmd "$pid"
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && die "slurmd $pid did not stop"
	rm -f "$RUN/pids/slurmd.pid"
	start_daemon slurmd
	if [ "$1" = nofile ]; then
		wait_for 30 "node INVALID_REG" node_state inval ||
		    die "node $HOST did not become invalid on: $(cat "$RUN/etc/gres.conf")"
		return 0
	fi
	wait_for 30 "node registered" bash -c \
	    "! sinfo -h -n '$HOST' -o %T | grep -qx inval" ||
	    die "node $HOST still invalid with gres.conf restored"
	scontrol update NodeName="$HOST" State=RESUME
	wait_for 30 "node idle after resume" node_idle ||
	    die "node $HOST not idle after gres.conf was restored"
}

# dbd stop|start: stop slurmdbd (by its pid), or start it again and wait
# until it answers; for the dbd_down case (run_jobs.sh), whose job fails
# while accounting is away.  slurmctld queues the job's records meanwhile.
dbd()
{
	case $1 in
	stop)	stop_pid slurmdbd "$(cat "$RUN/pids/slurmdbd")"
		! kill -0 "$(cat "$RUN/pids/slurmdbd")" 2>/dev/null ||
		    die "slurmdbd did not stop" ;;
	start)	rm -f "$RUN/pids/slurmdbd.pid"
		start_daemon slurmdbd
		wait_for 30 "slurmdbd rpc" sacctmgr -n list cluster ||
		    die "slurmdbd does not answer after its restart" ;;
	*)	echo "usage: cluster.sh dbd stop|start" >&2; exit 2 ;;
	esac
}

# ---------------------------------------------------------------- down
stop_pid()
{
	local name=$1 pid=$2 i
	kill -0 "$pid" 2>/dev/null || return 0
	log "stopping $name (pid $pid)"
	kill -TERM "$pid" 2>/dev/null
	for i in $(seq 1 75); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.2
	done
	log "$name $pid ignored SIGTERM for 15 s: SIGKILL"
	kill -KILL "$pid" 2>/dev/null
	sleep 0.2
}

stop_steps()
{
	local p
	# slurmstepd outlives slurmd; "up" refused to start beside any
	# Slurm daemon it did not own, so these are this run's.
	for p in $(pgrep -x slurmstepd); do
		echo "$p" >>"$RUN/pids/slurmstepd"
		stop_pid slurmstepd "$p"
	done
}

remove_cgroups()
{
	local d
	for d in /sys/fs/cgroup/*/slurm_"$HOST" /sys/fs/cgroup/*/slurm \
	    /sys/fs/cgroup/slurm_"$HOST" /sys/fs/cgroup/system.slice/slurmstepd.scope \
	    /sys/fs/cgroup/system.slice/"$HOST"_slurmstepd.scope; do
		[ -d "$d" ] || continue
		find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null
		[ -d "$d" ] && log "could not remove cgroup $d"
	done
}

down_quiet()
{
	local n pid
	if [ -s "$RUN/pids/slurmctld" ]; then
		scancel --full -u "$JOBUSER" 2>/dev/null
		scancel --full -u root 2>/dev/null
	fi
	# slurmd first, then its steps, then the services they talk to
	for n in slurmd slurmctld; do
		[ -s "$RUN/pids/$n" ] && stop_pid "$n" "$(cat "$RUN/pids/$n")"
	done
	stop_steps
	for n in slurmdbd mariadbd munged; do
		[ -s "$RUN/pids/$n" ] && stop_pid "$n" "$(cat "$RUN/pids/$n")"
	done
	remove_cgroups
	remove_fake_gpu
	[ -z "$CHROOT" ] ||
	    OOMTRAIL_INTEG_CHROOT=$CHROOT bash "$HERE/chroot.sh" umount
}

leftovers()
{
	local f p
	for f in "$RUN"/pids/slurmd "$RUN"/pids/slurmctld "$RUN"/pids/slurmdbd \
	    "$RUN"/pids/mariadbd "$RUN"/pids/munged "$RUN"/pids/slurmstepd; do
		[ -s "$f" ] || continue
		for p in $(cat "$f"); do
			kill -0 "$p" 2>/dev/null && echo "${f##*/}:$p"
		done
	done
	pgrep -x slurmstepd | sed 's/^/slurmstepd:/'
}

down()
{
	local left
	mkdir -p "$RESULTS"
	# "up" skipped: whatever runs in $RUN is not this run's to stop
	[ -s "$RESULTS/skip" ] && { echo "SKIP: $(cat "$RESULTS/skip")"; exit "$SKIP_RC"; }
	if [ ! -d "$RUN/pids" ]; then
		[ -z "$CHROOT" ] ||
		    OOMTRAIL_INTEG_CHROOT=$CHROOT bash "$HERE/chroot.sh" umount
		echo "nothing to stop"
		exit 0
	fi
	[ -e "$RESULTS/failed" ] && dump_logs
	down_quiet
	phase stopped
	left=$(leftovers)
	mkdir -p "$RESULTS/logs"
	cp "$RUN"/log/* "$RESULTS/logs/" 2>/dev/null
	if [ -n "$left" ]; then
		log "still alive after cleanup: $left"
		exit 1
	fi
	rm -rf "$RUN"
	echo "cluster down; logs kept in $RESULTS/logs"
}

MODE=${1:-}
case $MODE in
up)	up ;;
down)	down ;;
gres)	regres "${2:-}" ;;
dbd)	dbd "${2:-}" ;;
*)	echo "usage: cluster.sh up|down|gres nofile|file|dbd stop|start" >&2; exit 2 ;;
esac
