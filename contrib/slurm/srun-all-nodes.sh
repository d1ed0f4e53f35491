#!/bin/sh
# Example: collect a job by hand, from inside its allocation (or with
# --jobid for a running job you own): one "--scope node" collector on each
# node of the job (kernel log, cgroups, GPUs; no Slurm query from the
# nodes), then the job's Slurm records once ("--scope job", here). Each
# node writes its own bundle (the node is in the bundle's name); run
# "oomtrail analyze" over all of them together.
#
#   sh srun-all-nodes.sh JOBID [OUTPUT_DIR]
#
# The job-scope collector waits, bounded by its --deadline
# (OOMTRAIL_DEADLINE, 60 s), for accounting to show a final state: for a
# job that is still running, expect it to take that long.

job=${1:?usage: srun-all-nodes.sh JOBID [OUTPUT_DIR]}
out=${2:-$PWD}
deadline=${OOMTRAIL_DEADLINE:-60}
srun --jobid="$job" --overlap --ntasks-per-node=1 \
    --nodes="$(squeue -h -j "$job" -o %D)" \
    oomtrail-collect --scope node --job "$job" --output "$out" \
    --deadline "$deadline"
rc=$?
oomtrail-collect --scope job --job "$job" --output "$out" \
    --deadline "$deadline" || rc=$?
exit "$rc"
