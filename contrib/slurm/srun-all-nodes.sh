#!/bin/sh
# Example: collect on every node of a job, one collector per node, from
# inside the allocation (or with --jobid for a running job you own). Each
# node writes its own bundle (the host is in the bundle's name); run
# "oomtrail analyze" over all of them together.
#
#   sh srun-all-nodes.sh JOBID [OUTPUT_DIR]

job=${1:?usage: srun-all-nodes.sh JOBID [OUTPUT_DIR]}
out=${2:-$PWD}
exec srun --jobid="$job" --overlap --ntasks-per-node=1 \
    --nodes="$(squeue -h -j "$job" -o %D)" \
    oomtrail-collect --job "$job" --output "$out" --deadline 60
