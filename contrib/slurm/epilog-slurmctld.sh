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
#
# It never blocks slurmctld: the collector runs in its own session
# (setsid; slurmctld kills the script's process group when the script
# ends, so a plain "&" would not survive), and this script returns at
# once. At most OOMTRAIL_MAX_RUNNING collectors run at a time (flock
# slots); the others wait for a slot up to OOMTRAIL_QUEUE_WAIT seconds,
# then give up with a log line. It always exits 0.
#
# Settings (environment, or edit the defaults):
#   OOMTRAIL_COLLECT      the collector          (/usr/local/bin/oomtrail-collect)
#   OOMTRAIL_OUTPUT       bundle directory       (/var/spool/oomtrail); %j and
#                         %n as in epilog.sh; SlurmUser must be able to write it
#   OOMTRAIL_KEEP, OOMTRAIL_KEEP_BYTES   spool limits as in epilog.sh (200, 2G)
#   OOMTRAIL_JOB_DEADLINE how long the collector may wait for final
#                         accounting, in seconds (600)
#   OOMTRAIL_MAX_RUNNING  collectors at a time   (4)
#   OOMTRAIL_QUEUE_WAIT   seconds to wait for a slot (900)
#   OOMTRAIL_STATE        its log and slot locks (/var/spool/oomtrail-ctld;
#                         log: epilog-slurmctld.log, moved to .1 past 1 MiB)
#   OOMTRAIL_ALWAYS       1: collect every job (0)

PATH=${PATH:-/usr/sbin:/usr/bin:/sbin:/bin}
export PATH
collect=${OOMTRAIL_COLLECT:-/usr/local/bin/oomtrail-collect}
out=${OOMTRAIL_OUTPUT:-/var/spool/oomtrail}
keep=${OOMTRAIL_KEEP-200}
keep_bytes=${OOMTRAIL_KEEP_BYTES-2G}
deadline=${OOMTRAIL_JOB_DEADLINE:-600}
max=${OOMTRAIL_MAX_RUNNING:-4}
queue=${OOMTRAIL_QUEUE_WAIT:-900}
state=${OOMTRAIL_STATE:-/var/spool/oomtrail-ctld}
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
	case "${SLURM_JOB_NODELIST:-}" in
	''|'(null)')	return ;;
	esac
	for v in "${SLURM_JOB_EXIT_CODE:-0}" "${SLURM_JOB_DERIVED_EC:-0}"; do
		if is_number "$v" && [ "$v" -ne 0 ]; then
			echo "failed (exit ${SLURM_JOB_EXIT_CODE2:-${SLURM_JOB_EXIT_CODE:-?}}, derived ${SLURM_JOB_DERIVED_EC:-?})"
			return
		fi
	done
}

# The detached part: wait for a free slot, run the collector in it.
run() {
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
	    tmo="timeout -k 5 $((deadline + 30))"
	if ! command -v flock >/dev/null 2>&1; then
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
	if [ "${1:-}" = --detached ]; then
		exec >/dev/null	# tells the parent this is its own session now
		run
		return 0
	fi
	why=$(failure)
	[ -n "$why" ] || return 0
	if [ -f "$log" ] && [ "$(wc -c <"$log" 2>/dev/null || echo 0)" -gt 1048576 ]; then
		mv -f "$log" "$log.1" 2>/dev/null
	fi
	if ! command -v setsid >/dev/null 2>&1; then
		note "$why; setsid not found, not collecting"
		return 0
	fi
	note "$why; starting the job-scope collector"
	# Return only once the child has its own session: slurmctld kills
	# this script's process group when it ends, and a child started with
	# "&" is in that group until setsid has run.  setsid -f forks and its
	# parent exits at once; the substitution ends when the child, in its
	# new session, closes its standard output.
	: "$(setsid -f sh "$0" --detached </dev/null 2>/dev/null)"
}

main "$@" || :
exit 0
