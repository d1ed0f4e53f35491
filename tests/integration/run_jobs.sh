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
# The new deployment's own cases: an array whose last task (it keeps the
# array's id) is OOM-killed.
CASES="$CASES array_oom"
# A limit the job set on itself (ulimit -v): an allocation failure with no
# kernel OOM; and an srun --overlap step that grows until the kernel kills
# another step's process.
CASES="$CASES ulimit overlap"
# Needs both CPUs: submitted last, so that it waits for the time-limit
# job without holding back the others.
CASES="$CASES cpu_narrow"
# Collected by root while they run (the "operator" hook, below).
OPERATOR_CASES="cpu_hungry gpu_gres gpu_nogres cpu_narrow"
# cgroup v2 only (the VM stage, vm.sh): a job filling /dev/shm until its
# memory cgroup OOM-kills the writer, and one that thrashes at its limit
# until its time limit (collected live by root too).
# The VM's NUMA node 1 is small: a job bound to it is OOM-killed by the
# memory policy while its cgroup has room.  Its slow disk: page cache
# waiting on writeback tips a job over its limit.
if [ "$(cgroup_mode)" = v2 ]; then
	CASES="thrash dirty $CASES shm_fill numa_bind"
	OPERATOR_CASES="$OPERATOR_CASES thrash"
fi
# Run alone on a slurmd restarted with another gres.conf (nofile, below),
# and alone while slurmdbd is stopped (dbd_down, below).
LATE_CASES="gpu_nofile dbd_down"
# cgroup v2 VM only: alone near the end (only container after it) with swap on (vm.sh's swap
# disk), a job that swaps its own memory until its time limit.
SWAPDEV=${OOMTRAIL_INTEG_SWAPDEV:-/dev/vde}
[ "$(cgroup_mode)" = v2 ] && [ -b "$SWAPDEV" ] && LATE_CASES="$LATE_CASES swap"
# cgroup v2 VM only, where the guest runs dockerd (vm_guest.sh): alone
# and last, a container the job starts is OOM-killed in dockerd's cgroup,
# outside the job's.
[ "$(cgroup_mode)" = v2 ] && docker image inspect oomtrail/membind >/dev/null 2>&1 &&
    LATE_CASES="container $LATE_CASES"
# A development run of some cases only: OOMTRAIL_INTEG_CASES="a b" (the
# checks of the others then fail: they have no results).
if [ -n "${OOMTRAIL_INTEG_CASES:-}" ]; then
	only() {
		local c out=""
		for c in $1; do
			case " $OOMTRAIL_INTEG_CASES " in *" $c "*) out="$out $c" ;; esac
		done
		echo "${out# }"
	}
	CASES=$(only "$CASES")
	OPERATOR_CASES=$(only "$OPERATOR_CASES")
	LATE_CASES=$(only "$LATE_CASES")
	log "only the cases: $CASES $LATE_CASES"
fi
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
	id=$(as_jobuser "$RUN/jobs" sbatch --parsable "$c.sbatch") ||
	    fail "sbatch $c failed"
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

# task_ids: every job id of the cases (an array's tasks each have their
# own), one per line; kept as $RESULTS/jobs/<case>.ids.
task_ids()
{
	local c id
	for c in $CASES; do
		id=$(job_id "$c")
		[ -n "$id" ] || continue
		if [ ! -s "$RESULTS/jobs/$c.ids" ]; then
			sacct -n -X -P -j "$id" -o JobIDRaw,JobID 2>/dev/null |
			    sort -u >"$RESULTS/jobs/$c.names"
			cut -d'|' -f1 "$RESULTS/jobs/$c.names" >"$RESULTS/jobs/$c.ids"
			[ -s "$RESULTS/jobs/$c.ids" ] || echo "$id" >"$RESULTS/jobs/$c.ids"
		fi
		cat "$RESULTS/jobs/$c.ids"
	done
}

epilogs_done()
{
	local id
	for id in $(task_ids); do
		[ -s "$RUN/bundles/epilog/$id/collect.status" ] || return 1
	done
}

CTLDLOG=$RUN/ctld/epilog-slurmctld.log

# ctld_done [ID]: every job-scope collector the EpilogSlurmctld started
# (for job ID) has ended (its log: "collector exit N" or "gave up"), or
# none can end any more: neither a detached epilog-slurmctld.sh nor a
# job-scope collector is left (check_case.sh then finds no job bundle).
ctld_done()
{
	local id
	[ -f "$CTLDLOG" ] || return 0
	if ! pgrep -f 'epilog-slurmctld.sh --detached' >/dev/null &&
	    ! pgrep -f 'oomtrail-collect --scope job' >/dev/null; then
		sleep 1	# a collector that just ended writes its line
		return 0
	fi
	for id in $(sed -n 's/^[^ ]* job \([0-9]*\): .*starting the job-scope collector$/\1/p' "$CTLDLOG"); do
		[ -z "${1:-}" ] || [ "$id" = "$1" ] || continue
		grep -Eq "^[^ ]* job $id: (collector exit|gave up)" "$CTLDLOG" ||
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
	local c id d st n
	[ -d "$RUN/bundles/spank" ] || return 0
	cp "$SPANKLOG" "$RESULTS/bundles/spank.log" 2>/dev/null
	for id in $(task_ids); do
		d=$RESULTS/bundles/spank/$id
		mkdir -p "$d"
		cp "$RUN"/bundles/spank/oomtrail-*-"$id"-*.tar.zst "$d/" 2>/dev/null
		# an array task's bundle may be named <array>_<task>
		n=$(cat "$RESULTS"/jobs/*.names 2>/dev/null |
		    sed -n "s/^$id|\([0-9]*_[0-9]*\)\$/\1/p")
		[ -z "$n" ] ||
		    cp "$RUN"/bundles/spank/oomtrail-*-"$n"-*.tar.zst "$d/" 2>/dev/null
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
		cp "$RUN/jobs/$c-$id.out" "$RUN"/jobs/"$c-${id}"_*.out \
		    "$RESULTS/jobs/" 2>/dev/null
		sacct -j "$id" --parsable2 \
		    -o JobID,JobName,State,ExitCode,ReqMem,MaxRSS,Start,End,JobIDRaw \
		    >"$RESULTS/jobs/$c.sacct" 2>&1
	done
	cp "$CTLDLOG" "$RESULTS/bundles/ctld.log" 2>/dev/null
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
	for f in "$RESULTS"/bundles/*/*/collect.status \
	    "$RESULTS"/bundles/*/*/epilog.log; do
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
	in_slurm "$RUN/bin/oomtrail-collect" --job "$id" --output "$dir" --deadline "$DEADLINE" \
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

# dbd_down: a job that fails while slurmdbd is stopped.  slurmdbd stops
# when the job is ready; the job then OOMs and ends, its Epilogs run and
# the EpilogSlurmctld starts its job-scope collector, which must wait;
# slurmdbd starts again 10 s after that, and the collector must then
# find the final states.  The moments are kept in jobs/dbd_down.timeline.
dbd_down()
{
	local c=dbd_down id tl=$RESULTS/jobs/dbd_down.timeline
	submit "$c"
	id=$(job_id "$c")
	wait_for 60 "$c to be ready" test -e "$RUN/jobs/$id.ready" ||
	    fail "$c never became ready"
	bash "$HERE/cluster.sh" dbd stop || fail "cannot stop slurmdbd"
	echo "dbd_stopped=$(date +%s.%N)" >"$tl"
	touch "$RUN/jobs/$id.collected"
	wait_for 60 "$c to leave the queue" \
	    bash -c "[ -z \"\$(squeue -h -j $id)\" ]" ||
	    fail "$c did not end while slurmdbd was stopped"
	echo "job_gone=$(date +%s.%N)" >>"$tl"
	wait_for 60 "$c's Epilog" test -s "$RUN/bundles/epilog/$id/collect.status" ||
	    fail "$c: no Epilog while slurmdbd was stopped"
	if [ -x "$RUN/contrib/epilog-slurmctld.sh" ]; then
		wait_for 30 "$c's EpilogSlurmctld" grep -q "job $id: .*starting" "$CTLDLOG" ||
		    log "$c: the EpilogSlurmctld started no collector"
	fi
	sacct -n -P -j "$id" -o JobID,State >"$RESULTS/jobs/$c.sacct-while-down" 2>&1
	sleep 10
	echo "dbd_starting=$(date +%s.%N)" >>"$tl"
	bash "$HERE/cluster.sh" dbd start || fail "cannot start slurmdbd again"
	echo "dbd_started=$(date +%s.%N)" >>"$tl"
	wait_for 120 "$c's accounting" job_done "$id" || fail "$c never final in sacct"
	echo "sacct_final=$(date +%s.%N)" >>"$tl"
	wait_for 150 "$c's job-scope collector" ctld_done "$id" ||
	    log "$c: the job-scope collector did not end in 150 s"
	echo "collector_done=$(date +%s.%N)" >>"$tl"
}

# swap_late: the swap case, alone, with swap on only while it runs (every
# other case's OOM kill depends on there being no swap).
swap_late()
{
	local c=swap id
	swapon "$SWAPDEV" || fail "cannot swapon $SWAPDEV"
	log "swap on: $(swapon --show --noheadings 2>/dev/null | tr -s ' ')"
	submit "$c"
	id=$(job_id "$c")
	operator "$c" &
	wait_for "$JOB_TIMEOUT" "$c to finish" job_done "$id" ||
	    { swapoff "$SWAPDEV"; fail "$c did not finish"; }
	wait
	wait_for 60 "$c's Epilog" test -s "$RUN/bundles/epilog/$id/collect.status" ||
	    log "$c: no Epilog bundle"
	wait_for 60 "the SPANK plugin's collectors" spank_done ||
	    log "$c: a collector started by the SPANK plugin never ended"
	swapoff "$SWAPDEV" || fail "cannot swapoff $SWAPDEV"
}

# container_late: the container case, alone (nothing else's OOM kill
# may pick its container), collected by the Epilog and, as a failed job,
# by the EpilogSlurmctld.
container_late()
{
	local c=container id
	submit "$c"
	id=$(job_id "$c")
	wait_for "$JOB_TIMEOUT" "$c to finish" job_done "$id" ||
	    fail "$c did not finish"
	wait_for 60 "$c's Epilog" test -s "$RUN/bundles/epilog/$id/collect.status" ||
	    log "$c: no Epilog bundle"
	wait_for 150 "$c's job-scope collector" ctld_done "$id" ||
	    log "$c: the job-scope collector did not end in 150 s"
	docker ps -a >"$RESULTS/jobs/$c.docker-ps" 2>&1
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
wait_for 150 "the EpilogSlurmctld's collectors" ctld_done ||
    log "a job-scope collector started by the EpilogSlurmctld did not end in 150 s"
case " $LATE_CASES " in *" gpu_nofile "*) nofile ;; esac
case " $LATE_CASES " in *" dbd_down "*) dbd_down ;; esac
case " $LATE_CASES " in *" swap "*) swap_late ;; esac
# last: its kill is in no job's cgroup, and a job started within the
# analyzer's clock slack of it (10 s) would read it as its own
case " $LATE_CASES " in *" container "*) container_late ;; esac
CASES="$CASES $LATE_CASES"
task_ids >/dev/null
keep
summary | tee "$RESULTS/measurements.txt"
log "jobs and hooks done after $(($(date +%s) - t0)) s"
