/*
 * analysis: the result of analysing one or more inputs, and the one model
 * every report renders (text, Markdown, HTML, JSON). It mirrors the JSON
 * contract "oomtrail.analysis/1" (docs/analysis-json.md) field for field,
 * so a saved JSON can be read back (model_from_json) and re-rendered.
 *
 * Ownership: everything hangs off an->arena and dies in analysis_free().
 * Strings are NUL-terminated arena copies (never borrowed from inputs).
 * Unknown integers are -1 (byte counts are never negative otherwise);
 * unknown strings are NULL.
 */
#ifndef OOMTRAIL_ANALYSIS_H
#define OOMTRAIL_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arena.h"
#include "err.h"

#define ANALYSIS_SCHEMA	"oomtrail.analysis/1"

/* An Xid line's entry in NVIDIA's Xid catalog (xid_catalog.h), carried
 * on its evidence so every report can say what it means and what the
 * catalog says to do. */
struct evidence_xid {
	int64_t		 code;
	const char	*mnemonic;	/* the catalog's */
	const char	*component;	/* application driver memory nvlink ... */
	const char	*meaning;
	const char	*action;	/* restart_app reset_gpu reboot_node ... */
	const char	*action_text;	/* the action as a phrase */
	const char	*immediate;	/* catalog bucket, verbatim */
	const char	*investigate;	/* catalog bucket, verbatim */
};

struct evidence {
	const char	*kind;		/* event kind name (timeline) or NULL */
	const char	*what;		/* the event's variant ("what"), or
					 * NULL; internal, not in the JSON */
	const char	*source;	/* path inside the input */
	const char	*input;		/* which input (path given by the user) */
	uint32_t	 line;		/* 1-based; 0 unknown */
	const char	*text;		/* verbatim */
	int64_t		 time_ns;	/* UTC */
	int		 has_time;
	const char	*time_quality;	/* exact, monotonic_converted, ... */
	const char	*node;
	int		 rank;		/* -1 unknown */
	int64_t		 pid;		/* -1 unknown */
	const char	*context;	/* lines around it, or NULL */
	uint32_t	 context_line;	/* line number of context's first line */
	int		 out_of_order;
	int		 initiating;	/* timeline: this is the initiating event */
	int		 cascade;	/* timeline: part of the cascade */
	int		 masked;	/* text or context had a secret masked */
	const struct evidence_xid *xid;	/* an Xid in the catalog, or NULL */
};

struct evidence_list {
	struct evidence	*v;
	size_t		 n;
};

/* fold.c: timeline events that are the same evidence on several nodes or
 * ranks (same kind, same text once node, rank, pid and times are
 * masked), JSON "folded". */
#define FOLD_MIN	3	/* members before a group folds */
struct fold_group {
	const char	*kind;
	const char	*key;		/* the masked text */
	size_t		*members;	/* timeline indices, ascending */
	size_t		 n;
	size_t		 nodes;		/* distinct nodes among them */
	size_t		 ranks;		/* distinct node and rank pairs */
};

/* The part of the charge that filled the limit, when one dominates. */
struct filled_by {
	const char		*part;		/* a breakdown part name */
	int64_t			 share;		/* percent of the charge */
	struct evidence_list	 evidence;
};

struct verdict {
	const char	*cause;		/* taxonomy id (DESIGN.md) */
	const char	*boundary;	/* host device step shm hardware ... */
	const char	*confidence;	/* high medium low */
	const char	*confidence_reason;
	const char	*rule;		/* R-... */
	const char	*summary;
	struct evidence	*initiating;	/* NULL if none */
	const char	*next_action;
	struct filled_by *filled_by;	/* NULL when no part dominates */
	/* outlook.c: whose failure it is (workload infrastructure
	 * scheduler unknown), what to do with the job (requeue
	 * requeue_elsewhere change_then_requeue unknown) and why. */
	const char	*failure_domain;
	const char	*retry_outlook;
	const char	*outlook_reason;
};

struct finding {			/* secondary (cascade, context) */
	const char		*cause;
	const char		*rule;
	const char		*summary;
	struct evidence_list	 evidence;
};

struct ruled_out {
	const char		*cause;
	const char		*why;
	struct evidence_list	 evidence;
};

struct missing {
	const char	*evidence;
	const char	*would_decide;
};

struct host_q {				/* one job or step */
	const char	*step;		/* "4", "4.batch", "4.0" */
	const char	*node;
	const char	*state;
	const char	*exit_code;
	int64_t		 req_mem_bytes;		/* per node, resolved */
	const char	*req_mem_per;		/* node, cpu, gpu or NULL */
	int64_t		 cgroup_limit_bytes;
	int64_t		 cgroup_peak_bytes;	/* max_usage / memory.peak */
	int64_t		 max_rss_bytes;
	int64_t		 tasks;
	int64_t		 oom_kills;		/* from cgroup files */
	int64_t		 node_mem_bytes;	/* RealMemory */
};

/* What a PyTorch allocator snapshot says of one device (issue 18). */
#define SNAP_BEFORE	8
struct snap_seg_q {			/* one segment, blocks in order */
	int64_t		 size_bytes;
	size_t		 nblocks;
	struct {
		int64_t		 size_bytes;
		const char	*state;	/* allocated, free, mixed */
	}		*blocks;
};
struct alloc_snap_q {
	const char	*source;	/* the snapshot's path */
	int64_t		 segments, reserved_bytes, allocated_bytes;
	int64_t		 active_bytes, blocks, free_blocks, free_bytes;
	int64_t		 largest_free_block_bytes, inactive_split_bytes;
	int64_t		 expandable_segment_count, trace_entries;
	int64_t		 oom_requested_bytes;	/* -1: no OOM in its trace */
	int64_t		 oom_device_free_bytes;
	int		 expandable_segments;	/* -1 unknown, 0, 1 */
	int64_t		 max_split_size_bytes;	/* -1 unknown or unlimited */
	int64_t		 gc_threshold_permille;	/* -1 unknown */
	struct snap_seg_q *segment_map;		/* the first segments */
	size_t		 nsegment_map;
	size_t		 nbefore;		/* allocations before the OOM */
	struct {
		const char	*action;	/* alloc, segment_alloc */
		int64_t		 size_bytes;
	}		 before[SNAP_BEFORE];
};

struct device_q {			/* one GPU */
	const char	*gpu;		/* index or uuid as the evidence names it */
	const char	*uuid;
	const char	*node;
	const char	*product;
	int64_t		 capacity_bytes;
	int64_t		 free_bytes;
	int64_t		 allocated_bytes;
	int64_t		 reserved_bytes;
	int64_t		 requested_bytes;
	int64_t		 used_bytes;		/* nvidia-smi fb used */
	int64_t		 process_bytes;		/* this process ("in use") */
	int64_t		 processes;		/* compute apps listed */
	int64_t		 nominal_bytes;		/* the model's spec capacity */
	struct alloc_snap_q *snapshot;		/* NULL: none read */
	/* A row of Slurm's GPU accounting instead (gres/gpumem and
	 * gres/gpuutil of TRESUsageInMax/Ave, issue 18): step is set, gpu
	 * is "all", used_bytes is the step's peak; -1 unknown. */
	const char	*step;
	int64_t		 used_ave_bytes;
	int64_t		 util_max_pct;
	int64_t		 util_ave_pct;
	const char	*api;		/* "HIP" for ROCm's evidence, else NULL */
	const char	*serial;	/* the board's (nvidia-smi <serial>);
					 * not in the analysis JSON: the
					 * record's initiating_gpu_serial */
};

/* One GPU of DCGM's job statistics (dcgmi stats -j JOB -v; issue 18),
 * secondary evidence beside nvidia-smi's and the allocator's. -1 or
 * NULL unknown. */
struct dcgm_q {
	const char		*gpu;		/* DCGM's GPU id; "summary" */
	const char		*node;
	const char		*job;		/* the id DCGM recorded */
	int64_t			 max_memory_bytes;
	int64_t			 capacity_bytes;	/* nvidia-smi's, that GPU */
	int64_t			 processes;	/* DCGM saw on the GPU */
	int64_t			 conflicting;	/* process stats only */
	const char		*pids;		/* "10140,10141" */
	int64_t			 xid_errors;	/* critical Xids counted */
	int64_t			 ecc_sbe;
	int64_t			 ecc_dbe;
	int64_t			 pcie_replays;
	const char		*health;	/* Healthy Warning Failure */
	struct evidence_list	 evidence;
};

struct usage_q {			/* one limit hit, seen by each meter */
	const char		*step;
	const char		*node;
	int64_t			 limit_bytes;		/* the limit enforced */
	int64_t			 max_rss_bytes;		/* sacct, sampled */
	int64_t			 cgroup_peak_bytes;	/* cgroup high water */
	int64_t			 kernel_usage_bytes;	/* memcg at the kill */
	int64_t			 kernel_rss_bytes;	/* victim anon+file+shmem */
	const char		*enforced_by;	/* kernel_memcg kernel_global
						 * slurmstepd_rss */
	const char		*summary;
	struct evidence_list	 evidence;
};

/* One process of the failing cgroup, from the kernel's task table. */
struct holder_q {
	int64_t		 pid;
	const char	*name;
	int64_t		 uid;		/* -1 unknown */
	int64_t		 rss_bytes;
	int64_t		 swap_bytes;
	int64_t		 anon_bytes;	/* its anonymous pages; -1 unknown */
	const char	*step;		/* from a snapshot that saw it, or NULL */
	int		 victim;	/* the process the kernel killed */
};

/* What filled one failing cgroup's limit (breakdown.c). Parts are bytes,
 * -1 unknown; they add up to the charge (other takes the rest). */
#define BD_PARTS	7
extern const char *const breakdown_part_names[BD_PARTS];

struct breakdown_q {
	const char		*node;
	const char		*cgroup;
	const char		*at;		/* kill collection */
	int64_t			 limit_bytes;
	int64_t			 usage_bytes;	/* the charge */
	int64_t			 parts[BD_PARTS];	/* names above */
	int64_t			 swap_bytes;	/* in swap, outside the charge */
	struct holder_q		*holders;	/* largest first */
	size_t			 nholders;
	int64_t			 tasks;		/* rows in the table; -1 */
	int64_t			 tasks_anon_bytes; /* all rows; -1 */
	int64_t			 pgscan, pgsteal; /* reclaim's pages; -1 */
	struct evidence_list	 evidence;
};

struct series_q {			/* memory over time, one quantity */
	const char	*name;		/* "job memory cgroup (current)" ... */
	const char	*node;
	const char	*source;	/* member path */
	const char	*boundary;	/* host device */
	int64_t		 limit_bytes;
	const char	*shape;		/* trend.h names: leak spike flat ... */
	const char	*axis;		/* time iteration log_line */
	int64_t		 growth_per_h;	/* bytes per hour (axis time) */
	int64_t		 growth_per_step;	/* per iteration or line */
	int64_t		 runway_s;	/* leak: time left to the limit */
	int64_t		 step_ns;	/* spike: when */
	int		 has_step;
	int64_t		 fail_ns;	/* the failure, for the marker */
	int		 has_fail;
	int64_t		 tenant_ns;	/* another process arrived */
	int		 has_tenant;
	size_t		 npoints;	/* downsampled, peaks kept */
	int64_t		*t_ns;
	int64_t		*v;
};

/* A rank behind the others in a stalled collective (stall.c). */
struct stall_rank {
	int		 rank;
	const char	*node;
	int		 node_inferred;	/* from its neighbouring ranks */
	const char	*state;		/* never_reported behind not_enqueued
					 * other_collective ahead */
	int64_t		 seqnum;	/* its oldest timed-out work; -1 */
	const char	*optype;
	int64_t		 numel_in;	/* -1 */
	int64_t		 last_enqueued;	/* -1 */
	int64_t		 last_completed;	/* -1 */
	struct evidence	*evidence;	/* NULL: never reported */
};

/* The job's collective timeouts folded per rank (stall.c). */
struct collective_q {
	int64_t			 timeouts;	/* timeout lines, all ranks */
	int64_t			 flight_recorder_ranks;	/* dumps read */
	int64_t			 ranks;		/* ranks that reported */
	int64_t			 world;		/* highest rank + 1; -1 */
	int64_t			 seqnum;	/* where most ranks wait; -1 */
	const char		*optype;
	int64_t			 numel_in;	/* -1 */
	int64_t			 timeout_ms;	/* -1 */
	const char		*summary;
	struct stall_rank	*stalled;
	size_t			 nstalled;
	size_t			 more_stalled;	/* not listed */
	struct evidence_list	 evidence;	/* a line of the majority */
};

struct input_info {
	const char	*path;
	const char	*node;
	int		 manifest;
	const char	*integrity;	/* verified mismatch unverified damaged */
	const char	**notes;
	size_t		 nnotes;
	const char	*sha256;	/* of a bundle file; NULL otherwise */
};

/* The job the inputs are of, for flat records (issue 19): from the
 * manifests and the job's sacct and scontrol rows. NULL or -1 unknown.
 * Not part of oomtrail.analysis/1: a saved analysis does not carry it. */
struct job_q {
	const char	*cluster;
	const char	*job_id;
	const char	*array_job_id;
	const char	*array_task_id;
	const char	*user;		/* a pseudonym when redacted */
	/* the redaction's pseudonym key: "site" (pseudonyms match across
	 * bundles), "random" (a one-off key: they do not), "unknown";
	 * NULL when no input was redacted. The weakest of the inputs. */
	const char	*redaction_key;
	const char	*partition;
	const char	*node_list;
	const char	*state;
	int64_t		 start_s, end_s;	/* UTC seconds */
	int64_t		 elapsed_s;
	int64_t		 gpus;		/* GPUs allocated to the job */
};

struct analysis {
	struct arena		*arena;
	struct job_q		*job;		/* NULL: not known */
	const char		*tool_version;
	struct verdict		 verdict;
	struct finding		*secondary;
	size_t			 nsecondary;
	struct ruled_out	*ruled_out;
	size_t			 nruled_out;
	struct missing		*missing;
	size_t			 nmissing;
	struct host_q		*host;
	size_t			 nhost;
	struct device_q		*device;
	size_t			 ndevice;
	struct dcgm_q		*dcgm;		/* quantities.dcgm (issue 18) */
	size_t			 ndcgm;
	struct usage_q		*usage;
	size_t			 nusage;
	struct breakdown_q	*breakdown;
	size_t			 nbreakdown;
	struct series_q		*series;
	size_t			 nseries;
	struct evidence_list	 timeline;
	struct fold_group	*folds;		/* fold.c; NULL when none */
	size_t			 nfolds;
	struct collective_q	*collective;	/* NULL: no timeouts */
	struct input_info	*inputs;
	size_t			 ninputs;
	const char		**skew;		/* clock skew notes per node */
	size_t			 nskew;
	int			 damaged;	/* some input damaged/mismatch */
};

struct bundle_limits;

struct analyze_opts {
	const char	**inputs;
	size_t		  ninputs;
	int		  jobs;		/* worker threads; 0 = cores */
	void		(*progress)(const char *input, void *arg);
	void		 *progress_arg;
	/* Caps on what is read from each input (members, bytes, ratio);
	 * NULL: the defaults of bundle_limits_default(). */
	const struct bundle_limits *limits;
	/* Leave out the inputs' sha256 (only the record, --format jsonl,
	 * prints it; hashing a bare log costs about as much as scanning
	 * it). */
	int		  no_sha256;
};

/* Analyse the inputs. Returns ERR_OK with *out set whenever at least one
 * input could be read (damaged inputs are noted, an->damaged set);
 * ERR_FORMAT/ERR_IO when nothing could be analysed. */
enum err_code	analysis_run(const struct analyze_opts *, struct analysis **,
		    struct err *);
void		analysis_free(struct analysis *);	/* NULL ok */

/* mask.c: mask secrets in every string of the model (in place, arena
 * copies); evidence that changed gets masked = 1. analysis_run() and
 * model_from_json() call it: nothing is rendered unmasked. */
void		analysis_mask(struct analysis *);

/* fold.c: set an->folds from an->timeline (after masking); -1 out of
 * memory (no folds then). analysis_run() and model_from_json() call it. */
int		analysis_fold(struct analysis *);
/* The fold that timeline event i belongs to, or NULL. */
const struct fold_group *analysis_fold_of(const struct analysis *, size_t);
/* text's fold key into buf (NUL-terminated, cut at cap): node names
 * (node's own), ranks, pids and times masked. Returns its length. */
size_t		fold_key(const char *text, const char *node, char *buf,
		    size_t cap);
/* "2,047" */
void		fold_count(size_t, char out[32]);
/* "2,047 nodes", "16 ranks on 2 nodes", "40 lines on 3 nodes" */
void		fold_label(const struct fold_group *, char out[96]);

/* outlook.c: set v->failure_domain, retry_outlook and outlook_reason
 * from the verdict's cause, rule, boundary and initiating evidence (one
 * table). */
void		verdict_outlook(struct verdict *);

/* model_json.c: the JSON contract, both ways. */
enum err_code	model_to_json(const struct analysis *, FILE *, struct err *);
enum err_code	model_from_json(const char *, size_t, struct analysis **,
		    struct err *);

#endif
