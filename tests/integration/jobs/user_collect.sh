#!/bin/bash
# user_collect.sh HOOK: what a user's batch script or follow-up srun step
# runs: record what the hook sees, then oomtrail-collect for this job into
# $RUN/bundles/HOOK/<job>/.  Always exits 0: the collector's status (3
# when, as here, the user may not read the kernel log) is kept in
# collect.status, not passed on to the job's or step's State.
. "$(dirname "$0")/../hooks/env"
export SLURM_CONF
hook=$1
dir=$RUN/bundles/$hook/$SLURM_JOB_ID
mkdir -p "$dir"
"$RUN/hooks/probe.sh" "$hook"
"$RUN/bin/oomtrail-collect" --job "$SLURM_JOB_ID" --output "$dir" \
    --deadline "$DEADLINE" >"$dir/collect.out" 2>"$dir/collect.err"
rc=$?
echo "rc=$rc" >"$dir/collect.status"
exit 0
