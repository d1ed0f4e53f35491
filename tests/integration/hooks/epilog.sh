#!/bin/bash
# epilog.sh: the Slurm Epilog of the test cluster (root, once per job).
#
# Records what the hook can see, measures how long accounting takes to show
# every step's final State, and runs the collector the way a site's Epilog
# does: the project's example (contrib/slurm/epilog*.sh, when present),
# else oomtrail-collect directly.  Always exits 0: a failing Epilog drains
# the node.  OOMTRAIL_ALWAYS=1 makes the example collect every job, also
# those that ended COMPLETED, so each case has an Epilog bundle.
. "$(dirname "$0")/env"
export SLURM_CONF PATH=/usr/sbin:/usr/bin:/sbin:/bin
job=$SLURM_JOB_ID
hooks=$(dirname "$0")
"$hooks/probe.sh" epilog

# sacct staleness: seconds from Epilog start until every step is final
# (bounded by 20 s), measured beside the collector, not before it.
(
	t0=$(date +%s.%N)
	for i in $(seq 1 100); do
		st=$(sacct -n -P -j "$job" -o State 2>/dev/null)
		ok=1
		[ -n "$st" ] || ok=0
		for s in $st; do
			case $s in
			PENDING|RUNNING|COMPLETING|REQUEUED|SUSPENDED) ok=0 ;;
			esac
		done
		if [ "$ok" = 1 ]; then
			echo "sacct_final_after=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN{printf "%.2f", a-b}') polls=$i"
			exit 0
		fi
		sleep 0.2
	done
	echo "sacct_final_after=never(20s)"
) >"$RUN/measure/$job.sacct-staleness" 2>&1 &
poller=$!

dir=$RUN/bundles/epilog/$job
mkdir -p "$dir"
ex=$(ls "$RUN"/contrib/epilog*.sh 2>/dev/null | head -n 1)
t0=$(date +%s.%N)
if [ -n "$ex" ]; then
	OOMTRAIL_COLLECT=$RUN/bin/oomtrail-collect OOMTRAIL_OUTPUT=$dir \
	    OOMTRAIL_ALWAYS=1 OOMTRAIL_DEADLINE=30 \
	    "$ex" >"$dir/collect.out" 2>"$dir/collect.err"
else
	"$RUN/bin/oomtrail-collect" --job "$job" --output "$dir" \
	    --deadline 30 >"$dir/collect.out" 2>"$dir/collect.err"
fi
echo "rc=$? seconds=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN{printf "%.2f", a-b}') via=${ex:-direct}" >"$dir/collect.status"
wait "$poller"
exit 0
