#!/bin/bash
# probe.sh HOOK: record what one hook can still see of the job's memory
# cgroups and of its accounting, at the moment the hook runs.
#
# Writes $RUN/measure/<job>.<HOOK>[.<step>]: the time, the caller's uid, one
# line per memory cgroup of the job (path, oom_kill count, failcnt, limit)
# or "cgroup absent", then sacct's JobID|State lines.  Reads only; never
# fails the hook that calls it.
. "$(dirname "$0")/env"
export SLURM_CONF PATH=/usr/sbin:/usr/bin:/sbin:/bin
hook=$1
job=${SLURM_JOB_ID:-${SLURM_JOBID:-}}
[ -n "$job" ] || exit 0
out=$RUN/measure/$job.$hook${SLURM_STEP_ID:+.$SLURM_STEP_ID}

v1_line()
{
	local d=$1 kill fail lim
	kill=$(sed -n 's/^oom_kill //p' "$d/memory.oom_control" 2>/dev/null)
	fail=$(cat "$d/memory.failcnt" 2>/dev/null)
	lim=$(cat "$d/memory.limit_in_bytes" 2>/dev/null)
	echo "cgroup ${d#/sys/fs/cgroup/} oom_kill=${kill:-?} failcnt=${fail:-?} limit=${lim:-?}"
}

v2_line()
{
	local d=$1 kill
	kill=$(sed -n 's/^oom_kill //p' "$d/memory.events" 2>/dev/null)
	echo "cgroup ${d#/sys/fs/cgroup/} oom_kill=${kill:-?} max=$(cat "$d/memory.max" 2>/dev/null)"
}

{
	echo "hook=$hook job=$job step=${SLURM_STEP_ID:-} uid=$(id -u) t=$(date +%s.%N)"
	found=0
	for top in $(find /sys/fs/cgroup/memory /sys/fs/cgroup/system.slice \
	    -maxdepth 4 -type d -name "job_$job" 2>/dev/null); do
		for d in $(find "$top" -type d 2>/dev/null); do
			found=1
			if [ -f "$d/memory.oom_control" ]; then
				v1_line "$d"
			else
				v2_line "$d"
			fi
		done
	done
	[ "$found" = 1 ] || echo "cgroup absent"
	sacct -n -P -j "$job" -o JobID,State 2>&1 | sed 's/^/sacct /'
} >"$out" 2>&1
exit 0
