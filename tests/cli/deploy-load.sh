#!/bin/sh
# cli.deploy_load: the Slurm client calls the recommended deployment makes
# for one failed job on N nodes (issue 16, item 4), and the contrib/slurm
# scripts' promises (exit 0, bounded time, markers removed, detached).
#
# Every Slurm client (sacct scontrol squeue sstat sinfo srun sacctmgr) is a
# wrapper on PATH that logs its invocation and then runs the faithful fake
# of tests/fakes/bin (real Slurm captures) where there is one. For N = 1
# and N = 64 the deployment runs as Slurm would run it: the per-node
# Epilog (contrib/slurm/epilog.sh) once per node, each with that node's
# Epilog environment and SPANK marker directory, then the EpilogSlurmctld
# (contrib/slurm/epilog-slurmctld.sh) once, whose detached job-scope
# collector is waited for. Asserted: no Slurm call at all from the
# per-node Epilogs, and the same small, nonzero number of calls per job
# for N = 1 and N = 64. The counts are printed (README, "Running the
# collector on a cluster").
#
# For N = 1 the job bundle and the node bundle, analysed together, give
# the capture's verdict (host_oom).
#
#   sh deploy-load.sh OOMTRAIL-COLLECT OOMTRAIL SOURCE_DIR
set -u
usage="usage: deploy-load.sh OOMTRAIL-COLLECT OOMTRAIL SOURCE_DIR"
collect=${1:?$usage}
oomtrail=${2:?$usage}
src=${3:?$usage}
fail=0
work=$(mktemp -d "${TMPDIR:-/tmp}/oomtrail-deploy.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
bad() {
	echo "FAIL: $*"
	fail=1
}

# ./wrap: the logging Slurm clients, plus the node tools' fakes (not
# Slurm, not counted); ./sys: the few system tools the scripts, the fakes
# and the collector use. Nothing else is on PATH, so a Slurm client the
# test does not know cannot be reached either.
mkdir -p "$work/wrap" "$work/sys"
for c in sacct scontrol squeue sstat sinfo srun sacctmgr; do
	fake=$src/tests/fakes/bin/$c
	{
		echo '#!/bin/sh'
		echo "echo \"$c \$*\" >>\"\${OOMTRAIL_CALL_LOG:?}\""
		# the job's final state alone (FAKE_STATE), as sacct -X -o State
		[ "$c" = sacct ] && echo 'case " $* " in *" -o State "*)
	[ -n "${FAKE_STATE:-}" ] && { echo "$FAKE_STATE"; exit 0; } ;; esac'
		if [ -x "$fake" ]; then
			echo "exec '$fake' \"\$@\""
		else
			echo "echo '$c: not in this test' >&2; exit 1"
		fi
	} >"$work/wrap/$c"
	chmod 755 "$work/wrap/$c"
done
for c in dmesg journalctl nvidia-smi; do
	ln -s "$src/tests/fakes/bin/$c" "$work/wrap/$c"
done
for t in sh cat sleep yes dirname mkdir chmod date wc mv rm timeout \
    flock env tr head sed; do
	p=$(command -v "$t") && ln -s "$p" "$work/sys/$t"
done
# setsid 0.2 s late: a script that returns before its detached child has
# left the process group loses the child (see as_slurmctld).
printf '#!/bin/sh\nsleep 0.2\nexec %s "$@"\n' "$(command -v setsid)" \
    >"$work/sys/setsid"
chmod 755 "$work/sys/setsid"
PATHS=$work/wrap:$work/sys
job=3		# the job of the fakes' captures (fixtures/collect)

# A SPANK marker as the plugin writes it (contrib/slurm/spank).
marker() {	# DIR STEP EXITS OOM_KILL
	mkdir -p "$1/$job" && chmod 700 "$1" "$1/$job"
	printf 'format=1\njob=%s\nstep=%s\narray_job_id=\narray_task_id=\n'\
'uid=1001\nnode=%s\nstart=1700000000\nend=1700000100\npids=14962\n'\
'exit=%s\noom_kill=%s\nstdout=\nstderr=\n' "$job" "$2" "$node" "$3" "$4" \
	    >"$1/$job/$2.step"
	chmod 600 "$1/$job/$2.step"
}

# The environment both Epilogs share; the rest is per script.
common_env() {
	echo "PATH=$PATHS TZ=UTC LC_ALL=C SLURM_JOB_ID=$job \
SLURM_JOBID=$job SLURM_JOB_UID=1001 SLURM_JOB_GID=1001 \
SLURM_JOB_USER=user SLURM_CLUSTER_NAME=ci SLURM_JOB_PARTITION=debug \
OOMTRAIL_FAKES=$src/tests/fakes OOMTRAIL_FAKE_FIXTURES=$src/fixtures/collect \
OOMTRAIL_CGROUP_ROOT=$src/fixtures/collect/cgroup-v1 \
OOMTRAIL_PROC_ROOT=$work/proc OOMTRAIL_KMSG=$work/no-kmsg \
OOMTRAIL_COLLECT=$collect"
}
mkdir -p "$work/proc"

# One node's Epilog. $1: the run's directory, $2: node index, $3: the
# job's exit code as Slurm gives it, $4: extra environment.
node_epilog() {
	node=$(printf 'node%03d' "$2")
	m=$1/nodes/$node/markers
	if [ "$2" -eq 1 ]; then
		marker "$m" batch 1 0
		marker "$m" 0 sig9 1		# the OOM kill
	else
		marker "$m" 0 sig9 0		# killed with the step
	fi
	t0=$(date +%s)
	# shellcheck disable=SC2046
	env -i $(common_env) $4 SLURMD_NODENAME="$node" \
	    SLURM_SCRIPT_CONTEXT=epilog_slurmd SLURM_JOB_EXIT_CODE="$3" \
	    SLURM_JOB_EXIT_CODE2="$(($3 >> 8)):$(($3 & 127))" \
	    SLURM_JOB_DERIVED_EC=0 SLURM_JOB_NODELIST="node[001-064]" \
	    OOMTRAIL_CALL_LOG="$1/calls.node" OOMTRAIL_MARKERS="$m" \
	    OOMTRAIL_OUTPUT="$1/spool/%j/%n" OOMTRAIL_DEADLINE=30 \
	    OOMTRAIL_LOG="$1/nodes/$node/epilog.log" \
	    sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || bad "$node: epilog exit $rc"
	[ -e "$m/$job" ] && bad "$node: markers of job $job not removed"
	[ $(($(date +%s) - t0)) -le 60 ] || bad "$node: epilog took over 60 s"
}

# Runs the EpilogSlurmctld as slurmctld does: in its own process group,
# which is killed (SIGTERM, then SIGKILL) as soon as the script returns;
# fails when the script took more than 3 s. Arguments: env assignments.
as_slurmctld() {
	t0=$(date +%s)
	# shellcheck disable=SC2016
	env -i "$@" setsid sh -c 'exec sh "$0"' \
	    "$src/contrib/slurm/epilog-slurmctld.sh" >/dev/null 2>&1 &
	pg=$!	# setsid is no group leader here: it execs, same pid
	wait "$pg"
	rc=$?
	kill -TERM "-$pg" 2>/dev/null
	kill -KILL "-$pg" 2>/dev/null
	[ "$rc" -eq 0 ] || bad "epilog-slurmctld exit $rc"
	[ $(($(date +%s) - t0)) -le 3 ] ||
	    bad "epilog-slurmctld did not return at once"
}

# Up to 60 s for the EpilogSlurmctld log in DIR/ctld to say TEXT.
ctld_wait() {	# DIR TEXT
	i=0
	while ! grep -q "$2" "$1/ctld/epilog-slurmctld.log" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -le 60 ] || { bad "EpilogSlurmctld never logged: $2";
		    return 1; }
		sleep 1
	done
}

# The EpilogSlurmctld, then its detached collector, waited for.
ctld_epilog() {	# DIR EXIT_CODE [ENV...]
	d_=$1 ec=$2
	shift 2
	# shellcheck disable=SC2046
	as_slurmctld $(common_env) SLURM_SCRIPT_CONTEXT=epilog_slurmctld \
	    SLURM_JOB_EXIT_CODE="$ec" SLURM_JOB_EXIT_CODE2="$((ec >> 8)):0" \
	    SLURM_JOB_DERIVED_EC=0 SLURM_JOB_NODELIST="node[001-064]" \
	    SLURM_JOB_NAME=train OOMTRAIL_CALL_LOG="$d_/calls.job" \
	    OOMTRAIL_OUTPUT="$d_/spool/%j/%n" OOMTRAIL_JOB_DEADLINE=30 \
	    OOMTRAIL_STATE="$d_/ctld" "$@"
	[ "$ec" -ne 0 ] || return 0
	ctld_wait "$d_" "collector exit"
}

lines() {
	[ -f "$1" ] && wc -l <"$1" | tr -d ' ' || echo 0
}

bundles() {
	find "$1" -name 'oomtrail-*.tar.zst' 2>/dev/null | wc -l | tr -d ' '
}

# One failed job on N nodes: counts the calls of each phase.
run() {	# N
	d=$work/n$1
	mkdir -p "$d"
	i=1
	while [ "$i" -le "$1" ]; do
		node_epilog "$d" "$i" 256 ""
		i=$((i + 1))
	done
	ctld_epilog "$d" 256
	node_calls=$(lines "$d/calls.node")
	job_calls=$(lines "$d/calls.job")
	echo "N=$1: per-node Epilog Slurm calls: $node_calls in all;" \
	    "EpilogSlurmctld: $job_calls per job"
	[ -f "$d/calls.job" ] && sed 's/^/    /' "$d/calls.job"
	[ "$node_calls" -eq 0 ] || { bad "N=$1: per-node Slurm calls:";
	    cat "$d/calls.node"; }
	[ "$job_calls" -gt 0 ] && [ "$job_calls" -le 12 ] ||
	    bad "N=$1: $job_calls calls for the job (want 1..12)"
	b=$(bundles "$d/spool")
	[ "$b" -eq $(($1 + 1)) ] ||
	    bad "N=$1: $b bundles, want $1 node bundles + 1 job bundle"
	eval "calls_$1=$job_calls"
}

# EpilogSlurmctld with a collector that hangs: the script returns at
# once; its detached collector is killed 15 s after its deadline (checked
# at the end, it runs while the counts are taken).
e=$work/edge
mkdir -p "$e"
printf '#!/bin/sh\nexec sleep 300\n' >"$e/hang"
chmod 755 "$e/hang"
as_slurmctld PATH="$PATHS" SLURM_JOB_ID=10 SLURM_JOB_EXIT_CODE=9 \
    SLURM_JOB_NODELIST=node001 OOMTRAIL_STATE="$e/ctld" \
    OOMTRAIL_COLLECT="$e/hang" OOMTRAIL_JOB_DEADLINE=1
grep -q "job 10: failed (exit 9, derived ?); starting" \
    "$e/ctld/epilog-slurmctld.log" || bad "job 10 not started"
# The per-node Epilog with a collector that hangs, in the background.
(
	t0=$(date +%s)
	env -i PATH="$PATHS" SLURM_JOB_ID=$job OOMTRAIL_COLLECT="$e/hang" \
	    OOMTRAIL_OUTPUT="$e/spool-hang" OOMTRAIL_DEADLINE=1 \
	    OOMTRAIL_MARKERS="$e/markers-hang" OOMTRAIL_ALWAYS=1 \
	    sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1
	echo "rc=$? seconds=$(($(date +%s) - t0))" >"$e/hang.result"
) &
hang_epilog=$!

run 1
# shellcheck disable=SC2046
"$oomtrail" analyze $(find "$work/n1/spool" -name 'oomtrail-*.tar.zst') \
    >"$work/n1/analysis.txt" 2>&1
grep -q "^Verdict: host_oom " "$work/n1/analysis.txt" ||
    { bad "N=1: the bundles do not analyse to host_oom:";
    head -20 "$work/n1/analysis.txt"; }
run 64
[ "$calls_1" -eq "$calls_64" ] ||
    bad "calls per job grow with N: $calls_1 for N=1, $calls_64 for N=64"
cmp -s "$work/n1/calls.job" "$work/n64/calls.job" ||
    bad "the job's calls differ between N=1 and N=64"

# A quiet node: its kernel log has no OOM line and no GPU fault (a kernel
# log that cannot be read rules nothing out, so it must be readable).
mkdir -p "$work/quiet"
for c in dmesg journalctl; do
	printf '#!/bin/sh\necho "[    0.000000] Linux version 6.1.0-ci"\n' \
	    >"$work/quiet/$c"
	chmod 755 "$work/quiet/$c"
done

# A job that ended well: nothing from either Epilog on a quiet node
# (--if-incident finds no trouble: markers say exit 0, a clean kernel log).
d=$work/ok
mkdir -p "$d"
node=node001
marker "$d/nodes/$node/markers" batch 0 0
# shellcheck disable=SC2046
env -i $(common_env) PATH="$work/quiet:$PATHS" \
    SLURMD_NODENAME=$node SLURM_JOB_EXIT_CODE=0 SLURM_JOB_DERIVED_EC=0 \
    OOMTRAIL_CALL_LOG="$d/calls.node" \
    OOMTRAIL_MARKERS="$d/nodes/$node/markers" \
    OOMTRAIL_OUTPUT="$d/spool/%j/%n" OOMTRAIL_LOG="$d/epilog.log" \
    sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1 ||
    bad "quiet node: epilog exit $?"
ctld_epilog "$d" 0
[ "$(bundles "$d/spool")" -eq 0 ] || bad "a bundle for a job that ended well"
[ "$(lines "$d/calls.node")" -eq 0 ] && [ "$(lines "$d/calls.job")" -eq 0 ] ||
    bad "Slurm calls for a job that ended well"
grep -q "collecting, if this node saw an incident" "$d/epilog.log" ||
    bad "quiet node: the Epilog did not ask --if-incident"
[ -e "$d/nodes/$node/markers/$job" ] && bad "quiet node: markers left"

# The same job and quiet node, exit 0, but the SPANK marker says a step
# was OOM-killed: --if-incident collects this node.
d=$work/oomstep
mkdir -p "$d"
marker "$d/markers" 0 0 1
# shellcheck disable=SC2046
env -i $(common_env) PATH="$work/quiet:$PATHS" \
    SLURMD_NODENAME=$node SLURM_JOB_EXIT_CODE=0 SLURM_JOB_DERIVED_EC=0 \
    OOMTRAIL_CALL_LOG="$d/calls.node" OOMTRAIL_MARKERS="$d/markers" \
    OOMTRAIL_OUTPUT="$d/spool" OOMTRAIL_LOG="$d/epilog.log" \
    sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1 ||
    bad "marker node: epilog exit $?"
[ "$(bundles "$d/spool")" -eq 1 ] ||
    bad "marker node: an OOM kill in the marker gave no bundle"
[ "$(lines "$d/calls.node")" -eq 0 ] || bad "marker node: Slurm calls"

# A job that hit its time limit looks successful to the EpilogSlurmctld
# (exit 0:0, derived 0: no state variable). OOMTRAIL_CHECK_STATE=1 asks
# sacct for the final state: TIMEOUT is collected (one sacct more than a
# failed job), COMPLETED costs that one sacct and nothing else; without
# it, nothing is asked.
d=$work/timeout
mkdir -p "$d"
ctld_epilog "$d" 0 OOMTRAIL_CHECK_STATE=1 FAKE_STATE=TIMEOUT
ctld_wait "$d" "collector exit"
[ "$(lines "$d/calls.job")" -eq $((calls_1 + 1)) ] ||
    bad "TIMEOUT with CHECK_STATE: $(lines "$d/calls.job") calls"
[ "$(bundles "$d/spool")" -eq 1 ] || bad "TIMEOUT: no job bundle"
grep -q "TIMEOUT; starting the job-scope collector" \
    "$d/ctld/epilog-slurmctld.log" || bad "TIMEOUT not logged"
d=$work/completed
mkdir -p "$d"
ctld_epilog "$d" 0 OOMTRAIL_CHECK_STATE=1 FAKE_STATE=COMPLETED
ctld_wait "$d" "COMPLETED: nothing to collect"
[ "$(lines "$d/calls.job")" -eq 1 ] ||
    bad "COMPLETED with CHECK_STATE: $(lines "$d/calls.job") calls"
[ "$(bundles "$d/spool")" -eq 0 ] || bad "COMPLETED: a bundle"
echo "OOMTRAIL_CHECK_STATE=1: $(lines "$work/timeout/calls.job") calls" \
    "for a TIMEOUT job, $(lines "$d/calls.job") for a COMPLETED one"

# The per-node Epilog always exits 0 and is bounded: no job id, a
# missing collector, a failing one, one that hangs (killed after its
# deadline + 15 s; that one waited for at the end).
for c in /nonexistent false; do
	env -i PATH="$PATHS" SLURM_JOB_ID=$job OOMTRAIL_COLLECT="$c" \
	    OOMTRAIL_OUTPUT="$e/spool" OOMTRAIL_MARKERS="$e/markers" \
	    OOMTRAIL_ALWAYS=1 sh "$src/contrib/slurm/epilog.sh" \
	    >/dev/null 2>&1 || bad "collector $c: epilog exit $?"
done
env -i PATH="$PATHS" sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1 ||
    bad "no SLURM_JOB_ID: epilog exit $?"
env -i PATH="$PATHS" SLURM_JOB_ID="3;rm" OOMTRAIL_MARKERS="$e/markers" \
    sh "$src/contrib/slurm/epilog.sh" >/dev/null 2>&1 ||
    bad "bad SLURM_JOB_ID: epilog exit $?"
# EpilogSlurmctld: a pending job cancelled (no nodes) starts nothing.
as_slurmctld PATH="$PATHS" SLURM_JOB_ID=9 SLURM_JOB_EXIT_CODE=15 \
    SLURM_JOB_NODELIST='(null)' OOMTRAIL_STATE="$e/ctld" \
    OOMTRAIL_COLLECT="$e/hang"
grep -q "job 9" "$e/ctld/epilog-slurmctld.log" 2>/dev/null &&
    bad "a job that never ran was collected"
i=0
while ! grep -q "job 10: collector exit 124" "$e/ctld/epilog-slurmctld.log"
do
	i=$((i + 1))
	[ "$i" -le 60 ] || { bad "job 10: hanging collector not ended"; break; }
	sleep 1
done

wait "$hang_epilog"
read -r hang_result <"$e/hang.result"
case "$hang_result" in
"rc=0 seconds="*)
	[ "${hang_result#rc=0 seconds=}" -le 30 ] ||
	    bad "hanging collector: the Epilog took $hang_result" ;;
*)	bad "hanging collector: the Epilog ended with $hang_result" ;;
esac

[ "$fail" -eq 0 ] && echo "deploy-load: all checks passed"
exit "$fail"
