#!/bin/bash
# epilog.sh: the Slurm Epilog of the test cluster (root, once per job).
#
# Records what the hook can see (its environment, the job's cgroups,
# accounting), measures how long accounting takes to show every step's
# final State, and runs two deployments side by side:
#   "node"   the project's per-node Epilog, contrib/slurm/epilog.sh, as a
#            site installs it (--scope node, deciding from the node's own
#            evidence and the SPANK plugin's markers, no Slurm call), into
#            $RUN/bundles/node/<job>/; skipped while the project has no
#            EpilogSlurmctld script (the new deployment comes as a pair);
#   "epilog" today's deployment: oomtrail-collect --job <job> (scope all,
#            sacct and scontrol included) for every job, into
#            $RUN/bundles/epilog/<job>/.
# Always exits 0: a failing Epilog drains the node.
envdump=$(env | LC_ALL=C sort)	# what slurmd gave, before anything is set
. "$(dirname "$0")/env"
export SLURM_CONF PATH=/usr/sbin:/usr/bin:/sbin:/bin
job=$SLURM_JOB_ID
hooks=$(dirname "$0")
"$hooks/probe.sh" epilog
echo "$envdump" >"$RUN/measure/$job.env.epilog_slurmd"

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

# the new deployment: the per-node Epilog exactly as shipped
if [ -x "$RUN/contrib/epilog-slurmctld.sh" ]; then
	nd=$RUN/bundles/node/$job
	mkdir -p "$nd"
	t0=$(date +%s.%N)
	OOMTRAIL_COLLECT=$RUN/bin/oomtrail-collect OOMTRAIL_OUTPUT=$nd \
	    OOMTRAIL_MARKERS=$RUN/markers OOMTRAIL_DEADLINE=$DEADLINE OOMTRAIL_KEEP=0 \
	    OOMTRAIL_KEEP_BYTES=0 OOMTRAIL_LOG=$nd/epilog.log \
	    "$RUN/contrib/epilog.sh" >"$nd/collect.out" 2>"$nd/collect.err"
	echo "rc=$? seconds=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN{printf "%.2f", a-b}')" >"$nd/collect.status"
fi

# today's deployment
dir=$RUN/bundles/epilog/$job
mkdir -p "$dir"
t0=$(date +%s.%N)
"$RUN/bin/oomtrail-collect" --job "$job" --output "$dir" \
    --deadline "$DEADLINE" >"$dir/collect.out" 2>"$dir/collect.err"
echo "rc=$? seconds=$(awk -v a="$(date +%s.%N)" -v b="$t0" 'BEGIN{printf "%.2f", a-b}') via=direct" >"$dir/collect.status"
wait "$poller"
exit 0
