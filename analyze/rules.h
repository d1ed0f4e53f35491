/*
 * rules: the decision table and the facts it reads.
 *
 * facts_build() condenses the merged timeline into what the rules ask:
 * the first event of each kind, Slurm's view of the job and its steps,
 * the cgroup counters, the GPUs, and which sources are present and what
 * time they cover. Each rule (rules_*.c) is a row: a stable id, the
 * cause and boundary it concludes, the seed rows it implements, its
 * signals and thresholds in words, what it means, the next control, and
 * a predicate over the facts that, when it fires, names the initiating
 * event and a confidence. The rows live by boundary (rules_host.c,
 * rules_step.c, rules_shm.c, rules_device.c, rules_hardware.c,
 * rules_scheduler.c, rules_access.c, rules_outcome.c) and use the kit
 * (rule_kit.h); rules_table.c assembles them into one view. rules_eval()
 * picks the verdict by the initiating-event rule (DESIGN.md) and fills
 * the analysis model.
 */
#ifndef OOMTRAIL_RULES_H
#define OOMTRAIL_RULES_H

#include <stdio.h>

#include "analysis.h"
#include "internal.h"
#include "trend.h"

#define MAX_GPUS	64
#define MAX_STEPS	64

struct gpu_fact {
	const struct event	*gpu;		/* EV_GPU */
	const struct event	*procs[32];	/* EV_GPU_PROC on it */
	int			 nprocs;
	int			 index;		/* -1 unknown */
};

struct step_fact {
	const struct event	*sacct;		/* EV_SACCT_ROW */
	const struct event	*sacct2;	/* same row, other format */
	const struct event	*cg_limit;	/* cgroup file with limit */
	int64_t			 cg_limit_bytes;
	int64_t			 cg_peak_bytes;
	int64_t			 cg_failcnt;	/* v1 failcnt, v2 events max;
						 * -1 unknown */
	int64_t			 oom_kills;
	int			 oom_kills_whole; /* from the step's own
						  * v2 memory.events */
	const struct event	*cg_oom;	/* file with oom_kill > 0 */
};

/* The job's CPUs: what it asked for, what its cpuset gave it, whether a
 * quota throttled it, and how many threads it ran (facts_cpu.c). */
struct cpu_facts {
	const struct event	*cpuset;	/* narrowest step/job cpuset */
	int64_t			 cpuset_ncpus;	/* -1 unknown */
	const struct event	*stat;		/* cpu.stat, most periods */
	const struct event	*quota;		/* a quota that is set */
	int64_t			 quota_us, period_us;
	const struct event	*usage;		/* usage_us of the job */
	int64_t			 usage_us;
	int64_t			 usage_at_ns;	/* when it was read, 0 ? */
	const struct event	*req;		/* scontrol job or sacct row */
	int64_t			 alloc_cpus;	/* per node; -1 unknown */
	int64_t			 cpus_per_task;	/* -1 unknown */
	const struct event	*threads_ev;	/* host.proc with most */
	int64_t			 max_threads;
	const struct event	*omp_ev;	/* job env */
	int64_t			 omp_threads;
	int64_t			 elapsed_s;	/* usage counted over; -1 */
};

/* The GPUs the job was given and whether it could open them. */
struct access_facts {
	const struct event	*denied;	/* an allocated GPU, EPERM */
	const struct event	*opened;	/* a GPU node opened */
	int			  ntried, nopened_gpu;
	int			  passed_gpu;	/* GPU nodes past the cgroup */
	const struct event	*devices;	/* devices.list, narrowest */
	int64_t			  allowed_gpus;	/* -1 unknown or all; the
						 * probe's count, else
						 * devices.list's */
	const struct event	*constrain;	/* cgroup.conf */
	const struct event	*cvd_ev;	/* job env with the variable */
	int64_t			  cvd_count;	/* -1 unset; 0 none/NoDevFiles */
	int64_t			  gpus_requested;	/* -1 unknown */
	struct str		  gres_idx;	/* "0-1" as scontrol -dd says */
};

/* Memory over time (series_view.c): one view per watched column (the
 * job's cgroup, each GPU) and per job log's printed memory figures. */
enum sview_kind { SV_HOST, SV_GPU, SV_FIGURE };

struct sview {
	enum sview_kind		 kind;
	int			 host;		/* host memory, not device */
	const char		*name;		/* "GPU 0 used" ... */
	const char		*column;	/* series column or field */
	const char		*source;	/* member path */
	const char		*node;
	const struct event	*cite;		/* the file's event */
	int			 gpu;		/* -1 */
	struct trend_pt		*pts;
	size_t			 n;
	double			 limit;		/* 0 none */
	struct trend		 tr;
	enum trend_axis		 axis;		/* figures: what t means */
	int64_t			 cut_ns;	/* its own kill: last row
						 * before it; INT64_MAX */
	int64_t			 tenant_ns;	/* others arrived; -1 */
	int64_t			 tenant_pid;
	int64_t			 tenant_bytes;
};

struct series_facts {
	struct sview		*v;
	size_t			 n;
	int64_t			 fail_ns;	/* INT64_MAX: no failure */
};

struct facts {
	const struct timeline	*tl;
	struct str		  job_id;	/* the job analysed, or {0} */
	struct str		  array_id;	/* an array task's array and */
	struct str		  task_id;	/* task ids, or {0} */
	int			  job_bundle_absent;	/* node-scope bundles
						 * only: no sacct/scontrol */
	const char		 *nodes_unseen;	/* NodeList nodes without a
						 * node bundle, or NULL */
	int64_t			  job_from_ns, job_to_ns;	/* its run, UTC */
	int			  have_window;
	int			  never_ran;	/* pending when collected */
	size_t			  foreign;	/* events of other jobs, ignored */
	struct input		**ins;
	size_t			  nins;
	/* first event of each kind in timeline order; its index too */
	const struct event	*first[EV__COUNT];
	size_t			  first_at[EV__COUNT];
	size_t			  count[EV__COUNT];
	const struct event	*kernel_memcg;	/* first memcg OOM kill */
	const struct event	*kernel_global;	/* first node-wide OOM kill */
	const struct event	*xid_fault;	/* first Xid that is a fault */
	const struct event	*xid_memory;	/* first Xid 48/63/64/92/94/95 */
	const struct event	*alloc_nonsense;	/* first allocation of an
						 * impossible size (kept out
						 * of first[]) */
	const struct event	*summary_oom;	/* first memory_summary()
						 * counting a CUDA OOM */
	const struct event	*bfc_stats;	/* first BFC allocator
						 * "Stats:" block (TF, XLA) */
	const struct event	*sigkill;	/* a launcher or framework
						 * reporting SIGKILL */
	/* Slurm */
	const struct event	*sacct_job;	/* job row */
	const struct event	*scontrol_job;
	const struct event	*scontrol_node;
	struct step_fact	  steps[MAX_STEPS];
	int			  nsteps;
	const struct event	*oom_step;	/* sacct row OUT_OF_MEMORY */
	const struct event	*timeout_row;	/* sacct TIMEOUT */
	const struct event	*preempt_row;
	const struct event	*cancel_row;	/* CANCELLED (not timeout) */
	const struct event	*failed_row;	/* FAILED / NODE_FAIL / ... */
	int			  all_completed;	/* every row 0:0 */
	/* cgroup */
	const struct event	*cg_oom;	/* first file with oom_kill > 0 */
	const struct event	*cg_oom_local;	/* v2 memory.events.local with
						 * oom_kill > 0: the cgroup the
						 * killed process was in */
	int64_t			  cg_oom_kills;
	int			  have_cgroup;
	/* GPU */
	struct gpu_fact		  gpus[MAX_GPUS];
	int			  ngpus;
	int			  have_nvsmi;
	/* host */
	int64_t			  shm_bytes;	/* -1 unknown */
	const struct event	*shm_ev;
	int64_t			  job_pids[256];
	int			  njob_pids;
	int64_t			  job_uid;	/* -1 unknown */
	const struct event	*job_uid_ev;	/* where it was read */
	/* sources present */
	int			  have_kernel, kernel_refused;
	int64_t			  kernel_first_ns;	/* coverage, if timed */
	int			  have_kernel_span;
	int			  have_sacct, sacct_error, have_scontrol;
	int			  have_logs, logs_truncated;
	int			  have_manifest;
	int			  gpu_job;	/* GRES / TRES asked GPUs */
	struct cpu_facts	  cpu;
	struct access_facts	  acc;
	struct series_facts	 *sv;		/* filled by rules_eval */
};

/* jobinfo.c: an->job from the manifests and the job's Slurm rows. */
void		job_info(const struct facts *, struct analysis *);
/* facts_cpu.c: fill f->cpu and f->acc from the job's own events. */
void		facts_cpu(struct facts *);
enum err_code	facts_build(struct facts *, const struct timeline *,
		    struct input **, size_t, struct err *);
/* A number from a step's sacct rows (text and JSON), else -1. */
int64_t		step_num(const struct step_fact *, const char *);
int		facts_is_job_pid(const struct facts *, int64_t pid);
/* Does the kernel log cover the moment of ev (its ring buffer starts
 * before it)? Unknown coverage is "no"; an untimed ev is covered when
 * the log's span is known. */
int		facts_kernel_covers(const struct facts *,
		    const struct event *);
/* facts_scope.c: an event that names another job than the one analysed
 * (a node's kernel log and slurmd.log hold every job's lines); the job
 * id an event names (buf holds a numeric one as text), and a job id
 * without its array/het suffixes ("2_1" -> "2", "4+0" -> "4"). */
int		facts_foreign(const struct facts *, const struct event *);
struct str	facts_job_of(const struct event *, char buf[24]);
struct str	facts_job_base(struct str);
/* Is j (as a record names it) the job analysed? An array task is its
 * own job. facts_job_canon(): j, or the job's own id when it is it. */
int		facts_job_is(const struct facts *, struct str j);
struct str	facts_job_canon(const struct facts *, struct str j);
size_t		facts_index_of(const struct facts *, const struct event *);
/* The job's own step marker (SPANK) or collector environment (env.txt). */
int		facts_job_marker(const struct facts *, const struct event *);
const char     *facts_other_kill(const struct facts *, const struct event *);
struct str	facts_kill_memcg(const struct event *);
int		facts_job_env(const struct facts *, const struct event *);
/* A device allocation failure whose size is no capacity figure: PyTorch's
 * fixed "more than 1EB" placeholder, or any allocator asking for 1 EiB or
 * more (a garbage or overflowed size). */
#define NONSENSE_BYTES	(1LL << 60)
int		facts_alloc_nonsense(const struct event *);

/* What a rule concludes when it fires. */
struct rmatch {
	const struct event	*initiating;	/* may be NULL */
	const char		*confidence;	/* "high" "medium" "low" */
	const char		*confidence_reason;
	const char		*detail;	/* sentence added to summary */
	const struct event	*support[8];	/* corroborating evidence */
	int			 nsupport;
	const struct event	*gpu;		/* EV_GPU concerned, if any */
	const char		*next_action;	/* replaces the row's, or
						 * NULL */
};

enum rule_class {
	RC_INCIDENT,	/* fires on an incident line: competes by time */
	RC_RECORD,	/* fires on state records only: a fallback */
	RC_FINAL,	/* no_incident / inconclusive: last resort */
	RC_REFINE	/* names the cause behind a verdict of .refines */
};

struct rule {
	const char	*id;
	const char	*cause;
	const char	*boundary;
	enum rule_class	 rclass;
	int		 prio;		/* order among RECORD or FINAL rows */
	const char	*seeds;		/* seed rows implemented */
	const char	*signals;	/* signals, conditions, thresholds */
	const char	*meaning;
	const char	*next_action;
	int		(*match)(const struct facts *, struct arena *,
			    struct rmatch *);
	const char	*refines;	/* RC_REFINE: causes, comma-separated */
};

/* gpu_acct.c: one quantities.device row per step with Slurm GPU
 * accounting (gres/gpumem, gres/gpuutil). */
void		gpu_acct_quantities(const struct facts *, struct analysis *);

/* dcgm.c: one quantities.dcgm row per GPU of DCGM's job statistics, and
 * a finding of the verdict's rule when they corroborate its cause. */
void		dcgm_view(const struct facts *, struct analysis *,
		    const struct event *failed_gpu);

/* stall.c: the job's collective timeouts folded per rank, the ranks
 * behind the others (an->collective). */
void		stall_view(const struct facts *, struct analysis *);
/* stall.c: two ranks timed out at one sequence number in different
 * collectives (a desync). */
int		stall_desync(const struct facts *);

/* rules_hardware.c: the verdict's next action for xid_fault and
 * retired_pages: NVIDIA's Xid catalog action for each Xid seen, then
 * base. */
const char	*hw_xid_next(const struct facts *, struct arena *,
		    const char *base);

/* series_view.c: views up to fail_ns, the refining predicates, the
 * spike/leak findings and the model's series. */
void	series_views_build(const struct facts *, struct arena *,
	    int64_t fail_ns);
int	series_refine_host_leak(const struct facts *, struct arena *,
	    struct rmatch *);
int	series_refine_device_leak(const struct facts *, struct arena *,
	    struct rmatch *);
int	series_refine_tenant(const struct facts *, struct arena *,
	    struct rmatch *);
/* Predicates of the record rows R-LEAK-003/004: a series still growing
 * steadily when nothing failed (builds the views itself). */
/* breakdown.c: tmpfs (shmem) at least half of the charge at the kill,
 * by the kernel's memory cgroup stats. */
int	breakdown_shmem_filled(const struct facts *, struct arena *);
/* memory_stall from a watch series of the job's cgroup (breakdown.c's
 * stall_match() asks when no snapshot decides). */
int	series_stall(const struct facts *, struct arena *, struct rmatch *);
/* The step (its suffix: "1") whose usage grew into the job's limit in a
 * watch series while the victim's step did not; the rise and over how
 * long. NULL when no series tells (breakdown.c). */
const char	*series_grower(const struct facts *, struct arena *,
		    const char *victim, int64_t limit, int64_t *rise,
		    int64_t *span_ns);
int	series_growing_host(const struct facts *, struct arena *,
	    struct rmatch *);
int	series_growing_device(const struct facts *, struct arena *,
	    struct rmatch *);
void	series_findings(const struct facts *, struct analysis *,
	    const char *cause, const char *boundary);
void	series_model(const struct facts *, struct analysis *);
/* rules_table.c: the one view of the decision table, every boundary's
 * rows in id order (the order the engine breaks ties by and docs/rules.md
 * lists). rule_at(i) for i < rules_count(). */
size_t			 rules_count(void);
const struct rule	*rule_at(size_t);

/* usage.c: MaxRSS, cgroup peak and the kernel's figures side by side
 * for the step whose memory limit was hit (an->usage). */
void		usage_views(const struct facts *, struct analysis *);
/* breakdown.c: what filled the failing cgroup and who held it
 * (an->breakdown, verdict.filled_by); after the verdict is set. */
void		breakdown_views(const struct facts *, struct analysis *);
/* breakdown.c: the memory_stall row's predicate (R-HOST-010). */
int		stall_match(const struct facts *, struct arena *,
		    struct rmatch *);

enum err_code	rules_eval(const struct facts *, struct analysis *,
		    struct err *);
/*
 * Write the decision table as Markdown (docs/rules.md): an intro on how
 * the verdict is chosen, then one section per row. Writes to fp only;
 * ERR_IO when fp reports an error.
 */
enum err_code	rules_table_markdown(FILE *fp, struct err *);

#endif
