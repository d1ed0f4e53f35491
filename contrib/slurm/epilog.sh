#!/bin/sh
# Per-node Slurm Epilog for oomtrail-collect (slurm.conf: Epilog=/etc/slurm/
# epilog.d/oomtrail.sh, or call it from your existing epilog). Pair it with
# epilog-slurmctld.sh (EpilogSlurmctld), which fetches the job's accounting
# and controller records once per failed job.
#
# It asks Slurm nothing: no sacct, scontrol or squeue (on a 1,000-node job
# that would be 1,000 queries at once on slurmdbd and slurmctld, and a slow
# slurmdbd would stall every node's Epilog). What the node knows decides,
# in "oomtrail-collect --if-incident": the environment slurmd gives the
# Epilog (a batch script or step that failed: SLURM_JOB_EXIT_CODE or
# SLURM_JOB_DERIVED_EC nonzero), the SPANK plugin's step markers (a task
# that exited nonzero or by a signal, an OOM kill in a step's cgroup),
# kernel OOM lines naming the job's cgroup or processes, GPU faults
# (Xid/NVRM) while it ran. OOMTRAIL_ALWAYS=1 collects every job (testing).
# The collector runs with --scope node: kernel log, cgroups, GPUs, host and
# the job's output files, no Slurm client call. Afterwards the job's
# marker directory (OOMTRAIL_MARKERS/<job>) is removed.
#
# A failing Epilog drains the node, so this script ALWAYS exits 0, whatever
# happens to the collector; and it takes bounded time: the collector's
# --deadline, and "timeout" kills it 15 s after that.
#
# Settings (environment, or edit the defaults):
#   OOMTRAIL_COLLECT     the collector           (/usr/local/bin/oomtrail-collect)
#   OOMTRAIL_OUTPUT      bundle directory        (/var/spool/oomtrail); %j is
#                        the job id (array task: <array>_<task>), %n the
#                        node name: /shared/oomtrail/%j puts all bundles of a
#                        job in one directory
#   OOMTRAIL_KEEP        keep at most this many bundles there (200; 0: no limit)
#   OOMTRAIL_KEEP_BYTES  and at most this much (2G; K, M, G; 0: no limit)
#   OOMTRAIL_DEADLINE    collector deadline in seconds (60)
#   OOMTRAIL_MARKERS     the SPANK plugin's markers= directory (/run/oomtrail)
#   OOMTRAIL_ALWAYS      1: collect every job (0)
#   OOMTRAIL_LOG         this script's log (OUTPUT/epilog.log, or
#                        /var/log/oomtrail-epilog.log when OUTPUT has a %);
#                        past 1 MiB it is moved to LOG.1

PATH=${PATH:-/usr/sbin:/usr/bin:/sbin:/bin}
export PATH
collect=${OOMTRAIL_COLLECT:-/usr/local/bin/oomtrail-collect}
out=${OOMTRAIL_OUTPUT:-/var/spool/oomtrail}
keep=${OOMTRAIL_KEEP-200}
keep_bytes=${OOMTRAIL_KEEP_BYTES-2G}
deadline=${OOMTRAIL_DEADLINE:-60}
markers=${OOMTRAIL_MARKERS:-/run/oomtrail}
case "$out" in
*%*)	log=${OOMTRAIL_LOG:-/var/log/oomtrail-epilog.log} ;;
*)	log=${OOMTRAIL_LOG:-$out/epilog.log} ;;
esac

is_number() {
	case "$1" in
	''|*[!0-9]*)	return 1 ;;
	esac
	return 0
}

# A bounded log: past 1 MiB the old one becomes LOG.1.
open_log() {
	d=$(dirname "$log")
	[ -d "$d" ] || { mkdir -p "$d" && chmod 0700 "$d"; } 2>/dev/null
	if [ -f "$log" ] && [ "$(wc -c <"$log" 2>/dev/null || echo 0)" -gt 1048576 ]; then
		mv -f "$log" "$log.1" 2>/dev/null
	fi
	: >>"$log" 2>/dev/null || log=/dev/null
}

main() {
	job=${SLURM_JOB_ID:-}
	is_number "$job" || return 0
	is_number "$deadline" || deadline=60
	case "$out" in
	*%*)	;;
	*)	[ -d "$out" ] || { mkdir -p "$out" && chmod 0700 "$out"; } \
		    2>/dev/null ;;
	esac
	open_log
	set -- --scope node --job "$job" --output "$out" --deadline "$deadline"
	if [ "${OOMTRAIL_ALWAYS:-0}" = 1 ]; then
		why="OOMTRAIL_ALWAYS=1"
	else
		why="if this node saw an incident (exit ${SLURM_JOB_EXIT_CODE:-?}, derived ${SLURM_JOB_DERIVED_EC:-?})"
		set -- "$@" --if-incident
	fi
	is_number "$keep" && [ "$keep" -gt 0 ] && set -- "$@" --keep "$keep"
	case "$keep_bytes" in
	''|0)	;;
	*)	set -- "$@" --keep-bytes "$keep_bytes" ;;
	esac
	echo "$(date -u +%FT%TZ) job $job: collecting, $why" >>"$log" 2>&1
	tmo=
	command -v timeout >/dev/null 2>&1 &&
	    tmo="timeout -k 5 $((deadline + 15))"
	OOMTRAIL_MARKERS=$markers $tmo "$collect" "$@" </dev/null >>"$log" 2>&1
	echo "$(date -u +%FT%TZ) job $job: collector exit $?" >>"$log" 2>&1
}

main || :
# The markers were for this Epilog only; a symlink is removed, not followed.
case "${SLURM_JOB_ID:-}" in
''|*[!0-9]*)	;;
*)	rm -rf -- "${OOMTRAIL_MARKERS:-/run/oomtrail}/$SLURM_JOB_ID" 2>/dev/null ;;
esac
exit 0
