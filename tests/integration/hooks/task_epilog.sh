#!/bin/bash
# task_epilog.sh: Slurm TaskEpilog (runs as the job's user after each task
# of each step).  Records what this hook can see; collects nothing.
"$(dirname "$0")/probe.sh" taskepilog
exit 0
