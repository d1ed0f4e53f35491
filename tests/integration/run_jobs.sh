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
CASES="$CASES cpu_hungry gpu_gres gpu_nogres"
CASES="$CASES leak"
# Needs both CPUs: submitted last, so that it waits for the time-limit
# job without holding back the others.
CASES="$CASES cpu_narrow"
# Collected by root while they run (the "operator" hook, below).
OPERATOR_CASES="cpu_hungry gpu_gres gpu_nogres cpu_narrow"
# Run alone on a slurmd restarted with another gres.conf (nofile, below).
LATE_CASES="gpu_nofile"
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

SPANKLOG=$RUN/bundles/spank/oomtrail-spank.log

# spank_done: every collector the SPANK plugin started has logged how it
# ended (it runs detached; the hook waits for it at most wait= seconds).
spank_done()
{
	[ -f "$SPANKLOG" ] || return 0
	[ "$(grep -c ' started ' "$SPANKLOG")" = \
	    "$(grep -Ec ' (collector|fork|supervisor) ' "$SPANKLOG")" ]
}

# keep_spank: the plugin writes every job's bundle into one directory;
# give each job its own, like the other hooks, with a collect.status
# taken from the plugin's log ("rc=N", or the line that says what failed).
keep_spank()
{
	local c id d st
	[ -d "$RUN/bundles/spank" ] || return 0
	cp "$SPANKLOG" "$RESULTS/bundles/spank.log" 2>/dev/null
	for c in $CASES; do
		id=$(job_id "$c")
		[ -n "$id" ] || continue
		d=$RESULTS/bundles/spank/$id
		mkdir -p "$d"
		cp "$RUN"/bundles/spank/oomtrail-*-"$id"-*.tar.zst "$d/" 2>/dev/null
		grep "job=$id " "$SPANKLOG" >"$d/spank.log" 2>/dev/null
		# the collection's own end: the first exit line of the task
		# that started it (a watcher's lines, "(watch)", interleave)
		st=$(awk '/ started / && !/\(watch\)$/ && !t {
			t = substr($0, 1, index($0, " started ") - 1); next }
		    t != "" && index($0, t " collector exit=") == 1 {
			sub(/.* collector exit=/, "rc="); print; exit }' \
		    "$d/spank.log")
		[ -n "$st" ] || st=$(grep -v ' started \|collector exit=\|watch' \
		    "$d/spank.log" | head -n 1)
		[ -s "$d/spank.log" ] && echo "${st:-rc=? (no end line)}" >"$d/collect.status"
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
	rm -rf "$RESULTS/bundles/spank"
	keep_spank
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
	[ -f "$RESULTS/bundles/spank.log" ] &&
	    sed 's/^/spank /' "$RESULTS/bundles/spank.log"
	for f in "$RESULTS"/bundles/*/*/collect.status; do
		[ -f "$f" ] && echo "collector ${f#"$RESULTS"/bundles/}: $(cat "$f")"
	done
}

# operator CASE: what an operator does on a node while the job runs:
# oomtrail-collect as root into $RUN/bundles/operator/<job>/.  The job
# (jobs/ready.sh) says when it is ready and waits for "collected".
operator()
{
	local id
	id=$(job_id "$1")
	wait_for "$JOB_TIMEOUT" "$1 to be ready" test -e "$RUN/jobs/$id.ready" ||
	    return 1
	collect_root "$id"
}

# collect_root ID: the operator's collection itself, then tell the job.
collect_root()
{
	local id=$1 dir=$RUN/bundles/operator/$1
	mkdir -p "$dir"
	"$RUN/bin/oomtrail-collect" --job "$id" --output "$dir" --deadline 30 \
	    >"$dir/collect.out" 2>"$dir/collect.err"
	echo "rc=$?" >"$dir/collect.status"
	touch "$RUN/jobs/$id.collected"
}

# started_or_held ID: the job runs and is ready, or it waits for a node
# that is down or drained.
started_or_held()
{
	[ -e "$RUN/jobs/$1.ready" ] ||
	    squeue -h -j "$1" -o %r | grep -q 'DOWN, DRAINED'
}

# nofile: the gpu_nofile case, once every other job and hook is done.
# slurmd restarts on a gres.conf whose GPU has no File=, the job asks
# for it and is collected by root as soon as it runs or is held (22.05.8
# drains the node: it is held, then cancelled), and the stage's
# gres.conf comes back.  What the node and the daemons said meanwhile is
# kept: jobs/gpu_nofile.node, .slurmd.log, .slurmctld.log, .gres.conf.
nofile()
{
	local c=gpu_nofile id t=$(date +%s) d=$RESULTS/jobs/gpu_nofile
	local ld lc
	ld=$(stat -c %s "$RUN/log/slurmd.log")
	lc=$(stat -c %s "$RUN/log/slurmctld.log")
	bash "$HERE/cluster.sh" gres nofile || fail "slurmd on gres.conf without File="
	cp "$RUN/etc/gres.conf" "$d.gres.conf"
	submit "$c"
	id=$(job_id "$c")
	wait_for 30 "$c to start or be held" started_or_held "$id" ||
	    fail "$c neither started nor was held"
	scontrol show node "$(hostname -s)" >"$d.node" 2>&1
	collect_root "$id"
	[ -n "$(squeue -h -j "$id" -t PD)" ] && scancel "$id"
	wait_for 60 "$c to end" job_done "$id" || fail "$c did not end"
	tail -c +$((ld + 1)) "$RUN/log/slurmd.log" >"$d.slurmd.log"
	tail -c +$((lc + 1)) "$RUN/log/slurmctld.log" >"$d.slurmctld.log"
	bash "$HERE/cluster.sh" gres file || fail "slurmd on the stage's gres.conf"
	log "$c done after $(($(date +%s) - t)) s"
}

mkdir -p "$RESULTS/jobs"
t0=$(date +%s)
for c in $CASES; do
	submit "$c"
done
for c in $OPERATOR_CASES; do
	operator "$c" &
done
wait_for "$JOB_TIMEOUT" "all jobs to finish" all_done || fail "jobs did not finish"
wait
log "jobs finished after $(($(date +%s) - t0)) s"
wait_for 60 "every Epilog" epilogs_done || fail "an Epilog never ran"
wait_for 60 "the SPANK plugin's collectors" spank_done ||
    fail "a collector started by the SPANK plugin never ended"
nofile
CASES="$CASES $LATE_CASES"
keep
summary | tee "$RESULTS/measurements.txt"
log "jobs and hooks done after $(($(date +%s) - t0)) s"
