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
set -uo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"

SRC=${OOMTRAIL_SRC:-$(cd "$HERE/../.." && pwd)}
COLLECT=${OOMTRAIL_COLLECT:-}
SPANK=${OOMTRAIL_SPANK:-}
HOST=$(hostname -s)
DBPORT=${OOMTRAIL_INTEG_DBPORT:-13306}
DBPASS=oomtrail-integ
CLUSTER=oomtrailci
FAKE_GPU=/dev/nvidia0
PKGS="slurmctld slurmd slurmdbd slurm-client munge mariadb-server jq"

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
	rm -rf "$RUN"
	install -d -m 0755 "$RUN" "$RUN/etc" "$RUN/bin" "$RUN/hooks"
	install -d -m 0755 -o slurm -g slurm "$RUN/pids" "$RUN/log" \
	    "$RUN/state"
	install -d -m 0700 "$RUN/spool"
	install -d -m 1777 "$RUN/measure"
	install -d -m 0755 -o "$JOBUSER" "$RUN/jobs" "$RUN/bundles"
	install -m 0755 "$COLLECT" "$RUN/bin/oomtrail-collect"
	install -m 0755 "$HERE"/hooks/*.sh "$RUN/hooks/"
	install -m 0755 "$HERE"/jobs/* "$RUN/jobs/"
	if ls "$SRC"/contrib/slurm/epilog*.sh >/dev/null 2>&1; then
		install -d -m 0755 "$RUN/contrib"
		install -m 0755 "$SRC"/contrib/slurm/epilog*.sh "$RUN/contrib/"
	fi
	if [ -n "$SPANK" ] && [ -f "$SPANK" ]; then
		install -d -m 0755 "$RUN/lib"
		install -m 0755 "$SPANK" "$RUN/lib/oomtrail_spank.so"
		install -d -m 0700 "$RUN/bundles/spank"
	fi
	printf 'RUN=%s\nRESULTS=%s\nSLURM_CONF=%s\n' "$RUN" "$RESULTS" \
	    "$SLURM_CONF" >"$RUN/hooks/env"
	install -d -m 0755 "$RESULTS/bundles" "$RESULTS/measure"
}

start_munge()
{
	local pid
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
	mariadb --socket="$RUN/mysqld/sock" -e 'select 1' >/dev/null 2>&1
}

start_mariadb()
{
	local i rc=1
	install -d -o mysql -g mysql -m 0700 "$RUN/mysql"
	install -d -o mysql -g mysql -m 0755 "$RUN/mysqld"
	mariadb-install-db --user=mysql --datadir="$RUN/mysql" \
	    --auth-root-authentication-method=socket \
	    >"$RUN/log/mariadb-install.out" 2>&1 ||
	    die "mariadb-install-db failed"
	setsid /usr/sbin/mariadbd --no-defaults --user=mysql \
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
	mariadb --socket="$RUN/mysqld/sock" -e "
	    CREATE DATABASE slurm_acct_db;
	    CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY '$DBPASS';
	    GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';" ||
	    die "cannot create the accounting database"
}

write_slurm_conf()
{
	local cpus mem sel first
	read -r cpus mem < <(slurmd -C | sed -n \
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
JobCompType=jobcomp/filetxt
JobCompLoc=$RUN/log/jobcomp.log
SelectType=select/cons_tres
SelectTypeParameters=$sel
Epilog=$RUN/hooks/epilog.sh
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
	    "deadline=30 wait=15 watch" >"$RUN/etc/plugstack.conf"
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
	chown slurm:slurm "$RUN/etc/slurmdbd.conf"
	chmod 0600 "$RUN/etc/slurmdbd.conf"
}

# fake_gpu: the GPU of gres.conf.  Without one, a character node with
# NVIDIA's major and minor (195:0) and no driver behind it: the devices
# cgroup decides who may open it (EPERM for the others), an allowed open
# fails with ENXIO.  Made only when absent; "down" removes only that one.
# Also builds the thread-hungry job's spin (jobs/spin.c).
fake_gpu()
{
	if [ ! -e "$FAKE_GPU" ]; then
		mknod -m 0666 "$FAKE_GPU" c 195 0 || die "cannot mknod $FAKE_GPU"
		echo "$FAKE_GPU" >"$RUN/fake-gpu"
	fi
	cc -O1 -pthread -o "$RUN/jobs/spin" "$RUN/jobs/spin.c" ||
	    die "cannot build jobs/spin.c"
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
	"/usr/sbin/$name" >"$RUN/log/$name.out" 2>&1 </dev/null ||
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
	    /sys/fs/cgroup/slurm_"$HOST" /sys/fs/cgroup/system.slice/slurmstepd.scope; do
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
*)	echo "usage: cluster.sh up|down|gres nofile|file" >&2; exit 2 ;;
esac
