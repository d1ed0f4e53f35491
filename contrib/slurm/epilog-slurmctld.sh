#!/bin/sh
# EpilogSlurmctld for oomtrail-collect (slurm.conf: EpilogSlurmctld=/etc/
# slurm/oomtrail-epilog-slurmctld.sh). slurmctld runs it once per job, as
# SlurmUser, when the job ends. For a failed job it starts
#     oomtrail-collect --scope job --job <id>
# detached, which fetches the job's records once for the whole job (sacct,
# scontrol show job/steps/config/nodes of the job), waiting (bounded by
# its --deadline) until accounting shows a final state, so a slow or
# briefly stopped slurmdbd still gives final states. The per-node Epilog
# (epilog.sh) collects each node's evidence with --scope node; analyse the
# job bundle and the node bundles together.
#
# The decision comes from the environment slurmctld gives this script,
# without a Slurm call: the job failed when SLURM_JOB_EXIT_CODE (the batch
# script's wait(2) status) or SLURM_JOB_DERIVED_EC (the highest of its
# steps') is nonzero; a job that never ran on a node (no
# SLURM_JOB_NODELIST) is skipped. OOMTRAIL_ALWAYS=1 collects every job.
# There is no job-state variable (Slurm 22.05 to 24.11), and a job that
# hit its time limit or was cancelled shows exit 0:0 and derived 0 here.
# OOMTRAIL_CHECK_STATE=1 catches those too, at a cost: for every job that
# looks successful the detached part asks "sacct -X -o State" (every 5 s,
# bounded by the deadline) until the state is final, and collects unless
# it is COMPLETED: one or two sacct calls per job, none on the nodes.
#
# It never blocks slurmctld: the collector runs in its own session, and
# this script returns at once. slurmctld kills the script's process group
# when the script ends, so the detached shell must have left it by then:
# it holds the pipe of a command substitution until after setsid(2), and
# the substitution returns only then. At most OOMTRAIL_MAX_RUNNING
# collectors run at a time (flock slots); the others wait for a slot up
# to OOMTRAIL_QUEUE_WAIT seconds, then give up with a log line. It always
# exits 0.
#
# Settings (slurmctld passes none: export them in a wrapper that execs
# this script, or edit the defaults below):
#   OOMTRAIL_COLLECT      the collector          (/usr/local/bin/oomtrail-collect)
#   OOMTRAIL_OUTPUT       bundle directory       (OOMTRAIL_STATE: the nodes'
#                         /var/spool/oomtrail is root's); %j and %n as in
#                         epilog.sh; SlurmUser must be able to write it
#   OOMTRAIL_KEEP, OOMTRAIL_KEEP_BYTES   spool limits as in epilog.sh (200, 2G)
#   OOMTRAIL_JOB_DEADLINE how long the collector may wait for final
#                         accounting, in seconds (600)
#   OOMTRAIL_MAX_RUNNING  collectors at a time   (4)
#   OOMTRAIL_QUEUE_WAIT   seconds to wait for a slot (900)
#   OOMTRAIL_STATE        its log and slot locks (/var/spool/oomtrail-ctld;
#                         log: epilog-slurmctld.log, moved to .1 past 1 MiB);
#                         SlurmUser must be able to create or write it, else
#                         collectors run with no log and no limit
#   OOMTRAIL_CHECK_STATE  1: also ask sacct about jobs that look successful (0)
#   OOMTRAIL_ALWAYS       1: collect every job (0)

PATH=${PATH:-/usr/sbin:/usr/bin:/sbin:/bin}
export PATH
collect=${OOMTRAIL_COLLECT:-/usr/local/bin/oomtrail-collect}
state=${OOMTRAIL_STATE:-/var/spool/oomtrail-ctld}
out=${OOMTRAIL_OUTPUT:-$state}
keep=${OOMTRAIL_KEEP-200}
keep_bytes=${OOMTRAIL_KEEP_BYTES-2G}
deadline=${OOMTRAIL_JOB_DEADLINE:-600}
max=${OOMTRAIL_MAX_RUNNING:-4}
queue=${OOMTRAIL_QUEUE_WAIT:-900}
log=$state/epilog-slurmctld.log

is_number() {
	case "$1" in
	''|*[!0-9]*)	return 1 ;;
	esac
	return 0
}

note() {
	echo "$(date -u +%FT%TZ) job $job: $*" >>"$log" 2>/dev/null
}

# Why the job counts as failed, or nothing.
failure() {
	if [ "${OOMTRAIL_ALWAYS:-0}" = 1 ]; then
		echo "OOMTRAIL_ALWAYS=1"
		return
	fi
	for v in "${SLURM_JOB_EXIT_CODE:-0}" "${SLURM_JOB_DERIVED_EC:-0}"; do
		if is_number "$v" && [ "$v" -ne 0 ]; then
			echo "failed (exit ${SLURM_JOB_EXIT_CODE2:-${SLURM_JOB_EXIT_CODE:-?}}, derived ${SLURM_JOB_DERIVED_EC:-?})"
			return
		fi
	done
}

# The job's final state from accounting (first word: "CANCELLED by 1001"
# is CANCELLED), asked every 5 s until it is final or the deadline has
# passed (then 1).
final_state() {
	give_up=$(($(date +%s) + deadline))
	while :; do
		s=$(sacct -X -n -P -o State -j "$job" 2>/dev/null | head -n 1)
		s=${s%% *}
		case "$s" in
		''|PENDING|RUNNING|REQUEUED|REQUEUE_*|RESIZING|SUSPENDED|\
		COMPLETING|CONFIGURING|SIGNALING|STAGE_OUT|PREEMPTED) ;;
		*)	echo "$s"
			return 0 ;;
		esac
		[ "$(date +%s)" -lt "$give_up" ] || return 1
		sleep 5
	done
}

# The detached part: for a job that looked successful, its final state
# first (OOMTRAIL_CHECK_STATE=1); then wait for a free slot and run the
# collector in it.
run() {
	if [ "$1" = check ]; then
		if ! st=$(final_state); then
			note "accounting not final after ${deadline}s: not collected"
			return
		fi
		case "$st" in
		COMPLETED)
			note "COMPLETED: nothing to collect"
			return ;;
		esac
		note "$st; starting the job-scope collector"
	fi
	set -- --scope job --job "$job" --output "$out" --deadline "$deadline"
	is_number "$keep" && [ "$keep" -gt 0 ] && set -- "$@" --keep "$keep"
	case "$keep_bytes" in
	''|0)	;;
	*)	set -- "$@" --keep-bytes "$keep_bytes" ;;
	esac
	case "$out" in
	*%*)	;;
	*)	[ -d "$out" ] || { mkdir -p "$out" && chmod 0700 "$out"; } \
		    2>/dev/null ;;
	esac
	tmo=
	command -v timeout >/dev/null 2>&1 &&
	    tmo="timeout -k 5 $((deadline + 15))"
	if [ "$slots" = 0 ] || ! command -v flock >/dev/null 2>&1; then
		$tmo "$collect" "$@" </dev/null >>"$log" 2>&1
		note "collector exit $?"
		return
	fi
	give_up=$(($(date +%s) + queue))
	while :; do
		i=1
		while [ "$i" -le "$max" ]; do
			flock -n -E 75 "$state/.slot.$i" $tmo "$collect" "$@" \
			    </dev/null >>"$log" 2>&1
			rc=$?
			if [ "$rc" -ne 75 ]; then
				note "collector exit $rc"
				return
			fi
			i=$((i + 1))
		done
		if [ "$(date +%s)" -ge "$give_up" ]; then
			note "gave up: $max collectors busy for ${queue}s"
			return
		fi
		sleep 2
	done
}

main() {
	job=${SLURM_JOB_ID:-}
	is_number "$job" || return 0
	is_number "$deadline" || deadline=600
	is_number "$max" && [ "$max" -gt 0 ] || max=4
	is_number "$queue" || queue=900
	[ -d "$state" ] || { mkdir -p "$state" && chmod 0700 "$state"; } \
	    2>/dev/null
	slots=1
	if ! [ -d "$state" ] || ! [ -w "$state" ]; then
		# no log and no slots, but still the collection
		log=/dev/null
		slots=0
	fi
	if [ "${1:-}" = --detached ]; then
		exec >/dev/null		# lets the starting script return
		run "${2:-}"
		return 0
	fi
	case "${SLURM_JOB_NODELIST:-}" in
	''|'(null)')	[ "${OOMTRAIL_ALWAYS:-0}" = 1 ] || return 0 ;;
	esac
	why=$(failure)
	if [ -n "$why" ]; then
		mode=failed
	elif [ "${OOMTRAIL_CHECK_STATE:-0}" = 1 ]; then
		mode=check
	else
		return 0
	fi
	if [ -f "$log" ] && [ "$(wc -c <"$log" 2>/dev/null || echo 0)" -gt 1048576 ]; then
		mv -f "$log" "$log.1" 2>/dev/null
	fi
	if ! command -v setsid >/dev/null 2>&1; then
		note "setsid not found, not collecting"
		return 0
	fi
	if [ "$mode" = failed ]; then
		note "$why; starting the job-scope collector"
	else
		note "exit 0:0, derived 0; asking accounting for its final state"
	fi
	# The detached shell holds this substitution's pipe as its stdout
	# until "exec >/dev/null", after setsid(2) (setsid is not a process
	# group leader here, so it calls setsid() itself and execs sh): when
	# $(...) returns, it has left this script's process group.
	started=$(setsid sh "$0" --detached "$mode" </dev/null 2>/dev/null &)
}

main "$@" || :
exit 0
