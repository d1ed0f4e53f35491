# lib.sh: shared helpers for the real-Slurm integration stage (sourced).
#
# Defines the two directories every script works in, logging, bounded
# waits, the skip protocol and small Slurm helpers.  It starts nothing and
# changes nothing by itself.
#
#   RUN      daemon runtime: configs, state, spool, logs, pid files, the
#            MariaDB datadir, job scripts, user-written bundles.  Must be
#            reachable by the slurm user and the job user, so it lives
#            outside the build tree; removed by "cluster.sh down".
#   RESULTS  what survives the run: bundles, analyses, measurements and the
#            daemons' logs; in the build tree, owned by root.

#   SLURMV   the Slurm the stage runs: 22.05 (Debian 12's packages, on the
#            host) or 24.11 (OOMTRAIL_INTEG_SLURM=24.11: Debian 13's, inside
#            the root chroot.sh builds, $CHROOT, with $RUN bind-mounted at
#            the same path and other ports).  Every Slurm command of the
#            scripts goes through the functions below, which run the
#            chroot's client for 24.11.  Inside the cgroup v2 VM
#            (vm.sh, OOMTRAIL_INTEG_NATIVE=1) 24.11 is the system's own
#            Slurm: no chroot.
SLURMV=${OOMTRAIL_INTEG_SLURM:-22.05}
case $SLURMV in
22.05)	CHROOT=""
	RUN=${OOMTRAIL_INTEG_RUN:-/var/tmp/oomtrail-integ} ;;
24.11)	CHROOT=${OOMTRAIL_INTEG_CHROOT:-/var/cache/oomtrail-integ/trixie-slurm-24.11}
	[ "${OOMTRAIL_INTEG_NATIVE:-0}" = 1 ] && CHROOT=""
	RUN=${OOMTRAIL_INTEG_RUN:-/var/tmp/oomtrail-integ-2411} ;;
*)	echo "OOMTRAIL_INTEG_SLURM: 22.05 or 24.11, not $SLURMV" >&2
	exit 2 ;;
esac
RESULTS=${OOMTRAIL_INTEG_RESULTS:?OOMTRAIL_INTEG_RESULTS must be set}
# The collectors' deadlines (seconds): every hook's, and the job-scope
# collector's of the EpilogSlurmctld; the VM stage raises both.
DEADLINE=${OOMTRAIL_INTEG_DEADLINE:-30}
JOB_DEADLINE=${OOMTRAIL_INTEG_JOB_DEADLINE:-120}
JOBUSER=${OOMTRAIL_INTEG_USER:-oomtrailci}
SKIP_RC=77

export SLURM_CONF=$RUN/etc/slurm.conf
export LC_ALL=C TZ=UTC
export SLURMV CHROOT RUN

# in_slurm CMD...: run CMD where the cluster's Slurm lives: here, or as
# root inside $CHROOT with a clean environment (cwd /).
in_slurm()
{
	if [ -z "$CHROOT" ]; then
		"$@"
		return
	fi
	chroot "$CHROOT" /usr/bin/env -i \
	    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	    HOME=/root LC_ALL=C TZ=UTC SLURM_CONF="$SLURM_CONF" "$@"
}

# as_jobuser DIR CMD...: run CMD as the job user in DIR (sbatch's cwd is
# the job's working directory).
as_jobuser()
{
	local d=$1
	shift
	if [ -z "$CHROOT" ]; then
		(cd "$d" && runuser -u "$JOBUSER" -- "$@")
		return
	fi
	chroot "$CHROOT" /usr/sbin/runuser -u "$JOBUSER" -- /usr/bin/env -i \
	    PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/"$JOBUSER" \
	    USER="$JOBUSER" LC_ALL=C TZ=UTC SLURM_CONF="$SLURM_CONF" \
	    /usr/bin/env -C "$d" "$@"
}

# For 24.11 the Slurm clients are the chroot's; exported, so that the
# `bash -c` of a check sees them too.
if [ -n "$CHROOT" ]; then
	for _c in sacct sacctmgr sbatch scancel scontrol sinfo squeue srun sstat; do
		eval "$_c() { in_slurm $_c \"\$@\"; }"
		export -f "$_c"
	done
	unset _c
	export -f in_slurm
fi

log()
{
	printf '[integ %s] %s\n' "$(date +%T)" "$*" >&2
}

die()
{
	log "FAIL: $*"
	exit 1
}

# skip REASON: record why the stage cannot run here and exit 77.  Every
# later test of the stage reads the record and skips with the same reason.
skip()
{
	mkdir -p "$RESULTS"
	printf '%s\n' "$*" >"$RESULTS/skip"
	echo "SKIP: $*"
	exit "$SKIP_RC"
}

# skip_if_skipped: called first by every test that needs the cluster.
skip_if_skipped()
{
	if [ -s "$RESULTS/skip" ]; then
		echo "SKIP: $(cat "$RESULTS/skip")"
		exit "$SKIP_RC"
	fi
	[ -s "$RESULTS/up" ] || die "cluster was never brought up"
}

# wait_for SECONDS WHAT CMD...: poll CMD every 0.2 s; 1 on timeout.
# Every wait is SLOW times longer (OOMTRAIL_INTEG_SLOW, 1 by default;
# the VM stage's software emulation sets it).
SLOW=${OOMTRAIL_INTEG_SLOW:-1}
wait_for()
{
	local secs=$(($1 * SLOW)) what=$2 end
	shift 2
	end=$(($(date +%s) + secs))
	until "$@" >/dev/null 2>&1; do
		if [ "$(date +%s)" -ge "$end" ]; then
			log "timeout after ${secs}s waiting for $what"
			return 1
		fi
		sleep 0.2
	done
}

# pid_alive PIDFILE COMM: print the pid if it runs COMM.
pid_alive()
{
	local pf=$1 comm=$2 pid
	[ -s "$pf" ] || return 1
	pid=$(tr -dc 0-9 <"$pf")
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null &&
	    [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = "$comm" ] && echo "$pid"
}

# final_state STATE: true when a sacct State is no longer moving.
final_state()
{
	case $1 in
	""|PENDING|RUNNING|REQUEUED|COMPLETING|SUSPENDED|RESIZING|REQUEUE*) return 1 ;;
	esac
	return 0
}

# job_done ID: gone from the queue and every step final in accounting.
job_done()
{
	local st
	[ -z "$(squeue -h -j "$1" 2>/dev/null)" ] || return 1
	st=$(sacct -n -P -j "$1" -o State 2>/dev/null) || return 1
	[ -n "$st" ] || return 1
	for s in $st; do
		final_state "$s" || return 1
	done
}

# job_id CASE: the id a case's job was given ("" if not submitted).
job_id()
{
	cat "$RESULTS/jobs/$1.id" 2>/dev/null
}

# cgroup_mode: v1 when the memory controller is on a v1 hierarchy, v2 when
# /sys/fs/cgroup is unified, "" when neither offers memory.
cgroup_mode()
{
	if [ -f /sys/fs/cgroup/cgroup.controllers ]; then
		grep -qw memory /sys/fs/cgroup/cgroup.controllers && echo v2
	elif [ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ]; then
		echo v1
	fi
}
