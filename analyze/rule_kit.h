/*
 * rule_kit: what the decision table's rows share (rule_kit.c). The rows
 * (rules_*.c, series_view.c, usage.c) and the engine (rules.c) include
 * it; it reads the facts and the timeline, never the table.
 */
#ifndef OOMTRAIL_RULE_KIT_H
#define OOMTRAIL_RULE_KIT_H

#include "rules.h"

/* A byte count in words ("1.50 GiB", "512 B"; "unknown" below 0). */
const char	*fmt_bytes(struct arena *, int64_t);

/* Add ev to m's corroborating evidence (not NULL, not the initiating
 * event, not twice, at most 8). */
void		 rmatch_support(struct rmatch *, const struct event *);
/* Evidence entries for events (NULLs skipped), and the "4.batch" name of
 * a job or step row. Arena-owned. */
void		 evidence_list_of(const struct facts *, struct arena *,
		    const struct event *const *, int,
		    struct evidence_list *);
const char	*host_step_name(struct arena *, const struct event *sacct);
/* A secondary finding citing ev (may be NULL). */
void		 rules_add_finding(const struct facts *, struct analysis *,
		    const char *cause, const char *rule, const char *summary,
		    const struct event *ev);
/* Evidence that was missing and what it would decide. */
void		 rules_add_missing(struct analysis *, const char *what,
		    const char *decide);

/* The engine's own uses: a string's arena copy (NULL stays NULL), one
 * event as evidence (from in, which may be NULL; or from the input that
 * holds it), and a secondary finding without evidence yet. */
const char	*kit_dupstr(struct arena *, struct str);
void		 kit_to_evidence(struct arena *, const struct input *,
		    const struct event *, struct evidence *);
/* Xid x's catalog entry as evidence fields (NULL: not in the catalog). */
const struct evidence_xid *kit_xid_of(struct arena *, int64_t);
struct evidence	*kit_evidence_of(const struct facts *, struct arena *,
		    const struct event *);
struct finding	*kit_add_finding(struct analysis *, const char *cause,
		    const char *rule, const char *summary);

/* A node-wide kernel OOM the kernel confined to the NUMA memory the task
 * was bound to: its constraint ("CONSTRAINT_MEMORY_POLICY" or
 * "CONSTRAINT_CPUSET"); an empty str for any other kill or NULL. */
struct str	 kit_numa_constraint(const struct event *);

/* The driver's own word that a GPU is gone or broken, with or without
 * an Xid number ("fallen off the bus", "GPU is lost", a reset required,
 * RmInitAdapter failing, nvidia-smi's lost handle, amdgpu's page fault
 * or uncorrectable RAS):
 * the first such event of the job's, or NULL. */
const struct event *kit_gpu_broken(const struct facts *);

#define GiB	(1024LL * 1024 * 1024)
#define MiB	(1024LL * 1024)

/* ev's string field name equals val (ev may be NULL). */
int		 ev_str_is(const struct event *ev, const char *name,
		    const char *val);

/*
 * A row's wording for one kind of its evidence: the row matches as it
 * always does, and the table says what that source's own line means
 * (keyed on its "what" field, or its signature id). NULL fields keep
 * the row's own words. Tables end with a NULL key.
 */
struct words {
	const char	*key;
	const char	*detail;
	const char	*reason;
	const char	*next;
};
/* The entry of t whose key is ev's field name ("what"), or NULL. */
const struct words *kit_words(const struct words *t,
		    const struct event *ev, const char *name);
/* The entry of t whose key is key (a value the row derived), or NULL. */
const struct words *kit_words_key(const struct words *t, const char *key);
/* The entry of t whose key is ev's signature id, or NULL. */
const struct words *kit_words_sig(const struct words *t,
		    const struct event *ev);
/* The first event of the job's (not foreign) of kind k whose "what" is
 * what, or NULL. */
const struct event *kit_first_what(const struct facts *, enum ev_kind k,
		    const char *what);
/* The earliest of the job's first events of the n kinds k, or NULL. */
const struct event *kit_first_of(const struct facts *,
		    const enum ev_kind *k, size_t n);
/* srun reported a task of the job ended abnormally (its exit code, a
 * signal) before ev: what srun does to the step after it (terminating
 * it, killing the other tasks) is its teardown. */
int		kit_after_task_failure(const struct facts *,
		    const struct event *ev);
/* The job's first memory failure of any kind (a kernel or Slurm OOM
 * kill, a batch system's memory kill, a device OOM), or NULL. */
const struct event *kit_memory_failed(const struct facts *);
/* A row decided by the job's first event of kind k, at medium
 * confidence for reason, worded by that event's "what" from t: 1 when
 * there is one (m keeps what the row set before for the rest). */
int		 kit_words_first(const struct facts *, enum ev_kind k,
		    const struct words *t, const char *reason,
		    struct rmatch *m);
/* Put w's non-NULL fields into m (w may be NULL); 1 if w was given. */
int		 kit_words_apply(const struct words *w, struct rmatch *m);

/* rules_outcome.c: a launcher's report that what it ran failed (a
 * workflow engine's task, Hydra's job function, Ray's actor or Tune
 * trial). Such a report follows the failure whatever order the pasted
 * logs put them in; alone, R-INC-001 words it from the same table. */
int		 launcher_own_report(const struct event *);

/* SIGKILL, shared by R-HOST-009 (who sent it is unknown) and R-OTHER-002
 * (no OOM killer did): the first report of one (a launcher or framework,
 * the shell, srun, or an sacct row ending on signal 9), the first sacct
 * row ending on signal 9, and whether the kernel log covering the kill,
 * the cgroup's counters and Slurm's RSS poller all rule an OOM kill out
 * (*counter: a counter that reads 0). */
const struct event *sigkill_event(const struct facts *);
const struct event *sacct_sigkill(const struct facts *);
int		 sigkill_not_oom(const struct facts *, const struct event *s,
		    const struct event **counter);

/* rule_kit_cuda.c: the CUDA OOM classification the device and hardware
 * rows share. */
/*
 * Fragmentation needs the cache that PyTorch reserved but left unallocated
 * to hold the request AND to be at least this share of what it reserved.
 * On a full card a caching allocator normally keeps a few hundred MiB
 * (1-2% of reserved) in partly used segments: that is exhaustion (S004:
 * "reserved much larger than allocated" is fragmentation, "reserved
 * approximately equals allocated" is exhaustion). One threshold, in the
 * table's R-DEV-001/002 signals.
 */
#define FRAG_SHARE_PCT	10

enum cuda_class {
	CC_NONE, CC_RETIRED, CC_ALLOWED, CC_ROOM, CC_TENANT, CC_ZOMBIE,
	CC_MULTIPROC, CC_FRAG, CC_EXHAUST
};

/* The class of the first allocator OOM (*op: the figures the row reads,
 * a wrapped message's head and tail together), with its initiating
 * event, GPU and confidence filled in m: 1 when it is want. */
int		 cuda_rule(const struct facts *, struct arena *,
		    struct rmatch *, enum cuda_class want,
		    const struct event **op);
/* The allocator snapshot of the OOM's device, or NULL; the same when it
 * measures the failure (a request, blocks, and no free block that could
 * have held it), else NULL; the request it is measured against. */
const struct event *cuda_snapshot(const struct facts *,
		    const struct event *oom);
const struct event *cuda_measured(const struct facts *,
		    const struct event *oom);
int64_t		 snap_request(const struct event *snap,
		    const struct event *oom);
/* The job ran with expandable segments on: the snapshot's allocator
 * settings or PYTORCH_(CUDA_)ALLOC_CONF in the job's environment; the
 * event that says so, or NULL. */
const struct event *expandable_on(const struct facts *);
/* The plain device OOM (no PyTorch breakdown), or NULL; its GPU when
 * the snapshot shows current hardware trouble on it, else NULL. */
const struct event *plain_oom(const struct facts *);
const struct event *plain_hw_gpu(const struct facts *,
		    const struct event *oom);
/* Current hardware evidence on a GPU (never old aggregate counters). */
int		 gpu_hw_current(const struct event *g);
/* Is the device evidence ROCm's? The event's own words decide (a "HIP
 * out of memory" message, a hip error name, the amdgpu driver, ROCr's
 * memory fault); an event that names no API (or none) defers to the GPUs
 * listed: amd-smi or rocm-smi ones. The cause ids stay the same. */
int		 kit_is_hip(const struct facts *, const struct event *);
/* The text with CUDA's words for ROCm's (PYTORCH_CUDA_ALLOC_CONF ->
 * PYTORCH_HIP_ALLOC_CONF, CUDA_VISIBLE_DEVICES -> HIP_VISIBLE_DEVICES,
 * nvidia-smi -> amd-smi, CUDA_LAUNCH_BLOCKING=1 -> AMD_SERIALIZE_KERNEL=3,
 * CUDA -> HIP), in the arena; NULL stays NULL. */
const char	*kit_hip_words(struct arena *, const char *);
/* PyTorch's reserved total from a CUDA OOM event (printed by the old
 * message; allocated + reserved-but-unallocated in the 2.x one), or -1. */
int64_t		 reserved_of(const struct event *);
/* Its live tensors: the message's allocated figure, or the
 * memory_summary() table's current "Allocated memory"; -1 unknown. */
int64_t		 allocated_of(const struct event *);
/* Reserved but unallocated, or -1; as a percentage of reserved. */
int64_t		 unallocated_of(const struct event *);
double		 share_pct(const struct event *);
/* Memory in use on the device outside this process (capacity - free -
 * the process's own), or -1. */
int64_t		 held_outside(const struct event *);
/* held bytes of a cap-byte device are more than a driver's reserve and a
 * desktop's share, so another process holds them: 2 GiB and a tenth of
 * the device, or on a small card 1 GiB and half of it. */
int		 others_hold(int64_t held, int64_t cap);
/* An EV_PROC_EXIT of the job's log names pid; the process the OOM
 * message names, reported exited before it. */
const struct event *pid_exited(const struct facts *, int64_t pid);
const struct event *named_pid_exited(const struct facts *,
		    const struct event *oom);

#endif
