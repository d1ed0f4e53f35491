/*
 * rules_scheduler: the scheduler rows of the decision table (boundary
 * scheduler): the time limit (a banner or the sacct TIMEOUT record) and
 * a cancellation. Each row beside its predicate; rules_table.c assembles
 * every boundary's rows into the one table.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_models.h"
#include "rule_kit.h"
#include "rules.h"
#include "rules_rows.h"

/* Another batch system's own record of its run-time limit. */
static const struct words other_schedulers[] = {
	{ .key = "lsf", .reason = "LSF's own job report of the limit",
	  .detail = "The job reached its run-time (or CPU-time) limit and LSF "
	    "ended it (TERM_RUNLIMIT, TERM_CPULIMIT; exit 140 is that "
	    "signal); any kill was the scheduler's, not memory." },
	{ .key = "aws_host", .reason = "AWS Batch's own status reason",
	  .detail = "AWS Batch reports that the EC2 instance under the job "
	    "was terminated (Spot capacity reclaimed, or the instance "
	    "retired): the job ended with its host, not for its memory.",
	  .next = "Give the job retries (the job definition's retryStrategy) "
	      "or an on-demand compute environment to fall back to, and "
	      "rerun it unchanged." },
	{ .key = "flux", .reason = "Flux's own timeout exception",
	  .detail = "The job reached its time limit and Flux ended it "
	    "('resource allocation expired'); exit codes after it (142 is "
	    "SIGALRM) are that end, not memory." },
	{ .key = "pbs", .reason = "the PBS mom's own line about the limit",
	  .detail = "The job ran past its walltime (or CPU-time) limit and "
	    "PBS killed it; any kill was the scheduler's, not memory." },
	{ .key = "moab", .reason = "Moab's own notice in the job's mail",
	  .detail = "Moab cancelled the job at its walltime (the mail's 'job "
	    "deleted at request of root' is that cancel); any kill was the "
	    "scheduler's, not memory." },
	{ .key = "grid_engine_h_rt", .reason = "Grid Engine's accounting "
	    "record: a limit ended the job, and its wall clock reached the "
	    "h_rt it asked for",
	  .detail = "Grid Engine ended the job at its run-time limit (h_rt): "
	    "the record's 'qmaster enforced h_rt, h_cpu, or h_vmem limit' is "
	    "the time limit here, not memory." },
	{ .key = "grid_engine_round", .reason = "Grid Engine's accounting "
	    "record names a limit without saying which, and the wall clock "
	    "ended seconds after a whole quarter hour, where a run-time "
	    "limit ends a job; the h_rt asked for is not in the record",
	  .detail = "Grid Engine ended the job at a limit ('qmaster enforced "
	    "h_rt, h_cpu, or h_vmem limit') as its wall clock reached a "
	    "round time: the run-time limit (h_rt), not memory; qstat -j or "
	    "the submit line shows the h_rt it ran under." },
	{ .key = "nextflow", .reason = "Nextflow's own report: the task ran "
	    "past the time its process allows",
	  .detail = "Nextflow stopped the task when it ran past its process's "
	    "time directive (its 'time', or a pipeline's max_time when the "
	    "directive asks for more): the workflow's own time limit, not "
	    "memory." },
	{ .key = "exit_140", .reason = "a workflow task ended with status "
	    "140 (128 + SIGUSR2), the signal a run-time limit sends; the "
	    "scheduler's own record of the task would confirm it",
	  .detail = "A workflow task ended with exit status 140, 128 + "
	    "SIGUSR2: the signal LSF sends a job at its run-time limit "
	    "(TERM_RUNLIMIT) and sites have Slurm send ahead of the time "
	    "limit. The task ran out its time; no memory killer sends that "
	    "signal, and the workflow's failure follows from it." },
	{ .key = NULL }
};

static int
m_time_limit(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_TIME_LIMIT];

	if (s == NULL)
		s = f->first[EV_PREEMPTED];
	if (s == NULL)
		return 0;
	m->initiating = s;
	rmatch_support(m, f->timeout_row);
	rmatch_support(m, f->preempt_row);
	if (ev_str_is(s, "what", "app_signal")) {
		struct str	sig = ev_str(s, "signal");
		const char	*what;

		what = sig.p != NULL ? arena_printf(a, "%.*s", (int)sig.n,
		    sig.p) : ev_num_or(s, "signum", -1) > 0 ?
		    arena_printf(a, "signal %" PRId64, ev_num_or(s, "signum",
		    -1)) : "the scheduler's signal";

		rmatch_support(m, f->first[EV_TIME_LIMIT]);
		rmatch_support(m, f->first[EV_CANCELLED]);
		m->confidence = f->timeout_row != NULL ||
		    f->preempt_row != NULL ? "high" : "medium";
		m->confidence_reason = m->confidence[0] == 'h' ? "the job's "
		    "signal handler and Slurm accounting agree" : "the job's "
		    "own signal handler reports the scheduler's time-limit or "
		    "pre-emption signal; sacct State would confirm which";
		m->detail = s->kind == EV_TIME_LIMIT ? "The job's signal "
		    "handler reports that the job ran out its time limit and "
		    "stopped or requeued it; later task exits and cancel "
		    "banners follow from that, not from a failure." :
		    arena_printf(a, "The job's signal handler caught %s, which "
		    "Slurm sends before the time limit (--signal) or on "
		    "pre-emption, then checkpointed and requeued or stopped "
		    "the job; later task exits and cancel banners follow from "
		    "that, not from a failure.", what);
		return 1;
	}
	if (ev_str_is(s, "what", "planned_exit")) {
		rmatch_support(m, f->first[EV_CANCELLED]);
		m->confidence = "medium";
		m->confidence_reason = "the training program's own line: it "
		    "stopped itself at the run time (or iteration) it was "
		    "given";
		m->detail = "The training program stopped itself at the run "
		    "time or iteration it was given (Megatron's "
		    "--exit-duration-in-mins, --exit-interval), ahead of the "
		    "scheduler's limit and after saving a checkpoint: the job "
		    "ended on time as planned; nothing failed, and the next "
		    "job of the chain resumes from the checkpoint.";
		return 1;
	}
	m->confidence = "high";
	m->confidence_reason = "Slurm's own cancellation banner";
	m->detail = s->kind == EV_PREEMPTED ? "Slurm pre-empted the job; any "
	    "SIGKILL was the scheduler's." : "The job reached its time limit "
	    "and Slurm ended it; any SIGKILL was the scheduler's.";
	kit_words_apply(kit_words(other_schedulers, s, "what"), m);
	if (ev_str_is(s, "what", "grid_engine_round"))
		m->confidence = "medium";
	if (ev_str_is(s, "what", "exit_140"))
		m->confidence = "low";
	else if (ev_str_is(s, "what", "nextflow"))
		m->confidence = "medium";
	return 1;
}

static int
m_cancelled(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->first[EV_CANCELLED];

	/* slurmstepd prints the same banner when it kills a step for
	 * memory (OverMemoryKill): then the memory line decides. */
	if (s == NULL || f->first[EV_STEPD_MEMLIMIT] != NULL ||
	    f->first[EV_SRUN_EXCEEDED] != NULL ||
	    f->first[EV_STEPD_OOM] != NULL || f->kernel_memcg != NULL)
		return 0;
	/* A step's banner with no one named after a task of it ended
	 * abnormally: srun ended the step because the task failed (its
	 * "Terminating StepId"), nobody cancelled it. */
	if (ev_str_is(s, "what", "STEP") && ev_field(s, "uid") == NULL &&
	    kit_after_task_failure(f, s))
		return 0;
	m->initiating = s;
	m->confidence = "medium";
	m->confidence_reason = "a cancellation banner; who cancelled is in "
	    "the line";
	m->detail = "The job was cancelled (scancel), not killed for memory.";
	return 1;
}

static int
m_timeout_record(const struct facts *f, struct arena *a, struct rmatch *m)
{
	const struct event	*s = f->timeout_row ? f->timeout_row :
				    f->preempt_row;

	if (s == NULL)
		return 0;
	m->initiating = s;
	m->confidence = "high";
	m->confidence_reason = "Slurm accounting records the state";
	m->detail = s == f->timeout_row ? "Slurm accounting records TIMEOUT: "
	    "the job reached its time limit." : "Slurm accounting records "
	    "PREEMPTED.";
	return 1;
}

/* The scheduler rows, in id order; rules_table.c merges them into
 * the one view. */
const struct rule	rules_scheduler[] = {
	{ .id = "R-SCHED-001", .cause = "time_limit", .boundary = "scheduler",
	  .rclass = RC_INCIDENT,
	  .seeds = "S000 references 'time-limit failures'",
	  .signals = "'*** JOB N ON host CANCELLED AT … DUE TO TIME LIMIT ***' "
	      "or '… DUE TO PREEMPTION', or the job's own handler of the "
	      "scheduler's signal (submitit 'Caught signal SIGUSR2 on host: "
	      "this job is preempted', 'Job has timed out'; Lightning "
	      "'Handling auto-requeue signal'; Megatron stopping itself at "
	      "its planned '[exiting program after N minutes]'); medium "
	      "without sacct; other batch systems' own words (LSF "
	      "TERM_RUNLIMIT, PBS 'job killed: walltime', Torque's abort mail "
	      "'Job exceeded its walltime limit', Moab's 'job "
	      "exceeded wallclock limit', Grid Engine's qacct 'qmaster enforced h_rt, h_cpu, "
	      "or h_vmem limit' when its wall clock reached the h_rt asked "
	      "for, or medium when it ended seconds after a whole quarter "
	      "hour with no h_rt in the record); Nextflow's 'Process "
	      "exceeded running time limit (4h)' (medium); low for a "
	      "workflow task ended with status 140 (Nextflow's 'terminated "
	      "with an error exit status (140)', 128 + SIGUSR2)",
	  .meaning = "The scheduler ended the job.",
	  .next_action = "Hold memory settings constant; raise --time (or "
	      "checkpoint and requeue) and require the job to end before its "
	      "limit.",
	  .match = m_time_limit },
	{ .id = "R-SCHED-002", .cause = "time_limit", .boundary = "scheduler",
	  .prio = 3, .rclass = RC_RECORD, .seeds = "S000 step 2",
	  .signals = "sacct State=TIMEOUT or PREEMPTED (also as seff's, "
	      "jobstats' or finishedjobinfo's report of the job's state)",
	  .meaning = "The scheduler ended the job.",
	  .next_action = "Hold memory settings constant; raise --time (or "
	      "checkpoint and requeue) and require the job to end before its "
	      "limit.",
	  .match = m_timeout_record },
	{ .id = "R-SCHED-003", .cause = "not_oom_other",
	  .boundary = "scheduler", .rclass = RC_INCIDENT,
	  .seeds = "S000 references (cancel)",
	  .signals = "'*** JOB N ON host CANCELLED AT … ***' without a time "
	      "limit or pre-emption; not a STEP's banner naming no uid after "
	      "srun reported a task of it ended abnormally (srun ended the "
	      "step)",
	  .meaning = "Someone cancelled the job.",
	  .next_action = "Ask who cancelled it (the banner names the uid); "
	      "memory settings are not the control to change.",
	  .match = m_cancelled },
};
const size_t	nrules_scheduler =
    sizeof(rules_scheduler) / sizeof(rules_scheduler[0]);
