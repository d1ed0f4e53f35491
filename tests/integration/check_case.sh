#!/bin/bash
# check_case.sh CASE: the assertions of one integration case.
#
# First that Slurm really produced the scenario (sacct State/ExitCode, the
# job's output file), then, for every bundle the case's hooks wrote: the
# bundle exists and unpacks, its manifest names the job and carries clock
# anchors, the kernel OOM lines (when root collected) and the task-level
# cgroup oom_kill file (when the hook could still see the cgroup, else the
# report's "missing" says so), and the verdict of `oomtrail analyze
# --format json` against the analysis JSON contract.  Checks do not stop at
# the first failure; every result is printed and kept in
# $RESULTS/checks/CASE.txt.  Varying values (MaxRSS, pids, times, failcnt)
# are never compared.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
skip_if_skipped

CASE=${1:?usage: check_case.sh CASE}
OOMTRAIL=${OOMTRAIL:?OOMTRAIL must name the built oomtrail}
ID=$(job_id "$CASE")
[ -n "$ID" ] || die "case $CASE was not submitted"
OUTF=$RESULTS/jobs/$CASE-$ID.out
# array_oom: the case is its OOM-killed task 3 (ID: its own job id;
# TASKNAME: <array>_3), the other tasks are OTHER_IDS
ARRAY_ID="" TASKNAME="" OTHER_IDS=""
if [ "$CASE" = array_oom ]; then
	ARRAY_ID=$ID
	TASKNAME=${ARRAY_ID}_3
	ID=$(sed -n "s/^\([0-9]*\)|${TASKNAME}\$/\1/p" "$RESULTS/jobs/$CASE.names")
	[ -n "$ID" ] || die "array $ARRAY_ID has no task 3 in $RESULTS/jobs/$CASE.names"
	OTHER_IDS=$(grep -v "|${TASKNAME}\$" "$RESULTS/jobs/$CASE.names" | cut -d'|' -f1)
	OUTF=$RESULTS/jobs/$CASE-$TASKNAME.out
fi
SACCT=$RESULTS/jobs/$CASE.sacct
MIB100=104857600
# What differs between the Slurm versions the stage runs (24.11: see the
# README's version table).  slurmstepd's kill line: 22.05 "oom-kill
# event(s)", 24.11 "oom_kill event".  24.11's srun takes the job's
# --cpus-per-task again: srun --exact no longer narrows a step to 1 CPU.
OOMEV='oom-kill event\(s\)'
# The job's --mem (multistep: 300M for the job, 100M for step .1).
REQMEM=$MIB100
case $CASE in
multistep|overlap) REQMEM=314572800 ;;
ulimit)		REQMEM=419430400 ;;
numa_bind)	REQMEM=943718400 ;;
dirty)		REQMEM=268435456 ;;
swap)		REQMEM=157286400 ;;
container)	REQMEM=419430400 ;;
esac
EXACT_CPUS=1
if [ "$SLURMV" = 24.11 ]; then
	OOMEV='oom_kill event'
	EXACT_CPUS=2
fi
NFAIL=0
mkdir -p "$RESULTS/checks" "$RESULTS/analysis" "$RESULTS/unpacked"
REPORT=$RESULTS/checks/$CASE.txt
: >"$REPORT"

# The case table: the hooks whose bundles are checked (the primary, the
# way sites are told to collect this case, first), the hooks whose verdict
# is asserted, and the expected cause.  The Epilog runs the example with
# OOMTRAIL_ALWAYS=1, so every job has an Epilog bundle.  A collector run
# inside a job that is still running (trap, srun) cannot know how the job
# ends, so the verdict of "ok"'s in-job bundle is not asserted.  SPANK is
# the step whose task the SPANK plugin must collect for (it collects once
# per step and node, when a task died by a signal or the step's memory
# cgroup counted an OOM kill), "none" where it must stay quiet.
KILLED=1	# host_oom: the kernel killed a process of the job
case $CASE in
oom_batch)	HOOKS="epilog trap";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch ;;
oom_srun)	HOOKS="trap epilog";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=0 ;;
step_toobig)	HOOKS="trap epilog";	VHOOKS=$HOOKS;	CAUSE=step_creation_failure; SPANK=none ;;
ok)		HOOKS="epilog srun";	VHOOKS=epilog;	CAUSE=no_incident; SPANK=none ;;
timelimit)	HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=time_limit; SPANK=batch ;;
multistep)	HOOKS="srun epilog";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=1 ;;
# The trap's bundle carries the watch series, which rises in a line to
# the limit: the leak itself (CAUSE_<hook> overrides CAUSE for a hook);
# so does SPANK's, whose own watcher (plugstack "watch") sampled the job.
# The Epilog's has no series: a host OOM.
leak)		HOOKS="trap epilog";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch
		CAUSE_trap=memory_leak; CAUSE_spank=memory_leak ;;
# CPU and device evidence: collected by root while the job runs
# ("operator", run_jobs.sh), in the job, and by the Epilog, when the
# job's cgroups are gone (it sees no cpuset: no verdict on cores).
cpu_hungry)	HOOKS="operator srun epilog"; VHOOKS="operator epilog"
		CAUSE=cpu_limited; CAUSE_epilog=no_incident; SPANK=none ;;
# Nothing fails in these: the Epilog sees a completed job; root's bundle,
# taken while it runs with nothing failed, is no_incident too (R-NONE-002:
# it says the job had not yet ended).
gpu_gres|gpu_nogres) HOOKS="operator epilog"; VHOOKS=$HOOKS; CAUSE=no_incident
		SPANK=none ;;
cpu_narrow)	HOOKS="operator epilog"; VHOOKS=$HOOKS
		CAUSE=cpu_limited; CAUSE_epilog=no_incident; SPANK=none
		# 24.11: no step is narrower than the job: nothing to find
		[ "$SLURMV" = 24.11 ] && CAUSE=no_incident ;;
# The new deployment's cases: an array whose last task (it keeps the
# array's id) is OOM-killed, and a job OOM-killed while slurmdbd is
# stopped.  Today's Epilog collects both; the new one (new_checks) too.
array_oom|dbd_down) HOOKS="epilog";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch ;;
# cgroup v2 only (the VM stage): /dev/shm filled until the memory cgroup
# OOM-kills the writer (the kernel's stats say shmem filled the limit),
# and a job thrashing at its limit until its time limit: root's live
# bundle and SPANK's (its watcher's series) show the stall, the Epilog's
# (the cgroup gone, no series) only the time limit.
shm_fill)	HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch ;;
# cgroup v2 VM only (two NUMA nodes, node 1 small): memory bound to node 1
# runs out there; the kernel kills under CONSTRAINT_MEMORY_POLICY while
# the job's cgroup has room (R-HOST-011).
numa_bind)	HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch ;;
# cgroup v2 VM only (a disk throttled to 2 MiB/s): 48 MiB of page cache
# waiting on writeback, then 220 MiB of anon under 256M: the writeback
# tipped the cgroup over.
dirty)		HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=batch ;;
thrash)		HOOKS="operator epilog"; VHOOKS=$HOOKS; CAUSE=memory_stall
		CAUSE_epilog=time_limit; SPANK=batch ;;
# cgroup v2 VM only, alone at the end with swap on: 300 MiB rewritten
# pass after pass under 150M swaps until the time limit: a stall, said
# to be swapping, from root's live bundle and SPANK's series.
swap)		HOOKS="operator epilog"; VHOOKS=$HOOKS; CAUSE=memory_stall
		CAUSE_epilog=time_limit; SPANK=batch ;;
# perl fails under the batch script's own ulimit -v with no kernel OOM:
# host_oom, and from the trap, which still sees the limit, R-HOST-013.
ulimit)		HOOKS="trap epilog";	VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=none
		KILLED=0 ;;
# Step 0 holds 200 MiB of the job's 300M, an srun --overlap step grows
# beside it and the kernel kills step 0's process, the largest: SPANK's
# bundle (its watcher sampled every step) names the step that grew.
overlap)	HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=0 ;;
# cgroup v2 VM only, where dockerd runs: the job's container is OOM-killed
# in dockerd's cgroup (/docker/<id>), outside the job's, whose own
# counters show no kill (KILLED=0); Slurm sees a script that exited 137.
container)	HOOKS="epilog";		VHOOKS=$HOOKS;	CAUSE=host_oom;	SPANK=none
		KILLED=0 ;;
# Never starts on 22.05.8 (the node is drained): root collects it pending.
gpu_nofile)	HOOKS="operator";	VHOOKS=$HOOKS; CAUSE=gpu_access_denied; SPANK=none ;;
*)		die "unknown case $CASE" ;;
esac
SPANK_BUILT=0
grep -qx 'spank=built' "$RESULTS/up" && SPANK_BUILT=1
# The cgroup mode the cluster ran on (cluster.sh's record): v2 keeps
# cpuset and cpu files in the job's one directory, and its devices rules
# are an eBPF program with no file.
CGV=$(sed -n 's/^cgroup=//p' "$RESULTS/up")
# and a v2 step's own cpuset.cpus is empty (Slurm 24.11 writes the CPUs
# at its user/ level): what binds is cpuset.cpus.effective.
CPUSET=cgroup/cpuset CPUS=cpuset.cpus
[ "$CGV" = v2 ] && CPUSET=cgroup CPUS=cpuset.cpus.effective
if [ "$SPANK_BUILT" = 1 ] && [ "$SPANK" != none ]; then
	HOOKS="$HOOKS spank"
	VHOOKS="$VHOOKS spank"
fi

result()
{
	local st=$1
	shift
	printf '%s %s\n' "$st" "$*" | tee -a "$REPORT"
	[ "$st" = PASS ] || NFAIL=$((NFAIL + 1))
}

# ok WHAT CMD...: one check.
ok()
{
	local what=$1
	shift
	if "$@" >/dev/null 2>&1; then result PASS "$what"; else result FAIL "$what"; fi
}

has_line()	{ grep -Eq -- "$2" "$1"; }
# jqt FILE FILTER: FILTER prints exactly "true" (jq -e alone passes on
# an empty file).
jqt()		{ [ -s "$1" ] && [ "$(jq "$2" "$1" 2>&1)" = true ]; }

# ---------------------------------------------------------------- Slurm
scenario()
{
	local j="^$ID\\|$CASE\\|" b="^$ID\\.batch\\|batch\\|"
	case $CASE in
	leak)
		ok "sacct: job OUT_OF_MEMORY" has_line "$SACCT" "${j}OUT_OF_MEMORY\\|"
		ok "watcher ended on the trap's SIGTERM (exit 0)" has_line \
		    "$RESULTS/bundles/trap/$ID/watch.status" '^watch rc=0$' ;;
	oom_batch)
		ok "sacct: job OUT_OF_MEMORY 0:125" has_line "$SACCT" "${j}OUT_OF_MEMORY\\|0:125\\|"
		ok "sacct: batch step OUT_OF_MEMORY" has_line "$SACCT" "${b}OUT_OF_MEMORY\\|"
		ok "output: slurmstepd oom-kill line" has_line "$OUTF" \
		    "slurmstepd-[^:]*: error: Detected [0-9]+ $OOMEV in StepId=$ID\\.batch\\." ;;
	oom_srun)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "sacct: step .0 OUT_OF_MEMORY 0:125" has_line "$SACCT" "^$ID\\.0\\|[^|]*\\|OUT_OF_MEMORY\\|0:125\\|"
		ok "output: srun Out Of Memory" has_line "$OUTF" "srun: error: [^:]*: task 0: Out Of Memory" ;;
	step_toobig)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: step refused" has_line "$OUTF" \
		    "srun: error: Unable to create step for job $ID: Memory required by task is not available" ;;
	ok)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "sacct: no step failed" bash -c "! grep -Eq '\\|(OUT_OF_MEMORY|FAILED|CANCELLED|TIMEOUT)' '$SACCT'" ;;
	timelimit)
		ok "sacct: job TIMEOUT" has_line "$SACCT" "${j}TIMEOUT\\|"
		ok "output: cancelled due to time limit" has_line "$OUTF" \
		    "\\*\\*\\* JOB $ID ON .* CANCELLED AT .* DUE TO TIME LIMIT \\*\\*\\*" ;;
	cpu_hungry)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: 5 threads (4 workers)" has_line "$OUTF" "^Threads:[[:space:]]+5$"
		ok "output: one allowed CPU" has_line "$OUTF" "^Cpus_allowed_list:[[:space:]]+[0-9]+$" ;;
	gpu_gres)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: CUDA_VISIBLE_DEVICES=0" has_line "$OUTF" "^CUDA_VISIBLE_DEVICES=0$"
		ok "output: open allowed (no driver: ENXIO)" has_line "$OUTF" \
		    "^open /dev/nvidia0: No such device or address$" ;;
	cpu_narrow)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: the job's SLURM_CPUS_PER_TASK=2" has_line "$OUTF" '^SLURM_CPUS_PER_TASK=2$'
		ok "output: no SRUN_CPUS_PER_TASK in the job" has_line "$OUTF" '^SRUN_CPUS_PER_TASK=unset$'
		narrow_step plain 2
		narrow_step exact "$EXACT_CPUS"
		narrow_step exact_fix 2 ;;
	gpu_nofile)
		nofile_scenario ;;
	gpu_nogres)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: open denied by the devices cgroup" has_line "$OUTF" \
		    "^open /dev/nvidia0: Operation not permitted$" ;;
	array_oom)
		ok "sacct: task 3 OUT_OF_MEMORY 0:125" has_line "$SACCT" \
		    "^${TASKNAME}\\|$CASE\\|OUT_OF_MEMORY\\|0:125\\|"
		ok "sacct: tasks 1 and 2 COMPLETED 0:0" test "$(grep -Ec \
		    "^${ARRAY_ID}_[12]\\|$CASE\\|COMPLETED\\|0:0\\|" "$SACCT")" = 2
		ok "task 3 kept the array's id ($ARRAY_ID)" test "$ID" = "$ARRAY_ID"
		ok "output: task 3 is job $ID" has_line "$OUTF" \
		    "^array $ARRAY_ID task 3 is job $ID\$" ;;
	dbd_down)
		ok "sacct (after slurmdbd's restart): job OUT_OF_MEMORY 0:125" \
		    has_line "$SACCT" "${j}OUT_OF_MEMORY\\|0:125\\|"
		ok "the job left the queue while slurmdbd was stopped" awk -F= \
		    '{ t[$1] = $2 } END { exit !(t["dbd_stopped"] < t["job_gone"] &&
		    t["job_gone"] < t["dbd_starting"]) }' "$RESULTS/jobs/$CASE.timeline"
		ok "sacct while slurmdbd was stopped had no final state" bash -c \
		    "! grep -Eq '^$ID\\|(OUT_OF_MEMORY|FAILED|COMPLETED)\$' '$RESULTS/jobs/$CASE.sacct-while-down'" ;;
	multistep)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "sacct: step .0 COMPLETED" has_line "$SACCT" "^$ID\\.0\\|[^|]*\\|COMPLETED\\|"
		ok "sacct: step .1 OUT_OF_MEMORY" has_line "$SACCT" "^$ID\\.1\\|[^|]*\\|OUT_OF_MEMORY\\|" ;;
	overlap)
		ok "sacct: step .0 OUT_OF_MEMORY" has_line "$SACCT" "^$ID\\.0\\|[^|]*\\|OUT_OF_MEMORY\\|"
		ok "sacct: step .1 COMPLETED 0:0" has_line "$SACCT" "^$ID\\.1\\|[^|]*\\|COMPLETED\\|0:0\\|"
		ok "output: the grower finished" has_line "$OUTF" '^grower exit status: 0$' ;;
	ulimit)
		ok "sacct: job COMPLETED 0:0" has_line "$SACCT" "${j}COMPLETED\\|0:0\\|"
		ok "output: perl's allocation failed" has_line "$OUTF" '^Out of memory(!$| in perl:)'
		# perl 5.36 exits 1, 5.40 12 (ENOMEM); a kill would be 137
		ok "output: perl exited by itself, not killed" has_line "$OUTF" \
		    '^perl exit status: ([1-9]|[1-9][0-9]|1[0-2][0-9])$' ;;
	dirty)
		ok "sacct: batch step OUT_OF_MEMORY" has_line "$SACCT" "${b}OUT_OF_MEMORY\\|"
		ok "output: 48 MiB or more waited on writeback" has_line "$OUTF" \
		    '^page cache waiting on writeback: (4[89]|[5-9][0-9]|[1-9][0-9][0-9]) MiB$'
		ok "output: membind was killed (exit status 137)" has_line "$OUTF" '^membind exit status: 137$' ;;
	numa_bind)
		# v2's oom_kill counts kills of every kind: Slurm says OOM
		ok "sacct: batch step OUT_OF_MEMORY" has_line "$SACCT" "${b}OUT_OF_MEMORY\\|"
		ok "output: membind was killed (exit status 137)" has_line "$OUTF" '^membind exit status: 137$'
		ok "output: it was killed before the cgroup limit (< 640 MiB touched)" \
		    bash -c "! grep -q '^touched 640 MiB' '$OUTF'" ;;
	shm_fill)
		ok "sacct: batch step OUT_OF_MEMORY" has_line "$SACCT" "${b}OUT_OF_MEMORY\\|"
		ok "output: the writer was killed (exit status 137)" has_line "$OUTF" '^writer exit status: 137$' ;;
	thrash)
		ok "sacct: job TIMEOUT" has_line "$SACCT" "${j}TIMEOUT\\|"
		ok "output: the mapped file re-read 3 times or more" has_line "$OUTF" '^pass [3-9]' ;;
	container)
		# 24.11 in the VM records the script's exit 137 as 9:0
		ok "sacct: job FAILED, no OUT_OF_MEMORY" has_line "$SACCT" "${j}FAILED\\|[1-9][0-9]*:0\\|"
		ok "output: docker run exit status: 137" has_line "$OUTF" '^docker run exit status: 137$'
		ok "output: killed in the container before 200 MiB" has_line "$OUTF" '^touched (16|32|48|64|80|96) MiB$'
		ok "output: ... and never reached 200 MiB" bash -c "! grep -q '^touched 200 MiB' '$OUTF'" ;;
	swap)
		ok "sacct: job TIMEOUT" has_line "$SACCT" "${j}TIMEOUT\\|"
		ok "output: 300 MiB held, rewritten twice or more" has_line "$OUTF" '^pass [2-9]' ;;
	esac
}

# step_of NAME: the id of the cpu_narrow step srun named NAME (sacct).
step_of()
{
	sed -n "s/^$ID\\.\\([0-9]*\\)|$1|.*/\\1/p" "$SACCT" | head -n 1
}

# narrow_step NAME CPUS: the step ran to completion, and Slurm's own
# view of it (scontrol show step, printed by the job while it ran)
# gave it CPUS CPUs.
narrow_step()
{
	ok "sacct: step $1 (.$(step_of "$1")) COMPLETED 0:0" has_line "$SACCT" \
	    "^$ID\\.[0-9]+\\|$1\\|COMPLETED\\|0:0\\|"
	ok "output: scontrol show step: $1 has $2 CPU(s)" has_line "$OUTF" \
	    "^ +Nodes=1 CPUs=$2 Tasks=1 Name=$1 Network="
}

# nofile_scenario: what Slurm said when the GPU had no File=: slurmd
# dropped it, slurmctld drained the node, the job was held and
# cancelled without ever starting.  run_jobs.sh kept the lines.
nofile_scenario()
{
	local d=$RESULTS/jobs/$CASE
	ok "gres.conf of the case: Name=gpu Count=1, no File" has_line "$d.gres.conf" '^Name=gpu Count=1$'
	ok "slurmd.log: file-less GPU removed" has_line "$d.slurmd.log" \
	    '(debug:  Removing|warning: Ignoring) file-less GPU gpu:\(null\) from final GRES list$'
	ok "slurmctld.log: node set INVAL" has_line "$d.slurmctld.log" \
	    'error: Setting node [^ ]+ state to INVAL with reason:gres/gpu count reported lower than configured \(0 < 1\)$'
	ok "scontrol show node: IDLE+DRAIN+INVALID_REG" has_line "$d.node" \
	    '^ +State=IDLE\+DRAIN\+INVALID_REG[+ ]'
	ok "scontrol show node: the reason" has_line "$d.node" \
	    '^ +Reason=gres/gpu count reported lower than configured \(0 < 1\) \[slurm@'
	ok "sacct: job CANCELLED" has_line "$SACCT" "^$ID\\|$CASE\\|CANCELLED"
	ok "sacct: no step ran" bash -c "! grep -Eq '^$ID\\.' '$SACCT'"
	ok "no job output: it never started" bash -c "! test -e '$OUTF'"
}

# ---------------------------------------------------------------- bundle
# kernel_oom DIR: the unpacked bundle holds the kernel's memcg OOM kill of
# one of this job's processes.
kernel_oom()
{
	# numa_bind: the node-wide killer, confined by the memory policy,
	# in the job's task cgroup
	[ "$CASE" = numa_bind ] && {
		grep -rEq "oom-kill:constraint=CONSTRAINT_MEMORY_POLICY,nodemask=1,.*task_memcg=/[^,]*job_$ID[,/]" "$1/kernel" &&
		    grep -rq "Out of memory: Killed process" "$1/kernel"
		return
	}
	grep -rEq "oom-kill:constraint=CONSTRAINT_MEMCG.*oom_memcg=/[^,]*job_$ID[,/]" "$1/kernel" &&
	    grep -rq "Memory cgroup out of memory: Killed process" "$1/kernel"
}

# kernel_refused DIR: the manifest records why no kernel log was kept.
kernel_refused()
{
	jqt "$1/manifest.json" '[.items[]? | select((.path // "") | startswith("kernel/"))
	    | select(.error != null and .error != "")] | length > 0'
}

# docker_kill DIR: the kernel's memcg OOM kill of membind in a cgroup
# dockerd made (/docker/<64 hex>), as an unprivileged uid.
docker_kill()
{
	grep -rEq "oom-kill:constraint=CONSTRAINT_MEMCG,.*oom_memcg=/docker/[0-9a-f]{64},task_memcg=/docker/[0-9a-f]{64},task=membind,pid=[0-9]+,uid=[1-9][0-9]*" "$1/kernel"
}

kernel_oom_or_refused()
{
	kernel_oom "$1" || kernel_refused "$1"
}

# seen_task_oom HOOK: the hook's probe saw a task cgroup with oom_kill 1.
seen_task_oom()
{
	grep -Eqs "^cgroup .*/job_$ID/.*task_[0-9]+ oom_kill=[1-9]" \
	    "$RESULTS/measure/$ID.$1" "$RESULTS/measure/$ID.$1".*
}

# bundle_task_oom DIR [STEPDIR]: the bundle kept a task-level file with
# the kill (of a task of STEPDIR, e.g. step_0, when given).
bundle_task_oom()
{
	local f
	for f in $(find "$1/cgroup" -path "*job_$ID/${2:-*}/*task_*" \
	    \( -name memory.oom_control -o -name memory.events \) 2>/dev/null); do
		grep -Eq '^oom_kill [1-9]' "$f" && return 0
	done
	return 1
}

clocks()
{
	jqt "$1/manifest.json" '(.clocks // {}) | to_entries
	    | (map(select(.key | test("realtime"; "i")) | .value | numbers) | length > 0)
	    and (map(select(.key | test("monotonic"; "i")) | .value | numbers) | length > 0)'
}

bundle_checks()
{
	local hook=$1 dir=$2 b=$3 un=$RESULTS/unpacked/$CASE.$hook
	rm -rf "$un"
	mkdir -p "$un"
	ok "$hook: bundle unpacks with tar --zstd" tar --zstd -xf "$b" -C "$un"
	ok "$hook: manifest names job $ID" jqt "$un/manifest.json" \
	    "((.job.id // .job_id) | tostring) as \$j | \$j == \"$ID\" or \$j == \"${TASKNAME:-$ID}\""
	ok "$hook: manifest has clock anchors (realtime, monotonic)" clocks "$un"
	# Slurm's Epilog has no step and no node-local pids: the collector
	# knows and runs neither (they used to be two failed sources each time)
	[ "$hook" = epilog ] &&
	ok "$hook: no scontrol listpids / show step in the Epilog" jqt "$un/manifest.json" \
	    '[.items[]? | select((.source // "") | test("scontrol (listpids|show step)"))] | length == 0'
	[ "$CASE" = container ] &&
	ok "$hook: kernel memcg kill of membind in dockerd's /docker/<id> captured" \
	    docker_kill "$un"
	case $CAUSE/$KILLED in host_oom/1) ;; *) return ;; esac
	if [ "$hook" = epilog ] || [ "$hook" = spank ]; then
		ok "$hook: kernel memcg OOM kill of job $ID captured" kernel_oom "$un"
	else
		ok "$hook: kernel OOM lines captured, or the manifest says why not" \
		    kernel_oom_or_refused "$un"
	fi
	if [ "$hook" = spank ]; then
		ok "$hook: step_$SPANK task cgroup file with oom_kill 1 kept" \
		    bundle_task_oom "$un" "step_$SPANK"
	elif seen_task_oom "$hook"; then
		ok "$hook: task cgroup file with oom_kill 1 kept (cgroup was present)" \
		    bundle_task_oom "$un"
	else
		ok "$hook: report's missing names the torn-down cgroup" \
		    jqt "$RESULTS/analysis/$CASE.$hook.json" \
		    '[.missing[]? | tostring | select(test("cgroup|memory\\.events|oom_control"; "i"))] | length > 0'
	fi
}

# ---------------------------------------------------------------- cpu, devices
# member UN PATH: a member's contents (the first of a find -path pattern).
member()
{
	local f
	f=$(find "$1" -path "$1/$2" -type f 2>/dev/null | head -n 1)
	[ -n "$f" ] && cat "$f"
}

# member_has UN PATH ERE: the member exists and has a line matching ERE.
member_has()	{ member "$1" "$2" | grep -Eq -- "$3"; }

# spin_row UN ERE: the host/procs.tsv row of the spin process, as
# "threads cpus_allowed" (columns found by the header's names).
spin_row()
{
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	    $col["cmdline"] ~ /spin 4/ { print $col["threads"], $col["cpus_allowed"] }' \
	    "$1/host/procs.tsv" | grep -Eq -- "$2"
}

cpudev_checks()
{
	local hook=$1 un=$2 job="*/job_$ID" dev=gpu/dev-access.txt
	case $CASE in cpu_hungry|gpu_gres|gpu_nogres) ;; *) return ;; esac
	ok "$hook: slurm/cgroup.conf has ConstrainDevices=yes" \
	    member_has "$un" slurm/cgroup.conf '^ConstrainDevices=yes$'
	ok "$hook: slurm/gres.conf names the GPU" \
	    member_has "$un" slurm/gres.conf '^Name=gpu File=/dev/nvidia0$'
	if [ "$hook" = epilog ]; then
		ok "$hook: dev-access skipped: the job's cgroup is gone" \
		    member_has "$un" $dev '^note=the job has no cgroup on this node'
		return
	fi
	ok "$hook: cpuset.cpus of the job: one CPU" \
	    member_has "$un" "$CPUSET$job/$CPUS" '^[0-9]+$'
	if [ "$CGV" = v2 ]; then
		# Slurm's v2 cores are a cpuset too: no CFS quota
		ok "$hook: cpu.max of the job: no quota" \
		    member_has "$un" "cgroup$job/cpu.max" '^max [0-9]+$'
	else
		# Slurm's v1 task/cgroup makes no cpu-controller directory
		# (cores are a cpuset, not a CFS quota): the manifest says so.
		ok "$hook: no cpu cgroup for the job: recorded (no CFS quota)" \
		    jqt "$un/manifest.json" '[.items[]? | select(.path == "cgroup/cpu/")
		    | select((.error // "") | startswith("ENOENT: no cpu cgroup"))] | length == 1'
		# v1 lists a default-allow cgroup as "a *:* rwm", its denials
		# not at all: only the dev-access probe shows them.
		ok "$hook: devices.list of the job" \
		    member_has "$un" "cgroup/devices$job/devices.list" '^a \*:\* rwm$'
	fi
	ok "$hook: host/procs.tsv has threads and cpus_allowed columns" \
	    member_has "$un" host/procs.tsv $'\tthreads\tcpus_allowed$'
	if [ "$hook" = operator ]; then
		ok "$hook: dev-access ran in the job's cgroup" \
		    member_has "$un" $dev '^method=child-in-cgroup$'
		if [ "$CGV" = v2 ]; then
			ok "$hook: dev-access names v2's eBPF device rules" \
			    member_has "$un" $dev '^cgroup_mode=v2 device_rules=ebpf$'
		else
			ok "$hook: dev-access names v1's device rules" \
			    member_has "$un" $dev '^cgroup_mode=v1 device_rules=devices.list$'
		fi
	else
		ok "$hook: dev-access skipped: not root" \
		    member_has "$un" $dev '^note=not root'
	fi
	case $CASE/$hook in
	cpu_hungry/*)
		if [ "$CGV" = v2 ]; then
			ok "$hook: cpu.stat usage_usec of the job > 0" \
			    member_has "$un" "cgroup$job/cpu.stat" '^usage_usec [1-9][0-9]*$'
		else
			ok "$hook: cpuacct.usage of the job > 0" \
			    member_has "$un" "cgroup/cpu*$job/cpuacct.usage" '^[1-9][0-9]*$'
		fi
		ok "$hook: spin: 5 threads on one CPU (procs.tsv)" \
		    spin_row "$un" '^5 [0-9]+$'
		ok "$hook: job-env: OMP_NUM_THREADS=4" \
		    member_has "$un" host/job-env.txt '^OMP_NUM_THREADS=4$' ;;
	gpu_gres/operator)
		ok "$hook: scontrol-job: GRES IDX" \
		    member_has "$un" slurm/scontrol-job.txt 'GRES=gpu:1\(IDX:0\)'
		ok "$hook: job-env: CUDA_VISIBLE_DEVICES=0" \
		    member_has "$un" host/job-env.txt '^CUDA_VISIBLE_DEVICES=0$'
		ok "$hook: dev-access: /dev/nvidia0 allowed (ENXIO: no driver)" \
		    member_has "$un" $dev '^device=/dev/nvidia0 result=ENXIO$' ;;
	gpu_nogres/operator)
		ok "$hook: dev-access: /dev/nvidia0 denied (EPERM)" \
		    member_has "$un" $dev '^device=/dev/nvidia0 result=EPERM$' ;;
	esac
}

# narrow_row UN STEP ERE: the host/procs.tsv rows of spin in STEP, as
# "threads cpus_allowed", one per line; some row matches ERE.
narrow_row()
{
	awk -F'\t' -v s="/job_$ID/$2/" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	    index($col["cgroup"], s) && $col["cmdline"] ~ /spin 2 / {
		print $col["threads"], $col["cpus_allowed"] }' \
	    "$1/host/procs.tsv" | grep -Eq -- "$3"
}

# sacct_ncpus UN NAME N: the bundle's slurm/sacct.txt gives step NAME
# N CPUs (columns found by the header's names).
sacct_ncpus()
{
	awk -F'|' -v n="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	    $col["JobName"] == n && $col["NCPUS"] == c { f = 1 } END { exit !f }' \
	    "$1/slurm/sacct.txt"
}

# narrow_checks HOOK UN: cpu_narrow's members.  Two CPUs for the job,
# one for the step srun --exact ran without SRUN_CPUS_PER_TASK.
narrow_checks()
{
	local hook=$1 un=$2 job="*/job_$ID" s n two='^[0-9]+[-,][0-9]+$'
	ok "$hook: scontrol-job: NumCPUs=2, CPUs/Task=2" \
	    member_has "$un" slurm/scontrol-job.txt 'NumCPUs=2 NumTasks=1 CPUs/Task=2 '
	[ "$hook" = operator ] || return
	ok "$hook: job-env: SLURM_CPUS_PER_TASK=2" \
	    member_has "$un" host/job-env.txt '^SLURM_CPUS_PER_TASK=2$'
	ok "$hook: cpuset.cpus of the job: two CPUs" \
	    member_has "$un" "$CPUSET$job/$CPUS" "$two"
	s=$(step_of exact)
	if [ "$EXACT_CPUS" = 1 ]; then
		ok "$hook: cpuset.cpus of step exact (.$s): one CPU" \
		    member_has "$un" "$CPUSET$job/step_$s/$CPUS" '^[0-9]+$'
		ok "$hook: procs.tsv: spin in step exact: 3 threads on one CPU" \
		    narrow_row "$un" "step_$s" '^3 [0-9]+$'
		ok "$hook: sacct.txt: step exact NCPUS 1" sacct_ncpus "$un" exact 1
		n="plain exact_fix"
	else
		n="plain exact exact_fix"
	fi
	for n in $n; do
		s=$(step_of $n)
		ok "$hook: cpuset.cpus of step $n (.$s): two CPUs" \
		    member_has "$un" "$CPUSET$job/step_$s/$CPUS" "$two"
		ok "$hook: procs.tsv: spin in step $n: 3 threads on two CPUs" \
		    narrow_row "$un" "step_$s" '^3 [0-9]+[-,][0-9]+$'
		ok "$hook: sacct.txt: step $n NCPUS 2" sacct_ncpus "$un" $n 2
	done
}

# nofile_checks HOOK UN: gpu_nofile's members, collected while the job
# was held: the GPU without File= in gres.conf, the node's INVALID_REG
# and its reason, the job PENDING with its GRES request, no cgroup.
nofile_checks()
{
	local hook=$1 un=$2
	ok "$hook: slurm/gres.conf: Name=gpu Count=1" \
	    member_has "$un" slurm/gres.conf '^Name=gpu Count=1$'
	ok "$hook: slurm/cgroup.conf has ConstrainDevices=yes" \
	    member_has "$un" slurm/cgroup.conf '^ConstrainDevices=yes$'
	ok "$hook: scontrol-job: PENDING on a drained node" \
	    member_has "$un" slurm/scontrol-job.txt \
	    'JobState=PENDING Reason=Nodes_required_for_job_are_DOWN,_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions '
	ok "$hook: scontrol-job: TresPerNode=gres:gpu:1 (24.11: gres/gpu:1)" \
	    member_has "$un" slurm/scontrol-job.txt '^ +TresPerNode=gres[:/]gpu:1$'
	ok "$hook: scontrol-node: IDLE+DRAIN+INVALID_REG" \
	    member_has "$un" slurm/scontrol-node.txt '^ +State=IDLE\+DRAIN\+INVALID_REG[+ ]'
	ok "$hook: scontrol-node: gres/gpu count reported lower than configured" \
	    member_has "$un" slurm/scontrol-node.txt \
	    '^ +Reason=gres/gpu count reported lower than configured \(0 < 1\) '
	ok "$hook: dev-access skipped: no cgroup" \
	    member_has "$un" gpu/dev-access.txt '^method=skipped$'
	if [ "$CGV" = v2 ]; then
		ok "$hook: no cgroup for the job: recorded" \
		    jqt "$un/manifest.json" '[.items[]? | select(.path == "cgroup/")
		    | select((.error // "") | startswith("ENOENT: no memory cgroup for job"))] | length == 1'
	else
		ok "$hook: no devices cgroup for the job: recorded" \
		    jqt "$un/manifest.json" '[.items[]? | select(.path == "cgroup/devices/")
		    | select((.error // "") | startswith("ENOENT: no devices cgroup"))] | length == 1'
	fi
}

# ---------------------------------------------------------------- watch
# grew DUMP: the job's usage rose by 50 MiB or more over 10 or more rows.
grew()
{
	awk '/^[0-9]/ { if (n++ == 0) f = $2; if ($2 > m) m = $2 }
	    END { exit !(n >= 10 && m - f >= 52428800) }' "$1"
}

# oom_counted SERIES: some level's oom_kill counter went up.
oom_counted()
{
	local c
	for c in $(sed -n 's/^col \(cg\/[^ ]*\/oom_kill\) .*/\1/p' "$1.cols"); do
		"$OOMTRAIL_SERIES_DUMP" "$1" "$c" | awk '/^[0-9]/ && $2 > 0 { f = 1 } END { exit !f }' &&
		    return 0
	done
	return 1
}

# watch_checks DIR: the unpacked trap bundle's watch/series.txt, read by
# the project's reader (series_dump): no bad record and no dropped tail,
# the job's usage grew toward its 100M limit, and the kill was counted.
watch_checks()
{
	local s=$1/watch/series.txt out=$RESULTS/checks/$CASE.series
	ok "watch: the trap bundle holds watch/series.txt" test -s "$s"
	"${OOMTRAIL_SERIES_DUMP:?}" "$s" >"$out.cols" 2>&1
	"$OOMTRAIL_SERIES_DUMP" "$s" cg/job/current >"$out.current" 2>&1
	cp "$s" "$out" 2>/dev/null
	ok "watch: read with no bad record and no dropped tail" \
	    has_line "$out.cols" '^rows=[0-9]+ cols=[0-9]+ bad=0 dropped_tail=0 '
	ok "watch: header names job $ID" has_line "$out.cols" " job=$ID "
	ok "watch: cg/job/current carries the 100M limit" \
	    has_line "$out.cols" '^col cg/job/current bytes 104857600$'
	ok "watch: cg/job/current grew by 50 MiB or more" grew "$out.current"
	ok "watch: an oom_kill counter went up" oom_counted "$out"
}

# ---------------------------------------------------------------- verdict
# A jq definition of every evidence text the verdict cites.
CITED='def cited: [.verdict.initiating, (.secondary[]?.evidence[]?)]
    | map(select(. != null) | (.text // empty), (.context // empty));
def alltext: cited + [.timeline[]? | .text // empty];
def hostq: .quantities.host
    | if type == "array" then .[]
      elif type == "object" and has("req_mem_bytes") then .
      elif type == "object" then .[] else empty end;'

verdict_checks()
{
	local hook=$1 j=$2 step want
	eval "want=\${CAUSE_$hook:-$CAUSE}"
	ok "$hook: schema oomtrail.analysis/1" jqt "$j" '.schema == "oomtrail.analysis/1"'
	ok "$hook: verdict.cause == $want" jqt "$j" ".verdict.cause == \"$want\""
	case $CASE in
	oom_batch)
		# slurmstepd prints its oom-kill line when the step ends:
		# after the batch script's trap, before the Epilog.
		[ "$hook" = epilog ] &&
		ok "$hook: verdict cites the slurmstepd oom-kill line" jqt "$j" "$CITED
		    alltext | any(test(\"Detected [0-9]+ oom[-_]kill event(\\\\(s\\\\)|s)? in StepId=$ID\\\\.batch\"))"
		case $hook in epilog|spank) true ;; *) false ;; esac &&
		ok "$hook: verdict cites the kernel memcg kill" jqt "$j" "$CITED
		    alltext | any(test(\"CONSTRAINT_MEMCG.*job_$ID[,/]\"))"
		ok "$hook: initiating is the slurmstepd, kernel or cgroup kill" jqt "$j" \
		    '.verdict.initiating.text | test("oom-kill event|CONSTRAINT_MEMCG|Memory cgroup out of memory|OUT_OF_MEMORY|^oom_kill [1-9]")'
		ok "$hook: quantities.host: ReqMem and cgroup limit 100M" jqt "$j" "$CITED
		    [hostq | select(.req_mem_bytes == $MIB100 and .cgroup_limit_bytes == $MIB100)] | length > 0" ;;
	oom_srun|multistep|overlap)
		step=0
		[ "$CASE" = multistep ] && step=1
		ok "$hook: initiating evidence is step .$step" jqt "$j" \
		    ".verdict.initiating | (.text + \"\\n\" + (.context // \"\")) | test(\"StepId=$ID\\\\.$step\\\\b|^$ID\\\\.$step\\\\||job_$ID/step_$step\\\\b\")"
		ok "$hook: quantities.host: ReqMem recorded" jqt "$j" "$CITED
		    [hostq | select(.req_mem_bytes != null)] | length > 0" ;;
	esac
	# The SPANK bundle is taken while the failed step's cgroup exists:
	# its quantities carry that step's own oom_kill count.
	# (dbd_down: no accounting while slurmdbd was stopped, no host rows)
	case $hook/$CAUSE/$CASE in
	spank/host_oom/dbd_down) ;;
	spank/host_oom/*)
		ok "$hook: quantities.host: step $ID.$SPANK has oom_kills >= 1" \
		    jqt "$j" "$CITED [hostq | select((.step == \"$ID.$SPANK\" or
		    .step == \"${TASKNAME:-$ID}.$SPANK\") and (.oom_kills // 0) >= 1)] | length > 0" ;;
	esac
	case $CASE/$want in
	leak/memory_leak)
		ok "$hook: rule R-LEAK-001, a leak series to the 100M limit" \
		    jqt "$j" '.verdict.rule == "R-LEAK-001" and
		    ([.quantities.series[] | select(.shape == "leak" and
		    .limit_bytes == 104857600)] | length == 1)' ;;
	cpu_hungry/cpu_limited)
		ok "$hook: rule R-CPU-003, 4 OpenMP threads on 1 CPU" jqt "$j" \
		    '.verdict.rule == "R-CPU-003" and (.verdict.summary |
		    test("4 OpenMP threads .* cpuset of 1 CPU"))' ;;
	cpu_narrow/cpu_limited)
		ok "$hook: rule R-CPU-001 cites a step's one-CPU cpuset" jqt "$j" \
		    '.verdict.rule == "R-CPU-001" and
		    (.verdict.initiating.source | test("/step_[0-9]+/cpuset"))' ;;
	overlap/host_oom)
		[ "$hook" = spank ] &&
		ok "$hook: the summary names step .1, which grew, and its own --mem" \
		    jqt "$j" "(.verdict.summary | test(\"Step $ID\\\\.1 grew by\")) and
		    (.verdict.next_action | test(\"give step $ID\\\\.1 its own --mem\"))" ;;
	ulimit/host_oom)
		ok "$hook: initiating is perl's allocation failure" jqt "$j" \
		    '.verdict.initiating.text | test("^Out of memory(!$| in perl:)")'
		[ "$hook" = trap ] &&
		ok "$hook: rule R-HOST-013 (the job's own ulimit)" jqt "$j" \
		    '.verdict.rule == "R-HOST-013"' ;;
	dirty/host_oom)
		ok "$hook: the writeback tipped the cgroup over; write slower or faster storage" jqt "$j" \
		    '(.verdict.summary | test("tipped the cgroup over")) and
		    (.verdict.next_action | test("faster or node-local file system"))' ;;
	numa_bind/host_oom)
		ok "$hook: rule R-HOST-011 names the policy and node 1" jqt "$j" \
		    '.verdict.rule == "R-HOST-011" and
		    (.verdict.summary | test("CONSTRAINT_MEMORY_POLICY, nodemask=1"))' ;;
	shm_fill/host_oom)
		ok "$hook: filled_by: shmem (the /dev/shm file)" jqt "$j" \
		    '.verdict.filled_by.part == "shmem"' ;;
	thrash/memory_stall)
		ok "$hook: rule R-HOST-010" jqt "$j" '.verdict.rule == "R-HOST-010"' ;;
	container/host_oom)
		ok "$hook: rule R-HOST-012 names Docker and the container's cgroup" jqt "$j" \
		    '.verdict.rule == "R-HOST-012" and
		    (.verdict.summary | test("Docker container.s memory cgroup \\(/docker/[0-9a-f]{64}\\)"))' ;;
	swap/memory_stall)
		ok "$hook: rule R-HOST-010, swapping hard" jqt "$j" \
		    '.verdict.rule == "R-HOST-010" and (.verdict.summary | test("swapping hard"))' ;;
	gpu_nofile/gpu_access_denied)
		ok "$hook: rule R-GPU-004 cites the drained node" jqt "$j" \
		    '.verdict.rule == "R-GPU-004" and
		    (.verdict.summary | test("count reported lower than configured"))' ;;
	esac
	case $CASE in
	step_toobig)
		ok "$hook: verdict cites the refused step" jqt "$j" "$CITED
		    cited | any(test(\"Memory required by task is not available\"))" ;;
	timelimit)
		ok "$hook: verdict cites the time limit" jqt "$j" "$CITED
		    cited | any(test(\"DUE TO TIME LIMIT|TIMEOUT\"))" ;;
	esac
}

# ---------------------------------------------------------------- spank
# What the SPANK plugin's log says for this job: collected once, for the
# expected step, for the expected reason, and the collector ended well;
# or, where no task failed, that it stayed quiet.
spank_log_checks()
{
	local log=$RESULTS/bundles/spank.log why
	if [ "$SPANK_BUILT" != 1 ]; then
		echo "SKIP spank: $(sed -n 's/^spank=//p' "$RESULTS/up")" | tee -a "$REPORT"
		return
	fi
	# watch: the first task of the job's first step started a watcher
	# (gpu_nofile never starts a task)
	[ "$CASE" = gpu_nofile ] ||
	ok "spank: a watcher was started for the job" has_line "$log" \
	    "^oomtrail-spank: job=$ID step=[a-z0-9]+ task=[0-9]+ started .* \\(watch\\)\$"
	if [ "$SPANK" = none ]; then
		ok "spank: no collection (no task died by a signal or OOM)" \
		    bash -c "! grep 'job=$ID ' '$log' | grep ' started ' |
		    grep -qv '(watch)\$'"
		return
	fi
	case $CASE in
	timelimit|thrash|swap) why='signal=[1-9][0-9]* oom_kill=0' ;;
	oom_batch|leak|array_oom|dbd_down|shm_fill|numa_bind|dirty) why='signal=0 oom_kill=[1-9]' ;;
	*)		why='signal=9 oom_kill=[1-9]' ;;
	esac
	ok "spank: collected for step $SPANK ($why)" has_line "$log" \
	    "^oomtrail-spank: job=$ID step=$SPANK task=[0-9]+ started .*\\($why cgroup=found\\)"
	ok "spank: one collection for the job (once per step and node)" \
	    test "$(grep "job=$ID .* started " "$log" | grep -vc '(watch)$')" = 1
	ok "spank: collector ended with exit 0 or 3" has_line "$log" \
	    "^oomtrail-spank: job=$ID step=$SPANK task=[0-9]+ collector exit=(0|3)\$"
}

check_hook()
{
	local hook=$1 dir=$RESULTS/bundles/$1/$ID b rc j
	j=$RESULTS/analysis/$CASE.$hook.json
	b=$(ls "$dir"/oomtrail-*-"$ID"-*.tar.zst \
	    "$dir"/oomtrail-*-"${TASKNAME:-$ID}"-*.tar.zst 2>/dev/null | head -n 1)
	if [ -z "$b" ]; then
		result FAIL "$hook: no bundle in $dir ($(cat "$dir/collect.status" 2>/dev/null); stderr: $(head -c 300 "$dir/collect.err" 2>/dev/null))"
		return
	fi
	result PASS "$hook: bundle ${b##*/}"
	ok "$hook: collector exit status 0 or 3" has_line "$dir/collect.status" '^rc=(0|3)( |$)'
	"$OOMTRAIL" analyze --format json "$b" >"$j" 2>"$j.stderr"
	rc=$?
	if [ "$rc" = 0 ] || [ "$rc" = 3 ]; then
		result PASS "$hook: oomtrail analyze exit $rc"
	else
		result FAIL "$hook: oomtrail analyze exit $rc: $(head -c 300 "$j.stderr")"
	fi
	bundle_checks "$hook" "$dir" "$b"
	cpudev_checks "$hook" "$RESULTS/unpacked/$CASE.$hook"
	case $CASE in
	cpu_narrow) narrow_checks "$hook" "$RESULTS/unpacked/$CASE.$hook" ;;
	gpu_nofile) nofile_checks "$hook" "$RESULTS/unpacked/$CASE.$hook" ;;
	esac
	case " $VHOOKS " in
	*" $hook "*) verdict_checks "$hook" "$j" ;;
	esac
}

# ---------------------------------------------------------------- together
# Every verdict check below reads one analysis of several bundles.
# no_double_kill J: one kill counted once: no step of the job with more
# than one OOM kill (each case has exactly one).
no_double_kill()
{
	jqt "$1" "$CITED [hostq | .oom_kills // 0] | (max // 0) <= 1"
}

# final_states J: no step left RUNNING or PENDING, and some step final.
final_states()
{
	jqt "$1" "$CITED [hostq | .state // empty] as \$s
	    | (\$s | map(select(test(\"^(RUNNING|PENDING|COMPLETING)\"))) | length == 0)
	    and (\$s | length > 0)"
}

# analyze_together NAME BUNDLE...: one analysis of the bundles; checks
# that a kill is counted once and states are final.
analyze_together()
{
	local name=$1 j=$RESULTS/analysis/$CASE.$1.json rc
	shift
	"$OOMTRAIL" analyze --format json "$@" >"$j" 2>"$j.stderr"
	rc=$?
	if [ "$rc" = 0 ] || [ "$rc" = 3 ]; then
		result PASS "$name: oomtrail analyze of $# bundles together, exit $rc"
	else
		result FAIL "$name: oomtrail analyze of $# bundles exit $rc: $(head -c 300 "$j.stderr")"
		return 1
	fi
}

# bundle_of HOOK [ID]: the hook's bundle of the job, or nothing.
bundle_of()
{
	local id=${2:-$ID} n=${TASKNAME:-$ID}
	[ "$id" = "$ID" ] || n=$id
	ls "$RESULTS/bundles/$1/$id"/oomtrail-*-"$id"-*.tar.zst \
	    "$RESULTS/bundles/$1/$id"/oomtrail-*-"$n"-*.tar.zst 2>/dev/null |
	    head -n 1
}

# snapshot_checks: the bundles one job's hooks took at different moments
# (batch trap, SPANK, Epilog, ...), analysed together, are one node's
# successive snapshots: the case's verdict, its one kill counted once,
# final states, ReqMem from accounting, the kernel log not "missing".
snapshot_checks()
{
	local h b bs="" n=0 j=$RESULTS/analysis/$CASE.together.json
	case $CAUSE in host_oom) ;; *) return ;; esac
	[ "$CASE" = leak ] && return	# the trap's verdict differs (a leak)
	for h in $HOOKS; do
		b=$(bundle_of "$h")
		[ -n "$b" ] || continue
		bs="$bs $b"
		n=$((n + 1))
	done
	[ "$n" -ge 2 ] || return
	echo "together: ${HOOKS// /+}" | tee -a "$REPORT"
	# shellcheck disable=SC2086
	analyze_together together $bs || return
	ok "together: verdict.cause == $CAUSE" jqt "$j" ".verdict.cause == \"$CAUSE\""
	ok "together: one OOM kill counted once (no oom_kills > 1)" no_double_kill "$j"
	# the SPANK bundle saw the step's cgroup: the kill is counted, once
	# (dbd_down: without accounting there are no per-step rows)
	case " $HOOKS /$CASE" in
	*" spank "*/dbd_down) ;;
	*" spank "*)
		ok "together: the failed step's oom_kills is 1" jqt "$j" "$CITED
		    [hostq | select(.oom_kills == 1)] | length > 0" ;;
	esac
	[ "$CASE" = dbd_down ] ||
	ok "together: final states (no RUNNING/PENDING step)" final_states "$j"
	# today's bundles of dbd_down were all taken while slurmdbd was
	# stopped: no final state, no ReqMem (the new deployment's are)
	[ "$CASE" = dbd_down ] ||
	ok "together: ReqMem $REQMEM B, none 0 B" jqt "$j" "$CITED
	    ([hostq | select(.req_mem_bytes == $REQMEM)] | length > 0) and
	    ([hostq | select(.req_mem_bytes == 0)] | length == 0)"
	ok "together: the kernel log is not missing" jqt "$j" \
	    '[.missing[]? | .evidence // "" | select(test("^kernel"))] | length == 0'
}

# new_checks: the new deployment (contrib/slurm/epilog.sh per node with
# --scope node, epilog-slurmctld.sh as EpilogSlurmctld, the SPANK
# plugin's markers) against today's (the "epilog" hook: oomtrail-collect
# --job, scope all, every job): the same verdict from the node and job
# bundles analysed together; no bundle at all where today's says
# no_incident; a node bundle that asked Slurm nothing.
new_checks()
{
	local today nb jb j=$RESULTS/analysis/$CASE.new.json id env_ctld
	if ! grep -qx 'new_deployment=yes' "$RESULTS/up"; then
		echo "SKIP new deployment: contrib/slurm/epilog-slurmctld.sh is not in this tree" | tee -a "$REPORT"
		return
	fi
	today=$(jq -r '.verdict.cause // "none"' "$RESULTS/analysis/$CASE.epilog.json" 2>/dev/null)
	[ -n "$today" ] || today=none
	nb=$(bundle_of node)
	jb=$(bundle_of job)
	echo "new deployment: today's verdict $today; node bundle ${nb:-none}, job bundle ${jb:-none}" | tee -a "$REPORT"
	[ "$CASE" = gpu_nofile ] && return	# never ran: no Epilog
	ok "new: the node Epilog ran and logged its decision" test -s "$RESULTS/bundles/node/$ID/epilog.log"
	ok "new: node Epilog exit 0" has_line "$RESULTS/bundles/node/$ID/collect.status" '^rc=0 '
	case $CASE in
	# nothing failed: nothing collected, by neither side
	ok|gpu_gres|gpu_nogres|cpu_hungry|cpu_narrow)
		ok "new: no node bundle for a job that ended well" test -z "$nb"
		ok "new: no job bundle for a job that ended well" test -z "$jb"
		return ;;
	esac
	ok "new: a node bundle" test -n "$nb"
	# EpilogSlurmctld starts the job scope when its environment shows a
	# failure (exit or derived code not 0); a time-out, or a refused step
	# in a job that exits 0, shows 0:0 there and gets node bundles only.
	env_ctld=$RESULTS/measure/$ID.env.epilog_slurmctld
	if [ ! -s "$env_ctld" ]; then
		ok "new: EpilogSlurmctld's environment recorded" test -s "$env_ctld"
	elif grep -Eq '^SLURM_JOB_(EXIT_CODE|DERIVED_EC)=[1-9]' "$env_ctld"; then
		ok "new: a job bundle (EpilogSlurmctld, --scope job)" test -n "$jb"
	else
		echo "new: slurmctld's environment shows no failure ($(grep -E '^SLURM_JOB_(EXIT_CODE2|DERIVED_EC)=' "$env_ctld" | tr '\n' ' '))" | tee -a "$REPORT"
		ok "new: no job bundle (slurmctld's environment shows no failure)" test -z "$jb"
	fi
	[ -n "$nb$jb" ] || return
	if [ -n "$nb" ]; then
		tar --zstd -xOf "$nb" manifest.json >"$j.node-manifest" 2>/dev/null
		ok "new: node bundle's manifest says scope node" jqt "$j.node-manifest" '.scope == "node"'
		ok "new: node bundle asked Slurm nothing (no sacct/scontrol member)" jqt "$j.node-manifest" \
		    '[.items[]? | .path // "" | select(test("^slurm/(sacct|scontrol|squeue|sstat)"))] | length == 0'
	fi
	if [ -n "$jb" ]; then
		tar --zstd -xOf "$jb" manifest.json >"$j.job-manifest" 2>/dev/null
		ok "new: job bundle's manifest says scope job" jqt "$j.job-manifest" '.scope == "job"'
		tar --zstd -xOf "$jb" slurm/sacct.txt >"$j.job-sacct" 2>/dev/null
		ok "new: job bundle's sacct is final (no RUNNING/PENDING)" bash -c \
		    "[ -s '$j.job-sacct' ] && ! grep -Eq '\\|(RUNNING|PENDING|COMPLETING)\\|' '$j.job-sacct'"
	fi
	# shellcheck disable=SC2086
	analyze_together new $nb $jb || return
	ok "new: verdict.cause == today's ($today)" jqt "$j" ".verdict.cause == \"$today\""
	case $today in
	host_oom)
		[ "$KILLED" = 1 ] &&
		ok "new: one OOM kill counted once" no_double_kill "$j"
		# (no job bundle for a job that COMPLETED 0:0: ulimit)
		[ -n "$jb" ] &&
		ok "new: ReqMem $REQMEM B from the job bundle" jqt "$j" "$CITED
		    [hostq | select(.req_mem_bytes == $REQMEM)] | length > 0"
		ok "new: the kernel log is not missing" jqt "$j" \
		    '[.missing[]? | .evidence // "" | select(test("^kernel"))] | length == 0' ;;
	esac
	[ -n "$jb" ] && ok "new: final states" final_states "$j"
	case $CASE in
	array_oom)
		ok "new: job bundle: array $ARRAY_ID task 3 in the manifest" jqt "$j.job-manifest" \
		    "((.job.array_job_id // .array_job_id) | tostring) == \"$ARRAY_ID\" and
		    ((.job.array_task_id // .array_task_id) | tostring) == \"3\""
		ok "new: job bundle's sacct holds task 3's records only" bash -c \
		    "grep -q '^${TASKNAME}|' '$j.job-sacct' && ! grep -Eq '^${ARRAY_ID}_[12][|.]' '$j.job-sacct'"
		for id in $OTHER_IDS; do
			ok "new: no bundle for task job $id (it ended well)" \
			    test -z "$(bundle_of node "$id")$(bundle_of job "$id")"
		done ;;
	dbd_down)
		ok "new: job bundle's sacct has the job OUT_OF_MEMORY" has_line "$j.job-sacct" \
		    "^$ID\\|.*OUT_OF_MEMORY" ;;
	esac
}

# array_checks: today's Epilog bundle of the task that kept the array's
# id holds that task's records only.
array_checks()
{
	local un=$RESULTS/unpacked/$CASE.epilog
	[ "$CASE" = array_oom ] || return
	ok "epilog: sacct.txt holds task 3's records only" bash -c \
	    "grep -q '^${TASKNAME}|' '$un/slurm/sacct.txt' && ! grep -Eq '^${ARRAY_ID}_[12][|.]' '$un/slurm/sacct.txt'"
}

echo "case $CASE: job $ID, hooks $HOOKS, expected $CAUSE" | tee -a "$REPORT"
scenario
spank_log_checks
for h in $HOOKS; do
	check_hook "$h"
done
array_checks
snapshot_checks
new_checks
[ "$CASE" = leak ] && watch_checks "$RESULTS/unpacked/$CASE.trap"
if [ "$NFAIL" -gt 0 ]; then
	touch "$RESULTS/failed"
	echo "$NFAIL check(s) failed; job output:" >&2
	grep -v '^allocated [0-9]* MiB$' "$OUTF" >&2
	exit 1
fi
echo "all checks passed"
