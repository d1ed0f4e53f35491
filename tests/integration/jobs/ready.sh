# ready.sh: sourced by the jobs an operator collects while they run.
#
# ready_and_wait: tell run_jobs.sh (root) the job is ready to be
# collected ($SLURM_SUBMIT_DIR/<job>.ready), then wait at most 180 s for
# its <job>.collected.  try_open DEV: open DEV for reading, print the
# outcome ("open DEV: ok" or the error text).

ready_and_wait()
{
	local i
	touch "$SLURM_SUBMIT_DIR/$SLURM_JOB_ID.ready"
	for i in $(seq 1 900); do
		[ -e "$SLURM_SUBMIT_DIR/$SLURM_JOB_ID.collected" ] && return 0
		sleep 0.2
	done
	echo "job $SLURM_JOB_ID: not collected within 180 s"
}

try_open()
{
	perl -e 'if (open(my $f, "<", $ARGV[0])) { print "open $ARGV[0]: ok\n" }
	    else { print "open $ARGV[0]: $!\n" }' "$1"
}
