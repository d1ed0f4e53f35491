#!/bin/bash
# run_jobs.sh: submit every case's job to the running test cluster, wait
# for the jobs and their Epilogs to finish, and keep what they left in
# $RESULTS (job outputs, sacct, bundles, hook measurements).
#
# The time-limit job goes first: Slurm limits are whole minutes, so it is
# the longest, and the other jobs run beside it.  Fails if a job does not
# finish in time or an Epilog never ran; whether the bundles are good is
# for check_case.sh to say.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
skip_if_skipped

CASES="timelimit oom_batch oom_srun step_toobig ok multistep"
JOB_TIMEOUT=${OOMTRAIL_INTEG_JOB_TIMEOUT:-200}

fail()
{
	touch "$RESULTS/failed"
	keep
	squeue -a >&2
	die "$*"
}

submit()
{
	local c=$1 id
	id=$(cd "$RUN/jobs" && runuser -u "$JOBUSER" -- \
	    sbatch --parsable "$c.sbatch") || fail "sbatch $c failed"
	echo "$id" >"$RESULTS/jobs/$c.id"
	log "submitted $c as job $id"
}

all_done()
{
	local c
	for c in $CASES; do
		job_done "$(job_id "$c")" || return 1
	done
}

epilogs_done()
{
	local c
	for c in $CASES; do
		[ -s "$RUN/bundles/epilog/$(job_id "$c")/collect.status" ] ||
		    return 1
	done
}

keep()
{
	local c id
	for c in $CASES; do
		id=$(job_id "$c")
		[ -n "$id" ] || continue
		cp "$RUN/jobs/$c-$id.out" "$RESULTS/jobs/" 2>/dev/null
		sacct -j "$id" --parsable2 \
		    -o JobID,JobName,State,ExitCode,ReqMem,MaxRSS,Start,End \
		    >"$RESULTS/jobs/$c.sacct" 2>&1
	done
	cp -r "$RUN/bundles/." "$RESULTS/bundles/" 2>/dev/null
	cp "$RUN"/measure/* "$RESULTS/measure/" 2>/dev/null
}

# summary: one line per hook measurement, for the README's table
summary()
{
	local f
	for f in "$RESULTS"/measure/*; do
		[ -f "$f" ] || continue
		echo "== ${f##*/}"
		grep -v '^sacct ' "$f"
		grep '^sacct ' "$f" | tr '\n' ' '
		echo
	done
	for f in "$RESULTS"/bundles/*/*/collect.status; do
		[ -f "$f" ] && echo "collector ${f#"$RESULTS"/bundles/}: $(cat "$f")"
	done
}

mkdir -p "$RESULTS/jobs"
t0=$(date +%s)
for c in $CASES; do
	submit "$c"
done
wait_for "$JOB_TIMEOUT" "all jobs to finish" all_done || fail "jobs did not finish"
log "jobs finished after $(($(date +%s) - t0)) s"
wait_for 60 "every Epilog" epilogs_done || fail "an Epilog never ran"
keep
summary | tee "$RESULTS/measurements.txt"
log "jobs and hooks done after $(($(date +%s) - t0)) s"
