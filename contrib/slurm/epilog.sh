#!/bin/sh
# Slurm Epilog example for oomtrail-collect (slurm.conf: Epilog=/etc/slurm/
# epilog.d/oomtrail.sh, or call it from your existing epilog).
#
# A failing Epilog drains the node, so this script ALWAYS exits 0,
# whatever happens to sacct or to the collector. It collects only for
# jobs that did not complete (or always with OOMTRAIL_ALWAYS=1). At epilog
# time accounting may lag behind the job's end, so sacct is asked a few
# times before deciding; if it never answers, the job is collected anyway.
#
# Settings (environment, or edit the defaults):
#   OOMTRAIL_COLLECT       the collector     (/usr/local/bin/oomtrail-collect)
#   OOMTRAIL_OUTPUT        bundle directory  (/var/spool/oomtrail)
#   OOMTRAIL_DEADLINE      collector deadline in seconds (60)
#   OOMTRAIL_SACCT_TRIES   sacct attempts (5), OOMTRAIL_SACCT_SLEEP seconds
#                          between them (2)

collect=${OOMTRAIL_COLLECT:-/usr/local/bin/oomtrail-collect}
out=${OOMTRAIL_OUTPUT:-/var/spool/oomtrail}
deadline=${OOMTRAIL_DEADLINE:-60}
tries=${OOMTRAIL_SACCT_TRIES:-5}
pause=${OOMTRAIL_SACCT_SLEEP:-2}

job_state() {
	i=0
	while [ "$i" -lt "$tries" ]; do
		s=$(sacct -j "$SLURM_JOB_ID" --noheader --parsable2 \
		    --format=State 2>/dev/null)
		if [ -n "$s" ]; then
			printf '%s\n' "$s"
			return 0
		fi
		i=$((i + 1))
		[ "$i" -lt "$tries" ] && sleep "$pause"
	done
	return 1
}

main() {
	[ -n "${SLURM_JOB_ID:-}" ] || return 0
	if [ "${OOMTRAIL_ALWAYS:-0}" != 1 ] && state=$(job_state); then
		case "$state" in
		*OUT_OF_MEMORY*|*FAILED*|*CANCELLED*|*TIMEOUT*|*NODE_FAIL*) ;;
		*) return 0 ;;
		esac
	fi
	mkdir -p "$out" && chmod 0700 "$out" || return 0
	"$collect" --job "$SLURM_JOB_ID" --output "$out" \
	    --deadline "$deadline" </dev/null >>"$out/epilog.log" 2>&1
}

main || :
exit 0
