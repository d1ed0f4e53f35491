#!/bin/bash
# epilog_slurmctld.sh: the test cluster's EpilogSlurmctld (slurmctld runs
# it once per job, as SlurmUser).  Records its environment, then runs the
# project's contrib/slurm/epilog-slurmctld.sh as a site installs it: for
# a failed job it starts "oomtrail-collect --scope job" detached, into
# $RUN/bundles/job/<job>/, and returns at once.  Its log
# ($RUN/ctld/epilog-slurmctld.log) says which jobs it started a collector
# for and how each ended; run_jobs.sh waits on it.  Always exits 0.
envdump=$(env | LC_ALL=C sort)	# what slurmctld gave, before anything is set
. "$(dirname "$0")/env"
export SLURM_CONF PATH=/usr/sbin:/usr/bin:/sbin:/bin
job=${SLURM_JOB_ID:-}
[ -n "$job" ] || exit 0
echo "$envdump" >"$RUN/measure/$job.env.epilog_slurmctld"
[ -x "$RUN/contrib/epilog-slurmctld.sh" ] || exit 0
OOMTRAIL_COLLECT=$RUN/bin/oomtrail-collect \
    OOMTRAIL_OUTPUT=$RUN/bundles/job/$job OOMTRAIL_STATE=$RUN/ctld \
    OOMTRAIL_JOB_DEADLINE=$JOB_DEADLINE OOMTRAIL_KEEP=0 OOMTRAIL_KEEP_BYTES=0 \
    "$RUN/contrib/epilog-slurmctld.sh" </dev/null >/dev/null 2>&1
exit 0
